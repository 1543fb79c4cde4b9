//! Runs every JSON scenario in `tests/vectors/` against the native build. The WASM build runs
//! the same files under vitest (`frontend/src/core/vectors.test.ts`): the two runners must stay
//! identical in what they accept and check.

use std::path::{Path, PathBuf};

use chrono::{DateTime, NaiveDate, Utc};
use game_core::autofill::{alternative_spellings, autofill_game};
use game_core::calendar::{
    accepts_daily, check_archive_date, day_number, format_date, parse_date, seconds_to_next_game, today,
};
use game_core::forms::{merge_autofill, split_spellings, validate_game, GameForm};
use game_core::results::{is_won, percentile, score_bucket, standing};
use game_core::share::{share_text_in, ShareWords};
use game_core::streak::Streak;
use game_core::{normalise, regrade, rules, Action, GameDef, GameError, GameState, HintKind};
use serde_json::{json, Map, Value};

type Outcome = Result<(), String>;

#[test]
fn every_vector_passes() {
    let files = vector_files();
    assert!(!files.is_empty(), "no vectors found in tests/vectors");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|path| run_file(path).err().map(|e| format!("{}: {e}", path.display())))
        .collect();
    println!("{} vector files, {} failed", files.len(), failures.len());
    assert!(failures.is_empty(), "failing vectors:\n{}", failures.join("\n"));
}

#[test]
fn runner_rejects_unknown_keys_and_kinds() {
    let unknown_key = json!({"name": "x", "splitSpellings": "a", "expect": ["a"], "surprise": 1});
    assert!(run_vector(&unknown_key).unwrap_err().contains("unknown key surprise"));
    let no_kind = json!({"name": "x", "expect": 1});
    assert!(run_vector(&no_kind).unwrap_err().contains("no known kind"));
    let wrong_expectation = json!({"name": "x", "normalise": "Ab", "expect": "ba"});
    assert!(run_vector(&wrong_expectation).is_err());
    let bad_input =
        json!({"name": "x", "alternativeSpellings": {"name": "a", "existing": [], "more": 1}, "expect": []});
    assert!(run_vector(&bad_input).unwrap_err().contains("unknown key more"));
    let bad_streak = json!({"name": "x", "streak": {"start": null, "plays": [{"day": "2025-03-01", "won": true, "late": 1}], "today": "2025-03-01"}, "expect": {}});
    assert!(run_vector(&bad_streak).unwrap_err().contains("unknown key late"));
    let bad_merge = json!({"name": "x", "mergeAutofill": {"form": {"prompt": "", "items": []}, "answer": {"prompt": "", "items": [], "extra": 1}}, "expect": {}});
    assert!(run_vector(&bad_merge).unwrap_err().contains("unknown key extra"));
    let bad_bucket = json!({"name": "x", "scoreBucket": -5, "expect": 0});
    assert!(run_vector(&bad_bucket).unwrap_err().contains("whole number"));
    let bad_step =
        json!({"name": "x", "game": game_json(), "steps": [{"guess": "a", "jump": 1}], "expect": {}});
    assert!(run_vector(&bad_step).unwrap_err().contains("unknown key jump"));
    let refused_legit = json!({"name": "x", "profanityCorpus": {"kind": "legitimate", "texts": ["Niger", "f u c k"]}, "expect": {"maxFlaggedPercent": 1}});
    assert!(run_vector(&refused_legit).unwrap_err().contains("f u c k"), "a failure names the texts");
}

fn game_json() -> Value {
    json!({"prompt": "p", "type": "daily", "date": "2024-07-09", "items": [{"id": 1, "name": "A", "altSpellings": []}]})
}

fn vector_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn run_file(path: &Path) -> Outcome {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let vector: Value = serde_json::from_str(&text).map_err(|e| format!("invalid JSON: {e}"))?;
    run_vector(&vector)
}

