-- The player account each vendor wallet call moved money on (decision 401).
--
-- The withdrawals' wagering lock counts vendor play per round by net exposure: a debit and an
-- equal credit on one round (a round trip a holder of the vendor's secret can make at will) is
-- no play. The lock reads the player's main wallet only, so only rounds played from main may be
-- netted: a transfer-mode round moved money on the vendor purse, whose stakes never counted.
-- The account is the call's own fact, written when its ledger transfer is posted; calls made
-- before this migration take it from their transfer's player entry.

ALTER TABLE vendor_wallet_calls ADD COLUMN player_account text;

UPDATE vendor_wallet_calls c
   SET player_account = a.code
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
 WHERE c.transfer_id IS NOT NULL AND e.transfer_id = c.transfer_id AND a.kind = 'player';

CREATE INDEX vendor_wallet_calls_player_rounds_idx ON vendor_wallet_calls (player_account, provider, round_id)
  WHERE transfer_id IS NOT NULL AND round_id IS NOT NULL;
