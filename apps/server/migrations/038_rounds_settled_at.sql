-- Home's figures of the day (decision 518) count the rounds settled since the India day began
-- and their bets. lottery_rounds grows by thousands of rounds a day and no index starts with
-- settled_at, so without this the public read would scan the whole table once a minute per node.
CREATE INDEX lottery_rounds_settled_at_idx ON lottery_rounds (settled_at) WHERE status = 'settled';