fn run_vector(vector: &Value) -> Outcome {
    let obj = vector.as_object().ok_or("a vector must be an object")?;
    let has = |k: &str| obj.contains_key(k);
    if has("game") && has("steps") {
        allow_keys(
            obj,
            &["name", "game", "archive", "shareUrl", "foundRates", "shareWords", "steps", "expect"],
        )?;
        run_game(obj)
    } else if has("game") && has("replay") {
        allow_keys(
            obj,
            &["name", "game", "archive", "shareUrl", "foundRates", "shareWords", "replay", "expect"],
        )?;
        run_replay(obj)
    } else if has("game") && has("regrade") {
        allow_keys(obj, &["name", "game", "regrade", "expect"])?;
        run_regrade(obj)
    } else if has("now") && has("archiveDate") {
        allow_keys(obj, &["name", "now", "archiveDate", "admin", "expect"])?;
        run_archive(obj)
    } else if has("now") {
        allow_keys(obj, &["name", "now", "expect"])?;
        run_calendar(obj)
    } else if has("splitSpellings") {
        allow_keys(obj, &["name", "splitSpellings", "expect"])?;
        let text = str_field(obj, "splitSpellings")?;
        same("split", &json!(split_spellings(text)), field(obj, "expect")?)
    } else if has("normalise") {
        allow_keys(obj, &["name", "normalise", "expect"])?;
        same("normalise", &json!(normalise(str_field(obj, "normalise")?)), field(obj, "expect")?)
    } else if has("validateGame") {
        allow_keys(obj, &["name", "validateGame", "expect"])?;
        run_validate(obj)
    } else if has("alternativeSpellings") {
        allow_keys(obj, &["name", "alternativeSpellings", "expect"])?;
        run_alternative_spellings(obj)
    } else if has("autofill") {
        allow_keys(obj, &["name", "autofill", "expect"])?;
        run_autofill(obj)
    } else if has("streak") {
        allow_keys(obj, &["name", "streak", "expect"])?;
        run_streak(obj)
    } else if has("acceptsDaily") {
        allow_keys(obj, &["name", "acceptsDaily", "expect"])?;
        run_accepts_daily(obj)
    } else if has("scoreBucket") {
        allow_keys(obj, &["name", "scoreBucket", "expect"])?;
        let score = u32_field(obj, "scoreBucket")?;
        same("score bucket", &json!(score_bucket(score)), field(obj, "expect")?)
    } else if has("won") {
        allow_keys(obj, &["name", "won", "expect"])?;
        let found: Vec<bool> = serde_json::from_value(field(obj, "won")?.clone())
            .map_err(|e| format!("won must be a list of booleans: {e}"))?;
        same("won", &json!(is_won(&found)), field(obj, "expect")?)
    } else if has("percentile") {
        allow_keys(obj, &["name", "percentile", "expect"])?;
        run_percentile(obj)
    } else if has("standing") {
        allow_keys(obj, &["name", "standing", "expect"])?;
        run_standing(obj)
    } else if has("autofillAdditions") {
        allow_keys(obj, &["name", "autofillAdditions", "expect"])?;
        run_autofill_additions(obj)
    } else if has("mergeAutofill") {
        allow_keys(obj, &["name", "mergeAutofill", "expect"])?;
        run_merge_autofill(obj)
    } else if has("profanityCorpus") {
        allow_keys(obj, &["name", "profanityCorpus", "expect"])?;
        run_profanity_corpus(obj)
    } else if has("rules") {
        allow_keys(obj, &["name", "rules", "expect"])?;
        if obj["rules"] != json!(true) {
            return Err("rules must be true".into());
        }
        same("rules", &json!(rules()), field(obj, "expect")?)
    } else {
        Err("no known kind matches this vector's keys".into())
    }
}

fn allow_keys(obj: &Map<String, Value>, allowed: &[&str]) -> Outcome {
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(format!("unknown key {k}")),
        None => Ok(()),
    }
}

fn field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {
    obj.get(key).ok_or_else(|| format!("missing key {key}"))
}

fn str_field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    field(obj, key)?.as_str().ok_or_else(|| format!("{key} must be a string"))
}

fn same(what: &str, actual: &Value, expected: &Value) -> Outcome {
    if numbers_equal(actual, expected) {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected}, got {actual}"))
    }
}

/// JSON equality where 100 and 100.0 are the same number (as in JavaScript).
fn numbers_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| numbers_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| numbers_equal(v, w)))
        }
        _ => a == b,
    }
}

