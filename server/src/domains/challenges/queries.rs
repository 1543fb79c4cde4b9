//! Challenges and archive results as stored. Every statement is portable between SQLite and
//! PostgreSQL.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::domains::games::interface::{GameRow, StoredGame};
use crate::platform::db::DbConn;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{archive_results, challenges, games, submissions};

/// A challenge id: 128 random bits, URL-safe base64 (22 characters).
pub fn new_id() -> String {
    URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>())
}

/// The longest id looked up (the server makes 22-character ones).
pub const MAX_ID_CHARS: usize = 64;

#[derive(Debug, Clone)]
pub struct NewChallenge {
    pub id: String,
    pub game_id: i64,
    pub daily_date: Option<String>,
    pub creator_key: String,
    pub creator_name: Option<String>,
    pub ip: String,
    pub created_at: i64,
}

/// A stored challenge with its game.
#[derive(Debug, Clone)]
pub struct Challenge {
    pub id: String,
    pub game: StoredGame,
    pub daily_date: Option<String>,
    pub creator_key: String,
    pub creator_name: Option<String>,
}

pub fn insert(conn: &mut DbConn, challenge: &NewChallenge) -> Result<(), AppError> {
    diesel::insert_into(challenges::table)
        .values((
            challenges::id.eq(&challenge.id),
            challenges::game_id.eq(challenge.game_id),
            challenges::daily_date.eq(&challenge.daily_date),
            challenges::creator_key.eq(&challenge.creator_key),
            challenges::creator_name.eq(&challenge.creator_name),
            challenges::ip.eq(&challenge.ip),
            challenges::created_at.eq(challenge.created_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A challenge row with its game: id, daily date, creator's key and name, the game.
type ChallengeRow = (String, Option<String>, String, Option<String>, GameRow);

pub fn find(conn: &mut DbConn, id: &str) -> Result<Option<Challenge>, AppError> {
    if id.is_empty() || id.chars().count() > MAX_ID_CHARS {
        return Ok(None);
    }
    let row: Option<ChallengeRow> = challenges::table
        .inner_join(games::table)
        .filter(challenges::id.eq(id))
        .select((
            challenges::id,
            challenges::daily_date,
            challenges::creator_key,
            challenges::creator_name,
            GameRow::as_select(),
        ))
        .first(conn)
        .optional()?;
    row.map(|(id, daily_date, creator_key, creator_name, game)| {
        Ok(Challenge { id, game: StoredGame::try_from(game)?, daily_date, creator_key, creator_name })
    })
    .transpose()
}

/// The action log of `user_key`'s stored result of the game: its submitted result when that has
/// a log, else the past day it stored from the archive for challenges; `None` without either.
pub fn result_log(conn: &mut DbConn, game_id: i64, user_key: &str) -> Result<Option<String>, AppError> {
    let submitted: Option<Option<String>> = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq(user_key))
        .select(submissions::actions)
        .first(conn)
        .optional()?;
    if let Some(Some(log)) = submitted {
        return Ok(Some(log));
    }
    Ok(archive_results::table
        .find((game_id, user_key))
        .select(archive_results::actions)
        .first(conn)
        .optional()?)
}

/// Stores an archive result; an identical one stored before is fine, a different one is 409.
pub fn store_archive_result(
    conn: &mut DbConn,
    game_id: i64,
    user_key: &str,
    actions_json: &str,
    ip: &str,
    now_ms: i64,
) -> Result<(), AppError> {
    let inserted = diesel::insert_into(archive_results::table)
        .values((
            archive_results::game_id.eq(game_id),
            archive_results::user_key.eq(user_key),
            archive_results::actions.eq(actions_json),
            archive_results::ip.eq(ip),
            archive_results::created_at.eq(now_ms),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            let stored: String = archive_results::table
                .find((game_id, user_key))
                .select(archive_results::actions)
                .first(conn)?;
            if stored == actions_json {
                Ok(())
            } else {
                Err(AppError::refused(
                    ErrorCode::ResultConflict,
                    "A different result of this day was already stored for this player.",
                ))
            }
        }
        Err(err) => Err(err.into()),
    }
}
