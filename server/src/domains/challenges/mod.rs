//! "Challenge a friend": after finishing a game (today's, a past day, a community game) a player
//! makes a link; a friend who opens it sees a spoiler-free preview (the prompt and who
//! challenges), plays the same game, and once their own result is stored sees both results side
//! by side. Both results are stored logs replayed by the server ([`compare`]): a submitted
//! result, or, for a past day (the archive submits nothing to the stats), a log stored here for
//! challenges only. The id (128 random bits) is the link's secret.

pub mod compare;
pub mod interface;
pub mod player_data;
pub mod queries;

use actix_web::{get, post, web, HttpRequest};
use game_core::calendar::{day_number, format_date, parse_date, today};
use game_core::GameKind;
use lavalist_api::challenges::{
    ArchiveResult, ArchiveResultBody, ChallengeBody, ChallengeComparison, ChallengeCreated, ChallengePreview,
};

use crate::domains::accounts::interface::{UserKeyHeader, Viewer};
use crate::domains::games::interface::editions;
use crate::domains::games::interface::StoredGame;
use crate::domains::games::interface::{require_date, visible_to};
use crate::domains::stats::interface::player_key;
use crate::domains::submissions::interface::replay_finished;
use crate::domains::submissions::interface::{check_user_key, owner_key};
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::{user_key as account_key, Endpoint};
use crate::state::AppState;
use lavalist_api::accounts::Locale;
use queries::{Challenge, NewChallenge};

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The literal path before `{id}`.
    cfg.service(store_archive_result)
        .service(create_challenge)
        .service(challenge_comparison)
        .service(challenge_preview);
}

pub fn not_found() -> AppError {
    AppError::refused(ErrorCode::ChallengeNotFound, "No such challenge.")
}

fn not_played(message: &str) -> AppError {
    AppError::refused(ErrorCode::NotPlayed, message.to_string())
}

/// Makes a challenge link to a game the viewer finished: a stored result of that game with its
/// action log (today's or a community game's submitted result; a past day's stored with
/// `POST /api/challenges/archive-results`). Guests challenge under their userKey, logged-in
/// players under their account.
#[utoipa::path(post, path = "/api/challenges", tag = "challenges", request_body = ChallengeBody,
    responses(
        (status = 200, description = "The new challenge and its link", body = ChallengeCreated),
        (status = 400, description = "Not exactly one of date and gameUid, a bad date or userKey", body = lavalist_api::ErrorBody),
        (status = 403, description = "A future day", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game (or not one everyone may play)", body = lavalist_api::ErrorBody),
        (status = 409, description = "`notPlayed`: the viewer has no stored result of the game", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody),
    ))]
#[post("/challenges")]
pub async fn create_challenge(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    body: web::Json<ChallengeBody>,
) -> Result<web::Json<ChallengeCreated>, AppError> {
    let body = body.into_inner();
    let user_key = check_user_key(&body.user_key)?;
    let edition = editions::parse(body.edition.as_deref());
    let (game, daily_date) = challenged_game(&state, body.date.as_deref(), edition, body.game_uid).await?;
    limit(&state, &req, &viewer, user_key).await?;
    let creator_key = owner_key(&viewer, user_key);
    let challenge = NewChallenge {
        id: queries::new_id(),
        game_id: game.id,
        daily_date: daily_date.map(format_date),
        creator_key: creator_key.clone(),
        creator_name: viewer.account().map(|a| a.username.clone()),
        ip: state.limiter.address_key(&req),
        created_at: state.clock.now_ms(),
    };
    let id = challenge.id.clone();
    db::run(&state.pool, move |conn| {
        if queries::result_log(conn, challenge.game_id, &creator_key)?.is_none() {
            return Err(not_played("Finish this game before challenging a friend to it."));
        }
        queries::insert(conn, &challenge)
    })
    .await?;
    tracing::info!(game_id = game.id, "challenge made");
    let url = format!("{}/challenge/{id}", state.config.public_url.trim_end_matches('/'));
    Ok(web::Json(ChallengeCreated { id, url }))
}

