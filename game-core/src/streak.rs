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

    /// The streaks as they stood before `day`, for streaks that include it: the run of played
    /// days then ends the day before, and its won streak is the days won since `last_loss`
    /// (the last day lost before `day`, if any) within that run. Equals replaying every day
    /// before `day`, without reading them. Streaks that do not include `day` are unchanged.
    pub fn before(self, day: NaiveDate, last_loss: Option<NaiveDate>) -> Streak {
        if self.last_played != Some(day) {
            return self;
        }
        let played = self.played - 1;
        if played <= 0 {
            return Streak::default();
        }
        let yesterday = day - Duration::days(1);
        let won_since_loss = last_loss.map_or(i64::MAX, |loss| (yesterday - loss).num_days());
        let won = i32::try_from(won_since_loss.min(i64::from(played))).unwrap_or(played);
        Streak { last_played: Some(yesterday), played, won }
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

    #[test]
    fn before_a_day_equals_a_replay_of_the_days_before() {
        // Every pattern of 8 days played (or not) and won (or not), the last one played.
        for pattern in 0..3u32.pow(8) {
            let plays: Vec<(NaiveDate, bool)> = (0..8)
                .filter_map(|i| match (pattern / 3u32.pow(i)) % 3 {
                    0 => None,
                    outcome => Some((d(i + 1), outcome == 2)),
                })
                .collect();
            let Some(&(last, _)) = plays.last() else { continue };
            let replay = |until: usize| {
                plays[..until].iter().fold(Streak::default(), |s, (day, won)| s.after(*day, *won))
            };
            let stored = replay(plays.len());
            let last_loss = plays[..plays.len() - 1].iter().rev().find(|(_, won)| !won).map(|(day, _)| *day);
            let before = stored.before(last, last_loss);
            let expected = replay(plays.len() - 1);
            assert_eq!(before.current(last), expected.current(last), "{plays:?}");
        }
    }
}