fn parse_game(obj: &Map<String, Value>) -> Result<GameDef, String> {
    serde_json::from_value(field(obj, "game")?.clone()).map_err(|e| format!("invalid game: {e}"))
}

fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, String> {
    obj.get(key).map_or(Ok(false), |v| v.as_bool().ok_or_else(|| format!("{key} must be a boolean")))
}

fn share_url(obj: &Map<String, Value>) -> Result<Option<&str>, String> {
    obj.get("shareUrl").map(|v| v.as_str().ok_or_else(|| "shareUrl must be a string".to_string())).transpose()
}

/// `foundRates`: item id (as a string, as the stats answer it) → fraction of players; absent
/// means the stats are not known.
fn found_rates(obj: &Map<String, Value>) -> Result<Option<Vec<(u32, f64)>>, String> {
    let Some(rates) = obj.get("foundRates") else { return Ok(None) };
    let rates = rates.as_object().ok_or("foundRates must be an object")?;
    let parse = |(id, rate): (&String, &Value)| {
        let id = id.parse::<u32>().map_err(|_| format!("foundRates key {id} is not an item id"))?;
        Ok((id, rate.as_f64().ok_or_else(|| format!("foundRates {id} must be a number"))?))
    };
    rates.iter().map(parse).collect::<Result<_, String>>().map(Some)
}

fn run_game(obj: &Map<String, Value>) -> Outcome {
    let def = parse_game(obj)?;
    let mut state = GameState::new(def.clone());
    let steps = field(obj, "steps")?.as_array().ok_or("steps must be a list")?;
    for (i, step) in steps.iter().enumerate() {
        run_step(&mut state, step).map_err(|e| format!("step {i}: {e}"))?;
    }
    check_final(&state, obj, field(obj, "expect")?)?;
    let replayed = GameState::replay(def, state.actions()).map_err(|e| format!("replay of the log: {e}"))?;
    same("replayed view", &json!(replayed.view()), &json!(state.view()))
}

fn run_step(state: &mut GameState, step: &Value) -> Outcome {
    let obj = step.as_object().ok_or("a step must be an object")?;
    allow_keys(obj, &["guess", "hint", "giveUp", "expect"])?;
    let actions = ["guess", "hint", "giveUp"].iter().filter(|k| obj.contains_key(**k)).count();
    if actions != 1 {
        return Err("a step needs exactly one of guess, hint, giveUp".into());
    }
    let result: Result<Value, GameError> = if let Some(text) = obj.get("guess") {
        let text = text.as_str().ok_or("guess must be a string")?;
        state.guess(text).map(|r| json!(r))
    } else if let Some(kind) = obj.get("hint") {
        let kind: HintKind =
            serde_json::from_value(kind.clone()).map_err(|e| format!("bad hint kind: {e}"))?;
        state.hint(kind).map(|r| json!(r))
    } else {
        if obj["giveUp"] != json!(true) {
            return Err("giveUp must be true".into());
        }
        state.give_up().map(|()| Value::Null)
    };
    match obj.get("expect") {
        Some(expect) => check_step(&result, expect),
        None => Ok(()),
    }
}

fn check_step(result: &Result<Value, GameError>, expect: &Value) -> Outcome {
    let expect = expect.as_object().ok_or("step expect must be an object")?;
    allow_keys(
        expect,
        &["outcome", "itemId", "correction", "description", "value", "words", "error", "message"],
    )?;
    let actual = match result {
        Ok(value) if expect.contains_key("error") => return Err(format!("expected an error, got {value}")),
        Ok(value) => value.clone(),
        Err(e) if !expect.contains_key("error") => return Err(format!("unexpected error {}", e.code())),
        Err(e) => json!({"error": e.code(), "message": e.message()}),
    };
    for (key, want) in expect {
        let got = match key.as_str() {
            "description" => english_description(actual.get("correction").unwrap_or(&Value::Null))?,
            _ => actual.get(key).cloned().unwrap_or(Value::Null),
        };
        same(key, &got, want)?;
    }
    Ok(())
}

