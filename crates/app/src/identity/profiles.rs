//! Profiles: what a player shows others (a display name, an avatar from a built-in set)
//! and how they like to be told (a locale and a time zone, which notifications use); and
//! the public profile other members of a league see.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::identity::Cases;
use crate::kernel::ids::PlayerId;
use crate::kernel::player::player_not_found;
use crate::kernel::player::{hold_player, unknown_player};
use crate::kernel::shown::Avatar;
use crate::kernel::shown::Locale;
use crate::kernel::text::{self, Shown};
use crate::leagues::standings::Tally;
use crate::store;
use crate::store::players::{Hold, ProfileChange, ProfileRow};
use crate::{AppError, ErrorCode};

/// The longest display name, in characters.
pub const DISPLAY_NAME_MAX: usize = 32;

/// A display name as stored: shown text held as a name ([`text::shown`]: a letter or digit,
/// nothing invisible, trimmed and NFC-normalised), of 1 to [`DISPLAY_NAME_MAX`] characters.
pub(crate) fn check_display_name(name: &str) -> Result<Cow<'_, str>, AppError> {
    let code = ErrorCode::InvalidDisplayName;
    text::checked(name, Shown::Name, DISPLAY_NAME_MAX, code, "a display name")
}

/// An IANA time zone name (`Europe/Paris`, `America/Chicago`, `UTC`).
fn check_time_zone(zone: &str) -> Result<&str, AppError> {
    match zone.parse::<chrono_tz::Tz>() {
        Ok(_) => Ok(zone),
        Err(_) => Err(AppError::refused(
            ErrorCode::InvalidTimeZone,
            format!("{zone:?} is not an IANA time zone such as \"America/Chicago\""),
        )),
    }
}

/// A text field of a change, as `check` leaves it when it is set (left out or cleared, as it
/// came).
fn checked<'a, T>(
    field: &'a Option<Option<String>>,
    check: fn(&'a str) -> Result<T, AppError>,
) -> Result<Option<Option<T>>, AppError> {
    field
        .as_ref()
        .map(|value| value.as_deref().map(check).transpose())
        .transpose()
}

/// A player's account and profile, as they see it.
#[derive(Debug, Clone)]
pub struct Profile {
    pub id: PlayerId,
    pub username: String,
    pub guest: bool,
    pub display_name: Option<String>,
    pub avatar: Option<Avatar>,
    pub locale: Option<Locale>,
    pub time_zone: Option<String>,
    pub email: Option<String>,
    pub email_verified: bool,
    pub has_password: bool,
    pub created_at: DateTime<Utc>,
}

impl From<ProfileRow> for Profile {
    fn from(row: ProfileRow) -> Profile {
        Profile {
            id: PlayerId(row.id),
            username: row.username,
            guest: row.guest,
            display_name: row.display_name,
            avatar: row.avatar.as_deref().and_then(Avatar::stored),
            locale: row.locale.as_deref().and_then(Locale::stored),
            time_zone: row.time_zone,
            email: row.email,
            email_verified: row.email_verified_at.is_some(),
            has_password: row.has_password,
            created_at: row.created_at,
        }
    }
}

/// A change to the caller's profile: each field `None` left as it is, `Some(None)` cleared.
#[derive(Debug)]
pub struct NewProfile {
    pub display_name: Option<Option<String>>,
    pub avatar: Option<Option<Avatar>>,
    pub locale: Option<Option<Locale>>,
    pub time_zone: Option<Option<String>>,
}

/// One league the caller shares with a player, and how the player does there.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SharedLeague {
    /// The league.
    pub league_id: Uuid,
    /// Its name.
    pub name: String,
    /// The player's chips there now.
    pub balance: i64,
    /// Hands they were dealt into that ended there (all time).
    pub hands_played: u32,
    /// Hands whose pot they took there (all time).
    pub pots_won: u32,
    /// Their Weng-Lin rating there (mu), 25 to start.
    pub rating: f64,
}

/// What members of a league see of each other.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublicProfile {
    /// The player.
    pub id: Uuid,
    /// Their username.
    pub username: String,
    /// The name they chose to be shown by; null when they chose none, or the caller blocked
    /// them (show the username).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none, or the caller blocked them.
    pub avatar: Option<Avatar>,
    /// A server-side bot.
    pub bot: bool,
    /// When the account was made.
    pub member_since: DateTime<Utc>,
    /// The leagues the caller shares with them, first joined (by the player) first.
    pub leagues: Vec<SharedLeague>,
}

