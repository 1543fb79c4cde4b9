//! Per-result summaries: what the boards, the calendar and the streaks read of a result
//! (`daily_day`, `found`, `won`, `wrong`, `hints`), written once when the result is stored, so
//! that reading a board never loads or replays an action log. An accepted dispute rewrites
//! them with the regraded result (`disputes::regrade`).
//!
//! Rows an older release wrote (during a rolling deploy, or before this column existed) have
//! `summary_version` 0; [`backfill`] summarises them at start, in short batches.

use std::collections::{BTreeSet, HashMap};

use chrono::DateTime;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::Integer;
use game_core::calendar::{accepts_daily, format_date};
use game_core::results::{is_won, Summary};
use game_core::{regrade, Action, GameState};
use lavalist_api::submissions::Answer;

use crate::domains::games::interface::{GameRow, StoredGame};
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{games, submissions};

/// The `summary_version` of a row whose summary columns are set.
pub const SUMMARY_VERSION: i32 = 1;
/// Rows summarised per write transaction.
const BATCH: i64 = 500;

/// The summary columns of a result as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub found: i32,
    /// 0 or 1: an integer, so that a table sums it on both backends.
    pub won: i32,
    /// `None` without a replayed log: such a result is never on a board.
    pub wrong: Option<i32>,
    pub hints: Option<i32>,
}

impl Columns {
    /// From the stored answers, and the replay's counts when the result has a log.
    pub fn of(answers: &[Answer], replayed: Option<Summary>) -> Self {
        let found = answers.iter().filter(|a| a.guessed_correctly).count();
        let won = is_won(&answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>());
        Columns {
            found: i32::try_from(found).unwrap_or(i32::MAX),
            won: i32::from(won),
            wrong: replayed.map(|s| small(s.wrong)),
            hints: replayed.map(|s| small(s.hints)),
        }
    }
}

fn small(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The replay's counts of a stored log on the game as it is now: the strict replay, else the
/// regrade an accepted dispute applies (a log played before a spelling was added); `None` for a
/// log that neither replays (the board leaves such a result out, as it always did).
pub fn replay(game: &StoredGame, actions_json: &str) -> Option<Summary> {
    let actions: Vec<Action> = serde_json::from_str(actions_json).ok()?;
    match GameState::replay(game.def(), &actions) {
        Ok(state) => Some(state.summary()),
        Err(_) => regrade(game.def(), &actions).ok().map(|r| r.state.summary()),
    }
}

/// Summarises every row an older release wrote, then recounts the streak rows whose totals miss
/// them; how many rows. Its daily day is inferred the only
/// way left: the game's daily date, when the result arrived within that day's window (an old
/// row does not say which route it came through).
pub fn backfill(conn: &mut DbConn) -> Result<u64, AppError> {
    let mut done = 0;
    loop {
        let (n, finished) = backfill_step(conn, u32::MAX)?;
        done += n;
        if finished {
            if done > 0 {
                tracing::info!(rows = done, "summarised the results an older release stored");
            }
            return Ok(done);
        }
    }
}

/// Up to `batches` batches of [`backfill`], each committed on its own (so the work resumes
/// where it stopped): how many rows, and whether it is finished (the streak rows then
/// recounted too).
pub fn backfill_step(conn: &mut DbConn, batches: u32) -> Result<(u64, bool), AppError> {
    let mut done = 0;
    for _ in 0..batches.max(1) {
        let n = write_transaction(conn, backfill_batch)?;
        done += n;
        if n < BATCH as u64 {
            super::streaks::recount_uncounted(conn)?;
            return Ok((done, true));
        }
    }
    Ok((done, false))
}

type LegacyRow = (i64, i64, String, String, Option<String>, i64);

fn backfill_batch(conn: &mut DbConn) -> Result<u64, AppError> {
    let rows: Vec<LegacyRow> = submissions::table
        // A literal, not a bound 0: SQLite uses the partial index only for a WHERE it can
        // match when preparing the statement.
        .filter(submissions::summary_version.eq(sql::<Integer>("0")))
        .order(submissions::id.asc())
        .limit(BATCH)
        .select((
            submissions::id,
            submissions::game_id,
            submissions::user_key,
            submissions::answers,
            submissions::actions,
            submissions::created_at,
        ))
        .load(conn)?;
    let games = games_of(conn, rows.iter().map(|r| r.1).collect())?;
    let mut daily_players = BTreeSet::new();
    for (id, game_id, user_key, answers, actions, created_at) in &rows {
        let answers: Vec<Answer> = serde_json::from_str(answers).map_err(AppError::internal)?;
        let game = games.get(game_id);
        let replayed = game.zip(actions.as_deref()).and_then(|(g, a)| replay(g, a));
        let summary = Columns::of(&answers, replayed);
        let arrived = DateTime::from_timestamp_millis(*created_at).unwrap_or_default();
        let daily_day =
            game.and_then(|g| g.daily_date).filter(|day| accepts_daily(*day, arrived)).map(format_date);
        if daily_day.is_some() {
            daily_players.insert(user_key.as_str());
        }
        diesel::update(submissions::table.find(id))
            .set((
                submissions::daily_day.eq(daily_day),
                submissions::found.eq(summary.found),
                submissions::won.eq(summary.won),
                submissions::wrong.eq(summary.wrong),
                submissions::hints.eq(summary.hints),
                submissions::summary_version.eq(SUMMARY_VERSION),
            ))
            .execute(conn)?;
    }
    // Their streak rows' totals now miss these results: recounted when the backfill ends.
    super::streaks::mark_uncounted(conn, &daily_players)?;
    Ok(rows.len() as u64)
}

fn games_of(conn: &mut DbConn, ids: BTreeSet<i64>) -> Result<HashMap<i64, StoredGame>, AppError> {
    let rows: Vec<GameRow> =
        games::table.filter(games::id.eq_any(ids)).select(GameRow::as_select()).load(conn)?;
    rows.into_iter().map(|row| StoredGame::try_from(row).map(|g| (g.id, g))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_the_answers_and_keep_the_replay() {
        let answers: Vec<Answer> =
            (1..=3).map(|i| Answer { answer_id: i, guessed_correctly: i != 2 }).collect();
        let replayed = Summary { score: 170, found: 2, wrong: 2, hints: 1, won: false };
        assert_eq!(
            Columns::of(&answers, Some(replayed)),
            Columns { found: 2, won: 0, wrong: Some(2), hints: Some(1) }
        );
        let all: Vec<Answer> = (1..=3).map(|i| Answer { answer_id: i, guessed_correctly: true }).collect();
        assert_eq!(Columns::of(&all, None), Columns { found: 3, won: 1, wrong: None, hints: None });
    }
}
