//! Regrading: a finished game's stored action log replayed against the game as it is now, after
//! an accepted dispute added a spelling. The result is what the player would have had, had the
//! spelling been there from the start.
//!
//! A plain replay refuses such a log: a guess that is now right can win the game early, so the
//! actions after it hit a finished game; a found item can leave a later hint with no target. The
//! player could never have taken those actions, so a regrade leaves them out (and lists them).
//! A log that ended the game by its eighth wrong guess may not end it any more, when that guess
//! is now right; the player stopped there all the same (and saw the answers), so the regraded
//! game ends there as if they had given up.
//!
//! Refusals that do not depend on the game's items (an empty or too long guess, a sixth hint, a
//! log over `MAX_ACTIONS`) cannot come from a log the rules once accepted: they still make the
//! log invalid, as in [`GameState::replay`].

use crate::game::{Action, GameDef, GameError, GameState, ReplayError};
use crate::rules::MAX_ACTIONS;

/// A regraded game: its final state and the positions of the log's actions it left out.
#[derive(Debug, Clone)]
pub struct Regraded {
    pub state: GameState,
    /// Indexes (in the stored log) of the actions the updated game refuses, in log order.
    pub dropped: Vec<usize>,
}

/// Replays `actions` against `def`, leaving out the actions the updated game refuses because of
/// its items (after the game ended, or a hint type with no item left to take it).
pub fn regrade(def: GameDef, actions: &[Action]) -> Result<Regraded, ReplayError> {
    if actions.len() > MAX_ACTIONS {
        return Err(ReplayError { index: MAX_ACTIONS, error: GameError::LogTooLong });
    }
    let mut state = GameState::new(def);
    let mut dropped = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        match state.apply(action) {
            Ok(()) => {}
            Err(GameError::GameOver | GameError::NoMoreHintsOfType) => dropped.push(index),
            Err(error) => return Err(ReplayError { index, error }),
        }
    }
    if !state.is_over() {
        // Cannot fail: the game is not over.
        state.give_up().map_err(|error| ReplayError { index: actions.len(), error })?;
    }
    Ok(Regraded { state, dropped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{HintKind, Item};

    fn def(swaziland_spellings: &[&str]) -> GameDef {
        let mut items: Vec<Item> = (1..=9)
            .map(|id| Item {
                id,
                name: format!("Item{id}"),
                alt_spellings: vec![],
                rejected_spellings: vec![],
            })
            .collect();
        let alt_spellings = swaziland_spellings.iter().map(|s| s.to_string()).collect();
        items.push(Item { id: 10, name: "Swaziland".into(), alt_spellings, rejected_spellings: vec![] });
        GameDef { prompt: "p".into(), kind: Default::default(), date: None, edition: None, items }
    }

    fn guess(text: &str) -> Action {
        Action::Guess(text.into())
    }

    #[test]
    fn an_unchanged_game_regrades_to_the_replay() {
        let log =
            vec![guess("Item1"), guess("Eswatini"), Action::Hint(HintKind::Length), Action::GiveUp(true)];
        let regraded = regrade(def(&[]), &log).unwrap();
        let replayed = GameState::replay(def(&[]), &log).unwrap();
        assert_eq!(regraded.state.view(), replayed.view());
        assert!(regraded.dropped.is_empty());
    }

    #[test]
    fn a_win_that_comes_earlier_drops_what_followed() {
        let mut log: Vec<Action> = (1..=9).map(|i| guess(&format!("Item{i}"))).collect();
        log.push(guess("Eswatini"));
        log.push(guess("Swaziland"));
        let before = GameState::replay(def(&[]), &log).unwrap();
        assert!(before.won() && before.wrong() == 1);
        assert!(GameState::replay(def(&["Eswatini"]), &log).is_err(), "a plain replay refuses the log");
        let after = regrade(def(&["Eswatini"]), &log).unwrap();
        assert!(after.state.won());
        assert_eq!((after.state.wrong(), after.state.score()), (0, 1000));
        assert_eq!(after.dropped, vec![10]);
    }

    #[test]
    fn a_loss_on_the_disputed_guess_ends_where_the_player_stopped() {
        let mut log = vec![guess("Eswatini")];
        log.extend((1..=7).map(|i| guess(&format!("Wrong{i}"))));
        let after = regrade(def(&["Eswatini"]), &log).unwrap();
        assert!(after.state.is_over() && !after.state.won());
        assert_eq!((after.state.correct(), after.state.wrong(), after.state.score()), (1, 7, 30));
        assert_eq!(after.state.actions().last(), Some(&Action::GiveUp(true)));
    }

    #[test]
    fn refusals_that_do_not_depend_on_the_items_still_fail() {
        let err = regrade(def(&[]), &[guess("Item1"), guess("  ")]).unwrap_err();
        assert_eq!((err.index, err.error), (1, GameError::EmptyGuess));
    }
}
