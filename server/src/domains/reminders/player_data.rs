//! The player's reminders in the registry ([`crate::domains::player_data`]): at a claim the
//! browser's reminder (when the account has none) and its push subscriptions follow its results
//! to the account, so "today's game is played" reads the account's results; at a deletion they
//! are forgotten. Not part of the export.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::AccountExport;

use super::queries::find;
use crate::domains::player_data::{Account, Claimed, Deleted, PlayerData};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{push_subscriptions, reminders};

pub struct Reminders;

impl PlayerData for Reminders {
    fn name(&self) -> &'static str {
        "reminders"
    }

    fn claim(
        &self,
        conn: &mut DbConn,
        browser_key: &str,
        account: Account<'_>,
        _: &mut Claimed,
    ) -> Result<(), DieselError> {
        if find(conn, account.key)?.is_none() && find(conn, browser_key)?.is_some() {
            diesel::update(reminders::table.find(browser_key))
                .set((reminders::player_key.eq(account.key), reminders::user_id.eq(Some(account.user_id))))
                .execute(conn)?;
        }
        diesel::update(push_subscriptions::table.filter(push_subscriptions::player_key.eq(browser_key)))
            .set(push_subscriptions::player_key.eq(account.key))
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
        diesel::delete(reminders::table.find(account.key)).execute(conn)?;
        diesel::delete(push_subscriptions::table.filter(push_subscriptions::player_key.eq(account.key)))
            .execute(conn)?;
        Ok(())
    }

    fn export(&self, _: &mut DbConn, _: Account<'_>, _: &str, _: &mut AccountExport) -> Result<(), AppError> {
        Ok(())
    }
}
