//! Integration tests: the real server over HTTP against a real PostgreSQL.
// Test helpers outside #[test] functions panic on failure by design.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

mod basics;
mod idempotency;
mod e2e;
mod rules_over_http;
mod secrets;
mod bad_input;
mod concurrency;
mod timeouts;