impl Cases<'_> {
    /// The caller's account and profile.
    pub async fn profile(&self, player: PlayerId) -> Result<Profile, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        store::players::profile(&mut conn, player.0)
            .await?
            .map(Profile::from)
            .ok_or_else(unknown_player)
    }

    /// Changes the caller's profile as `change` says (checked whole before anything is
    /// written); a new display name or avatar shows at the caller's tables from then on (they
    /// are read again, see `tables.stamp`).
    pub async fn update_profile(
        &self,
        player: PlayerId,
        change: &NewProfile,
    ) -> Result<Profile, AppError> {
        let display_name = checked(&change.display_name, check_display_name)?;
        let stored = ProfileChange {
            display_name: display_name.as_ref().map(|name| name.as_deref()),
            avatar: change.avatar.map(|a| a.map(Avatar::as_str)),
            locale: change.locale.map(|l| l.map(Locale::as_str)),
            time_zone: checked(&change.time_zone, check_time_zone)?,
        };
        let shown_changes = stored.display_name.is_some() || stored.avatar.is_some();
        let mut conn = store::conn(&self.pool).await?;
        let row = conn
            .transaction::<_, AppError, _>(async |conn| {
                hold_player(conn, player, Hold::Exclusive).await?;
                if let Some(Some(zone)) = stored.time_zone
                    && !store::players::zone_known(conn, zone).await?
                {
                    return Err(AppError::refused(
                        ErrorCode::InvalidTimeZone,
                        format!("{zone:?} is a time zone this server's database does not know yet"),
                    ));
                }
                store::players::set_profile(conn, player.0, &stored).await?;
                if shown_changes {
                    store::tables::restamp_seated(conn, player.0).await?;
                }
                store::players::profile(conn, player.0)
                    .await?
                    .ok_or_else(unknown_player)
            })
            .await?;
        Ok(Profile::from(row))
    }

    /// Player `id`'s public profile, for a caller who shares a league with them (404
    /// `player_not_found` otherwise, as for an id no player has); without the names they
    /// chose when the caller blocked them.
    pub async fn public_profile(
        &self,
        caller: PlayerId,
        id: PlayerId,
    ) -> Result<PublicProfile, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let shared = store::memberships::shared_leagues(&mut conn, id.0, caller.0).await?;
        if shared.is_empty() {
            return Err(player_not_found());
        }
        let row = store::players::profile(&mut conn, id.0)
            .await?
            .ok_or_else(player_not_found)?;
        let leagues: Vec<Uuid> = shared.iter().map(|s| s.0).collect();
        let tallies = store::standings::of_player(&mut conn, id.0, &leagues).await?;
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        let leagues = shared
            .into_iter()
            .map(|(league_id, name, balance)| {
                let tally = tallies
                    .iter()
                    .find(|t| t.league_id == league_id)
                    .map(Tally::of)
                    .unwrap_or_default();
                SharedLeague {
                    league_id,
                    name,
                    balance: balance.unwrap_or(0),
                    hands_played: count(tally.hands_played),
                    pots_won: count(tally.pots_won),
                    rating: tally.rating,
                }
            })
            .collect();
        let bot = row.bot;
        let blocked = store::blocks::find(&mut conn, caller.0, id.0)
            .await?
            .is_some();
        let profile = Profile::from(row);
        Ok(PublicProfile {
            id: profile.id.0,
            username: profile.username,
            display_name: profile.display_name.filter(|_| !blocked),
            avatar: profile.avatar.filter(|_| !blocked),
            bot,
            member_since: profile.created_at,
            leagues,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_are_the_stored_names() {
        for avatar in Avatar::ALL {
            let wire = serde_json::to_value(avatar).unwrap_or_default();
            assert_eq!(wire, avatar.as_str());
            assert_eq!(Avatar::stored(avatar.as_str()), Some(avatar));
        }
        for locale in Locale::ALL {
            let wire = serde_json::to_value(locale).unwrap_or_default();
            assert_eq!(wire, locale.as_str());
            assert_eq!(Locale::stored(locale.as_str()), Some(locale));
        }
    }
}
