//! Throttles against password guessing and mass sign-ups, counted in PostgreSQL so that
//! they hold across server processes.
//!
//! - Logins, per account and client address: the first [`FREE_PER_PAIR`] failures cost
//!   nothing, each further one makes the pair wait longer before the next try (1 s, 2 s,
//!   4 s, ... up to [`MAX_DELAY_SECS`]), whatever the password. A try is counted as a
//!   failure before the password is checked, in one statement with the check, so parallel
//!   guesses are each counted (or refused); a right password takes its own try back and
//!   forgets the pair's failures before it. Within a process a pair's tries take turns
//!   ([`LoginTurns`]), so a burst of logins with the right password is never refused for
//!   its own tries. Per client address
//!   over all accounts, [`FREE_PER_ADDRESS`] failures, then the same growing waits. So a
//!   guesser slows down only themselves: an address that has not been failing is never
//!   refused a correct password.
//! - Addresses: IPv4 as they are, IPv6 by their /64 (what one client usually holds).
//! - Registrations and league joins, per client address and hour ([`AddressLimits`]).
//!
//! The client address is the connection's peer, or, when the peer is one of
//! `BOURRE_TRUSTED_PROXIES`, what it says in `X-Forwarded-For` (see [`client_address`]).

use std::hash::{Hash, Hasher};
use std::net::IpAddr;
use std::sync::Arc;

use chrono::{DateTime, DurationRound, Utc};
use tokio::sync::OwnedMutexGuard;

use crate::identity::Cases;
use crate::identity::hashing::{HASH_WAIT, HashSlot, busy};
use crate::store;
use crate::{AppError, ErrorCode};

/// Failed logins of one account from one address before each next one waits.
pub const FREE_PER_PAIR: i32 = 3;
/// Failed logins from one address, over all accounts, before each next one waits.
pub const FREE_PER_ADDRESS: i32 = 20;
/// The longest wait.
pub const MAX_DELAY_SECS: i32 = 15 * 60;
/// Failures are counted afresh after this long without one.
pub const FORGET_AFTER_SECS: i32 = 60 * 60;

/// Requests allowed per client address and hour.
#[derive(Debug, Clone, Copy)]
pub struct AddressLimits {
    pub registrations_per_hour: i32,
    /// Guests made (`POST /v1/auth/guest`).
    pub guests_per_hour: i32,
    pub joins_per_hour: i32,
}

impl Default for AddressLimits {
    fn default() -> AddressLimits {
        AddressLimits {
            registrations_per_hour: 20,
            guests_per_hour: 20,
            joins_per_hour: 60,
        }
    }
}

/// A block of addresses, `10.0.0.0/8` or `::1/128` (a bare address is its own block).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let bad = || format!("{text:?} is not an address block such as 10.0.0.0/8");
        let (address, prefix) = match text.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text.trim(), None),
        };
        let network: IpAddr = address.parse().map_err(|_| bad())?;
        let max = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(bad)?,
            None => max,
        };
        Ok(Cidr { network, prefix })
    }
}

impl Cidr {
    pub fn contains(&self, address: IpAddr) -> bool {
        let bits = |a: IpAddr| match a {
            IpAddr::V4(v4) => (u128::from(v4.to_bits()), 32),
            IpAddr::V6(v6) => (v6.to_bits(), 128),
        };
        let address = match address {
            IpAddr::V6(v6) if self.network.is_ipv4() => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => return false,
            },
            other => other,
        };
        let ((net, width), (addr, addr_width)) = (bits(self.network), bits(address));
        if width != addr_width {
            return false;
        }
        let shift = width - u32::from(self.prefix);
        shift >= width || (net >> shift) == (addr >> shift)
    }
}

/// One hop of `X-Forwarded-For`: an address, perhaps with a port (`1.2.3.4:5`,
/// `[2001:db8::1]:443`).
fn hop_address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    if let Ok(address) = hop.parse() {
        return Some(address);
    }
    if let Some(rest) = hop.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    hop.parse::<std::net::SocketAddr>().ok().map(|a| a.ip())
}

