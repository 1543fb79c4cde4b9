//! "I was right": on a finished game a player (guest or user) disputes one of their wrong
//! guesses, once per guess, rate-limited. Admins see the open disputes grouped by game and
//! normalised guess; accepting a group adds the guess as an alternative spelling of the item
//! the admin picks (through the edit form's rules) and regrades every stored result of the game
//! ([`regrade`]); rejecting closes the group.
//!
//! The disputing player learns of the outcome from `GET /api/disputes` (userKey in the
//! `X-User-Key` header: it is a bearer secret, never in a URL): the client
//! asks when it opens a finished game it disputed something in, replays its save against the
//! updated game (game-core's `regrade`, through WASM) and shows a toast for each accepted
//! dispute it has not shown yet (it keeps the ids it has shown): the server keeps no
//! "seen" state.

pub mod interface;
pub mod player_data;
pub mod queries;
pub mod regrade;

use actix_web::{get, post, web, HttpRequest};
use diesel::prelude::*;
use game_core::forms::GameForm;
use game_core::{normalise, MAX_GUESS_CHARS};
use lavalist_api::disputes::{
    AcceptDisputeBody, AcceptResult, Dispute, DisputeBody, DisputeGroups, DisputeList, DisputeStatus,
    RejectDisputeBody, RejectResult,
};

use crate::domains::accounts::interface::{Admin, UserKeyHeader, Viewer};
use crate::domains::games::interface::find_by_uid;
use crate::domains::games::interface::visible_to;
use crate::domains::games::interface::StoredGame;
use crate::domains::games::interface::{tidy_item, validate_form};
use crate::domains::submissions::interface::{check_user_key, owner_key};
use crate::platform::db::{self, write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::{self, Endpoint};
use crate::platform::schema::games;
use crate::platform::text::strip_controls;
use crate::state::AppState;
use game_core::calendar::{format_date, today};
use queries::NewClaim;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_dispute)
        .service(player_disputes)
        .service(open_disputes)
        .service(accept_disputes)
        .service(reject_disputes);
}

/// A player's disputes listed at most.
const PLAYER_LIMIT: i64 = 100;
/// Groups the admins' tab lists at most.
const GROUP_LIMIT: i64 = 200;

/// Disputes a wrong guess of the caller's stored result of this game (any game: daily dates
/// and community games alike have a uid).
#[utoipa::path(post, path = "/api/game/uid/{uid}/disputes", tag = "disputes", request_body = DisputeBody,
    params(("uid" = String, Path, description = "The game's uid")),
    responses(
        (status = 200, description = "Stored, open", body = Dispute),
        (status = 400, description = "Not a wrong guess of the stored result (notAWrongGuess), or malformed", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game (gameNotFound) or no stored result for this userKey (noResult)", body = lavalist_api::ErrorBody),
        (status = 409, description = "This guess was already disputed by this player (alreadyDisputed)", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody),
        (status = 503, body = lavalist_api::ErrorBody),
    ))]
#[post("/game/uid/{uid}/disputes")]
pub async fn create_dispute(
    state: web::Data<AppState>,
    viewer: Viewer,
    req: HttpRequest,
    uid: web::Path<String>,
    body: web::Json<DisputeBody>,
) -> Result<web::Json<Dispute>, AppError> {
    let body = body.into_inner();
    // A logged-in player's result lives under the account's key, whichever browser sends this.
    let user_key = owner_key(&viewer, check_user_key(&body.user_key)?);
    let guess = tidy_guess(&body.guess)?;
    let guess_key = normalise(&guess);
    if guess_key.is_empty() {
        return Err(AppError::refused(ErrorCode::NotAWrongGuess, "That guess names nothing."));
    }
    let account = match viewer.account() {
        Some(account) => ratelimit::user_key(account.id),
        None => format!("guest:{user_key}"),
    };
    let guest = viewer.account().is_none();
    state.limiter.limit_player(&state.pool, &req, Endpoint::Dispute, &account, guest).await?;
    let uid = uid.into_inner();
    let game = db::run(&state.pool, move |conn| find_game(conn, &uid)).await?;
    // A game this viewer may not open (unreviewed or denied and not theirs, a future daily)
    // answers exactly as an unknown uid: whether it has results must not tell that it exists.
    if !visible_to(&game, &viewer, today(state.clock.now())) {
        return Err(AppError::game_not_found());
    }
    let dispute = Dispute {
        id: 0,
        game_uid: game.uid.clone(),
        date: game.daily_date.map(format_date),
        guess: guess.clone(),
        status: DisputeStatus::Open,
        item_name: None,
    };
    let claim = NewClaim {
        game,
        user_key,
        user_id: viewer.account().map(|a| a.id),
        guess,
        guess_key,
        ip: state.limiter.address_key(&req),
        now_ms: state.clock.now_ms(),
    };
    let id = db::run(&state.pool, move |conn| write_transaction(conn, |conn| queries::create(conn, &claim)))
        .await?;
    Ok(web::Json(Dispute { id, ..dispute }))
}

