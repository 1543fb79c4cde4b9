//! The `disputes` table: a player's claim, the admins' grouped view, and closing a group.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use diesel::dsl::{count_star, max, min};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use game_core::calendar::format_date;
use game_core::{regrade, Action};
use lavalist_api::disputes::{Dispute, DisputeGroup, DisputeStatus};

use crate::domains::games::interface::{GameRow, StoredGame};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{disputes, games, submissions};

/// A claim about to be stored, already checked for shape.
pub struct NewClaim {
    pub game: StoredGame,
    pub user_key: String,
    pub user_id: Option<i64>,
    pub guess: String,
    pub guess_key: String,
    pub ip: String,
    pub now_ms: i64,
}

fn already_disputed() -> AppError {
    AppError::refused(ErrorCode::AlreadyDisputed, "You already disputed this guess.")
}

/// Stores a claim: once per guess, and only for a wrong guess of the player's stored result as
/// the game stands now (call inside a write transaction).
pub fn create(conn: &mut DbConn, claim: &NewClaim) -> Result<i64, AppError> {
    let existing: i64 = disputes::table
        .filter(disputes::game_id.eq(claim.game.id))
        .filter(disputes::user_key.eq(&claim.user_key))
        .filter(disputes::guess_key.eq(&claim.guess_key))
        .count()
        .get_result(conn)?;
    if existing > 0 {
        return Err(already_disputed());
    }
    ensure_wrong_guess(conn, claim)?;
    let inserted = diesel::insert_into(disputes::table)
        .values((
            disputes::game_id.eq(claim.game.id),
            disputes::user_key.eq(&claim.user_key),
            disputes::user_id.eq(claim.user_id),
            disputes::guess.eq(&claim.guess),
            disputes::guess_key.eq(&claim.guess_key),
            disputes::status.eq(DisputeStatus::Open.as_str()),
            disputes::ip.eq(&claim.ip),
            disputes::created_at.eq(claim.now_ms),
        ))
        .returning(disputes::id)
        .get_result(conn);
    match inserted {
        Ok(id) => Ok(id),
        // Another instance stored the same claim meanwhile (PostgreSQL).
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Err(already_disputed()),
        Err(err) => Err(err.into()),
    }
}

/// The guess must be one of the wrong guesses of the player's stored result, replayed against
/// the game as it is now (a guess an earlier accept made right is no longer wrong).
fn ensure_wrong_guess(conn: &mut DbConn, claim: &NewClaim) -> Result<(), AppError> {
    let stored: Option<Option<String>> = submissions::table
        .filter(submissions::game_id.eq(claim.game.id))
        .filter(submissions::user_key.eq(&claim.user_key))
        .select(submissions::actions)
        .first(conn)
        .optional()?;
    let not_wrong = |why: &str| AppError::refused(ErrorCode::NotAWrongGuess, why);
    let Some(actions) = stored else {
        return Err(AppError::refused(ErrorCode::NoResult, "No result of this game is stored for you."));
    };
    let actions = actions.ok_or_else(|| not_wrong("This result was stored without its guesses."))?;
    let actions: Vec<Action> = serde_json::from_str(&actions).map_err(AppError::internal)?;
    let state = regrade(claim.game.def(), &actions).map_err(AppError::internal)?.state;
    if state.wrong_guesses().iter().any(|g| game_core::normalise(g) == claim.guess_key) {
        Ok(())
    } else {
        Err(not_wrong("That is not one of your wrong guesses in this game."))
    }
}

/// A userKey's disputes, newest first (at most `limit`), with each game's uid and date and, for
/// accepted ones, the item's name. A game scheduled after `today` (a community game an admin
/// then chose as a future daily) shows neither: its date and items are not out yet.
pub fn for_player(
    conn: &mut DbConn,
    user_key: &str,
    limit: i64,
    today: NaiveDate,
) -> Result<Vec<Dispute>, AppError> {
    let rows: Vec<(i64, i64, String, String, Option<i64>)> = disputes::table
        .filter(disputes::user_key.eq(user_key))
        .order(disputes::id.desc())
        .limit(limit)
        .select((disputes::id, disputes::game_id, disputes::guess, disputes::status, disputes::item_id))
        .load(conn)?;
    let games = games_by_id(conn, rows.iter().map(|r| r.1))?;
    rows.into_iter()
        .filter_map(|(id, game_id, guess, status, item_id)| {
            let game = games.get(&game_id)?;
            let released = game.daily_date.is_none_or(|date| date <= today);
            let item_name = item_id
                .filter(|_| released)
                .and_then(|item| game.items.iter().find(|it| i64::from(it.id) == item));
            Some(Ok(Dispute {
                id,
                game_uid: game.uid.clone(),
                date: game.daily_date.filter(|_| released).map(format_date),
                guess,
                status: DisputeStatus::parse(&status)?,
                item_name: item_name.map(|it| it.name.clone()),
            }))
        })
        .collect()
}

