//! Login throttling against password guessing: failed logins are counted per account and
//! per client address over a sliding window; past the limit, logins are refused (429) until
//! the oldest failure leaves the window, even with the right password.
//!
//! The counts live in this process's memory: with several server processes each counts its
//! own, so the effective limit is the per-process limit times the number of processes.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Failed logins allowed per account within [`WINDOW`].
pub const PER_ACCOUNT: usize = 5;
/// Failed logins allowed per client address within [`WINDOW`].
pub const PER_ADDRESS: usize = 20;
/// The sliding window.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Keys kept at most (the oldest windows are dropped first when full).
const MAX_KEYS: usize = 100_000;

#[derive(Clone, Default)]
pub struct Throttle {
    failures: Arc<Mutex<HashMap<String, VecDeque<Instant>>>>,
}

fn account_key(username: &str) -> String {
    format!("u:{}", username.to_lowercase())
}

fn address_key(addr: IpAddr) -> String {
    format!("a:{addr}")
}

impl Throttle {
    fn keys(username: &str, addr: Option<IpAddr>) -> Vec<(String, usize)> {
        let mut keys = vec![(account_key(username), PER_ACCOUNT)];
        if let Some(addr) = addr {
            keys.push((address_key(addr), PER_ADDRESS));
        }
        keys
    }

    /// `Err(seconds to wait)` when the account or the address used up its failures.
    pub fn check(&self, username: &str, addr: Option<IpAddr>) -> Result<(), u64> {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return Ok(());
        };
        let mut wait = Duration::ZERO;
        for (key, limit) in Throttle::keys(username, addr) {
            if let Some(times) = failures.get_mut(&key) {
                while times
                    .front()
                    .is_some_and(|t| now.duration_since(*t) >= WINDOW)
                {
                    times.pop_front();
                }
                if times.len() >= limit
                    && let Some(oldest) = times.front()
                {
                    wait = wait.max(WINDOW.saturating_sub(now.duration_since(*oldest)));
                }
            }
        }
        if wait.is_zero() {
            Ok(())
        } else {
            Err(wait.as_secs().max(1))
        }
    }

    /// Counts a failed login against the account and the address.
    pub fn failed(&self, username: &str, addr: Option<IpAddr>) {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return;
        };
        if failures.len() >= MAX_KEYS {
            failures.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|t| now.duration_since(*t) < WINDOW)
            });
        }
        for (key, _) in Throttle::keys(username, addr) {
            let times = failures.entry(key).or_default();
            times.push_back(now);
            // Only the newest failures matter to the limits.
            while times.len() > PER_ADDRESS {
                times.pop_front();
            }
        }
    }

    /// A successful login clears the account's failures (not the address's).
    pub fn succeeded(&self, username: &str) {
        if let Ok(mut failures) = self.failures.lock() {
            failures.remove(&account_key(username));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_and_addresses_are_limited_separately() {
        let t = Throttle::default();
        let a: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..PER_ACCOUNT {
            assert!(t.check("Ann", Some(a)).is_ok());
            t.failed("ann", Some(a));
        }
        let wait = t.check("ANN", None).err();
        assert!(wait.is_some_and(|w| w > 0 && w <= WINDOW.as_secs()));
        assert!(t.check("bob", Some(a)).is_ok());
        for i in PER_ACCOUNT..PER_ADDRESS {
            t.failed(&format!("user{i}"), Some(a));
        }
        assert!(t.check("carol", Some(a)).is_err());
        assert!(t.check("carol", Some([10, 0, 0, 2].into())).is_ok());
        t.succeeded("ann");
        assert!(t.check("ann", None).is_ok());
    }
}
