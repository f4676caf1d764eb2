//! How players are shown: the names and avatar they chose (dropped for those who blocked
//! them) and the language they read.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// What shows a player's chosen names (display name and avatar): to a player who blocked
/// them, only their username shows.
pub trait Named {
    /// The player named.
    fn player(&self) -> Uuid;
    /// Drops the chosen names.
    fn unname(&mut self);
}

/// Drops the chosen names of the players in `blocked` (sorted) from `items`.
pub fn unname<'a, T: Named + 'a>(items: impl IntoIterator<Item = &'a mut T>, blocked: &[Uuid]) {
    for item in items {
        if blocked.binary_search(&item.player()).is_ok() {
            item.unname();
        }
    }
}

/// A picture from the built-in set (no uploads): clients draw each their own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Avatar {
    Heron,
    Pelican,
    Alligator,
    Crawfish,
    Catfish,
    Turtle,
    Owl,
    Fox,
    Rabbit,
    Raccoon,
    Magnolia,
    Moon,
    Club,
    Diamond,
    Heart,
    Spade,
}

impl Avatar {
    /// Every avatar, in order.
    pub const ALL: [Avatar; 16] = [
        Avatar::Heron,
        Avatar::Pelican,
        Avatar::Alligator,
        Avatar::Crawfish,
        Avatar::Catfish,
        Avatar::Turtle,
        Avatar::Owl,
        Avatar::Fox,
        Avatar::Rabbit,
        Avatar::Raccoon,
        Avatar::Magnolia,
        Avatar::Moon,
        Avatar::Club,
        Avatar::Diamond,
        Avatar::Heart,
        Avatar::Spade,
    ];

    /// The wire name, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Avatar::Heron => "heron",
            Avatar::Pelican => "pelican",
            Avatar::Alligator => "alligator",
            Avatar::Crawfish => "crawfish",
            Avatar::Catfish => "catfish",
            Avatar::Turtle => "turtle",
            Avatar::Owl => "owl",
            Avatar::Fox => "fox",
            Avatar::Rabbit => "rabbit",
            Avatar::Raccoon => "raccoon",
            Avatar::Magnolia => "magnolia",
            Avatar::Moon => "moon",
            Avatar::Club => "club",
            Avatar::Diamond => "diamond",
            Avatar::Heart => "heart",
            Avatar::Spade => "spade",
        }
    }

    /// The avatar stored as `text`, if any.
    pub fn stored(text: &str) -> Option<Avatar> {
        Avatar::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// A language the server writes notifications in (and the web client shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Locale {
    /// English.
    #[serde(rename = "en")]
    En,
    /// Chinese, simplified script.
    #[serde(rename = "zh-Hans")]
    ZhHans,
    /// Japanese.
    #[serde(rename = "ja")]
    Ja,
    /// Thai.
    #[serde(rename = "th")]
    Th,
}

impl Locale {
    /// Every locale, in order.
    pub const ALL: [Locale; 4] = [Locale::En, Locale::ZhHans, Locale::Ja, Locale::Th];

    /// The wire name (a BCP 47 tag), as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhHans => "zh-Hans",
            Locale::Ja => "ja",
            Locale::Th => "th",
        }
    }

    /// The locale stored as `text`, if any.
    pub fn stored(text: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.as_str() == text)
    }
}
