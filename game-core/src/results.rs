//! Finished games as the server counts them: won or not, score buckets, standings, and which
//! claimed scores the rules can produce.

use serde::{Deserialize, Serialize};

pub use crate::rules::SCORE_BUCKETS;
use crate::rules::{HINT_PENALTY, ITEMS_PER_GAME, MAX_HINTS, MAX_WRONG, POINTS_PER_ITEM, WRONG_PENALTY};

/// The histogram bucket of a score; scores from 1000 up share the last one.
pub fn score_bucket(score: u32) -> usize {
    (score / 10).min(100) as usize
}

/// What the boards show of a finished game, taken once from its replay when the result is
/// stored (see `GameState::summary`), so that nothing replays a log to show it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub score: u32,
    pub found: u32,
    pub wrong: u32,
    pub hints: u32,
    pub won: bool,
}

/// A game is won when it has items and every one was found.
pub fn is_won(found: &[bool]) -> bool {
    !found.is_empty() && found.iter().all(|f| *f)
}

/// Where a finished score stands among a game's players, in words that read well at any count:
/// the first result, the best score (shared or not), or the top N percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Standing {
    /// Nobody else has a result yet.
    First,
    /// Nobody scored higher; `tied` other players have the same score.
    Best { tied: u64 },
    /// Within the best `percent` % of the players (1–100): see [`standing`].
    Top { percent: u32 },
}

/// Where `score` stands among `players`, whose scores `histogram` holds as (bucket, players)
/// rows. `counted` says whether the score is one of them (the player's stored result); if not
/// (an archive day, a score not yet stored) it is ranked as one more player.
///
/// With `higher` the players in a higher bucket and `total` everyone ranked:
/// * `First` when `total` is at most 1;
/// * `Best { tied }` when `higher` is 0 (`tied`: the others in the score's bucket), so a
///   perfect score among two players is the best score, never "50 %";
/// * else `Top { percent }`, the smallest whole percent of the players that holds this one when
///   ties count in the player's favour: `ceil(100 × (higher + 1) / total)`, so the 2nd of 10
///   is in the top 20 % and the 6th of 1000 in the top 1 %.
///
/// Every score a game can give is a multiple of 10, so a bucket holds one score (1000 and up
/// share the last). A histogram that disagrees with `players` (a stale read) is clamped to it.
pub fn standing(histogram: &[(usize, u64)], players: u64, score: u32, counted: bool) -> Standing {
    let total = if counted { players } else { players.saturating_add(1) };
    if total <= 1 {
        return Standing::First;
    }
    let own = score_bucket(score);
    let in_buckets = |keep: fn(usize, usize) -> bool| -> u64 {
        histogram
            .iter()
            .filter(|(bucket, _)| keep(*bucket, own))
            .fold(0u64, |sum, (_, n)| sum.saturating_add(*n))
    };
    let others = total - 1;
    let higher = in_buckets(|bucket, own| bucket > own).min(others);
    if higher == 0 {
        let same = in_buckets(|bucket, own| bucket == own).saturating_sub(u64::from(counted));
        return Standing::Best { tied: same.min(others) };
    }
    // In u128: `higher + 1` times 100 cannot overflow, whatever the counts.
    let percent = (u128::from(higher + 1) * 100).div_ceil(u128::from(total));
    Standing::Top { percent: percent.clamp(1, 100) as u32 }
}

/// The spec's percentile of `score`: the whole percent, rounded down, of the players ranked as
/// in [`standing`] (the score is one more player when it is not `counted`) whose score is
/// strictly lower; 0 when nobody else has a result. A best score among 4 is 75, the lowest 0. A
/// histogram that disagrees with `players` (a stale read) is clamped to it.
pub fn percentile(histogram: &[(usize, u64)], players: u64, score: u32, counted: bool) -> u32 {
    let total = if counted { players } else { players.saturating_add(1) };
    if total <= 1 {
        return 0;
    }
    let own = score_bucket(score);
    let lower = histogram
        .iter()
        .filter(|(bucket, _)| *bucket < own)
        .fold(0u64, |sum, (_, n)| sum.saturating_add(*n))
        .min(total - 1);
    // In u128: `lower` times 100 cannot overflow, whatever the counts.
    (u128::from(lower) * 100 / u128::from(total)) as u32
}

/// 100 per found item, minus 10 per hint and per wrong guess, never below 0.
pub fn score(correct: usize, hints: usize, wrong: usize) -> u32 {
    // In i64 so the penalties can take the sum below zero before it is floored.
    let points = |count: usize, each: u32| count as i64 * i64::from(each);
    let raw = points(correct, POINTS_PER_ITEM) - points(hints, HINT_PENALTY) - points(wrong, WRONG_PENALTY);
    raw.max(0) as u32
}

/// Whether the rules can end a game with `found` items found and this score: some number of
/// hints (0–5) and wrong guesses (0–8, at most 7 in a won game, which ends on the last find).
/// The server uses it to refuse impossible results that come without an action log.
pub fn score_is_possible(found: usize, claimed: u32) -> bool {
    let max_wrong = if found == ITEMS_PER_GAME { MAX_WRONG - 1 } else { MAX_WRONG };
    (0..=MAX_HINTS).any(|hints| (0..=max_wrong).any(|wrong| score(found, hints, wrong) == claimed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn possible_scores() {
        assert!(score_is_possible(10, 1000));
        assert!(score_is_possible(10, 880)); // 5 hints, 7 wrong
        assert!(!score_is_possible(10, 870)); // would need 8 wrong: the game ends before the win
        assert!(!score_is_possible(10, 1010));
        assert!(!score_is_possible(3, 305));
        assert!(!score_is_possible(3, 310));
        assert!(score_is_possible(3, 170)); // 3 found, 5 hints, 8 wrong
        assert!(!score_is_possible(3, 160));
        assert!(score_is_possible(0, 0));
        assert!(score_is_possible(1, 0)); // 1 found, 2 hints, 8 wrong: floored at 0
    }

    #[test]
    fn buckets() {
        assert_eq!(score_bucket(0), 0);
        assert_eq!(score_bucket(5), 0);
        assert_eq!(score_bucket(730), 73);
        assert_eq!(score_bucket(1000), 100);
        assert_eq!(score_bucket(1010), 100);
        assert_eq!(score_bucket(u32::MAX), SCORE_BUCKETS - 1);
    }

    #[test]
    fn won_needs_items_all_found() {
        assert!(is_won(&[true, true]));
        assert!(!is_won(&[true, false]));
        assert!(!is_won(&[]));
    }

    #[test]
    fn standings() {
        let histogram = vec![(0, 1), (50, 2), (100, 1)];
        assert_eq!(standing(&histogram, 4, 500, true), Standing::Top { percent: 50 });
        assert_eq!(standing(&histogram, 4, 0, true), Standing::Top { percent: 100 });
        assert_eq!(standing(&histogram, 4, 1000, true), Standing::Best { tied: 0 });
        assert_eq!(standing(&histogram, 4, 1000, false), Standing::Best { tied: 1 });
        assert_eq!(standing(&[(100, 1)], 1, 1000, true), Standing::First);
        assert_eq!(standing(&[], 0, 500, false), Standing::First);
        assert_eq!(standing(&[(100, 1), (50, 1)], 2, 1000, true), Standing::Best { tied: 0 });
        assert_eq!(standing(&[(0, u64::MAX)], u64::MAX, 500, false), Standing::Best { tied: 0 });
        assert_eq!(standing(&[(100, u64::MAX)], u64::MAX, 0, true), Standing::Top { percent: 100 });
    }
}
