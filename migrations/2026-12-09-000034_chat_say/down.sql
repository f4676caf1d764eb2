DROP FUNCTION chat_say(uuid, uuid, bigint, bigint, text, text);
