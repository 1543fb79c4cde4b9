//! The profanity check for the create page, kept out of the play module because rustrict's
//! word lists, and the other interface languages' (`game-core/src/profanity_words.txt`), are
//! large. Same rules as the server: both call `game_core::profanity`. The
//! create page also gets the built-in autofill rules here (`game_core::autofill`), so the play
//! module stays within its size budget. So do the server's result rules that no page uses
//! (the daily grace period, streaks, score buckets, won, standings, percentiles): they are exported here
//! only so the shared test vectors check them through WASM too, at no cost to the play module.

use chrono::{DateTime, NaiveDate, Utc};
use game_core::autofill;
use game_core::calendar;
use game_core::forms::GameForm;
use game_core::profanity;
use game_core::results;
use game_core::streak::Streak;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// Whether one text contains a bad word.
#[wasm_bindgen(js_name = isProfane)]
pub fn is_profane(text: &str) -> bool {
    profanity::is_profane(text)
}

/// Whether one item or spelling of a game with this prompt contains a bad word: a weak word
/// alone ("Tit") passes under a clean prompt (`game_core::profanity::is_profane_in`).
#[wasm_bindgen(js_name = isProfaneIn)]
pub fn is_profane_in(text: &str, prompt: &str) -> bool {
    profanity::is_profane_in(text, prompt)
}

/// `"clean"`, `"flagged"` (may be a real name) or `"abuse"` (refused outright) for one text.
#[wasm_bindgen]
pub fn tier(text: &str) -> String {
    tier_name(profanity::tier(text))
}

/// `tier` for an item or spelling of a game with this prompt (`game_core::profanity::tier_in`).
#[wasm_bindgen(js_name = tierIn)]
pub fn tier_in(text: &str, prompt: &str) -> String {
    tier_name(profanity::tier_in(text, prompt))
}

fn tier_name(tier: profanity::Tier) -> String {
    match tier {
        profanity::Tier::Clean => "clean",
        profanity::Tier::Flagged => "flagged",
        profanity::Tier::Abuse => "abuse",
    }
    .to_string()
}

/// `[{field, tier: "flagged" | "abuse", words}]` for every field of a create/edit form the rule
/// stops (`game_core::profanity::flag_game`): the create page offers "these are real names"
/// only when no field is abuse.
#[wasm_bindgen(js_name = flagGame)]
pub fn flag_game(form: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm =
        serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&format!("invalid form: {e}")))?;
    to_js(&profanity::flag_game(&form))
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

/// Autofill's answer merged into the create form: both `{prompt, items: [{name, altSpellings}]}`
/// (`game_core::forms::merge_autofill`). Only the create page merges, so it lives here, off the
/// play module.
#[wasm_bindgen(js_name = mergeAutofill)]
pub fn merge_autofill(form: JsValue, answer: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm =
        serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&format!("invalid form: {e}")))?;
    let answer: GameForm = serde_wasm_bindgen::from_value(answer)
        .map_err(|e| JsError::new(&format!("invalid autofill answer: {e}")))?;
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    serde::Serialize::serialize(&game_core::forms::merge_autofill(&form, &answer), &serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// What an autofill answer added to the form it was asked with, `{items, spellings, doubtful}`
/// (`game_core::autofill::additions`, which the server counts with): here for the shared
/// vectors.
#[wasm_bindgen(js_name = autofillAdditions)]
pub fn autofill_additions(form: JsValue, answer: JsValue) -> Result<JsValue, JsError> {
    let form: GameForm =
        serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&format!("invalid form: {e}")))?;
    let answer: GameForm = serde_wasm_bindgen::from_value(answer)
        .map_err(|e| JsError::new(&format!("invalid autofill answer: {e}")))?;
    to_js(&autofill::additions(&form, &answer))
}

/// One item's spellings: the player's own (deduplicated) followed by the generated ones.
#[wasm_bindgen(js_name = alternativeSpellings)]
pub fn alternative_spellings(name: &str, existing: Vec<String>) -> Vec<String> {
    autofill::alternative_spellings(name, &existing)
}

fn date(text: &str) -> Result<NaiveDate, JsError> {
    calendar::parse_date(text).ok_or_else(|| JsError::new(&format!("invalid date: {text}")))
}

