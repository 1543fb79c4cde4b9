//! Autofill's request checked and turned into the form `game_core::autofill` completes.

use game_core::forms::{
    FormItem, GameForm, MAX_NAME_CHARS, MAX_PROMPT_CHARS, MAX_SPELLINGS_PER_ITEM, MAX_SPELLING_CHARS,
};
use game_core::ITEMS_PER_GAME;
use lavalist_api::autofill::AutofillBody;

use crate::platform::error::AppError;

/// Checks the body's sizes and turns it into the form `game_core::autofill` completes (prompt
/// and names trimmed). Autofill may run before every name is filled, so empty names pass.
pub fn validated_form(body: &AutofillBody) -> Result<GameForm, AppError> {
    let prompt = body.prompt.trim();
    if prompt.is_empty() {
        return Err(AppError::bad_request("Please enter a prompt before using autofill."));
    }
    if prompt.chars().count() > MAX_PROMPT_CHARS {
        return Err(AppError::bad_request(format!("The prompt is at most {MAX_PROMPT_CHARS} characters.")));
    }
    if body.items.0 .0.len() > ITEMS_PER_GAME {
        return Err(AppError::bad_request(format!("A game has at most {ITEMS_PER_GAME} items.")));
    }
    let mut items = Vec::with_capacity(body.items.0 .0.len());
    for (name, spellings) in &body.items.0 .0 {
        items.push(validated_item(name.trim(), spellings, &items)?);
    }
    Ok(GameForm { prompt: prompt.to_string(), items })
}

fn validated_item(name: &str, spellings: &[String], earlier: &[FormItem]) -> Result<FormItem, AppError> {
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(AppError::bad_request(format!("Item names are at most {MAX_NAME_CHARS} characters.")));
    }
    // The answer is keyed by name: two items with one name could not both be answered.
    if !name.is_empty() && earlier.iter().any(|it| it.name == name) {
        return Err(AppError::bad_request(format!("\"{name}\" is on the list twice.")));
    }
    if spellings.len() > MAX_SPELLINGS_PER_ITEM {
        return Err(AppError::bad_request(format!(
            "At most {MAX_SPELLINGS_PER_ITEM} alternative spellings per item."
        )));
    }
    if spellings.iter().any(|s| s.trim().chars().count() > MAX_SPELLING_CHARS) {
        return Err(AppError::bad_request(format!(
            "Each spelling is at most {MAX_SPELLING_CHARS} characters."
        )));
    }
    Ok(FormItem { name: name.to_string(), alt_spellings: spellings.to_vec(), ..FormItem::default() })
}
