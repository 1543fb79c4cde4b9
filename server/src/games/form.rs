//! A game form (upload, edit) checked before it is stored: game-core's form rules, then the
//! profanity rule. A refusal names its field and code (`AppError::form`), so clients place it
//! without reading the message. An admin's edit is not refused for words the profanity rule
//! flags: every community game is reviewed by an admin, so the flags come back as warnings.

use game_core::forms::{validate_game, FieldError, FormItem, GameForm};
use game_core::profanity::check_game;

use crate::error::AppError;
use crate::text::strip_controls;

/// The first problem of the form, if any: offensive text first (its message names nothing
/// offensive), then the shared form rules in field order.
pub fn validate_form(form: &GameForm) -> Result<(), AppError> {
    let first = check_game(form).into_iter().next().or_else(|| validate_game(form).into_iter().next());
    match first {
        Some(error) => Err(AppError::form(error)),
        None => Ok(()),
    }
}

/// The form rules only, for an admin's edit; what the profanity rule flags is returned, not
/// refused (one warning per field, with the rule's message).
pub fn validate_admin_form(form: &GameForm) -> Result<Vec<FieldError>, AppError> {
    match validate_game(form).into_iter().next() {
        Some(error) => Err(AppError::form(error)),
        None => Ok(check_game(form)),
    }
}

/// Trimmed names and spellings (accepted and not) without control or bidi-override characters,
/// empties dropped.
pub fn tidy_item(name: &str, spellings: &[String], rejected: &[String]) -> FormItem {
    FormItem {
        name: strip_controls(name).trim().to_string(),
        alt_spellings: tidy_spellings(spellings),
        rejected_spellings: tidy_spellings(rejected),
    }
}

fn tidy_spellings(spellings: &[String]) -> Vec<String> {
    spellings.iter().map(|s| strip_controls(s).trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// A prompt as stored: without control or bidi-override characters, trimmed.
pub fn tidy_prompt(prompt: &str) -> String {
    strip_controls(prompt).trim().to_string()
}
