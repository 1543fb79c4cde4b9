//! `summarise_legacy_results`: results an older release stored get the summaries the boards
//! read, and their streak rows are recounted ([`crate::domains::submissions::summary::backfill_step`]):
//! start-up work, run as a job after the server listens (`web/startup.rs`), in committed chunks,
//! so a stopped run resumes where it was (after `bench-fill` stored 200,000 results the old way,
//! a PostgreSQL instance used to spend most of a minute on it before answering anything).

use std::time::{Duration, Instant};

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::platform::db;
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

/// Chunks (of 500 results, each its own transaction) per database call.
const BATCHES: u32 = 10;
/// A run stops after this and goes on in the next, well within any lease.
const BUDGET: Duration = Duration::from_secs(20);

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SummariseLegacyResults {}

impl Job for SummariseLegacyResults {
    const KIND: &'static str = "summarise_legacy_results";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        let started = Instant::now();
        let mut done = 0;
        loop {
            let (n, finished) = db::run(&state.pool, |conn| {
                crate::domains::submissions::summary::backfill_step(conn, BATCHES)
            })
            .await?;
            done += n;
            if finished {
                if done > 0 {
                    tracing::info!(rows = done, "summarised the results an older release stored");
                }
                return Ok(());
            }
            if started.elapsed() > BUDGET {
                return Err(JobError::Unfinished(format!("{done} results summarised")));
            }
        }
    }
}
