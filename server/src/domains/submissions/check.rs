//! Checks a submitted result against its game with the shared rules: the answers must be
//! exactly the game's items, the score must be one the rules can produce, and an action log,
//! when sent, is replayed with `game-core` and must agree with the claimed result.

use game_core::game::score_is_possible;
use game_core::regrade::regrade;
use game_core::results::{is_won, Summary};
use game_core::rules::MAX_ACTIONS;
use game_core::{Action, GameState};
use lavalist_api::submissions::Answer;

use crate::domains::games::interface::StoredGame;
use crate::platform::error::{AppError, ErrorCode};

/// A result that passed every check, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedResult {
    pub score: u32,
    /// In the game's item order, whatever order the client sent.
    pub answers: Vec<Answer>,
    pub actions_json: Option<String>,
    /// The counts of the replayed log, stored with the result for the boards; `None` without
    /// a log (such a result is never on a board).
    pub replayed: Option<Summary>,
}

impl CheckedResult {
    pub fn found_ids(&self) -> Vec<u32> {
        self.answers.iter().filter(|a| a.guessed_correctly).map(|a| a.answer_id).collect()
    }

    pub fn won(&self) -> bool {
        is_won(&self.answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>())
    }

    pub fn found(&self) -> u32 {
        u32::try_from(self.found_ids().len()).unwrap_or(u32::MAX)
    }
}

pub fn check(
    game: &StoredGame,
    answers: &[Answer],
    claimed_score: u32,
    actions: Option<&[Action]>,
) -> Result<CheckedResult, AppError> {
    check_keeping_state(game, answers, claimed_score, actions).map(|(checked, _)| checked)
}

/// [`check`], also handing back the game state the log's replay reached (`None` without a
/// log), so nothing after the check replays the log again (the channels' share lines).
pub fn check_keeping_state(
    game: &StoredGame,
    answers: &[Answer],
    claimed_score: u32,
    actions: Option<&[Action]>,
) -> Result<(CheckedResult, Option<GameState>), AppError> {
    let ordered = in_game_order(game, answers)?;
    match actions {
        Some(actions) => replayed(game, &ordered, claimed_score, actions).map(|(c, s)| (c, Some(s))),
        None => {
            let found = ordered.iter().filter(|a| a.guessed_correctly).count();
            if !score_is_possible(found, claimed_score) {
                return Err(AppError::refused(
                    ErrorCode::InvalidResult,
                    format!("A score of {claimed_score} is impossible with {found} items found."),
                ));
            }
            Ok((
                CheckedResult { score: claimed_score, answers: ordered, actions_json: None, replayed: None },
                None,
            ))
        }
    }
}

/// Each of the game's item ids exactly once, nothing else; returned in the game's order.
fn in_game_order(game: &StoredGame, answers: &[Answer]) -> Result<Vec<Answer>, AppError> {
    let wrong_ids = || {
        AppError::refused(
            ErrorCode::InvalidResult,
            "answers must list each of this game's item ids exactly once.",
        )
    };
    if answers.len() != game.items.len() {
        return Err(wrong_ids());
    }
    game.items
        .iter()
        .map(|item| {
            let mut matching = answers.iter().filter(|a| a.answer_id == item.id);
            match (matching.next(), matching.next()) {
                (Some(answer), None) => Ok(answer.clone()),
                _ => Err(wrong_ids()),
            }
        })
        .collect()
}

/// Replays the log with the shared rules; the stored result is the replayed one.
fn replayed(
    game: &StoredGame,
    claimed: &[Answer],
    claimed_score: u32,
    actions: &[Action],
) -> Result<(CheckedResult, GameState), AppError> {
    let state = replay_finished(game, actions)?;
    let answers = answers_of(game, &state);
    if answers != claimed || state.score() != claimed_score {
        return Err(AppError::refused(ErrorCode::InvalidResult, "The result does not match its action log."));
    }
    let actions_json = serde_json::to_string(state.actions()).map_err(AppError::internal)?;
    let replayed = Some(state.summary());
    Ok((CheckedResult { score: state.score(), answers, actions_json: Some(actions_json), replayed }, state))
}

/// The state `actions` reach with the shared rules; 400 `invalidResult` for a log over the
/// core's length limit, one the rules refuse, or one that does not finish the game.
pub fn replay_finished(game: &StoredGame, actions: &[Action]) -> Result<GameState, AppError> {
    if actions.len() > MAX_ACTIONS {
        return Err(AppError::refused(
            ErrorCode::InvalidResult,
            format!("The action log is invalid: it has more than {MAX_ACTIONS} actions."),
        ));
    }
    let state = GameState::replay(game.def(), actions).map_err(invalid_log)?;
    if !state.is_over() {
        return Err(AppError::refused(ErrorCode::InvalidResult, "The action log does not finish the game."));
    }
    Ok(state)
}

/// The result `actions` give on the game as it is now, the way an accepted dispute regrades the
/// stored results (game-core's `regrade`): actions the game now refuses are left out, and a game
/// the log no longer ends is given up. For a log played before the game changed (a device that
/// finished offline before the accept), which the strict replay refuses. The result is the
/// regraded one whatever was claimed: it is what the log gives, never more.
pub fn regraded(game: &StoredGame, actions: &[Action]) -> Result<CheckedResult, AppError> {
    let state = regrade(game.def(), actions).map_err(invalid_log)?.state;
    let answers = answers_of(game, &state);
    // The log as sent, as the accept keeps the stored ones.
    let actions_json = serde_json::to_string(actions).map_err(AppError::internal)?;
    let replayed = Some(state.summary());
    Ok(CheckedResult { score: state.score(), answers, actions_json: Some(actions_json), replayed })
}

/// Each of the game's items, in its order, found or not in `state`.
pub fn answers_of(game: &StoredGame, state: &GameState) -> Vec<Answer> {
    game.items
        .iter()
        .map(|item| Answer { answer_id: item.id, guessed_correctly: state.is_found(item.id) })
        .collect()
}

fn invalid_log(error: impl std::fmt::Display) -> AppError {
    AppError::refused(ErrorCode::InvalidResult, format!("The action log is invalid: {error}."))
}
