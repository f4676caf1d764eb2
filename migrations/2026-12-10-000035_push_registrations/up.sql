-- Push devices and Web Push subscriptions newly registered by a player, counted per day
-- like the bots they seat (BOURRE_PUSH_REGISTRATIONS_PER_DAY).
ALTER TABLE quota_uses DROP CONSTRAINT quota_uses_kind_check;
ALTER TABLE quota_uses ADD CONSTRAINT quota_uses_kind_check
    CHECK (kind IN ('bots', 'push_registrations'));
