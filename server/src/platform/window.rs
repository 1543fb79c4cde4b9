//! The sliding-window rule every limiter shares (rate limits, the per-address submission cap,
//! the autofill cooldown): at most `limit` events per `window_ms`. An event counts while it is
//! newer than the cutoff; the window is full while its limit-th newest counted event exists,
//! and has room again once that event leaves it. Callers query their own table for that one
//! event (newest first, skipping [`SlidingWindow::deciding_offset`] newer ones), so the cost is
//! bounded by the limit, not by traffic; the arithmetic lives here.

use crate::platform::error::AppError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlidingWindow {
    /// Events allowed per window; 0 turns the window off.
    pub limit: u32,
    pub window_ms: i64,
}

impl SlidingWindow {
    pub fn new(limit: u32, window_ms: i64) -> Self {
        SlidingWindow { limit, window_ms }
    }

    /// A window given in seconds (saturating: a huge window just never empties).
    pub fn from_secs(limit: u32, window_secs: u64) -> Self {
        Self::new(limit, i64::try_from(window_secs.saturating_mul(1000)).unwrap_or(i64::MAX))
    }

    /// One event per `cooldown_ms` (a cooldown is a window with a limit of one).
    pub fn cooldown(cooldown_ms: u64) -> Self {
        Self::new(1, i64::try_from(cooldown_ms).unwrap_or(i64::MAX))
    }

    pub fn is_off(self) -> bool {
        self.limit == 0
    }

    /// Events at or before this instant have left the window; later ones count.
    pub fn cutoff(self, now_ms: i64) -> i64 {
        now_ms.saturating_sub(self.window_ms)
    }

    /// How many newer counted events to skip, newest first, to reach the one that decides
    /// (the limit-th newest). Only meaningful when the window is on.
    pub fn deciding_offset(self) -> i64 {
        i64::from(self.limit.max(1)) - 1
    }

    /// Whole seconds, rounded up, until the deciding event (counted at `at_ms`) leaves the
    /// window: at least 1 (a `Retry-After: 0` invites a busy loop), at most the window (an
    /// event stamped ahead of `now_ms` by another instance's clock cannot ask for more).
    pub fn retry_after_secs(self, at_ms: i64, now_ms: i64) -> u64 {
        let wait_ms =
            at_ms.saturating_add(self.window_ms).saturating_sub(now_ms).clamp(1, self.window_ms.max(1));
        (wait_ms as u64).div_ceil(1_000)
    }

    /// `None` when there is room; else the `Retry-After` seconds. `deciding_at` is the time of
    /// the event at [`Self::deciding_offset`] among those after [`Self::cutoff`], if any.
    pub fn full_for(self, deciding_at: Option<i64>, now_ms: i64) -> Option<u64> {
        if self.is_off() {
            return None;
        }
        deciding_at.map(|at| self.retry_after_secs(at, now_ms))
    }

    /// [`Self::full_for`] as the API's answer: room, or 429 with `Retry-After`.
    pub fn check(self, deciding_at: Option<i64>, now_ms: i64) -> Result<(), AppError> {
        match self.full_for(deciding_at, now_ms) {
            None => Ok(()),
            Some(retry_after_secs) => Err(AppError::TooManyRequests { retry_after_secs }),
        }
    }

    /// The 429 for a window known to be full, its deciding event counted at `at_ms`.
    pub fn refusal(self, at_ms: i64, now_ms: i64) -> AppError {
        AppError::TooManyRequests { retry_after_secs: self.retry_after_secs(at_ms, now_ms) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_700_000_000_000;

    #[test]
    fn the_cutoff_is_one_window_back() {
        let hour = SlidingWindow::new(3, 3_600_000);
        assert_eq!(hour.cutoff(NOW), NOW - 3_600_000);
        assert_eq!(SlidingWindow::from_secs(3, 3_600), hour);
        assert_eq!(SlidingWindow::new(1, i64::MAX).cutoff(-5), i64::MIN, "saturates");
        assert_eq!(SlidingWindow::from_secs(1, u64::MAX).window_ms, i64::MAX);
    }

    #[test]
    fn the_limit_th_newest_event_decides() {
        assert_eq!(SlidingWindow::new(1, 1_000).deciding_offset(), 0, "a cooldown: the newest event");
        assert_eq!(SlidingWindow::new(3, 1_000).deciding_offset(), 2);
        assert_eq!(SlidingWindow::new(300, 1_000).deciding_offset(), 299);
    }

    #[test]
    fn retry_after_is_rounded_up_to_whole_seconds() {
        let window = SlidingWindow::new(3, 60_000);
        assert_eq!(window.retry_after_secs(NOW - 10_000, NOW), 50);
        assert_eq!(window.retry_after_secs(NOW - 10_001, NOW), 50, "49.999 s → 50");
        assert_eq!(window.retry_after_secs(NOW - 9_999, NOW), 51, "50.001 s → 51");
        assert_eq!(window.retry_after_secs(NOW, NOW), 60, "just counted: the whole window");
    }

    #[test]
    fn retry_after_is_at_least_one_second() {
        let window = SlidingWindow::new(3, 60_000);
        assert_eq!(window.retry_after_secs(NOW - 59_999, NOW), 1);
        assert_eq!(window.retry_after_secs(NOW - 60_000, NOW), 1, "leaving now");
        assert_eq!(window.retry_after_secs(NOW - 90_000, NOW), 1, "already left");
        assert_eq!(SlidingWindow::cooldown(400).retry_after_secs(NOW, NOW), 1, "a sub-second window");
        assert_eq!(SlidingWindow::cooldown(0).retry_after_secs(NOW, NOW), 1);
    }

    #[test]
    fn retry_after_is_at_most_the_window() {
        let window = SlidingWindow::new(1, 30_000);
        assert_eq!(window.retry_after_secs(NOW + 3_600_000, NOW), 30, "a clock an hour ahead");
        assert_eq!(SlidingWindow::cooldown(400).retry_after_secs(NOW + 5_000, NOW), 1);
        assert!(SlidingWindow::new(1, i64::MAX).retry_after_secs(i64::MAX, NOW) > 0, "no overflow");
    }

    #[test]
    fn full_only_when_the_deciding_event_exists() {
        let window = SlidingWindow::new(2, 10_000);
        assert_eq!(window.full_for(None, NOW), None);
        assert_eq!(window.full_for(Some(NOW - 4_000), NOW), Some(6));
        assert!(window.check(None, NOW).is_ok());
        assert!(matches!(
            window.check(Some(NOW - 4_000), NOW),
            Err(AppError::TooManyRequests { retry_after_secs: 6 })
        ));
        assert!(matches!(
            window.refusal(NOW - 4_000, NOW),
            AppError::TooManyRequests { retry_after_secs: 6 }
        ));
        let off = SlidingWindow::new(0, 10_000);
        assert!(off.is_off());
        assert_eq!(off.full_for(Some(NOW), NOW), None, "an off window never fills");
    }
}
