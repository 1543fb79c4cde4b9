//! Reports as stored: one row per player and game; open until an admin decides.

use std::collections::BTreeMap;

use diesel::prelude::*;
use lavalist_api::reports::{ReasonCount, ReportAction, ReportReason, ReportedGame};

use crate::domains::games::interface::set_review;
use crate::domains::games::interface::ReviewStatus;
use crate::platform::clock::format_millis;
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{games, reports};

const OPEN: &str = "open";
/// Details shown per reported game.
const DETAILS_SHOWN: usize = 5;

pub struct NewReport {
    pub game_id: i64,
    pub user_key: String,
    pub user_id: Option<i64>,
    pub reason: ReportReason,
    pub details: String,
    pub ip: String,
    pub created_at: i64,
}

/// Stores a report unless this player (userKey, or account) already reported the game: 409.
pub fn insert(conn: &mut DbConn, report: NewReport) -> Result<(), AppError> {
    write_transaction(conn, |conn| {
        let mut same = reports::table.filter(reports::game_id.eq(report.game_id)).into_boxed();
        same = match report.user_id {
            Some(id) => same.filter(reports::user_key.eq(&report.user_key).or(reports::user_id.eq(id))),
            None => same.filter(reports::user_key.eq(&report.user_key)),
        };
        let already: i64 = same.count().get_result(conn)?;
        if already > 0 {
            return Err(already_reported());
        }
        diesel::insert_into(reports::table)
            .values((
                reports::game_id.eq(report.game_id),
                reports::user_key.eq(&report.user_key),
                reports::user_id.eq(report.user_id),
                reports::reason.eq(report.reason.as_str()),
                reports::details.eq(&report.details),
                reports::ip.eq(&report.ip),
                reports::status.eq(OPEN),
                reports::created_at.eq(report.created_at),
            ))
            .execute(conn)
            // Two concurrent reports of one player: the unique (game, userKey) keeps one.
            .map_err(|err| match err {
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                ) => already_reported(),
                other => other.into(),
            })?;
        Ok(())
    })
}

fn already_reported() -> AppError {
    AppError::refused(ErrorCode::AlreadyReported, "You already reported this game.")
}

/// Every open report with its game, newest first.
type OpenRow = (String, String, String, bool, String, String, i64);

/// Games with open reports, most reported first (then the most recently reported).
pub fn reported_games(conn: &mut DbConn) -> Result<Vec<ReportedGame>, AppError> {
    let rows: Vec<OpenRow> = reports::table
        .inner_join(games::table)
        .filter(reports::status.eq(OPEN))
        .order((reports::created_at.desc(), reports::id.desc()))
        .select((
            games::uid,
            games::prompt,
            games::status,
            games::public,
            reports::reason,
            reports::details,
            reports::created_at,
        ))
        .load(conn)?;
    let mut by_game: BTreeMap<String, ReportedGame> = BTreeMap::new();
    let mut reasons: BTreeMap<String, BTreeMap<ReportReason, i64>> = BTreeMap::new();
    for (uid, prompt, status, public, reason, details, at) in rows {
        let game = by_game.entry(uid.clone()).or_insert_with(|| ReportedGame {
            uid: uid.clone(),
            prompt,
            status: ReviewStatus::parse(&status).unwrap_or(ReviewStatus::Unreviewed),
            public,
            reports: 0,
            reasons: Vec::new(),
            details: Vec::new(),
            first_at: format_millis(at),
            last_at: format_millis(at),
        });
        game.reports += 1;
        // Rows come newest first: each older one moves `first_at` back.
        game.first_at = format_millis(at);
        if !details.is_empty() && game.details.len() < DETAILS_SHOWN {
            game.details.push(details);
        }
        if let Some(reason) = ReportReason::parse(&reason) {
            *reasons.entry(uid).or_default().entry(reason).or_default() += 1;
        }
    }
    let mut games: Vec<ReportedGame> = by_game
        .into_values()
        .map(|mut game| {
            let mut counts: Vec<ReasonCount> = reasons
                .remove(&game.uid)
                .unwrap_or_default()
                .into_iter()
                .map(|(reason, count)| ReasonCount { reason, count })
                .collect();
            counts.sort_by(|a, b| b.count.cmp(&a.count).then(a.reason.cmp(&b.reason)));
            game.reasons = counts;
            game
        })
        .collect();
    games.sort_by(|a, b| b.reports.cmp(&a.reports).then_with(|| b.last_at.cmp(&a.last_at)));
    Ok(games)
}

/// Closes the game's open reports (`dismissed` or `hidden`); hiding also denies the game.
/// The number of reports closed. 404 for an unknown uid or a game that is not a community game.
pub fn decide(conn: &mut DbConn, uid: &str, action: ReportAction, now_ms: i64) -> Result<i64, AppError> {
    write_transaction(conn, |conn| {
        let (game_id, daily_date): (i64, Option<String>) = games::table
            .filter(games::uid.eq(uid))
            .filter(games::kind.eq(game_core::GameKind::Community.as_str()))
            .select((games::id, games::edition_date))
            .first(conn)
            .optional()?
            .ok_or_else(AppError::game_not_found)?;
        let status = match action {
            ReportAction::Dismiss => "dismissed",
            // A daily game's day belongs to everyone who played it: edit it instead.
            ReportAction::Hide if daily_date.is_some() => {
                return Err(AppError::refused(
                    ErrorCode::AlreadyDaily,
                    "This game is a daily game: edit it rather than hide it.",
                ));
            }
            ReportAction::Hide => {
                set_review(conn, uid, false, now_ms)?;
                "hidden"
            }
        };
        let closed = diesel::update(
            reports::table.filter(reports::game_id.eq(game_id)).filter(reports::status.eq(OPEN)),
        )
        .set((reports::status.eq(status), reports::resolved_at.eq(Some(now_ms))))
        .execute(conn)?;
        Ok(closed as i64)
    })
}

/// Open reports across all games (for insights).
pub fn open_count(conn: &mut DbConn) -> Result<i64, AppError> {
    Ok(reports::table.filter(reports::status.eq(OPEN)).count().get_result(conn)?)
}
