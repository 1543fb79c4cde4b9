//! "Download my data": everything the server keeps about an account, as one JSON document
//! (`lavalist_api::accounts::AccountExport`): the account, every result under its key, the
//! community games it created, its groups, the disputes and reports it filed, the stars it gave,
//! the challenge links it made and the archive days it kept for them. The account's own section
//! is made here; every other comes from a part of the player-data registry
//! ([`crate::domains::player_data`]), each filling its own fields.

use diesel::prelude::*;
use lavalist_api::accounts::{AccountExport, ExportedAccount};

use crate::domains::player_data::{Account, PlayerData};
use crate::domains::submissions::interface::account_user_key;
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::users;

/// The export of account `user_id`, made at `now_ms`. A game scheduled as a future daily (a
/// community game an admin chose, perhaps edited) is left out until its day, as every other
/// route hides it from everyone but the admins: its date, prompt and items are not out yet.
pub fn export(
    conn: &mut DbConn,
    parts: &[&dyn PlayerData],
    user_id: i64,
    now_ms: i64,
) -> Result<AccountExport, AppError> {
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
    let mut out = AccountExport {
        exported_at: format_millis(now_ms),
        account,
        results: Vec::new(),
        games: Vec::new(),
        groups: Vec::new(),
        disputes: Vec::new(),
        reports: Vec::new(),
        ratings: Vec::new(),
        challenges: Vec::new(),
        archive_results: Vec::new(),
    };
    let account = Account { user_id, key: &account_key };
    for part in parts {
        part.export(conn, account, &released, &mut out)?;
    }
    Ok(out)
}
