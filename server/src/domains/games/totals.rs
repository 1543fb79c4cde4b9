//! Explore's `total` without counting every matching game on every request (issue 25): counting
//! 100,000 games took 78 ms on PostgreSQL, far more than the page itself. A count stops after
//! [`COUNT_BOUND`] rows, so a small listing's total is exact and cheap; a listing with more games
//! shows the count taken at most [`MAX_AGE_MS`] ago for the same filter. When that figure is
//! older, the request that finds it so still shows it and has it recounted off its path
//! (`Kept::take_recounts` in `kept.rs`), while the others keep showing it too: no player waits for a
//! count of 100,000 games after the first.
//!
//! Kept per instance: several instances may each show a slightly different figure for a minute.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// Up to this many matching games, a listing's total is counted exactly on every request.
pub const COUNT_BOUND: i64 = 1_000;
/// How old a large listing's total may be.
pub const MAX_AGE_MS: i64 = 60_000;
/// How long other requests wait for a recount before one of them takes it over (the request
/// counting may have failed).
const RECOUNT_GRACE_MS: i64 = 10_000;
/// Filters kept at most (searches make the key space open-ended); all are dropped past it.
const MAX_KEYS: usize = 1_024;

#[derive(Default)]
pub struct Totals {
    entries: Mutex<HashMap<String, Entry>>,
}

/// A kept total, and whether the caller is to have it recounted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeptTotal {
    pub total: i64,
    pub recount: bool,
}

struct Entry {
    total: i64,
    counted_at: i64,
    recount_started: Option<i64>,
}

impl Totals {
    /// The kept total of a filter, if any. [`KeptTotal::recount`] is set when it is too old and no
    /// other request is recounting it: the caller is now the one to have it recounted.
    pub fn kept(&self, key: &str, now_ms: i64) -> Option<KeptTotal> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.get_mut(key)?;
        let recount = now_ms - entry.counted_at >= MAX_AGE_MS
            && entry.recount_started.is_none_or(|started| now_ms - started >= RECOUNT_GRACE_MS);
        if recount {
            entry.recount_started = Some(now_ms);
        }
        Some(KeptTotal { total: entry.total, recount })
    }

    /// Keeps a large listing's total, counted at `now_ms`.
    pub fn keep(&self, key: String, total: i64, now_ms: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= MAX_KEYS && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, Entry { total, counted_at: now_ms, recount_started: None });
    }

    /// Drops a filter's total (its listing has become small enough to count exactly).
    pub fn forget(&self, key: &str) {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner).remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_is_kept_for_a_minute_then_one_request_recounts_while_others_show_the_old_one() {
        let totals = Totals::default();
        assert_eq!(totals.kept("all", 0), None);
        let kept = |total, recount| Some(KeptTotal { total, recount });
        totals.keep("all".into(), 5_000, 0);
        assert_eq!(totals.kept("all", MAX_AGE_MS - 1), kept(5_000, false));
        // Too old: the first asker has it recounted, everyone is shown the old figure meanwhile.
        assert_eq!(totals.kept("all", MAX_AGE_MS), kept(5_000, true));
        assert_eq!(totals.kept("all", MAX_AGE_MS + 1), kept(5_000, false));
        // A recount that never finished is taken over after the grace.
        assert_eq!(totals.kept("all", MAX_AGE_MS + RECOUNT_GRACE_MS), kept(5_000, true));
        totals.keep("all".into(), 5_001, MAX_AGE_MS + RECOUNT_GRACE_MS);
        assert_eq!(totals.kept("all", MAX_AGE_MS + RECOUNT_GRACE_MS + 1), kept(5_001, false));
        totals.forget("all");
        assert_eq!(totals.kept("all", MAX_AGE_MS + RECOUNT_GRACE_MS + 2), None);
    }

    #[test]
    fn the_kept_filters_are_bounded() {
        let totals = Totals::default();
        for i in 0..MAX_KEYS {
            totals.keep(format!("search {i}"), 2_000, 0);
        }
        totals.keep("one more".into(), 2_000, 0);
        assert_eq!(totals.kept("search 0", 1), None);
        assert_eq!(totals.kept("one more", 1).map(|k| k.total), Some(2_000));
    }
}
