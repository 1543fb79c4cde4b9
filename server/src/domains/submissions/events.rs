//! "A result was stored": the one event the daily submission route emits once the writer has
//! committed a logged-in player's result (a repeat of a stored result emits it again; each
//! subscriber's job is queued once per day and player). Each subscriber gets what the
//! submission check already computed, so nothing replays the action log again; what it does
//! with the event is a job of its own (`platform/jobs`), run at once and retried by the runner.
//!
//! Subscribers: the groups' chat channels (`channels/jobs/result_message.rs`).
//!
//! Emitted after the commit rather than inside the writer's batch: the writer's transaction
//! stays as it is (community scores, plays and hot stay synchronous in it), and only a member
//! with an enabled channel costs a write. A crash between the commit and the event loses that
//! channel message (a result is never lost).

use actix_web::web;
use chrono::NaiveDate;
use game_core::GameState;

use crate::domains::channels::interface as channels;
use crate::state::AppState;

/// Hands a stored daily result to its subscribers.
pub async fn result_stored(
    state: &web::Data<AppState>,
    user_id: i64,
    username: &str,
    day: NaiveDate,
    replayed: &GameState,
) {
    let text = channels::result_text(username, replayed, &state.config.public_url);
    channels::on_result_stored(state, user_id, day, text).await;
}
