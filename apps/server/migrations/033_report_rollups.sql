-- The reports' rollups for long ranges (docs/admin.md, "Reports"; decisions 410 and 445): kept by
-- the same fold job, in the same transaction as report_player_daily and the watermark, so a
-- 30-day report reads a few rows per day and one row per player and month instead of every
-- player-day-kind row of the range.

-- Distinct players with a stake entry on their own accounts, per IST day. The fold adds a
-- (day, player) pair only when report_player_month did not already have that day's bit set.
CREATE TABLE report_active_daily (
  day date PRIMARY KEY,
  players bigint NOT NULL CONSTRAINT report_active_daily_players_not_negative CHECK (players >= 0)
);

-- One row per player and calendar month (month = its first day), exact for any range of days:
-- - active_days: bit (d - 1) set when the player had a stake entry on day d of the month
--   (distinct active players over a range = players with a bit of the range set);
-- - pnl_days: bit (d - 1) set when the player had an entry counted in the P&L on day d (who is
--   ranked over a range);
-- - played_cum[d]: stakes net of returned stakes (positive: what the player put at risk) on days
--   1..d of the month, so days lo..hi cost two subscripts: played_cum[hi] - played_cum[lo - 1].
CREATE TABLE report_player_month (
  month date NOT NULL CONSTRAINT report_player_month_first_day CHECK (extract(day FROM month) = 1),
  player_id text NOT NULL,
  active_days integer NOT NULL DEFAULT 0,
  pnl_days integer NOT NULL DEFAULT 0,
  played_cum bigint[] NOT NULL CONSTRAINT report_player_month_31_days CHECK (cardinality(played_cum) = 31),
  PRIMARY KEY (month, player_id)
);
CREATE INDEX report_player_month_player_idx ON report_player_month (player_id, month);

-- Backfill from what the fold already holds (the kinds as of this migration: stakes are
-- lottery_bet and vendor_bet, returned stakes lottery_refund and vendor_rollback; the P&L leaves
-- out internal moves, house-only kinds and adjustments).
INSERT INTO report_active_daily (day, players)
SELECT day, COUNT(DISTINCT player_id) FROM report_player_daily WHERE kind IN ('lottery_bet', 'vendor_bet') GROUP BY day;

WITH per_day AS (
  SELECT date_trunc('month', day)::date AS month, player_id, extract(day FROM day)::int AS dom,
         bool_or(kind IN ('lottery_bet', 'vendor_bet')) AS active,
         bool_or(kind NOT IN ('sweep', 'vendor_transfer_in', 'lottery_fee', 'adjustment')) AS pnl,
         -COALESCE(SUM(amount_minor) FILTER (WHERE kind IN ('lottery_bet', 'vendor_bet', 'lottery_refund', 'vendor_rollback')), 0) AS played
    FROM report_player_daily GROUP BY 1, 2, 3
), cum AS (
  SELECT p.month, p.player_id, g, COALESCE(SUM(p.played) FILTER (WHERE p.dom <= g), 0)::bigint AS played
    FROM per_day p CROSS JOIN generate_series(1, 31) g GROUP BY 1, 2, 3
), bits AS (
  SELECT month, player_id,
         bit_or(CASE WHEN active THEN 1 << (dom - 1) ELSE 0 END) AS active_days,
         bit_or(CASE WHEN pnl THEN 1 << (dom - 1) ELSE 0 END) AS pnl_days
    FROM per_day GROUP BY 1, 2
)
INSERT INTO report_player_month (month, player_id, active_days, pnl_days, played_cum)
SELECT b.month, b.player_id, b.active_days, b.pnl_days, array_agg(c.played ORDER BY c.g)
  FROM bits b JOIN cum c USING (month, player_id)
 GROUP BY b.month, b.player_id, b.active_days, b.pnl_days;
