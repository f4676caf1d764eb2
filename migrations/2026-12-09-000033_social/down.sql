DELETE FROM deliveries WHERE webhook_id IS NULL;
ALTER TABLE deliveries ALTER COLUMN webhook_id SET NOT NULL;
DELETE FROM league_history WHERE kind = 'report_resolved';
ALTER TABLE league_history DROP CONSTRAINT league_history_kind_check,
    ADD CONSTRAINT league_history_kind_check CHECK (kind IN ('admin_promoted',
        'admin_handed_on', 'member_removed', 'member_deleted', 'webhook_taken_over',
        'league_closed', 'chat_policy_changed'));
DROP TABLE reports;
DROP TABLE blocks;
ALTER TABLE memberships DROP COLUMN chat_muted_until;
ALTER TABLE chat_messages DROP COLUMN hidden_by, DROP COLUMN hidden_at;
ALTER TABLE leagues DROP COLUMN watchers_chat;
