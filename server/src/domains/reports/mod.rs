//! "Report this game": players report a community game (a reason from a short list, optional
//! details, once per player and game, rate limited); admins see the reported games with their
//! counts and reasons, and dismiss the reports or hide the game.

pub mod interface;
pub mod player_data;
pub mod queries;

use actix_web::{get, post, web, HttpRequest};
use lavalist_api::accounts::MessageResponse;
use lavalist_api::reports::{ReportAction, ReportBody, ReportDecision, ReportDecisionResult, ReportedGames};

use crate::domains::accounts::interface::{Admin, Viewer};
use crate::domains::games::interface::community_game;
use crate::domains::submissions::interface::check_user_key;
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::{user_key as account_key, Endpoint};
use crate::state::AppState;
use queries::NewReport;

/// The longest details a report keeps, in characters.
pub const MAX_DETAILS_CHARS: usize = 500;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(report_game).service(reported_games).service(decide_reports);
}

/// Reports a community game the viewer can see. One report per player (userKey; a logged-in
/// player's account too) and game: a second answers 409 `alreadyReported`.
#[utoipa::path(post, path = "/api/game/uid/{uid}/report", tag = "reports", request_body = ReportBody,
    params(("uid" = String, Path, description = "The community game's uid")),
    responses((status = 200, body = MessageResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody),
        (status = 409, description = "Already reported by this player", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/game/uid/{uid}/report")]
pub async fn report_game(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    uid: web::Path<String>,
    body: web::Json<ReportBody>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let body = body.into_inner();
    let user_key = check_user_key(&body.user_key)?.to_string();
    let details = clean_details(body.details.as_deref())?;
    let user_id = viewer.account().map(|a| a.id);
    let reporter = user_id.map(account_key).unwrap_or_else(|| user_key.clone());
    state.limiter.limit_player(&state.pool, &req, Endpoint::Report, &reporter, user_id.is_none()).await?;
    let game = community_game(&state, uid.into_inner(), &viewer).await?;
    let report = NewReport {
        game_id: game.id,
        user_key,
        user_id,
        reason: body.reason,
        details,
        ip: state.limiter.address_key(&req),
        created_at: state.clock.now_ms(),
    };
    db::run(&state.pool, move |conn| queries::insert(conn, report)).await?;
    tracing::info!(uid = %game.uid, reason = body.reason.as_str(), "game reported");
    Ok(web::Json(MessageResponse { message: "Thanks: an admin will look at this game.".into() }))
}

/// Trimmed, control characters stripped, at most [`MAX_DETAILS_CHARS`].
fn clean_details(details: Option<&str>) -> Result<String, AppError> {
    let details = crate::platform::text::strip_controls(details.unwrap_or_default()).trim().to_string();
    if details.chars().count() > MAX_DETAILS_CHARS {
        return Err(AppError::Refused {
            code: ErrorCode::TooLong,
            message: format!("Details have at most {MAX_DETAILS_CHARS} characters."),
            field: Some("details".into()),
        });
    }
    Ok(details)
}

/// Community games with open reports, most reported first, with counts, reasons and details.
#[utoipa::path(get, path = "/api/admin/reports", tag = "admin",
    responses((status = 200, body = ReportedGames), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/reports")]
pub async fn reported_games(
    state: web::Data<AppState>,
    _admin: Admin,
) -> Result<web::Json<ReportedGames>, AppError> {
    let games = db::run(&state.pool, queries::reported_games).await?;
    Ok(web::Json(ReportedGames { games }))
}

/// Dismisses a game's open reports, or hides the game (denied, private) and closes them.
#[utoipa::path(post, path = "/api/admin/reports/{uid}", tag = "admin", request_body = ReportDecision,
    params(("uid" = String, Path, description = "The reported game's uid")),
    responses((status = 200, body = ReportDecisionResult), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody),
        (status = 409, description = "A daily game cannot be hidden", body = lavalist_api::ErrorBody)))]
#[post("/admin/reports/{uid}")]
pub async fn decide_reports(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
    body: web::Json<ReportDecision>,
) -> Result<web::Json<ReportDecisionResult>, AppError> {
    let uid = uid.into_inner();
    let action = body.action;
    let key = uid.clone();
    let now_ms = state.clock.now_ms();
    let closed = db::run(&state.pool, move |conn| queries::decide(conn, &key, action, now_ms)).await?;
    if action == ReportAction::Hide {
        state.games_changed();
    }
    tracing::info!(admin = admin.0.id, %uid, ?action, closed, "reports decided");
    Ok(web::Json(ReportDecisionResult { uid, action, closed }))
}
