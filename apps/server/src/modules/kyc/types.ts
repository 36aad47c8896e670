import type { KycDocumentType, KycReviewItem, KycStatus, KycSubmission, KycSubmitInput } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** A stored KYC document as operators read it (never served publicly). */
export type KycDocument = { bytes: Buffer; contentType: KycDocumentType; fileName: string | null };

/**
 * The KYC use cases. Operator functions take the operator console's account id, recorded on the
 * submission (decided_by). Errors are AppErrors with the contract's codes.
 */
export interface KycService {
  // ---- player ----
  status(playerId: number): Promise<KycStatus>;
  /** Checks age, PAN, document type (magic bytes) and size; stores the document; status pending. */
  submit(playerId: number, input: KycSubmitInput): Promise<KycStatus>;
  /** True when the player's identity is verified (read inside the caller's transaction). */
  isVerified(q: Queryable, playerId: number): Promise<boolean>;

  // ---- operator (called by the operator console) ----
  /** Submissions waiting for a decision, oldest first (at most 100). */
  /** The review queue, each item with the other accounts that share its PAN. */
  listPending(): Promise<KycReviewItem[]>;
  /** Other players whose open submission has this submission's PAN. */
  panSharedWith(submissionId: string): Promise<KycReviewItem['panSharedWith']>;
  /** Pending → verified. A submission not pending is KYC_STATE_CONFLICT. */
  verify(input: { submissionId: string; operatorId: string }): Promise<KycSubmission>;
  /** Pending → rejected with the reason the player reads; the player may submit again. */
  reject(input: { submissionId: string; operatorId: string; reason: string }): Promise<KycSubmission>;
  /** The player's current status and every submission, newest first. */
  getForPlayer(playerId: number): Promise<{ status: KycStatus; submissions: KycSubmission[] }>;
  /** The document's bytes and content type (KYC_SUBMISSION_NOT_FOUND when unknown). */
  readDocument(submissionId: string): Promise<KycDocument>;
}
