//! `GET/PUT /api/game/edit/{uid}` (admins): any game's prompt, visibility and items. Item ids
//! stay stable so stored per-item stats keep their meaning; new items get fresh ids.

use actix_web::{get, put, web};
use chrono::Utc;
use diesel::prelude::*;
use game_core::forms::{validate_game, FieldError, FormErrorCode, FormItem, GameForm};
use game_core::profanity::{check_game, PROFANITY_MESSAGE};
use game_core::Item;
use serde::Deserialize;
use utoipa::ToSchema;

use super::model::GameResponse;
use super::queries::{ensure_item_rows, find_by_uid};
use super::UID_NOT_FOUND;
use crate::db::{self, write_transaction};
use crate::error::AppError;
use crate::schema::games;
use crate::viewer::Admin;
use crate::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(edit_game).service(save_game);
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditItem {
    /// The item's id; absent for a new item.
    pub id: Option<u32>,
    pub name: String,
    #[serde(default)]
    pub alt_spellings: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditBody {
    pub prompt: String,
    pub public: bool,
    pub items: Vec<EditItem>,
}

/// The shared form rules, then the profanity check (whose message names nothing offensive).
pub fn validate_form(form: &GameForm) -> Result<(), AppError> {
    if !check_game(form).is_empty() {
        return Err(AppError::bad_request(PROFANITY_MESSAGE));
    }
    let errors = validate_game(form);
    match errors.first() {
        None => Ok(()),
        Some(FieldError { code: FormErrorCode::ItemCount, message, .. }) => {
            Err(AppError::bad_request(message))
        }
        Some(first) => Err(AppError::bad_request(format!("{}: {}", first.field, first.message))),
    }
}

/// Trimmed names and spellings, empties dropped.
pub fn tidy_item(name: &str, spellings: &[String]) -> FormItem {
    FormItem {
        name: name.trim().to_string(),
        alt_spellings: spellings
            .iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
    }
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
    responses((status = 200, body = GameResponse), (status = 401, body = crate::openapi::ErrorBody),
        (status = 403, body = crate::openapi::ErrorBody), (status = 404, body = crate::openapi::ErrorBody)))]
#[get("/game/edit/{uid}")]
pub async fn edit_game(
    state: web::Data<AppState>,
    _admin: Admin,
    uid: web::Path<String>,
) -> Result<web::Json<GameResponse>, AppError> {
    let uid = uid.into_inner();
    let game = db::run(&state.pool, move |conn| find_by_uid(conn, &uid)).await?;
    let game = game.ok_or_else(|| AppError::not_found(UID_NOT_FOUND))?;
    let mut response = game.response();
    // Daily games carry their uid here too: it is how the edit page saves them.
    response.uid = Some(game.uid);
    response.public = Some(game.public);
    Ok(web::Json(response))
}

/// Saves an edited game.
#[utoipa::path(put, path = "/api/game/edit/{uid}", tag = "admin", request_body = EditBody,
    responses((status = 200, body = GameResponse), (status = 400, body = crate::openapi::ErrorBody),
        (status = 401, body = crate::openapi::ErrorBody), (status = 403, body = crate::openapi::ErrorBody),
        (status = 404, body = crate::openapi::ErrorBody)))]
#[put("/game/edit/{uid}")]
pub async fn save_game(
    state: web::Data<AppState>,
    admin: Admin,
    uid: web::Path<String>,
    body: web::Json<EditBody>,
) -> Result<web::Json<GameResponse>, AppError> {
    let body = body.into_inner();
    let form = GameForm {
        prompt: body.prompt.trim().to_string(),
        items: body.items.iter().map(|it| tidy_item(&it.name, &it.alt_spellings)).collect(),
    };
    validate_form(&form)?;
    let uid = uid.into_inner();
    let key = uid.clone();
    let game = db::run(&state.pool, move |conn| {
        write_transaction(conn, |conn| {
            let game = find_by_uid(conn, &key)?.ok_or_else(|| AppError::not_found(UID_NOT_FOUND))?;
            let ids = assign_ids(&game.items, &body.items)?;
            let items: Vec<Item> = form
                .items
                .into_iter()
                .zip(ids)
                .map(|(it, id)| Item { id, name: it.name, alt_spellings: it.alt_spellings })
                .collect();
            let json = serde_json::to_string(&items).map_err(AppError::internal)?;
            diesel::update(games::table.filter(games::id.eq(game.id)))
                .set((
                    games::prompt.eq(&form.prompt),
                    games::prompt_search.eq(form.prompt.to_lowercase()),
                    games::public.eq(body.public),
                    games::items.eq(json),
                    games::updated_at.eq(Utc::now().timestamp_millis()),
                ))
                .execute(conn)?;
            ensure_item_rows(conn, game.id, &items)?;
            find_by_uid(conn, &key)?.ok_or_else(|| AppError::not_found(UID_NOT_FOUND))
        })
    })
    .await?;
    state.games.invalidate();
    tracing::info!(admin = admin.0.id, %uid, "game edited");
    Ok(web::Json(game.response()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn existing() -> Vec<Item> {
        (1..=3).map(|id| Item { id, name: format!("n{id}"), alt_spellings: vec![] }).collect()
    }

    fn edit(id: Option<u32>) -> EditItem {
        EditItem { id, name: "x".into(), alt_spellings: vec![] }
    }

    #[test]
    fn ids_stay_and_new_items_follow_the_highest() {
        let ids = assign_ids(&existing(), &[edit(Some(3)), edit(None), edit(Some(1)), edit(None)]).unwrap();
        assert_eq!(ids, vec![3, 4, 1, 5]);
        assert!(assign_ids(&existing(), &[edit(Some(1)), edit(Some(1))]).is_err());
        assert!(assign_ids(&existing(), &[edit(Some(9))]).is_err());
    }
}
