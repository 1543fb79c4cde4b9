//! Community games made by players: `POST /api/game/upload` and `DELETE /api/game/uid/{uid}`.

use actix_web::{delete, post, web, HttpRequest};
use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::forms::{unknown_category, validate_categories, GameForm};
use game_core::{Category, GameKind, Item};
use lavalist_api::games::{CategoryName, DeletedGame, UploadBody};

use super::form::{tidy_item, tidy_prompt, validate_form};
use super::model::{FlaggedWords, Game, GameRecord, ReviewStatus};
use super::queries::{find_by_uid, insert_game, new_uid, set_categories, set_flagged_words};
use crate::domains::accounts::interface::AuthUser;
use crate::platform::db::{self, write_transaction};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::{self, Endpoint};
use crate::platform::schema::games;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(upload_game).service(delete_game);
}

/// The not-accepted spellings an upload gives the item named `name` (as in `items`).
fn rejected_of<'a>(body: &'a UploadBody, name: &str) -> &'a [String] {
    let rejected = body.rejected_spellings.as_ref().and_then(|r| r.0.iter().find(|(n, _)| n == name));
    rejected.map_or(&[], |(_, spellings)| spellings.as_slice())
}

/// An upload's categories: names of the fixed list, one to three, checked by the shared rule;
/// `miscellaneous` when the body has none (clients from before categories).
pub fn categories_of(names: Option<&[CategoryName]>) -> Result<Vec<Category>, AppError> {
    let Some(names) = names else { return Ok(vec![Category::Miscellaneous]) };
    let categories = names
        .iter()
        .map(|name| match name {
            CategoryName::Known(category) => Ok(*category),
            CategoryName::Unknown(_) => Err(AppError::form(unknown_category())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    match validate_categories(&categories) {
        Some(error) => Err(AppError::form(error)),
        None => Ok(categories),
    }
}

/// The new game and the flagged words it keeps (the creator said they are real names).
fn new_community_game(
    body: &UploadBody,
    user: &AuthUser,
    now_ms: i64,
) -> Result<(GameRecord, Vec<FlaggedWords>), AppError> {
    if body.kind.as_deref().is_some_and(|k| k != "community") {
        return Err(AppError::bad_request("Only community games can be uploaded."));
    }
    let form = GameForm {
        prompt: tidy_prompt(&body.prompt),
        items: body
            .items
            .0
            .iter()
            .map(|(name, spellings)| tidy_item(name, spellings, rejected_of(body, name)))
            .collect(),
    };
    if let Some(rejected) = &body.rejected_spellings {
        if let Some((name, _)) =
            rejected.0.iter().find(|(name, _)| !body.items.0.iter().any(|(n, _)| n == name))
        {
            return Err(AppError::bad_request(format!("rejectedSpellings names no item: {name}")));
        }
    }
    let flagged = validate_form(&form, body.real_names == Some(true))?;
    let items = (1..).zip(form.items).map(|(id, it)| Item {
        id,
        name: it.name,
        alt_spellings: it.alt_spellings,
        rejected_spellings: it.rejected_spellings,
    });
    let game = GameRecord {
        uid: new_uid(),
        kind: GameKind::Community,
        status: ReviewStatus::Unreviewed,
        public: false,
        prompt: form.prompt,
        submitter: user.row.username.clone(),
        owner_id: Some(user.row.id),
        daily_date: None,
        items: items.collect(),
        created_at: now_ms,
        updated_at: now_ms,
        language: "en".into(),
    };
    Ok((game, flagged))
}

/// Stores a new community game, unreviewed and private, owned by the uploader; with the flagged
/// words the creator said are real names, for the review queue to highlight.
#[utoipa::path(post, path = "/api/game/upload", tag = "games", request_body = UploadBody,
    responses((status = 200, body = Game), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 413, body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/game/upload")]
pub async fn upload_game(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<UploadBody>,
) -> Result<web::Json<Game>, AppError> {
    let (game, flagged) = new_community_game(&body, &user, state.clock.now_ms())?;
    let categories = categories_of(body.categories.as_deref())?;
    // Counted once the game is valid: fixing a form error does not use up the hour's uploads.
    state.limiter.limit(&state.pool, &req, Endpoint::Upload, Some(&ratelimit::user_key(user.row.id))).await?;
    let uid = game.uid.clone();
    let stored = db::run(&state.pool, move |conn| {
        write_transaction(conn, |conn| {
            let id = insert_game(conn, &game)?;
            set_categories(conn, id, &categories)?;
            set_flagged_words(conn, id, &flagged)?;
            find_by_uid(conn, &game.uid)?.ok_or_else(|| AppError::internal("the new game vanished"))
        })
    })
    .await?;
    tracing::info!(user_id = user.row.id, %uid, flagged = stored.flagged_words.len(), "community game uploaded");
    Ok(web::Json(stored.response()))
}

/// Why a daily game is not deleted. Until its day a future daily's date is the admins' (as
/// everything else about it): its owner is told that it was chosen, not when.
fn already_daily(date: NaiveDate, may_see_date: bool) -> AppError {
    let message = if may_see_date {
        format!("This game is the daily game of {}, so it can no longer be deleted.", format_date(date))
    } else {
        "This game was chosen as a daily game, so it can no longer be deleted.".into()
    };
    AppError::refused(ErrorCode::AlreadyDaily, message)
}

/// Deletes a game: its owner or an admin (with its stats and submissions). A game with a daily
/// date is never deleted (409 `alreadyDaily`): that would remove the day's results.
#[utoipa::path(delete, path = "/api/game/uid/{uid}", tag = "games",
    responses((status = 200, body = DeletedGame), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody), (status = 404, body = lavalist_api::ErrorBody),
        (status = 409, body = lavalist_api::ErrorBody)))]
#[delete("/game/uid/{uid}")]
pub async fn delete_game(
    state: web::Data<AppState>,
    user: AuthUser,
    uid: web::Path<String>,
) -> Result<web::Json<DeletedGame>, AppError> {
    let uid = uid.into_inner();
    let key = uid.clone();
    let account = user.account();
    let today = game_core::calendar::today(state.clock.now());
    db::run(&state.pool, move |conn| {
        write_transaction(conn, |conn| {
            let game = find_by_uid(conn, &key)?.ok_or_else(AppError::game_not_found)?;
            if !account.admin && game.owner_id != Some(account.id) {
                tracing::warn!(user_id = account.id, uid = %key, "refused to delete another user's game");
                return Err(AppError::forbidden());
            }
            // Once scheduled, a day's results belong to every player who played it: nobody,
            // owner or admin, deletes a daily game (admins can still edit or hide it).
            if let Some(date) = game.daily_date {
                tracing::warn!(user_id = account.id, uid = %key, %date, "refused to delete a daily game");
                return Err(already_daily(date, account.admin || date <= today));
            }
            diesel::delete(games::table.filter(games::id.eq(game.id))).execute(conn)?;
            Ok(())
        })
    })
    .await?;
    state.games_changed();
    tracing::info!(user_id = user.row.id, %uid, "game deleted");
    Ok(web::Json(DeletedGame { uid, message: "Game deleted.".into() }))
}