/// Whether the daily game of `date` (`YYYY-MM-DD`) takes results at `nowMs` (milliseconds
/// since the epoch): today's in New York, and yesterday's during the grace period.
#[wasm_bindgen(js_name = acceptsDaily)]
pub fn accepts_daily(day: &str, now_ms: f64) -> Result<bool, JsError> {
    let now =
        DateTime::<Utc>::from_timestamp_millis(now_ms as i64).ok_or_else(|| JsError::new("invalid time"))?;
    Ok(calendar::accepts_daily(date(day)?, now))
}

/// `Streak` as JS sees it, the day as `YYYY-MM-DD`: chrono's serde support is not built in.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct StreakJs {
    last_played: Option<String>,
    played: i32,
    won: i32,
}

fn streak_from_js(value: JsValue) -> Result<Streak, JsError> {
    let js: StreakJs =
        serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid streak: {e}")))?;
    Ok(Streak {
        last_played: js.last_played.as_deref().map(date).transpose()?,
        played: js.played,
        won: js.won,
    })
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).map_err(|e| JsError::new(&e.to_string()))
}

/// `{lastPlayed, played, won}` after playing the daily game of `day` (`YYYY-MM-DD`).
#[wasm_bindgen(js_name = streakAfter)]
pub fn streak_after(streak: JsValue, day: &str, won: bool) -> Result<JsValue, JsError> {
    let next = streak_from_js(streak)?.after(date(day)?, won);
    let last_played = next.last_played.map(calendar::format_date);
    to_js(&StreakJs { last_played, played: next.played, won: next.won })
}

/// The streaks shown on `today` (`YYYY-MM-DD`): `{played, won}`.
#[wasm_bindgen(js_name = streakCurrent)]
pub fn streak_current(streak: JsValue, today: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Current {
        played: i32,
        won: i32,
    }
    let (played, won) = streak_from_js(streak)?.current(date(today)?);
    to_js(&Current { played, won })
}

/// The histogram bucket (0–100) of a score.
#[wasm_bindgen(js_name = scoreBucket)]
pub fn score_bucket(score: u32) -> u32 {
    results::score_bucket(score) as u32
}

/// Whether a game with these found flags (one boolean per item) is won.
#[wasm_bindgen(js_name = isWon)]
pub fn is_won(found: &js_sys::Array) -> bool {
    // Read without serde, whose `Vec<bool>` support would cost about 0.5 KB gzipped; anything but `true` counts as not found.
    let flags: Vec<bool> = found.iter().map(|f| f.as_bool() == Some(true)).collect();
    results::is_won(&flags)
}

/// A whole number a JS number holds exactly (at most 2^53).
fn whole(value: Option<f64>, what: &str) -> Result<u64, JsError> {
    match value {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= 9_007_199_254_740_992.0 => Ok(n as u64),
        _ => Err(JsError::new(&format!("invalid {what}: expected a whole number"))),
    }
}

/// `[[bucket, players], …]`, read with js-sys: serde's tuples would cost about 0.8 KB gzipped
/// more.
fn histogram(rows: &js_sys::Array) -> Result<Vec<(usize, u64)>, JsError> {
    let row = |value: JsValue| match value.dyn_ref::<js_sys::Array>() {
        Some(pair) if pair.length() == 2 => {
            Ok((whole(pair.get(0).as_f64(), "bucket")? as usize, whole(pair.get(1).as_f64(), "players")?))
        }
        _ => Err(JsError::new("invalid histogram row: expected [bucket, players]")),
    };
    rows.iter().map(row).collect()
}

/// The spec's percentile of `score` (`game_core::results::percentile`), with the arguments of
/// [`standing`].
#[wasm_bindgen]
pub fn percentile(
    histogram_rows: &js_sys::Array,
    players: f64,
    score: u32,
    counted: bool,
) -> Result<u32, JsError> {
    let players = whole(Some(players), "players")?;
    Ok(results::percentile(&histogram(histogram_rows)?, players, score, counted))
}

/// Where `score` stands among `players` (`game_core::results::standing`): `{kind: "first"}`,
/// `{kind: "best", tied}` or `{kind: "top", percent}`; `histogram` is `[[bucket, players], …]`
/// (a bucket is a score / 10), `counted` whether the score is one of the players'.
#[wasm_bindgen]
pub fn standing(
    histogram_rows: &js_sys::Array,
    players: f64,
    score: u32,
    counted: bool,
) -> Result<JsValue, JsError> {
    let players = whole(Some(players), "players")?;
    to_js(&results::standing(&histogram(histogram_rows)?, players, score, counted))
}
