//! The per-account autofill cooldown, kept in the database (`autofill_cooldowns`) so that it
//! holds across server instances and restarts.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::autofill_cooldowns as cooldowns;
use crate::platform::window::SlidingWindow;

/// Records a use of autofill at `now_ms`, or answers 429 with the seconds left (rounded up)
/// when the account used it less than `cooldown_ms` ago.
///
/// Race-free on both backends without a transaction or upsert syntax: the conditional UPDATE
/// only moves a row whose cooldown is over, and of two concurrent INSERTs for a new account
/// the primary key lets one through. Whoever changed no row is inside the cooldown.
///
/// The cooldown is a sliding window of one use: the row keeps only the newest use, which is
/// the one that decides.
pub fn claim(conn: &mut DbConn, user_id: i64, now_ms: i64, cooldown_ms: u64) -> Result<(), AppError> {
    let window = SlidingWindow::cooldown(cooldown_ms);
    let moved = diesel::update(
        cooldowns::table
            .filter(cooldowns::user_id.eq(user_id))
            .filter(cooldowns::last_used_at.le(window.cutoff(now_ms))),
    )
    .set(cooldowns::last_used_at.eq(now_ms))
    .execute(conn)?;
    if moved == 1 {
        return Ok(());
    }
    let inserted = diesel::insert_into(cooldowns::table)
        .values((cooldowns::user_id.eq(user_id), cooldowns::last_used_at.eq(now_ms)))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            Err(too_soon(conn, user_id, now_ms, window)?)
        }
        Err(other) => Err(other.into()),
    }
}

/// The 429 for an account inside its cooldown, with `Retry-After` in whole seconds (at least 1,
/// at most the cooldown even when another instance's clock runs ahead).
fn too_soon(
    conn: &mut DbConn,
    user_id: i64,
    now_ms: i64,
    window: SlidingWindow,
) -> Result<AppError, AppError> {
    let last_used_at: i64 = cooldowns::table
        .find(user_id)
        .select(cooldowns::last_used_at)
        .first(conn)
        .optional()?
        .unwrap_or(now_ms);
    Ok(window.refusal(last_used_at, now_ms))
}

/// Gives back the use claimed at `now_ms` (an answer that added nothing): the account may
/// autofill again at once. Only that claim's row goes (the row keeps the newest use, and a
/// claim moves it only once the window is over, so nothing older is lost).
pub fn release(conn: &mut DbConn, user_id: i64, now_ms: i64) -> Result<(), AppError> {
    diesel::delete(
        cooldowns::table.filter(cooldowns::user_id.eq(user_id)).filter(cooldowns::last_used_at.eq(now_ms)),
    )
    .execute(conn)?;
    Ok(())
}