/// The client's address: the peer's, unless the peer is a trusted proxy. Then the hops of
/// `forwarded_for` (every `X-Forwarded-For` line, in order, comma-separated: each proxy
/// adds the address it saw) are walked from the last: the first that is not a trusted
/// proxy is the client; a hop that is no address stops the walk at the proxy that wrote
/// it (what is left of it is the client's own claim).
pub fn client_address(
    peer: Option<IpAddr>,
    forwarded_for: &[&str],
    trusted: &[Cidr],
) -> Option<IpAddr> {
    let is_trusted = |a: IpAddr| trusted.iter().any(|c| c.contains(a));
    let mut client = peer?;
    let hops = forwarded_for.iter().flat_map(|line| line.split(','));
    let hops: Vec<&str> = hops.collect();
    for hop in hops.iter().rev() {
        if !is_trusted(client) {
            break;
        }
        match hop_address(hop) {
            Some(address) => client = address,
            None => break,
        }
    }
    Some(client)
}

/// How an address is counted: IPv4 (and IPv4-mapped IPv6) as it is, IPv6 by its /64.
fn address_key(address: Option<IpAddr>) -> String {
    match address.map(|a| a.to_canonical()) {
        None => "unknown".to_owned(),
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => {
            let prefix = v6.to_bits() & !((1u128 << 64) - 1);
            format!("{}/64", std::net::Ipv6Addr::from_bits(prefix))
        }
    }
}

/// Counts one more failed login from the address `key` over all accounts.
async fn address_failed(conn: &mut store::Conn, key: &str) -> Result<(), AppError> {
    store::throttle::attempt(
        conn,
        "",
        key,
        FORGET_AFTER_SECS,
        FREE_PER_ADDRESS,
        MAX_DELAY_SECS,
        false,
    )
    .await?;
    Ok(())
}

/// 429 for `secs` more seconds.
fn throttled(code: ErrorCode, detail: String, until: DateTime<Utc>) -> AppError {
    let secs = (until - Utc::now()).num_seconds().max(1);
    AppError::Throttled {
        code,
        detail,
        retry_after_secs: u64::try_from(secs).unwrap_or(1),
    }
}

/// Login tries of one account from one address take turns in a process (a stripe of
/// [`TURN_STRIPES`] locks, by the pair's hash): within a process a pair has one try in
/// flight, so a burst of right passwords is not refused for its own tries, while every try
/// is still counted before its check across processes.
pub const TURN_STRIPES: usize = 64;

#[derive(Clone)]
pub struct LoginTurns {
    stripes: Arc<[Arc<tokio::sync::Mutex<()>>]>,
}

impl Default for LoginTurns {
    fn default() -> LoginTurns {
        LoginTurns {
            stripes: (0..TURN_STRIPES).map(|_| Arc::default()).collect(),
        }
    }
}

impl LoginTurns {
    /// The pair's turn, waited for up to [`HASH_WAIT`] (then 503 `busy`).
    async fn turn(&self, account: &str, address: &str) -> Result<OwnedMutexGuard<()>, AppError> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (account, address).hash(&mut hasher);
        let stripe = usize::try_from(hasher.finish() % TURN_STRIPES as u64).unwrap_or(0);
        let lock = self.stripes[stripe].clone();
        tokio::time::timeout(HASH_WAIT, lock.lock_owned())
            .await
            .map_err(|_| busy())
    }
}

/// A login try counted before its password is checked, with its turn and its hashing slot
/// (see [`App::attempt_login`] and [`App::login_checked`]).
pub(crate) struct LoginTry {
    account: String,
    address: String,
    pub(crate) slot: HashSlot,
    _turn: OwnedMutexGuard<()>,
}