/// The game of a uid. No uid holds a control character (PostgreSQL cannot even compare text
/// with a NUL), so one that does names no game.
fn find_game(conn: &mut DbConn, uid: &str) -> Result<StoredGame, AppError> {
    if uid.chars().any(char::is_control) {
        return Err(AppError::game_not_found());
    }
    find_by_uid(conn, uid)?.ok_or_else(AppError::game_not_found)
}

/// A guess as stored: without control characters, trimmed, within the core's length limit.
fn tidy_guess(text: &str) -> Result<String, AppError> {
    let guess = strip_controls(text).trim().to_string();
    if guess.is_empty() || guess.chars().count() > MAX_GUESS_CHARS {
        return Err(AppError::bad_request(format!("guess must be 1 to {MAX_GUESS_CHARS} characters.")));
    }
    Ok(guess)
}

/// The disputes of a userKey, newest first: how a player learns that a dispute was accepted.
#[utoipa::path(get, path = "/api/disputes", tag = "disputes",
    params(("X-User-Key" = String, Header, description = "The browser's userKey (1 to 128 characters)")),
    responses((status = 200, body = DisputeList), (status = 400, body = lavalist_api::ErrorBody)))]
#[get("/disputes")]
pub async fn player_disputes(
    state: web::Data<AppState>,
    viewer: Viewer,
    user_key: UserKeyHeader,
) -> Result<web::Json<DisputeList>, AppError> {
    let user_key = owner_key(&viewer, check_user_key(user_key.0.as_deref().unwrap_or_default())?);
    let today = today(state.clock.now());
    let disputes =
        db::run(&state.pool, move |conn| queries::for_player(conn, &user_key, PLAYER_LIMIT, today)).await?;
    Ok(web::Json(DisputeList { disputes }))
}

/// Open disputes grouped by game and normalised guess, the most disputed first.
#[utoipa::path(get, path = "/api/admin/disputes", tag = "admin",
    responses((status = 200, body = DisputeGroups), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/disputes")]
pub async fn open_disputes(
    state: web::Data<AppState>,
    _admin: Admin,
) -> Result<web::Json<DisputeGroups>, AppError> {
    let groups = db::run(&state.pool, |conn| queries::open_groups(conn, GROUP_LIMIT)).await?;
    Ok(web::Json(DisputeGroups { groups }))
}

/// Accepts a group: the guess becomes a spelling of `itemId`, every result of the game is
/// regraded, the group is closed. Running it again (after a failure half way, or for a result
/// stored meanwhile against the old game) regrades again and gives the same figures.
#[utoipa::path(post, path = "/api/admin/disputes/accept", tag = "admin", request_body = AcceptDisputeBody,
    responses((status = 200, body = AcceptResult),
        (status = 400, description = "Unknown item id, or the spelling breaks the edit form's rules", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game (gameNotFound) or no dispute of it with that guess (disputeNotFound)", body = lavalist_api::ErrorBody),
        (status = 503, body = lavalist_api::ErrorBody)))]
