//! What a push service (Web Push, FCM or APNs) answered an attempt, or why there was no
//! answer: shared by Web Push and native push.

/// A push service's answer: its status, and its `Retry-After` in seconds if it gave one.
pub(crate) struct Reply {
    pub status: u16,
    pub retry_after: Option<u64>,
}

impl Reply {
    /// What `response` says: its status, and its `Retry-After` in seconds.
    pub(crate) fn of(response: &reqwest::Response) -> Reply {
        Reply {
            status: response.status().as_u16(),
            retry_after: response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse().ok()),
        }
    }
}

/// Why a push got no status: never to be sent, or worth another attempt.
pub(crate) enum Sent {
    Never(String),
    Failed(String),
}
