//! Claiming a browser's results for an account, at sign-up and login: the rows stored under the
//! browser's userKey move to the account's key, each unless the account already has a result
//! for that game (that row stays where it is). The per-game aggregates do not change: the same
//! results, a new owner. Both keys' streak rows are then recomputed from their daily results
//! with the shared rule, as a recount does.
//!
//! The browser's challenge links and the past days it stored for challenges move with them
//! (`challenges::queries::claim`).
//!
//! Idempotent: a second claim finds nothing left to move. Exclusive: once moved, a row is no
//! longer under the browser's key, so another account claiming that key gets nothing of it.
//!
//! Locks follow the submission writer's order (submission rows, then streak rows in userKey
//! order), so a claim and a batch cannot deadlock by order; a claim racing a batch that stores
//! the account's result for the same game meets a unique violation, and is tried again.

use std::collections::BTreeSet;
use std::thread;
use std::time::Duration;

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::domains::submissions::account_user_key;
use crate::domains::submissions::streaks as streak_rows;
use crate::platform::db::{self, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{ratings, submissions};

const ATTEMPTS: u32 = 5;
const RETRY_PAUSE: Duration = Duration::from_millis(5);

/// Moves the browser's results to the account; how many moved.
pub fn claim(conn: &mut DbConn, browser_key: &str, user_id: i64) -> Result<u32, AppError> {
    let account_key = account_user_key(user_id);
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        let moved = |conn: &mut DbConn| {
            let moved = move_results(conn, browser_key, &account_key)?;
            crate::domains::challenges::queries::claim(conn, browser_key, &account_key)?;
            Ok::<_, DieselError>(moved)
        };
        match db::write_transaction(conn, moved) {
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
pub fn is_transient(err: &DieselError) -> bool {
    match err {
        DieselError::DatabaseError(
            DatabaseErrorKind::SerializationFailure | DatabaseErrorKind::UniqueViolation,
            _,
        ) => true,
        DieselError::DatabaseError(_, info) => info.message().contains("deadlock detected"),
        _ => false,
    }
}

/// Moves `browser_key`'s results to `account_key` (each unless `account_key` has one for that
/// game) and rebuilds both keys' streak rows, inside the caller's transaction. Also how a
/// deleted account's results move to an anonymous key (`accounts::deletion`).
pub fn move_results(conn: &mut DbConn, browser_key: &str, account_key: &str) -> Result<u32, DieselError> {
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
    // A rating goes with its result (the account had none of these games, so no rating either).
    diesel::update(
        ratings::table.filter(ratings::rater_key.eq(browser_key)).filter(ratings::game_id.eq_any(&movable)),
    )
    .set(ratings::rater_key.eq(account_key))
    .execute(conn)?;
    // Locked first, in userKey order, as the writer does: a batch that stored a result
    // meanwhile has committed, and one that has not yet advanced a streak does so after this
    // claim, from the rebuilt row.
    // Every edition's row of both keys: the moved results may be in any of them.
    let keys = streak_rows::edition_keys(conn, &BTreeSet::from([browser_key, account_key]))?;
    let keys: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    streak_rows::lock(conn, &keys)?;
    for key in keys {
        streak_rows::rebuild(conn, key)?;
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
