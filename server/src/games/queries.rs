//! Reading and writing games. Every statement here is portable between SQLite and PostgreSQL.

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::format_date;
use rand::distr::{Alphanumeric, SampleString};

use game_core::results::SCORE_BUCKETS;
use game_core::GameKind;

use super::model::{GameRecord, GameRow, ReviewStatus, StoredGame};
use crate::db::{DbConn, MultiBackend};
use crate::error::AppError;
use crate::paging::{contains_pattern, PageWindow};
use crate::schema::{game_item_stats, game_score_counts, game_stats, games, users};

fn load(rows: Vec<GameRow>) -> Result<Vec<StoredGame>, AppError> {
    rows.into_iter().map(StoredGame::try_from).collect()
}

pub fn find_by_date(conn: &mut DbConn, date: NaiveDate) -> Result<Option<StoredGame>, AppError> {
    let row = games::table
        .filter(games::daily_date.eq(format_date(date)))
        .select(GameRow::as_select())
        .first(conn)
        .optional()?;
    row.map(StoredGame::try_from).transpose()
}

pub fn find_by_uid(conn: &mut DbConn, uid: &str) -> Result<Option<StoredGame>, AppError> {
    let row = games::table.filter(games::uid.eq(uid)).select(GameRow::as_select()).first(conn).optional()?;
    row.map(StoredGame::try_from).transpose()
}

/// A short random URL-safe identifier for a new game.
pub fn new_uid() -> String {
    Alphanumeric.sample_string(&mut rand::rng(), 10)
}

