//! The player's results in the registry ([`crate::domains::player_data`]): at a claim they move
//! from the browser's key to the account's, at a deletion to an anonymous key (still counted in
//! every game's aggregates, their client address blanked), and the export lists them.
//!
//! A result moves with its streak rows rebuilt and its rating: each row moves unless the target
//! key already has a result for that game (that row stays where it is). The per-game aggregates
//! do not change: the same results, a new owner. Both keys' streak rows are then recomputed from
//! their daily results with the shared rule, as a recount does.
//!
//! Idempotent: a second claim finds nothing left to move. Exclusive: once moved, a row is no
//! longer under the browser's key, so another account claiming that key gets nothing of it.
//!
//! Locks follow the submission writer's order (submission rows, then streak rows in userKey
//! order), so a claim and a batch cannot deadlock by order; a claim racing a batch that stores
//! the account's result for the same game meets a unique violation, and the caller tries again.

use std::collections::BTreeSet;

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use game_core::Item;
use lavalist_api::accounts::{AccountExport, ExportedResult};
use lavalist_api::submissions::Answer;

use super::streaks as streak_rows;
use crate::domains::player_data::{Account, Claimed, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{games, ratings, submissions};

/// Results, their streak rows and the ratings that go with them.
pub struct Results;

impl PlayerData for Results {
    fn name(&self) -> &'static str {
        "results"
    }

    fn claim(
        &self,
        conn: &mut DbConn,
        browser_key: &str,
        account: Account<'_>,
        done: &mut Claimed,
    ) -> Result<(), DieselError> {
        done.results += move_results(conn, browser_key, account.key)?;
        Ok(())
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        anonymous_key: &str,
        done: &mut Deleted,
    ) -> Result<(), DieselError> {
        done.results_moved = move_results(conn, account.key, anonymous_key)?;
        // Every result of the account moved (the anonymous key is new, so none is held back).
        diesel::update(submissions::table.filter(submissions::user_key.eq(anonymous_key)))
            .set(submissions::ip.eq(""))
            .execute(conn)?;
        Ok(())
    }

    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        released: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError> {
        out.results = results(conn, account.key, released)?;
        Ok(())
    }
}

/// Moves `from_key`'s results to `to_key` (each unless `to_key` has one for that game) and
/// rebuilds both keys' streak rows, inside the caller's transaction; how many moved.
fn move_results(conn: &mut DbConn, from_key: &str, to_key: &str) -> Result<u32, DieselError> {
    let held: Vec<i64> = submissions::table
        .filter(submissions::user_key.eq(to_key))
        .select(submissions::game_id)
        .load(conn)?;
    let movable = lock_movable(conn, from_key, &held)?;
    if movable.is_empty() {
        return Ok(0);
    }
    let moved = diesel::update(
        submissions::table
            .filter(submissions::user_key.eq(from_key))
            .filter(submissions::game_id.eq_any(&movable)),
    )
    .set(submissions::user_key.eq(to_key))
    .execute(conn)?;
    // A rating goes with its result (the target had none of these games, so no rating either).
    diesel::update(
        ratings::table.filter(ratings::rater_key.eq(from_key)).filter(ratings::game_id.eq_any(&movable)),
    )
    .set(ratings::rater_key.eq(to_key))
    .execute(conn)?;
    // Locked first, in userKey order, as the writer does: a batch that stored a result
    // meanwhile has committed, and one that has not yet advanced a streak does so after this
    // claim, from the rebuilt row.
    // Every edition's row of both keys: the moved results may be in any of them.
    let keys = streak_rows::edition_keys(conn, &BTreeSet::from([from_key, to_key]))?;
    let keys: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    streak_rows::lock(conn, &keys)?;
    for key in keys {
        streak_rows::rebuild(conn, key)?;
    }
    Ok(u32::try_from(moved).unwrap_or(u32::MAX))
}

/// The games of the rows to move (those the target has no result for), in game order; on
/// PostgreSQL those rows are locked in that order (SQLite's immediate transaction already
/// excludes every other writer).
fn lock_movable(conn: &mut DbConn, from_key: &str, held: &[i64]) -> Result<Vec<i64>, DieselError> {
    let query = submissions::table
        .filter(submissions::user_key.eq(from_key))
        .filter(submissions::game_id.ne_all(held))
        .order(submissions::game_id)
        .select(submissions::game_id);
    match conn {
        DbConn::Sqlite(c) => query.load(c),
        DbConn::Pg(c) => query.for_update().load(c),
    }
}

type ResultRow = (String, String, String, i64, i32, i32, i32, Option<String>, String);

/// `released`: today's date; games scheduled after it are left out.
fn results(conn: &mut DbConn, account_key: &str, released: &str) -> Result<Vec<ExportedResult>, AppError> {
    let rows: Vec<ResultRow> = submissions::table
        .inner_join(games::table)
        .filter(submissions::user_key.eq(account_key))
        .filter(games::edition_date.is_null().or(games::edition_date.le(released)))
        .order((submissions::created_at.asc(), submissions::id.asc()))
        .select((
            games::uid,
            games::prompt,
            games::items,
            submissions::created_at,
            submissions::score,
            submissions::found,
            submissions::won,
            submissions::daily_day,
            submissions::answers,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, prompt, items, at, score, found, won, daily_day, answers)| {
            let items: Vec<Item> = serde_json::from_str(&items).unwrap_or_default();
            let answers: Vec<Answer> = serde_json::from_str(&answers).unwrap_or_default();
            let answers_found = answers
                .iter()
                .filter(|a| a.guessed_correctly)
                .filter_map(|a| items.iter().find(|i| i.id == a.answer_id).map(|i| i.name.clone()))
                .collect();
            ExportedResult {
                game_uid,
                prompt,
                played_at: format_millis(at),
                score,
                found,
                won: won != 0,
                daily_day,
                answers_found,
            }
        })
        .collect())
}
