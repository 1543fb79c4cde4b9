//! Properties that must hold for every input, not just the vectors.

use std::collections::HashSet;

use game_core::{normalise, Action, GameDef, GameKind, GameState, HintKind, Item};
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

/// Noise a player might add around a word: case changes, punctuation and spaces.
fn disguise(text: &str, upper: &[bool], junk: &[char]) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if let Some(j) = junk.get(i) {
            out.push(*j);
        }
        if upper.get(i).copied().unwrap_or(false) {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    format!("  {out} !")
}

/// A game whose names and spellings are all distinct after normalisation.
fn distinct_game() -> impl Strategy<Value = GameDef> {
    proptest::collection::vec("[a-zA-Z0-9éñü ]{1,16}", 40).prop_filter_map(
        "need 10 names + 20 spellings",
        |words| {
            let mut seen = HashSet::new();
            let unique: Vec<String> =
                words.into_iter().filter(|w| !normalise(w).is_empty() && seen.insert(normalise(w))).collect();
            (unique.len() >= 30).then(|| {
                let items = (0..10)
                    .map(|i| Item {
                        id: i as u32 + 1,
                        name: unique[i].clone(),
                        alt_spellings: vec![unique[10 + 2 * i].clone(), unique[11 + 2 * i].clone()],
                        rejected_spellings: vec![],
                    })
                    .collect();
                GameDef {
                    prompt: "p".into(),
                    kind: GameKind::Daily,
                    date: Some("2025-01-01".into()),
                    edition: None,
                    items,
                }
            })
        },
    )
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        "[a-z ]{0,10}".prop_map(Action::Guess),
        Just(Action::Hint(HintKind::FirstLetter)),
        Just(Action::Hint(HintKind::Length)),
        Just(Action::GiveUp(true)),
    ]
}

proptest! {
    #[test]
    fn normalise_is_idempotent_and_ascii_alphanumeric(text in "[\\u{0}-\\u{24F}\\u{300}-\\u{36F}\\u{1E00}-\\u{1EFF}\\u{2000}-\\u{206F}]{0,40}") {
        // Latin text (the Latin play module's) folds to lowercase ASCII letters and digits.
        let once = normalise(&text);
        prop_assert_eq!(normalise(&once), once.clone());
        if !game_core::normalise::needs_scripts(&text) {
            prop_assert!(once.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
        }
    }

    /// Every script: folding is idempotent, and a name with a letter or digit never folds to
    /// nothing (a mark, a spacing modifier such as ʻ, or a tatweel is no letter of its own).
    #[test]
    fn folding_every_script_is_idempotent_and_keeps_letters(text in prop_oneof![
        "\\PC{0,24}",
        "[\\u{370}-\\u{3FF}\\u{400}-\\u{4FF}\\u{590}-\\u{6FF}\\u{900}-\\u{97F}\\u{E00}-\\u{E7F}\\u{3040}-\\u{30FF}\\u{FF00}-\\u{FFEF}\\u{AC00}-\\u{D7A3}\\u{1100}-\\u{11FF}\\u{4E00}-\\u{4FFF} a-zé\\u{300}-\\u{36F}]{0,16}",
    ]) {
        let once = normalise(&text);
        prop_assert_eq!(normalise(&once), once.clone(), "not idempotent: {:?}", text);
        // Judged on the compatibility form folding starts from: a presentation form of a mark
        // (ﹰ, U+FE70, is a space and a fathatan) is no letter either.
        let letter = text.nfkd().any(|c| {
            c.is_alphanumeric()
                && !unicode_normalization::char::is_combining_mark(c)
                && !('\u{2B0}'..='\u{2FF}').contains(&c)
                && c != '\u{640}'
        });
        if letter {
            prop_assert!(!once.is_empty(), "{:?} folded to nothing", text);
        }
        let words = game_core::normalise::word_lengths(&text);
        prop_assert_eq!(words.iter().sum::<usize>(), game_core::normalise::normalised_len(&text));
    }

    /// Latin text folds the same alone and beside another script (the Latin module and the
    /// module of every script agree on it).
    #[test]
    fn latin_folds_the_same_beside_another_script(text in "[\\u{0}-\\u{24F}\\u{300}-\\u{36F}\\u{1E00}-\\u{1EFF}]{0,24}") {
        let alone = normalise(&text);
        let beside = normalise(&format!("ж {text}"));
        prop_assert_eq!(format!("ж{alone}"), beside);
    }

    #[test]
    fn every_name_and_spelling_finds_its_own_item(
        def in distinct_game(),
        upper in proptest::collection::vec(any::<bool>(), 16),
        junk in proptest::collection::vec(prop_oneof![Just(' '), Just('-'), Just('.'), Just('\''), Just(',')], 0..4),
    ) {
        for item in &def.items {
            for text in std::iter::once(&item.name).chain(&item.alt_spellings) {
                let mut state = GameState::new(def.clone());
                let result = state.guess(&disguise(text, &upper, &junk)).expect("a non-empty guess");
                prop_assert_eq!(result.item_id, Some(item.id), "{:?} should match {:?}", text, item.name);
            }
        }
    }

    #[test]
    fn score_is_a_multiple_of_ten_within_bounds(def in distinct_game(), actions in proptest::collection::vec(action(), 0..40)) {
        let mut state = GameState::new(def);
        for a in &actions {
            let _ = state.apply(a);
            let score = state.score();
            prop_assert!(score <= 1000 && score.is_multiple_of(10), "score {}", score);
        }
    }

    #[test]
    fn replay_is_deterministic(def in distinct_game(), actions in proptest::collection::vec(action(), 0..40)) {
        let mut played = GameState::new(def.clone());
        for a in &actions {
            let _ = played.apply(a);
        }
        let first = GameState::replay(def.clone(), played.actions()).expect("a log of accepted actions replays");
        let second = GameState::replay(def, played.actions()).expect("and again");
        prop_assert_eq!(first.view(), played.view());
        prop_assert_eq!(second.view(), first.view());
    }
}

proptest! {
    #[test]
    fn bounded_levenshtein_agrees_with_strsim(a in "[a-e0-2]{0,20}", b in "[a-e0-2]{0,20}", limit in 0usize..6) {
        let exact = strsim::levenshtein(&a, &b);
        let bounded = game_core::matching::levenshtein_within(&a, &b, limit);
        prop_assert_eq!(bounded, (exact <= limit).then_some(exact));
    }

    #[test]
    fn bounded_levenshtein_handles_long_candidates(a in "[ab]{120,140}", b in "[ab]{126,140}") {
        let exact = strsim::levenshtein(&a, &b);
        prop_assert_eq!(game_core::matching::levenshtein_within(&a, &b, 4), (exact <= 4).then_some(exact));
    }
}

/// Names a player might type: words with numbers, articles, abbreviations, accents and noise.
fn item_name() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[A-Za-z]{1,9}",
        "[0-9]{1,3}(st|nd|rd|th)?",
        Just("the".to_string()),
        Just("St.".to_string()),
        Just("&".to_string()),
        Just("and".to_string()),
        Just("twenty".to_string()),
        Just("one".to_string()),
        Just("Köln".to_string()),
        "\\PC{1,4}",
    ];
    proptest::collection::vec(word, 0..8).prop_map(|words| words.join(" "))
}

