//! The game catalogue as a whole: the bundled seed packs and JSON export/import.

pub mod seed;
pub mod transfer;

use diesel::prelude::*;
use game_core::forms::{validate_game, FormItem, GameForm};
use game_core::Item;
use lavalist_api::games::EditItem;
use serde::{Deserialize, Serialize};

use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::users;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PackUser {
    pub username: String,
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

/// Item ids as given, or 1..=10 in list order when a file leaves them out.
pub fn numbered(items: &[EditItem]) -> Vec<Item> {
    items
        .iter()
        .enumerate()
        .map(|(i, it)| Item {
            id: it.id.unwrap_or(i as u32 + 1),
            name: it.name.trim().to_string(),
            alt_spellings: it
                .alt_spellings
                .iter()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
            rejected_spellings: it
                .rejected_spellings
                .iter()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
        })
        .collect()
}

/// The shared create/edit rules, plus distinct item ids; `what` names the game in the message.
pub fn validate(what: &str, prompt: &str, items: &[Item]) -> Result<(), AppError> {
    let form = GameForm {
        prompt: prompt.to_string(),
        items: items
            .iter()
            .map(|it| FormItem {
                name: it.name.clone(),
                alt_spellings: it.alt_spellings.clone(),
                rejected_spellings: it.rejected_spellings.clone(),
            })
            .collect(),
    };
    let mut problems: Vec<String> =
        validate_game(&form).into_iter().map(|e| format!("{}: {}", e.field, e.message)).collect();
    let mut ids: Vec<u32> = items.iter().map(|it| it.id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != items.len() {
        problems.push("items: item ids must be distinct".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(AppError::bad_request(format!("{what} is invalid: {}", problems.join("; "))))
    }
}

/// The user's id, adding the user when no account has that username (case-insensitive).
pub fn ensure_user(conn: &mut DbConn, user: &PackUser, now_ms: i64) -> Result<(i64, bool), AppError> {
    if let Some(id) = user_id(conn, &user.username)? {
        return Ok((id, false));
    }
    let id = diesel::insert_into(users::table)
        .values((
            users::username.eq(user.username.trim()),
            users::username_lower.eq(user.username.trim().to_lowercase()),
            users::email.eq(user.email.trim()),
            users::role.eq(&user.role),
            users::created_at.eq(now_ms),
        ))
        .returning(users::id)
        .get_result(conn)?;
    Ok((id, true))
}

pub fn user_id(conn: &mut DbConn, username: &str) -> Result<Option<i64>, AppError> {
    Ok(users::table
        .filter(users::username_lower.eq(username.trim().to_lowercase()))
        .select(users::id)
        .first(conn)
        .optional()?)
}
