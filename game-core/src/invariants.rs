//! What must hold for any input, however hostile: the checks that both fuzzers run.
//!
//! `tests/fuzz.rs` (proptest, every `cargo test`) and `fuzz/` (cargo-fuzz, coverage-guided)
//! feed their inputs through these functions, so the two can never disagree on what a failure
//! is. Each returns the first broken property as text; only the `invariants` feature builds it.

use std::collections::HashSet;

use crate::forms::{validate_game, GameForm};
use crate::matching::{find_match, PreparedItem};
use crate::regrade::regrade;
use crate::share::{rarest_find_percent, share_text};
use crate::{normalise, Action, GameDef, GameError, GameKind, GameState, GuessOutcome, Item, MatchKind};
use crate::{ITEMS_PER_GAME, MAX_GUESS_CHARS, MAX_HINTS, MAX_WRONG};

/// A broken property, said in words.
pub type Broken = String;

macro_rules! ensure {
    ($cond:expr, $($why:tt)+) => {
        if !$cond {
            return Err(format!($($why)+));
        }
    };
}

/// Folding is idempotent; Latin text yields only lowercase ASCII letters and digits, at most two
/// per character; text of any script at most 18 per character (the longest compatibility
/// decomposition, ﷺ).
pub fn check_normalise(text: &str) -> Result<(), Broken> {
    let once = normalise(text);
    ensure!(normalise(&once) == once, "not idempotent: {text:?} → {once:?}");
    if crate::normalise::needs_scripts(text) {
        ensure!(once.chars().count() <= 18 * text.chars().count(), "{text:?} grew to {once:?}");
    } else {
        ensure!(once.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{once:?}");
        ensure!(once.len() <= 2 * text.chars().count(), "{text:?} grew to {once:?}");
    }
    // A length hint's words: none empty, and together the hint's length.
    let words = crate::normalise::word_lengths(text);
    let len = crate::normalise::normalised_len(text);
    ensure!(!words.contains(&0), "an empty word in {text:?}: {words:?}");
    ensure!(words.iter().sum::<usize>() == len, "{text:?}: words {words:?} do not add up to {len}");
    Ok(())
}

/// Any guess: no panic, a match names an item of the game, and every item's own name is an
/// exact match for it (or for an earlier item of the same normalised name).
pub fn check_matching(def: &GameDef, guess: &str) -> Result<(), Broken> {
    let prepared: Vec<PreparedItem> = def.items.iter().map(Item::prepared).collect();
    let found = vec![false; prepared.len()];
    if let Some(m) = find_match(&prepared, &normalise(guess), &found) {
        ensure!(m.index < def.items.len(), "match {} of {} items", m.index, def.items.len());
    }
    let _ = GameState::new(def.clone()).guess(guess);
    for it in &def.items {
        let key = normalise(&it.name);
        let result = GameState::new(def.clone()).guess(&it.name);
        if it.name.chars().count() > MAX_GUESS_CHARS {
            ensure!(result == Err(GameError::GuessTooLong), "a too long name gave {result:?}");
            continue;
        }
        if key.is_empty() {
            ensure!(result.is_err(), "a name without letters was a guess: {result:?}");
            continue;
        }
        let Some(m) = find_match(&prepared, &key, &found) else {
            return Err(format!("the name {:?} matches nothing", it.name));
        };
        ensure!(m.kind == MatchKind::Exact, "the name {:?} matched as {:?}", it.name, m.kind);
        ensure!(prepared[m.index].name.text() == key, "the name {:?} matched another key", it.name);
        let result = result.map_err(|e| format!("the name {:?} refused: {e:?}", it.name))?;
        ensure!(result.outcome == GuessOutcome::Correct, "the name {:?}: {:?}", it.name, result.outcome);
        ensure!(result.item_id == Some(def.items[m.index].id), "the name {:?} credited another id", it.name);
    }
    Ok(())
}

/// Plays every action, ignoring refusals (a finished game, an empty guess, no hints left).
pub fn play(def: &GameDef, actions: &[Action]) -> GameState {
    let mut state = GameState::new(def.clone());
    for action in actions {
        let _ = state.apply(action);
    }
    state
}

/// Counters within the rules, the kept log replays to the same view, a regrade against the same
/// game is that replay, and the share text is the spec's lines whatever the prompt, date or URL.
pub fn check_play(def: &GameDef, actions: &[Action], url: Option<&str>) -> Result<(), Broken> {
    let state = play(def, actions);
    ensure!(state.wrong() <= MAX_WRONG, "{} wrong", state.wrong());
    ensure!(state.hints_used() <= MAX_HINTS, "{} hints", state.hints_used());
    ensure!(state.correct() <= def.items.len(), "{} correct", state.correct());
    ensure!(state.actions().len() <= actions.len(), "the log grew");
    if def.items.len() <= ITEMS_PER_GAME {
        ensure!(state.score() <= 1000, "score {}", state.score());
    }
    let replayed =
        GameState::replay(def.clone(), state.actions()).map_err(|e| format!("its own log refused: {e:?}"))?;
    ensure!(replayed.view() == state.view(), "the replay differs from the play");
    check_regrade(def, &state)?;
    check_share(&state, url, None)
}

/// A regrade of a played log against the same game keeps every action, ends the game, and
/// regrading its own result changes nothing.
fn check_regrade(def: &GameDef, state: &GameState) -> Result<(), Broken> {
    let once = regrade(def.clone(), state.actions()).map_err(|e| format!("regrade refused: {e:?}"))?;
    ensure!(once.dropped.is_empty(), "regrade dropped {:?} of the same game", once.dropped);
    ensure!(once.state.is_over(), "a regraded game is not over");
    ensure!(once.state.correct() == state.correct(), "regrade changed what was found");
    let twice = regrade(def.clone(), once.state.actions()).map_err(|e| format!("second regrade: {e:?}"))?;
    ensure!(twice.state.view() == once.state.view(), "regrade is not idempotent");
    Ok(())
}

/// The spec's lines, whatever the prompt, date, URL or rates hold: a rarest-find line only with a
/// known rate of a found item, and never outside 1–99 % (a find everyone made is not rare).
pub fn check_share(state: &GameState, url: Option<&str>, rates: Option<&[(u32, f64)]>) -> Result<(), Broken> {
    let text = share_text(state, url, rates);
    let lines: Vec<&str> = text.split('\n').collect();
    let rarest = rates.and_then(|rates| rarest_find_percent(state, rates));
    if let Some(percent) = rarest {
        ensure!((1..100).contains(&percent), "rarest find {percent}%");
        ensure!(state.correct() > 0, "a rarest find with nothing found");
        ensure!(lines.last() == Some(&format!("💎 Rarest find: {percent}% of players").as_str()), "{text:?}");
    }
    ensure!(lines.len() == 4 + usize::from(state.won()) + usize::from(rarest.is_some()), "{text:?}");
    ensure!(!text.contains(['\r', '\u{2028}', '\u{2029}', '\u{85}', '\u{b}', '\u{c}']), "{text:?}");
    ensure!(lines[0].starts_with("🌋 Lavalist"), "{text:?}");
    ensure!(lines[3] == format!("Score: {}", state.score()), "{text:?}");
    Ok(())
}

/// A played log regraded against the game with `added` spellings ((item, spelling) pairs, as
/// accepted disputes add them): accepted, over, and the same when regraded again.
pub fn check_regrade_updated(
    def: &GameDef,
    actions: &[Action],
    added: &[(u8, String)],
) -> Result<(), Broken> {
    let log = play(def, actions).actions().to_vec();
    let mut updated = def.clone();
    let count = updated.items.len();
    for (item, spelling) in added.iter().take(8) {
        if count > 0 {
            updated.items[usize::from(*item) % count].alt_spellings.push(spelling.clone());
        }
    }
    let once = regrade(updated.clone(), &log).map_err(|e| format!("a valid log refused: {e:?}"))?;
    ensure!(once.state.is_over(), "a regraded game is not over");
    ensure!(once.dropped.iter().all(|&i| i < log.len()), "dropped {:?} of {}", once.dropped, log.len());
    ensure!(once.state.actions().len() + once.dropped.len() >= log.len(), "actions lost without a trace");
    let twice =
        regrade(updated, once.state.actions()).map_err(|e| format!("its own result refused: {e:?}"))?;
    ensure!(twice.dropped.is_empty() && twice.state.view() == once.state.view(), "not idempotent");
    Ok(())
}

/// Validation names each (field, problem) once, and only fields the form has.
pub fn check_form(form: &GameForm) -> Result<(), Broken> {
    let mut seen = HashSet::new();
    for e in validate_game(form) {
        ensure!(seen.insert((e.field.clone(), format!("{:?}", e.code))), "{} {:?} twice", e.field, e.code);
        let known = e.field == "prompt"
            || e.field == "items"
            || (0..form.items.len()).any(|i| {
                ["name", "altSpellings", "rejectedSpellings"]
                    .iter()
                    .any(|f| e.field == format!("items.{i}.{f}"))
            });
        ensure!(known, "unknown field {}", e.field);
    }
    Ok(())
}

/// A saved game or a submitted log: whatever the JSON, decoding answers, and a decoded log
/// replays (and regrades) to a result or a refusal.
pub fn check_save(json: &str) -> Result<(), Broken> {
    let actions = serde_json::from_str::<Vec<Action>>(json);
    let def = serde_json::from_str::<GameDef>(json);
    if let Ok(form) = serde_json::from_str::<GameForm>(json) {
        check_form(&form)?;
    }
    if let (Ok(actions), Ok(def)) = (&actions, &def) {
        let _ = GameState::replay(def.clone(), actions);
        let _ = regrade(def.clone(), actions);
    }
    if let Ok(actions) = actions {
        if let Ok(state) = GameState::replay(sample_game(), &actions) {
            let again = GameState::replay(sample_game(), state.actions())
                .map_err(|e| format!("a replayed log's own actions refused: {e:?}"))?;
            ensure!(again.view() == state.view(), "replaying a replay differs");
        }
        let _ = regrade(sample_game(), &actions);
    }
    Ok(())
}

/// Ten planets and dwarf planets with one spelling each: a game every log can be tried on.
pub fn sample_game() -> GameDef {
    let names =
        ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", "Ceres"];
    GameDef {
        prompt: "Bodies orbiting the Sun".into(),
        kind: GameKind::Daily,
        date: Some("2025-01-01".into()),
        edition: None,
        items: names
            .iter()
            .enumerate()
            .map(|(i, n)| Item {
                id: i as u32 + 1,
                name: n.to_string(),
                alt_spellings: vec![format!("The {n}")],
                rejected_spellings: vec![],
            })
            .collect(),
    }
}
