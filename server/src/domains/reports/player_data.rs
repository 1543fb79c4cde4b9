//! The player's reports in the registry ([`crate::domains::player_data`]): they stay at a
//! deletion (a report is moderation history) under the anonymous key, without the account, the
//! browser's userKey a report was sent with, or the address; the export lists the ones the
//! player filed. A claim moves none.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::{AccountExport, ExportedReport};

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{games, reports};

pub struct Reports;

impl PlayerData for Reports {
    fn name(&self) -> &'static str {
        "reports"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        anonymous_key: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        // A logged-in player's report is keyed by the browser's userKey, and one per account and
        // game: the browser's key names that browser, so it goes too.
        diesel::update(
            reports::table.filter(reports::user_key.eq(account.key).or(reports::user_id.eq(account.user_id))),
        )
        .set((reports::user_key.eq(anonymous_key), reports::user_id.eq(None::<i64>), reports::ip.eq("")))
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
        let rows: Vec<(String, String, String, String, i64)> = reports::table
            .inner_join(games::table)
            .filter(reports::user_id.eq(account.user_id).or(reports::user_key.eq(account.key)))
            .order((reports::created_at.asc(), reports::id.asc()))
            .select((games::uid, reports::reason, reports::details, reports::status, reports::created_at))
            .load(conn)?;
        out.reports = rows
            .into_iter()
            .map(|(game_uid, reason, details, status, at)| ExportedReport {
                game_uid,
                reason,
                details,
                status,
                created_at: format_millis(at),
            })
            .collect();
        Ok(())
    }
}
