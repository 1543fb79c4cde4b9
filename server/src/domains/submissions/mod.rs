//! Score submissions: one result per (game, userKey), checked with the shared rules, counted
//! into the game's aggregates in the same transaction.

pub mod batch;
pub mod check;
pub mod events;
pub mod interface;
pub mod jobs;
pub mod player_data;
pub mod record;
pub mod streaks;
pub mod summary;
pub mod writer;

use actix_web::{post, web, HttpRequest};
use chrono::NaiveDate;
use game_core::calendar::{accepts_daily, format_date};
use game_core::results::is_won;
use game_core::rules::MAX_ACTIONS;
use game_core::Action;
use lavalist_api::submissions::{Answer, CommunitySubmission, DailySubmission, SubmissionResponse};

use crate::domains::accounts::interface::Viewer;
use crate::domains::games::interface::StoredGame;
use crate::domains::games::interface::{self as games, require_date};
use crate::domains::previews::interface as previews;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;
use record::Job;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(submit_daily).service(submit_community);
}

const MAX_USER_KEY_CHARS: usize = 128;

/// Stores today's daily result (yesterday's too, for 15 minutes after midnight in New York).
#[utoipa::path(post, path = "/api/game/submit", tag = "submissions", request_body = DailySubmission,
    responses(
        (status = 200, description = "Stored, or an identical result was already stored", body = SubmissionResponse),
        (status = 400, description = "Malformed, not today's game, or inconsistent with the game", body = lavalist_api::ErrorBody),
        (status = 404, description = "No game on that date", body = lavalist_api::ErrorBody),
        (status = 409, description = "A different result exists for this userKey", body = lavalist_api::ErrorBody),
        (status = 413, description = "Body too large", body = lavalist_api::ErrorBody),
        (status = 429, description = "Too many results from this address for this game", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[post("/game/submit")]
pub async fn submit_daily(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    body: web::Json<DailySubmission>,
) -> Result<web::Json<SubmissionResponse>, AppError> {
    let body = body.into_inner();
    let date = require_date(&body.date)?;
    let now = state.clock.now();
    if !accepts_daily(date, now) {
        return Err(AppError::refused(ErrorCode::NotToday, "Only today's daily game takes results."));
    }
    let edition = crate::domains::games::interface::editions::parse(body.edition.as_deref());
    let day = state.games.day(&state.pool, edition, date, game_core::calendar::today(now)).await?;
    let game = day
        .and_then(|d| d.game.clone())
        .ok_or_else(|| crate::domains::games::interface::editions::no_game(edition))?;
    let result =
        Claim { user_key: &body.user_key, answers: &body.answers, score: body.score, actions: body.actions };
    let (stored, replayed) = store(&state, &req, &viewer, &game, Some(date), result).await?;
    // A logged-in player's result is an event its subscribers (the groups' chat channels) get.
    if let (Some(account), Some(replayed)) = (viewer.account(), replayed) {
        events::result_stored(&state, account.id, &account.username, date, &replayed).await;
    }
    Ok(web::Json(SubmissionResponse { date: Some(format_date(date)), game_uid: None, ..stored }))
}

/// Stores a community game's result.
#[utoipa::path(post, path = "/api/game/submit-community-game", tag = "submissions", request_body = CommunitySubmission,
    responses(
        (status = 200, description = "Stored, or an identical result was already stored", body = SubmissionResponse),
        (status = 400, body = lavalist_api::ErrorBody),
        (status = 404, description = "Game uid not found.", body = lavalist_api::ErrorBody),
        (status = 409, body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody),
        (status = 503, body = lavalist_api::ErrorBody),
    ))]
#[post("/game/submit-community-game")]
pub async fn submit_community(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    body: web::Json<CommunitySubmission>,
) -> Result<web::Json<SubmissionResponse>, AppError> {
    let body = body.into_inner();
    let game = games::community_game(&state, body.game_uid.clone(), &viewer).await?;
    let result =
        Claim { user_key: &body.user_key, answers: &body.answers, score: body.score, actions: body.actions };
    // Played as a community game: it does not count toward daily streaks, even if it is also
    // some day's daily game.
    let (stored, _) = store(&state, &req, &viewer, &game, None, result).await?;
    Ok(web::Json(SubmissionResponse { game_uid: Some(game.uid.clone()), ..stored }))
}

/// Whether an accepted dispute changed this game: a log played before can then be refused by
/// the strict replay, and is regraded instead (see `check::regraded`).
fn regraded_by_a_dispute(conn: &mut crate::platform::db::DbConn, game_id: i64) -> Result<bool, AppError> {
    use crate::platform::schema::disputes;
    use diesel::prelude::*;
    let accepted: i64 = disputes::table
        .filter(disputes::game_id.eq(game_id))
        .filter(disputes::status.eq(lavalist_api::disputes::DisputeStatus::Accepted.as_str()))
        .count()
        .get_result(conn)?;
    Ok(accepted > 0)
}