fn games_by_id(
    conn: &mut DbConn,
    ids: impl Iterator<Item = i64>,
) -> Result<HashMap<i64, StoredGame>, AppError> {
    let ids: Vec<i64> = ids.collect();
    let rows = games::table.filter(games::id.eq_any(ids)).select(GameRow::as_select()).load(conn)?;
    rows.into_iter().map(|row| StoredGame::try_from(row).map(|g| (g.id, g))).collect()
}

/// One group as the database counts it: game, guess key, disputes, first and last time.
type GroupRow = (i64, String, i64, Option<i64>, Option<i64>);

/// The open disputes grouped by game and normalised guess: the most disputed first, then the
/// most recent; at most `limit` groups.
pub fn open_groups(conn: &mut DbConn, limit: i64) -> Result<Vec<DisputeGroup>, AppError> {
    let groups: Vec<GroupRow> = disputes::table
        .filter(disputes::status.eq(DisputeStatus::Open.as_str()))
        .group_by((disputes::game_id, disputes::guess_key))
        .select((
            disputes::game_id,
            disputes::guess_key,
            count_star(),
            min(disputes::created_at),
            max(disputes::created_at),
        ))
        .order((count_star().desc(), max(disputes::created_at).desc()))
        .limit(limit)
        .load(conn)?;
    let games = games_by_id(conn, groups.iter().map(|g| g.0))?;
    let samples = first_guesses(conn, &groups.iter().map(|g| g.0).collect::<Vec<_>>())?;
    Ok(groups
        .into_iter()
        .filter_map(|(game_id, guess_key, count, first, last)| {
            let game = games.get(&game_id)?;
            let guess = samples.get(&(game_id, guess_key.clone()))?.clone();
            Some(DisputeGroup {
                game_uid: game.uid.clone(),
                prompt: game.prompt.clone(),
                date: game.daily_date.map(format_date),
                guess_key,
                guess,
                count,
                first_at: format_millis(first.unwrap_or(0)),
                last_at: format_millis(last.unwrap_or(0)),
                items: game.items.clone(),
            })
        })
        .collect())
}

/// The first-typed guess of each open group of these games.
fn first_guesses(conn: &mut DbConn, game_ids: &[i64]) -> Result<BTreeMap<(i64, String), String>, AppError> {
    let rows: Vec<(i64, String, String)> = disputes::table
        .filter(disputes::status.eq(DisputeStatus::Open.as_str()))
        .filter(disputes::game_id.eq_any(game_ids))
        .order((disputes::created_at.desc(), disputes::id.desc()))
        .select((disputes::game_id, disputes::guess_key, disputes::guess))
        .load(conn)?;
    // Newest first, so the earliest one is written last.
    Ok(rows.into_iter().map(|(game, key, guess)| ((game, key), guess)).collect())
}

/// The guess as first typed among the group's disputes, open or accepted (an accept run again
/// finds its group accepted); `None` when the group has neither.
pub fn group_guess(conn: &mut DbConn, game_id: i64, guess_key: &str) -> Result<Option<String>, AppError> {
    if guess_key.chars().any(char::is_control) {
        return Ok(None);
    }
    Ok(disputes::table
        .filter(disputes::game_id.eq(game_id))
        .filter(disputes::guess_key.eq(guess_key))
        .filter(disputes::status.ne(DisputeStatus::Rejected.as_str()))
        .order((disputes::created_at.asc(), disputes::id.asc()))
        .select(disputes::guess)
        .first(conn)
        .optional()?)
}

/// Closes the group's open disputes; returns how many it closed.
pub fn resolve(
    conn: &mut DbConn,
    game_id: i64,
    guess_key: &str,
    status: DisputeStatus,
    item_id: Option<u32>,
    now_ms: i64,
) -> Result<i64, AppError> {
    // A key with a control character names no group (and PostgreSQL cannot compare a NUL).
    if guess_key.chars().any(char::is_control) {
        return Ok(0);
    }
    let closed = diesel::update(
        disputes::table
            .filter(disputes::game_id.eq(game_id))
            .filter(disputes::guess_key.eq(guess_key))
            .filter(disputes::status.eq(DisputeStatus::Open.as_str())),
    )
    .set((
        disputes::status.eq(status.as_str()),
        disputes::item_id.eq(item_id.map(i64::from)),
        disputes::resolved_at.eq(now_ms),
    ))
    .execute(conn)?;
    Ok(closed as i64)
}

/// Open disputes across all games (for the admins' insights).
pub fn open_count(conn: &mut DbConn) -> Result<i64, AppError> {
    Ok(disputes::table.filter(disputes::status.eq(DisputeStatus::Open.as_str())).count().get_result(conn)?)
}
