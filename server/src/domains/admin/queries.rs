//! The review queue and the daily schedule.

use chrono::{Days, NaiveDate};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use game_core::calendar::{format_date, parse_date};

use crate::platform::db::{write_transaction, Backend, DbConn};
use crate::platform::error::AppError;
use game_core::GameKind;

use crate::domains::games::interface::editions;
use crate::domains::games::interface::search::{self, Words};
use crate::domains::games::interface::{GameRow, ReviewStatus, StoredGame};
use crate::platform::error::ErrorCode;
use crate::platform::paging::PageWindow;
use crate::platform::schema::games;

fn review_query(
    status: ReviewStatus,
    search: Option<&str>,
    backend: Backend,
) -> games::BoxedQuery<'static, crate::platform::db::MultiBackend> {
    let query = games::table
        .into_boxed()
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .filter(games::status.eq(status.as_str()));
    search::matching(query, search, backend, Words::Indexed)
}

/// Community games with this review status, oldest first (a queue).
pub fn list_for_review(
    conn: &mut DbConn,
    status: ReviewStatus,
    search: Option<&str>,
    window: PageWindow,
) -> Result<(Vec<StoredGame>, i64), AppError> {
    let backend = conn.backend();
    let total: i64 = review_query(status, search, backend).count().get_result(conn)?;
    let Some(offset) = window.offset else { return Ok((Vec::new(), total)) };
    let rows = review_query(status, search, backend)
        .order((games::created_at.asc(), games::id.asc()))
        .offset(offset)
        .limit(window.limit)
        .select(GameRow::as_select())
        .load(conn)?;
    let games = rows.into_iter().map(StoredGame::try_from).collect::<Result<_, _>>()?;
    Ok((games, total))
}

/// The first date on or after `from` (tomorrow at the earliest) with no daily game in the
/// edition of `language`.
pub fn first_free_date(
    conn: &mut DbConn,
    language: &str,
    today: NaiveDate,
    from: Option<NaiveDate>,
) -> Result<NaiveDate, AppError> {
    let mut candidate = from.unwrap_or(today).max(today + Days::new(1));
    let taken: Vec<Option<String>> = games::table
        .filter(games::language.eq(language))
        .filter(games::edition_date.ge(format_date(candidate)))
        .order(games::edition_date.asc())
        .select(games::edition_date)
        .load(conn)?;
    for date in taken.into_iter().flatten().filter_map(|d| parse_date(&d)) {
        if date != candidate {
            break;
        }
        candidate = candidate + Days::new(1);
    }
    Ok(candidate)
}

fn date_taken(date: NaiveDate) -> AppError {
    AppError::refused(
        ErrorCode::DateTaken,
        format!("Another game is already the daily game of {}.", format_date(date)),
    )
}

/// The day asked for, which must be after `today` and free, or the first free day after it.
fn daily_date_for(
    conn: &mut DbConn,
    language: &str,
    today: NaiveDate,
    asked: Option<NaiveDate>,
) -> Result<NaiveDate, AppError> {
    let Some(date) = asked else { return first_free_date(conn, language, today, None) };
    if date <= today {
        return Err(AppError::bad_request("A game can only be made the daily game of a day after today."));
    }
    let taken: i64 = games::table
        .filter(games::language.eq(language))
        .filter(games::edition_date.eq(format_date(date)))
        .count()
        .get_result(conn)?;
    if taken > 0 {
        return Err(date_taken(date));
    }
    Ok(date)
}

/// Schedules the game on `asked`, or on the first free date after `today`, in the daily edition
/// of its language (approved and public from then on); the game keeps its uid. A game that
/// already has a date keeps it.
pub fn make_daily(
    conn: &mut DbConn,
    uid: &str,
    today: NaiveDate,
    asked: Option<NaiveDate>,
    now_ms: i64,
) -> Result<NaiveDate, AppError> {
    write_transaction(conn, |conn| {
        let row: Option<(Option<String>, String)> = games::table
            .filter(games::uid.eq(uid))
            .select((games::edition_date, games::language))
            .first(conn)
            .optional()?;
        let (current, language) = row.ok_or_else(AppError::game_not_found)?;
        if let Some(date) = current.as_deref().and_then(parse_date) {
            return Err(AppError::refused(
                ErrorCode::AlreadyDaily,
                format!("This game is already the daily game of {}.", format_date(date)),
            ));
        }
        let date = daily_date_for(conn, &language, today, asked)?;
        let updated = diesel::update(games::table.filter(games::uid.eq(uid)))
            .set((
                games::edition_date.eq(format_date(date)),
                games::daily_date.eq(editions::legacy_daily_date(&language, Some(date))),
                games::status.eq(ReviewStatus::Approved.as_str()),
                games::public.eq(true),
                games::updated_at.eq(now_ms),
            ))
            .execute(conn);
        match updated {
            // Another admin took the day between the check and the write (the column is unique).
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Err(date_taken(date)),
            other => other.map(|_| date).map_err(AppError::from),
        }
    })
}
