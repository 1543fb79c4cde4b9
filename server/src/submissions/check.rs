//! Checks a submitted result against its game with the shared rules: the answers must be
//! exactly the game's items, the score must be one the rules can produce, and an action log,
//! when sent, is replayed with `game-core` and must agree with the claimed result.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use game_core::calendar::today;
use game_core::game::score_is_possible;
use game_core::{Action, GameState, ITEMS_PER_GAME};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::games::model::StoredGame;

/// Yesterday's daily game still takes results this long after midnight (New York), for
/// players who finished just before it.
pub const GRACE: Duration = Duration::minutes(15);

/// One item of a result: its id and whether the player found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub answer_id: u32,
    pub guessed_correctly: bool,
}

/// A result that passed every check, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedResult {
    pub score: u32,
    /// In the game's item order, whatever order the client sent.
    pub answers: Vec<Answer>,
    pub actions_json: Option<String>,
}

impl CheckedResult {
    pub fn found_ids(&self) -> Vec<u32> {
        self.answers.iter().filter(|a| a.guessed_correctly).map(|a| a.answer_id).collect()
    }

    pub fn won(&self) -> bool {
        self.answers.len() == ITEMS_PER_GAME && self.answers.iter().all(|a| a.guessed_correctly)
    }
}

/// Whether a daily game of `date` takes results at `now`: today's, and yesterday's during the
/// grace period after midnight.
pub fn accepts_daily(date: NaiveDate, now: DateTime<Utc>) -> bool {
    date == today(now) || date == today(now - GRACE)
}

pub fn check(
    game: &StoredGame,
    answers: &[Answer],
    claimed_score: u32,
    actions: Option<&[Action]>,
) -> Result<CheckedResult, AppError> {
    let ordered = in_game_order(game, answers)?;
    match actions {
        Some(actions) => replayed(game, &ordered, claimed_score, actions),
        None => {
            let found = ordered.iter().filter(|a| a.guessed_correctly).count();
            if !score_is_possible(found, claimed_score) {
                return Err(AppError::bad_request(format!(
                    "A score of {claimed_score} is impossible with {found} items found."
                )));
            }
            Ok(CheckedResult { score: claimed_score, answers: ordered, actions_json: None })
        }
    }
}

/// Each of the game's item ids exactly once, nothing else; returned in the game's order.
fn in_game_order(game: &StoredGame, answers: &[Answer]) -> Result<Vec<Answer>, AppError> {
    let wrong_ids = || AppError::bad_request("answers must list each of this game's item ids exactly once.");
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
) -> Result<CheckedResult, AppError> {
    let state = GameState::replay(game.def(), actions)
        .map_err(|e| AppError::bad_request(format!("The action log is invalid: {e}.")))?;
    if !state.is_over() {
        return Err(AppError::bad_request("The action log does not finish the game."));
    }
    let answers: Vec<Answer> = game
        .items
        .iter()
        .map(|item| Answer { answer_id: item.id, guessed_correctly: state.is_found(item.id) })
        .collect();
    if answers != claimed || state.score() != claimed_score {
        return Err(AppError::bad_request("The result does not match its action log."));
    }
    let actions_json = serde_json::to_string(state.actions()).map_err(AppError::internal)?;
    Ok(CheckedResult { score: state.score(), answers, actions_json: Some(actions_json) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grace_after_midnight() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let next = NaiveDate::from_ymd_opt(2025, 6, 2).unwrap();
        // 00:14 New York (EDT) on June 2nd: June 1st is still taken.
        assert!(accepts_daily(day, at("2025-06-02T04:14:00Z")));
        assert!(accepts_daily(next, at("2025-06-02T04:14:00Z")));
        // 00:16: no longer.
        assert!(!accepts_daily(day, at("2025-06-02T04:16:00Z")));
        assert!(!accepts_daily(NaiveDate::from_ymd_opt(2025, 5, 31).unwrap(), at("2025-06-02T04:14:00Z")));
    }
}
