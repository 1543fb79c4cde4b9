//! Reading and writing games. Every statement here is portable between SQLite and PostgreSQL.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::NaiveDate;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Double, Text};
use game_core::calendar::format_date;
use rand::distr::{Alphanumeric, SampleString};

use game_core::results::SCORE_BUCKETS;
use game_core::{Category, GameKind};
use lavalist_api::accounts::Locale;
use lavalist_api::games::CommunitySort;

pub use super::cursor::Cursor;
use super::cursor::{cursor_of, SortKeys};
use super::editions;
use super::kept::{ForAMinute, Head, Kept, KeptTotal, COUNT_BOUND, STRIDE};
pub use super::model::CommunityFilter;
use super::model::{FlaggedWords, GameRecord, GameRow, ReviewStatus, StoredGame};
use super::search::{self, Words};
use crate::domains::community::interface::initial_hot;
use crate::platform::db::on_inner;
use crate::platform::db::{Backend, DbConn, MultiBackend};
use crate::platform::error::AppError;
use crate::platform::paging::PageWindow;
use crate::platform::schema::{game_item_stats, game_score_counts, game_stats, games, users};

fn load(rows: Vec<GameRow>) -> Result<Vec<StoredGame>, AppError> {
    rows.into_iter().map(StoredGame::try_from).collect()
}

/// The daily game of `edition` on `date`.
pub fn find_by_date(
    conn: &mut DbConn,
    edition: Locale,
    date: NaiveDate,
) -> Result<Option<StoredGame>, AppError> {
    let row = games::table
        .filter(games::language.eq(edition.tag()))
        .filter(games::edition_date.eq(format_date(date)))
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
        .values((
            games::uid.eq(&game.uid),
            games::created_at.eq(game.created_at),
            games::hot.eq(initial_hot(game.created_at)),
            GameContent::of(game)?,
        ))
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

/// Bind parameters one statement may carry: SQLite allows 32,766 (since 3.32; the bundled one
/// is newer), PostgreSQL 65,535.
const MAX_BINDS: usize = 32_000;

/// A new game's row as [`insert_games`] writes it: what [`insert_game`] and [`set_categories`]
/// would store.
#[derive(Insertable)]
#[diesel(table_name = games)]
struct NewGame<'a> {
    uid: &'a str,
    created_at: i64,
    hot: f64,
    categories: i32,
    #[diesel(embed)]
    content: GameContent<'a>,
}

impl NewGame<'_> {
    /// The bind parameters of one row: the four above and [`GameContent`]'s thirteen.
    const COLUMNS: usize = 17;
}

#[derive(Insertable)]
#[diesel(table_name = game_stats)]
struct NewStats {
    game_id: i64,
    player_count: i64,
    score_sum: i64,
}

#[derive(Insertable)]
#[diesel(table_name = game_item_stats)]
struct NewItemStats {
    game_id: i64,
    item_id: i64,
    found_count: i64,
}

#[derive(Insertable)]
#[diesel(table_name = game_score_counts)]
struct NewScoreCount {
    game_id: i64,
    bucket: i32,
    players: i64,
}

