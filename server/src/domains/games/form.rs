//! A game form (upload, edit) checked before it is stored: game-core's form rules, then the
//! profanity rule. A refusal names its field and code (`AppError::form`), so clients place it
//! without reading the message. An admin's edit is not refused for words the profanity rule
//! flags: every community game is reviewed by an admin, so the flags come back as warnings.
//! A creator who says the flagged words are real names (`realNames`) is not refused for them
//! either, only for abuse (slurs, threats): the game waits for an admin like every upload, its
//! flagged words highlighted in the review queue.

use game_core::forms::{validate_game, FieldError, FormErrorCode, FormItem, GameForm};
use game_core::profanity::{check_game, flag_game, Flag, Tier, PROFANITY_MESSAGE};

use super::model::FlaggedWords;
use crate::platform::error::AppError;
use crate::platform::text::strip_controls;

/// The first problem of the form, if any: offensive text first (its message names nothing
/// offensive), then the shared form rules in field order. With `real_names` only abuse counts
/// as offensive; the flagged words the game keeps are returned.
pub fn validate_form(form: &GameForm, real_names: bool) -> Result<Vec<FlaggedWords>, AppError> {
    let flags = flag_game(form);
    let refused = flags.iter().find(|f| f.tier == Tier::Abuse || !real_names);
    if let Some(flag) = refused {
        return Err(AppError::form(profanity_error(flag)));
    }
    if let Some(error) = validate_game(form).into_iter().next() {
        return Err(AppError::form(error));
    }
    Ok(flagged_words(flags))
}

fn profanity_error(flag: &Flag) -> FieldError {
    FieldError {
        field: flag.field.clone(),
        code: FormErrorCode::Profanity,
        message: PROFANITY_MESSAGE.to_string(),
    }
}

/// The fields and words of the flags, as stored and shown to the moderators.
pub fn flagged_words(flags: Vec<Flag>) -> Vec<FlaggedWords> {
    flags.into_iter().map(|f| FlaggedWords { field: f.field, words: f.words }).collect()
}

/// The form rules only, for an admin's edit; what the profanity rule flags is returned, not
/// refused (one warning per field, with the rule's message), and so are its words.
pub fn validate_admin_form(form: &GameForm) -> Result<(Vec<FieldError>, Vec<FlaggedWords>), AppError> {
    match validate_game(form).into_iter().next() {
        Some(error) => Err(AppError::form(error)),
        None => Ok((check_game(form), flagged_words(flag_game(form)))),
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
