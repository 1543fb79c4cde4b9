//! A result to store and a stored result: what the writer takes and answers, how a repeat is
//! told from a conflict, and the single-row reads the stats use. Batches are written by
//! [`super::batch`].

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::parse_date;
use game_core::streak::Streak;
use lavalist_api::submissions::Answer;

use super::check::CheckedResult;
use crate::platform::db::DbConn;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{streaks, submissions};

/// What to store.
#[derive(Debug, Clone)]
pub struct Job {
    pub game_id: i64,
    /// Set for daily games: results then count toward streaks.
    pub daily_date: Option<NaiveDate>,
    pub user_key: String,
    /// The streak row a daily result moves: the userKey's in the game's edition
    /// ([`super::streaks::key`]).
    pub streak_key: String,
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

/// An identical earlier result is answered as stored; a different one is a 409.
pub fn same_or_conflict(existing: Stored, job: &Job) -> Result<Stored, AppError> {
    if existing.score == job.result.score && existing.answers == job.result.answers {
        Ok(existing)
    } else {
        Err(AppError::refused(
            ErrorCode::ResultConflict,
            "A different result was already submitted for this game and userKey.",
        ))
    }
}

/// A streak row's streak (its key: [`super::streaks::key`]).
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
