//! A game form (upload, edit) checked before it is stored: game-core's form rules, then the
//! profanity rule. A refusal names its field and code (`AppError::form`), so clients place it
//! without reading the message.

use game_core::forms::{validate_game, FormItem, GameForm};
use game_core::profanity::check_game;

use crate::error::AppError;

/// The first problem of the form, if any: offensive text first (its message names nothing
/// offensive), then the shared form rules in field order.
pub fn validate_form(form: &GameForm) -> Result<(), AppError> {
    let first = check_game(form).into_iter().next().or_else(|| validate_game(form).into_iter().next());
    match first {
        Some(error) => Err(AppError::form(error)),
        None => Ok(()),
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
