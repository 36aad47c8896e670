-- Room on every page of report_player_month for its next version (decision 498). The fold
-- rewrites a player's month row in each batch that touches the player; with the pages full
-- (the default fillfactor 100) the new version lands on another page, the table grows to several
-- times its live rows between autovacuums (3 times after a 2.2 million-entry fold in the bench)
-- and every range report's scan reads the dead ones too. With a third of each page free the
-- update stays on its page (a HOT update: no indexed column changes), and the next visit prunes
-- the old version, so the table stays near its live size. Pages already written keep their
-- layout until rewritten.
ALTER TABLE report_player_month SET (fillfactor = 65);
