//! The player's challenges in the registry ([`crate::domains::player_data`]): at a claim the
//! browser's challenge links become the account's, and its archive results too (each unless the
//! account already has one of that game); at a deletion both are deleted (the account's results
//! move to an anonymous key, so what it challenged could no longer be compared); the export
//! lists the links the player made and the archive days kept for them.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::{AccountExport, ExportedArchiveResult, ExportedChallenge};

use crate::domains::player_data::{Account, Claimed, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{archive_results, challenges, games};

pub struct Challenges;

impl PlayerData for Challenges {
    fn name(&self) -> &'static str {
        "challenges"
    }

    fn claim(
        &self,
        conn: &mut DbConn,
        browser_key: &str,
        account: Account<'_>,
        _: &mut Claimed,
    ) -> Result<(), DieselError> {
        diesel::update(challenges::table.filter(challenges::creator_key.eq(browser_key)))
            .set(challenges::creator_key.eq(account.key))
            .execute(conn)?;
        let held: Vec<i64> = archive_results::table
            .filter(archive_results::user_key.eq(account.key))
            .select(archive_results::game_id)
            .load(conn)?;
        diesel::update(
            archive_results::table
                .filter(archive_results::user_key.eq(browser_key))
                .filter(archive_results::game_id.ne_all(held)),
        )
        .set(archive_results::user_key.eq(account.key))
        .execute(conn)?;
        Ok(())
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        diesel::delete(challenges::table.filter(challenges::creator_key.eq(account.key))).execute(conn)?;
        diesel::delete(archive_results::table.filter(archive_results::user_key.eq(account.key)))
            .execute(conn)?;
        Ok(())
    }

    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError> {
        out.challenges = made_challenges(conn, account.key)?;
        out.archive_results = kept_archive_results(conn, account.key)?;
        Ok(())
    }
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
