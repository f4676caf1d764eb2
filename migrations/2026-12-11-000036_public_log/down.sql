DROP TRIGGER events_log_queue ON events;
DROP FUNCTION log_queue_hand();
DROP TABLE log_head;
DROP TABLE log_nodes;
DROP TABLE log_leaves;
DROP TABLE log_queue;
