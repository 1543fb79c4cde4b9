//! The player-data registry's interface: what each domain that keeps a player's data does when
//! a browser's data moves to an account (the claim at sign-up and login), when the account is
//! deleted, and when the player downloads their data.
//!
//! Each such domain implements [`PlayerData`] once, in its own `player_data.rs`; the registry
//! is the list in `state.rs` ([`crate::state::PLAYER_DATA`]), and the accounts domain's claim,
//! deletion and export walk it in its order, inside one transaction each (the export reads
//! without one). So accounts names no other domain, and a domain that starts keeping a player's
//! data adds one entry instead of a reach into accounts.
//!
//! The list's order is the order in which every walk takes its locks: results and their streak
//! rows first (as the submission writer takes them: rows, then streak rows in userKey order),
//! then the rows keyed by the player in other tables, then groups, then games
//! (docs/architecture.md, "Several writers").
//!
//! This module is shared by the domains: every domain may name it, and it names none of them.

use diesel::result::Error as DieselError;
use lavalist_api::accounts::AccountExport;

use crate::platform::db::DbConn;
use crate::platform::error::AppError;

/// The account whose data is claimed, deleted or exported.
#[derive(Debug, Clone, Copy)]
pub struct Account<'a> {
    pub user_id: i64,
    /// The key the account's results are kept under (`acct:{id}`).
    pub key: &'a str,
}

/// What a claim did, summed over the parts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Claimed {
    /// Results that moved from the browser's key to the account's.
    pub results: u32,
}

/// What a deletion did, summed over the parts, for the log and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deleted {
    pub results_moved: u32,
    pub groups_handed_over: usize,
    pub groups_deleted: usize,
    pub games_kept: usize,
    pub games_deleted: usize,
}

/// One domain's share of a player's data. Every method runs on the caller's connection: `claim`
/// and `delete` inside the caller's write transaction (which is retried as a whole on a
/// deadlock, a serialization failure or a unique violation), `export` on a plain read.
pub trait PlayerData: Sync {
    /// A short name for the logs and the tests.
    fn name(&self) -> &'static str;

    /// Moves what the browser's key `browser_key` holds to `account` (sign-up and login). By
    /// default nothing moves: most parts are the account's already, or stay the browser's.
    fn claim(
        &self,
        conn: &mut DbConn,
        browser_key: &str,
        account: Account<'_>,
        done: &mut Claimed,
    ) -> Result<(), DieselError> {
        let _ = (conn, browser_key, account, done);
        Ok(())
    }

    /// Removes what names the player, or moves it to `anonymous_key` (a fresh key no one holds)
    /// where it stays counted.
    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        anonymous_key: &str,
        done: &mut Deleted,
    ) -> Result<(), DieselError>;

    /// Fills this part's fields of the export. `released` is today's date (`YYYY-MM-DD`): a game
    /// scheduled after it is not out yet, and is left out.
    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        released: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError>;
}
