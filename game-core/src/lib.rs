//! Lavalist's game rules, written once.
//!
//! The server links this crate natively and the browser loads it as WASM (`game-wasm`), so a
//! guess, a hint, a score or a share text can never differ between the two. Everything here is
//! pure: time comes in as a parameter, nothing touches I/O.

pub mod autofill;
pub mod calendar;
pub mod categories;
pub mod dispute;
pub mod forms;
pub mod game;
#[cfg(feature = "invariants")]
pub mod invariants;
pub mod known_names;
pub mod matching;
pub mod normalise;
pub mod regrade;
pub mod results;
pub mod rules;
pub mod share;
pub mod streak;

#[cfg(feature = "profanity")]
pub mod profanity;

pub use categories::Category;
pub use game::{
    Action, Correction, GameDef, GameError, GameKind, GameState, GuessOutcome, GuessResult, HintKind,
    HintResult, HintValue, Item, ReplayError,
};
pub use matching::{find_match, tolerance, Match, MatchKind};
pub use normalise::normalise;
pub use regrade::{regrade, Regraded};
pub use rules::{rules, Rules};

pub use rules::{
    HINT_PENALTY, ITEMS_PER_GAME, MAX_ACTIONS, MAX_GUESS_CHARS, MAX_HINTS, MAX_WRONG, PLACEHOLDER_PROMPT,
    POINTS_PER_ITEM, WRONG_PENALTY,
};
