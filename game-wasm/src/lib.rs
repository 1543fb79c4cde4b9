//! `game-core` for the browser. Thin glue only: every rule lives in `game-core`.
//!
//! Results come back as plain JS objects. A refused action returns `{error, message}` rather
//! than throwing, so the UI handles it like any other outcome; malformed input (a game or an
//! action log that does not parse) throws.
//!
//! Built twice: the Latin play module (default) folds Latin text only; the module of every
//! script (`--features scripts`) plays anything. The browser starts a game in the Latin module
//! unless its names or its log `needsScripts`, and moves it to the other module before a guess
//! that does (`frontend/src/core/wasm.ts`). The Latin module answers such a guess
//! `{error: "needsScripts"}` rather than misreading it; it does not check a game's names and
//! log itself (about 400 bytes gzipped the play module's budget has no room for: the browser
//! checks them, and the vector runner proves the two modules agree on Latin text). The form
//! rules (`splitSpellings`, `validateGame`) are in the module of every script only.

use chrono::{DateTime, Utc};
use game_core::calendar;
#[cfg(feature = "scripts")]
use game_core::forms::{self, GameForm};
use game_core::share::{share_text_in, ShareWords};
use game_core::{Action, GameDef, GameError, GameState, HintKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Serialises with `null` for `None` (not `undefined`) and plain objects for maps.
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let serializer =
        serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true).serialize_maps_as_objects(true);
    value.serialize(&serializer).unwrap_or(JsValue::NULL)
}

#[derive(Serialize)]
struct ErrorResult {
    error: &'static str,
    message: &'static str,
}

fn error_js(error: GameError) -> JsValue {
    to_js(&ErrorResult { error: error.code(), message: error.message() })
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

fn instant(now_ms: f64) -> Result<DateTime<Utc>, JsError> {
    DateTime::from_timestamp_millis(now_ms as i64).ok_or_else(|| JsError::new("invalid time"))
}

/// What the Latin module answers for text it cannot fold (`needsScripts`).
const NEEDS_SCRIPTS: &str = "needsScripts: this text needs the play module of every script";

/// Whether this module cannot fold `text`: the Latin module and a character outside its folds.
fn unfoldable(text: &str) -> bool {
    !cfg!(feature = "scripts") && game_core::normalise::needs_scripts(text)
}

/// One game in play.
#[wasm_bindgen]
pub struct Game {
    state: GameState,
    /// Positions of the log's actions a regrade left out (empty for a new or replayed game).
    dropped: Vec<usize>,
}

#[wasm_bindgen]
impl Game {
    /// Starts a game from `{prompt, type, date?, items: [{id, name, altSpellings}]}`.
    #[wasm_bindgen(constructor)]
    pub fn new(def: JsValue) -> Result<Game, JsError> {
        Ok(Game { state: GameState::new(from_js::<GameDef>(def, "game")?), dropped: Vec::new() })
    }

    /// Rebuilds a game from its action log (`[{guess}, {hint}, {giveUp: true}]`).
    pub fn replay(def: JsValue, actions: JsValue) -> Result<Game, JsError> {
        let def: GameDef = from_js(def, "game")?;
        let actions: Vec<Action> = from_js(actions, "action log")?;
        let state = GameState::replay(def, &actions).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Game { state, dropped: Vec::new() })
    }

    /// Rebuilds a finished game from its log against the game as it is now (an accepted dispute
    /// may have added a spelling): actions the updated game refuses are left out (`dropped`).
    pub fn regrade(def: JsValue, actions: JsValue) -> Result<Game, JsError> {
        let def: GameDef = from_js(def, "game")?;
        let actions: Vec<Action> = from_js(actions, "action log")?;
        let regraded = game_core::regrade(def, &actions).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Game { state: regraded.state, dropped: regraded.dropped })
    }

    /// The log positions the regrade that built this game left out.
    pub fn dropped(&self) -> JsValue {
        to_js(&self.dropped)
    }

    /// `{outcome, itemId, correction}` or `{error, message}`.
    pub fn guess(&mut self, text: &str) -> JsValue {
        if unfoldable(text) {
            return to_js(&ErrorResult { error: "needsScripts", message: NEEDS_SCRIPTS });
        }
        match self.state.guess(text) {
            Ok(result) => to_js(&result),
            Err(e) => error_js(e),
        }
    }

    /// `kind` is `firstLetter` or `length`. `{itemId, kind, value}` or `{error, message}`.
    pub fn hint(&mut self, kind: &str) -> Result<JsValue, JsError> {
        let kind = match kind {
            "firstLetter" => HintKind::FirstLetter,
            "length" => HintKind::Length,
            other => return Err(JsError::new(&format!("unknown hint kind: {other}"))),
        };
        Ok(match self.state.hint(kind) {
            Ok(result) => to_js(&result),
            Err(e) => error_js(e),
        })
    }

    /// `null`, or `{error, message}` when the game is already over.
    #[wasm_bindgen(js_name = giveUp)]
    pub fn give_up(&mut self) -> JsValue {
        match self.state.give_up() {
            Ok(()) => JsValue::NULL,
            Err(e) => error_js(e),
        }
    }

    /// Everything the screen shows: counters, score, display order, hints, action log.
    pub fn view(&self) -> JsValue {
        to_js(&self.state.view())
    }

    pub fn score(&self) -> u32 {
        self.state.score()
    }

    /// Positions in the view's `wrongGuesses` of the guesses a player may dispute.
    pub fn disputable(&self) -> Vec<u32> {
        self.state.disputable()
    }

    /// Lava height 0–100; `archive` is true when playing a past day.
    pub fn meter(&self, archive: bool) -> f64 {
        self.state.meter(archive)
    }

    /// The share text; `url` is omitted when the player turned the full URL off. The stats'
    /// find rates come as two arrays (item ids, fractions of players; empty while unknown):
    /// typed arrays cost the module nothing, where a JS object would pull in a map decoder.
    /// `words`: the interface language's five line templates, one a line (`ShareWords`);
    /// omitted (or malformed) for the spec's English.
    pub fn share(
        &self,
        url: Option<String>,
        rate_ids: Vec<u32>,
        rates: Vec<f64>,
        words: Option<String>,
    ) -> String {
        let found_rates: Vec<(u32, f64)> = rate_ids.into_iter().zip(rates).collect();
        let words = words.as_deref().and_then(ShareWords::from_lines).unwrap_or(ShareWords::ENGLISH);
        share_text_in(
            &self.state,
            url.as_deref(),
            (!found_rates.is_empty()).then_some(found_rates.as_slice()),
            &words,
        )
    }
}

