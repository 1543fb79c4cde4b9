//! Lavalist's game rules, written once.
//!
//! The server links this crate natively and the browser loads it as WASM (`game-wasm`), so a
//! guess, a hint, a score or a share text can never differ between the two. Everything here is
//! pure: time comes in as a parameter, nothing touches I/O.

pub mod autofill;
pub mod calendar;
pub mod forms;
pub mod game;
pub mod matching;
pub mod normalise;
pub mod results;
pub mod rules;
pub mod share;
pub mod streak;

#[cfg(feature = "profanity")]
pub mod profanity;

pub use game::{
    Action, GameDef, GameError, GameKind, GameState, GuessOutcome, GuessResult, HintKind, HintResult,
    HintValue, Item, ReplayError,
};
pub use matching::{find_match, tolerance, Match, MatchKind};
pub use normalise::normalise;
pub use rules::{rules, Rules};

/// Number of items in every game.
pub const ITEMS_PER_GAME: usize = 10;
/// Wrong guesses that end a game.
pub const MAX_WRONG: usize = 8;
/// Hints of both kinds together.
pub const MAX_HINTS: usize = 5;
/// Points for each item found.
pub const POINTS_PER_ITEM: u32 = 100;
/// Points taken for each hint.
pub const HINT_PENALTY: u32 = 10;
/// Points taken for each wrong guess.
pub const WRONG_PENALTY: u32 = 10;
/// The prompt the server sends when no daily game is scheduled for today.
pub const PLACEHOLDER_PROMPT: &str = "10 items in a detective's office";
