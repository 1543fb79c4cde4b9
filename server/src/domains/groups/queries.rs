//! Groups and their members as stored, and the members' daily results the boards are made of.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::NaiveDate;
use std::collections::HashMap;

use diesel::dsl::{count_star, max, sum};
use diesel::prelude::*;
use game_core::calendar::{format_date, parse_date};
use lavalist_api::accounts::Locale;
use lavalist_api::groups::GroupSummary;

pub use crate::domains::submissions::streaks::Totals;
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{games, group_members, player_groups, submissions, users};

/// Random bytes in an invite code: 128 bits, too many to guess.
const CODE_BYTES: usize = 16;

#[derive(Debug, Clone, Queryable)]
pub struct GroupRow {
    pub id: i64,
    pub name: String,
    pub owner_id: i64,
    pub invite_code: String,
}

/// The limits a join or a creation is checked against.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub groups_per_player: i64,
    pub members_per_group: i64,
}

/// A fresh invite code: 128 random bits, URL-safe base64 (22 characters).
pub fn new_invite_code() -> String {
    URL_SAFE_NO_PAD.encode(rand::random::<[u8; CODE_BYTES]>())
}

pub fn not_found() -> AppError {
    AppError::refused(ErrorCode::GroupNotFound, "No such group.")
}

fn memberships(conn: &mut DbConn, user_id: i64) -> Result<i64, AppError> {
    Ok(group_members::table.filter(group_members::user_id.eq(user_id)).count().get_result(conn)?)
}

fn ensure_room_for_player(conn: &mut DbConn, user_id: i64, limits: Limits) -> Result<(), AppError> {
    if memberships(conn, user_id)? >= limits.groups_per_player {
        return Err(AppError::refused(
            ErrorCode::TooManyGroups,
            format!("A player belongs to at most {} groups: leave one first.", limits.groups_per_player),
        ));
    }
    Ok(())
}

/// On PostgreSQL, the row locks that serialise membership changes, held to the end of the
/// transaction: the player's row (their group count) and then the group's (its member count),
/// always in that order so that two joins cannot deadlock. Without them two joins under read
/// committed both count before either inserts, and both pass a limit only one has room for; and
/// two joins by one player both insert, the second a unique violation (a 500). `false` when the
/// group is gone. SQLite needs none: its writer transaction (`BEGIN IMMEDIATE`) runs alone.
fn lock_for_membership(conn: &mut DbConn, user_id: i64, group_id: Option<i64>) -> Result<bool, AppError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(true);
    };
    users::table.find(user_id).select(users::id).for_update().first::<i64>(pg)?;
    let Some(group_id) = group_id else {
        return Ok(true);
    };
    let group = player_groups::table
        .find(group_id)
        .select(player_groups::id)
        .for_update()
        .first::<i64>(pg)
        .optional()?;
    Ok(group.is_some())
}

fn add_member(conn: &mut DbConn, group_id: i64, user_id: i64, now_ms: i64) -> Result<(), AppError> {
    diesel::insert_into(group_members::table)
        .values((
            group_members::group_id.eq(group_id),
            group_members::user_id.eq(user_id),
            group_members::joined_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(())
}

/// Creates a group owned (and joined) by `owner_id`; its id.
pub fn create(
    conn: &mut DbConn,
    owner_id: i64,
    name: &str,
    now_ms: i64,
    limits: Limits,
) -> Result<i64, AppError> {
    write_transaction(conn, |conn| {
        lock_for_membership(conn, owner_id, None)?;
        ensure_room_for_player(conn, owner_id, limits)?;
        let id: i64 = diesel::insert_into(player_groups::table)
            .values((
                player_groups::name.eq(name),
                player_groups::owner_id.eq(owner_id),
                player_groups::invite_code.eq(new_invite_code()),
                player_groups::created_at.eq(now_ms),
            ))
            .returning(player_groups::id)
            .get_result(conn)?;
        add_member(conn, id, owner_id, now_ms)?;
        Ok(id)
    })
}

/// The group, if `user_id` is one of its members; 404 `groupNotFound` otherwise.
pub fn group_of_member(conn: &mut DbConn, group_id: i64, user_id: i64) -> Result<GroupRow, AppError> {
    player_groups::table
        .inner_join(group_members::table)
        .filter(player_groups::id.eq(group_id))
        .filter(group_members::user_id.eq(user_id))
        .select((player_groups::id, player_groups::name, player_groups::owner_id, player_groups::invite_code))
        .first(conn)
        .optional()?
        .ok_or_else(not_found)
}

/// The group's name; `None` once it is deleted.
pub fn group_name(conn: &mut DbConn, group_id: i64) -> Result<Option<String>, AppError> {
    Ok(player_groups::table.find(group_id).select(player_groups::name).first(conn).optional()?)
}

/// What an invite link shows before joining: the group of `code`, its owner's username, how
/// many members it has and whether `user_id` (none for a guest) is one; 404 `groupNotFound`
/// for an unknown code.
pub fn invite(
    conn: &mut DbConn,
    code: &str,
    user_id: Option<i64>,
) -> Result<(GroupRow, String, i64, bool), AppError> {
    let group: GroupRow = player_groups::table
        .filter(player_groups::invite_code.eq(code))
        .select((player_groups::id, player_groups::name, player_groups::owner_id, player_groups::invite_code))
        .first(conn)
        .optional()?
        .ok_or_else(not_found)?;
    let owner: String = users::table.find(group.owner_id).select(users::username).first(conn)?;
    let members: Vec<i64> = group_members::table
        .filter(group_members::group_id.eq(group.id))
        .select(group_members::user_id)
        .load(conn)?;
    let count = i64::try_from(members.len()).unwrap_or(i64::MAX);
    let member = user_id.is_some_and(|id| members.contains(&id));
    Ok((group, owner, count, member))
}

/// Members as `(user id, username, joined at ms)`, in joining order.
pub fn members(conn: &mut DbConn, group_id: i64) -> Result<Vec<(i64, String, i64)>, AppError> {
    Ok(group_members::table
        .inner_join(users::table)
        .filter(group_members::group_id.eq(group_id))
        .order((group_members::joined_at.asc(), group_members::user_id.asc()))
        .select((users::id, users::username, group_members::joined_at))
        .load(conn)?)
}

/// The viewer's groups, the most recently joined first.
pub fn groups_of(conn: &mut DbConn, user_id: i64) -> Result<Vec<GroupSummary>, AppError> {
    let rows: Vec<(i64, String, i64)> = player_groups::table
        .inner_join(group_members::table)
        .filter(group_members::user_id.eq(user_id))
        .order((group_members::joined_at.desc(), player_groups::id.desc()))
        .select((player_groups::id, player_groups::name, player_groups::owner_id))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, name, owner_id)| {
            let members =
                group_members::table.filter(group_members::group_id.eq(id)).count().get_result(conn)?;
            Ok(GroupSummary { id, name, members, owned: owner_id == user_id })
        })
        .collect()
}