/// The comparable form of a guess or name (in the Latin module, of text that does not
/// `needsScripts`).
#[wasm_bindgen]
pub fn normalise(text: &str) -> String {
    game_core::normalise(text)
}

/// Whether this module cannot fold `text` and the play module of every script must: always
/// false in that module.
#[wasm_bindgen(js_name = needsScripts)]
pub fn needs_scripts(text: &str) -> bool {
    unfoldable(text)
}

/// Today's game date in New York, `YYYY-MM-DD`, at `nowMs` (milliseconds since the epoch).
#[wasm_bindgen(js_name = todayNewYork)]
pub fn today_new_york(now_ms: f64) -> Result<String, JsError> {
    Ok(calendar::format_date(calendar::today(instant(now_ms)?)))
}

/// Day number of a `YYYY-MM-DD` date (2024-07-09 is Day 1), or `undefined` for a bad date.
#[wasm_bindgen(js_name = dayNumber)]
pub fn day_number(date: &str) -> Option<i32> {
    calendar::parse_date(date).map(|d| calendar::day_number(d) as i32)
}

/// Whole seconds until midnight in New York.
#[wasm_bindgen(js_name = secondsToNextGame)]
pub fn seconds_to_next_game(now_ms: f64) -> Result<f64, JsError> {
    Ok(calendar::seconds_to_next_game(instant(now_ms)?) as f64)
}

/// `{valid, playable}` for an `archive/{date}` route.
#[wasm_bindgen(js_name = checkArchiveDate)]
pub fn check_archive_date(date: &str, now_ms: f64, admin: bool) -> Result<JsValue, JsError> {
    Ok(to_js(&calendar::check_archive_date(date, instant(now_ms)?, admin)))
}

/// Alternative spellings from a comma-separated field. Only in the module of every script, as
/// `validateGame`.
#[cfg(feature = "scripts")]
#[wasm_bindgen(js_name = splitSpellings)]
pub fn split_spellings(text: &str) -> JsValue {
    to_js(&forms::split_spellings(text))
}

/// Field errors (`[{field, code, message}]`) for a create or edit form; empty when valid. Only in
/// the module of every script: the create and edit pages load that one (a game's names may be in
/// any script, `frontend/src/core/forms.ts`), and the Latin module, which every page loads, would
/// carry the form rules for nothing.
#[cfg(feature = "scripts")]
#[wasm_bindgen(js_name = validateGame)]
pub fn validate_game(form: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm = from_js(form, "form")?;
    Ok(to_js(&forms::validate_game(&form)))
}

/// The prompt the server sends when today has no game.
#[wasm_bindgen(js_name = placeholderPrompt)]
pub fn placeholder_prompt() -> String {
    game_core::PLACEHOLDER_PROMPT.to_string()
}

/// Every constant of the rules: `{itemsPerGame, maxWrong, maxHints, …, pointsPerItem}`.
#[wasm_bindgen]
pub fn rules() -> JsValue {
    to_js(&game_core::rules())
}
