-- What a league's tables may say: the fixed phrases and emotes (the default), free text
-- too, or nothing. Admins set it; the league's history records each change.
ALTER TABLE leagues ADD COLUMN chat text NOT NULL DEFAULT 'phrases'
    CHECK (chat IN ('phrases', 'text', 'off'));
ALTER TABLE league_history DROP CONSTRAINT league_history_kind_check,
    ADD CONSTRAINT league_history_kind_check CHECK (kind IN ('admin_promoted',
        'admin_handed_on', 'member_removed', 'member_deleted', 'webhook_taken_over',
        'league_closed', 'chat_policy_changed'));
