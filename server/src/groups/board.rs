//! A group's boards from its members' stored results: today's (each result replayed with the
//! shared rules for its wrong guesses and hints) and the weekly and all-time tables.

use std::collections::HashMap;

use chrono::NaiveDate;
use game_core::results::is_won;
use game_core::{Action, GameDef, GameState};
use lavalist_api::groups::{BoardRow, TableRow};
use lavalist_api::submissions::Answer;

use super::queries::ReplayedResult;
use game_core::streak::Streak;

/// A member as the boards name them, with the userKey their results are kept under.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub user_key: String,
}

/// Today's rows, best score first; a result whose log no longer replays on the game (an edited
/// game) is left out rather than shown wrong.
pub fn today_rows(def: &GameDef, members: &[Member], results: &[ReplayedResult]) -> Vec<BoardRow> {
    let by_key: HashMap<&str, &Member> = members.iter().map(|m| (m.user_key.as_str(), m)).collect();
    let mut rows: Vec<BoardRow> = results
        .iter()
        .filter_map(|result| {
            let member = by_key.get(result.user_key.as_str())?;
            let actions: Vec<Action> = serde_json::from_str(&result.actions).ok()?;
            let state = GameState::replay(def.clone(), &actions).ok()?;
            Some(BoardRow {
                user_id: member.user_id,
                username: member.username.clone(),
                rank: 0,
                score: state.score(),
                found: count(state.correct()),
                wrong: count(state.wrong()),
                hints: count(state.hints_used()),
                won: state.won(),
            })
        })
        .collect();
    rows.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.username.cmp(&b.username)));
    let ranks = competition_ranks(&rows.iter().map(|r| r.score).collect::<Vec<_>>());
    for (row, rank) in rows.iter_mut().zip(ranks) {
        row.rank = rank;
    }
    rows
}

/// Ranks of scores sorted best first: equal scores share a rank, the next one skips (1, 1, 3).
fn competition_ranks(sorted_scores: &[u32]) -> Vec<i64> {
    let mut ranks = Vec::with_capacity(sorted_scores.len());
    for (i, score) in sorted_scores.iter().enumerate() {
        let rank = if i > 0 && sorted_scores[i - 1] == *score { ranks[i - 1] } else { i as i64 + 1 };
        ranks.push(rank);
    }
    ranks
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One row per member (played or not): most wins first, then the best average, then by name.
/// `streaks` as the viewer may see them (see `tables` in mod.rs for a locked day).
pub fn table(
    members: &[Member],
    results: &[ReplayedResult],
    streaks: &[(String, Streak)],
    today: NaiveDate,
) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = members
        .iter()
        .map(|member| {
            let mine: Vec<&ReplayedResult> =
                results.iter().filter(|r| r.user_key == member.user_key).collect();
            let played = mine.len() as i64;
            let won = mine.iter().filter(|r| result_won(r)).count() as i64;
            let total: i64 = mine.iter().map(|r| i64::from(r.score)).sum();
            let average_score = if played > 0 { (total as f64 / played as f64).round() as i64 } else { 0 };
            let streak = streaks.iter().find(|(key, _)| *key == member.user_key).map(|(_, s)| *s);
            let (played_streak, won_streak) = streak.unwrap_or_default().current(today);
            TableRow {
                user_id: member.user_id,
                username: member.username.clone(),
                played,
                won,
                average_score,
                played_streak,
                won_streak,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.won
            .cmp(&a.won)
            .then(b.average_score.cmp(&a.average_score))
            .then_with(|| a.username.cmp(&b.username))
    });
    rows
}

fn result_won(result: &ReplayedResult) -> bool {
    let answers: Vec<Answer> = serde_json::from_str(&result.answers).unwrap_or_default();
    !answers.is_empty() && is_won(&answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::competition_ranks;

    #[test]
    fn equal_scores_share_a_rank() {
        assert_eq!(competition_ranks(&[900, 900, 800, 700, 700, 100]), vec![1, 1, 3, 4, 4, 6]);
        assert_eq!(competition_ranks(&[]), Vec::<i64>::new());
    }
}
