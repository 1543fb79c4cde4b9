//! `send_due_reminders`: the reminder scheduler's tick ([`crate::domains::reminders::scheduler`])
//! as a recurring job: one in the database, run by one instance at a time every
//! `--reminder-interval-ms` (an instance with `0` does not run it). The claims inside stay the
//! scheduler's (a (player, local day) is committed as handled before anything is sent), so each
//! reminder goes out once per player and local day however many instances run. A run stops
//! between two batches at half its lease and goes on in the next run at once.

use std::time::{Duration, Instant};

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::domains::reminders::scheduler::{self, Tick};
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SendDueReminders {}

impl Job for SendDueReminders {
    const KIND: &'static str = "send_due_reminders";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        let budget = Duration::from_millis(u64::try_from(state.jobs.settings.lease_ms / 2).unwrap_or(0));
        let (done, more) = scheduler::tick_within(&state, Some(Instant::now() + budget)).await?;
        if done != Tick::default() {
            tracing::info!(?done, "reminders");
        }
        if more {
            return Err(JobError::Unfinished(format!("{} reminders claimed", done.claimed)));
        }
        Ok(())
    }
}
