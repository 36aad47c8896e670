/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = [
  'marketing_consent_events',
  'bonus_grants',
  'gift_codes',
  'gift_code_redemptions',
  'first_deposit_offers',
  'first_deposit_claims',
  'invites',
  'check_ins',
  'check_in_days',
  'check_in_settings',
] as const;
