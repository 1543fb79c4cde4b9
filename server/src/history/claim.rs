//! Claiming a browser's results for an account, at sign-up and login: the rows stored under the
//! browser's userKey move to the account's key, each unless the account already has a result
//! for that game (that row stays where it is). The per-game aggregates do not change: the same
//! results, a new owner. Both keys' streak rows are then recomputed from their daily results
//! with the shared rule, as a recount does.
//!
//! Idempotent: a second claim finds nothing left to move. Exclusive: once moved, a row is no
//! longer under the browser's key, so another account claiming that key gets nothing of it.
//!
//! Locks follow the submission writer's order (submission rows, then streak rows in userKey
//! order), so a claim and a batch cannot deadlock by order; a claim racing a batch that stores
//! the account's result for the same game meets a unique violation, and is tried again.

use std::thread;
use std::time::Duration;

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::upsert::excluded;
use game_core::calendar::{format_date, parse_date};
use game_core::results::is_won;
use game_core::streak::Streak;
use lavalist_api::submissions::Answer;

use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::schema::{games, streaks, submissions};
use crate::submissions::account_user_key;

const ATTEMPTS: u32 = 5;
const RETRY_PAUSE: Duration = Duration::from_millis(5);

/// Moves the browser's results to the account; how many moved.
pub fn claim(conn: &mut DbConn, browser_key: &str, user_id: i64) -> Result<u32, AppError> {
    let account_key = account_user_key(user_id);
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        match db::write_transaction(conn, |conn| move_results(conn, browser_key, &account_key)) {
            Err(err) if is_transient(&err) && attempt < ATTEMPTS => {
                tracing::info!(error = %err, attempt, "retrying a claim");
                thread::sleep(pause);
                pause *= 2;
            }
            done => return done.map_err(AppError::from),
        }
    }
    unreachable!("the loop returns by its last attempt")
}

/// A deadlock, a serialization failure or a unique violation (a batch stored the account's
/// result for a game being moved meanwhile): tried again, the next try sees that row.
fn is_transient(err: &DieselError) -> bool {
    match err {
        DieselError::DatabaseError(
            DatabaseErrorKind::SerializationFailure | DatabaseErrorKind::UniqueViolation,
            _,
        ) => true,
        DieselError::DatabaseError(_, info) => info.message().contains("deadlock detected"),
        _ => false,
    }
}

fn move_results(conn: &mut DbConn, browser_key: &str, account_key: &str) -> Result<u32, DieselError> {
    let held: Vec<i64> = submissions::table
        .filter(submissions::user_key.eq(account_key))
        .select(submissions::game_id)
        .load(conn)?;
    let movable = lock_movable(conn, browser_key, &held)?;
    if movable.is_empty() {
        return Ok(0);
    }
    let moved = diesel::update(
        submissions::table
            .filter(submissions::user_key.eq(browser_key))
            .filter(submissions::game_id.eq_any(&movable)),
    )
    .set(submissions::user_key.eq(account_key))
    .execute(conn)?;
    let mut keys = [browser_key, account_key];
    keys.sort_unstable();
    lock_streaks(conn, &keys)?;
    for key in keys {
        recompute_streak(conn, key)?;
    }
    Ok(u32::try_from(moved).unwrap_or(u32::MAX))
}

/// The games of the browser's rows to move (those the account has no result for), in game
/// order; on PostgreSQL those rows are locked in that order (SQLite's immediate transaction
/// already excludes every other writer).
fn lock_movable(conn: &mut DbConn, browser_key: &str, held: &[i64]) -> Result<Vec<i64>, DieselError> {
    let query = submissions::table
        .filter(submissions::user_key.eq(browser_key))
        .filter(submissions::game_id.ne_all(held))
        .order(submissions::game_id)
        .select(submissions::game_id);
    match conn {
        DbConn::Sqlite(c) => query.load(c),
        DbConn::Pg(c) => query.for_update().load(c),
    }
}

/// On PostgreSQL, creates the missing streak rows and locks them in userKey order before their
/// results are read, as the writer does: a batch that stored a result meanwhile has committed,
/// and one that has not yet advanced a streak does so after this claim, from the recounted row.
fn lock_streaks(conn: &mut DbConn, keys: &[&str]) -> Result<(), DieselError> {
    let DbConn::Pg(c) = conn else { return Ok(()) };
    let blanks: Vec<_> = keys
        .iter()
        .map(|k| {
            (
                streaks::user_key.eq(*k),
                streaks::last_played.eq(""),
                streaks::played_streak.eq(0),
                streaks::won_streak.eq(0),
            )
        })
        .collect();
    diesel::insert_into(streaks::table)
        .values(&blanks)
        .on_conflict(streaks::user_key)
        .do_update()
        .set(streaks::last_played.eq(streaks::last_played))
        .execute(c)?;
    Ok(())
}

/// The streak of a userKey replayed from its daily results in date order (the shared rule, as
/// the recount does).
pub fn recount_streak(conn: &mut DbConn, user_key: &str) -> Result<Option<Streak>, DieselError> {
    let rows: Vec<(String, String)> = submissions::table
        .inner_join(games::table.on(games::id.eq(submissions::game_id)))
        .filter(submissions::user_key.eq(user_key))
        .filter(games::daily_date.is_not_null())
        .select((games::daily_date.assume_not_null(), submissions::answers))
        .load(conn)?;
    let mut plays: Vec<(String, bool)> = rows
        .into_iter()
        .map(|(day, answers)| {
            let answers: Vec<Answer> = serde_json::from_str(&answers).unwrap_or_default();
            (day, is_won(&answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>()))
        })
        .collect();
    if plays.is_empty() {
        return Ok(None);
    }
    plays.sort();
    Ok(Some(plays.iter().fold(Streak::default(), |streak, (day, won)| match parse_date(day) {
        Some(day) => streak.after(day, *won),
        None => streak,
    })))
}

/// Writes the recounted streak of a userKey (deleting its row when it has no daily result).
fn recompute_streak(conn: &mut DbConn, user_key: &str) -> Result<(), DieselError> {
    let Some(streak) = recount_streak(conn, user_key)? else {
        diesel::delete(streaks::table.find(user_key)).execute(conn)?;
        return Ok(());
    };
    let row = (
        streaks::user_key.eq(user_key),
        streaks::last_played.eq(streak.last_played.map(format_date).unwrap_or_default()),
        streaks::played_streak.eq(streak.played),
        streaks::won_streak.eq(streak.won),
    );
    let update = (
        streaks::last_played.eq(excluded(streaks::last_played)),
        streaks::played_streak.eq(excluded(streaks::played_streak)),
        streaks::won_streak.eq(excluded(streaks::won_streak)),
    );
    match conn {
        DbConn::Sqlite(c) => diesel::insert_into(streaks::table)
            .values(&row)
            .on_conflict(streaks::user_key)
            .do_update()
            .set(update)
            .execute(c)?,
        DbConn::Pg(c) => diesel::insert_into(streaks::table)
            .values(&row)
            .on_conflict(streaks::user_key)
            .do_update()
            .set(update)
            .execute(c)?,
    };
    Ok(())
}
