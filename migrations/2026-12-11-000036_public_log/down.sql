DROP TABLE log_head;
DROP TABLE log_nodes;
DROP TABLE log_leaves;
DROP TABLE log_queue;
