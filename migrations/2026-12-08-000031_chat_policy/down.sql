DELETE FROM league_history WHERE kind = 'chat_policy_changed';
ALTER TABLE league_history DROP CONSTRAINT league_history_kind_check,
    ADD CONSTRAINT league_history_kind_check CHECK (kind IN ('admin_promoted',
        'admin_handed_on', 'member_removed', 'member_deleted', 'webhook_taken_over',
        'league_closed'));
ALTER TABLE leagues DROP COLUMN chat;
