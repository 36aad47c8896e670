-- Bonus money staked on the lottery (docs/promotions.md; decision 530): a stake takes the main wallet first
-- and the rest from the player's active bonus grant. The bet records how much of its total came
-- from the grant, and which grant, so that settlement and voids split the money coming back in
-- the stake's proportion (decision 531). No foreign key to bonus_grants: that table is the
-- promotions module's, and a bet row never changes once written.
ALTER TABLE lottery_bets ADD COLUMN bonus_stake_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE lottery_bets ADD COLUMN bonus_grant_id text;
ALTER TABLE lottery_bets ADD CONSTRAINT lottery_bets_bonus_stake_check
  CHECK (bonus_stake_minor >= 0 AND bonus_stake_minor <= total_minor);
ALTER TABLE lottery_bets ADD CONSTRAINT lottery_bets_bonus_grant_check
  CHECK ((bonus_stake_minor = 0) = (bonus_grant_id IS NULL) AND (bonus_grant_id IS NULL OR bonus_grant_id ~ '^bon_[A-Za-z0-9]+$'));
-- Settlement reads a round's bonus stakes through this index only: a round without any (the
-- common case) costs one lookup that finds nothing, and cash bets are not in the index.
CREATE INDEX lottery_bets_bonus_round_idx ON lottery_bets (round_id) WHERE bonus_grant_id IS NOT NULL;
-- The bet batch locks its players' funded bonus accounts in its one lock statement (decision 530):
-- this index holds bonus accounts only (their code never changes, so balance updates stay HOT),
-- so for players without one that arm of the statement is an empty lookup.
CREATE INDEX ledger_accounts_bonus_owner_idx ON ledger_accounts (owner) WHERE code LIKE 'player:%:bonus:%';
