//! Listings: archive days, future days (admins) and community games, paginated and searchable.

use actix_web::{get, web};
use game_core::calendar::today;
use lavalist_api::games::{CommunityQuery, PageQuery};

use super::model::GameList;
use super::queries::{self, CommunityFilter, Days};
use crate::db;
use crate::error::AppError;
use crate::paging::{search, window, PageWindow, MAX_COMMUNITY_LIMIT, MAX_DAY_LIMIT};
use crate::state::AppState;
use crate::viewer::{Admin, Viewer};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(previous_days)
        .service(previous_days_paginated)
        .service(future_days)
        .service(future_days_paginated)
        .service(community_games_paginated);
}

async fn day_list(
    state: &AppState,
    days: Days,
    search: Option<String>,
    window: PageWindow,
) -> Result<GameList, AppError> {
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_days(conn, days, search.as_deref(), window)).await?;
    Ok(GameList { games: games.iter().map(|g| g.card()).collect(), total })
}

/// Every past day (for the archive calendar), newest first.
#[utoipa::path(get, path = "/api/previous-days", tag = "listings",
    responses((status = 200, body = GameList)))]
#[get("/previous-days")]
pub async fn previous_days(state: web::Data<AppState>) -> Result<web::Json<GameList>, AppError> {
    Ok(web::Json(day_list(&state, Days::Before(today(state.clock.now())), None, PageWindow::ALL).await?))
}

/// Past days, newest first, a page at a time.
#[utoipa::path(get, path = "/api/previous-days-paginated", tag = "listings", params(PageQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody)))]
#[get("/previous-days-paginated")]
pub async fn previous_days_paginated(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    Ok(web::Json(day_list(&state, Days::Before(today(state.clock.now())), search, window).await?))
}

/// Scheduled days after today (admins only).
#[utoipa::path(get, path = "/api/future-days", tag = "listings",
    responses((status = 200, body = GameList), (status = 401, body = lavalist_api::ErrorBody),
              (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/future-days")]
pub async fn future_days(state: web::Data<AppState>, _admin: Admin) -> Result<web::Json<GameList>, AppError> {
    Ok(web::Json(day_list(&state, Days::After(today(state.clock.now())), None, PageWindow::ALL).await?))
}

/// Scheduled days after today, soonest first, a page at a time (admins only).
#[utoipa::path(get, path = "/api/future-days-paginated", tag = "listings", params(PageQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody),
              (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/future-days-paginated")]
pub async fn future_days_paginated(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PageQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    Ok(web::Json(day_list(&state, Days::After(today(state.clock.now())), search, window).await?))
}

/// Approved public community games, newest first; with `username`, that user's games.
#[utoipa::path(get, path = "/api/community-games-paginated", tag = "listings", params(CommunityQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody)))]
#[get("/community-games-paginated")]
pub async fn community_games_paginated(
    state: web::Data<AppState>,
    viewer: Viewer,
    query: web::Query<CommunityQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_COMMUNITY_LIMIT)?;
    let username = query.username.map(|u| u.trim().to_string()).filter(|u| !u.is_empty());
    // Owners (and admins) see their private and unreviewed games on their profile.
    let include_hidden = username.as_deref().is_some_and(|u| viewer.is_user_or_admin(u));
    // A game made daily for a future date stays out (its answers are that day's), even for
    // its owner; admins see it.
    let released_by = (!viewer.is_admin()).then(|| today(state.clock.now()));
    let filter = CommunityFilter { search: search(query.search)?, username, include_hidden, released_by };
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_community(conn, &filter, window)).await?;
    Ok(web::Json(GameList { games: games.iter().map(|g| g.card()).collect(), total }))
}
