//! What reaches a player away from the table: the notification outbox and its dispatcher, webhooks, Web Push, native push, devices and each player's settings.

pub mod devices;
pub mod dispatcher;
pub mod native;
pub mod push;
pub mod push_texts;
pub mod reachable;
pub mod settings;
pub mod webhooks;
