//! Finished games as the server counts them: won or not, score buckets, percentiles, and which
//! claimed scores the rules can produce.

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

/// Whole percent, rounded down, of `players` whose bucket (read as its lowest score,
/// `bucket * 10`) is strictly lower than `score`; 0 when nobody has played. Every score a game
/// can give is a multiple of 10, so a bucket's lowest score is every score in it.
pub fn percentile(histogram: &[(usize, u64)], players: u64, score: u32) -> u32 {
    if players == 0 {
        return 0;
    }
    let lower: u64 =
        histogram.iter().filter(|(bucket, _)| (*bucket as u64) * 10 < u64::from(score)).map(|(_, n)| n).sum();
    (lower * 100 / players) as u32
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
    fn percentile_counts_strictly_lower() {
        let histogram = vec![(0, 1), (50, 2), (100, 1)];
        assert_eq!(percentile(&histogram, 4, 500), 25);
        assert_eq!(percentile(&histogram, 4, 510), 75);
        assert_eq!(percentile(&histogram, 4, 0), 0);
        assert_eq!(percentile(&histogram, 4, 1000), 75);
        assert_eq!(percentile(&[], 0, 500), 0);
    }
}
