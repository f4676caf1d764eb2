//! Integration tests: the real server over HTTP against a real PostgreSQL.
// Test helpers outside #[test] functions panic on failure by design.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

mod accounts;
mod authz;
mod bad_input;
mod balancer;
mod basics;
mod bots;
mod browser;
mod caps;
mod chat;
mod client;
mod compression;
mod concurrency;
mod config;
mod crash;
mod deletion;
mod e2e;
mod examples;
mod failover;
mod hardening;
mod history;
mod idempotency;
mod leagues;
mod lean_streams;
mod limits;
mod mail;
mod native_push;
mod oidc;
mod operations;
mod push;
mod rebuild;
mod rules_over_http;
mod secrets;
mod sessions;
mod social;
mod table_fold;
mod timeouts;
mod views;
mod web_client;
mod webhooks;
mod writes;
