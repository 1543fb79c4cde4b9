//! The one clock the server reads: every rule that depends on the time (today's date, the grace
//! window, release of future days, streak lapses, expiries, rate-limit windows) and every stored
//! timestamp asks it, so a test can stand the whole server at any instant. Durations (the game
//! cache's TTL, request latency) stay on `std::time::Instant`: no rule depends on them.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

/// The time source held by `AppState`: the system clock in production, a [`TestClock`] in
/// tests, or the system clock shifted to start at `--fake-now` (debug builds only). Cheap to
/// clone; clones read the same time.
#[derive(Debug, Clone)]
pub struct Clock(Source);

#[derive(Debug, Clone)]
enum Source {
    System,
    /// Unix milliseconds, moved only through the `TestClock` that made it.
    Manual(Arc<AtomicI64>),
    /// The system clock shifted by this many milliseconds (`--fake-now`, debug builds only).
    Shifted(i64),
}

impl Clock {
    pub fn system() -> Self {
        Clock(Source::System)
    }

    /// A clock that reads `start` now and then runs at the system clock's pace: the real
    /// binary at a chosen instant (`--fake-now`), for process and browser tests.
    pub fn starting_at(start: DateTime<Utc>) -> Self {
        Clock(Source::Shifted(start.timestamp_millis() - Utc::now().timestamp_millis()))
    }

    pub fn now(&self) -> DateTime<Utc> {
        match &self.0 {
            Source::System => Utc::now(),
            Source::Manual(ms) => from_millis(ms.load(Ordering::SeqCst)),
            Source::Shifted(_) => from_millis(self.now_ms()),
        }
    }

    /// `now()` as Unix milliseconds, the unit of every stored time.
    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            Source::System => Utc::now().timestamp_millis(),
            Source::Manual(ms) => ms.load(Ordering::SeqCst),
            Source::Shifted(by) => Utc::now().timestamp_millis().saturating_add(*by),
        }
    }
}

/// A clock that stands still until it is set or advanced. Only this handle moves it, so code
/// holding a [`Clock`] can read the time but never change it.
#[derive(Debug, Clone)]
pub struct TestClock(Arc<AtomicI64>);

impl TestClock {
    pub fn at(now: DateTime<Utc>) -> Self {
        TestClock(Arc::new(AtomicI64::new(now.timestamp_millis())))
    }

    /// The clock to hand to the server; it follows every later `set` and `advance`.
    pub fn clock(&self) -> Clock {
        Clock(Source::Manual(self.0.clone()))
    }

    pub fn set(&self, now: DateTime<Utc>) {
        self.0.store(now.timestamp_millis(), Ordering::SeqCst);
    }

    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.num_milliseconds(), Ordering::SeqCst);
    }

    pub fn now(&self) -> DateTime<Utc> {
        from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// Out-of-range values cannot come from `set`/`advance` in practice; clamp rather than panic.
fn from_millis(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// RFC 3339 UTC with milliseconds, as JavaScript's `Date#toISOString`.
pub fn format_millis(millis: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(millis)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_test_clock_moves_only_when_told_and_its_clones_follow() {
        let handle = TestClock::at(at("2025-06-02T04:14:00Z"));
        let clock = handle.clock();
        let copy = clock.clone();
        assert_eq!(clock.now(), at("2025-06-02T04:14:00Z"));
        assert_eq!(clock.now_ms(), at("2025-06-02T04:14:00Z").timestamp_millis());
        handle.advance(Duration::minutes(2));
        assert_eq!(copy.now(), at("2025-06-02T04:16:00Z"));
        handle.set(at("2025-01-15T05:00:00Z"));
        assert_eq!(clock.now(), at("2025-01-15T05:00:00Z"));
        assert_eq!(handle.now(), clock.now());
    }

    #[test]
    fn a_shifted_clock_starts_where_told_and_keeps_running() {
        let clock = Clock::starting_at(at("2025-06-02T04:14:00Z"));
        let start = at("2025-06-02T04:14:00Z").timestamp_millis();
        let read = clock.now_ms();
        assert!((start..start + 5_000).contains(&read), "{read} is not just after {start}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(clock.now_ms() >= read + 20, "it runs");
        assert_eq!(clock.now().timestamp_millis() / 60_000, start / 60_000);
    }

    #[test]
    fn fake_now_is_a_hidden_setting_for_debug_builds() {
        use clap::{CommandFactory, Parser};
        let cli =
            crate::platform::config::Cli::try_parse_from(["lavalist", "--fake-now", "2025-06-02T04:14:00Z"])
                .expect("an RFC 3339 instant");
        let clock = cli.config.clock();
        if cfg!(debug_assertions) {
            let read = clock.expect("accepted by a debug build").now();
            assert_eq!(read.format("%Y-%m-%dT%H:%M").to_string(), "2025-06-02T04:14");
        } else {
            assert!(clock.is_err(), "refused by a release build");
        }
        assert!(crate::platform::config::Cli::try_parse_from(["lavalist", "--fake-now", "tomorrow"]).is_err());
        let help = crate::platform::config::Cli::command().render_long_help().to_string();
        assert!(!help.contains("fake-now"), "hidden from --help");
    }

    #[test]
    fn the_system_clock_follows_the_system_time() {
        let before = Utc::now().timestamp_millis();
        let read = Clock::system().now_ms();
        let after = Utc::now().timestamp_millis();
        assert!(before <= read && read <= after, "{before} <= {read} <= {after}");
        assert!(Clock::system().now() >= DateTime::from_timestamp_millis(before).unwrap());
    }
}