/// Counts a write in the `challenge` buckets (guests of one address together, too).
async fn limit(state: &AppState, req: &HttpRequest, viewer: &Viewer, user_key: &str) -> Result<(), AppError> {
    let user_id = viewer.account().map(|a| a.id);
    let player = user_id.map(account_key).unwrap_or_else(|| user_key.to_string());
    state.limiter.limit_player(&state.pool, req, Endpoint::Challenge, &player, user_id.is_none()).await
}

/// The game a challenge names: a released day by date, or a community game everyone may play by
/// uid; with the day for a daily.
async fn challenged_game(
    state: &AppState,
    date: Option<&str>,
    edition: Locale,
    uid: Option<String>,
) -> Result<(StoredGame, Option<chrono::NaiveDate>), AppError> {
    let today = today(state.clock.now());
    match (date, uid) {
        (Some(date), None) => {
            let date = require_date(date)?;
            if date > today {
                return Err(AppError::refused(ErrorCode::NotReleased, "This game is not available yet."));
            }
            let day = state.games.day(&state.pool, edition, date, today).await?;
            let game = day.and_then(|d| d.game.clone()).ok_or_else(|| editions::no_game(edition))?;
            Ok(((*game).clone(), Some(date)))
        }
        (None, Some(uid)) => {
            let game =
                db::run(&state.pool, move |conn| crate::domains::games::interface::find_by_uid(conn, &uid))
                    .await?;
            let game = game
                .filter(|g| g.kind == GameKind::Community && visible_to(g, &Viewer::Guest, today))
                .ok_or_else(AppError::game_not_found)?;
            Ok((game, None))
        }
        _ => Err(AppError::bad_request("Give exactly one of date and gameUid.")),
    }
}

/// Stores a past day played from the archive, for challenges only: it counts in no stats,
/// streak or board. The log is replayed and must finish the game; the same log again is
/// answered as stored, a different one is 409 `resultConflict`.
#[utoipa::path(post, path = "/api/challenges/archive-results", tag = "challenges", request_body = ArchiveResultBody,
    responses(
        (status = 200, description = "Stored (or the same log was stored before), as replayed", body = ArchiveResult),
        (status = 400, description = "Not a past day, a bad userKey, or a log that does not replay to a finished game", body = lavalist_api::ErrorBody),
        (status = 404, description = "No game on that date", body = lavalist_api::ErrorBody),
        (status = 409, description = "A different result of this day is stored for this player", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody),
    ))]
#[post("/challenges/archive-results")]
pub async fn store_archive_result(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    body: web::Json<ArchiveResultBody>,
) -> Result<web::Json<ArchiveResult>, AppError> {
    let body = body.into_inner();
    let user_key = check_user_key(&body.user_key)?;
    let date = require_date(&body.date)?;
    let today = today(state.clock.now());
    if date >= today {
        return Err(AppError::refused(
            ErrorCode::BadRequest,
            "Only a past day is stored here; today's result is submitted with the game.",
        ));
    }
    let edition = editions::parse(body.edition.as_deref());
    let day = state.games.day(&state.pool, edition, date, today).await?;
    let game = day.and_then(|d| d.game.clone()).ok_or_else(|| editions::no_game(edition))?;
    let state_after = replay_finished(&game, &body.actions)?;
    limit(&state, &req, &viewer, user_key).await?;
    let actions_json = serde_json::to_string(state_after.actions()).map_err(AppError::internal)?;
    let (owner, ip, now_ms, game_id) =
        (owner_key(&viewer, user_key), state.limiter.address_key(&req), state.clock.now_ms(), game.id);
    db::run(&state.pool, move |conn| {
        queries::store_archive_result(conn, game_id, &owner, &actions_json, &ip, now_ms)
    })
    .await?;
    Ok(web::Json(ArchiveResult {
        date: format_date(date),
        score: state_after.score(),
        found: u32::try_from(state_after.correct()).unwrap_or(u32::MAX),
        won: state_after.won(),
    }))
}

/// A challenge as its link shows it before playing: the game's prompt and who challenges;
/// never an item nor the creator's result.
#[utoipa::path(get, path = "/api/challenges/{id}", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id"),
        ("X-User-Key" = Option<String>, Header, description = "The guest's userKey (whether the challenge is theirs); ignored for a logged-in player")),
    responses(
        (status = 200, description = "The spoiler-free preview", body = ChallengePreview),
        (status = 404, description = "No such challenge", body = lavalist_api::ErrorBody),
    ))]
