//! `fill_search_words`: games an older release stored get the words the prompt search reads
//! ([`crate::domains::games::search::fill_missing_step`]): start-up work, run as a job after
//! the server listens (`web/startup.rs`), in committed chunks, so a stopped run resumes where it
//! was.

use std::time::{Duration, Instant};

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::platform::db;
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

/// Chunks (of 500 games, each its own transaction) per database call.
const BATCHES: u32 = 20;
/// A run stops after this and goes on in the next, well within any lease.
const BUDGET: Duration = Duration::from_secs(20);

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FillSearchWords {}

impl Job for FillSearchWords {
    const KIND: &'static str = "fill_search_words";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        let started = Instant::now();
        let mut done = 0;
        loop {
            let (n, finished) =
                db::run(&state.pool, |conn| crate::domains::games::search::fill_missing_step(conn, BATCHES))
                    .await?;
            done += n;
            if finished {
                if done > 0 {
                    tracing::info!(games = done, "wrote the search words of games an older release stored");
                    state.games_changed();
                }
                return Ok(());
            }
            if started.elapsed() > BUDGET {
                return Err(JobError::Unfinished(format!("{done} games filled")));
            }
        }
    }
}
