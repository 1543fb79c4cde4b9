//! Game stats from the per-game aggregates: reading them costs the same with ten players or a
//! million (a few rows per game, two indexed lookups per player). Below the minimum sample
//! (`--stats-min-players`) the figures about the other players are left out.

pub mod interface;

use std::collections::BTreeMap;

use actix_web::{get, web};
use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::today;
use game_core::results::{percentile, standing, Standing};
use lavalist_api::games::EditionQuery;
use lavalist_api::stats::{CommunityStatsQuery, ScoreCount, StatsQuery, StatsResponse};

use crate::domains::accounts::interface::{UserKeyHeader, Viewer};
use crate::domains::games::interface::editions;
use crate::domains::games::interface::{self as games, ensure_released, require_date};
use crate::domains::submissions::interface::{account_user_key, record, streaks, ACCOUNT_KEY_PREFIX};
use crate::platform::db::{self, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{game_item_stats, game_score_counts, game_stats};
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(daily_stats).service(community_stats);
}

#[utoipa::path(get, path = "/api/game/stats", tag = "stats", params(StatsQuery, EditionQuery, ("X-User-Key" = Option<String>, Header, description = "Whose score and streaks (a guest's userKey); ignored for a logged-in player, who gets the account's")),
    responses(
        (status = 200, body = StatsResponse),
        (status = 400, body = lavalist_api::ErrorBody),
        (status = 403, description = "A future date", body = lavalist_api::ErrorBody),
        (status = 404, description = "No game on that date in that edition", body = lavalist_api::ErrorBody),
    ))]
#[get("/game/stats")]
pub async fn daily_stats(
    state: web::Data<AppState>,
    viewer: Viewer,
    user_key: UserKeyHeader,
    query: web::Query<StatsQuery>,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<StatsResponse>, AppError> {
    let query = query.into_inner();
    let edition = editions::parse(edition.edition.as_deref());
    let today = today(state.clock.now());
    let date = query.date.as_deref().map(require_date).transpose()?.unwrap_or(today);
    ensure_released(date, today, &viewer)?;
    let day = state.games.day(&state.pool, edition, date, today).await?;
    let game = day.and_then(|d| d.game.clone()).ok_or_else(|| editions::no_game(edition))?;
    let (game_id, item_ids) = (game.id, game.items.iter().map(|i| i.id).collect());
    let user_key = player_key(&viewer, user_key.0);
    let min_players = state.config.stats_min_players;
    let edition = edition.tag();
    let stats = db::run(&state.pool, move |conn| {
        load(conn, Target { game_id, item_ids, score: query.score, user_key, edition, today, min_players })
    })
    .await?;
    Ok(web::Json(stats))
}

/// Whose score and streaks the answer shows: the account's when logged in (its results and
/// streaks live under its key on every device), else the sent userKey's; never an account's key
/// sent by a browser.
pub fn player_key(viewer: &Viewer, user_key: Option<String>) -> Option<String> {
    match viewer.account() {
        Some(account) => Some(account_user_key(account.id)),
        None => user_key.filter(|k| !k.trim().starts_with(ACCOUNT_KEY_PREFIX)),
    }
}

#[utoipa::path(get, path = "/api/game/community-stats/{uid}", tag = "stats",
    params(("uid" = String, Path, description = "The community game's uid"), CommunityStatsQuery, ("X-User-Key" = Option<String>, Header, description = "Whose score and streaks (a guest's userKey); ignored for a logged-in player, who gets the account's")),
    responses(
        (status = 200, body = StatsResponse),
        (status = 400, body = lavalist_api::ErrorBody),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody),
    ))]
#[get("/game/community-stats/{uid}")]
pub async fn community_stats(
    state: web::Data<AppState>,
    viewer: Viewer,
    user_key: UserKeyHeader,
    uid: web::Path<String>,
    query: web::Query<CommunityStatsQuery>,
) -> Result<web::Json<StatsResponse>, AppError> {
    let query = query.into_inner();
    let game = games::community_game(&state, uid.into_inner(), &viewer).await?;
    let (game_id, item_ids) = (game.id, game.items.iter().map(|i| i.id).collect());
    let today = today(state.clock.now());
    let user_key = player_key(&viewer, user_key.0);
    let min_players = state.config.stats_min_players;
    // The streaks shown beside a community game are the English daily's.
    let edition = editions::ENGLISH.tag();
    let stats = db::run(&state.pool, move |conn| {
        load(conn, Target { game_id, item_ids, score: query.score, user_key, edition, today, min_players })
    })
    .await?;
    Ok(web::Json(stats))
}

