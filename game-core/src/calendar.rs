//! The game day: New York's calendar, day numbers and the countdown to the next game.

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::America::New_York;
use serde::{Deserialize, Serialize};

/// Day 1 is 2024-07-09 (New York).
pub const FIRST_DAY: NaiveDate = match NaiveDate::from_ymd_opt(2024, 7, 9) {
    Some(d) => d,
    None => panic!("valid constant"),
};

pub use crate::rules::GRACE_MINUTES;

/// Today's game date in New York at instant `now`.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&New_York).date_naive()
}

/// Whether a daily game of `date` takes results at `now`: today's, and yesterday's during the
/// grace period after midnight.
pub fn accepts_daily(date: NaiveDate, now: DateTime<Utc>) -> bool {
    date == today(now) || date == today(now - Duration::minutes(GRACE_MINUTES))
}

/// Day number of a game date (2024-07-09 is Day 1; earlier dates give 0 or less).
pub fn day_number(date: NaiveDate) -> i64 {
    (date - FIRST_DAY).num_days() + 1
}

/// The instant the game day containing `now` ends (next midnight in New York).
pub fn next_game_at(now: DateTime<Utc>) -> DateTime<Utc> {
    day_start(today(now) + Duration::days(1))
}

/// The instant the game day `date` begins (midnight in New York).
pub fn day_start(date: NaiveDate) -> DateTime<Utc> {
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    // Midnight always exists exactly once in New York (clocks change at 02:00), but fall back
    // to the earliest reading rather than panic should the rules ever change.
    New_York
        .from_local_datetime(&midnight)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

/// Whole seconds until the next game, right on 23- and 25-hour days.
pub fn seconds_to_next_game(now: DateTime<Utc>) -> i64 {
    let remaining = next_game_at(now) - now;
    // Round up partial seconds so the countdown never shows 00:00:00 before midnight.
    let millis = remaining.num_milliseconds();
    (millis + 999).div_euclid(1000)
}

/// Parses exactly `YYYY-MM-DD` (four-digit year, two-digit month and day) into a real date.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() });
    if !shape_ok {
        return None;
    }
    // Parsed by hand: chrono's format parser would add kilobytes to the WASM module.
    let number = |range: std::ops::Range<usize>| text[range].parse::<u32>().ok();
    NaiveDate::from_ymd_opt(number(0..4)? as i32, number(5..7)?, number(8..10)?)
}

/// Formats a date as `YYYY-MM-DD`.
pub fn format_date(date: NaiveDate) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ArchiveDateCheck {
    /// Exactly `YYYY-MM-DD` and a real calendar date.
    pub valid: bool,
    /// Valid, and before today in New York (or any date for an admin).
    pub playable: bool,
}

/// Whether `archive/{date}` names a real date, and whether this player may open it now.
pub fn check_archive_date(text: &str, now: DateTime<Utc>, admin: bool) -> ArchiveDateCheck {
    match parse_date(text) {
        None => ArchiveDateCheck { valid: false, playable: false },
        Some(date) => ArchiveDateCheck { valid: true, playable: admin || date < today(now) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn day_one_and_dst_days() {
        assert_eq!(day_number(FIRST_DAY), 1);
        assert_eq!(today(at("2025-03-09T05:00:00Z")).to_string(), "2025-03-09");
        assert_eq!(seconds_to_next_game(at("2025-03-09T05:00:00Z")), 23 * 3600);
        assert_eq!(seconds_to_next_game(at("2025-11-02T04:00:00Z")), 25 * 3600);
        assert_eq!(today(at("2025-01-01T04:59:59Z")).to_string(), "2024-12-31");
    }

    #[test]
    fn grace_after_midnight() {
        let day = NaiveDate::from_ymd_opt(2025, 6, 1).unwrap();
        let next = NaiveDate::from_ymd_opt(2025, 6, 2).unwrap();
        // 00:14 New York (EDT) on June 2nd: June 1st is still taken.
        assert!(accepts_daily(day, at("2025-06-02T04:14:00Z")));
        assert!(accepts_daily(next, at("2025-06-02T04:14:00Z")));
        // 00:16: no longer.
        assert!(!accepts_daily(day, at("2025-06-02T04:16:00Z")));
        assert!(!accepts_daily(NaiveDate::from_ymd_opt(2025, 5, 31).unwrap(), at("2025-06-02T04:14:00Z")));
    }

    #[test]
    fn date_shape() {
        assert!(parse_date("2025-02-28").is_some());
        assert!(parse_date("2025-02-29").is_none());
        assert!(parse_date("2025-2-28").is_none());
        assert!(parse_date("+2025-02-28").is_none());
        assert!(parse_date("2025-02-28 ").is_none());
    }
}
