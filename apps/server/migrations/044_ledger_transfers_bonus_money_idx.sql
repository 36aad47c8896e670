-- The offers' cost report (docs/promotions.md, "Console and cost"; decision 555) reads the bonus
-- transfers of a range of days from the ledger. No index on ledger_transfers starts with its kind
-- or time, so the report would scan every transfer ever posted (bets and payouts, millions) to
-- find a few hundred bonus ones. A partial index holds only the four bonus kinds: small, and no
-- cost to a bet's or a payout's insert. The report's query spells the same kinds (ledger repo,
-- selectTransferSumsByReference) so the planner can prove it covers the rows it asks for.
CREATE INDEX ledger_transfers_bonus_money_idx ON ledger_transfers (created_at)
  WHERE kind IN ('bonus_grant', 'bonus_convert', 'bonus_forfeit', 'bonus_expire');
