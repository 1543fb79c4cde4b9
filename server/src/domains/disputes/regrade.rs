//! Regrading a game's stored results after an accepted dispute added a spelling: each result
//! with an action log is replayed against the game as it is now (game-core's `regrade`), and
//! the result, the game's aggregates (player count, score sum, found counters, histogram; the
//! standings are read from the histogram) and the players' daily streaks become what they
//! would have been had the spelling been there from the start.
//!
//! In resumable batches: results in id order, `BATCH` per write transaction. A batch changes
//! its rows and adds the differences to the aggregates in the same transaction, so the figures
//! always equal a recount from the stored rows. A stored log is never rewritten (only the
//! result it gives), so regrading a regraded row changes nothing: running the whole regrade
//! again, after a crash half way or to pick up a result that was checked against the old game
//! while the spelling was being added, gives the same figures.
//!
//! Locks, in the submission writer's order (`submissions::batch`): the results' rows, then the
//! streak rows in userKey order, then the game's `game_stats` row (it serialises the game's
//! counters with the writer), so neither waits for the other in a circle. On SQLite the write
//! transaction already excludes every other writer.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use game_core::results::score_bucket;
use game_core::{regrade, Action};
use lavalist_api::submissions::Answer;

use crate::domains::games::model::StoredGame;
use crate::domains::submissions::streaks as streak_rows;
use crate::domains::submissions::summary::Columns;
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{game_item_stats, game_score_counts, game_stats, submissions};

/// Results per write transaction: short enough not to hold the game's counters for long.
pub const BATCH: i64 = 500;

/// What a regrade looked at and changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Stored results of the game (with or without a log).
    pub results: i64,
    /// Results whose score or found items changed.
    pub changed: i64,
}

/// Regrades every stored result of `game` (as it is now), `batch` results per transaction.
pub fn regrade_game(conn: &mut DbConn, game: &StoredGame, batch: i64) -> Result<Outcome, AppError> {
    let mut outcome = Outcome::default();
    let mut after_id = 0;
    loop {
        let step = write_transaction(conn, |conn| regrade_batch(conn, game, after_id, batch))?;
        outcome.results += step.rows;
        outcome.changed += step.changed;
        match step.last_id {
            Some(last) if step.rows == batch => after_id = last,
            _ => return Ok(outcome),
        }
    }
}

/// One stored result as a regrade reads it.
struct Row {
    id: i64,
    user_key: String,
    score: i32,
    answers: Vec<Answer>,
    actions: Option<String>,
    /// Played as daily play (it counts toward the streaks).
    daily_play: bool,
    summary: Columns,
}

/// A result before and after its regrade.
struct Change {
    id: i64,
    user_key: String,
    daily_play: bool,
    before: (i32, Vec<Answer>),
    after: (i32, Vec<Answer>),
    /// The boards' summary of the regraded result.
    summary: Columns,
}

impl Change {
    /// Whether the score or the found items changed (not only a board's counts).
    fn result_changed(&self) -> bool {
        self.before != self.after
    }
}

struct Step {
    rows: i64,
    changed: i64,
    last_id: Option<i64>,
}

fn regrade_batch(conn: &mut DbConn, game: &StoredGame, after_id: i64, batch: i64) -> Result<Step, AppError> {
    let rows = load_rows(conn, game.id, after_id, batch)?;
    let changes: Vec<Change> = rows.iter().filter_map(|row| regraded(game, row)).collect();
    for change in &changes {
        store_result(conn, change)?;
    }
    // Only daily play counts toward streaks and a board's totals, whatever the game's daily
    // date; a regraded score changes the totals even where the streak stays.
    // The streak rows are the players' in the game's edition.
    let streak_keys: BTreeSet<String> = changes
        .iter()
        .filter(|c| c.daily_play)
        .map(|c| streak_rows::key(&c.user_key, &game.language))
        .collect();
    let streak_keys: BTreeSet<&str> = streak_keys.iter().map(String::as_str).collect();
    if !streak_keys.is_empty() {
        streak_rows::lock(conn, &streak_keys)?;
    }
    lock_game_counters(conn, game.id)?;
    add_differences(conn, game.id, &changes)?;
    recount_streaks(conn, &streak_keys)?;
    let changed = changes.iter().filter(|c| c.result_changed()).count() as i64;
    Ok(Step { rows: rows.len() as i64, changed, last_id: rows.last().map(|r| r.id) })
}

/// A no-op update: takes the row lock the submission writer takes last for this game.
fn lock_game_counters(conn: &mut DbConn, game_id: i64) -> Result<(), AppError> {
    diesel::update(game_stats::table.find(game_id))
        .set(game_stats::player_count.eq(game_stats::player_count))
        .execute(conn)?;
    Ok(())
}

fn load_rows(conn: &mut DbConn, game_id: i64, after_id: i64, batch: i64) -> Result<Vec<Row>, AppError> {
    type Stored =
        (i64, String, i32, String, Option<String>, Option<String>, (i32, i32, Option<i32>, Option<i32>));
    let rows: Vec<Stored> = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::id.gt(after_id))
        .order(submissions::id.asc())
        .limit(batch)
        .select((
            submissions::id,
            submissions::user_key,
            submissions::score,
            submissions::answers,
            submissions::actions,
            submissions::daily_day,
            (submissions::found, submissions::won, submissions::wrong, submissions::hints),
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, user_key, score, answers, actions, daily_day, (found, won, wrong, hints))| {
            let answers = serde_json::from_str(&answers).map_err(AppError::internal)?;
            let summary = Columns { found, won, wrong, hints };
            Ok(Row { id, user_key, score, answers, actions, daily_play: daily_day.is_some(), summary })
        })
        .collect()
}

