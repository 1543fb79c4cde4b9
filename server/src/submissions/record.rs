//! Storing one checked result: the unique (game, userKey) row, the game's aggregates and the
//! player's streak, all in the caller's transaction, so a result counts exactly once or not at all.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use game_core::calendar::{format_date, parse_date};
use game_core::results::score_bucket;
use game_core::streak::Streak;
use lavalist_api::submissions::Answer;

use super::check::CheckedResult;
use crate::db::DbConn;
use crate::error::{AppError, ErrorCode};
use crate::schema::{game_item_stats, game_score_counts, game_stats, streaks, submissions};
use crate::window::SlidingWindow;

/// What to store.
#[derive(Debug, Clone)]
pub struct Job {
    pub game_id: i64,
    /// Set for daily games: results then count toward streaks.
    pub daily_date: Option<NaiveDate>,
    pub user_key: String,
    pub result: CheckedResult,
    pub ip: String,
    pub now_ms: i64,
    pub cap_per_hour: u32,
}

/// The stored result (new, or the identical one stored before).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub score: u32,
    pub answers: Vec<Answer>,
}

#[derive(Debug)]
pub enum RecordError {
    /// Another instance stored this (game, userKey) between our check and our insert.
    LostRace,
    App(AppError),
}

impl From<DieselError> for RecordError {
    fn from(err: DieselError) -> Self {
        RecordError::App(err.into())
    }
}

impl From<AppError> for RecordError {
    fn from(err: AppError) -> Self {
        RecordError::App(err)
    }
}

const HOUR_MS: i64 = 3_600_000;

/// Stores the job's result (call inside a transaction). An identical earlier result is returned
/// as is; a different one is a 409.
pub fn record(conn: &mut DbConn, job: &Job) -> Result<Stored, RecordError> {
    if let Some(existing) = find(conn, job.game_id, &job.user_key)? {
        return Ok(same_or_conflict(existing, job)?);
    }
    enforce_ip_cap(conn, job)?;
    insert(conn, job)?;
    add_to_aggregates(conn, job)?;
    if let Some(day) = job.daily_date {
        advance_streak(conn, &job.user_key, day, job.result.won())?;
    }
    Ok(Stored { score: job.result.score, answers: job.result.answers.clone() })
}

/// After a lost race the row exists: answer as for any repeat.
pub fn existing(conn: &mut DbConn, job: &Job) -> Result<Stored, AppError> {
    let stored = find(conn, job.game_id, &job.user_key)?
        .ok_or_else(|| AppError::internal("a conflicting submission vanished"))?;
    same_or_conflict(stored, job)
}

pub fn find(conn: &mut DbConn, game_id: i64, user_key: &str) -> Result<Option<Stored>, AppError> {
    let row: Option<(i32, String)> = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq(user_key))
        .select((submissions::score, submissions::answers))
        .first(conn)
        .optional()?;
    row.map(|(score, answers)| {
        let answers = serde_json::from_str(&answers).map_err(AppError::internal)?;
        Ok(Stored { score: u32::try_from(score).unwrap_or(0), answers })
    })
    .transpose()
}

fn same_or_conflict(existing: Stored, job: &Job) -> Result<Stored, AppError> {
    if existing.score == job.result.score && existing.answers == job.result.answers {
        Ok(existing)
    } else {
        Err(AppError::refused(
            ErrorCode::ResultConflict,
            "A different result was already submitted for this game and userKey.",
        ))
    }
}

/// Limits how many userKeys one address can mint per game and hour (0 = no cap). Looks only at
/// the cap-th newest result from that address, so the cost is bounded by the cap, not by how
/// many results the address has; there is room again once that result is an hour old.
fn enforce_ip_cap(conn: &mut DbConn, job: &Job) -> Result<(), AppError> {
    let window = SlidingWindow::new(job.cap_per_hour, HOUR_MS);
    if window.is_off() {
        return Ok(());
    }
    let cap_th_newest: Option<i64> = submissions::table
        .filter(submissions::game_id.eq(job.game_id))
        .filter(submissions::ip.eq(&job.ip))
        .filter(submissions::created_at.gt(window.cutoff(job.now_ms)))
        .order(submissions::created_at.desc())
        .offset(window.deciding_offset())
        .select(submissions::created_at)
        .first(conn)
        .optional()?;
    window.check(cap_th_newest, job.now_ms)
}

