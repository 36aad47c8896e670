import { z } from 'zod';
import { pgText } from './text';
import { KycStatusValueSchema } from './withdrawals';

export { KYC_STATUSES } from './withdrawal-states';

/** PAN (Indian Permanent Account Number): 5 letters, 4 digits, 1 letter, upper case. */
export const PanSchema = pgText().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'A PAN is 10 characters like ABCDE1234F');

/** Content types a KYC document may have; the server checks the file's magic bytes, not a name. */
export const KYC_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const KycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES);
export type KycDocumentType = z.infer<typeof KycDocumentTypeSchema>;

/**
 * The contract's hard ceiling on the base64 text of a document (10 MiB decoded). The server's
 * own limit (KYC_MAX_DOCUMENT_BYTES, reported in KycStatus.maxDocumentBytes) is lower and
 * answers KYC_DOCUMENT_TOO_LARGE.
 */
export const KYC_DOCUMENT_BASE64_MAX_CHARS = 13_981_016;

/**
 * The player's KYC submission, as JSON with the document in base64 (one image or PDF). JSON keeps
 * one validation path (zod) for every field; the base64 overhead (a third) is acceptable for one
 * small document.
 */
export const KycSubmitInputSchema = z.strictObject({
  fullName: pgText()
    .trim()
    .regex(/^[A-Za-z][A-Za-z .'-]{1,99}$/, 'Enter your name as on your PAN card (letters, spaces, . \' -)'),
  dateOfBirth: z.iso.date('Enter the date of birth as YYYY-MM-DD'),
  panNumber: PanSchema,
  document: z.strictObject({
    base64: pgText()
      .min(4, 'Attach a photo or PDF of your PAN card')
      .max(KYC_DOCUMENT_BASE64_MAX_CHARS, 'The file is too large')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file must be sent as base64'),
    /** The file name on the player's device, shown to operators only. */
    fileName: pgText().max(200).optional(),
  }),
});
export type KycSubmitInput = z.infer<typeof KycSubmitInputSchema>;

/** The player's KYC state as the withdraw and KYC screens show it. */
export const KycStatusSchema = z
  .object({
    status: KycStatusValueSchema,
    /** The submission the status is of (`kyc_…`), for "Report a problem" (docs/support.md); null before any. */
    submissionId: z.string().nullable(),
    /** The operator's reason, when rejected. */
    rejectionReason: z.string().nullable(),
    submittedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    fullName: z.string().nullable(),
    /** `ABCDE••••F` */
    panMasked: z.string().nullable(),
    /** Limits for the form. */
    minAgeYears: z.number().int(),
    maxDocumentBytes: z.number().int(),
    documentTypes: z.array(KycDocumentTypeSchema),
  })
  .meta({ id: 'KycStatus' });
export type KycStatus = z.infer<typeof KycStatusSchema>;

// ---- Operator views ------------------------------------------------------------------------

export const KycSubmissionIdSchema = pgText().regex(/^kyc_[A-Za-z0-9_-]{6,40}$/, 'Unknown KYC submission');

/** One submission as operators review it (the document is read separately, never public). */
export const KycSubmissionSchema = z
  .object({
    id: z.string(),
    playerId: z.number().int(),
    status: z.enum(['pending', 'verified', 'rejected']),
    fullName: z.string(),
    dateOfBirth: z.iso.date(),
    panNumber: z.string(),
    documentContentType: KycDocumentTypeSchema,
    documentBytes: z.number().int(),
    documentFileName: z.string().nullable(),
    submittedAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    decidedBy: z.string().nullable(),
    rejectionReason: z.string().nullable(),
  })
  .meta({ id: 'KycSubmission' });
export type KycSubmission = z.infer<typeof KycSubmissionSchema>;

/**
 * A pending submission as the console's review queue shows it (decision 195): with every other
 * account whose open submission (pending or verified) has the same PAN. Operators only: a player
 * never learns which other accounts share a PAN.
 */
export const KycReviewItemSchema = KycSubmissionSchema.extend({
  panSharedWith: z.array(z.object({ playerId: z.number().int(), status: z.enum(['pending', 'verified']) })),
}).meta({ id: 'KycReviewItem' });
export type KycReviewItem = z.infer<typeof KycReviewItemSchema>;

export const KycRejectReasonSchema = pgText().trim().min(1, 'Write the reason the player will read').max(300);
