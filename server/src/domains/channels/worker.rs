//! The channels' delivery round, run by the job runner as the recurring `channel_deliveries`
//! job (`jobs/deliveries.rs`: one instance at a time, every `--channel-poll-ms`): one [`tick`]
//! queues yesterday's boards once the day is closed and sends the due messages. Instances share the
//! work through the database: a board is queued once per group and day (the outbox's unique
//! key), and a message is sent by the instance that claimed it (`queries::claim_due`).

use chrono::Duration as Span;
use game_core::calendar::{format_date, today, GRACE_MINUTES};

use super::messages;
use super::queries::{self, AfterFailure, Claimed};
use crate::domains::games::model::StoredGame;
use crate::platform::db::{self, DbConn};
use crate::platform::error::AppError;
use crate::state::AppState;

/// Messages one tick sends at most (one per group).
const BATCH: i64 = 50;
/// Finished messages are kept this long (a day's keys must outlive the day and its grace).
const KEEP_MS: i64 = 3 * 24 * 3_600_000;

/// What one tick did (for tests and the log).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TickReport {
    pub boards_queued: usize,
    pub sent: usize,
    pub failed: usize,
    pub disabled: usize,
}

/// Queues the boards of the day that closed (once its grace window is over) and sends the due
/// messages.
pub async fn tick(state: &AppState) -> Result<TickReport, AppError> {
    step(state, &mut None).await
}

async fn step(state: &AppState, boards_done: &mut Option<chrono::NaiveDate>) -> Result<TickReport, AppError> {
    let day = closed_day(state);
    let mut report = TickReport::default();
    if *boards_done != Some(day) {
        report.boards_queued = queue_boards(state, day).await?;
        *boards_done = Some(day);
    }
    let now_ms = state.clock.now_ms();
    let lease = i64::try_from(state.config.channels.channel_timeout_ms).unwrap_or(60_000) + 30_000;
    let claimed = db::run(&state.pool, move |conn| {
        queries::prune(conn, now_ms - KEEP_MS)?;
        queries::claim_due(conn, now_ms, now_ms + lease, BATCH)
    })
    .await?;
    // Sent concurrently: one slow webhook does not hold up the others.
    let outcomes =
        futures_util::future::join_all(claimed.into_iter().map(|claimed| deliver(state, claimed))).await;
    for outcome in outcomes {
        match outcome? {
            None => report.sent += 1,
            Some(AfterFailure::RetryAt(_)) => report.failed += 1,
            Some(AfterFailure::Disabled) => {
                report.failed += 1;
                report.disabled += 1;
            }
        }
    }
    Ok(report)
}

/// Sends one claimed message and records the outcome: `None` when delivered.
async fn deliver(state: &AppState, claimed: Claimed) -> Result<Option<AfterFailure>, AppError> {
    let config = &state.config.channels;
    let policy = config.policy()?;
    let result = match messages::parse_kind(&claimed.kind) {
        Some(kind) => {
            super::send(config, policy, &claimed.url, &messages::body(kind, &claimed.message)).await
        }
        None => Err(crate::platform::outbound::OutboundError::NotAUrl),
    };
    let now_ms = state.clock.now_ms();
    let (max_failures, retry_ms) = (
        i64::from(config.channel_max_failures),
        i64::try_from(config.channel_retry_secs).unwrap_or(30) * 1000,
    );
    let group_id = claimed.group_id;
    match result {
        Ok(()) => {
            db::run(&state.pool, move |conn| queries::delivered(conn, &claimed, now_ms)).await?;
            tracing::info!(group_id, "channel message delivered");
            Ok(None)
        }
        Err(err) => {
            let reason = err.owner_sentence();
            let after = db::run(&state.pool, move |conn| {
                queries::failed(conn, &claimed, &reason, now_ms, max_failures, retry_ms)
            })
            .await?;
            match after {
                AfterFailure::Disabled => {
                    tracing::warn!(group_id, error = %err, "channel disabled after repeated failures")
                }
                AfterFailure::RetryAt(at) => {
                    tracing::info!(group_id, error = %err, retry_at = at, "channel message failed; retrying later")
                }
            }
            Ok(Some(after))
        }
    }
}

/// The last day whose results are all in: yesterday once today's grace window is over.
fn closed_day(state: &AppState) -> chrono::NaiveDate {
    today(state.clock.now() - Span::minutes(GRACE_MINUTES)) - Span::days(1)
}

/// Queues the closed day's board for every enabled channel connected before the day ended that
/// has none yet; a board nobody is on keeps its key without a message. Returns how many were
/// queued by this call (another instance may have queued the rest).
async fn queue_boards(state: &AppState, day: chrono::NaiveDate) -> Result<usize, AppError> {
    let key = format!("board:{}", format_date(day));
    let lookup_key = key.clone();
    let waiting = db::run(&state.pool, move |conn| {
        let channels = queries::enabled_channels(conn)?;
        let ids: Vec<i64> = channels
            .iter()
            .filter(|(_, connected_at)| {
                chrono::DateTime::from_timestamp_millis(*connected_at).is_some_and(|at| today(at) <= day)
            })
            .map(|(id, _)| *id)
            .collect();
        let done = queries::having_key(conn, &ids, &lookup_key)?;
        Ok(ids.into_iter().filter(|id| !done.contains(id)).collect::<Vec<i64>>())
    })
    .await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let now = state.clock.now();
    let Some(game) = state
        .games
        .day(&state.pool, crate::domains::games::editions::ENGLISH, day, today(now))
        .await?
        .and_then(|d| d.game.clone())
    else {
        return Ok(0); // no game that day: no board
    };
    let now_ms = now.timestamp_millis();
    db::run(&state.pool, move |conn| {
        let mut queued = 0;
        for group_id in waiting {
            let (text, status) = match board_message(conn, group_id, &game, day)? {
                Some(text) => (text, queries::PENDING),
                None => (String::new(), queries::SKIPPED),
            };
            if queries::enqueue(conn, group_id, &key, &text, status, now_ms)? && status == queries::PENDING {
                queued += 1;
            }
        }
        Ok(queued)
    })
    .await
}

/// The text of `day`'s board of a group (its members' replayed daily results, best first), or
/// `None` when no member played.
fn board_message(
    conn: &mut DbConn,
    group_id: i64,
    game: &StoredGame,
    day: chrono::NaiveDate,
) -> Result<Option<String>, AppError> {
    let Some(group) = crate::domains::groups::queries::group_name(conn, group_id)? else { return Ok(None) };
    let members = crate::domains::groups::members_of(conn, group_id)?;
    let keys: Vec<String> = members.iter().map(|m| m.user_key.clone()).collect();
    let results = crate::domains::groups::queries::board_results(conn, game.id, day, &keys)?;
    let rows = crate::domains::groups::board::today_rows(&members, &results);
    if rows.is_empty() {
        return Ok(None);
    }
    let game_line = game_core::share::share_text(&game_core::GameState::new(game.def()), None, None)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    Ok(Some(messages::board_text(&group, &game_line, &rows, game.items.len())))
}