/// The row's result replayed against the game as it is now, when it (or its board summary)
/// differs. A result stored
/// without a log cannot be replayed and stays as it is; so does one whose log no longer parses
/// or replays (logged: only this server wrote them).
fn regraded(game: &StoredGame, row: &Row) -> Option<Change> {
    let actions: Vec<Action> = serde_json::from_str(row.actions.as_deref()?)
        .map_err(|e| tracing::warn!(id = row.id, error = %e, "a stored action log does not parse"))
        .ok()?;
    let state = regrade(game.def(), &actions)
        .map_err(|e| tracing::warn!(id = row.id, error = %e, "a stored action log does not regrade"))
        .ok()?
        .state;
    let answers = crate::domains::submissions::check::answers_of(game, &state);
    let score = i32::try_from(state.score()).ok()?;
    let summary = Columns::of(&answers, Some(state.summary()));
    (score != row.score || answers != row.answers || summary != row.summary).then(|| Change {
        id: row.id,
        user_key: row.user_key.clone(),
        daily_play: row.daily_play,
        before: (row.score, row.answers.clone()),
        after: (score, answers),
        summary,
    })
}

fn store_result(conn: &mut DbConn, change: &Change) -> Result<(), AppError> {
    let answers = serde_json::to_string(&change.after.1).map_err(AppError::internal)?;
    let summary = change.summary;
    diesel::update(submissions::table.find(change.id))
        .set((
            submissions::score.eq(change.after.0),
            submissions::answers.eq(answers),
            submissions::found.eq(summary.found),
            submissions::won.eq(summary.won),
            submissions::wrong.eq(summary.wrong),
            submissions::hints.eq(summary.hints),
        ))
        .execute(conn)?;
    Ok(())
}

fn found(answers: &[Answer]) -> impl Iterator<Item = i64> + '_ {
    answers.iter().filter(|a| a.guessed_correctly).map(|a| i64::from(a.answer_id))
}

fn won(answers: &[Answer]) -> bool {
    game_core::results::is_won(&answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>())
}

fn bucket(score: i32) -> i32 {
    score_bucket(u32::try_from(score).unwrap_or(0)) as i32
}

/// What the changed results add to (or take from) the game's counters: the player count stays.
#[derive(Debug, Default, PartialEq, Eq)]
struct Differences {
    score_sum: i64,
    /// Winners and items found in all (the creator's stats).
    won: i64,
    found_sum: i64,
    found: BTreeMap<i64, i64>,
    buckets: BTreeMap<i32, i64>,
}

fn differences(changes: &[Change]) -> Differences {
    let mut diff = Differences::default();
    for change in changes {
        diff.score_sum += i64::from(change.after.0) - i64::from(change.before.0);
        diff.won += i64::from(won(&change.after.1)) - i64::from(won(&change.before.1));
        diff.found_sum += found(&change.after.1).count() as i64 - found(&change.before.1).count() as i64;
        for item in found(&change.before.1) {
            *diff.found.entry(item).or_default() -= 1;
        }
        for item in found(&change.after.1) {
            *diff.found.entry(item).or_default() += 1;
        }
        *diff.buckets.entry(bucket(change.before.0)).or_default() -= 1;
        *diff.buckets.entry(bucket(change.after.0)).or_default() += 1;
    }
    diff.found.retain(|_, n| *n != 0);
    diff.buckets.retain(|_, n| *n != 0);
    diff
}

fn add_differences(conn: &mut DbConn, game_id: i64, changes: &[Change]) -> Result<(), AppError> {
    let diff = differences(changes);
    if diff.score_sum != 0 || diff.won != 0 || diff.found_sum != 0 {
        diesel::update(game_stats::table.find(game_id))
            .set((
                game_stats::score_sum.eq(game_stats::score_sum + diff.score_sum),
                game_stats::won_count.eq(game_stats::won_count + diff.won),
                game_stats::found_sum.eq(game_stats::found_sum + diff.found_sum),
            ))
            .execute(conn)?;
    }
    for (item_id, n) in diff.found {
        diesel::update(game_item_stats::table.find((game_id, item_id)))
            .set(game_item_stats::found_count.eq(game_item_stats::found_count + n))
            .execute(conn)?;
    }
    for (bucket, n) in diff.buckets {
        diesel::update(game_score_counts::table.find((game_id, bucket)))
            .set(game_score_counts::players.eq(game_score_counts::players + n))
            .execute(conn)?;
    }
    Ok(())
}

/// The daily streaks of these players (locked), rebuilt from their stored results on games with
/// a daily date (the shared rule, as the writer builds them day by day).
fn recount_streaks(conn: &mut DbConn, user_keys: &BTreeSet<&str>) -> Result<(), AppError> {
    streak_rows::rebuild_all(conn, user_keys)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(found: &[u32]) -> Vec<Answer> {
        (1..=3).map(|id| Answer { answer_id: id, guessed_correctly: found.contains(&id) }).collect()
    }

    #[test]
    fn differences_move_a_result_between_buckets_and_items() {
        let change = Change {
            id: 1,
            user_key: "k".into(),
            daily_play: true,
            before: (90, answers(&[1])),
            after: (200, answers(&[1, 3])),
            summary: Columns { found: 2, won: 0, wrong: Some(0), hints: Some(0) },
        };
        let diff = differences(&[change]);
        assert_eq!(
            diff,
            Differences {
                score_sum: 110,
                won: 0,
                found_sum: 1,
                found: BTreeMap::from([(3, 1)]),
                buckets: BTreeMap::from([(9, -1), (20, 1)]),
            }
        );
    }
}
