//! The account's saved progress in the registry ([`crate::domains::player_data`]): deleted with
//! the account. It is kept per account, not per browser, so a claim has nothing to move, and it
//! is not part of the export (a replay log in the middle of a game).

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::AccountExport;

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::progress;

pub struct Progress;

impl PlayerData for Progress {
    fn name(&self) -> &'static str {
        "progress"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        diesel::delete(progress::table.filter(progress::user_id.eq(account.user_id))).execute(conn)?;
        Ok(())
    }

    fn export(&self, _: &mut DbConn, _: Account<'_>, _: &str, _: &mut AccountExport) -> Result<(), AppError> {
        Ok(())
    }
}
