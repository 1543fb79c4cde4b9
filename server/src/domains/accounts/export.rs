//! "Download my data": everything the server keeps about an account, as one JSON document
//! (`lavalist_api::accounts::AccountExport`): the account, every result under its key, the
//! community games it created, its groups, the disputes and reports it filed, the stars it gave,
//! the challenge links it made and the archive days it kept for them.

use diesel::prelude::*;
use game_core::Item;
use lavalist_api::accounts::{
    AccountExport, ExportedAccount, ExportedArchiveResult, ExportedChallenge, ExportedDispute, ExportedGame,
    ExportedGroup, ExportedRating, ExportedReport, ExportedResult,
};
use lavalist_api::submissions::Answer;

use crate::domains::games::model::format_millis;
use crate::domains::submissions::account_user_key;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{
    archive_results, challenges, disputes, games, group_members, player_groups, ratings, reports,
    submissions, users,
};

/// The export of account `user_id`, made at `now_ms`. A game scheduled as a future daily (a
/// community game an admin chose, perhaps edited) is left out until its day, as every other
/// route hides it from everyone but the admins: its date, prompt and items are not out yet.
pub fn export(conn: &mut DbConn, user_id: i64, now_ms: i64) -> Result<AccountExport, AppError> {
    let account_key = account_user_key(user_id);
    let today =
        chrono::DateTime::from_timestamp_millis(now_ms).map(game_core::calendar::today).unwrap_or_default();
    let released = game_core::calendar::format_date(today);
    type Row = (String, String, i64, Option<i64>, Option<String>, Option<String>);
    let (username, email, created_at, adult, role, locale): Row = users::table
        .find(user_id)
        .select((
            users::username,
            users::email,
            users::created_at,
            users::adult_confirmed_at,
            users::role,
            users::locale,
        ))
        .first(conn)?;
    let account = ExportedAccount {
        username,
        email,
        created_at: format_millis(created_at),
        verified: true,
        adult_confirmed_at: adult.map(format_millis),
        role,
        locale: crate::platform::i18n::stored(locale.as_deref()),
    };
    Ok(AccountExport {
        exported_at: format_millis(now_ms),
        account,
        results: results(conn, &account_key, &released)?,
        games: created_games(conn, user_id, &released)?,
        groups: groups(conn, user_id)?,
        disputes: filed_disputes(conn, user_id, &account_key)?,
        reports: filed_reports(conn, user_id, &account_key)?,
        ratings: given_ratings(conn, &account_key)?,
        challenges: made_challenges(conn, &account_key)?,
        archive_results: kept_archive_results(conn, &account_key)?,
    })
}

type ResultRow = (String, String, String, i64, i32, i32, i32, Option<String>, String);

/// `released`: today's date; games scheduled after it are left out.
fn results(conn: &mut DbConn, account_key: &str, released: &str) -> Result<Vec<ExportedResult>, AppError> {
    let rows: Vec<ResultRow> = submissions::table
        .inner_join(games::table)
        .filter(submissions::user_key.eq(account_key))
        .filter(games::edition_date.is_null().or(games::edition_date.le(released)))
        .order((submissions::created_at.asc(), submissions::id.asc()))
        .select((
            games::uid,
            games::prompt,
            games::items,
            submissions::created_at,
            submissions::score,
            submissions::found,
            submissions::won,
            submissions::daily_day,
            submissions::answers,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, prompt, items, at, score, found, won, daily_day, answers)| {
            let items: Vec<Item> = serde_json::from_str(&items).unwrap_or_default();
            let answers: Vec<Answer> = serde_json::from_str(&answers).unwrap_or_default();
            let answers_found = answers
                .iter()
                .filter(|a| a.guessed_correctly)
                .filter_map(|a| items.iter().find(|i| i.id == a.answer_id).map(|i| i.name.clone()))
                .collect();
            ExportedResult {
                game_uid,
                prompt,
                played_at: format_millis(at),
                score,
                found,
                won: won != 0,
                daily_day,
                answers_found,
            }
        })
        .collect())
}

