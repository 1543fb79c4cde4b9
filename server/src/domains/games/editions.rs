//! Daily editions: one daily game per (language, day), the edition being the game's language.
//! Day numbers are shared (Day N is the same date in every edition); the archive, stats,
//! streaks and group boards are per edition, and English is the edition every route falls back
//! to.
//!
//! Storage: each edition's day is `games.edition_date`, unique per language; `daily_date`
//! mirrors it for English dailies only (see the migration `daily_editions`), so a previous
//! release running beside this one during a deploy still sees the English schedule it knew.

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::format_date;
use lavalist_api::accounts::Locale;

use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::games;

/// The edition every route falls back to, and the only one with a placeholder on an empty day.
pub const ENGLISH: Locale = Locale::En;

/// The edition a request asks for (`?edition=`): one of the interface languages, matched
/// without regard to case; missing, blank or any other value reads English.
pub fn parse(asked: Option<&str>) -> Locale {
    asked
        .map(str::trim)
        .and_then(|tag| Locale::ALL.into_iter().find(|l| l.tag().eq_ignore_ascii_case(tag)))
        .unwrap_or(ENGLISH)
}

/// What a day route answers when `edition` has no game that day: English's own 404, or the
/// edition's (the client then offers English).
pub fn no_game(edition: Locale) -> AppError {
    if edition == ENGLISH {
        AppError::no_game_for_date()
    } else {
        AppError::no_edition_game()
    }
}

/// The edition of a game written in `language`: the interface language it is, else none (a
/// game in another language can be a community game, not a daily).
pub fn of_language(language: &str) -> Option<Locale> {
    Locale::ALL.into_iter().find(|l| l.tag().eq_ignore_ascii_case(language))
}

/// What `daily_date` holds for a game scheduled on `date` in `language`: the day for English,
/// nothing for other editions (a previous release would take it for the English daily).
pub fn legacy_daily_date(language: &str, date: Option<NaiveDate>) -> Option<String> {
    date.filter(|_| language == ENGLISH.tag()).map(format_date)
}

/// The editions with a game on `date`, English first, then in the interface languages' order.
pub fn on(conn: &mut DbConn, date: NaiveDate) -> Result<Vec<Locale>, AppError> {
    let languages: Vec<String> =
        games::table.filter(games::edition_date.eq(format_date(date))).select(games::language).load(conn)?;
    Ok(Locale::ALL.into_iter().filter(|l| languages.iter().any(|lang| lang == l.tag())).collect())
}

/// Copies into `edition_date` every day an older release set in `daily_date` alone (it only
/// knew English dailies); run at start, before any request. How many games.
pub fn adopt_legacy_days(conn: &mut DbConn) -> Result<usize, AppError> {
    let adopted = diesel::update(
        games::table.filter(games::daily_date.is_not_null()).filter(games::edition_date.is_null()),
    )
    .set(games::edition_date.eq(games::daily_date))
    .execute(conn)?;
    if adopted > 0 {
        tracing::info!(games = adopted, "took over the daily days an older release scheduled");
    }
    Ok(adopted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_or_missing_edition_reads_english() {
        assert_eq!(parse(None), Locale::En);
        assert_eq!(parse(Some("")), Locale::En);
        assert_eq!(parse(Some("xx")), Locale::En);
        assert_eq!(parse(Some("es")), Locale::Es);
        assert_eq!(parse(Some(" JA ")), Locale::Ja);
        assert_eq!(parse(Some("pt-br")), Locale::PtBr);
    }

    #[test]
    fn only_english_days_are_mirrored_for_older_releases() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27);
        assert_eq!(legacy_daily_date("en", day).as_deref(), Some("2026-11-27"));
        assert_eq!(legacy_daily_date("ja", day), None);
        assert_eq!(legacy_daily_date("en", None), None);
    }
}
