//! `adopt_legacy_days`: daily days an older release scheduled get their edition's day
//! ([`crate::domains::games::editions::adopt_legacy_days`]): start-up work, run as a job after
//! the server listens (`web/startup.rs`). One statement: it finishes in one run.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::platform::db;
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AdoptLegacyDays {}

impl Job for AdoptLegacyDays {
    const KIND: &'static str = "adopt_legacy_days";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        db::run(&state.pool, crate::domains::games::editions::adopt_legacy_days).await?;
        state.games_changed();
        Ok(())
    }
}
