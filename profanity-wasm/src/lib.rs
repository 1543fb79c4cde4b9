//! The profanity check for the create page, kept out of the play module because rustrict's
//! word lists are large. Same rules as the server: both call `game_core::profanity`. The
//! create page also gets the built-in autofill rules here (`game_core::autofill`), so the play
//! module stays within its size budget.

use game_core::autofill;
use game_core::forms::GameForm;
use game_core::profanity;
use wasm_bindgen::prelude::*;

/// Whether one text contains a bad word.
#[wasm_bindgen(js_name = isProfane)]
pub fn is_profane(text: &str) -> bool {
    profanity::is_profane(text)
}

/// `[{field, code: "profanity", message}]` for every offensive field of a create/edit form.
#[wasm_bindgen(js_name = checkGame)]
pub fn check_game(form: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm =
        serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&format!("invalid form: {e}")))?;
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    serde::Serialize::serialize(&profanity::check_game(&form), &serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The create form with its prompt tidied and every item's alternative spellings completed
/// (`game_core::autofill`): what the server's built-in autofill answers, without the request.
#[wasm_bindgen(js_name = autofillGame)]
pub fn autofill_game(form: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm =
        serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&format!("invalid form: {e}")))?;
    serde::Serialize::serialize(&autofill::autofill_game(&form), &serde_wasm_bindgen::Serializer::new())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// One item's spellings: the player's own (deduplicated) followed by the generated ones.
#[wasm_bindgen(js_name = alternativeSpellings)]
pub fn alternative_spellings(name: &str, existing: Vec<String>) -> Vec<String> {
    autofill::alternative_spellings(name, &existing)
}
