//! History that follows an account: the in-progress game kept by the server so that another
//! device continues it ([`progress`]), and the account's daily results by edition. (A browser's
//! results follow the account through the player-data registry's claim, `accounts::claim`.)

pub mod player_data;
pub mod progress;

use std::sync::Arc;

use actix_web::{get, put, web};
use game_core::calendar::today;
use game_core::rules::MAX_ACTIONS;
use game_core::{Action, GameState};
use lavalist_api::history::{AccountDays, ProgressBody, ProgressQuery, ProgressResponse};

use crate::domains::accounts::interface::{AuthUser, Viewer};
use crate::domains::games::interface::editions;
use crate::domains::games::interface::StoredGame;
use crate::domains::games::interface::{self as games, ensure_released, require_date};
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;
use lavalist_api::games::EditionQuery;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_progress).service(put_progress).service(account_days);
}

/// The server's copy of a game for the logged-in player: the account's result when the game is
/// over, else the unfinished replay log (empty when none).
#[utoipa::path(get, path = "/api/progress", tag = "history", params(ProgressQuery),
    responses(
        (status = 200, body = ProgressResponse),
        (status = 400, description = "Neither or both of date and gameUid, or a malformed date", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A future date", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[get("/progress")]
pub async fn get_progress(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<ProgressQuery>,
) -> Result<web::Json<ProgressResponse>, AppError> {
    let query = query.into_inner();
    let game = resolve(&state, &user, query.date, query.edition, query.game_uid).await?;
    let (game_id, user_id) = (game.id, user.row.id);
    let answer = db::run(&state.pool, move |conn| progress::load(conn, game_id, user_id)).await?;
    Ok(web::Json(answer))
}

/// Merges this device's replay log into the server's copy: a log that extends the stored one
/// is kept; a stale one gets the stored one back; one that went another way gets the stored one
/// with `diverged: true`. A finished game answers its result.
#[utoipa::path(put, path = "/api/progress", tag = "history", request_body = ProgressBody,
    responses(
        (status = 200, body = ProgressResponse),
        (status = 400, description = "Neither or both of date and gameUid, a malformed date, or an invalid log", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A future date", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game", body = lavalist_api::ErrorBody),
        (status = 413, description = "Body too large", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[put("/progress")]
pub async fn put_progress(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<ProgressBody>,
) -> Result<web::Json<ProgressResponse>, AppError> {
    let body = body.into_inner();
    let game = resolve(&state, &user, body.date, body.edition, body.game_uid).await?;
    check_log(&game, &body.actions)?;
    let (game_id, user_id, now_ms) = (game.id, user.row.id, state.clock.now_ms());
    let actions = body.actions;
    let answer =
        db::run(&state.pool, move |conn| progress::save(conn, game_id, user_id, actions, now_ms)).await?;
    Ok(web::Json(answer))
}

/// The account's daily results in one edition (the calendar marks them on every device).
#[utoipa::path(get, path = "/api/history/days", tag = "history", params(EditionQuery),
    responses(
        (status = 200, body = AccountDays),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[get("/history/days")]
pub async fn account_days(
    state: web::Data<AppState>,
    user: AuthUser,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<AccountDays>, AppError> {
    let (user_id, today) = (user.row.id, today(state.clock.now()));
    let edition = editions::parse(edition.edition.as_deref());
    let days = db::run(&state.pool, move |conn| progress::days(conn, user_id, edition, today)).await?;
    Ok(web::Json(AccountDays { days }))
}

/// The game named the way the client names it: a released daily day, or a community uid the
/// player may see.
async fn resolve(
    state: &AppState,
    user: &AuthUser,
    date: Option<String>,
    edition: Option<String>,
    game_uid: Option<String>,
) -> Result<Arc<StoredGame>, AppError> {
    let viewer = Viewer::User(user.account());
    match (date, game_uid) {
        (Some(date), None) => {
            let date = require_date(&date)?;
            let today = today(state.clock.now());
            ensure_released(date, today, &viewer)?;
            let edition = editions::parse(edition.as_deref());
            let day = state.games.day(&state.pool, edition, date, today).await?;
            day.and_then(|d| d.game.clone()).ok_or_else(|| editions::no_game(edition))
        }
        (None, Some(uid)) => games::community_game(state, uid, &viewer).await.map(Arc::new),
        _ => Err(AppError::bad_request("Send either date or gameUid.")),
    }
}

/// The log must replay with the shared rules (the core's cap first, before any work).
fn check_log(game: &StoredGame, actions: &[Action]) -> Result<(), AppError> {
    if actions.len() > MAX_ACTIONS {
        return Err(AppError::refused(
            ErrorCode::InvalidResult,
            format!("The action log is invalid: it has more than {MAX_ACTIONS} actions."),
        ));
    }
    GameState::replay(game.def(), actions)
        .map(|_| ())
        .map_err(|e| AppError::refused(ErrorCode::InvalidResult, format!("The action log is invalid: {e}.")))
}
