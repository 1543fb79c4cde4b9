//! The request and response bodies of `POST /api/autofill-game-info`, and their validation.

use game_core::forms::{
    FormItem, GameForm, MAX_NAME_CHARS, MAX_PROMPT_CHARS, MAX_SPELLINGS_PER_ITEM, MAX_SPELLING_CHARS,
};
use game_core::ITEMS_PER_GAME;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::games::items::OrderedItems;

#[derive(Debug, Deserialize, ToSchema)]
pub struct AutofillBody {
    pub prompt: String,
    /// Item name → alternative spellings so far, in the form's order (names may still be
    /// empty); a plain list of names is accepted too.
    #[schema(value_type = std::collections::HashMap<String, Vec<String>>)]
    #[serde(deserialize_with = "OrderedItems::map_or_names")]
    pub items: OrderedItems,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AutofillResponse {
    /// The prompt, tidied (trimmed, first letter capitalised).
    pub prompt: String,
    /// Every non-empty item name → its alternative spellings (the player's first), in order.
    #[schema(value_type = std::collections::HashMap<String, Vec<String>>)]
    pub items: OrderedItems,
}

impl AutofillResponse {
    /// The answer for a completed form: items without a name are left out.
    pub fn from_form(form: GameForm) -> Self {
        let items =
            form.items.into_iter().filter(|it| !it.name.is_empty()).map(|it| (it.name, it.alt_spellings));
        AutofillResponse { prompt: form.prompt, items: OrderedItems(items.collect()) }
    }
}

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
    if body.items.0.len() > ITEMS_PER_GAME {
        return Err(AppError::bad_request(format!("A game has at most {ITEMS_PER_GAME} items.")));
    }
    let mut items = Vec::with_capacity(body.items.0.len());
    for (name, spellings) in &body.items.0 {
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
    Ok(FormItem { name: name.to_string(), alt_spellings: spellings.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<AutofillBody, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn items_as_a_map_or_a_list_keep_their_order() {
        let body = parse(r#"{"prompt": "p", "items": {"b": ["x"], "a": [], "b": []}}"#).unwrap();
        let names: Vec<&str> = body.items.0.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["b", "a", "b"]);
        let body = parse(r#"{"prompt": "p", "items": ["Venus", "Mars"]}"#).unwrap();
        assert_eq!(body.items.0, [("Venus".to_string(), vec![]), ("Mars".to_string(), vec![])]);
        assert!(parse(r#"{"prompt": "p", "items": "Venus"}"#).is_err());
        assert!(parse(r#"{"prompt": "p", "items": [1]}"#).is_err());
        assert!(parse(r#"{"prompt": "p", "items": {"a": "x"}}"#).is_err());
    }

    #[test]
    fn the_response_keeps_the_form_order_and_skips_empty_names() {
        let form = GameForm {
            prompt: "P".into(),
            items: vec![
                FormItem { name: "b".into(), alt_spellings: vec!["B1".into()] },
                FormItem { name: "".into(), alt_spellings: vec!["lost".into()] },
                FormItem { name: "a".into(), alt_spellings: vec![] },
            ],
        };
        let json = serde_json::to_string(&AutofillResponse::from_form(form)).unwrap();
        assert_eq!(json, r#"{"prompt":"P","items":{"b":["B1"],"a":[]}}"#);
    }
}
