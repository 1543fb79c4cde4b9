//! Property-based fuzzing of the core: arbitrary (mostly hostile) input to every public entry
//! point a player or a stored save can reach.
//!
//! The properties live in `game_core::invariants`, shared with the coverage-guided targets in
//! `fuzz/` (cargo-fuzz), which run longer and learn from coverage. Here each target has a fixed
//! budget and a fixed seed (`config`), so every `cargo test` is deterministic and quick; a failure's seed is written to
//! `tests/fuzz.proptest-regressions` (checked in) and replayed first on later runs. The hand-made
//! regression corpus `tests/fuzz-corpus/*.json` (inputs that once broke something, or are
//! shaped to) runs through the same checks in `corpus_inputs_pass_every_check`.

use std::time::{Duration, Instant};

use game_core::forms::{validate_game, FormItem, GameForm};
use game_core::invariants::{self, sample_game};
use game_core::matching::{find_match, PreparedItem};
use game_core::share::share_text;
use game_core::{normalise, Action, GameDef, GameError, GameKind, GameState, HintKind, Item};
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, RngAlgorithm, RngSeed};
use serde::Deserialize;

/// Cases per target: the whole file stays well under 20 s in a debug build.
const CASES: u32 = 256;

fn config() -> ProptestConfig {
    ProptestConfig {
        // `PROPTEST_CASES=100000` for a longer run by hand.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(CASES),
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(0x1a7a_115d),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        // Shrinking a long hostile input can take far longer than finding it.
        max_shrink_iters: 2048,
        ..ProptestConfig::default()
    }
}

/// Text a player, a submitter or a crafted request might send: any Unicode (controls, combining
/// marks, astral planes, the Latin letters the fold tables cover), short or long.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,40}",
        "[a-zA-Z0-9 À-ɏḀ-ỿßæœ'\\-.,!]{0,60}",
        "[\\u{0}-\\u{1f}\\u{7f}-\\u{9f}\\u{200b}-\\u{200f}\\u{2028}\\u{2029}\\u{feff} a\\u{301}]{0,30}",
        "[a-z]{100,400}",
    ]
}

fn item() -> impl Strategy<Value = Item> {
    let spellings = || proptest::collection::vec(hostile_text(), 0..4);
    (any::<u32>(), hostile_text(), spellings(), spellings()).prop_map(
        |(id, name, alt_spellings, rejected_spellings)| Item { id, name, alt_spellings, rejected_spellings },
    )
}

/// Any game, not only a valid one: 0–12 items, duplicate ids and names, names that normalise
/// to nothing, any date text.
fn arbitrary_game() -> impl Strategy<Value = GameDef> {
    (
        hostile_text(),
        prop_oneof![Just(GameKind::Daily), Just(GameKind::Community)],
        proptest::option::of(prop_oneof!["[0-9]{4}-[0-9]{2}-[0-9]{2}", "\\PC{0,12}"]),
        proptest::collection::vec(item(), 0..13),
    )
        .prop_map(|(prompt, kind, date, items)| GameDef { prompt, kind, date, edition: None, items })
}

/// A guess: a name or spelling of the game (possibly disguised), or anything at all.
fn action_for(def: &GameDef) -> BoxedStrategy<Action> {
    let words: Vec<String> = def
        .items
        .iter()
        .flat_map(|it| std::iter::once(it.name.clone()).chain(it.alt_spellings.clone()))
        .collect();
    let guess = if words.is_empty() {
        hostile_text().boxed()
    } else {
        prop_oneof![
            proptest::sample::select(words.clone()),
            proptest::sample::select(words).prop_map(|w| format!("  {}!", w.to_uppercase())),
            hostile_text(),
        ]
        .boxed()
    };
    prop_oneof![
        4 => guess.prop_map(Action::Guess),
        1 => Just(Action::Hint(HintKind::FirstLetter)),
        1 => Just(Action::Hint(HintKind::Length)),
        1 => Just(Action::GiveUp(true)),
    ]
    .boxed()
}

fn game_and_actions() -> impl Strategy<Value = (GameDef, Vec<Action>)> {
    arbitrary_game().prop_flat_map(|def| {
        let actions = proptest::collection::vec(action_for(&def), 0..40);
        (Just(def), actions)
    })
}

/// The shared properties (`game_core::invariants`), as proptest failures.
fn holds(result: Result<(), invariants::Broken>) -> Result<(), TestCaseError> {
    result.map_err(TestCaseError::fail)
}

