//! Listings: archive days, future days (admins) and community games, paginated and searchable.

use actix_web::{get, web};
use chrono::Utc;
use game_core::calendar::today;
use serde::Deserialize;
use utoipa::IntoParams;

use super::model::GameList;
use super::queries::{self, CommunityFilter, Days, PageWindow};
use crate::db;
use crate::error::AppError;
use crate::viewer::{Admin, Viewer};
use crate::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(previous_days)
        .service(previous_days_paginated)
        .service(future_days)
        .service(future_days_paginated)
        .service(community_games_paginated);
}

pub(crate) const DEFAULT_LIMIT: u64 = 12;
/// Day listings are explore pages.
pub(crate) const MAX_DAY_LIMIT: u64 = 100;
/// The profile page asks for a user's games 500 at a time.
const MAX_COMMUNITY_LIMIT: u64 = 500;
const MAX_SEARCH_CHARS: usize = 200;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    /// 1-based page number (default 1).
    pub page: Option<u64>,
    /// Entries per page (default 12; larger values are capped).
    pub limit: Option<u64>,
    /// Case-insensitive substring of the prompt.
    pub search: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CommunityQuery {
    pub page: Option<u64>,
    pub limit: Option<u64>,
    pub search: Option<String>,
    /// Only this user's games (case-insensitive).
    pub username: Option<String>,
}

/// Checks page, limit and search; a page past any possible row yields an empty page.
pub(crate) fn window(page: Option<u64>, limit: Option<u64>, max_limit: u64) -> Result<PageWindow, AppError> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    if page == 0 {
        return Err(AppError::bad_request("page starts at 1."));
    }
    if limit == 0 {
        return Err(AppError::bad_request("limit must be at least 1."));
    }
    let limit = limit.min(max_limit);
    let offset = (page - 1).checked_mul(limit).and_then(|o| i64::try_from(o).ok());
    Ok(PageWindow { offset, limit: limit as i64 })
}

pub(crate) fn search(text: Option<String>) -> Result<Option<String>, AppError> {
    match text {
        Some(s) if s.chars().count() > MAX_SEARCH_CHARS => {
            Err(AppError::bad_request(format!("search is at most {MAX_SEARCH_CHARS} characters.")))
        }
        other => Ok(other),
    }
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
    let all = PageWindow { offset: Some(0), limit: i64::MAX };
    Ok(web::Json(day_list(&state, Days::Before(today(Utc::now())), None, all).await?))
}

/// Past days, newest first, a page at a time.
#[utoipa::path(get, path = "/api/previous-days-paginated", tag = "listings", params(PageQuery),
    responses((status = 200, body = GameList), (status = 400, body = crate::openapi::ErrorBody)))]
#[get("/previous-days-paginated")]
pub async fn previous_days_paginated(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    Ok(web::Json(day_list(&state, Days::Before(today(Utc::now())), search, window).await?))
}

/// Scheduled days after today (admins only).
#[utoipa::path(get, path = "/api/future-days", tag = "listings",
    responses((status = 200, body = GameList), (status = 403, body = crate::openapi::ErrorBody)))]
#[get("/future-days")]
pub async fn future_days(state: web::Data<AppState>, _admin: Admin) -> Result<web::Json<GameList>, AppError> {
    let all = PageWindow { offset: Some(0), limit: i64::MAX };
    Ok(web::Json(day_list(&state, Days::After(today(Utc::now())), None, all).await?))
}

/// Scheduled days after today, soonest first, a page at a time (admins only).
#[utoipa::path(get, path = "/api/future-days-paginated", tag = "listings", params(PageQuery),
    responses((status = 200, body = GameList), (status = 400, body = crate::openapi::ErrorBody),
              (status = 403, body = crate::openapi::ErrorBody)))]
#[get("/future-days-paginated")]
pub async fn future_days_paginated(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PageQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    Ok(web::Json(day_list(&state, Days::After(today(Utc::now())), search, window).await?))
}

/// Approved public community games, newest first; with `username`, that user's games.
#[utoipa::path(get, path = "/api/community-games-paginated", tag = "listings", params(CommunityQuery),
    responses((status = 200, body = GameList), (status = 400, body = crate::openapi::ErrorBody)))]
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
    let filter = CommunityFilter { search: search(query.search)?, username, include_hidden };
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_community(conn, &filter, window)).await?;
    Ok(web::Json(GameList { games: games.iter().map(|g| g.card()).collect(), total }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        let w = window(Some(3), Some(12), MAX_DAY_LIMIT).unwrap();
        assert_eq!((w.offset, w.limit), (Some(24), 12));
        assert_eq!(window(None, Some(1_000), MAX_DAY_LIMIT).unwrap().limit, 100);
        assert!(window(Some(0), None, MAX_DAY_LIMIT).is_err());
        assert!(window(None, Some(0), MAX_DAY_LIMIT).is_err());
        assert_eq!(window(Some(u64::MAX), Some(100), MAX_DAY_LIMIT).unwrap().offset, None);
    }
}
