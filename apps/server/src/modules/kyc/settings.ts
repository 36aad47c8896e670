/** KYC rules an operator configures (config/kyc.ts reads them; docs/operations.md). */
export type KycSettings = {
  /** Age the date of birth must show (checked again at KYC, besides the 18+ confirmation at signup). */
  minAgeYears: number;
  /** Largest document accepted, in bytes (decoded). */
  maxDocumentBytes: number;
};

export const DEFAULT_KYC_SETTINGS: KycSettings = { minAgeYears: 18, maxDocumentBytes: 5 * 1024 * 1024 };