/// Stores new games, each with its categories' [`Category::mask`] and zeroed aggregates, as
/// [`insert_game`] and [`set_categories`] do one by one, in multi-row statements (an import of
/// 100,000 games made 2.3 million single-row statements); their row ids, in order. Their uids
/// must be distinct and new.
pub fn insert_games(conn: &mut DbConn, new: &[(&GameRecord, i32)]) -> Result<Vec<i64>, AppError> {
    let rows = new
        .iter()
        .map(|(game, categories)| {
            Ok(NewGame {
                uid: &game.uid,
                created_at: game.created_at,
                hot: initial_hot(game.created_at),
                categories: *categories,
                content: GameContent::of(game)?,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let mut ids: HashMap<String, i64> = HashMap::with_capacity(rows.len());
    for chunk in rows.chunks(MAX_BINDS / NewGame::COLUMNS) {
        let stored: Vec<(String, i64)> = on_inner!(&mut *conn, |c| diesel::insert_into(games::table)
            .values(chunk)
            .returning((games::uid, games::id))
            .get_results(c)?);
        ids.extend(stored);
    }
    let ids: Vec<i64> = new.iter().map(|(game, _)| ids[&game.uid]).collect();
    let stats: Vec<NewStats> =
        ids.iter().map(|&game_id| NewStats { game_id, player_count: 0, score_sum: 0 }).collect();
    let items: Vec<NewItemStats> = new
        .iter()
        .zip(&ids)
        .flat_map(|((game, _), &game_id)| {
            game.items.iter().map(move |it| NewItemStats {
                game_id,
                item_id: i64::from(it.id),
                found_count: 0,
            })
        })
        .collect();
    let scores: Vec<NewScoreCount> = ids
        .iter()
        .flat_map(|&game_id| {
            (0..SCORE_BUCKETS as i32).map(move |bucket| NewScoreCount { game_id, bucket, players: 0 })
        })
        .collect();
    for chunk in stats.chunks(MAX_BINDS / 3) {
        on_inner!(&mut *conn, |c| diesel::insert_into(game_stats::table).values(chunk).execute(c)?);
    }
    for chunk in items.chunks(MAX_BINDS / 3) {
        on_inner!(&mut *conn, |c| diesel::insert_into(game_item_stats::table).values(chunk).execute(c)?);
    }
    for chunk in scores.chunks(MAX_BINDS / 3) {
        on_inner!(&mut *conn, |c| diesel::insert_into(game_score_counts::table).values(chunk).execute(c)?);
    }
    Ok(ids)
}

/// The row ids of the games among `uids` that are stored, by uid.
pub fn ids_by_uid(conn: &mut DbConn, uids: &[&str]) -> Result<HashMap<String, i64>, AppError> {
    let mut ids = HashMap::new();
    for chunk in uids.chunks(MAX_BINDS) {
        let found: Vec<(String, i64)> =
            games::table.filter(games::uid.eq_any(chunk)).select((games::uid, games::id)).load(conn)?;
        ids.extend(found);
    }
    Ok(ids)
}

/// The first of `new` whose day is already taken in its edition, by a stored game or by one
/// before it in `new`: what the unique indexes on `(language, edition_date)` and `daily_date`
/// would refuse.
pub fn first_taken_day<'g>(
    conn: &mut DbConn,
    new: &[&'g GameRecord],
) -> Result<Option<&'g GameRecord>, AppError> {
    let days: Vec<String> = new.iter().filter_map(|game| game.daily_date.map(format_date)).collect();
    if days.is_empty() {
        return Ok(None);
    }
    let mut taken: Vec<(String, Option<String>, Option<String>)> = Vec::new();
    for chunk in days.chunks(MAX_BINDS / 2) {
        taken.extend(
            games::table
                .filter(games::edition_date.eq_any(chunk).or(games::daily_date.eq_any(chunk)))
                .select((games::language, games::edition_date, games::daily_date))
                .load::<(String, Option<String>, Option<String>)>(conn)?,
        );
    }
    let mut days_taken: HashSet<(String, String)> =
        taken.iter().filter_map(|(language, day, _)| Some((language.clone(), day.clone()?))).collect();
    let mut legacy: HashSet<String> = taken.into_iter().filter_map(|(_, _, legacy)| legacy).collect();
    for game in new {
        let Some(day) = game.daily_date.map(format_date) else { continue };
        let in_edition = !days_taken.insert((game.language.clone(), day));
        let in_legacy = editions::legacy_daily_date(&game.language, game.daily_date)
            .is_some_and(|legacy_day| !legacy.insert(legacy_day));
        if in_edition || in_legacy {
            return Ok(Some(game));
        }
    }
    Ok(None)
}

/// Sets the words the profanity rule flags that a game keeps (NULL when none).
pub fn set_flagged_words(conn: &mut DbConn, game_id: i64, flagged: &[FlaggedWords]) -> Result<(), AppError> {
    let json = if flagged.is_empty() {
        None
    } else {
        Some(serde_json::to_string(flagged).map_err(AppError::internal)?)
    };
    diesel::update(games::table.filter(games::id.eq(game_id)))
        .set(games::flagged_words.eq(json))
        .execute(conn)?;
    Ok(())
}

/// Sets a game's categories (a [`Category::mask`] bit set).
pub fn set_categories(conn: &mut DbConn, game_id: i64, categories: &[Category]) -> Result<(), AppError> {
    diesel::update(games::table.filter(games::id.eq(game_id)))
        .set(games::categories.eq(Category::mask(categories)))
        .execute(conn)?;
    Ok(())
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
    search_words: Option<String>,
    submitter: &'a str,
    owner_id: Option<i64>,
    edition_date: Option<String>,
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
            search_words: Some(search::search_words(&game.prompt)),
            submitter: &game.submitter,
            owner_id: game.owner_id,
            edition_date: game.daily_date.map(format_date),
            daily_date: editions::legacy_daily_date(&game.language, game.daily_date),
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

/// Which days a day listing covers.
#[derive(Debug, Clone, Copy)]
pub enum Days {
    /// Strictly before this date, newest first.
    Before(NaiveDate),
    /// Strictly after this date, soonest first.
    After(NaiveDate),
}

fn days_query<'a>(edition: Locale, days: Days, search: Option<&str>, backend: Backend) -> BoxedGames<'a> {
    let query = games::table
        .into_boxed()
        .filter(games::language.eq(edition.tag()))
        .filter(games::edition_date.is_not_null());
    let query = match days {
        Days::Before(d) => query.filter(games::edition_date.lt(format_date(d))),
        Days::After(d) => query.filter(games::edition_date.gt(format_date(d))),
    };
    search::matching(query, search, backend, Words::Indexed)
}

/// One edition's days, a page of them and how many in all.
pub fn list_days(
    conn: &mut DbConn,
    edition: Locale,
    days: Days,
    search: Option<&str>,
    window: PageWindow,
) -> Result<(Vec<StoredGame>, i64), AppError> {
    let backend = conn.backend();
    let total: i64 = days_query(edition, days, search, backend).count().get_result(conn)?;
    let Some(offset) = window.offset else { return Ok((Vec::new(), total)) };
    let query = days_query(edition, days, search, backend);
    let query = match days {
        Days::Before(_) => query.order(games::edition_date.desc()),
        Days::After(_) => query.order(games::edition_date.asc()),
    };
    let rows = query.offset(offset).limit(window.limit).select(GameRow::as_select()).load(conn)?;
    Ok((load(rows)?, total))
}

fn community_query(filter: &CommunityFilter, backend: Backend, words: Words) -> BoxedGames<'_> {
    let mut query = games::table.into_boxed().filter(games::kind.eq(GameKind::Community.as_str()));
    if !filter.include_hidden {
        query =
            query.filter(games::status.eq(ReviewStatus::Approved.as_str())).filter(games::public.eq(true));
    }
    if let Some(today) = filter.released_by {
        query = query.filter(games::edition_date.is_null().or(games::edition_date.le(format_date(today))));
    }
    if let Some(name) = &filter.username {
        let owner_ids = users::table.filter(users::username_lower.eq(name.to_lowercase())).select(users::id);
        query = query.filter(games::owner_id.eq_any(owner_ids.nullable()));
    }
    if let Some(after) = filter.created_after {
        query = query.filter(games::created_at.gt(after));
    }
    if let Some(category) = filter.category {
        // The bit is a constant of the fixed list, never client text.
        query = query.filter(sql::<Bool>(&format!("(games.categories & {}) <> 0", category.bit())));
    }
    if let Some(language) = &filter.language {
        query = query.filter(games::language.eq(language.clone()));
    }
    search::matching(query, filter.search.as_deref(), backend, words)
}

/// Rows after `cursor` in the sort's order (key descending, then id descending), as one row-value
/// comparison `(key, id) < (k, i)`: PostgreSQL turns it into a range of the sort's index, so a
/// deep page costs what the first does (0.1 ms at row 4,000 of 100,000, against 5.6 ms for the
/// equivalent `key < k OR (key = k AND id < i)`); SQLite has row values since 3.15.
fn after_cursor<'a>(query: BoxedGames<'a>, sort: CommunitySort, cursor: Cursor) -> BoxedGames<'a> {
    // Column names are constants of this match, never client text; the values are bound.
    let column = match sort {
        CommunitySort::Hot => "games.hot",
        CommunitySort::Top => "games.top",
        CommunitySort::New => "games.created_at",
        CommunitySort::Played => "games.plays",
    };
    let before = sql::<Bool>(&format!("({column}, games.id) < ("));
    match cursor {
        Cursor::Float(k, id) => {
            query.filter(before.bind::<Double, _>(k).sql(", ").bind::<BigInt, _>(id).sql(")"))
        }
        Cursor::Int(k, id) => {
            query.filter(before.bind::<BigInt, _>(k).sql(", ").bind::<BigInt, _>(id).sql(")"))
        }
    }
}

fn ordered(query: BoxedGames<'_>, sort: CommunitySort) -> BoxedGames<'_> {
    match sort {
        CommunitySort::Hot => query.order((games::hot.desc(), games::id.desc())),
        CommunitySort::Top => query.order((games::top.desc(), games::id.desc())),
        CommunitySort::New => query.order((games::created_at.desc(), games::id.desc())),
        CommunitySort::Played => query.order((games::plays.desc(), games::id.desc())),
    }
}

/// A page of community games: by `window` (page and limit), or after `cursor` when given. With
/// the total (exact up to [`COUNT_BOUND`] games, else kept in `kept.totals` for a minute) and the
/// cursor of the next page (`None` on the last page).
pub fn list_community(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    window: PageWindow,
    cursor: Option<Cursor>,
    kept: &Kept,
    now_ms: i64,
) -> Result<(Vec<StoredGame>, i64, Option<String>), AppError> {
    let (total, head) = total_and_head(conn, filter, kept, now_ms)?;
    // One row more than the page: whether it comes says whether a next page exists.
    let fetched = window.limit + 1;
    let Some(offset) = window.offset.filter(|_| cursor.is_none()) else {
        let rows = match cursor {
            Some(cursor) => page_after(conn, filter, words_for(head.as_ref()), cursor, fetched)?,
            None => return Ok((Vec::new(), total, None)),
        };
        return with_next(rows, total, filter.sort, window.limit);
    };
    // A large search's pages are kept instead of its head (see `total_and_head`).
    let page_key = (head.is_none() && searching(filter) && !filter.include_hidden)
        .then(|| format!("{filter:?} {offset} {}", window.limit));
    let rows = match page_key.as_ref().and_then(|key| kept.pages.get(key, now_ms)) {
        Some((ids, _)) => rows_in_order(conn, &ids)?,
        None if page_key.is_some() => {
            let rows = page_at(conn, filter, offset, fetched, None, kept, now_ms)?;
            if let Some(key) = page_key {
                kept.pages.put(key, Arc::new(rows.iter().map(|row| row.id).collect()), now_ms);
            }
            rows
        }
        None => page_at(conn, filter, offset, fetched, head, kept, now_ms)?,
    };
    // Past the end of a search whose total was estimated: the player followed a page number the
    // estimate made up, and is told the real count (the app then offers the real last page).
    let total = if rows.is_empty() && offset > 0 && total > COUNT_BOUND && searching(filter) {
        recount(conn, filter, kept, total_key(filter), now_ms)?
    } else {
        total
    };
    with_next(rows, total, filter.sort, window.limit)
}

/// A page's games with the listing's total and the cursor of the next page: `rows` holds up to
/// one row more than the page, and the next page exists only when that row came (so the last
/// page, full or short, has no cursor).
fn with_next(
    mut rows: Vec<GameRow>,
    total: i64,
    sort: CommunitySort,
    limit: i64,
) -> Result<(Vec<StoredGame>, i64, Option<String>), AppError> {
    let more = rows.len() as i64 > limit;
    rows.truncate(limit.max(0) as usize);
    let next = rows.last().filter(|_| more).map(|row| Cursor::of(row, sort).encode(sort));
    Ok((load(rows)?, total, next))
}

/// The `limit` rows after `cursor` (keyset pages).
fn page_after(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    words: Words,
    cursor: Cursor,
    limit: i64,
) -> Result<Vec<GameRow>, AppError> {
    let listing = ordered(community_query(filter, conn.backend(), words), filter.sort);
    page_of(conn, filter, after_cursor(listing, filter.sort, cursor), limit)
}

/// The `limit` rows from row `offset`: from the head when it holds them, else after the
/// milestone before them, else by OFFSET from the start (fewer than [`STRIDE`] rows).
fn page_at(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    offset: i64,
    limit: i64,
    head: Option<Ids>,
    kept: &Kept,
    now_ms: i64,
) -> Result<Vec<GameRow>, AppError> {
    let backend = conn.backend();
    let words = words_for(head.as_ref());
    let listing = || ordered(community_query(filter, backend, words), filter.sort);
    if let Some(ids) =
        head.filter(|ids| offset.saturating_add(limit) <= ids.len() as i64 || ids.len() as i64 <= COUNT_BOUND)
    {
        let page: Vec<i64> = ids.iter().skip(offset as usize).take(limit as usize).copied().collect();
        return rows_in_order(conn, &page);
    }
    if offset < STRIDE {
        return page_of(conn, filter, listing().offset(offset), limit);
    }
    match milestone_before(conn, filter, words, offset, &kept.milestones, now_ms)? {
        Some(start) => {
            page_of(conn, filter, after_cursor(listing(), filter.sort, start).offset(offset % STRIDE), limit)
        }
        None => Ok(Vec::new()),
    }
}

type Ids = Arc<Vec<i64>>;

/// How a page finds a search's games: a search without a head matches more games than are kept
/// (`total_and_head`), so its page lies among the first rows of the sort (page 2 of "number 5…",
/// 11,111 games, by cursor: 0.7 ms along the sort, 50 ms from the words' index).
fn words_for(head: Option<&Ids>) -> Words {
    if head.is_none() {
        Words::AlongTheSort
    } else {
        Words::Indexed
    }
}

/// The listing's total and, when they were read, its first [`COUNT_BOUND`] + 1 ids in order:
/// their number is the total when the listing is small, and a page among them needs no second
/// scan. A search's, and Top of a week's or a month's, are kept for a minute ([`Kept`]'s heads).
/// A search matching more than [`COUNT_BOUND`] games gets no head: ordering every match to keep
/// one read thousands of rows (25 ms for 5,000), where its pages, read in order along the sort's
/// index, find their rows within the first few hundred.
fn total_and_head(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    kept: &Kept,
    now_ms: i64,
) -> Result<(i64, Option<Ids>), AppError> {
    let searching = searching(filter);
    // Public listings only: an owner's or an admin's own listing shows their change at once.
    let head_key = ((searching || filter.created_after.is_some()) && !filter.include_hidden)
        .then(|| format!("{filter:?}"));
    if let Some((head, _)) = head_key.as_ref().and_then(|key| kept.heads.get(key, now_ms)) {
        return Ok((head.total, Some(head.ids)));
    }
    let key = total_key(filter);
    // A minute-old total is still shown; a listing's is recounted once this request has
    // answered, a search's is estimated again now (0.1 ms).
    let kept_total = match kept.totals.kept(&key, now_ms) {
        Some(KeptTotal { recount: true, .. }) if searching => None,
        Some(KeptTotal { total, recount }) => {
            if recount {
                kept.recount_later(filter);
            }
            Some(total)
        }
        None => None,
    };
    match kept_total {
        Some(total) if head_key.is_none() || (searching && total > COUNT_BOUND) => return Ok((total, None)),
        None if searching && conn.backend() == Backend::Postgres => {
            if !read_at_once(conn, filter, kept, now_ms)? {
                if let Some(estimate) = planned_total(conn, filter)?.filter(|e| *e > COUNT_BOUND) {
                    kept.totals.keep(key, estimate, now_ms);
                    return Ok((estimate, None));
                }
            }
            return search_probe(conn, filter, kept, key, head_key, now_ms);
        }
        _ => {}
    }
    let ids: Vec<i64> = ordered(community_query(filter, conn.backend(), Words::Indexed), filter.sort)
        .select(games::id)
        .limit(COUNT_BOUND + 1)
        .load(conn)?;
    let total = match kept_total {
        _ if ids.len() as i64 <= COUNT_BOUND => {
            kept.totals.forget(&key);
            ids.len() as i64
        }
        Some(total) => total,
        None => recount(conn, filter, kept, key, now_ms)?,
    };
    let ids = Arc::new(ids);
    if let Some(key) = head_key {
        kept.heads.put(key, Head { ids: ids.clone(), total }, now_ms);
    }
    Ok((total, Some(ids)))
}

/// Whether a search is read at once from the words' index ([`search_probe`]): when the words'
/// statistics expect its words alone to match at most [`COUNT_BOUND`] games (its other
/// conditions can only narrow it), or do not list one of its words, whose share would be a
/// guess (an absent word is then answered at once, with its true total of none). Otherwise
/// the planner is asked, as it weighs the other conditions too.
fn read_at_once(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    kept: &Kept,
    now_ms: i64,
) -> Result<bool, AppError> {
    let stats = match kept.word_stats.get("", now_ms) {
        Some((stats, _)) => stats,
        None => {
            let stats = Arc::new(search::WordStats::read(conn)?);
            kept.word_stats.put(String::new(), stats.clone(), now_ms);
            stats
        }
    };
    let search = filter.search.as_deref().unwrap_or_default();
    Ok(!stats.lists_every_word(search) || stats.expected_matches(search) <= COUNT_BOUND as f64)
}

/// The planner's estimate of a listing's total (PostgreSQL; `None` on SQLite).
fn planned_total(conn: &mut DbConn, filter: &CommunityFilter) -> Result<Option<i64>, AppError> {
    let query = community_query(filter, conn.backend(), Words::Indexed).select(games::id);
    search::estimated_rows(conn, query)
}

/// A search's first read on PostgreSQL: the sort keys of its first [`COUNT_BOUND`] + 1 matches,
/// from the words' index, unordered, in one pass; ordered here into its head when that is all of
/// them. A search matching more is served as a large search, its total extrapolated from how far
/// through the table the pass got (or, when the rows did not come in the table's order, the
/// planner's estimate), where ordering every match cost 170 ms and counting them 450 ms on a busy
/// machine.
fn search_probe(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    kept: &Kept,
    key: String,
    head_key: Option<String>,
    now_ms: i64,
) -> Result<(i64, Option<Ids>), AppError> {
    let rows: Vec<(SortKeys, String)> = community_query(filter, conn.backend(), Words::Indexed)
        .select((
            (games::id, games::hot, games::top, games::created_at, games::plays),
            sql::<Text>("games.ctid::text"),
        ))
        .limit(COUNT_BOUND + 1)
        .load(conn)?;
    if rows.len() as i64 > COUNT_BOUND {
        let ctids: Vec<String> = rows.into_iter().map(|(_, ctid)| ctid).collect();
        let total = match search::extrapolated_rows(conn, &ctids)? {
            Some(total) => total,
            None => planned_total(conn, filter)?.unwrap_or(0).max(COUNT_BOUND + 1),
        };
        kept.totals.keep(key, total, now_ms);
        return Ok((total, None));
    }
    let mut cursors: Vec<Cursor> = rows.into_iter().map(|(keys, _)| cursor_of(keys, filter.sort)).collect();
    cursors.sort_by(Cursor::listing_order);
    let ids: Ids = Arc::new(cursors.into_iter().map(Cursor::id).collect());
    let total = ids.len() as i64;
    kept.totals.forget(&key);
    if let Some(head_key) = head_key {
        kept.heads.put(head_key, Head { ids: ids.clone(), total }, now_ms);
    }
    Ok((total, Some(ids)))
}

fn searching(filter: &CommunityFilter) -> bool {
    filter.search.as_deref().is_some_and(|s| !s.trim().is_empty())
}

/// Counts a listing's games and keeps the figure for a minute: a total [`Kept::take_recounts`]
/// gave, off a request's path.
pub fn recount_total(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    kept: &Kept,
    now_ms: i64,
) -> Result<i64, AppError> {
    recount(conn, filter, kept, total_key(filter), now_ms)
}

/// Counts a listing's games and keeps the figure for a minute.
fn recount(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    kept: &Kept,
    key: String,
    now_ms: i64,
) -> Result<i64, AppError> {
    let total: i64 = community_query(filter, conn.backend(), Words::Indexed).count().get_result(conn)?;
    kept.totals.keep(key, total, now_ms);
    Ok(total)
}

/// The next `limit` rows of `listing`. A week's or a month's listing takes its ids first: the
/// index of recent games holds what they are ordered and filtered by (`games_recent`,
/// PostgreSQL), so only the page's rows are read, where walking the Top index read every game
/// of the year until it had found a page of this week's.
fn page_of(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    listing: BoxedGames<'_>,
    limit: i64,
) -> Result<Vec<GameRow>, AppError> {
    if filter.created_after.is_none() {
        return Ok(listing.limit(limit).select(GameRow::as_select()).load(conn)?);
    }
    let ids: Vec<i64> = listing.limit(limit).select(games::id).load(conn)?;
    rows_in_order(conn, &ids)
}

/// The cursor of the row just before the block of [`STRIDE`] rows holding row `offset` (which is
/// at least [`STRIDE`]): read on from the last milestone kept, in one pass of sort keys, the new
/// milestones kept; `None` when the listing ends before it.
fn milestone_before(
    conn: &mut DbConn,
    filter: &CommunityFilter,
    words: Words,
    offset: i64,
    milestones: &ForAMinute<Arc<Vec<Cursor>>>,
    now_ms: i64,
) -> Result<Option<Cursor>, AppError> {
    let key = format!("{filter:?}");
    let (mut cursors, found_at) =
        milestones.get(&key, now_ms).map(|(c, at)| (c.as_ref().clone(), at)).unwrap_or((Vec::new(), now_ms));
    let wanted = (offset / STRIDE) as usize;
    if cursors.len() < wanted {
        let listing = ordered(community_query(filter, conn.backend(), words), filter.sort);
        let listing = match cursors.last() {
            Some(after) => after_cursor(listing, filter.sort, *after),
            None => listing,
        };
        let keys: Vec<SortKeys> = listing
            .select((games::id, games::hot, games::top, games::created_at, games::plays))
            .limit((wanted - cursors.len()) as i64 * STRIDE)
            .load(conn)?;
        let found = cursors.len();
        cursors.extend(
            keys.into_iter()
                .skip(STRIDE as usize - 1)
                .step_by(STRIDE as usize)
                .map(|k| cursor_of(k, filter.sort)),
        );
        if cursors.len() > found {
            let start = cursors.get(wanted - 1).copied();
            milestones.put(key, Arc::new(cursors), found_at);
            return Ok(start);
        }
    }
    Ok(cursors.get(wanted - 1).copied())
}

/// The kept-total key of a filter: the order does not change the count, so every sort of one
/// filter shares it.
fn total_key(filter: &CommunityFilter) -> String {
    format!("{:?}", CommunityFilter { sort: CommunitySort::New, ..filter.clone() })
}

/// The rows of `ids`, in that order.
fn rows_in_order(conn: &mut DbConn, ids: &[i64]) -> Result<Vec<GameRow>, AppError> {
    let mut rows: Vec<GameRow> =
        games::table.filter(games::id.eq_any(ids)).select(GameRow::as_select()).load(conn)?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
    Ok(rows)
}

/// Approve = an approved public community game; deny = hidden.
pub fn set_review(conn: &mut DbConn, uid: &str, approved: bool, now_ms: i64) -> Result<(), AppError> {
    let (status, public) =
        if approved { (ReviewStatus::Approved, true) } else { (ReviewStatus::Denied, false) };
    let updated = diesel::update(games::table.filter(games::uid.eq(uid)))
        .set((games::status.eq(status.as_str()), games::public.eq(public), games::updated_at.eq(now_ms)))
        .execute(conn)?;
    if updated == 0 {
        return Err(AppError::game_not_found());
    }
    Ok(())
}