fn check_normalise(text: &str) -> Result<(), TestCaseError> {
    holds(invariants::check_normalise(text))
}

fn check_matching(def: &GameDef, guess: &str) -> Result<(), TestCaseError> {
    holds(invariants::check_matching(def, guess))
}

fn check_play(def: &GameDef, actions: &[Action], url: Option<&str>) -> Result<(), TestCaseError> {
    holds(invariants::check_play(def, actions, url))
}

fn check_form(form: &GameForm) -> Result<(), TestCaseError> {
    holds(invariants::check_form(form))
}

fn check_save(json: &str) -> Result<(), TestCaseError> {
    holds(invariants::check_save(json))
}

/// Arbitrary JSON, shaped often enough like an action log or a game to get past the first key.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(serde_json::Value::from),
        hostile_text().prop_map(serde_json::Value::from),
        Just(serde_json::Value::from("firstLetter")),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        let key = prop_oneof![
            Just("guess".to_string()),
            Just("hint".to_string()),
            Just("giveUp".to_string()),
            Just("prompt".to_string()),
            Just("items".to_string()),
            Just("type".to_string()),
            Just("date".to_string()),
            Just("id".to_string()),
            Just("name".to_string()),
            Just("altSpellings".to_string()),
            "\\PC{0,8}",
        ];
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            proptest::collection::btree_map(key, inner, 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

fn form() -> impl Strategy<Value = GameForm> {
    let long = "[a-zé ]{90,260}";
    let text = prop_oneof![3 => hostile_text(), 1 => long];
    let spellings = || proptest::collection::vec(text.clone(), 0..25);
    let form_item =
        (text.clone(), spellings(), spellings()).prop_map(|(name, alt_spellings, rejected_spellings)| {
            FormItem { name, alt_spellings, rejected_spellings }
        });
    (text, proptest::collection::vec(form_item, 0..14)).prop_map(|(prompt, items)| GameForm { prompt, items })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_normalise(text in hostile_text()) {
        check_normalise(&text)?;
    }

    #[test]
    fn fuzz_matching(def in arbitrary_game(), guess in hostile_text()) {
        check_matching(&def, &guess)?;
    }

    #[test]
    fn fuzz_play_and_replay(
        (def, actions) in game_and_actions(),
        url in proptest::option::of(hostile_text()),
    ) {
        check_play(&def, &actions, url.as_deref())?;
    }

    /// Long candidates take the banded path: it must agree with the full table, above all on
    /// near-equal strings (random ones are rarely within the limit).
    #[test]
    fn fuzz_long_levenshtein(
        a in "[abc]{120,300}",
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, "[abcd]"), 0..7),
        limit in 0usize..6,
    ) {
        let mut b: Vec<char> = a.chars().collect();
        for (at, kind, c) in edits {
            let c = c.chars().next().unwrap();
            let i = at.index(b.len() + 1);
            match kind {
                0 => b.insert(i, c),
                1 if i < b.len() => { b.remove(i); }
                _ if i < b.len() => b[i] = c,
                _ => b.push(c),
            }
        }
        let b: String = b.into_iter().collect();
        let exact = strsim::levenshtein(&a, &b);
        prop_assert_eq!(game_core::matching::levenshtein_within(&a, &b, limit), (exact <= limit).then_some(exact));
        prop_assert_eq!(game_core::matching::levenshtein_within(&b, &a, limit), (exact <= limit).then_some(exact));
    }

    #[test]
    fn fuzz_validate_game(form in form()) {
        check_form(&form)?;
    }

    #[test]
    fn fuzz_save_decoding(value in json_value(), raw in "\\PC{0,60}") {
        check_save(&value.to_string())?;
        check_save(&raw)?;
        // A log of well-formed actions inside arbitrary surroundings.
        check_save(&format!("[{raw}]"))?;
    }
}

// ---- the checked-in corpus ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Corpus {
    #[serde(default)]
    texts: Vec<String>,
    #[serde(default)]
    games: Vec<CorpusGame>,
    #[serde(default)]
    forms: Vec<GameForm>,
    /// Raw JSON text, decoded as a save.
    #[serde(default)]
    saves: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorpusGame {
    def: GameDef,
    #[serde(default)]
    actions: Vec<Action>,
    #[serde(default)]
    url: Option<String>,
}

