import { KYC_DOCUMENT_TYPES, type KycStatus, type KycSubmitInput } from '@colorplay/contract';
import { isUniqueViolation, type Db } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { DocumentStore } from './document-store';
import {
  decideSubmission,
  findSubmission,
  insertSubmission,
  isPlayerVerified,
  latestOfPlayer,
  listOfPlayer,
  listPendingSubmissions,
  panSharedWith,
  toSubmission,
  type SubmissionRow,
} from './repo';
import { ageInYears, checkDocument, implausibleBirthDate, istDate, maskPan } from './rules';
import type { KycSettings } from './settings';
import type { KycService } from './types';

/** `events` records KycStatusChanged in the transaction of each submission and decision (the player's inbox listens). */
export type KycDeps = { db: Db; clock: Clock; settings: KycSettings; store: DocumentStore; events: EventRecorder };

const PENDING_LIST_LIMIT = 100;
const notFound = () => new AppError('KYC_SUBMISSION_NOT_FOUND', 'No such KYC submission');

export function createKycService({ db, clock, settings, store, events }: KycDeps): KycService {
  function statusOf(row: SubmissionRow | undefined): KycStatus {
    return {
      status: row?.status ?? 'none',
      submissionId: row?.id ?? null,
      rejectionReason: row?.rejection_reason ?? null,
      submittedAt: row?.submitted_at.toISOString() ?? null,
      decidedAt: row?.decided_at?.toISOString() ?? null,
      fullName: row?.full_name ?? null,
      panMasked: row ? maskPan(row.pan_number) : null,
      minAgeYears: settings.minAgeYears,
      maxDocumentBytes: settings.maxDocumentBytes,
      documentTypes: [...KYC_DOCUMENT_TYPES],
    };
  }
  const alreadySubmitted = () => new AppError('KYC_ALREADY_SUBMITTED', 'Your identity is already verified or waiting for review');

  async function decide(id: string, status: 'verified' | 'rejected', operatorId: string, reason: string | null) {
    // The decision and its event commit together: the player hears of every decision, and of
    // none that did not happen (a second operator's decision changes no row and records nothing).
    const decided = await db.transaction(async (tx) => {
      const row = await decideSubmission(tx, id, { status, decidedBy: operatorId, reason, now: clock.now() });
      if (row) await events.record(tx, 'KycStatusChanged', { submissionId: row.id, playerId: Number(row.player_id), status, reason: row.rejection_reason });
      return row;
    });
    if (decided) return toSubmission(decided);
    if (!(await findSubmission(db, id))) throw notFound();
    throw new AppError('KYC_STATE_CONFLICT', 'This submission was already decided');
  }

  return {
    async status(playerId) {
      return statusOf(await latestOfPlayer(db, playerId));
    },

    async submit(playerId, input: KycSubmitInput) {
      const now = clock.now();
      const current = await latestOfPlayer(db, playerId);
      if (current && current.status !== 'rejected') throw alreadySubmitted();

      const today = istDate(now);
      if (implausibleBirthDate(input.dateOfBirth, today)) {
        throw new AppError('VALIDATION_FAILED', 'Check the date of birth', [{ path: 'dateOfBirth', message: 'Check the date of birth' }]);
      }
      if (ageInYears(input.dateOfBirth, today) < settings.minAgeYears) {
        const message = `You must be ${settings.minAgeYears} or older to withdraw`;
        throw new AppError('KYC_UNDERAGE', message, [{ path: 'dateOfBirth', message }]);
      }
      // The size is known from the text's length, so a large file is refused before decoding.
      const checked = checkDocument(input.document.base64, settings.maxDocumentBytes);
      if (!checked.ok && checked.reason === 'too_large') {
        const message = `The file must be at most ${Math.floor(settings.maxDocumentBytes / 1024)} KB`;
        throw new AppError('KYC_DOCUMENT_TOO_LARGE', message, [{ path: 'document.base64', message }]);
      }
      if (!checked.ok) {
        const message = 'Attach a JPEG or PNG photo, or a PDF';
        throw new AppError('KYC_DOCUMENT_TYPE_INVALID', message, [{ path: 'document.base64', message }]);
      }
      const { bytes, contentType } = checked;

      // The file is written before the row: a row never points at a missing document. A row
      // that cannot be written (a concurrent submission won) removes the file again.
      const key = await store.put(bytes);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await insertSubmission(tx, {
            id: prefixedId('kyc', 9),
            player_id: playerId,
            full_name: input.fullName,
            date_of_birth: input.dateOfBirth,
            pan_number: input.panNumber,
            document_key: key,
            document_content_type: contentType,
            document_bytes: bytes.length,
            document_file_name: input.document.fileName ?? null,
            submitted_at: now,
          });
          await events.record(tx, 'KycStatusChanged', { submissionId: inserted.id, playerId, status: 'pending', reason: null });
          return inserted;
        });
        return statusOf(row);
      } catch (err) {
        await store.remove(key).catch(() => undefined);
        if (isUniqueViolation(err)) throw alreadySubmitted();
        throw err;
      }
    },

    isVerified: (q, playerId) => isPlayerVerified(q, playerId),

    async listPending() {
      const rows = await listPendingSubmissions(db, PENDING_LIST_LIMIT);
      const shared = await panSharedWith(db, rows.map((r) => r.id));
      return rows.map((r) => ({ ...toSubmission(r), panSharedWith: shared.get(r.id) ?? [] }));
    },

    async panSharedWith(submissionId) {
      return (await panSharedWith(db, [submissionId])).get(submissionId) ?? [];
    },

    verify: ({ submissionId, operatorId }) => decide(submissionId, 'verified', operatorId, null),

    async reject({ submissionId, operatorId, reason }) {
      // The player reads the reason; the console validates it too (KycRejectReasonSchema).
      if (reason.trim() === '') throw new AppError('VALIDATION_FAILED', 'Write the reason the player will read', [{ path: 'reason', message: 'Required' }]);
      return decide(submissionId, 'rejected', operatorId, reason.trim());
    },

    async getForPlayer(playerId) {
      const rows = await listOfPlayer(db, playerId);
      return { status: statusOf(rows[0]), submissions: rows.map(toSubmission) };
    },

    async readDocument(submissionId) {
      const row = await findSubmission(db, submissionId);
      if (!row) throw notFound();
      return { bytes: await store.get(row.document_key), contentType: row.document_content_type, fileName: row.document_file_name };
    },
  };
}
