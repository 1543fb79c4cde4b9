//! The community around games: ratings (`POST/GET /api/game/uid/{uid}/rating`), the dice
//! (`GET /api/community-games/random`), a creator's stats (`GET /api/me/creator-stats`) and a
//! profile's totals (`GET /api/users/{username}/creator-totals`). The numbers explore sorts by
//! are in [`scores`].

pub mod creator;
pub mod interface;
pub mod player_data;
pub mod random;
pub mod ratings;
pub mod scores;

use actix_web::{get, post, web, HttpRequest};
use game_core::calendar::today;
use lavalist_api::community::{CreatorStats, CreatorTotals, RandomGame, RatingBody, RatingSummary};

use crate::domains::accounts::interface::{AuthUser, UserKeyHeader, Viewer};
use crate::domains::games::interface::community_game;
use crate::domains::submissions::interface::{check_user_key, owner_key};
use crate::platform::db;
use crate::platform::error::AppError;
use crate::platform::ratelimit::{user_key as account_key, Endpoint};
use crate::state::AppState;
use ratings::NewRating;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(rate_game)
        .service(game_rating)
        .service(random_game)
        .service(creator_stats)
        .service(creator_totals);
}

/// The key a viewer's results are kept under, from the `X-User-Key` header (checked) or the
/// account; `None` for a guest without a key.
fn player_key(viewer: &Viewer, header: &UserKeyHeader) -> Result<Option<String>, AppError> {
    if let Some(account) = viewer.account() {
        return Ok(Some(crate::domains::submissions::interface::account_user_key(account.id)));
    }
    header.0.as_deref().map(|k| check_user_key(k).map(str::to_string)).transpose()
}

/// Rates a community game 1–5 stars: only a player with a stored result of it (403
/// `notFinished` otherwise), once per player; rating again changes the stars. Limited as
/// reports are (per address, per player, and all the guests of an address together).
#[utoipa::path(post, path = "/api/game/uid/{uid}/rating", tag = "community", request_body = RatingBody,
    params(("uid" = String, Path, description = "The community game's uid")),
    responses((status = 200, body = RatingSummary), (status = 400, body = lavalist_api::ErrorBody),
        (status = 403, description = "No stored result of this player", body = lavalist_api::ErrorBody),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/game/uid/{uid}/rating")]
pub async fn rate_game(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    uid: web::Path<String>,
    body: web::Json<RatingBody>,
) -> Result<web::Json<RatingSummary>, AppError> {
    let body = body.into_inner();
    let user_key = check_user_key(&body.user_key)?;
    if !(1..=5).contains(&body.stars) {
        return Err(AppError::bad_request("stars must be 1 to 5."));
    }
    let user_id = viewer.account().map(|a| a.id);
    let limited_as = user_id.map(account_key).unwrap_or_else(|| user_key.to_string());
    state.limiter.limit_player(&state.pool, &req, Endpoint::Rating, &limited_as, user_id.is_none()).await?;
    let game = community_game(&state, uid.into_inner(), &viewer).await?;
    let rating = NewRating {
        game_id: game.id,
        rater_key: owner_key(&viewer, user_key),
        user_id,
        stars: i32::from(body.stars),
        now_ms: state.clock.now_ms(),
    };
    let summary = db::run(&state.pool, move |conn| ratings::rate(conn, &rating)).await?;
    tracing::info!(uid = %game.uid, stars = body.stars, "game rated");
    Ok(web::Json(summary))
}

/// A community game's ratings, and with `X-User-Key` (or a login) the player's own stars and
/// whether they may rate.
#[utoipa::path(get, path = "/api/game/uid/{uid}/rating", tag = "community",
    params(("uid" = String, Path, description = "The community game's uid"),
        ("X-User-Key" = Option<String>, Header, description = "The browser's userKey")),
    responses((status = 200, body = RatingSummary), (status = 400, body = lavalist_api::ErrorBody),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody)))]
#[get("/game/uid/{uid}/rating")]
pub async fn game_rating(
    state: web::Data<AppState>,
    viewer: Viewer,
    header: UserKeyHeader,
    uid: web::Path<String>,
) -> Result<web::Json<RatingSummary>, AppError> {
    let key = player_key(&viewer, &header)?;
    let game = community_game(&state, uid.into_inner(), &viewer).await?;
    let summary =
        db::run(&state.pool, move |conn| ratings::summary_for(conn, game.id, key.as_deref())).await?;
    Ok(web::Json(summary))
}

/// The dice: a random approved community game the player (`X-User-Key`, or the login) has not
/// finished, weighted towards well-rated games; else a random archive day.
#[utoipa::path(get, path = "/api/community-games/random", tag = "community",
    params(("X-User-Key" = Option<String>, Header, description = "The browser's userKey")),
    responses((status = 200, body = RandomGame), (status = 400, body = lavalist_api::ErrorBody)))]
#[get("/community-games/random")]
pub async fn random_game(
    state: web::Data<AppState>,
    viewer: Viewer,
    header: UserKeyHeader,
) -> Result<web::Json<RandomGame>, AppError> {
    let key = player_key(&viewer, &header)?;
    let today = today(state.clock.now());
    Ok(web::Json(db::run(&state.pool, move |conn| random::roll(conn, key.as_deref(), today)).await?))
}

/// The logged-in creator's community games with their numbers.
#[utoipa::path(get, path = "/api/me/creator-stats", tag = "community",
    responses((status = 200, body = CreatorStats), (status = 401, body = lavalist_api::ErrorBody)))]
#[get("/me/creator-stats")]
pub async fn creator_stats(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<CreatorStats>, AppError> {
    let owner = user.row.id;
    let now = state.clock.now();
    let games = db::run(&state.pool, move |conn| creator::creator_games(conn, owner, now)).await?;
    Ok(web::Json(CreatorStats { games }))
}

/// A creator's public totals: approved public games, their plays and average rating.
#[utoipa::path(get, path = "/api/users/{username}/creator-totals", tag = "community",
    params(("username" = String, Path, description = "The creator's username (any case)")),
    responses((status = 200, body = CreatorTotals), (status = 404, body = lavalist_api::ErrorBody)))]
#[get("/users/{username}/creator-totals")]
pub async fn creator_totals(
    state: web::Data<AppState>,
    username: web::Path<String>,
) -> Result<web::Json<CreatorTotals>, AppError> {
    let name = username.into_inner();
    let totals = db::run(&state.pool, move |conn| creator::totals(conn, &name)).await?;
    Ok(web::Json(totals.ok_or_else(|| AppError::not_found("No such user."))?))
}
