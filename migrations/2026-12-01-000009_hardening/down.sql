DROP INDEX idempotency_created_at;
DROP TABLE join_requests;
ALTER TABLE leagues
    DROP COLUMN invite_uses_left,
    DROP COLUMN invite_expires_at,
    DROP COLUMN join_policy;
DROP TABLE address_hits;
DROP TABLE login_failures;
