-- Fewer index entries per bet, and room for HOT balance updates (decision 575).
--
-- ledger_transfers (reference) was an index every transfer with a reference paid for (a bet's is
-- its random bet id, so a random leaf page each time) and no query of the app reads: a business row finds
-- its transfer by the idempotency key, which is unique, indexed and derived from the same id
-- (a bet's is '<game>:bet:<bet id>', a deposit's names its order or chain transfer). The column stays,
-- for the ledger's listings and the cost report, which read it from rows found another way.
DROP INDEX ledger_transfers_reference_idx;

-- lottery_bets (player_id, seq DESC) served a player's history of every game; (player_id, game,
-- seq DESC) serves one game's. The history of every game now reads each game's newest bets from
-- the second and keeps the newest of those (player-bets.ts), so the first, an entry every bet
-- wrote, goes. The wagering reads and one game's history already used the second.
DROP INDEX lottery_bets_player_idx;

-- Room on every page of ledger_accounts for a balance's next version (as migration 037 for the
-- report rows). Every bet, payout and deposit rewrites its accounts' rows; balance_minor is in no
-- index, so the new version needs no index entry (a HOT update) when it fits on the same page. With
-- full pages (fillfactor 100) and many players, a player's first update on a page moves the row
-- and writes an entry in each of the table's indexes: 62 % of updates were HOT over 300,000 accounts
-- in decision 575's measure, 93 % with 70. Pages already written keep their layout until rewritten.
ALTER TABLE ledger_accounts SET (fillfactor = 70);
