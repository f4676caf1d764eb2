//! Delivers outside the process: the notification outbox and its dispatcher, webhooks, Web Push,
//! native push and mail, devices and each player's settings.

pub mod devices;
pub mod dispatcher;
pub mod mail;
pub mod native;
pub mod push;
pub mod push_texts;
pub mod reachable;
pub mod reply;
pub mod settings;
pub mod webhooks;

room_cases!();
