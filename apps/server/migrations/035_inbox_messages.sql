-- Inbox messages as a key and its parameters (decision 457), and operator announcements
-- (decision 458).

-- Messages: the client renders a key in the player's language. Rows written before this
-- migration held English text; every text the server ever wrote is mapped back to its key
-- (amounts back to minor units, ids and reasons as written). A row that matches none of them
-- (a text changed by hand, a test's own row) keeps its words under the key 'text', shown as
-- stored: an honest English fallback rather than a guess.
ALTER TABLE notifications ADD COLUMN message_key text, ADD COLUMN params jsonb;

UPDATE notifications SET message_key = 'welcome', params = '{}'
  WHERE title = 'Welcome to Colorplay' AND body = 'Your account is ready. Play for fun, set limits that suit you, and never bet more than you can afford to lose.';
UPDATE notifications SET message_key = 'welcomeDemo', params = '{}'
  WHERE title = 'Welcome to Colorplay' AND body = 'This is the sandbox demo account. Money here is play money and never leaves this machine.';
UPDATE notifications SET message_key = 'passwordChanged', params = '{}'
  WHERE title = 'Password changed' AND body = 'Your password was changed and every other device was logged out. If this was not you, reset your password and contact support at once.';
UPDATE notifications SET message_key = 'passwordReset', params = '{}'
  WHERE title = 'Password changed' AND body = 'Your password was reset and every device was logged out. If this was not you, contact support at once.';
UPDATE notifications SET message_key = 'accountSuspended', params = '{}'
  WHERE title = 'Account suspended' AND body = 'Your account is suspended: deposits, bets and games are closed for now. You can still sign in, see your history and withdraw your balance. Contact support to learn more.';
UPDATE notifications SET message_key = 'suspensionLifted', params = '{}'
  WHERE title = 'Account open again' AND body = 'The suspension of your account was lifted. Deposits, bets and games are open again.';
UPDATE notifications SET message_key = 'kycVerified', params = '{}'
  WHERE title = 'Identity verified' AND body = 'Your identity check was accepted. You can now withdraw from your wallet.';

UPDATE notifications n SET message_key = 'kycRejected', params = jsonb_build_object('reason', x.m[1])
FROM (SELECT id, regexp_match(body, '^Your identity check was not accepted\. You can submit your details again from the withdraw page\.(?: Reason: (.+))?$') AS m
      FROM notifications WHERE title = 'Identity check not accepted') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'depositSucceeded', params = jsonb_build_object('orderId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint)
FROM (SELECT id, regexp_match(body, '^₹([0-9]+)\.([0-9]{2}) was added to your wallet \(order ([^ ()]+)\)\.$') AS m
      FROM notifications WHERE title = 'Recharge successful') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'depositFailed', params = jsonb_build_object('orderId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint)
FROM (SELECT id, regexp_match(body, '^Your recharge of ₹([0-9]+)\.([0-9]{2}) \(order ([^ ()]+)\) did not go through\. No money was taken from your wallet\.$') AS m
      FROM notifications WHERE title = 'Recharge failed') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'depositExpired', params = jsonb_build_object('orderId', x.m[1], 'amountMinor', x.m[2]::bigint * 100 + x.m[3]::bigint)
FROM (SELECT id, regexp_match(body, '^Your recharge order ([^ ()]+) for ₹([0-9]+)\.([0-9]{2}) expired before payment arrived\.$') AS m
      FROM notifications WHERE title = 'Recharge expired') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalApproved', params = jsonb_build_object('withdrawalId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint)
FROM (SELECT id, regexp_match(body, '^Your withdrawal of ₹([0-9]+)\.([0-9]{2}) \(([^ ()]+)\) was approved and is on its way to your account\.$') AS m
      FROM notifications WHERE title = 'Withdrawal approved') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalPaidAfterFee',
  params = jsonb_build_object('withdrawalId', x.m[5], 'amountMinor', x.m[3]::bigint * 100 + x.m[4]::bigint, 'feeMinor', x.m[6]::bigint * 100 + x.m[7]::bigint)
FROM (SELECT id, regexp_match(body, '^₹([0-9]+)\.([0-9]{2}) was sent to your account for your withdrawal of ₹([0-9]+)\.([0-9]{2}) \(([^ ()]+)\), after a ₹([0-9]+)\.([0-9]{2}) fee\.$') AS m
      FROM notifications WHERE title = 'Withdrawal paid') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalPaid', params = jsonb_build_object('withdrawalId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint)
FROM (SELECT id, regexp_match(body, '^₹([0-9]+)\.([0-9]{2}) was sent to your account for your withdrawal ([^ ()]+)\.$') AS m
      FROM notifications WHERE title = 'Withdrawal paid') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalRejected', params = jsonb_build_object('withdrawalId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint, 'reason', x.m[4])
FROM (SELECT id, regexp_match(body, '^Your withdrawal of ₹([0-9]+)\.([0-9]{2}) \(([^ ()]+)\) was rejected and ₹[0-9]+\.[0-9]{2} is back in your wallet\.(?: Reason: (.+))?$') AS m
      FROM notifications WHERE title = 'Withdrawal rejected') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalFailed', params = jsonb_build_object('withdrawalId', x.m[3], 'amountMinor', x.m[1]::bigint * 100 + x.m[2]::bigint, 'reason', x.m[4])
FROM (SELECT id, regexp_match(body, '^Your withdrawal of ₹([0-9]+)\.([0-9]{2}) \(([^ ()]+)\) could not be paid out and ₹[0-9]+\.[0-9]{2} is back in your wallet\.(?: Reason: (.+))?$') AS m
      FROM notifications WHERE title = 'Withdrawal failed') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications n SET message_key = 'withdrawalReturned', params = jsonb_build_object('withdrawalId', x.m[1], 'amountMinor', x.m[2]::bigint * 100 + x.m[3]::bigint, 'reason', x.m[4])
FROM (SELECT id, regexp_match(body, '^The bank returned the payout of your withdrawal ([^ ()]+) and ₹([0-9]+)\.([0-9]{2}), fee included, is back in your wallet\.(?: Reason: (.+))?$') AS m
      FROM notifications WHERE title = 'Withdrawal returned') x
WHERE n.id = x.id AND x.m IS NOT NULL;

UPDATE notifications SET message_key = 'text', params = jsonb_build_object('title', title, 'body', body) WHERE message_key IS NULL;

ALTER TABLE notifications ALTER COLUMN message_key SET NOT NULL, ALTER COLUMN params SET NOT NULL,
  DROP COLUMN title, DROP COLUMN body;

-- Announcements (decision 458): written by an operator in both languages, for every player or a
-- segment, between a start and an end. Delivered by reading, not by copying a row per player: a
-- player's inbox and the home page's line ask which announcements reach them now (segment,
-- window, not paused; marketing never to a player on a break or excluded). A read is one row.
CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('service', 'marketing')),
  segment text NOT NULL CHECK (segment IN ('all', 'lang_en', 'lang_hi', 'new_7d')),
  title_en text NOT NULL,
  body_en text NOT NULL,
  title_hi text NOT NULL,
  body_hi text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  paused_at timestamptz,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);
-- The read path: the announcements not yet ended (few at any time), by their end.
CREATE INDEX announcements_ends_idx ON announcements (ends_at);

CREATE TABLE announcement_reads (
  player_id bigint NOT NULL REFERENCES players (id),
  announcement_id bigint NOT NULL REFERENCES announcements (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, announcement_id)
);