/// What one stats read is about: the game, whose score, and the minimum sample.
struct Target {
    game_id: i64,
    item_ids: Vec<u32>,
    /// The score asked about; else the userKey's stored one.
    score: Option<u32>,
    user_key: Option<String>,
    /// Whose streaks: the player's in this daily edition.
    edition: &'static str,
    today: NaiveDate,
    min_players: u32,
}

fn load(conn: &mut DbConn, target: Target) -> Result<StatsResponse, AppError> {
    let Target { game_id, item_ids, score, user_key, edition, today, min_players } = target;
    let user_key = user_key.map(|k| k.trim().to_string()).filter(|k| !k.is_empty());
    let (player_count, score_sum): (i64, i64) = game_stats::table
        .find(game_id)
        .select((game_stats::player_count, game_stats::score_sum))
        .first(conn)
        .optional()?
        .unwrap_or((0, 0));
    let found: Vec<(i64, i64)> = game_item_stats::table
        .filter(game_item_stats::game_id.eq(game_id))
        .select((game_item_stats::item_id, game_item_stats::found_count))
        .load(conn)?;
    let histogram: Vec<(i32, i64)> = game_score_counts::table
        .filter(game_score_counts::game_id.eq(game_id))
        .select((game_score_counts::bucket, game_score_counts::players))
        .load(conn)?;
    let stored = match &user_key {
        Some(key) => record::find(conn, game_id, key)?.map(|s| s.score),
        None => None,
    };
    // A score other than the stored one (an archive replay, or not stored yet) is ranked as one
    // more player.
    let counted = stored.is_some() && (score.is_none() || score == stored);
    let (played_streak, won_streak) = match &user_key {
        Some(key) => record::load_streak(conn, &streaks::key(key, edition))?.current(today),
        None => (0, 0),
    };
    let enough_players = player_count >= i64::from(min_players);
    let ranked = score.or(stored);
    let standing = ranked
        .map(|s| standing(&buckets(&histogram), count(player_count), s, counted))
        .filter(|s| enough_players || *s == Standing::First);
    // Shown exactly when the standing is: below the minimum sample it would reveal as much.
    let percentile = ranked
        .filter(|_| standing.is_some())
        .map(|s| percentile(&buckets(&histogram), count(player_count), s, counted));
    let average_score = (player_count > 0).then(|| score_sum as f64 / player_count as f64);
    Ok(StatsResponse {
        stats: if enough_players { fractions(&item_ids, &found, player_count) } else { BTreeMap::new() },
        standing,
        percentile,
        player_count,
        average_score: average_score.filter(|_| enough_players),
        played_streak,
        won_streak,
        histogram: if enough_players { score_counts(&histogram) } else { Vec::new() },
        min_players,
        enough_players,
    })
}

/// The buckets with players, lowest first.
fn score_counts(rows: &[(i32, i64)]) -> Vec<ScoreCount> {
    let mut counts: Vec<ScoreCount> = rows
        .iter()
        .filter(|(_, players)| *players > 0)
        .filter_map(|(bucket, players)| {
            Some(ScoreCount { bucket: u32::try_from(*bucket).ok()?, players: *players })
        })
        .collect();
    counts.sort_by_key(|c| c.bucket);
    counts
}

fn fractions(item_ids: &[u32], found: &[(i64, i64)], players: i64) -> BTreeMap<String, f64> {
    item_ids
        .iter()
        .map(|id| {
            let count = found.iter().find(|(item, _)| *item == i64::from(*id)).map_or(0, |(_, n)| *n);
            let fraction = if players > 0 { count as f64 / players as f64 } else { 0.0 };
            (id.to_string(), fraction)
        })
        .collect()
}

/// The histogram rows as game-core reads them (bucket, players); the columns are never negative.
fn buckets(rows: &[(i32, i64)]) -> Vec<(usize, u64)> {
    rows.iter().map(|(bucket, players)| (usize::try_from(*bucket).unwrap_or(0), count(*players))).collect()
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}
