//! What explore keeps between requests of a listing (issue 25, point 8), per instance, for at
//! most [`MAX_AGE_MS`]: the scores behind Hot and Top move as results and ratings arrive, so
//! what is kept may be a minute behind, as a large listing's total already is ([`Totals`]).
//!
//! - **Milestones** for deep pages by number: for each [`STRIDE`] rows of a listing's order, the
//!   cursor of the block's last row. A page reached by its number (a typed address, the
//!   last-page link) starts after the milestone before it and skips fewer than [`STRIDE`] rows,
//!   where OFFSET read every row before it (650 ms at page 4,000 of 100,000 games).
//! - **Heads** of searches and of Top of the week or month: the listing's total and its first
//!   game ids in order (one more than [`COUNT_BOUND`]). A week's Top sorts the week's games and a
//!   search orders its matches (3 ms for 500 on PostgreSQL); the players paging through it, or
//!   typing the same words, are then served from the ids. A search expected to match more than
//!   [`COUNT_BOUND`] games keeps its estimated total and the pages asked for instead (ordering
//!   thousands of matches cost 25 ms; its pages are read along the sort's index). A game approved, edited, hidden
//!   or deleted in this instance clears the heads ([`crate::state::AppState::games_changed`]);
//!   plays and ratings reorder them within the minute.
//! - **Word statistics** ([`WordStats`], PostgreSQL): how common the prompts' words are, so that
//!   a new search of rare words is read at once, without asking the planner first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::cursor::Cursor;
use super::model::CommunityFilter;
use super::search::WordStats;
pub use super::totals::{KeptTotal, Totals, COUNT_BOUND, MAX_AGE_MS};

/// Rows between two milestones: a deep page skips at most this many.
pub const STRIDE: i64 = 100;
/// Listings kept at most in each map (searches make the key space open-ended); a full map is
/// emptied.
const MAX_KEYS: usize = 1_024;

#[derive(Default)]
pub struct Kept {
    pub totals: Totals,
    pub milestones: ForAMinute<Arc<Vec<Cursor>>>,
    pub heads: ForAMinute<Head>,
    /// The ids of a page of a search with no head (too many matches to order them all).
    pub pages: ForAMinute<Arc<Vec<i64>>>,
    /// PostgreSQL's statistics of the prompts' words, under the key "".
    pub word_stats: ForAMinute<Arc<WordStats>>,
    /// Listings whose kept total is a minute old, to be recounted after the request that found
    /// it so has answered (see `listing::recount_off_the_path`).
    recounts: Mutex<Vec<CommunityFilter>>,
}

impl Kept {
    /// Has `filter`'s total recounted once the current request has answered.
    pub fn recount_later(&self, filter: &CommunityFilter) {
        self.recounts.lock().unwrap_or_else(PoisonError::into_inner).push(filter.clone());
    }

    /// The listings due a recount, forgotten here.
    pub fn take_recounts(&self) -> Vec<CommunityFilter> {
        std::mem::take(&mut *self.recounts.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// A listing's first ids in order, and its total.
#[derive(Clone)]
pub struct Head {
    pub ids: Arc<Vec<i64>>,
    pub total: i64,
}

/// Values by listing, each shown for a minute from when it was found. When one is older, the
/// first request to ask finds nothing and finds the value again; until it has kept it (or for
/// [`CLAIM_MS`] at most), the others are shown the old one. Otherwise every request of a busy
/// listing arriving at the minute would find it again at once: 8 connections each reading the
/// sort keys of 47,900 games for page 4,000 (200 ms each under load) made that row's p99 35 ms.
pub struct ForAMinute<T> {
    entries: Mutex<HashMap<String, Entry<T>>>,
}

struct Entry<T> {
    value: T,
    found_at: i64,
    /// When a request found the value old and went to find it again.
    claimed_at: Option<i64>,
}

/// How long the request finding a value again has before another one tries (it may have
/// failed).
pub const CLAIM_MS: i64 = 10_000;

impl<T> Default for ForAMinute<T> {
    fn default() -> Self {
        ForAMinute { entries: Mutex::new(HashMap::new()) }
    }
}

impl<T: Clone> ForAMinute<T> {
    /// The value kept for `key` and when it was found: while it may still be shown, or while
    /// another request finds it again. `None` tells the caller to find it (and `put` it).
    pub fn get(&self, key: &str, now_ms: i64) -> Option<(T, i64)> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.get_mut(key)?;
        let fresh = now_ms - entry.found_at < MAX_AGE_MS;
        let being_found = entry.claimed_at.is_some_and(|at| now_ms - at < CLAIM_MS);
        if !fresh && !being_found {
            entry.claimed_at = Some(now_ms);
            return None;
        }
        Some((entry.value.clone(), entry.found_at))
    }

    /// Forgets every value.
    pub fn clear(&self) {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// Keeps `value` for `key`, found at `found_at`, unless a value found later is kept.
    pub fn put(&self, key: String, value: T, found_at: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        // The same old value made longer (a deeper page's milestones) keeps its claim.
        let claimed_at = match entries.get(&key) {
            Some(kept) if kept.found_at > found_at => return,
            Some(kept) if kept.found_at == found_at => kept.claimed_at,
            _ => None,
        };
        if entries.len() >= MAX_KEYS && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, Entry { value, found_at, claimed_at });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_kept_for_a_minute_and_bounded() {
        let kept: ForAMinute<i64> = ForAMinute::default();
        assert_eq!(kept.get("hot", 0), None);
        kept.put("hot".into(), 5, 0);
        assert_eq!(kept.get("hot", MAX_AGE_MS - 1), Some((5, 0)));
        // Old: the first request finds it again, the others meanwhile see the old value.
        assert_eq!(kept.get("hot", MAX_AGE_MS), None);
        assert_eq!(kept.get("hot", MAX_AGE_MS + 1), Some((5, 0)));
        kept.put("hot".into(), 6, MAX_AGE_MS);
        assert_eq!(kept.get("hot", MAX_AGE_MS + 2), Some((6, MAX_AGE_MS)));
        // A value found earlier does not replace it.
        kept.put("hot".into(), 4, 1);
        assert_eq!(kept.get("hot", MAX_AGE_MS + 3), Some((6, MAX_AGE_MS)));
        // A request that never came back: after CLAIM_MS, the next one finds it again.
        kept.put("new".into(), 1, 0);
        assert_eq!(kept.get("new", MAX_AGE_MS), None);
        assert_eq!(kept.get("new", MAX_AGE_MS + CLAIM_MS - 1), Some((1, 0)));
        assert_eq!(kept.get("new", MAX_AGE_MS + CLAIM_MS), None);
        assert_eq!(kept.get("new", MAX_AGE_MS + CLAIM_MS + 1), Some((1, 0)));
        for i in 0..MAX_KEYS {
            kept.put(format!("search {i}"), 1, 0);
        }
        kept.put("one more".into(), 2, 0);
        assert_eq!(kept.get("search 0", 1), None);
        assert_eq!(kept.get("search 1", 1), None);
        assert_eq!(kept.get("one more", 1), Some((2, 0)));
    }
}
