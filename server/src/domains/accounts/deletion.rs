//! Deleting an account, in one transaction: the player's results stay counted in every game's
//! public aggregates (player counts, score sums, found counters, histograms are per game and
//! do not change) but move to an anonymous key no one holds; everything else that names the
//! person is removed or unlinked; the e-mail and username are free again; no token of the
//! account passes again.
//!
//! What happens to each thing:
//!
//! * results under `acct:{id}` move to `deleted:{128 random bits}` with their streak row (the
//!   claim's own move, [`crate::domains::history::claim::move_results`]: same locks, same rebuild), and
//!   their client address is blanked;
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
//! Locks follow the order the rest of the server takes them in: the account's row (as a group
//! join does), its results and streak rows (as a claim does), then groups and games.

use std::thread;
use std::time::Duration;

use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::domains::games::model::ReviewStatus;
use crate::domains::history::claim::{is_transient, move_results};
use crate::domains::submissions::{account_user_key, deleted_user_key};
use crate::platform::db::{self, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{
    autofill_cooldowns, disputes, games, group_members, password_resets, player_groups, progress, ratings,
    reports, submissions, users,
};

use super::queries::{advance_session, WRONG_PASSWORD};

/// The submitter a deleted player's published games show.
pub const DELETED_SUBMITTER: &str = "deleted user";

const ATTEMPTS: u32 = 5;
const RETRY_PAUSE: Duration = Duration::from_millis(5);

/// What a deletion did, for the log and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deleted {
    pub results_moved: u32,
    pub groups_handed_over: usize,
    pub groups_deleted: usize,
    pub games_kept: usize,
    pub games_deleted: usize,
}

