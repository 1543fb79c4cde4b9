//! When a reminder is due: a local time of day in the player's IANA zone, turned into instants
//! with chrono-tz (daylight-saving gaps and repeats included). Pure functions of the time they
//! are given; the scheduler hands them the app's clock.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// 19:00, the time offered until the player picks one.
pub const DEFAULT_MINUTE: i32 = 19 * 60;

/// `HH:MM` (24-hour) as minutes after midnight.
pub fn parse_time(text: &str) -> Option<i32> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

pub fn format_time(minute: i32) -> String {
    format!("{:02}:{:02}", minute.div_euclid(60), minute.rem_euclid(60))
}

/// An IANA zone name chrono-tz knows (`Etc/UTC`, `Europe/Paris`, …).
pub fn parse_zone(name: &str) -> Option<Tz> {
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    name.parse().ok()
}

/// The player's calendar date at `at`.
pub fn local_date(at: DateTime<Utc>, zone: Tz) -> NaiveDate {
    at.with_timezone(&zone).date_naive()
}

/// The instant `minute` after local midnight on `date`. A time that a clock change skips
/// (02:30 on a spring-forward night) is taken as the first instant after the gap; a time that
/// happens twice (an autumn night) the first time.
pub fn instant_on(date: NaiveDate, minute: i32, zone: Tz) -> DateTime<Utc> {
    let time =
        NaiveTime::from_hms_opt((minute / 60) as u32, (minute % 60) as u32, 0).unwrap_or(NaiveTime::MIN);
    let local = date.and_time(time);
    if let Some(at) = zone.from_local_datetime(&local).earliest() {
        return at.with_timezone(&Utc);
    }
    // In a gap: step forward a minute at a time (gaps last an hour, at most a few).
    (1..=24 * 60)
        .find_map(|step| zone.from_local_datetime(&(local + Duration::minutes(step))).earliest())
        .map_or_else(|| local.and_utc(), |at| at.with_timezone(&Utc))
}

/// The first reminder instant strictly after `now`.
pub fn next_after(now: DateTime<Utc>, minute: i32, zone: Tz) -> DateTime<Utc> {
    let today = local_date(now, zone);
    let candidate = instant_on(today, minute, zone);
    if candidate > now {
        return candidate;
    }
    let mut day = today;
    loop {
        day = day.succ_opt().unwrap_or(day);
        let next = instant_on(day, minute, zone);
        if next > now || day == NaiveDate::MAX {
            return next;
        }
    }
}

/// Seconds from `now` to the player's next local midnight: how long a reminder is worth
/// delivering (the push TTL), at least a minute.
pub fn seconds_left_in_day(now: DateTime<Utc>, zone: Tz) -> i64 {
    let tomorrow = local_date(now, zone).succ_opt().unwrap_or(NaiveDate::MAX);
    (instant_on(tomorrow, 0, zone) - now).num_seconds().max(60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn times_parse_strictly() {
        assert_eq!(parse_time("19:00"), Some(1140));
        assert_eq!(parse_time("00:00"), Some(0));
        assert_eq!(parse_time("23:59"), Some(1439));
        for bad in ["24:00", "7:00", "19:60", "19-00", "", "19:0a", "+1:00", "１９:００"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
        assert_eq!(format_time(1140), "19:00");
        assert_eq!(format_time(65), "01:05");
    }

    #[test]
    fn zones_are_iana_names() {
        assert!(parse_zone("Europe/Paris").is_some());
        assert!(parse_zone("Asia/Tokyo").is_some());
        assert!(parse_zone("America/New_York").is_some());
        assert!(parse_zone("Mars/Olympus").is_none());
        assert!(parse_zone("").is_none());
    }

    #[test]
    fn the_next_reminder_is_today_or_tomorrow_in_the_players_zone() {
        let paris: Tz = "Europe/Paris".parse().unwrap();
        // 16:00 UTC = 18:00 in Paris (CEST): 19:00 is an hour away.
        assert_eq!(next_after(at("2025-06-02T16:00:00Z"), 1140, paris), at("2025-06-02T17:00:00Z"));
        // Exactly at 19:00 it is tomorrow's.
        assert_eq!(next_after(at("2025-06-02T17:00:00Z"), 1140, paris), at("2025-06-03T17:00:00Z"));
        let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
        // 23:00 UTC on the 2nd is 08:00 on the 3rd in Tokyo.
        assert_eq!(
            local_date(at("2025-06-02T23:00:00Z"), tokyo),
            NaiveDate::from_ymd_opt(2025, 6, 3).unwrap()
        );
        assert_eq!(next_after(at("2025-06-02T23:00:00Z"), 1140, tokyo), at("2025-06-03T10:00:00Z"));
    }

    #[test]
    fn clock_changes_neither_skip_nor_repeat_a_day() {
        let ny: Tz = "America/New_York".parse().unwrap();
        // 2025-03-09: 02:00 jumps to 03:00. A 02:30 reminder comes at 03:00 EDT.
        let day = NaiveDate::from_ymd_opt(2025, 3, 9).unwrap();
        assert_eq!(instant_on(day, 150, ny), at("2025-03-09T07:00:00Z"));
        // 2025-11-02: 01:30 happens twice; the first (EDT) is taken.
        let day = NaiveDate::from_ymd_opt(2025, 11, 2).unwrap();
        assert_eq!(instant_on(day, 90, ny), at("2025-11-02T05:30:00Z"));
        assert_eq!(seconds_left_in_day(at("2025-11-02T04:00:00Z"), ny), 25 * 3600);
    }
}
