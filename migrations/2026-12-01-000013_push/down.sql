DROP TABLE watchers;
DROP TABLE push_messages;
DROP TABLE push_subscriptions;
