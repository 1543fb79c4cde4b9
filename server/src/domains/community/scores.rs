//! The numbers explore sorts community games by, each updated in O(1) when a result or a
//! rating is stored (pure arithmetic; the callers read and write the `games` row).
//!
//! **Hot.** Every event of a game has a weight: its creation 1, each result 1, each first
//! rating `(stars - 1) / 2` (a 5-star rating counts as two plays, a 1-star one as nothing).
//! An event's weight halves every day ([`HALF_LIFE_MS`]), and a game's heat is the sum of its
//! events' decayed weights. Stored as `hot = log2(Σ weight · 2^(t / half-life))` with `t` the
//! event's Unix time: multiplying every term by the same `2^(-now / half-life)` changes no
//! order, so sorting by `hot` is sorting by today's heat, and adding an event is one
//! `log-add` of the stored value. A game made today with a handful of good ratings outranks
//! one that had ten times the plays a week ago (2^7 = 128).
//!
//! **Top.** A Bayesian average: the stars plus [`PRIOR_VOTES`] imaginary votes of
//! [`PRIOR_MEAN`] stars, so three 5-star votes (3.75) stay below three hundred 4.6s (4.57).

/// The time in which an event's weight in `hot` halves: one day.
pub const HALF_LIFE_MS: f64 = 86_400_000.0;
/// The Bayesian prior: this many votes…
pub const PRIOR_VOTES: f64 = 5.0;
/// …of this many stars.
pub const PRIOR_MEAN: f64 = 3.0;

/// `hot` of a game with only its creation (weight 1) at `created_at_ms`.
pub fn initial_hot(created_at_ms: i64) -> f64 {
    created_at_ms as f64 / HALF_LIFE_MS
}

/// `hot` after an event of `weight` at `at_ms` (a weight ≤ 0 changes nothing).
pub fn add_event(hot: f64, at_ms: i64, weight: f64) -> f64 {
    if weight <= 0.0 || !weight.is_finite() {
        return hot;
    }
    let term = at_ms as f64 / HALF_LIFE_MS + weight.log2();
    let (high, low) = if hot >= term { (hot, term) } else { (term, hot) };
    high + (1.0 + (low - high).exp2()).log2()
}

/// [`add_event`] as a PostgreSQL expression over the stored `column` (the same log-add, in
/// `double precision`), for an update that must not read the row first.
pub fn add_event_sql(column: &str, at_ms: i64, weight: f64) -> String {
    if weight <= 0.0 || !weight.is_finite() {
        return column.to_string();
    }
    let term = at_ms as f64 / HALF_LIFE_MS + weight.log2();
    let term = if term.is_finite() { format!("{term:.12}::float8") } else { "0::float8".into() };
    format!(
        "(GREATEST({column}, {term}) + ln(1 + power(2::float8, LEAST({column}, {term}) - \
         GREATEST({column}, {term}))) / ln(2::float8))"
    )
}

/// The weight of a first rating in `hot`.
pub fn rating_weight(stars: i32) -> f64 {
    f64::from(stars - 1) / 2.0
}

/// The Bayesian average `top` sorts by.
pub fn bayesian(rating_sum: i64, rating_count: i64) -> f64 {
    (PRIOR_VOTES * PRIOR_MEAN + rating_sum as f64) / (PRIOR_VOTES + rating_count as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400_000;
    const NOW: i64 = 1_800_000_000_000;

    /// The decayed heat at `now` of weighted events, summed directly.
    fn direct(events: &[(i64, f64)], now: i64) -> f64 {
        events.iter().map(|(at, w)| w * ((at - now) as f64 / HALF_LIFE_MS).exp2()).sum()
    }

    #[test]
    fn log_add_equals_the_direct_sum() {
        let events = [(NOW - 3 * DAY, 1.0), (NOW - DAY, 5.0), (NOW - 3_600_000, 2.0), (NOW, 1.0)];
        let mut hot = initial_hot(events[0].0);
        for (at, w) in &events[1..] {
            hot = add_event(hot, *at, *w);
        }
        let decayed = (hot - NOW as f64 / HALF_LIFE_MS).exp2();
        assert!((decayed - direct(&events, NOW)).abs() < 1e-9, "{decayed}");
        assert_eq!(add_event(hot, NOW, 0.0), hot);
    }

    #[test]
    fn a_good_new_game_outranks_a_busy_old_one() {
        let mut old = initial_hot(NOW - 7 * DAY);
        old = add_event(old, NOW - 7 * DAY, 100.0);
        let mut new = initial_hot(NOW - 2 * 3_600_000);
        new = add_event(new, NOW, 3.0);
        for _ in 0..3 {
            new = add_event(new, NOW, rating_weight(5));
        }
        assert!(new > old);
    }

    #[test]
    fn the_prior_keeps_few_votes_down() {
        assert!(bayesian(15, 3) < bayesian(1380, 300));
        assert_eq!(bayesian(0, 0), PRIOR_MEAN);
    }
}
