//! A group's boards from its members' stored result summaries (written when each result was
//! replayed at submission): today's board and the weekly and all-time tables. Nothing here
//! reads or replays an action log.

use std::collections::HashMap;

use chrono::NaiveDate;
use lavalist_api::groups::{BoardRow, TableRow};

use super::queries::{BoardResult, Totals};
use game_core::streak::Streak;

/// A member as the boards name them, with the userKey their results are kept under.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub user_key: String,
}

/// Today's rows, best score first (only results whose log the server replayed are there).
pub fn today_rows(members: &[Member], results: &[BoardResult]) -> Vec<BoardRow> {
    let by_key: HashMap<&str, &Member> = members.iter().map(|m| (m.user_key.as_str(), m)).collect();
    let mut rows: Vec<BoardRow> = results
        .iter()
        .filter_map(|result| {
            let member = by_key.get(result.user_key.as_str())?;
            Some(BoardRow {
                user_id: member.user_id,
                username: member.username.clone(),
                rank: 0,
                score: count(result.score),
                found: count(result.found),
                wrong: count(result.wrong),
                hints: count(result.hints),
                won: result.won,
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

/// Stored counts are never negative; a corrupt one shows as 0 rather than failing the board.
fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// One row per member (played or not): most wins first, then the best average, then by name.
/// `streaks` as the viewer may see them (see `tables` in mod.rs for a locked day).
pub fn table(
    members: &[Member],
    totals: &HashMap<String, Totals>,
    streaks: &HashMap<String, Streak>,
    today: NaiveDate,
) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = members
        .iter()
        .map(|member| {
            let mine = totals.get(&member.user_key).copied().unwrap_or_default();
            let average_score =
                if mine.played > 0 { (mine.score_sum as f64 / mine.played as f64).round() as i64 } else { 0 };
            let streak = streaks.get(&member.user_key).copied().unwrap_or_default();
            let (played_streak, won_streak) = streak.current(today);
            TableRow {
                user_id: member.user_id,
                username: member.username.clone(),
                played: mine.played,
                won: mine.won,
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

#[cfg(test)]
mod tests {
    use super::competition_ranks;

    #[test]
    fn equal_scores_share_a_rank() {
        assert_eq!(competition_ranks(&[900, 900, 800, 700, 700, 100]), vec![1, 1, 3, 4, 4, 6]);
        assert_eq!(competition_ranks(&[]), Vec::<i64>::new());
    }
}
