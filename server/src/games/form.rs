//! A game form (upload, edit) checked before it is stored: game-core's form rules, then the
//! profanity rule. A refusal names its field and code (`AppError::form`), so clients place it
//! without reading the message.

use game_core::forms::{validate_game, FormItem, GameForm};
use game_core::profanity::check_game;

use crate::error::{AppError, ErrorCode};

/// The first problem of the form, if any: offensive text first (its message names nothing
/// offensive), then the shared form rules in field order.
pub fn validate_form(form: &GameForm) -> Result<(), AppError> {
    refuse_control_characters(form)?;
    let first = check_game(form).into_iter().next().or_else(|| validate_game(form).into_iter().next());
    match first {
        Some(error) => Err(AppError::form(error)),
        None => Ok(()),
    }
}

/// A control character (NUL above all: SQLite would store it, PostgreSQL refuses it) belongs in
/// no prompt, name or spelling; the same refusal on both backends, naming the field.
fn refuse_control_characters(form: &GameForm) -> Result<(), AppError> {
    let has_control = |text: &str| text.chars().any(char::is_control);
    let field = if has_control(&form.prompt) {
        Some("prompt".to_string())
    } else {
        form.items.iter().enumerate().find_map(|(i, item)| {
            if has_control(&item.name) {
                Some(format!("items.{i}.name"))
            } else {
                item.alt_spellings.iter().any(|s| has_control(s)).then(|| format!("items.{i}.altSpellings"))
            }
        })
    };
    match field {
        Some(field) => Err(AppError::Refused {
            code: ErrorCode::BadRequest,
            message: "Text may not contain control characters.".into(),
            field: Some(field),
        }),
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