fn insert(conn: &mut DbConn, job: &Job) -> Result<(), RecordError> {
    let answers = serde_json::to_string(&job.result.answers).map_err(AppError::internal)?;
    let inserted = diesel::insert_into(submissions::table)
        .values((
            submissions::game_id.eq(job.game_id),
            submissions::user_key.eq(&job.user_key),
            submissions::score.eq(job.result.score as i32),
            submissions::answers.eq(answers),
            submissions::actions.eq(&job.result.actions_json),
            submissions::ip.eq(&job.ip),
            submissions::created_at.eq(job.now_ms),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Err(RecordError::LostRace),
        Err(err) => Err(err.into()),
    }
}

/// Player count, score sum, per-item found counts and the score histogram, updated in place.
pub fn add_to_aggregates(conn: &mut DbConn, job: &Job) -> Result<(), AppError> {
    add_result(conn, job.game_id, &job.result)
}

pub fn add_result(conn: &mut DbConn, game_id: i64, result: &CheckedResult) -> Result<(), AppError> {
    diesel::update(game_stats::table.filter(game_stats::game_id.eq(game_id)))
        .set((
            game_stats::player_count.eq(game_stats::player_count + 1),
            game_stats::score_sum.eq(game_stats::score_sum + i64::from(result.score)),
        ))
        .execute(conn)?;
    let found: Vec<i64> = result.found_ids().into_iter().map(i64::from).collect();
    if !found.is_empty() {
        diesel::update(
            game_item_stats::table
                .filter(game_item_stats::game_id.eq(game_id))
                .filter(game_item_stats::item_id.eq_any(found)),
        )
        .set(game_item_stats::found_count.eq(game_item_stats::found_count + 1))
        .execute(conn)?;
    }
    let bucket = score_bucket(result.score) as i32;
    diesel::update(
        game_score_counts::table
            .filter(game_score_counts::game_id.eq(game_id))
            .filter(game_score_counts::bucket.eq(bucket)),
    )
    .set(game_score_counts::players.eq(game_score_counts::players + 1))
    .execute(conn)?;
    Ok(())
}

pub fn load_streak(conn: &mut DbConn, user_key: &str) -> Result<Streak, AppError> {
    let row: Option<(String, i32, i32)> = streaks::table
        .find(user_key)
        .select((streaks::last_played, streaks::played_streak, streaks::won_streak))
        .first(conn)
        .optional()?;
    Ok(row.map_or(Streak { last_played: None, played: 0, won: 0 }, |(last, played, won)| Streak {
        last_played: parse_date(&last),
        played,
        won,
    }))
}

/// Read-modify-write of the streak row. SQLite's immediate transaction already excludes other
/// writers; on PostgreSQL the row is created if missing and then locked.
fn advance_streak(conn: &mut DbConn, user_key: &str, day: NaiveDate, won: bool) -> Result<(), AppError> {
    let blank = (
        streaks::user_key.eq(user_key),
        streaks::last_played.eq(""),
        streaks::played_streak.eq(0),
        streaks::won_streak.eq(0),
    );
    match conn {
        DbConn::Sqlite(c) => diesel::insert_or_ignore_into(streaks::table).values(blank).execute(c)?,
        DbConn::Pg(c) => {
            diesel::insert_into(streaks::table).values(blank).on_conflict_do_nothing().execute(c)?;
            streaks::table.find(user_key).select(streaks::user_key).for_update().execute(c)?
        }
    };
    let next = load_streak(conn, user_key)?.after(day, won);
    diesel::update(streaks::table.find(user_key))
        .set((
            streaks::last_played.eq(next.last_played.map(format_date).unwrap_or_default()),
            streaks::played_streak.eq(next.played),
            streaks::won_streak.eq(next.won),
        ))
        .execute(conn)?;
    Ok(())
}
