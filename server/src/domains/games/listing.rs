//! Listings: archive days, future days (admins) and community games, paginated and searchable.

use actix_web::{get, web};
use chrono::Duration;
use game_core::calendar::today;
use lavalist_api::games::{CommunityQuery, CommunitySort, EditionQuery, PageQuery, TopPeriod};

use super::editions;
use super::model::GameList;
use super::queries::{self, CommunityFilter, Cursor, Days};
use crate::domains::accounts::interface::{Admin, Viewer};
use crate::platform::db;
use crate::platform::error::AppError;
use crate::platform::paging::{search, window, PageWindow, MAX_COMMUNITY_LIMIT, MAX_DAY_LIMIT};
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(previous_days)
        .service(previous_days_paginated)
        .service(future_days)
        .service(future_days_paginated)
        .service(community_games_paginated);
}

/// One edition's days (`?edition=`, English when missing or unknown).
async fn day_list(
    state: &AppState,
    edition: &EditionQuery,
    days: Days,
    search: Option<String>,
    window: PageWindow,
) -> Result<GameList, AppError> {
    let edition = editions::parse(edition.edition.as_deref());
    let (games, total) =
        db::run(&state.pool, move |conn| queries::list_days(conn, edition, days, search.as_deref(), window))
            .await?;
    Ok(GameList { games: games.iter().map(|g| g.card()).collect(), total, next: None })
}

/// Every past day (for the archive calendar), newest first.
#[utoipa::path(get, path = "/api/previous-days", tag = "listings", params(EditionQuery),
    responses((status = 200, body = GameList)))]
#[get("/previous-days")]
pub async fn previous_days(
    state: web::Data<AppState>,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let days = Days::Before(today(state.clock.now()));
    Ok(web::Json(day_list(&state, &edition, days, None, PageWindow::ALL).await?))
}

/// Past days, newest first, a page at a time.
#[utoipa::path(get, path = "/api/previous-days-paginated", tag = "listings", params(PageQuery, EditionQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody)))]
#[get("/previous-days-paginated")]
pub async fn previous_days_paginated(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    let days = Days::Before(today(state.clock.now()));
    Ok(web::Json(day_list(&state, &edition, days, search, window).await?))
}

/// Scheduled days after today (admins only).
#[utoipa::path(get, path = "/api/future-days", tag = "listings", params(EditionQuery),
    responses((status = 200, body = GameList), (status = 401, body = lavalist_api::ErrorBody),
              (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/future-days")]
pub async fn future_days(
    state: web::Data<AppState>,
    _admin: Admin,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let days = Days::After(today(state.clock.now()));
    Ok(web::Json(day_list(&state, &edition, days, None, PageWindow::ALL).await?))
}

/// Scheduled days after today, soonest first, a page at a time (admins only).
#[utoipa::path(get, path = "/api/future-days-paginated", tag = "listings", params(PageQuery, EditionQuery),
    responses((status = 200, body = GameList), (status = 400, body = lavalist_api::ErrorBody),
              (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/future-days-paginated")]
pub async fn future_days_paginated(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PageQuery>,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GameList>, AppError> {
    let query = query.into_inner();
    let window = window(query.page, query.limit, MAX_DAY_LIMIT)?;
    let search = search(query.search)?;
    let days = Days::After(today(state.clock.now()));
    Ok(web::Json(day_list(&state, &edition, days, search, window).await?))
}

/// Approved public community games, by `sort` (hot by default), filtered by category and
/// language; with `username`, that user's games (newest first unless `sort` says otherwise).
/// `page` pages by offset; `after` (the previous page's `next`) by keyset, for deep pages.
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
    let now = state.clock.now();
    let released_by = (!viewer.is_admin()).then(|| today(now));
    let default_sort = if username.is_some() { CommunitySort::New } else { CommunitySort::Hot };
    let sort = query.sort.unwrap_or(default_sort);
    // From the start of the minute, so that a minute's requests share one filter (and total).
    let since = |days: i64| Some((now - Duration::days(days)).timestamp_millis() / 60_000 * 60_000);
    let created_after = match (sort, query.period.unwrap_or_default()) {
        (CommunitySort::Top, TopPeriod::Week) => since(7),
        (CommunitySort::Top, TopPeriod::Month) => since(30),
        _ => None,
    };
    let cursor =
        match query.after.as_deref() {
            Some(text) => Some(Cursor::decode(text, sort).ok_or_else(|| {
                AppError::bad_request("after must be the next cursor of a page of this sort.")
            })?),
            None => None,
        };
    let language = match query.language.map(|l| l.trim().to_string()).filter(|l| !l.is_empty()) {
        Some(l) if l.len() > 35 || !l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') => {
            return Err(AppError::bad_request("language must be a BCP 47 tag such as en or pt-BR."))
        }
        other => other,
    };
    let filter = CommunityFilter {
        search: search(query.search)?,
        username,
        include_hidden,
        released_by,
        sort,
        created_after,
        category: query.category,
        language,
    };
    let shared = state.clone();
    let now_ms = state.clock.now_ms();
    let (games, total, next) = db::run(&state.pool, move |conn| {
        queries::list_community(conn, &filter, window, cursor, &shared.kept, now_ms)
    })
    .await?;
    recount_off_the_path(&state);
    Ok(web::Json(GameList { games: games.iter().map(|g| g.card()).collect(), total, next }))
}

/// Recounts, in the background, the large listings' totals the request found a minute old (it
/// showed them as they were): counting 100,000 games took 220 ms, which the one player whose
/// request came at the minute waited for.
fn recount_off_the_path(state: &web::Data<AppState>) {
    for filter in state.kept.take_recounts() {
        let state = state.clone();
        actix_web::rt::spawn(async move {
            let now_ms = state.clock.now_ms();
            let shared = state.clone();
            let counted =
                db::run(&state.pool, move |conn| queries::recount_total(conn, &filter, &shared.kept, now_ms))
                    .await;
            // Left as it was, the total is shown a little longer and recounted by a later request.
            if let Err(error) = counted {
                tracing::warn!(%error, "recounting a listing's total failed");
            }
        });
    }
}