pub fn rename(conn: &mut DbConn, group_id: i64, name: &str) -> Result<(), AppError> {
    diesel::update(player_groups::table.find(group_id)).set(player_groups::name.eq(name)).execute(conn)?;
    Ok(())
}

/// Replaces the invite code: the old one stops working at once.
pub fn regenerate_code(conn: &mut DbConn, group_id: i64) -> Result<(), AppError> {
    diesel::update(player_groups::table.find(group_id))
        .set(player_groups::invite_code.eq(new_invite_code()))
        .execute(conn)?;
    Ok(())
}

/// Joins the group whose invite code this is; its id. Joining a group twice changes nothing.
pub fn join(
    conn: &mut DbConn,
    code: &str,
    user_id: i64,
    now_ms: i64,
    limits: Limits,
) -> Result<i64, AppError> {
    write_transaction(conn, |conn| {
        let group_id: i64 = player_groups::table
            .filter(player_groups::invite_code.eq(code))
            .select(player_groups::id)
            .first(conn)
            .optional()?
            .ok_or_else(not_found)?;
        if !lock_for_membership(conn, user_id, Some(group_id))? {
            return Err(not_found());
        }
        let already: i64 = group_members::table
            .filter(group_members::group_id.eq(group_id))
            .filter(group_members::user_id.eq(user_id))
            .count()
            .get_result(conn)?;
        if already > 0 {
            return Ok(group_id);
        }
        ensure_room_for_player(conn, user_id, limits)?;
        let members: i64 =
            group_members::table.filter(group_members::group_id.eq(group_id)).count().get_result(conn)?;
        if members >= limits.members_per_group {
            return Err(AppError::refused(
                ErrorCode::GroupFull,
                format!("This group is full: a group has at most {} members.", limits.members_per_group),
            ));
        }
        add_member(conn, group_id, user_id, now_ms)?;
        Ok(group_id)
    })
}

/// A member who is not the owner leaves: in one write transaction, after the player's and the
/// group's locks (as a join takes them), so that an owner's account deletion handing the group
/// to this member either sees them gone or makes them owner before this reads the owner.
pub fn leave(conn: &mut DbConn, group_id: i64, user_id: i64) -> Result<bool, AppError> {
    write_transaction(conn, |conn| {
        if !lock_for_membership(conn, user_id, Some(group_id))? {
            return Err(not_found());
        }
        let group = group_of_member(conn, group_id, user_id)?;
        if group.owner_id == user_id {
            return Err(owner_stays());
        }
        remove_member(conn, group_id, user_id)
    })
}

/// The owner cannot leave (nor remove themself).
pub fn owner_stays() -> AppError {
    AppError::refused(ErrorCode::Conflict, "The owner cannot leave the group: delete it instead.")
}

/// Takes a member out; whether they were one.
pub fn remove_member(conn: &mut DbConn, group_id: i64, user_id: i64) -> Result<bool, AppError> {
    let removed = diesel::delete(
        group_members::table
            .filter(group_members::group_id.eq(group_id))
            .filter(group_members::user_id.eq(user_id)),
    )
    .execute(conn)?;
    Ok(removed > 0)
}