#[test]
fn corpus_inputs_pass_every_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("corpus folder").map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let text = std::fs::read_to_string(file).unwrap();
        let corpus: Corpus =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let run = || -> Result<(), TestCaseError> {
            for text in &corpus.texts {
                check_normalise(text)?;
                check_matching(&sample_game(), text)?;
                check_save(text)?;
            }
            for game in &corpus.games {
                check_matching(&game.def, &game.def.prompt)?;
                for action in &game.actions {
                    if let Action::Guess(text) = action {
                        check_matching(&game.def, text)?;
                    }
                }
                check_play(&game.def, &game.actions, game.url.as_deref())?;
            }
            for form in &corpus.forms {
                check_form(form)?;
            }
            for save in &corpus.saves {
                check_save(save)?;
            }
            Ok(())
        };
        if let Err(e) = run() {
            panic!("{}: {e}", file.display());
        }
    }
}

// ---- long input: handled, and in bounded time ----

const LONG: usize = 10_000;

/// Generous for a debug build on a loaded machine; a quadratic path takes minutes.
const LONG_INPUT_BUDGET: Duration = Duration::from_secs(5);

fn long_word(seed: u8) -> String {
    (0..LONG).map(|i| (b'a' + ((i * 7 + usize::from(seed)) % 26) as u8) as char).collect()
}

#[test]
fn a_10000_character_guess_against_an_ordinary_game() {
    let started = Instant::now();
    let def = sample_game();
    let mut state = GameState::new(def.clone());
    let guess = long_word(0);
    // The game refuses a guess over the limit and changes nothing (it would never be stored)…
    assert_eq!(state.guess(&guess), Err(GameError::GuessTooLong));
    assert!(state.wrong_guesses().is_empty() && state.actions().is_empty());
    let accented: String = "É".repeat(LONG);
    assert_eq!(state.guess(&accented), Err(GameError::GuessTooLong));
    // …and the matcher itself still reads one quickly (no quadratic path).
    let prepared: Vec<PreparedItem> = def.items.iter().map(Item::prepared).collect();
    let found = vec![false; prepared.len()];
    assert!(find_match(&prepared, &normalise(&guess), &found).is_none());
    assert!(find_match(&prepared, &normalise(&accented), &found).is_none());
    assert_eq!(share_text(&state, Some(&guess), None).lines().count(), 4);
    assert!(started.elapsed() < LONG_INPUT_BUDGET, "{:?}", started.elapsed());
}

#[test]
fn a_10000_character_prompt_and_names_against_10000_character_guesses() {
    let mut def = sample_game();
    def.prompt = "Ünïcödé prompt ".repeat(LONG / 15);
    for (i, item) in def.items.iter_mut().enumerate() {
        item.name = long_word(i as u8);
        item.alt_spellings = vec![long_word(i as u8 + 10), format!("{}x", long_word(i as u8 + 20))];
    }
    let started = Instant::now();
    let mut state = GameState::new(def.clone());
    let prepared: Vec<PreparedItem> = def.items.iter().map(Item::prepared).collect();
    let mut found = vec![false; prepared.len()];
    // One edit away from item 3: every fuzzy stage compares 10,000 characters with 10,000.
    let mut near = long_word(3);
    near.replace_range(5000..5001, "!");
    near.insert(5000, 'q');
    assert_eq!(find_match(&prepared, &normalise(&near), &found).map(|m| m.index), Some(3));
    // Equal lengths, nothing alike: a miss through every stage.
    let miss: String = "z".repeat(LONG);
    assert!(find_match(&prepared, &normalise(&miss), &found).is_none());
    found[0] = true;
    assert_eq!(find_match(&prepared, &normalise(&def.items[0].name), &found).map(|m| m.index), Some(0));
    // The game itself refuses guesses over the limit; the log stays empty and replays.
    assert_eq!(state.guess(&near), Err(GameError::GuessTooLong));
    assert_eq!(state.guess(&def.items[0].name), Err(GameError::GuessTooLong));
    let replayed = GameState::replay(def.clone(), state.actions()).unwrap();
    assert_eq!(replayed.view(), state.view());
    assert_eq!(share_text(&state, None, None).split('\n').count(), 4);
    let form = GameForm {
        prompt: def.prompt.clone(),
        items: def
            .items
            .iter()
            .map(|it| FormItem {
                name: it.name.clone(),
                alt_spellings: it.alt_spellings.clone(),
                ..Default::default()
            })
            .collect(),
    };
    assert!(!validate_game(&form).is_empty());
    assert!(started.elapsed() < LONG_INPUT_BUDGET, "{:?}", started.elapsed());
}
