//! Deleting an account, in one transaction: the player's results stay counted in every game's
//! public aggregates (player counts, score sums, found counters, histograms are per game and
//! do not change) but move to an anonymous key no one holds; everything else that names the
//! person is removed or unlinked; the e-mail and username are free again; no token of the
//! account passes again.
//!
//! What happens to each thing:
//!
//! * results under `acct:{id}` move to `deleted:{128 random bits}` with their streak row (the
//!   claim's own move: same locks, same rebuild), and their client address is blanked;
//! * the player's ratings stay counted, under the same anonymous key and without the account;
//! * the player's disputes and reports stay (a dispute may have regraded other players'
//!   results, a report is moderation history) under the same anonymous key, without the
//!   account, the browser's userKey a report was sent with, or the address;
//! * saved progress, the autofill cooldown and reset links are deleted, and so are the player's
//!   challenge links and the archive results stored for challenges;
//! * each group the player owns goes to its longest-standing other member (earliest
//!   `joined_at`, then lowest id), or is deleted when the player is its only member; every
//!   membership ends;
//! * community games the player created: a published one (approved, or ever a daily game) stays,
//!   with no owner and "deleted user" as its submitter, because other players play it, link to
//!   it and hold results of it; an unpublished one (unreviewed or denied, never daily: only its
//!   author and the admins could open it) is deleted with its stats;
//! * the `users` row stays as a scrubbed tombstone: no e-mail, username, password, role or 18+
//!   date, `deleted_at` set and a new session generation. Kept, not deleted, so that its id is
//!   never handed to a new account: SQLite gives a new row the highest rowid plus one, which
//!   after deleting the newest account is that account's id, and its old tokens (subject = the
//!   id) would then name the new account.
//!
//! Each of these but the account's own row is a part of the player-data registry
//! ([`crate::domains::player_data`]): the deletion checks and marks the row, walks the
//! registry in its order, and scrubs the row last.
//!
//! Locks follow the order the rest of the server takes them in: the account's row (as a group
//! join does), its results and streak rows (as a claim does), then groups and games: the
//! registry's order.

use std::thread;
use std::time::Duration;

use diesel::prelude::*;
use diesel::result::Error as DieselError;

use super::claim::is_transient;
use super::queries::{advance_session, WRONG_PASSWORD};
use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::domains::submissions::interface::{account_user_key, deleted_user_key};
use crate::platform::db::{self, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::users;

const ATTEMPTS: u32 = 5;
const RETRY_PAUSE: Duration = Duration::from_millis(5);

/// Deletes the account whose password hash is still `verified_hash` (the one the caller checked
/// the typed password against): a password change or reset that committed meanwhile wins, and
/// this answers `wrongPassword`. Retried on a deadlock, a serialization failure or a unique
/// violation (a result stored for the account meanwhile), as a claim is.
pub fn delete_account(
    conn: &mut DbConn,
    parts: &[&dyn PlayerData],
    user_id: i64,
    verified_hash: &str,
    now_ms: i64,
) -> Result<Deleted, AppError> {
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        match db::write_transaction(conn, |conn| {
            delete_in_transaction(conn, parts, user_id, verified_hash, now_ms)
        }) {
            Err(err) if is_transient(&err) && attempt < ATTEMPTS => {
                tracing::info!(error = %err, attempt, "retrying an account deletion");
                thread::sleep(pause);
                pause *= 2;
            }
            done => return done.map_err(AppError::from)?,
        }
    }
    unreachable!("the loop returns by its last attempt")
}

fn delete_in_transaction(
    conn: &mut DbConn,
    parts: &[&dyn PlayerData],
    user_id: i64,
    verified_hash: &str,
    now_ms: i64,
) -> Result<Result<Deleted, AppError>, DieselError> {
    // The conditional update checks the password and takes the row's lock in one statement.
    let marked = diesel::update(
        users::table
            .find(user_id)
            .filter(users::password_hash.eq(verified_hash))
            .filter(users::deleted_at.is_null()),
    )
    .set(users::deleted_at.eq(now_ms))
    .execute(conn)?;
    if marked != 1 {
        return Ok(Err(AppError::Refused {
            code: ErrorCode::WrongPassword,
            message: WRONG_PASSWORD.into(),
            field: Some("password".into()),
        }));
    }
    let mut done = Deleted::default();
    let (account_key, anonymous_key) = (account_user_key(user_id), deleted_user_key());
    let account = Account { user_id, key: &account_key };
    for part in parts {
        part.delete(conn, account, &anonymous_key, &mut done)?;
    }
    let tombstone = format!("deleted:{user_id}");
    diesel::update(users::table.find(user_id))
        .set((
            users::username.eq(&tombstone),
            users::username_lower.eq(&tombstone),
            users::email.eq(&tombstone),
            users::password_hash.eq(None::<String>),
            users::role.eq(None::<String>),
            users::adult_confirmed_at.eq(None::<i64>),
        ))
        .execute(conn)?;
    advance_session(conn, user_id, now_ms)?;
    Ok(Ok(done))
}
