//! The player's disputes in the registry ([`crate::domains::player_data`]): they stay at a
//! deletion (a dispute may have regraded other players' results) under the anonymous key,
//! without the account or the address; the export lists the ones the player filed. A claim
//! moves none: a browser's disputes stay the browser's.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::{AccountExport, ExportedDispute};

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{disputes, games};

pub struct Disputes;

impl PlayerData for Disputes {
    fn name(&self) -> &'static str {
        "disputes"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        anonymous_key: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        diesel::update(disputes::table.filter(disputes::user_key.eq(account.key)))
            .set(disputes::user_key.eq(anonymous_key))
            .execute(conn)?;
        diesel::update(
            disputes::table
                .filter(disputes::user_key.eq(anonymous_key).or(disputes::user_id.eq(account.user_id))),
        )
        .set((disputes::user_id.eq(None::<i64>), disputes::ip.eq("")))
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
        let rows: Vec<(String, String, String, i64)> = disputes::table
            .inner_join(games::table)
            .filter(disputes::user_id.eq(account.user_id).or(disputes::user_key.eq(account.key)))
            .order((disputes::created_at.asc(), disputes::id.asc()))
            .select((games::uid, disputes::guess, disputes::status, disputes::created_at))
            .load(conn)?;
        out.disputes = rows
            .into_iter()
            .map(|(game_uid, guess, status, at)| ExportedDispute {
                game_uid,
                guess,
                status,
                created_at: format_millis(at),
            })
            .collect();
        Ok(())
    }
}