/// A step's `description` is the spec's English wording of the result's `correction` (the
/// browser's runner words it with the English catalogue, which must say exactly this).
fn english_description(correction: &Value) -> Result<Value, String> {
    if correction.is_null() {
        return Ok(Value::Null);
    }
    let text =
        |key: &str| correction[key].as_str().ok_or_else(|| format!("correction without {key}: {correction}"));
    Ok(json!(match correction["kind"].as_str() {
        Some("alternative") => format!("Alternative wording for {}", text("name")?),
        Some("fuzzyName") => format!("Auto-corrected to {}", text("name")?),
        Some("fuzzyAlternative") => {
            format!("Auto-corrected to {}'s alternative spelling: {}", text("name")?, text("spelling")?)
        }
        _ => return Err(format!("unknown correction {correction}")),
    }))
}

/// `shareWords`: another language's share text templates (absent: the spec's English).
fn share_words(obj: &Map<String, Value>) -> Result<ShareWords<'_>, String> {
    let Some(words) = obj.get("shareWords") else { return Ok(ShareWords::ENGLISH) };
    let words = words.as_object().ok_or("shareWords must be an object")?;
    allow_keys(words, &["day", "community", "score", "survived", "rarest"])?;
    let get = |key: &str| {
        words.get(key).and_then(Value::as_str).ok_or_else(|| format!("shareWords needs a string {key}"))
    };
    Ok(ShareWords {
        day: get("day")?,
        community: get("community")?,
        score: get("score")?,
        survived: get("survived")?,
        rarest: get("rarest")?,
    })
}

fn check_final(state: &GameState, obj: &Map<String, Value>, expect: &Value) -> Outcome {
    let expect = expect.as_object().ok_or("expect must be an object")?;
    let view = json!(state.view());
    for (key, want) in expect {
        let actual = match key.as_str() {
            "correct"
            | "wrong"
            | "wrongGuesses"
            | "hintsUsed"
            | "score"
            | "gameOver"
            | "won"
            | "display"
            | "hintEnabled"
            | "firstLetterAvailable"
            | "lengthAvailable" => view[key].clone(),
            "meter" => json!(state.meter(flag(obj, "archive")?)),
            "disputable" => json!(disputable_guesses(state)),
            "share" => {
                json!(share_text_in(state, share_url(obj)?, found_rates(obj)?.as_deref(), &share_words(obj)?))
            }
            other => return Err(format!("unknown key {other} in expect")),
        };
        same(key, &actual, want)?;
    }
    Ok(())
}

/// The wrong guesses, as typed, that a player may dispute.
fn disputable_guesses(state: &GameState) -> Vec<&str> {
    state.disputable().iter().map(|&i| state.wrong_guesses()[i as usize].as_str()).collect()
}

fn run_replay(obj: &Map<String, Value>) -> Outcome {
    let def = parse_game(obj)?;
    let actions: Vec<Action> = serde_json::from_value(field(obj, "replay")?.clone())
        .map_err(|e| format!("invalid replay log: {e}"))?;
    let mut expect = field(obj, "expect")?.as_object().ok_or("expect must be an object")?.clone();
    let replay_error = expect.remove("replayError");
    match (GameState::replay(def, &actions), replay_error) {
        (Ok(state), None) => check_final(&state, obj, &Value::Object(expect)),
        (Ok(_), Some(want)) => Err(format!("expected replay error {want}, the log was accepted")),
        (Err(e), Some(want)) => {
            // A refused log has no final state to check: any other expectation is a mistake.
            allow_keys(&expect, &[])?;
            same("replayError", &json!({"index": e.index, "error": e.error}), &want)
        }
        (Err(e), None) => Err(format!("unexpected replay error: {e}")),
    }
}

