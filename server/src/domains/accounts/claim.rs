//! Claiming a browser's data for an account, at sign-up and login: every part of the player-data
//! registry ([`crate::domains::player_data`]) moves what the browser's userKey holds to the
//! account's key, in the registry's order, in one transaction: the results with their streak
//! rows and ratings, the reminder and push subscriptions, the challenge links and archive days.
//!
//! Idempotent: a second claim finds nothing left to move. Exclusive: once moved, a row is no
//! longer under the browser's key, so another account claiming that key gets nothing of it.
//!
//! Locks follow the submission writer's order (submission rows, then streak rows in userKey
//! order), so a claim and a batch cannot deadlock by order; a claim racing a batch that stores
//! the account's result for the same game meets a unique violation, and is tried again.

use std::thread;
use std::time::Duration;

use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::domains::player_data::{Account, Claimed, PlayerData};
use crate::domains::submissions::interface::{account_user_key, check_user_key};
use crate::platform::db::{self, DbConn, Pool};
use crate::platform::error::AppError;

const ATTEMPTS: u32 = 5;
const RETRY_PAUSE: Duration = Duration::from_millis(5);

/// Claims the browser's data for the account when a userKey was sent; the count of results
/// moved. A claim that fails (or a userKey no route would take) is logged and claims nothing:
/// logging in must not fail for it, and the next login claims again.
pub async fn claim_for(
    pool: &Pool,
    parts: &'static [&'static dyn PlayerData],
    user_key: Option<String>,
    user_id: i64,
) -> u32 {
    let Some(user_key) = user_key.filter(|k| !k.trim().is_empty()) else { return 0 };
    let key = match check_user_key(&user_key) {
        Ok(key) => key.to_string(),
        Err(err) => {
            tracing::warn!(user_id, error = %err, "not claiming: an unusable userKey");
            return 0;
        }
    };
    match db::run(pool, move |conn| claim(conn, parts, &key, user_id)).await {
        Ok(done) => {
            if done.results > 0 {
                tracing::info!(user_id, claimed = done.results, "a browser's results moved to the account");
            }
            done.results
        }
        Err(err) => {
            tracing::warn!(user_id, error = %err, "claiming a browser's data failed");
            0
        }
    }
}

/// Moves the browser's data to the account, walking `parts` in one transaction, tried again on
/// a transient failure.
pub fn claim(
    conn: &mut DbConn,
    parts: &[&dyn PlayerData],
    browser_key: &str,
    user_id: i64,
) -> Result<Claimed, AppError> {
    let account_key = account_user_key(user_id);
    let account = Account { user_id, key: &account_key };
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        let walk = |conn: &mut DbConn| {
            let mut done = Claimed::default();
            for part in parts {
                part.claim(conn, browser_key, account, &mut done)?;
            }
            Ok::<_, DieselError>(done)
        };
        match db::write_transaction(conn, walk) {
            Err(err) if is_transient(&err) && attempt < ATTEMPTS => {
                tracing::info!(error = %err, attempt, "retrying a claim");
                thread::sleep(pause);
                pause *= 2;
            }
            done => return done.map_err(AppError::from),
        }
    }
    unreachable!("the loop returns by its last attempt")
}

/// A deadlock, a serialization failure or a unique violation (a batch stored the account's
/// result for a game being moved meanwhile): tried again, the next try sees that row.
pub fn is_transient(err: &DieselError) -> bool {
    match err {
        DieselError::DatabaseError(
            DatabaseErrorKind::SerializationFailure | DatabaseErrorKind::UniqueViolation,
            _,
        ) => true,
        DieselError::DatabaseError(_, info) => info.message().contains("deadlock detected"),
        _ => false,
    }
}