proptest! {
    #[test]
    fn autofill_spellings_are_useful_and_within_the_form_limits(
        name in item_name(),
        existing in proptest::collection::vec("\\PC{0,12}", 0..25),
    ) {
        use game_core::autofill::alternative_spellings;
        use game_core::forms::{MAX_SPELLINGS_PER_ITEM, MAX_SPELLING_CHARS};
        let spellings = alternative_spellings(&name, &existing);
        prop_assert!(spellings.len() <= MAX_SPELLINGS_PER_ITEM);
        let mut seen = HashSet::from([normalise(&name)]);
        for spelling in &spellings {
            prop_assert!(spelling.chars().count() <= MAX_SPELLING_CHARS);
            prop_assert_eq!(spelling.trim(), spelling.as_str());
            let key = normalise(spelling);
            prop_assert!(!key.is_empty(), "{:?} can match nothing", spelling);
            prop_assert!(seen.insert(key), "{:?} adds nothing in {:?}", spelling, spellings);
        }
        // The player's own useful spellings come first, in their order.
        let own = alternative_spellings("", &existing);
        let own_kept: Vec<&String> = own.iter().filter(|s| normalise(s) != normalise(&name)).collect();
        prop_assert!(own_kept.iter().zip(&spellings).all(|(a, b)| *a == b));
        prop_assert_eq!(alternative_spellings(&name, &existing), spellings, "deterministic");
    }

    #[test]
    fn an_autofilled_game_passes_the_spelling_rules(names in proptest::collection::vec(item_name(), 10)) {
        use game_core::autofill::autofill_game;
        use game_core::forms::{validate_game, FormErrorCode, FormItem, GameForm};
        let form = GameForm {
            prompt: "p".into(),
            items: names.iter().map(|n| FormItem { name: n.clone(), ..Default::default() }).collect(),
        };
        let filled = autofill_game(&form);
        prop_assert_eq!(filled.items.len(), 10);
        for error in validate_game(&filled) {
            prop_assert!(!error.field.ends_with("altSpellings"), "{:?} in {:?}", error, filled);
            prop_assert!(error.code != FormErrorCode::TooManySpellings);
        }
    }
}