/// A stored log regraded against the updated game: the final state as `replay` vectors check
/// it, plus `dropped` (the log positions left out); or `regradeError` for a log still invalid.
fn run_regrade(obj: &Map<String, Value>) -> Outcome {
    let def = parse_game(obj)?;
    let actions: Vec<Action> = serde_json::from_value(field(obj, "regrade")?.clone())
        .map_err(|e| format!("invalid regrade log: {e}"))?;
    let mut expect = field(obj, "expect")?.as_object().ok_or("expect must be an object")?.clone();
    let regrade_error = expect.remove("regradeError");
    let dropped = expect.remove("dropped");
    match (regrade(def, &actions), regrade_error) {
        (Ok(regraded), None) => {
            same(
                "dropped",
                &json!(regraded.dropped),
                dropped.as_ref().ok_or("missing key dropped in expect")?,
            )?;
            check_final(&regraded.state, obj, &Value::Object(expect))
        }
        (Ok(_), Some(want)) => Err(format!("expected regrade error {want}, the log was accepted")),
        (Err(e), Some(want)) => {
            allow_keys(&expect, &[])?;
            if dropped.is_some() {
                return Err("a refused log has no dropped actions".into());
            }
            same("regradeError", &json!({"index": e.index, "error": e.error}), &want)
        }
        (Err(e), None) => Err(format!("unexpected regrade error: {e}")),
    }
}

fn u32_field(obj: &Map<String, Value>, key: &str) -> Result<u32, String> {
    let value = field(obj, key)?.as_u64().and_then(|n| u32::try_from(n).ok());
    value.ok_or_else(|| format!("{key} must be a whole number from 0 to 2^32 - 1"))
}

fn object<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a Map<String, Value>, String> {
    field(obj, key)?.as_object().ok_or_else(|| format!("{key} must be an object"))
}

fn date_field(obj: &Map<String, Value>, key: &str) -> Result<NaiveDate, String> {
    let text = str_field(obj, key)?;
    parse_date(text).ok_or_else(|| format!("invalid date: {text}"))
}

fn instant(obj: &Map<String, Value>) -> Result<DateTime<Utc>, String> {
    let text = str_field(obj, "now")?;
    DateTime::parse_from_rfc3339(text).map(|t| t.with_timezone(&Utc)).map_err(|e| format!("bad now: {e}"))
}

fn run_calendar(obj: &Map<String, Value>) -> Outcome {
    let now = instant(obj)?;
    let expect = field(obj, "expect")?.as_object().ok_or("expect must be an object")?;
    allow_keys(expect, &["today", "dayNumber", "secondsToNextGame"])?;
    let date = today(now);
    let actual = json!({
        "today": format_date(date),
        "dayNumber": day_number(parse_date(&format_date(date)).ok_or("today does not parse")?),
        "secondsToNextGame": seconds_to_next_game(now),
    });
    for (key, want) in expect {
        same(key, &actual[key], want)?;
    }
    Ok(())
}

fn run_archive(obj: &Map<String, Value>) -> Outcome {
    let check = check_archive_date(str_field(obj, "archiveDate")?, instant(obj)?, flag(obj, "admin")?);
    same("archive check", &json!(check), field(obj, "expect")?)
}

fn run_validate(obj: &Map<String, Value>) -> Outcome {
    let form: GameForm = serde_json::from_value(field(obj, "validateGame")?.clone())
        .map_err(|e| format!("invalid form: {e}"))?;
    let errors: Vec<Value> =
        validate_game(&form).into_iter().map(|e| json!({"field": e.field, "code": e.code})).collect();
    same("field errors", &json!(errors), field(obj, "expect")?)
}

fn run_alternative_spellings(obj: &Map<String, Value>) -> Outcome {
    let input =
        field(obj, "alternativeSpellings")?.as_object().ok_or("alternativeSpellings must be an object")?;
    allow_keys(input, &["name", "existing"])?;
    let existing: Vec<String> = serde_json::from_value(field(input, "existing")?.clone())
        .map_err(|e| format!("existing must be a list of strings: {e}"))?;
    let spellings = alternative_spellings(str_field(input, "name")?, &existing);
    same("alternative spellings", &json!(spellings), field(obj, "expect")?)
}

fn run_autofill(obj: &Map<String, Value>) -> Outcome {
    // serde would ignore unknown keys: a typo in a vector must fail it instead.
    let input = field(obj, "autofill")?.as_object().ok_or("autofill must be an object")?;
    allow_keys(input, &["prompt", "items"])?;
    for item in field(input, "items")?.as_array().ok_or("items must be a list")? {
        allow_keys(
            item.as_object().ok_or("an item must be an object")?,
            &["name", "altSpellings", "rejectedSpellings"],
        )?;
    }
    let form: GameForm =
        serde_json::from_value(field(obj, "autofill")?.clone()).map_err(|e| format!("invalid form: {e}"))?;
    same("autofilled form", &json!(autofill_game(&form)), field(obj, "expect")?)
}

