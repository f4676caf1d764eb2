//! What players say to and about each other: a league's chat, blocks and reports.

pub mod blocks;
pub mod chat;
pub mod reports;

/// This room's use cases, over the app's context (its pool, configuration, bus and the
/// rooms' state): `app.social().…`.
pub struct Cases<'a>(pub(crate) &'a crate::App);

impl std::ops::Deref for Cases<'_> {
    type Target = crate::App;

    fn deref(&self) -> &crate::App {
        self.0
    }
}
