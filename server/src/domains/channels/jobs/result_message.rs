//! `channel_result`: a member's finished daily game, queued for their groups' channels. It
//! subscribes to the submissions' "a result was stored" event
//! (`submissions::events::result_stored`), which hands it the share text of the log the
//! submission check already replayed, so the log is replayed once. Kept apart from the routes
//! and the delivery round: nothing here reads the groups module (which reads the submissions
//! module).
//!
//! The job is queued once per (day, member) (its dedupe key), only for a member with an enabled
//! channel (one indexed read, and nothing else, for everyone else), and run at once by the
//! submission's request; the runner retries it when that fails. Its run adds one message per
//! group to the channels' outbox, each once per group, day and member, however often it runs.

use std::time::Duration;

use actix_web::web;
use chrono::NaiveDate;
use game_core::calendar::format_date;
use serde::{Deserialize, Serialize};

use crate::domains::channels::queries;
use crate::platform::db;
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

/// How long the submission waits for the run it started before it answers.
const REQUEST_WAIT: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ResultMessage {
    pub user_id: i64,
    /// The daily date (`YYYY-MM-DD`).
    pub day: String,
    /// The channel message: the name, game-core's share lines (never an item).
    pub text: String,
}

impl ResultMessage {
    fn key(&self) -> String {
        format!("result:{}:{}", self.day, self.user_id)
    }
}

impl Job for ResultMessage {
    const KIND: &'static str = "channel_result";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        let now_ms = state.clock.now_ms();
        let user_id = self.user_id;
        let queued = db::run(&state.pool, move |conn| {
            let key = self.key();
            let mut queued = 0;
            for group_id in queries::enabled_channels_of_member(conn, user_id)? {
                if queries::enqueue(conn, group_id, &key, &self.text, queries::PENDING, now_ms)? {
                    queued += 1;
                }
            }
            Ok(queued)
        })
        .await?;
        if queued > 0 {
            tracing::info!(user_id, queued, "result queued for group channels");
        }
        Ok(())
    }
}

/// The subscriber of "a result was stored": queues the job for a member with an enabled
/// channel and runs it now. A failure here is logged and never fails the submission, which is
/// already stored.
pub async fn on_result_stored(state: &web::Data<AppState>, user_id: i64, day: NaiveDate, text: String) {
    let job = ResultMessage { user_id, day: format_date(day), text };
    let queue_state = state.clone();
    let queued = db::run(&state.pool, move |conn| {
        if queries::enabled_channels_of_member(conn, user_id)?.is_empty() {
            return Ok(None);
        }
        queue_state.jobs.enqueue(conn, &job, Some(&job.key()))
    })
    .await;
    match queued {
        Ok(None) => {}
        Ok(Some(id)) => {
            if let Err(err) =
                state.jobs.run_now::<ResultMessage>(&state.pool, id, state.clone(), REQUEST_WAIT).await
            {
                tracing::warn!(user_id, error = %err, "a result for group channels is queued; the job runner retries it");
            }
        }
        Err(err) => tracing::error!(user_id, error = %err, "could not queue a result for group channels"),
    }
}
