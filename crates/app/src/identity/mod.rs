//! Who the caller is and what their account holds: accounts, passwords, guests, OpenID, sessions,
//! profiles, email codes, the sign-in throttles and a player's export.

pub mod account;
pub mod auth;
pub mod export;
pub mod guests;
pub mod hashing;
pub mod identities;
pub mod mail;
pub mod oidc;
pub mod profiles;
pub mod sessions;
pub mod throttle;

room_cases!();