#[post("/admin/disputes/accept")]
pub async fn accept_disputes(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<AcceptDisputeBody>,
) -> Result<web::Json<AcceptResult>, AppError> {
    let AcceptDisputeBody { game_uid, guess_key, item_id } = body.into_inner();
    let now_ms = state.clock.now_ms();
    let (uid, key) = (game_uid.clone(), guess_key.clone());
    let (game, added_spelling) = db::run(&state.pool, move |conn| {
        write_transaction(conn, |conn| add_spelling(conn, &uid, &key, item_id, now_ms))
    })
    .await?;
    state.games_changed();
    let game_id = game.id;
    let outcome =
        db::run(&state.pool, move |conn| regrade::regrade_game(conn, &game, regrade::BATCH)).await?;
    let key = guess_key.clone();
    let disputes = db::run(&state.pool, move |conn| {
        queries::resolve(conn, game_id, &key, DisputeStatus::Accepted, Some(item_id), now_ms)
    })
    .await?;
    tracing::info!(admin = admin.0.id, uid = %game_uid, item_id, disputes, results = outcome.results,
        changed = outcome.changed, "disputed guess accepted");
    Ok(web::Json(AcceptResult {
        game_uid,
        guess_key,
        item_id,
        added_spelling,
        disputes,
        results: outcome.results,
        regraded: outcome.changed,
    }))
}

/// Closes a group without changing the game.
#[utoipa::path(post, path = "/api/admin/disputes/reject", tag = "admin", request_body = RejectDisputeBody,
    responses((status = 200, body = RejectResult), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody),
        (status = 404, description = "No such game (gameNotFound) or no open dispute of it with that guess (disputeNotFound)", body = lavalist_api::ErrorBody)))]
#[post("/admin/disputes/reject")]
pub async fn reject_disputes(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<RejectDisputeBody>,
) -> Result<web::Json<RejectResult>, AppError> {
    let RejectDisputeBody { game_uid, guess_key } = body.into_inner();
    let now_ms = state.clock.now_ms();
    let (uid, key) = (game_uid.clone(), guess_key.clone());
    let disputes = db::run(&state.pool, move |conn| {
        let game = find_game(conn, &uid)?;
        queries::resolve(conn, game.id, &key, DisputeStatus::Rejected, None, now_ms)
    })
    .await?;
    if disputes == 0 {
        return Err(AppError::refused(
            ErrorCode::DisputeNotFound,
            "No open dispute of this game has that guess.",
        ));
    }
    tracing::info!(admin = admin.0.id, uid = %game_uid, disputes, "disputed guess rejected");
    Ok(web::Json(RejectResult { game_uid, guess_key, disputes }))
}

/// Adds the group's guess to the item's spellings unless the item already has it (an accept run
/// again), through the edit form's rules; returns the game as stored and the spelling added.
fn add_spelling(
    conn: &mut DbConn,
    uid: &str,
    guess_key: &str,
    item_id: u32,
    now_ms: i64,
) -> Result<(StoredGame, Option<String>), AppError> {
    let mut game = find_game(conn, uid)?;
    let guess = queries::group_guess(conn, game.id, guess_key)?.ok_or_else(|| {
        AppError::refused(ErrorCode::DisputeNotFound, "No dispute of this game has that guess.")
    })?;
    let item = game
        .game
        .items
        .iter_mut()
        .find(|it| it.id == item_id)
        .ok_or_else(|| AppError::bad_request("Unknown item id."))?;
    let known = std::iter::once(&item.name).chain(&item.alt_spellings).any(|s| normalise(s) == guess_key);
    if known {
        return Ok((game, None));
    }
    item.alt_spellings.push(guess.clone());
    // An accepted guess is no longer a not-accepted spelling.
    item.rejected_spellings.retain(|s| normalise(s) != guess_key);
    let form = GameForm {
        prompt: game.prompt.clone(),
        items: game
            .items
            .iter()
            .map(|it| tidy_item(&it.name, &it.alt_spellings, &it.rejected_spellings))
            .collect(),
    };
    // A game that keeps flagged real names (a moderator has seen them) is refused only for abuse.
    validate_form(&form, !game.flagged_words.is_empty())?;
    let json = serde_json::to_string(&game.items).map_err(AppError::internal)?;
    diesel::update(games::table.filter(games::id.eq(game.id)))
        .set((games::items.eq(json), games::updated_at.eq(now_ms)))
        .execute(conn)?;
    game.game.updated_at = now_ms;
    Ok((game, Some(guess)))
}
