//! The server's copy of a logged-in player's unfinished game (its replay log) and the
//! account's finished result, read and merged in one place.

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::results::is_won;
use game_core::Action;
use lavalist_api::accounts::Locale;
use lavalist_api::history::{DayResult, FinishedResult, ProgressResponse};
use lavalist_api::submissions::Answer;

use crate::domains::submissions::interface::account_user_key;
use crate::platform::db::{self, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{games, progress, submissions};

/// How a sent log meets the stored one.
#[derive(Debug, PartialEq, Eq)]
pub enum Merge {
    /// The sent log extends the stored one (or is the same): it is kept.
    TakeSent,
    /// The stored log extends the sent one: the sent one is stale.
    KeepStored,
    /// Neither extends the other: the server's copy stays, and the player is told.
    Diverged,
}

pub fn merge(stored: &[Action], sent: &[Action]) -> Merge {
    if sent.starts_with(stored) {
        Merge::TakeSent
    } else if stored.starts_with(sent) {
        Merge::KeepStored
    } else {
        Merge::Diverged
    }
}

/// The account's stored result for the game, with its replay log.
pub fn finished(conn: &mut DbConn, game_id: i64, user_id: i64) -> Result<Option<FinishedResult>, AppError> {
    let row: Option<(i32, String, Option<String>)> = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq(account_user_key(user_id)))
        .select((submissions::score, submissions::answers, submissions::actions))
        .first(conn)
        .optional()?;
    row.map(|(score, answers, actions)| {
        let answers: Vec<Answer> = serde_json::from_str(&answers).map_err(AppError::internal)?;
        let actions = actions.map(|a| serde_json::from_str(&a)).transpose().map_err(AppError::internal)?;
        let won = is_won(&answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>());
        Ok(FinishedResult { score: u32::try_from(score).unwrap_or(0), answers, won, actions })
    })
    .transpose()
}

/// The account's daily play, oldest first: each result on the day it was played as that day's
/// daily game (stored at submission), never on the game's daily date, which may be later (a
/// community game an admin made a future day's daily) or earlier (an old daily played from the
/// archive). Days after `today` are never listed (none can be stored; a guard all the same).
pub fn days(
    conn: &mut DbConn,
    user_id: i64,
    edition: Locale,
    today: NaiveDate,
) -> Result<Vec<DayResult>, AppError> {
    let rows: Vec<(String, i32, i32)> = submissions::table
        .inner_join(games::table)
        .filter(games::language.eq(edition.tag()))
        .filter(submissions::user_key.eq(account_user_key(user_id)))
        .filter(submissions::daily_day.is_not_null())
        .filter(submissions::daily_day.le(format_date(today)))
        .order(submissions::daily_day)
        .select((submissions::daily_day.assume_not_null(), submissions::score, submissions::won))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(date, score, won)| DayResult { date, score: u32::try_from(score).unwrap_or(0), won: won != 0 })
        .collect())
}

/// What the server holds for the game: its result when finished (the unfinished log is then
/// dropped), else the stored log.
pub fn load(conn: &mut DbConn, game_id: i64, user_id: i64) -> Result<ProgressResponse, AppError> {
    if let Some(done) = finished(conn, game_id, user_id)? {
        return finished_answer(conn, game_id, user_id, done);
    }
    let actions = stored_log(conn, game_id, user_id, false)?.unwrap_or_default();
    Ok(ProgressResponse { actions, diverged: false, finished: None })
}

/// Merges the sent log (already checked with the shared rules) into the stored one, in one
/// write transaction.
pub fn save(
    conn: &mut DbConn,
    game_id: i64,
    user_id: i64,
    sent: Vec<Action>,
    now_ms: i64,
) -> Result<ProgressResponse, AppError> {
    db::write_transaction(conn, |conn| {
        if let Some(done) = finished(conn, game_id, user_id)? {
            return finished_answer(conn, game_id, user_id, done);
        }
        let json = serde_json::to_string(&sent).map_err(AppError::internal)?;
        if insert_new(conn, game_id, user_id, &json, now_ms)? {
            return Ok(ProgressResponse { actions: sent, diverged: false, finished: None });
        }
        let stored = stored_log(conn, game_id, user_id, true)?.unwrap_or_default();
        let (actions, diverged) = match merge(&stored, &sent) {
            Merge::TakeSent => {
                if sent.len() > stored.len() {
                    diesel::update(progress::table.find((user_id, game_id)))
                        .set((progress::actions.eq(&json), progress::updated_at.eq(now_ms)))
                        .execute(conn)?;
                }
                (sent, false)
            }
            Merge::KeepStored => (stored, false),
            Merge::Diverged => (stored, true),
        };
        Ok(ProgressResponse { actions, diverged, finished: None })
    })
}

fn finished_answer(
    conn: &mut DbConn,
    game_id: i64,
    user_id: i64,
    done: FinishedResult,
) -> Result<ProgressResponse, AppError> {
    diesel::delete(progress::table.find((user_id, game_id))).execute(conn)?;
    Ok(ProgressResponse { actions: Vec::new(), diverged: false, finished: Some(done) })
}

/// Stores the log when the game has none yet; `false` when one is stored (by this request's
/// race partner too: the insert skips it, and the merge then reads it).
fn insert_new(
    conn: &mut DbConn,
    game_id: i64,
    user_id: i64,
    json: &str,
    now_ms: i64,
) -> Result<bool, AppError> {
    let row = (
        progress::user_id.eq(user_id),
        progress::game_id.eq(game_id),
        progress::actions.eq(json),
        progress::updated_at.eq(now_ms),
    );
    let inserted = match conn {
        DbConn::Sqlite(c) => {
            diesel::insert_into(progress::table).values(&row).on_conflict_do_nothing().execute(c)?
        }
        DbConn::Pg(c) => {
            diesel::insert_into(progress::table).values(&row).on_conflict_do_nothing().execute(c)?
        }
    };
    Ok(inserted == 1)
}

/// The stored log (locked on PostgreSQL when `lock`; SQLite's write transaction already
/// excludes other writers). A log that no longer parses counts as none.
fn stored_log(
    conn: &mut DbConn,
    game_id: i64,
    user_id: i64,
    lock: bool,
) -> Result<Option<Vec<Action>>, AppError> {
    let query = progress::table.find((user_id, game_id)).select(progress::actions);
    let json: Option<String> = match conn {
        DbConn::Pg(c) if lock => query.for_update().first(c).optional()?,
        DbConn::Pg(c) => query.first(c).optional()?,
        DbConn::Sqlite(c) => query.first(c).optional()?,
    };
    Ok(json.and_then(|j| serde_json::from_str(&j).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(guesses: &[&str]) -> Vec<Action> {
        guesses.iter().map(|g| Action::Guess((*g).to_string())).collect()
    }

    #[test]
    fn the_log_that_extends_the_other_wins() {
        assert_eq!(merge(&log(&["a"]), &log(&["a", "b"])), Merge::TakeSent);
        assert_eq!(merge(&log(&["a", "b"]), &log(&["a", "b"])), Merge::TakeSent);
        assert_eq!(merge(&[], &log(&["a"])), Merge::TakeSent);
        assert_eq!(merge(&log(&["a", "b"]), &log(&["a"])), Merge::KeepStored);
        assert_eq!(merge(&log(&["a", "b"]), &log(&["a", "c"])), Merge::Diverged);
    }
}
