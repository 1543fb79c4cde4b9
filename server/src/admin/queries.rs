//! The review queue and the daily schedule.

use chrono::{Days, NaiveDate};
use diesel::prelude::*;
use game_core::calendar::{format_date, parse_date};

use crate::db::{write_transaction, DbConn};
use crate::error::AppError;
use game_core::GameKind;

use crate::error::ErrorCode;
use crate::games::model::{GameRow, ReviewStatus, StoredGame};
use crate::paging::{contains_pattern, PageWindow};
use crate::schema::games;

fn review_query(
    status: ReviewStatus,
    search: Option<&str>,
) -> games::BoxedQuery<'static, crate::db::MultiBackend> {
    let query = games::table
        .into_boxed()
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .filter(games::status.eq(status.as_str()));
    match search.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => query.filter(games::prompt_search.like(contains_pattern(s)).escape('\\')),
        None => query,
    }
}

/// Community games with this review status, oldest first (a queue).
pub fn list_for_review(
    conn: &mut DbConn,
    status: ReviewStatus,
    search: Option<&str>,
    window: PageWindow,
) -> Result<(Vec<StoredGame>, i64), AppError> {
    let total: i64 = review_query(status, search).count().get_result(conn)?;
    let Some(offset) = window.offset else { return Ok((Vec::new(), total)) };
    let rows = review_query(status, search)
        .order((games::created_at.asc(), games::id.asc()))
        .offset(offset)
        .limit(window.limit)
        .select(GameRow::as_select())
        .load(conn)?;
    let games = rows.into_iter().map(StoredGame::try_from).collect::<Result<_, _>>()?;
    Ok((games, total))
}

/// Approve = an approved public community game; deny = hidden.
pub fn set_review(conn: &mut DbConn, uid: &str, approved: bool, now_ms: i64) -> Result<(), AppError> {
    let (status, public) =
        if approved { (ReviewStatus::Approved, true) } else { (ReviewStatus::Denied, false) };
    let updated = diesel::update(games::table.filter(games::uid.eq(uid)))
        .set((games::status.eq(status.as_str()), games::public.eq(public), games::updated_at.eq(now_ms)))
        .execute(conn)?;
    if updated == 0 {
        return Err(AppError::game_not_found());
    }
    Ok(())
}

/// The first date after `today` with no daily game.
pub fn first_free_date(conn: &mut DbConn, today: NaiveDate) -> Result<NaiveDate, AppError> {
    let taken: Vec<Option<String>> = games::table
        .filter(games::daily_date.gt(format_date(today)))
        .order(games::daily_date.asc())
        .select(games::daily_date)
        .load(conn)?;
    let mut candidate = today + Days::new(1);
    for date in taken.into_iter().flatten().filter_map(|d| parse_date(&d)) {
        if date != candidate {
            break;
        }
        candidate = candidate + Days::new(1);
    }
    Ok(candidate)
}

/// Schedules the game on the first free date after `today` (approved and public from then on);
/// the game keeps its uid. A game that already has a date keeps it.
pub fn make_daily(
    conn: &mut DbConn,
    uid: &str,
    today: NaiveDate,
    now_ms: i64,
) -> Result<NaiveDate, AppError> {
    write_transaction(conn, |conn| {
        let row: Option<Option<String>> =
            games::table.filter(games::uid.eq(uid)).select(games::daily_date).first(conn).optional()?;
        let current = row.ok_or_else(AppError::game_not_found)?;
        if let Some(date) = current.as_deref().and_then(parse_date) {
            return Err(AppError::refused(
                ErrorCode::AlreadyDaily,
                format!("This game is already the daily game of {}.", format_date(date)),
            ));
        }
        let date = first_free_date(conn, today)?;
        diesel::update(games::table.filter(games::uid.eq(uid)))
            .set((
                games::daily_date.eq(format_date(date)),
                games::status.eq(ReviewStatus::Approved.as_str()),
                games::public.eq(true),
                games::updated_at.eq(now_ms),
            ))
            .execute(conn)?;
        Ok(date)
    })
}