#[get("/challenges/{id}")]
pub async fn challenge_preview(
    state: web::Data<AppState>,
    viewer: Viewer,
    user_key: UserKeyHeader,
    id: web::Path<String>,
) -> Result<web::Json<ChallengePreview>, AppError> {
    let challenge = load(&state, id.into_inner()).await?;
    let viewer_key = player_key(&viewer, user_key.0);
    Ok(web::Json(preview(&challenge, viewer_key.as_deref())))
}

/// Both results side by side, once the viewer's own result of the game is stored (409
/// `notPlayed` until then: the friend plays first, spoiler-free). Each is the server's replay
/// of the stored log on the game as it is now.
#[utoipa::path(get, path = "/api/challenges/{id}/comparison", tag = "challenges",
    params(("id" = String, Path, description = "The challenge's id"),
        ("X-User-Key" = Option<String>, Header, description = "The guest's userKey; ignored for a logged-in player, whose account's result is compared")),
    responses(
        (status = 200, description = "Both results", body = ChallengeComparison),
        (status = 404, description = "No such challenge", body = lavalist_api::ErrorBody),
        (status = 409, description = "`notPlayed`: the viewer has no stored result of the game yet", body = lavalist_api::ErrorBody),
    ))]
#[get("/challenges/{id}/comparison")]
pub async fn challenge_comparison(
    state: web::Data<AppState>,
    viewer: Viewer,
    user_key: UserKeyHeader,
    id: web::Path<String>,
) -> Result<web::Json<ChallengeComparison>, AppError> {
    let challenge = load(&state, id.into_inner()).await?;
    let Some(viewer_key) = player_key(&viewer, user_key.0).map(|k| k.trim().to_string()) else {
        return Err(not_played("Finish the game to see how you compare."));
    };
    let (game_id, creator_key, key) = (challenge.game.id, challenge.creator_key.clone(), viewer_key.clone());
    let (creator_log, viewer_log) = db::run(&state.pool, move |conn| {
        Ok((queries::result_log(conn, game_id, &creator_key)?, queries::result_log(conn, game_id, &key)?))
    })
    .await?;
    let viewer_log = viewer_log.ok_or_else(|| not_played("Finish the game to see how you compare."))?;
    // The creator's result went with their account.
    let creator_log = creator_log.ok_or_else(not_found)?;
    let game = &challenge.game;
    let (creator, mine) = (compare::replay(game, &creator_log)?, compare::replay(game, &viewer_log)?);
    Ok(web::Json(ChallengeComparison {
        challenge: preview(&challenge, Some(&viewer_key)),
        items: compare::items(game, &creator, &mine),
        creator: compare::result(&creator),
        viewer: compare::result(&mine),
    }))
}

/// A challenge whose game everyone may still play (a game hidden since is gone with it).
async fn load(state: &AppState, id: String) -> Result<Challenge, AppError> {
    let challenge =
        db::run(&state.pool, move |conn| queries::find(conn, &id)).await?.ok_or_else(not_found)?;
    let today = today(state.clock.now());
    let open = match challenge.daily_date.as_deref().and_then(parse_date) {
        Some(date) => date <= today,
        None => visible_to(&challenge.game, &Viewer::Guest, today),
    };
    if !open {
        return Err(not_found());
    }
    Ok(challenge)
}

fn preview(challenge: &Challenge, viewer_key: Option<&str>) -> ChallengePreview {
    let date = challenge.daily_date.as_deref().and_then(parse_date);
    ChallengePreview {
        id: challenge.id.clone(),
        prompt: challenge.game.prompt.clone(),
        submitter: challenge.game.submitter.clone(),
        creator_name: challenge.creator_name.clone(),
        date: date.map(format_date),
        day_number: date.and_then(|d| u32::try_from(day_number(d)).ok()),
        game_uid: date.is_none().then(|| challenge.game.uid.clone()),
        yours: viewer_key.is_some_and(|k| k.trim() == challenge.creator_key),
    }
}