/// What the client claims, before any check.
struct Claim<'a> {
    user_key: &'a str,
    answers: &'a [Answer],
    score: u32,
    actions: Option<Vec<Action>>,
}

/// Checks and stores a result; `streak_day` is the daily day it counts toward, if any. A
/// logged-in player's result is stored under the account's key (the body's userKey is still
/// checked, and echoed in the answer: it is the one this browser knows).
/// Also hands back the state the log's strict replay reached (`None` without a log, or for a
/// log only a regrade accepts).
async fn store(
    state: &AppState,
    req: &HttpRequest,
    viewer: &Viewer,
    game: &StoredGame,
    streak_day: Option<NaiveDate>,
    claim: Claim<'_>,
) -> Result<(SubmissionResponse, Option<game_core::GameState>), AppError> {
    let user_key = check_user_key(claim.user_key)?;
    // The core's limit (the replay refuses a longer log too): checked first, before any work.
    if claim.actions.as_ref().is_some_and(|a| a.len() > MAX_ACTIONS) {
        return Err(AppError::refused(
            ErrorCode::InvalidResult,
            format!("The action log is invalid: it has more than {MAX_ACTIONS} actions."),
        ));
    }
    let (result, replayed) = match (
        check::check_keeping_state(game, claim.answers, claim.score, claim.actions.as_deref()),
        &claim.actions,
    ) {
        // Only on the refused path: the common one costs no query.
        (Err(refused), Some(actions)) => {
            let game_id = game.id;
            if crate::platform::db::run(&state.pool, move |conn| regraded_by_a_dispute(conn, game_id)).await?
            {
                (check::regraded(game, actions)?, None)
            } else {
                return Err(refused);
            }
        }
        (checked, _) => checked?,
    };
    let owner = owner_key(viewer, user_key);
    let job = Job {
        game_id: game.id,
        daily_date: streak_day,
        streak_key: streaks::key(&owner, &game.language),
        user_key: owner,
        result,
        ip: state.limiter.address_key(req),
        now_ms: state.clock.now_ms(),
        cap_per_hour: state.config.submissions_per_ip_per_hour,
    };
    let stored = state.writer.submit(job).await?;
    let won = is_won(&stored.answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>());
    let found: Vec<(u32, bool)> = stored.answers.iter().map(|a| (a.answer_id, a.guessed_correctly)).collect();
    let share_param = previews::share_param(&state.previews.links, game, streak_day, &found, stored.score);
    let response = SubmissionResponse {
        user_key: user_key.to_string(),
        score: stored.score,
        answers: stored.answers,
        won,
        date: None,
        game_uid: None,
        share_param,
    };
    Ok((response, replayed))
}

/// The userKey a viewer's results are kept under: the account's when logged in, else the
/// browser's own.
pub fn owner_key(viewer: &Viewer, browser_key: &str) -> String {
    viewer.account().map_or_else(|| browser_key.to_string(), |a| account_user_key(a.id))
}

/// The prefix of the userKeys the server gives accounts ([`account_user_key`]); no browser may
/// send one.
pub const ACCOUNT_KEY_PREFIX: &str = "acct:";

/// The userKey under which a logged-in player's results, streaks and saves are kept: one per
/// account, on every device, so every per-userKey rule (one result per game, streaks, stats)
/// holds per account too.
pub fn account_user_key(user_id: i64) -> String {
    format!("{ACCOUNT_KEY_PREFIX}{user_id}")
}

/// The prefix of the keys a deleted account's results move to (`deleted:` and 128 random bits,
/// hex): still counted in every game's aggregates, no longer anyone's. No browser may send one.
pub const DELETED_KEY_PREFIX: &str = "deleted:";

/// A fresh anonymous key for a deleted account's results.
pub fn deleted_user_key() -> String {
    format!("{DELETED_KEY_PREFIX}{}", hex::encode(rand::random::<[u8; 16]>()))
}

/// A userKey as every route takes it: trimmed, 1 to `MAX_USER_KEY_CHARS` characters, no control
/// characters, not an account's key nor a deleted account's.
pub fn check_user_key(user_key: &str) -> Result<&str, AppError> {
    let key = user_key.trim();
    if key.starts_with(ACCOUNT_KEY_PREFIX) {
        return Err(AppError::bad_request(format!("userKey must not start with {ACCOUNT_KEY_PREFIX}.")));
    }
    if key.starts_with(DELETED_KEY_PREFIX) {
        return Err(AppError::bad_request(format!("userKey must not start with {DELETED_KEY_PREFIX}.")));
    }
    if key.is_empty() || key.chars().count() > MAX_USER_KEY_CHARS {
        return Err(AppError::bad_request(format!("userKey must be 1 to {MAX_USER_KEY_CHARS} characters.")));
    }
    // A NUL is storable in SQLite but not in PostgreSQL; no control character belongs in a key.
    if key.chars().any(char::is_control) {
        return Err(AppError::bad_request("userKey must not contain control characters."));
    }
    Ok(key)
}
