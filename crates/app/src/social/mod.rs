//! What players say and hide (chat, blocks, reports); it reads tables, never writes them.

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
