DELETE FROM push_messages WHERE device_id IS NOT NULL;
ALTER TABLE push_messages DROP CONSTRAINT push_messages_one_target, DROP COLUMN device_id,
    ALTER COLUMN subscription_id SET NOT NULL;
DROP TABLE devices;
