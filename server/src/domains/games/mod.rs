//! Games: today's and archive days by date, community games by uid, and the listings.

pub mod cache;
pub mod community;
pub mod cursor;
pub mod edit;
pub mod editions;
pub mod form;
pub mod interface;
pub mod jobs;
pub mod kept;
pub mod listing;
pub mod model;
pub mod player_data;
pub mod queries;
pub mod search;
pub mod totals;

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use game_core::calendar::{parse_date, today};

use crate::domains::accounts::interface::Viewer;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;
use game_core::GameKind;
use lavalist_api::games::EditionQuery;
use model::{Game, ReviewStatus, StoredGame};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(game_by_date).service(game_by_uid);
    listing::configure(cfg);
    edit::configure(cfg);
    community::configure(cfg);
}

/// Parses a `YYYY-MM-DD` path or query value, or answers 400.
pub fn require_date(text: &str) -> Result<NaiveDate, AppError> {
    parse_date(text).ok_or_else(|| {
        AppError::refused(ErrorCode::InvalidDate, "Dates must be real dates in the form YYYY-MM-DD.")
    })
}

/// Future days are for admins only (they choose and edit the schedule).
pub fn ensure_released(date: NaiveDate, today: NaiveDate, viewer: &Viewer) -> Result<(), AppError> {
    if date > today && !viewer.is_admin() {
        tracing::warn!(%date, user_id = viewer.account().map(|a| a.id), "future day refused to a non-admin");
        return Err(AppError::refused(ErrorCode::NotReleased, "This game is not available yet."));
    }
    Ok(())
}

/// The daily game of a date (today or an archive day).
#[utoipa::path(
    get,
    path = "/api/game/date/{date}",
    tag = "games",
    params(("date" = String, Path, description = "YYYY-MM-DD (New York)", format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"), EditionQuery),
    responses(
        (status = 200, description = "The edition's game, with `edition` and the day's `editions`; in English, today's placeholder game when none is scheduled today", body = Game),
        (status = 304, description = "Unchanged (If-None-Match)"),
        (status = 400, description = "Not a YYYY-MM-DD date", body = lavalist_api::ErrorBody),
        (status = 403, description = "A future date (admins only)", body = lavalist_api::ErrorBody),
        (status = 404, description = "No game on that date (`noGameForDate`), or none in that edition (`noEditionGame`)", body = lavalist_api::ErrorBody),
    )
)]
#[get("/game/date/{date}")]
pub async fn game_by_date(
    state: web::Data<AppState>,
    viewer: Viewer,
    date: web::Path<String>,
    edition: web::Query<EditionQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, AppError> {
    let date = require_date(&date)?;
    let edition = editions::parse(edition.edition.as_deref());
    let today = today(state.clock.now());
    ensure_released(date, today, &viewer)?;
    let day = state.games.day(&state.pool, edition, date, today).await?;
    let day = day.ok_or_else(|| editions::no_game(edition))?;
    // Future days are admin-only: never let a shared cache keep them. Released days may be kept
    // but are revalidated each time (the ETag makes that a 304): an admin's edit or an accepted
    // dispute must reach the next load, not one 30 seconds later.
    let cache_control = if date > today { "private, no-store" } else { "public, no-cache" };
    if etag_matches(&req, &day.etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, day.etag.clone()))
            .insert_header((header::CACHE_CONTROL, cache_control))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::ETAG, day.etag.clone()))
        .insert_header((header::CACHE_CONTROL, cache_control))
        .body(day.body.clone()))
}

fn etag_matches(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"))
}

/// Whether `viewer` may open this community game: approved ones are open to anyone with the
/// link, unreviewed and denied ones only to their owner and admins. A game made daily for a
/// date after `today` (New York) is for admins only, its owner included: its answers are that
/// day's.
pub fn visible_to(game: &StoredGame, viewer: &Viewer, today: NaiveDate) -> bool {
    if game.daily_date.is_some_and(|date| date > today) {
        return viewer.is_admin();
    }
    game.status == ReviewStatus::Approved || viewer.owns_or_admin(game.owner_id)
}

/// Loads a community game the viewer may see, or answers 404 `Game uid not found.`.
pub async fn community_game(state: &AppState, uid: String, viewer: &Viewer) -> Result<StoredGame, AppError> {
    let game = crate::platform::db::run(&state.pool, move |conn| queries::find_by_uid(conn, &uid)).await?;
    let today = today(state.clock.now());
    game.filter(|g| g.kind == GameKind::Community && visible_to(g, viewer, today))
        .ok_or_else(AppError::game_not_found)
}

/// A community game by its uid.
#[utoipa::path(
    get,
    path = "/api/game/uid/{uid}",
    tag = "games",
    params(("uid" = String, Path, description = "The community game's uid")),
    responses(
        (status = 200, description = "The game (`type: \"community\"`)", body = Game),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody),
    )
)]
#[get("/game/uid/{uid}")]
pub async fn game_by_uid(
    state: web::Data<AppState>,
    viewer: Viewer,
    uid: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let game = community_game(&state, uid.into_inner(), &viewer).await?;
    // Only an approved, released game is the same for everyone; an unreviewed or denied one is
    // its owner's and the admins', a future daily the admins', and no cache (the service
    // worker's included) may keep those.
    let unreleased = game.daily_date.is_some_and(|date| date > today(state.clock.now()));
    let cache_control = if game.status == ReviewStatus::Approved && !unreleased {
        "public, no-cache"
    } else {
        "private, no-store"
    };
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, cache_control)).json(game.response()))
}
