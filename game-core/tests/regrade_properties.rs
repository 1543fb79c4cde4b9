//! Properties of `regrade` for every game and log, not just the vectors: against an unchanged
//! game it is the plain replay of a finished log; against a game with a spelling added it always
//! ends the game, and regrading its own result again changes nothing (what lets the server run
//! it twice).

use game_core::{normalise, regrade, Action, GameDef, GameKind, GameState, HintKind, Item};
use proptest::prelude::*;

fn game() -> impl Strategy<Value = GameDef> {
    proptest::collection::vec("[a-z]{3,8}", 10).prop_map(|names| {
        let items = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| Item {
                id: i as u32 + 1,
                name,
                alt_spellings: vec![],
                rejected_spellings: vec![],
            })
            .collect();
        GameDef { prompt: "p".into(), kind: GameKind::Community, date: None, edition: None, items }
    })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => "[a-z]{3,8}".prop_map(Action::Guess),
        1 => Just(Action::Hint(HintKind::FirstLetter)),
        1 => Just(Action::Hint(HintKind::Length)),
    ]
}

/// A finished log the rules accept: the actions they took, then a give-up if still playing.
fn finished_log(def: &GameDef, actions: &[Action]) -> Vec<Action> {
    let mut state = GameState::new(def.clone());
    for action in actions {
        let _ = state.apply(action);
    }
    let _ = state.give_up();
    state.actions().to_vec()
}

proptest! {
    #[test]
    fn against_the_same_game_a_regrade_is_the_replay(def in game(), actions in proptest::collection::vec(action(), 0..30)) {
        let log = finished_log(&def, &actions);
        let replayed = GameState::replay(def.clone(), &log).expect("a log the rules took");
        let regraded = regrade(def, &log).expect("the same log");
        prop_assert!(regraded.dropped.is_empty());
        prop_assert_eq!(regraded.state.view(), replayed.view());
    }

    #[test]
    fn a_regrade_ends_the_game_and_is_idempotent(
        def in game(),
        actions in proptest::collection::vec(action(), 0..30),
        item in 0usize..10,
        pick in any::<prop::sample::Index>(),
    ) {
        let log = finished_log(&def, &actions);
        let wrong = GameState::replay(def.clone(), &log).expect("a valid log").wrong_guesses().to_vec();
        prop_assume!(!wrong.is_empty());
        let spelling = wrong[pick.index(wrong.len())].clone();
        let mut updated = def.clone();
        updated.items[item].alt_spellings.push(spelling.clone());
        let once = regrade(updated.clone(), &log).expect("a regrade of a valid log");
        prop_assert!(once.state.is_over());
        prop_assert!(once.state.wrong_guesses().iter().all(|g| normalise(g) != normalise(&spelling)));
        let twice = regrade(updated, once.state.actions()).expect("its own result");
        prop_assert!(twice.dropped.is_empty());
        prop_assert_eq!(twice.state.view(), once.state.view());
    }
}
