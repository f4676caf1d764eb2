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

/// This room's use cases, over the app's context (its pool, configuration, bus and the
/// rooms' state): `app.notify().…`.
pub struct Cases<'a>(pub(crate) &'a crate::App);

impl std::ops::Deref for Cases<'_> {
    type Target = crate::App;

    fn deref(&self) -> &crate::App {
        self.0
    }
}