/// Stores a game with zeroed aggregates (one row per item and per score), so that recording a
/// submission is only `UPDATE … SET n = n + 1`: no upsert, identical on both backends.
pub fn insert_game(conn: &mut DbConn, game: &GameRecord) -> Result<i64, AppError> {
    let id: i64 = diesel::insert_into(games::table)
        .values((games::uid.eq(&game.uid), games::created_at.eq(game.created_at), GameContent::of(game)?))
        .returning(games::id)
        .get_result(conn)?;
    diesel::insert_into(game_stats::table)
        .values((game_stats::game_id.eq(id), game_stats::player_count.eq(0), game_stats::score_sum.eq(0)))
        .execute(conn)?;
    ensure_item_rows(conn, id, &game.items)?;
    // One statement per row: diesel's multi-backend connection has no batch insert.
    for bucket in 0..SCORE_BUCKETS as i32 {
        diesel::insert_into(game_score_counts::table)
            .values((
                game_score_counts::game_id.eq(id),
                game_score_counts::bucket.eq(bucket),
                game_score_counts::players.eq(0),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

/// Adds a zero counter for every item id that has none yet (item ids stay stable across edits,
/// so existing counters keep their meaning).
pub fn ensure_item_rows(conn: &mut DbConn, game_id: i64, items: &[game_core::Item]) -> Result<(), AppError> {
    let existing: Vec<i64> = game_item_stats::table
        .filter(game_item_stats::game_id.eq(game_id))
        .select(game_item_stats::item_id)
        .load(conn)?;
    for item in items.iter().filter(|it| !existing.contains(&i64::from(it.id))) {
        diesel::insert_into(game_item_stats::table)
            .values((
                game_item_stats::game_id.eq(game_id),
                game_item_stats::item_id.eq(i64::from(item.id)),
                game_item_stats::found_count.eq(0),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The columns a game's content fills, written alike by insert and update. `None` is stored as
/// NULL on update too (an import can take a game off its day or away from its owner).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
struct GameContent<'a> {
    kind: &'a str,
    status: &'a str,
    public: bool,
    prompt: &'a str,
    prompt_search: String,
    submitter: &'a str,
    owner_id: Option<i64>,
    daily_date: Option<String>,
    items: String,
    updated_at: i64,
    language: &'a str,
}

impl<'a> GameContent<'a> {
    fn of(game: &'a GameRecord) -> Result<Self, AppError> {
        Ok(GameContent {
            kind: game.kind.as_str(),
            status: game.status.as_str(),
            public: game.public,
            prompt: &game.prompt,
            prompt_search: game.prompt.to_lowercase(),
            submitter: &game.submitter,
            owner_id: game.owner_id,
            daily_date: game.daily_date.map(format_date),
            items: serde_json::to_string(&game.items).map_err(AppError::internal)?,
            updated_at: game.updated_at,
            language: &game.language,
        })
    }
}

/// Overwrites a game's content and placement (import of an existing uid).
pub fn update_game(conn: &mut DbConn, id: i64, game: &GameRecord) -> Result<(), AppError> {
    diesel::update(games::table.filter(games::id.eq(id))).set(GameContent::of(game)?).execute(conn)?;
    ensure_item_rows(conn, id, &game.items)
}

pub fn all_games(conn: &mut DbConn) -> Result<Vec<StoredGame>, AppError> {
    load(games::table.order(games::id.asc()).select(GameRow::as_select()).load(conn)?)
}

type BoxedGames<'a> = games::BoxedQuery<'a, MultiBackend>;

fn with_search<'a>(query: BoxedGames<'a>, search: Option<&str>) -> BoxedGames<'a> {
    match search.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => query.filter(games::prompt_search.like(contains_pattern(s)).escape('\\')),
        None => query,
    }
}

/// Which days a day listing covers.
#[derive(Debug, Clone, Copy)]
pub enum Days {
    /// Strictly before this date, newest first.
    Before(NaiveDate),
    /// Strictly after this date, soonest first.
    After(NaiveDate),
}

fn days_query<'a>(days: Days, search: Option<&str>) -> BoxedGames<'a> {
    let query = games::table.into_boxed().filter(games::daily_date.is_not_null());
    let query = match days {
        Days::Before(d) => query.filter(games::daily_date.lt(format_date(d))),
        Days::After(d) => query.filter(games::daily_date.gt(format_date(d))),
    };
    with_search(query, search)
}

pub fn list_days(
    conn: &mut DbConn,
    days: Days,
    search: Option<&str>,
    window: PageWindow,
) -> Result<(Vec<StoredGame>, i64), AppError> {
    let total: i64 = days_query(days, search).count().get_result(conn)?;
    let Some(offset) = window.offset else { return Ok((Vec::new(), total)) };
    let query = days_query(days, search);
    let query = match days {
        Days::Before(_) => query.order(games::daily_date.desc()),
        Days::After(_) => query.order(games::daily_date.asc()),
    };
    let rows = query.offset(offset).limit(window.limit).select(GameRow::as_select()).load(conn)?;
    Ok((load(rows)?, total))
}

/// Which community games a listing shows.
#[derive(Debug, Clone)]
pub struct CommunityFilter {
    pub search: Option<String>,
    /// Only this user's games (case-insensitive username).
    pub username: Option<String>,
    /// Also private and not-yet-approved games (the owner or an admin is looking).
    pub include_hidden: bool,
    /// Leaves out games whose daily date is after this day (their answers are a future
    /// day's); `None` for admins, who see the schedule.
    pub released_by: Option<NaiveDate>,
}

fn community_query(filter: &CommunityFilter) -> BoxedGames<'_> {
    let mut query = games::table.into_boxed().filter(games::kind.eq(GameKind::Community.as_str()));
    if !filter.include_hidden {
        query =
            query.filter(games::status.eq(ReviewStatus::Approved.as_str())).filter(games::public.eq(true));
    }
    if let Some(today) = filter.released_by {
        query = query.filter(games::daily_date.is_null().or(games::daily_date.le(format_date(today))));
    }
    if let Some(name) = &filter.username {
        let owner_ids = users::table.filter(users::username_lower.eq(name.to_lowercase())).select(users::id);
        query = query.filter(games::owner_id.eq_any(owner_ids.nullable()));
    }
    with_search(query, filter.search.as_deref())
}

pub fn list_community(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    window: PageWindow,
) -> Result<(Vec<StoredGame>, i64), AppError> {
    let total: i64 = community_query(filter).count().get_result(conn)?;
    let Some(offset) = window.offset else { return Ok((Vec::new(), total)) };
    let rows = community_query(filter)
        .order((games::created_at.desc(), games::id.desc()))
        .offset(offset)
        .limit(window.limit)
        .select(GameRow::as_select())
        .load(conn)?;
    Ok((load(rows)?, total))
}