fn run_streak(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "streak")?;
    allow_keys(input, &["start", "plays", "today"])?;
    let mut streak = match field(input, "start")? {
        Value::Null => Streak::default(),
        start => parse_streak(start.as_object().ok_or("start must be null or an object")?)?,
    };
    for play in field(input, "plays")?.as_array().ok_or("plays must be a list")? {
        let play = play.as_object().ok_or("a play must be an object")?;
        allow_keys(play, &["day", "won"])?;
        let won = field(play, "won")?.as_bool().ok_or("won must be a boolean")?;
        streak = streak.after(date_field(play, "day")?, won);
    }
    let (played, won) = streak.current(date_field(input, "today")?);
    let actual = json!({
        "lastPlayed": streak.last_played.map(format_date),
        "played": streak.played,
        "won": streak.won,
        "current": {"played": played, "won": won},
    });
    same("streak", &actual, field(obj, "expect")?)
}

fn parse_streak(start: &Map<String, Value>) -> Result<Streak, String> {
    allow_keys(start, &["lastPlayed", "played", "won"])?;
    let last_played = match field(start, "lastPlayed")? {
        Value::Null => None,
        _ => Some(date_field(start, "lastPlayed")?),
    };
    let count = |key: &str| {
        let value = field(start, key)?.as_i64().and_then(|n| i32::try_from(n).ok());
        value.ok_or_else(|| format!("{key} must be a 32-bit integer"))
    };
    Ok(Streak { last_played, played: count("played")?, won: count("won")? })
}

fn run_accepts_daily(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "acceptsDaily")?;
    allow_keys(input, &["date", "now"])?;
    let accepted = accepts_daily(date_field(input, "date")?, instant(input)?);
    same("accepts daily", &json!(accepted), field(obj, "expect")?)
}

fn run_percentile(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "percentile")?;
    allow_keys(input, &["histogram", "players", "score", "counted"])?;
    let histogram: Vec<(usize, u64)> = serde_json::from_value(field(input, "histogram")?.clone())
        .map_err(|e| format!("histogram must be a list of [bucket, players]: {e}"))?;
    let players = field(input, "players")?.as_u64().ok_or("players must be a whole number")?;
    let counted = field(input, "counted")?.as_bool().ok_or("counted must be a boolean")?;
    let result = percentile(&histogram, players, u32_field(input, "score")?, counted);
    same("percentile", &json!(result), field(obj, "expect")?)
}

fn run_standing(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "standing")?;
    allow_keys(input, &["histogram", "players", "score", "counted"])?;
    let histogram: Vec<(usize, u64)> = serde_json::from_value(field(input, "histogram")?.clone())
        .map_err(|e| format!("histogram must be a list of [bucket, players]: {e}"))?;
    let players = field(input, "players")?.as_u64().ok_or("players must be a whole number")?;
    let counted = field(input, "counted")?.as_bool().ok_or("counted must be a boolean")?;
    let result = standing(&histogram, players, u32_field(input, "score")?, counted);
    same("standing", &json!(result), field(obj, "expect")?)
}

/// A form read strictly: serde would ignore unknown keys, and a typo must fail the vector.
fn strict_form(obj: &Map<String, Value>, key: &str) -> Result<GameForm, String> {
    let form = object(obj, key)?;
    allow_keys(form, &["prompt", "items"])?;
    for item in field(form, "items")?.as_array().ok_or("items must be a list")? {
        allow_keys(
            item.as_object().ok_or("an item must be an object")?,
            &["name", "altSpellings", "rejectedSpellings"],
        )?;
    }
    serde_json::from_value(field(obj, key)?.clone()).map_err(|e| format!("invalid {key}: {e}"))
}

fn run_autofill_additions(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "autofillAdditions")?;
    allow_keys(input, &["form", "answer"])?;
    let added = game_core::autofill::additions(&strict_form(input, "form")?, &strict_form(input, "answer")?);
    same("autofill additions", &json!(added), field(obj, "expect")?)
}

