//! A process's way out (SIGTERM, see `cli::serve`): first it drains (`/readyz` answers 503
//! so balancers take it out, and its sweeper and dispatcher take no new work) while it
//! still serves, then it stops (streams end with a `retry:` hint and long-polls answer
//! early, so clients reconnect elsewhere; no new connection is accepted; requests in
//! flight, and the writes they queued, finish).

use std::sync::Arc;

use tokio::sync::watch;

/// Where the process is on its way out; it only goes forward.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    #[default]
    Serving,
    /// Taken out of balancing, still serving.
    Draining,
    /// Ending its streams and long-polls, finishing requests in flight.
    Stopping,
}

/// The process's stage, shared by everything that must act on it.
#[derive(Clone)]
pub struct Drain(Arc<watch::Sender<Stage>>);

impl Default for Drain {
    fn default() -> Drain {
        Drain(Arc::new(watch::Sender::new(Stage::Serving)))
    }
}

impl Drain {
    /// Moves on to `stage` (never back).
    pub fn to(&self, stage: Stage) {
        self.0.send_if_modified(|now| {
            let later = stage > *now;
            if later {
                *now = stage;
            }
            later
        });
    }

    pub fn stage(&self) -> Stage {
        *self.0.borrow()
    }

    /// Once the process has reached `stage`.
    pub async fn reached(&self, stage: Stage) {
        let mut stages = self.0.subscribe();
        // The sender lives as long as `self`: this ends only when the stage is reached.
        let _ = stages.wait_for(|now| *now >= stage).await;
    }
}
