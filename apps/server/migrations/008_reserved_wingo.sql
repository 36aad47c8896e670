-- Placeholder so that 009_games runs on the lobby branch alone (migration numbers must be
-- contiguous). The Wingo branch owns version 8: when both are merged, delete this file.
SELECT 1;
