-- The offers (docs/promotions.md): a bonus now comes from a gift code, the first-deposit offer,
-- the daily check-in or an invite whose friend qualified. The list matches the contract's BONUS_SOURCES.
ALTER TABLE bonus_grants DROP CONSTRAINT bonus_grants_source_check;
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_source_check
  CHECK (source IN ('gift_code', 'first_deposit', 'check_in', 'invite'));
