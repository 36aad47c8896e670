/**
 * The KYC module's public face: identity submissions (name, date of birth, PAN, one document),
 * their review by operators, and the document store (local folder or S3-compatible bucket, outside the database).
 */
export { DEFAULT_KYC_SETTINGS, type KycSettings } from './settings';
export { createKycService, type KycDeps } from './service';
export { DocumentMissingError, localDocumentStore, type DocumentStore } from './document-store';
export { S3StoreError, s3DocumentStore, type S3DocumentStoreSettings } from './s3-document-store';
/** The size and magic-byte checks of an uploaded document (support attachments use them too). */
export { checkDocument, type DocumentCheck } from './rules';
export { kycRoutes, type KycRoutesOptions } from './routes';
export type { KycDocument, KycService } from './types';
/** Players whose identity carries the same PAN (linked accounts, decision 430). */
export { playersSharingPan, playersSubmittingKycSince } from './repo';
