-- Invite a friend (docs/promotions.md; decisions 550-552): one row per invited player, owned by the
-- promotions module. The inviter is the player whose code (their public UID) the friend typed at
-- registration. One level only: a row names the one inviter its reward can ever go to.
CREATE TABLE invites (
  invitee_id bigint PRIMARY KEY REFERENCES players (id),
  inviter_id bigint NOT NULL REFERENCES players (id),
  registered_at timestamptz NOT NULL,
  -- When the job first saw the friend's identity verified, and their play reach the threshold.
  kyc_passed_at timestamptz,
  played_at timestamptz,
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'rewarded', 'missed', 'refused')),
  -- Why it was missed or refused, or (still pending) why the reward waits.
  reason text,
  grant_id text UNIQUE REFERENCES bonus_grants (id),
  decided_at timestamptz,
  CHECK (inviter_id <> invitee_id),
  CHECK ((outcome = 'rewarded') = (grant_id IS NOT NULL)),
  CHECK ((outcome = 'pending') = (decided_at IS NULL))
);
CREATE INDEX invites_inviter_idx ON invites (inviter_id, registered_at DESC);
CREATE INDEX invites_pending_idx ON invites (invitee_id) WHERE outcome = 'pending';
CREATE INDEX invites_rewarded_idx ON invites (inviter_id, decided_at) WHERE outcome = 'rewarded';
