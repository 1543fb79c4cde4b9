//! Two stored results side by side: each stored log is replayed with `game-core` on the game as
//! it is now (the strict replay, else the regrade an accepted dispute applies), so the
//! comparison shows the server's results, never what a client claimed.

use game_core::regrade::regrade;
use game_core::{Action, GameState};
use lavalist_api::challenges::{ComparedItem, ComparedResult, FoundBy};

use crate::domains::games::interface::StoredGame;
use crate::platform::error::AppError;

/// The replayed state of a stored log; a log that neither replays nor regrades (a stored log
/// always did when it was stored) is an internal error.
pub fn replay(game: &StoredGame, actions_json: &str) -> Result<GameState, AppError> {
    let actions: Vec<Action> = serde_json::from_str(actions_json).map_err(AppError::internal)?;
    match GameState::replay(game.def(), &actions) {
        Ok(state) => Ok(state),
        Err(_) => regrade(game.def(), &actions).map(|r| r.state).map_err(|e| {
            AppError::internal(format!("a stored log of game {} does not replay: {e}", game.id))
        }),
    }
}

pub fn result(state: &GameState) -> ComparedResult {
    ComparedResult {
        score: state.score(),
        found: u32::try_from(state.correct()).unwrap_or(u32::MAX),
        won: state.won(),
        hints: u32::try_from(state.hints_used()).unwrap_or(u32::MAX),
        wrong_guesses: state.wrong_guesses().to_vec(),
    }
}

/// Every item of the game, in its order, with who found it.
pub fn items(game: &StoredGame, creator: &GameState, viewer: &GameState) -> Vec<ComparedItem> {
    game.items
        .iter()
        .map(|item| {
            let found_by = match (creator.is_found(item.id), viewer.is_found(item.id)) {
                (true, true) => FoundBy::Both,
                (true, false) => FoundBy::Creator,
                (false, true) => FoundBy::Viewer,
                (false, false) => FoundBy::Neither,
            };
            ComparedItem { id: item.id, name: item.name.clone(), found_by }
        })
        .collect()
}
