//! The account's autofill cooldown in the registry ([`crate::domains::player_data`]): deleted
//! with the account; nothing to claim (it is per account) or to export (a timestamp of the
//! last request, for the rate limit).

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::AccountExport;

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::autofill_cooldowns;

pub struct Cooldown;

impl PlayerData for Cooldown {
    fn name(&self) -> &'static str {
        "autofill cooldown"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        diesel::delete(autofill_cooldowns::table.filter(autofill_cooldowns::user_id.eq(account.user_id)))
            .execute(conn)?;
        Ok(())
    }

    fn export(&self, _: &mut DbConn, _: Account<'_>, _: &str, _: &mut AccountExport) -> Result<(), AppError> {
        Ok(())
    }
}
