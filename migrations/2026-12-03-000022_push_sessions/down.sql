ALTER TABLE push_subscriptions DROP COLUMN session_id;
