-- Chain checkpoints are sealed at rest with a key outside the database (decision 171):
-- `s1.<12-byte nonce>.<32-byte link + 16-byte tag>`, base64url. A plain link (an install from
-- before this migration) stays readable; the lottery service seals it the first time it reads it.
ALTER TABLE lottery_chain_checkpoints DROP CONSTRAINT lottery_chain_checkpoints_link_check;
ALTER TABLE lottery_chain_checkpoints ADD CONSTRAINT lottery_chain_checkpoints_link_check
  CHECK (link ~ '^([0-9a-f]{64}|s1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64})$');
