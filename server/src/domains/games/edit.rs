//! `GET/PUT /api/game/edit/{uid}` (admins): any game's prompt, visibility and items. Item ids
//! stay stable so stored per-item stats keep their meaning; new items get fresh ids. Words the
//! profanity rule flags do not stop an admin: the saved game comes back with `warnings`.

use actix_web::{get, put, web};
use diesel::prelude::*;
use game_core::forms::GameForm;
use game_core::Item;
use lavalist_api::games::{EditBody, EditItem, SavedGame};

use super::community::categories_of;
use super::form::{tidy_item, tidy_prompt, validate_admin_form};
use super::model::Game;
use super::queries::{ensure_item_rows, find_by_uid, set_categories, set_flagged_words};
use crate::domains::accounts::interface::Admin;
use crate::platform::db::{self, write_transaction};
use crate::platform::error::AppError;
use crate::platform::schema::games;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(edit_game).service(save_game);
}

/// Keeps known ids, refuses unknown or repeated ones, numbers new items after the highest id.
fn assign_ids(existing: &[Item], items: &[EditItem]) -> Result<Vec<u32>, AppError> {
    let mut next = existing.iter().map(|it| it.id).max().unwrap_or(0) + 1;
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        let id = match item.id {
            Some(id) if ids.contains(&id) => {
                return Err(AppError::bad_request("Each item id may appear once."))
            }
            Some(id) if existing.iter().any(|it| it.id == id) => id,
            Some(_) => return Err(AppError::bad_request("Unknown item id: leave it out for a new item.")),
            None => {
                next += 1;
                next - 1
            }
        };
        ids.push(id);
    }
    Ok(ids)
}

/// A game as the edit page loads it.
#[utoipa::path(get, path = "/api/game/edit/{uid}", tag = "admin",
    responses((status = 200, body = Game), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, body = lavalist_api::ErrorBody), (status = 404, body = lavalist_api::ErrorBody)))]
#[get("/game/edit/{uid}")]
pub async fn edit_game(
    state: web::Data<AppState>,
    _admin: Admin,
    uid: web::Path<String>,
) -> Result<web::Json<Game>, AppError> {
    let uid = uid.into_inner();
    let game = db::run(&state.pool, move |conn| find_by_uid(conn, &uid)).await?;
    let game = game.ok_or_else(AppError::game_not_found)?;
    let mut response = game.response();
    // Daily games carry their visibility here too: the editor shows and saves it.
    response.card.public = Some(game.public);
    Ok(web::Json(response))
}

/// Saves an edited game; what the profanity rule flags is saved too and named in `warnings`.
#[utoipa::path(put, path = "/api/game/edit/{uid}", tag = "admin", request_body = EditBody,
    responses((status = 200, body = SavedGame), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[put("/game/edit/{uid}")]
pub async fn save_game(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
    body: web::Json<EditBody>,
) -> Result<web::Json<SavedGame>, AppError> {
    let body = body.into_inner();
    let form = GameForm {
        prompt: tidy_prompt(&body.prompt),
        items: body
            .items
            .iter()
            .map(|it| tidy_item(&it.name, &it.alt_spellings, &it.rejected_spellings))
            .collect(),
    };
    let (warnings, flagged) = validate_admin_form(&form)?;
    let categories = body.categories.as_deref().map(|c| categories_of(Some(c))).transpose()?;
    let uid = uid.into_inner();
    let key = uid.clone();
    let now_ms = state.clock.now_ms();
    let game = db::run(&state.pool, move |conn| {
        write_transaction(conn, |conn| {
            let game = find_by_uid(conn, &key)?.ok_or_else(AppError::game_not_found)?;
            let ids = assign_ids(&game.items, &body.items)?;
            let items: Vec<Item> = form
                .items
                .into_iter()
                .zip(ids)
                .map(|(it, id)| Item {
                    id,
                    name: it.name,
                    alt_spellings: it.alt_spellings,
                    rejected_spellings: it.rejected_spellings,
                })
                .collect();
            let json = serde_json::to_string(&items).map_err(AppError::internal)?;
            diesel::update(games::table.filter(games::id.eq(game.id)))
                .set((
                    games::prompt.eq(&form.prompt),
                    games::prompt_search.eq(form.prompt.to_lowercase()),
                    games::search_words.eq(Some(super::search::search_words(&form.prompt))),
                    games::public.eq(body.public),
                    games::items.eq(json),
                    games::updated_at.eq(now_ms),
                ))
                .execute(conn)?;
            ensure_item_rows(conn, game.id, &items)?;
            set_flagged_words(conn, game.id, &flagged)?;
            if let Some(categories) = &categories {
                set_categories(conn, game.id, categories)?;
            }
            find_by_uid(conn, &key)?.ok_or_else(AppError::game_not_found)
        })
    })
    .await?;
    state.games_changed();
    tracing::info!(admin = admin.0.id, %uid, flagged = warnings.len(), "game edited");
    let warnings = (!warnings.is_empty()).then_some(warnings);
    Ok(web::Json(SavedGame { game: game.response(), warnings }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn existing() -> Vec<Item> {
        (1..=3)
            .map(|id| Item { id, name: format!("n{id}"), alt_spellings: vec![], rejected_spellings: vec![] })
            .collect()
    }

    fn edit(id: Option<u32>) -> EditItem {
        EditItem { id, name: "x".into(), alt_spellings: vec![], rejected_spellings: vec![] }
    }

    #[test]
    fn ids_stay_and_new_items_follow_the_highest() {
        let ids = assign_ids(&existing(), &[edit(Some(3)), edit(None), edit(Some(1)), edit(None)]).unwrap();
        assert_eq!(ids, vec![3, 4, 1, 5]);
        assert!(assign_ids(&existing(), &[edit(Some(1)), edit(Some(1))]).is_err());
        assert!(assign_ids(&existing(), &[edit(Some(9))]).is_err());
    }
}
