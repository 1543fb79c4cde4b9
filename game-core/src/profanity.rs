//! The profanity check shared by the server and the create page (feature `profanity`).

use rustrict::CensorStr;

use crate::forms::{FieldError, FormErrorCode, GameForm};

/// The message shown for any offensive field; it never repeats the offending words.
pub const PROFANITY_MESSAGE: &str = "Please remove any bad words.";

/// Whether `text` is offensive by rustrict's rules.
pub fn is_profane(text: &str) -> bool {
    text.is_inappropriate()
}

/// One error per field (prompt, item name, item spellings) that contains a bad word.
pub fn check_game(form: &GameForm) -> Vec<FieldError> {
    let mut offensive = Vec::new();
    if is_profane(&form.prompt) {
        offensive.push("prompt".to_string());
    }
    for (i, item) in form.items.iter().enumerate() {
        if is_profane(&item.name) {
            offensive.push(format!("items.{i}.name"));
        }
        if item.alt_spellings.iter().any(|s| is_profane(s)) {
            offensive.push(format!("items.{i}.altSpellings"));
        }
    }
    offensive
        .into_iter()
        .map(|field| FieldError {
            field,
            code: FormErrorCode::Profanity,
            message: PROFANITY_MESSAGE.to_string(),
        })
        .collect()
}
