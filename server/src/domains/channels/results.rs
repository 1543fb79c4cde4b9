//! A member's finished daily game, queued for their groups' channels. Kept apart from the
//! routes and the delivery loop: the daily submission route calls it, and nothing here reads
//! the groups module (which reads the submissions module).

use chrono::NaiveDate;
use game_core::calendar::format_date;
use game_core::Action;

use super::{messages, queries};
use crate::domains::games::interface::StoredGame;
use crate::platform::db;
use crate::state::AppState;

/// Queues a member's result for each of their groups' enabled channels: game-core's share text
/// of the replayed log (the circles row and the score, never an item), once per group, day and
/// member, however often the result is sent again. A failure here is logged and never fails
/// the submission, which is already stored.
pub async fn queue_result(
    state: &AppState,
    user_id: i64,
    username: &str,
    game: &StoredGame,
    day: NaiveDate,
    actions: &[Action],
) {
    // Most players are in no group with a channel: one indexed read, and nothing else, for them.
    let groups =
        match db::run(&state.pool, move |conn| queries::enabled_channels_of_member(conn, user_id)).await {
            Ok(groups) if groups.is_empty() => return,
            Ok(groups) => groups,
            Err(err) => {
                tracing::error!(user_id, error = %err, "could not queue a result for group channels");
                return;
            }
        };
    let replayed = match game_core::GameState::replay(game.def(), actions) {
        Ok(replayed) => replayed,
        // A log only a regrade accepts: no share lines to show.
        Err(_) => return,
    };
    let text = messages::result_text(username, &replayed, &state.config.public_url);
    let key = format!("result:{}:{user_id}", format_date(day));
    let now_ms = state.clock.now_ms();
    let queued = db::run(&state.pool, move |conn| {
        let mut queued = 0;
        for group_id in groups {
            if queries::enqueue(conn, group_id, &key, &text, queries::PENDING, now_ms)? {
                queued += 1;
            }
        }
        Ok(queued)
    })
    .await;
    match queued {
        Ok(0) => {}
        Ok(queued) => tracing::info!(user_id, queued, "result queued for group channels"),
        Err(err) => tracing::error!(user_id, error = %err, "could not queue a result for group channels"),
    }
}
