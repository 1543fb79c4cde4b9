//! Game stats from the per-game aggregates: reading them costs the same with ten players or a
//! million (a few rows per game, two indexed lookups per player).

use std::collections::BTreeMap;

use actix_web::{get, web};
use chrono::{NaiveDate, Utc};
use diesel::prelude::*;
use game_core::calendar::today;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::games::{self, ensure_released, require_date};
use crate::schema::{game_item_stats, game_score_counts, game_stats};
use crate::submissions::record;
use crate::viewer::Viewer;
use crate::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(daily_stats).service(community_stats);
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct StatsQuery {
    /// The day (`YYYY-MM-DD`); today in New York when absent.
    pub date: Option<String>,
    /// Percentile of this score; else of the userKey's stored score.
    pub score: Option<u32>,
    pub user_key: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CommunityStatsQuery {
    pub score: Option<u32>,
    pub user_key: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsResponse {
    /// Item id → fraction of players who found it (0–1).
    pub stats: BTreeMap<String, f64>,
    /// Whole percent of players with a strictly lower score; null when no score is known.
    pub percentile: Option<u32>,
    pub player_count: i64,
    pub average_score: f64,
    /// Consecutive daily days played by the userKey, up to today or yesterday.
    pub played_streak: i32,
    /// Consecutive daily days won by the userKey, up to today or yesterday.
    pub won_streak: i32,
}

#[utoipa::path(get, path = "/api/game/stats", tag = "stats", params(StatsQuery),
    responses(
        (status = 200, body = StatsResponse),
        (status = 400, body = crate::openapi::ErrorBody),
        (status = 403, description = "A future date", body = crate::openapi::ErrorBody),
        (status = 404, description = "No game on that date", body = crate::openapi::ErrorBody),
    ))]
#[get("/game/stats")]
pub async fn daily_stats(
    state: web::Data<AppState>,
    viewer: Viewer,
    query: web::Query<StatsQuery>,
) -> Result<web::Json<StatsResponse>, AppError> {
    let query = query.into_inner();
    let today = today(Utc::now());
    let date = query.date.as_deref().map(require_date).transpose()?.unwrap_or(today);
    ensure_released(date, &viewer)?;
    let day = state.games.day(&state.pool, date, today).await?;
    let game = day
        .and_then(|d| d.game.clone())
        .ok_or_else(|| AppError::not_found("There is no game for this date."))?;
    let (game_id, item_ids) = (game.id, game.items.iter().map(|i| i.id).collect());
    let stats =
        db::run(&state.pool, move |conn| load(conn, game_id, item_ids, query.score, query.user_key, today))
            .await?;
    Ok(web::Json(stats))
}

#[utoipa::path(get, path = "/api/game/community-stats/{uid}", tag = "stats",
    params(("uid" = String, Path, description = "The community game's uid"), CommunityStatsQuery),
    responses(
        (status = 200, body = StatsResponse),
        (status = 400, body = crate::openapi::ErrorBody),
        (status = 404, description = "Game uid not found.", body = crate::openapi::ErrorBody),
    ))]
#[get("/game/community-stats/{uid}")]
pub async fn community_stats(
    state: web::Data<AppState>,
    viewer: Viewer,
    uid: web::Path<String>,
    query: web::Query<CommunityStatsQuery>,
) -> Result<web::Json<StatsResponse>, AppError> {
    let query = query.into_inner();
    let game = games::community_game(&state, uid.into_inner(), &viewer).await?;
    let (game_id, item_ids) = (game.id, game.items.iter().map(|i| i.id).collect());
    let today = today(Utc::now());
    let stats =
        db::run(&state.pool, move |conn| load(conn, game_id, item_ids, query.score, query.user_key, today))
            .await?;
    Ok(web::Json(stats))
}

fn load(
    conn: &mut DbConn,
    game_id: i64,
    item_ids: Vec<u32>,
    score: Option<u32>,
    user_key: Option<String>,
    today: NaiveDate,
) -> Result<StatsResponse, AppError> {
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
    let score = match (score, &user_key) {
        (Some(score), _) => Some(score),
        (None, Some(key)) => record::find(conn, game_id, key)?.map(|s| s.score),
        (None, None) => None,
    };
    let (played_streak, won_streak) = match &user_key {
        Some(key) => record::load_streak(conn, key)?.current(today),
        None => (0, 0),
    };
    Ok(StatsResponse {
        stats: fractions(&item_ids, &found, player_count),
        percentile: score.map(|s| percentile(&histogram, player_count, s)),
        player_count,
        average_score: if player_count > 0 { score_sum as f64 / player_count as f64 } else { 0.0 },
        played_streak,
        won_streak,
    })
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

/// Whole percent (rounded down) of players whose score is strictly lower than `score`.
fn percentile(histogram: &[(i32, i64)], players: i64, score: u32) -> u32 {
    if players == 0 {
        return 0;
    }
    let lower: i64 =
        histogram.iter().filter(|(bucket, _)| (*bucket as u32) * 10 < score).map(|(_, n)| n).sum();
    (lower * 100 / players) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_counts_strictly_lower() {
        let histogram = vec![(0, 1), (50, 2), (100, 1)];
        assert_eq!(percentile(&histogram, 4, 500), 25);
        assert_eq!(percentile(&histogram, 4, 510), 75);
        assert_eq!(percentile(&histogram, 4, 0), 0);
        assert_eq!(percentile(&histogram, 4, 1000), 75);
        assert_eq!(percentile(&[], 0, 500), 0);
    }
}
