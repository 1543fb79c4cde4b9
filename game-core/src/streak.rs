//! Daily streaks: consecutive New York days played, and won, by one player.

use chrono::{Duration, NaiveDate};

/// A player's streaks as stored: the last daily day played and the two counts up to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Streak {
    pub last_played: Option<NaiveDate>,
    pub played: i32,
    pub won: i32,
}

impl Streak {
    /// The streaks after playing `day`: one more when the last day played was the day before,
    /// else a new streak; a loss resets the won streak. An older day (a late result within the
    /// grace period) changes nothing.
    pub fn after(self, day: NaiveDate, won: bool) -> Streak {
        if self.last_played.is_some_and(|last| last >= day) {
            return self;
        }
        let continues = self.last_played == Some(day - Duration::days(1));
        let played = if continues { self.played + 1 } else { 1 };
        let won = match (won, continues) {
            (false, _) => 0,
            (true, true) => self.won + 1,
            (true, false) => 1,
        };
        Streak { last_played: Some(day), played, won }
    }

    /// The streaks shown on `today` as `(played, won)`: they lapse unless the last day played
    /// is today or yesterday, since a missed day is only known to break them once it is over.
    pub fn current(self, today: NaiveDate) -> (i32, i32) {
        match self.last_played {
            Some(last) if last == today || last == today - Duration::days(1) => (self.played, self.won),
            _ => (0, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 3, n).unwrap()
    }

    #[test]
    fn streaks_grow_reset_and_lapse() {
        let none = Streak::default();
        let s = none.after(d(1), true).after(d(2), true).after(d(3), false);
        assert_eq!((s.played, s.won), (3, 0));
        let s = s.after(d(4), true);
        assert_eq!((s.played, s.won), (4, 1));
        assert_eq!(s.current(d(5)), (4, 1));
        assert_eq!(s.current(d(6)), (0, 0));
        let s = s.after(d(6), true);
        assert_eq!((s.played, s.won), (1, 1));
        assert_eq!(s.after(d(5), true), s, "an older day changes nothing");
        assert_eq!(s.after(d(6), false), s, "the same day again changes nothing");
    }
}
