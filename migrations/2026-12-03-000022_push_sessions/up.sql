-- A push subscription belongs to the session that made it and ends with it (logout, a
-- password change, a reused refresh token, the account's deletion, expiry). Subscriptions
-- made before had no session: they are dropped, and browsers subscribe again when they
-- next sign in.
DELETE FROM push_subscriptions;
ALTER TABLE push_subscriptions
    ADD COLUMN session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);