pub fn delete(conn: &mut DbConn, group_id: i64) -> Result<(), AppError> {
    write_transaction(conn, |conn| {
        diesel::delete(group_members::table.filter(group_members::group_id.eq(group_id))).execute(conn)?;
        diesel::delete(player_groups::table.find(group_id)).execute(conn)?;
        Ok(())
    })
}

/// A member's result on a day's board, as summarised when it was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardResult {
    pub user_key: String,
    pub score: i32,
    pub found: i32,
    pub wrong: i32,
    pub hints: i32,
    pub won: bool,
}

/// These players' daily play of `game_id` on `day` whose log the server replayed: the stored
/// summaries, never the logs (a board costs one indexed read, however long the logs).
pub fn board_results(
    conn: &mut DbConn,
    game_id: i64,
    day: NaiveDate,
    user_keys: &[String],
) -> Result<Vec<BoardResult>, AppError> {
    let rows: Vec<(String, i32, i32, i32, i32, i32)> = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq_any(user_keys))
        .filter(submissions::daily_day.eq(format_date(day)))
        .filter(submissions::wrong.is_not_null())
        .filter(submissions::hints.is_not_null())
        .select((
            submissions::user_key,
            submissions::score,
            submissions::found,
            submissions::wrong.assume_not_null(),
            submissions::hints.assume_not_null(),
            submissions::won,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(user_key, score, found, wrong, hints, won)| BoardResult {
            user_key,
            score,
            found,
            wrong,
            hints,
            won: won != 0,
        })
        .collect())
}

/// Builds `$body` with `$filter` bound to "the joined game is of this edition", written for each
/// planner. SQLite (without statistics), given a plain `language = ?`, starts from the edition's
/// games (the index on their language and date) and probes every one of them for every member:
/// a year of dailies times 200 members, 50 ms a query instead of 1. There `language || ''` keeps
/// any index from answering it, so the members' rows are read first along
/// `submissions_daily_play_by_game` and their games then by id. PostgreSQL estimates that expression at
/// a handful of games and probes `submissions` once per game (46 ms instead of 3.5): it gets the
/// plain comparison and hashes the edition's games.
macro_rules! with_edition_filter {
    ($conn:expr, $edition:expr, |$filter:ident| $body:expr) => {
        if matches!($conn, DbConn::Sqlite(_)) {
            let $filter = games::language.concat("").eq($edition.tag());
            $body
        } else {
            let $filter = games::language.eq($edition.tag());
            $body
        }
    };
}

/// Per player, the replayed daily play from `from` through `to` (each open when `None`), summed
/// by the database over the covering index `submissions_daily_play_by_game`.
pub fn sum_days(
    conn: &mut DbConn,
    edition: Locale,
    user_keys: &[String],
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> Result<HashMap<String, Totals>, AppError> {
    if user_keys.is_empty() {
        return Ok(HashMap::new());
    }
    let mut query = with_edition_filter!(conn, edition, |of_edition| submissions::table
        .inner_join(games::table)
        .filter(of_edition)
        .filter(submissions::user_key.eq_any(user_keys))
        .filter(submissions::daily_day.is_not_null())
        .filter(submissions::wrong.is_not_null())
        .group_by(submissions::user_key)
        .select((submissions::user_key, count_star(), sum(submissions::won), sum(submissions::score)))
        .into_boxed());
    if let Some(from) = from {
        query = query.filter(submissions::daily_day.ge(format_date(from)));
    }
    if let Some(to) = to {
        query = query.filter(submissions::daily_day.le(format_date(to)));
    }
    let rows: Vec<(String, i64, Option<i64>, Option<i64>)> = query.load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(key, played, won, score_sum)| {
            (key, Totals { played, won: won.unwrap_or(0), score_sum: score_sum.unwrap_or(0) })
        })
        .collect())
}

/// Per player, the last day of daily play lost before `day` (players who never lost one are
/// absent): with a stored streak, all the streaks before `day` need (`Streak::before`).
pub fn last_losses(
    conn: &mut DbConn,
    edition: Locale,
    user_keys: &[&str],
    day: NaiveDate,
) -> Result<HashMap<String, NaiveDate>, AppError> {
    if user_keys.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, Option<String>)> =
        with_edition_filter!(conn, edition, |of_edition| submissions::table
            .inner_join(games::table)
            .filter(of_edition)
            .filter(submissions::user_key.eq_any(user_keys))
            .filter(submissions::daily_day.is_not_null())
            .filter(submissions::daily_day.lt(format_date(day)))
            .filter(submissions::won.eq(0))
            .group_by(submissions::user_key)
            .select((submissions::user_key, max(submissions::daily_day)))
            .load(conn))?;
    Ok(rows.into_iter().filter_map(|(key, last)| Some((key, parse_date(&last?)?))).collect())
}

/// Whether this player has any result (replayed or not) for the game.
pub fn has_result(conn: &mut DbConn, game_id: i64, user_key: &str) -> Result<bool, AppError> {
    let n: i64 = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq(user_key))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}