fn created_games(conn: &mut DbConn, user_id: i64, released: &str) -> Result<Vec<ExportedGame>, AppError> {
    let rows: Vec<(String, String, String, bool, i64, String)> = games::table
        .filter(games::owner_id.eq(user_id))
        .filter(games::edition_date.is_null().or(games::edition_date.le(released)))
        .order((games::created_at.asc(), games::id.asc()))
        .select((games::uid, games::prompt, games::status, games::public, games::created_at, games::items))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(uid, prompt, status, public, created_at, items)| {
            let items: Vec<Item> = serde_json::from_str(&items).unwrap_or_default();
            ExportedGame {
                uid,
                prompt,
                status,
                public,
                created_at: format_millis(created_at),
                items: items.into_iter().map(|i| i.name).collect(),
            }
        })
        .collect())
}

fn groups(conn: &mut DbConn, user_id: i64) -> Result<Vec<ExportedGroup>, AppError> {
    let rows: Vec<(String, i64, i64)> = player_groups::table
        .inner_join(group_members::table)
        .filter(group_members::user_id.eq(user_id))
        .order((group_members::joined_at.asc(), player_groups::id.asc()))
        .select((player_groups::name, player_groups::owner_id, group_members::joined_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(name, owner_id, joined_at)| ExportedGroup {
            name,
            role: if owner_id == user_id { "owner" } else { "member" }.into(),
            joined_at: format_millis(joined_at),
        })
        .collect())
}

fn filed_disputes(
    conn: &mut DbConn,
    user_id: i64,
    account_key: &str,
) -> Result<Vec<ExportedDispute>, AppError> {
    let rows: Vec<(String, String, String, i64)> = disputes::table
        .inner_join(games::table)
        .filter(disputes::user_id.eq(user_id).or(disputes::user_key.eq(account_key)))
        .order((disputes::created_at.asc(), disputes::id.asc()))
        .select((games::uid, disputes::guess, disputes::status, disputes::created_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, guess, status, at)| ExportedDispute {
            game_uid,
            guess,
            status,
            created_at: format_millis(at),
        })
        .collect())
}

fn filed_reports(
    conn: &mut DbConn,
    user_id: i64,
    account_key: &str,
) -> Result<Vec<ExportedReport>, AppError> {
    let rows: Vec<(String, String, String, String, i64)> = reports::table
        .inner_join(games::table)
        .filter(reports::user_id.eq(user_id).or(reports::user_key.eq(account_key)))
        .order((reports::created_at.asc(), reports::id.asc()))
        .select((games::uid, reports::reason, reports::details, reports::status, reports::created_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, reason, details, status, at)| ExportedReport {
            game_uid,
            reason,
            details,
            status,
            created_at: format_millis(at),
        })
        .collect())
}

fn given_ratings(conn: &mut DbConn, account_key: &str) -> Result<Vec<ExportedRating>, AppError> {
    let rows: Vec<(String, i32, i64, i64)> = ratings::table
        .inner_join(games::table)
        .filter(ratings::rater_key.eq(account_key))
        .order((ratings::created_at.asc(), games::id.asc()))
        .select((games::uid, ratings::stars, ratings::created_at, ratings::updated_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, stars, created, updated)| ExportedRating {
            game_uid,
            stars,
            created_at: format_millis(created),
            updated_at: format_millis(updated),
        })
        .collect())
}

fn made_challenges(conn: &mut DbConn, account_key: &str) -> Result<Vec<ExportedChallenge>, AppError> {
    let rows: Vec<(String, String, Option<String>, i64)> = challenges::table
        .inner_join(games::table)
        .filter(challenges::creator_key.eq(account_key))
        .order((challenges::created_at.asc(), challenges::id.asc()))
        .select((challenges::id, games::uid, challenges::daily_date, challenges::created_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, game_uid, daily_date, at)| ExportedChallenge {
            id,
            game_uid,
            daily_date,
            created_at: format_millis(at),
        })
        .collect())
}

fn kept_archive_results(
    conn: &mut DbConn,
    account_key: &str,
) -> Result<Vec<ExportedArchiveResult>, AppError> {
    let rows: Vec<(String, Option<String>, String, i64)> = archive_results::table
        .inner_join(games::table)
        .filter(archive_results::user_key.eq(account_key))
        .order((archive_results::created_at.asc(), games::id.asc()))
        .select((games::uid, games::edition_date, archive_results::actions, archive_results::created_at))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game_uid, daily_date, actions, at)| ExportedArchiveResult {
            game_uid,
            daily_date,
            actions,
            played_at: format_millis(at),
        })
        .collect())
}
