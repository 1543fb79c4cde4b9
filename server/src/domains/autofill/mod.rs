//! `POST /api/autofill-game-info`: the create page's autofill button. A logged-in player sends
//! the prompt and the items so far; the answer is the prompt tidied and every named item's
//! alternative spellings (theirs first), from the built-in rules in `game_core::autofill` or an
//! OpenAI-compatible API when one is configured; only the API also fills the missing items (a
//! prompt alone gets a whole list). The answer counts what it added (and which spellings are
//! only guesses), so the page can say when it found nothing useful. One use per account per
//! cooldown (30 s by default), counted in the database; a use that added nothing useful (no item,
//! only doubtful spellings or none) is given back (its answer's `cooldownMs` is 0), so the player
//! is not made to wait for nothing.

mod cooldown;
pub mod form;
pub mod openai;
pub mod player_data;
pub mod provider;

use actix_web::{post, web, HttpRequest};
use game_core::autofill::additions;
use game_core::forms::GameForm;
use lavalist_api::autofill::{AutofillBody, AutofillResponse};
use lavalist_api::items::OrderedItems;

use crate::domains::accounts::interface::AuthUser;
use crate::platform::config::AutofillConfig;
use crate::platform::error::AppError;
use crate::platform::ratelimit;
use crate::state::AppState;
use form::validated_form;
use openai::OpenAiCompatible;
use provider::{BuiltIn, Provider};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(autofill_game_info);
}

/// Completes a create form: tidied prompt, alternative spellings for every named item.
#[utoipa::path(post, path = "/api/autofill-game-info", tag = "games", request_body = AutofillBody,
    responses(
        (status = 200, description = "The tidied prompt and each named item's spellings, in order", body = AutofillResponse),
        (status = 400, description = "No prompt, too many items or over a length limit", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 429, description = "Used within the cooldown; `Retry-After` gives the seconds left", body = lavalist_api::ErrorBody),
    ))]
#[post("/autofill-game-info")]
pub async fn autofill_game_info(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<AutofillBody>,
) -> Result<web::Json<AutofillResponse>, AppError> {
    // Validation first: a refused request must not cost the player their cooldown or a count.
    let form = validated_form(&body)?;
    let account = ratelimit::user_key(user.row.id);
    state.limiter.limit(&state.pool, &req, ratelimit::Endpoint::Autofill, Some(&account)).await?;
    let (user_id, cooldown_ms) = (user.row.id, state.config.autofill.autofill_cooldown_ms);
    let now_ms = state.clock.now_ms();
    crate::platform::db::run(&state.pool, move |conn| cooldown::claim(conn, user_id, now_ms, cooldown_ms))
        .await?;
    let filled = autofill(&state.config.autofill, &form).await;
    let added = additions(&form, &filled);
    tracing::info!(
        user_id,
        items = form.items.len(),
        added_items = added.items,
        added_spellings = added.spellings,
        doubtful_spellings = added.doubtful,
        "autofill answered"
    );
    let cooldown_ms =
        if added.useful() { cooldown_ms } else { give_back(&state, user_id, now_ms, cooldown_ms).await };
    Ok(web::Json(AutofillResponse {
        prompt: filled.prompt,
        items: OrderedItems::from_form_items(filled.items),
        cooldown_ms,
        added_items: added.items,
        added_spellings: added.spellings,
        doubtful_spellings: added.doubtful,
    }))
}

/// Releases the cooldown claimed at `now_ms` and answers the wait left: none, or the whole
/// cooldown when the release failed (the answer itself is not worth failing for that).
async fn give_back(state: &AppState, user_id: i64, now_ms: i64, cooldown_ms: u64) -> u64 {
    match crate::platform::db::run(&state.pool, move |conn| cooldown::release(conn, user_id, now_ms)).await {
        Ok(()) => 0,
        Err(error) => {
            tracing::warn!(user_id, ?error, "could not give back an autofill use that added nothing");
            cooldown_ms
        }
    }
}

/// The configured provider's answer, or the built-in one when it fails for any reason (the
/// failure is logged as a warning; the API key never is).
pub async fn autofill(config: &AutofillConfig, form: &GameForm) -> GameForm {
    if let Some(remote) = OpenAiCompatible::from_config(config) {
        match remote.autofill(form).await {
            Ok(filled) => return filled,
            Err(error) => tracing::warn!(
                provider = remote.name(),
                endpoint = %remote.endpoint(),
                %error,
                "autofill provider failed; answering with the built-in rules"
            ),
        }
    }
    BuiltIn.complete(form)
}
