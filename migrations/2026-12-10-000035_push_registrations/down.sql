DELETE FROM quota_uses WHERE kind = 'push_registrations';
ALTER TABLE quota_uses DROP CONSTRAINT quota_uses_kind_check;
ALTER TABLE quota_uses ADD CONSTRAINT quota_uses_kind_check CHECK (kind IN ('bots'));
