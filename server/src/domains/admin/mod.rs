//! Admin-only routes under `/api/admin`: the review queue, review decisions and making a game
//! the daily game. Every handler takes the `Admin` extractor (401 guest, 403 non-admin).

pub mod queries;

use actix_web::{get, post, web};
use chrono::NaiveDate;
use game_core::calendar::{format_date, today};
use lavalist_api::admin::{
    DailyDateQuery, DailyResult, FreeDailyDate, ReviewDecision, ReviewGame, ReviewList, ReviewQuery,
    ReviewResult,
};

use crate::domains::accounts::interface::Admin;
use crate::domains::games::interface::{editions, require_date};
use crate::domains::games::interface::{set_review, ReviewStatus};
use crate::platform::clock::format_millis;
use crate::platform::db;
use crate::platform::error::AppError;
use crate::platform::paging::{search, window, MAX_DAY_LIMIT};
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(review_games).service(review_game).service(next_daily_date).service(make_daily);
}

fn review_status(text: Option<&str>) -> Result<ReviewStatus, AppError> {
    match text.unwrap_or("unreviewed") {
        "unreviewed" => Ok(ReviewStatus::Unreviewed),
        "denied" => Ok(ReviewStatus::Denied),
        _ => Err(AppError::bad_request("status is unreviewed or denied.")),
    }
}

/// Community games waiting for review (or hidden), oldest first, with their items, when they
/// were submitted and the words the profanity rule flags that they keep.
#[utoipa::path(get, path = "/api/admin/review-games", tag = "admin", params(ReviewQuery),
    responses((status = 200, body = ReviewList), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/review-games")]
pub async fn review_games(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<ReviewQuery>,
) -> Result<web::Json<ReviewList>, AppError> {
    let query = query.into_inner();
    let status = review_status(query.status.as_deref())?;
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_for_review(conn, status, search.as_deref(), window))
            .await?;
    let games = games
        .iter()
        .map(|g| ReviewGame {
            game: g.response(),
            created_at: format_millis(g.created_at),
            flagged_words: g.flagged_words.clone(),
        })
        .collect();
    Ok(web::Json(ReviewList { games, total }))
}

/// Approve (public community game) or deny (hidden).
#[utoipa::path(post, path = "/api/admin/review-game/{uid}", tag = "admin", request_body = ReviewDecision,
    responses((status = 200, body = ReviewResult), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody), (status = 404, body = lavalist_api::ErrorBody)))]
#[post("/admin/review-game/{uid}")]
pub async fn review_game(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
    body: web::Json<ReviewDecision>,
) -> Result<web::Json<ReviewResult>, AppError> {
    let uid = uid.into_inner();
    let approved = body.approved;
    let key = uid.clone();
    let now_ms = state.clock.now_ms();
    db::run(&state.pool, move |conn| set_review(conn, &key, approved, now_ms)).await?;
    state.games_changed();
    tracing::info!(admin = admin.0.id, %uid, approved, "game reviewed");
    Ok(web::Json(ReviewResult { uid, approved }))
}

/// The asked day (`YYYY-MM-DD`), if any.
fn asked_date(query: &DailyDateQuery) -> Result<Option<NaiveDate>, AppError> {
    query.date.as_deref().map(require_date).transpose()
}

/// The first day without a daily game in the edition asked (English by default): after today,
/// and on or after `date` when given (what the make-daily dialog suggests, and where a taken
/// day's next free one is).
#[utoipa::path(get, path = "/api/admin/next-daily-date", tag = "admin", params(DailyDateQuery),
    responses((status = 200, body = FreeDailyDate), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/next-daily-date")]
pub async fn next_daily_date(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<DailyDateQuery>,
) -> Result<web::Json<FreeDailyDate>, AppError> {
    let from = asked_date(&query)?;
    let edition = editions::parse(query.edition.as_deref());
    let today = today(state.clock.now());
    let date =
        db::run(&state.pool, move |conn| queries::first_free_date(conn, edition.tag(), today, from)).await?;
    Ok(web::Json(FreeDailyDate { date: format_date(date) }))
}

/// Puts the game on the day asked for (after today, with no daily game yet), or without one on
/// the first date after today that has no daily game.
#[utoipa::path(post, path = "/api/admin/make-daily/{uid}", tag = "admin", params(DailyDateQuery),
    responses((status = 200, body = DailyResult),
        (status = 400, description = "Not a date, or not after today", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody), (status = 404, body = lavalist_api::ErrorBody),
        (status = 409, description = "The game already has a day, or the day asked for has a game", body = lavalist_api::ErrorBody)))]
#[post("/admin/make-daily/{uid}")]
pub async fn make_daily(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
    query: web::Query<DailyDateQuery>,
) -> Result<web::Json<DailyResult>, AppError> {
    let asked = asked_date(&query)?;
    let uid = uid.into_inner();
    let key = uid.clone();
    let now = state.clock.now();
    let date: NaiveDate = db::run(&state.pool, move |conn| {
        queries::make_daily(conn, &key, today(now), asked, now.timestamp_millis())
    })
    .await?;
    state.games_changed();
    tracing::info!(admin = admin.0.id, %uid, date = %format_date(date), "game made daily");
    Ok(web::Json(DailyResult { uid, date: format_date(date) }))
}
