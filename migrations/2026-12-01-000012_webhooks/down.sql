DROP TABLE delivery_attempts;
DROP TABLE deliveries;
DROP TABLE notifications;
DROP TABLE webhooks;