impl Cases<'_> {
    /// A login try of `account` from `address`: its turn among the pair's tries in this
    /// process, a hashing slot, then counted as a failure until [`App::login_checked`] says
    /// otherwise. Refused (429 `too_many_attempts`) while the pair waits out its failures,
    /// or the address its failures over all accounts.
    pub(crate) async fn attempt_login(
        &self,
        account: &str,
        address: Option<IpAddr>,
    ) -> Result<LoginTry, AppError> {
        let key = address_key(address);
        let turn = self.login_turns.turn(account, &key).await?;
        let slot = self.hashing.slot().await?;
        let mut conn = store::conn(&self.pool).await?;
        let blocked = match store::throttle::blocked_until(&mut conn, "", &key).await? {
            Some(until) => Some(until),
            None => {
                let counted = store::throttle::attempt(
                    &mut conn,
                    account,
                    &key,
                    FORGET_AFTER_SECS,
                    FREE_PER_PAIR,
                    MAX_DELAY_SECS,
                    true,
                )
                .await?;
                match counted {
                    Some(_) => None,
                    None => store::throttle::blocked_until(&mut conn, account, &key).await?,
                }
            }
        };
        match blocked {
            Some(until) => Err(throttled(
                ErrorCode::TooManyAttempts,
                "too many failed logins from this address lately; wait before trying again".into(),
                until,
            )),
            None => Ok(LoginTry {
                account: account.to_owned(),
                address: key,
                slot,
                _turn: turn,
            }),
        }
    }

    /// The try's password was checked: `Ok` when right (its count is taken back and the
    /// pair's failures forgotten), a refusal when wrong (it stays counted, and the address
    /// counts one more failure over all accounts). The pair's turn ends; the try's hashing
    /// slot is returned, for a hash the request still has to make.
    pub(crate) async fn login_checked(
        &self,
        attempt: LoginTry,
        outcome: Result<(), &AppError>,
    ) -> Result<HashSlot, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let right = outcome.is_ok();
        store::throttle::tried(&mut conn, &attempt.account, &attempt.address, right).await?;
        let wrong =
            outcome.is_err_and(|e| e.is(ErrorCode::Unauthorized) || e.is(ErrorCode::WrongPassword));
        if wrong {
            address_failed(&mut conn, &attempt.address).await?;
        }
        Ok(attempt.slot)
    }

    /// Counts a failed login from `address` over all accounts (a name no account can have:
    /// no try of an account was counted).
    pub(crate) async fn login_failed(&self, address: Option<IpAddr>) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        address_failed(&mut conn, &address_key(address)).await
    }

    /// Counts `action` from `address` this hour: refused (429 `rate_limited`) beyond
    /// `per_hour`.
    pub(crate) async fn limit_address(
        &self,
        action: &str,
        address: Option<IpAddr>,
        per_hour: i32,
    ) -> Result<(), AppError> {
        self.limit_hourly(action, &address_key(address), per_hour, "from one address")
            .await
    }

    /// Counts `action` for `key` this hour: refused (429 `rate_limited`) beyond `per_hour`;
    /// `per` says what is counted together ("from one address").
    pub(crate) async fn limit_hourly(
        &self,
        action: &str,
        key: &str,
        per_hour: i32,
        per: &str,
    ) -> Result<(), AppError> {
        let hour = Utc::now()
            .duration_trunc(chrono::Duration::hours(1))
            .map_err(|e| AppError::Internal(e.to_string()))?;
        let mut conn = store::conn(&self.pool).await?;
        let hits = store::throttle::hit(&mut conn, action, key, hour).await?;
        if hits > per_hour {
            return Err(throttled(
                ErrorCode::RateLimited,
                format!("at most {per_hour} {action}s an hour {per}"),
                hour + chrono::Duration::hours(1),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_count_by_client() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert_eq!(address_key(ip("203.0.113.9")), "203.0.113.9");
        assert_eq!(address_key(ip("::ffff:203.0.113.9")), "203.0.113.9");
        assert_eq!(
            address_key(ip("2001:db8:1:2:aaaa::1")),
            address_key(ip("2001:db8:1:2:bbbb::2"))
        );
        assert_ne!(
            address_key(ip("2001:db8:1:2::1")),
            address_key(ip("2001:db8:1:3::1"))
        );
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let trusted: Vec<Cidr> = vec!["10.0.0.0/8".parse().unwrap(), "::1".parse().unwrap()];
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // An untrusted peer is the client, whatever it claims.
        assert_eq!(
            client_address(Some(ip("203.0.113.9")), &["1.2.3.4"], &trusted),
            Some(ip("203.0.113.9"))
        );
        // Through trusted proxies, the last hop that is not one of them, over every line.
        assert_eq!(
            client_address(
                Some(ip("10.1.2.3")),
                &["6.6.6.6", "198.51.100.7:4711, 10.9.9.9"],
                &trusted
            ),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            client_address(Some(ip("10.1.2.3")), &["[2001:db8::7]:443"], &trusted),
            Some(ip("2001:db8::7"))
        );
        // A hop that is no address stops the walk: what precedes it is the client's claim.
        assert_eq!(
            client_address(
                Some(ip("10.1.2.3")),
                &["6.6.6.6, unknown, 10.9.9.9"],
                &trusted
            ),
            Some(ip("10.9.9.9"))
        );
        assert_eq!(
            client_address(Some(ip("::1")), &[], &trusted),
            Some(ip("::1"))
        );
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("nonsense".parse::<Cidr>().is_err());
        let block: Cidr = "192.168.0.0/16".parse().unwrap();
        assert!(block.contains(ip("192.168.44.1")));
        assert!(!block.contains(ip("192.169.0.1")));
        assert!(block.contains(ip("::ffff:192.168.1.1")));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
    }
}
