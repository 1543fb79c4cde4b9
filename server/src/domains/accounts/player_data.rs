//! The account's reset links in the registry ([`crate::domains::player_data`]): deleted with the
//! account, at their place in the registry's order. The account's own row (checked first,
//! scrubbed last) and its export section are the deletion's and the export's own work
//! (`deletion.rs`, `export.rs`), around the walk.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::AccountExport;

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::password_resets;

pub struct ResetLinks;

impl PlayerData for ResetLinks {
    fn name(&self) -> &'static str {
        "reset links"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        diesel::delete(password_resets::table.filter(password_resets::user_id.eq(account.user_id)))
            .execute(conn)?;
        Ok(())
    }

    fn export(&self, _: &mut DbConn, _: Account<'_>, _: &str, _: &mut AccountExport) -> Result<(), AppError> {
        Ok(())
    }
}