fn run_merge_autofill(obj: &Map<String, Value>) -> Outcome {
    let input = object(obj, "mergeAutofill")?;
    allow_keys(input, &["form", "answer"])?;
    let merged = merge_autofill(&strict_form(input, "form")?, &strict_form(input, "answer")?);
    same("merged form", &json!(merged), field(obj, "expect")?)
}

/// A list of texts and how many of them the profanity rule may stop or must stop: "flagged"
/// counts every text the rule stops (flagged or abuse: refused unless the creator says it is a
/// real name), "refused" only abuse (refused outright). `expect` bounds either share, at most
/// (`maxFlaggedPercent`, `maxRefusedPercent`) or at least (`minFlaggedPercent`,
/// `minRefusedPercent`). A failure names the texts on the wrong side.
#[cfg(feature = "profanity")]
fn run_profanity_corpus(obj: &Map<String, Value>) -> Outcome {
    let corpus = field(obj, "profanityCorpus")?.as_object().ok_or("profanityCorpus must be an object")?;
    allow_keys(corpus, &["kind", "texts", "prompt"])?;
    let texts: Vec<String> = serde_json::from_value(field(corpus, "texts")?.clone())
        .map_err(|e| format!("texts must be a list of strings: {e}"))?;
    // With a prompt, each text is an item of a game with that prompt (`tier_in`).
    let prompt = match corpus.get("prompt") {
        None => None,
        Some(p) => Some(p.as_str().ok_or("prompt must be a string")?),
    };
    if !matches!(str_field(corpus, "kind")?, "legitimate" | "offensive") {
        return Err(format!("unknown corpus kind {}", str_field(corpus, "kind")?));
    }
    let expect = field(obj, "expect")?.as_object().ok_or("expect must be an object")?;
    let bounds = ["maxFlaggedPercent", "maxRefusedPercent", "minFlaggedPercent", "minRefusedPercent"];
    allow_keys(expect, &bounds)?;
    if expect.is_empty() {
        return Err("expect names no bound".into());
    }
    if texts.is_empty() {
        return Err("no texts".into());
    }
    let tiers: Vec<Tier> = texts.iter().map(|t| prompt.map_or_else(|| tier(t), |p| tier_in(t, p))).collect();
    let caught = |abuse_only: bool| -> Vec<&String> {
        let hit = |t: Tier| if abuse_only { t == Tier::Abuse } else { t != Tier::Clean };
        texts.iter().zip(&tiers).filter(|(_, t)| hit(**t)).map(|(text, _)| text).collect()
    };
    let (flagged, refused) = (caught(false), caught(true));
    println!(
        "{}: {} of {} flagged, {} refused",
        str_field(obj, "name")?,
        flagged.len(),
        texts.len(),
        refused.len()
    );
    for key in bounds.iter().filter(|k| expect.contains_key(**k)) {
        let bound = percent(expect, key)?;
        let hits = if key.contains("Flagged") { &flagged } else { &refused };
        let share = hits.len() as f64 * 100.0;
        let ok = if key.starts_with("max") {
            share <= bound * texts.len() as f64
        } else {
            share >= bound * texts.len() as f64
        };
        if !ok {
            let wrong: Vec<&String> = if key.starts_with("max") {
                hits.clone()
            } else {
                texts.iter().filter(|t| !hits.contains(t)).collect()
            };
            let side = if key.starts_with("max") { "caught" } else { "passed" };
            return Err(format!("{key} {bound}: {} of {}; {side}: {wrong:?}", hits.len(), texts.len()));
        }
    }
    Ok(())
}

#[cfg(feature = "profanity")]
fn percent(obj: &Map<String, Value>, key: &str) -> Result<f64, String> {
    match field(obj, key)?.as_f64() {
        Some(p) if (0.0..=100.0).contains(&p) => Ok(p),
        _ => Err(format!("{key} must be a number from 0 to 100")),
    }
}

#[cfg(feature = "profanity")]
use game_core::profanity::{tier, tier_in, Tier};

/// Without the feature the corpus cannot run: it fails rather than pass unchecked.
#[cfg(not(feature = "profanity"))]
fn run_profanity_corpus(_: &Map<String, Value>) -> Outcome {
    Err("the profanity corpus needs game-core's `profanity` feature (cargo test --workspace)".into())
}