/// Deletes the account whose password hash is still `verified_hash` (the one the caller checked
/// the typed password against): a password change or reset that committed meanwhile wins, and
/// this answers `wrongPassword`. Retried on a deadlock, a serialization failure or a unique
/// violation (a result stored for the account meanwhile), as a claim is.
pub fn delete_account(
    conn: &mut DbConn,
    user_id: i64,
    verified_hash: &str,
    now_ms: i64,
) -> Result<Deleted, AppError> {
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        match db::write_transaction(conn, |conn| delete_in_transaction(conn, user_id, verified_hash, now_ms))
        {
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
    done.results_moved = move_results(conn, &account_key, &anonymous_key)?;
    // Every result of the account moved (the anonymous key is new, so none is held back).
    diesel::update(submissions::table.filter(submissions::user_key.eq(&anonymous_key)))
        .set(submissions::ip.eq(""))
        .execute(conn)?;
    unlink_disputes_and_reports(conn, user_id, &account_key, &anonymous_key)?;
    diesel::delete(progress::table.filter(progress::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(autofill_cooldowns::table.filter(autofill_cooldowns::user_id.eq(user_id)))
        .execute(conn)?;
    diesel::delete(password_resets::table.filter(password_resets::user_id.eq(user_id))).execute(conn)?;
    crate::domains::reminders::queries::forget_player(conn, &account_key)?;
    crate::domains::challenges::queries::delete_for_player(conn, &account_key)?;
    (done.groups_handed_over, done.groups_deleted) = leave_groups(conn, user_id)?;
    (done.games_kept, done.games_deleted) = release_games(conn, user_id)?;
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

fn unlink_disputes_and_reports(
    conn: &mut DbConn,
    user_id: i64,
    account_key: &str,
    anonymous_key: &str,
) -> Result<(), DieselError> {
    diesel::update(disputes::table.filter(disputes::user_key.eq(account_key)))
        .set(disputes::user_key.eq(anonymous_key))
        .execute(conn)?;
    diesel::update(
        disputes::table.filter(disputes::user_key.eq(anonymous_key).or(disputes::user_id.eq(user_id))),
    )
    .set((disputes::user_id.eq(None::<i64>), disputes::ip.eq("")))
    .execute(conn)?;
    // A logged-in player's report is keyed by the browser's userKey, and one per account and
    // game: the browser's key names that browser, so it goes too.
    diesel::update(reports::table.filter(reports::user_key.eq(account_key).or(reports::user_id.eq(user_id))))
        .set((reports::user_key.eq(anonymous_key), reports::user_id.eq(None::<i64>), reports::ip.eq("")))
        .execute(conn)?;
    // Ratings stay counted in each game's average, under the anonymous key (new: no clash).
    diesel::update(
        ratings::table.filter(ratings::rater_key.eq(account_key).or(ratings::user_id.eq(user_id))),
    )
    .set((ratings::rater_key.eq(anonymous_key), ratings::user_id.eq(None::<i64>)))
    .execute(conn)?;
    Ok(())
}

/// Hands each owned group to its longest-standing other member, or deletes it when there is
/// none; then ends every membership. How many were handed over and deleted. The heir gets the
/// group without the old owner's chat channel: its webhook was the old owner's to share.
fn leave_groups(conn: &mut DbConn, user_id: i64) -> Result<(usize, usize), DieselError> {
    lock_groups_of(conn, user_id)?;
    let owned: Vec<i64> = player_groups::table
        .filter(player_groups::owner_id.eq(user_id))
        .order(player_groups::id)
        .select(player_groups::id)
        .load(conn)?;
    let (mut handed, mut deleted) = (0, 0);
    for group_id in owned {
        let heir: Option<i64> = group_members::table
            .filter(group_members::group_id.eq(group_id))
            .filter(group_members::user_id.ne(user_id))
            .order((group_members::joined_at.asc(), group_members::user_id.asc()))
            .select(group_members::user_id)
            .first(conn)
            .optional()?;
        match heir {
            Some(heir) => {
                diesel::update(player_groups::table.find(group_id))
                    .set(player_groups::owner_id.eq(heir))
                    .execute(conn)?;
                crate::domains::channels::queries::remove(conn, group_id)?;
                handed += 1;
            }
            None => {
                crate::domains::channels::queries::remove(conn, group_id)?;
                diesel::delete(group_members::table.filter(group_members::group_id.eq(group_id)))
                    .execute(conn)?;
                diesel::delete(player_groups::table.find(group_id)).execute(conn)?;
                deleted += 1;
            }
        }
    }
    diesel::delete(group_members::table.filter(group_members::user_id.eq(user_id))).execute(conn)?;
    Ok((handed, deleted))
}

/// On PostgreSQL, locks the rows of every group the player belongs to (in id order, as a
/// leave or a join takes one group's row after the player's), so that the heir chosen below
/// cannot leave, and a group handed to this player cannot arrive, until this deletion commits:
/// after the lock, the owners and members read are final. SQLite's writer runs alone.
fn lock_groups_of(conn: &mut DbConn, user_id: i64) -> Result<(), DieselError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    let member_of =
        group_members::table.filter(group_members::user_id.eq(user_id)).select(group_members::group_id);
    player_groups::table
        .filter(player_groups::id.eq_any(member_of).or(player_groups::owner_id.eq(user_id)))
        .order(player_groups::id)
        .select(player_groups::id)
        .for_update()
        .load::<i64>(pg)?;
    Ok(())
}

/// Unlinks the player's published games (approved, or ever daily) and deletes the others;
/// how many were kept and deleted.
fn release_games(conn: &mut DbConn, user_id: i64) -> Result<(usize, usize), DieselError> {
    let published = games::status.eq(ReviewStatus::Approved.as_str()).or(games::edition_date.is_not_null());
    let kept = diesel::update(games::table.filter(games::owner_id.eq(user_id)).filter(published))
        .set((games::owner_id.eq(None::<i64>), games::submitter.eq(DELETED_SUBMITTER)))
        .execute(conn)?;
    // What is left owned is unpublished; its stats, results, reports and disputes go with it.
    let deleted = diesel::delete(games::table.filter(games::owner_id.eq(user_id))).execute(conn)?;
    Ok((kept, deleted))
}
