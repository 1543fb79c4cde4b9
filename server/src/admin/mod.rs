//! Admin-only routes under `/api/admin`: the review queue, review decisions and making a game
//! the daily game. Every handler takes the `Admin` extractor (401 guest, 403 non-admin).

pub mod queries;

use actix_web::{get, post, web};
use chrono::{NaiveDate, Utc};
use game_core::calendar::{format_date, today};
use lavalist_api::admin::{DailyResult, ReviewDecision, ReviewQuery, ReviewResult};

use crate::db;
use crate::error::AppError;
use crate::games::model::{GameList, ReviewStatus};
use crate::paging::{search, window, MAX_DAY_LIMIT};
use crate::state::AppState;
use crate::viewer::Admin;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(review_games).service(review_game).service(make_daily);
}

fn review_status(text: Option<&str>) -> Result<ReviewStatus, AppError> {
    match text.unwrap_or("unreviewed") {
        "unreviewed" => Ok(ReviewStatus::Unreviewed),
        "denied" => Ok(ReviewStatus::Denied),
        _ => Err(AppError::bad_request("status is unreviewed or denied.")),
    }
}

/// Community games waiting for review (or hidden), oldest first.
#[utoipa::path(get, path = "/api/admin/review-games", tag = "admin", params(ReviewQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/review-games")]
pub async fn review_games(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<ReviewQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let status = review_status(query.status.as_deref())?;
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_for_review(conn, status, search.as_deref(), window))
            .await?;
    Ok(web::Json(GameList { games: games.iter().map(|g| g.card()).collect(), total }))
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
    db::run(&state.pool, move |conn| {
        queries::set_review(conn, &key, approved, Utc::now().timestamp_millis())
    })
    .await?;
    state.games.invalidate();
    tracing::info!(admin = admin.0.id, %uid, approved, "game reviewed");
    Ok(web::Json(ReviewResult { uid, approved }))
}

/// Puts the game on the first date after today that has no daily game.
#[utoipa::path(post, path = "/api/admin/make-daily/{uid}", tag = "admin",
    responses((status = 200, body = DailyResult), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody), (status = 404, body = lavalist_api::ErrorBody),
        (status = 409, body = lavalist_api::ErrorBody)))]
#[post("/admin/make-daily/{uid}")]
pub async fn make_daily(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
) -> Result<web::Json<DailyResult>, AppError> {
    let uid = uid.into_inner();
    let key = uid.clone();
    let now = Utc::now();
    let date: NaiveDate =
        db::run(&state.pool, move |conn| queries::make_daily(conn, &key, today(now), now.timestamp_millis()))
            .await?;
    state.games.invalidate();
    tracing::info!(admin = admin.0.id, %uid, date = %format_date(date), "game made daily");
    Ok(web::Json(DailyResult { uid, date: format_date(date) }))
}
