//! `channel_deliveries`: the channels' delivery round ([`crate::domains::channels::worker::tick`])
//! as a recurring job: one in the database, run by one instance at a time every
//! `--channel-poll-ms`. The outbox's own claims and keys stay as they were (a board queued once
//! per group and day, a message sent by the instance that claimed it, a group's failures counted
//! and its channel disabled after `--channel-max-failures`).

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::domains::channels::worker::{self, TickReport};
use crate::platform::jobs::{Job, JobError};
use crate::state::AppState;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ChannelDeliveries {}

impl Job for ChannelDeliveries {
    const KIND: &'static str = "channel_deliveries";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        let report = worker::tick(&state).await?;
        if report != TickReport::default() {
            tracing::info!(?report, "channel deliveries");
        }
        Ok(())
    }
}
