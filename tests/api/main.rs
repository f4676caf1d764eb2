//! Integration tests: the real server over HTTP against a real PostgreSQL.

mod support;

mod basics;
mod idempotency;
