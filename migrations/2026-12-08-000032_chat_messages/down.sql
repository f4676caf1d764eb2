DROP TABLE chat_messages;
