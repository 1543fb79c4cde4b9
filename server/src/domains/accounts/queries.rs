//! Account and pending sign-up rows.

use diesel::prelude::*;
use diesel::result::Error as DieselError;

use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{pending_signups, users};

use super::types::{PendingSignup, UserRow};

/// Wrong tries after which a code is dead, even if the next guess is right.
pub const MAX_WRONG_TRIES: i32 = 5;
/// The refusal of a request-code that would replace someone's unexpired pending sign-up.
pub const SIGNUP_PENDING: &str =
    "A code was already sent to that e-mail. Please try again after it expires (10 minutes).";
/// A code that is not the one sent: a typo, so the player checks it and tries again.
pub const WRONG_CODE: &str = "That code is not right. Check the 6-digit code in the e-mail and try again.";
/// The pending sign-up is past its 10 minutes.
pub const CODE_EXPIRED: &str = "That code has expired. Please request a new one.";
/// No pending sign-up for the e-mail: it was used, replaced or cleared after expiring.
pub const NO_CODE_WAITING: &str =
    "No code is waiting for this e-mail: it expired or was already used. Please request a new one.";
/// The wrong tries are used up.
pub const CODE_DEAD: &str = "Too many wrong codes: this one no longer works. Please request a new one.";
/// A reset token no reset link has: cut short or mistyped.
pub const RESET_LINK_INVALID: &str =
    "This reset link is not valid. Open the whole link from the e-mail, or ask for a new one.";
/// A reset link past its hour, or already used (or voided by another reset).
pub const RESET_LINK_EXPIRED: &str =
    "This reset link has expired or was already used. Please ask for a new one.";

pub fn find_user(conn: &mut DbConn, id: i64) -> Result<Option<UserRow>, AppError> {
    Ok(users::table.find(id).select(UserRow::as_select()).first(conn).optional()?)
}

pub fn find_user_by_email(conn: &mut DbConn, email: &str) -> Result<Option<UserRow>, AppError> {
    Ok(users::table.filter(users::email.eq(email)).select(UserRow::as_select()).first(conn).optional()?)
}

pub fn username_taken(conn: &mut DbConn, username_lower: &str) -> Result<bool, AppError> {
    let count: i64 =
        users::table.filter(users::username_lower.eq(username_lower)).count().get_result(conn)?;
    Ok(count > 0)
}

/// Stores the sign-up waiting for its code. It replaces an expired pending sign-up for the
/// e-mail, or an unexpired one whose token hash is `presented_hash` (a resend: the new row keeps
/// that token, and `true` says so); any other unexpired one stays, and the answer is 409
/// `signupPending`. How many codes an address may be sent is the `request-code-account` rate
/// limit's business.
///
/// `queue` runs in the same transaction once the row is stored (it queues the code's e-mail),
/// so the sign-up and its mail exist together or not at all; its value is returned beside.
pub fn save_pending<T>(
    conn: &mut DbConn,
    mut signup: PendingSignup,
    presented_hash: Option<&str>,
    now_ms: i64,
    queue: impl FnOnce(&mut DbConn) -> Result<T, AppError>,
) -> Result<(bool, T), AppError> {
    write_transaction(conn, |conn| {
        diesel::delete(
            pending_signups::table.find(&signup.email).filter(pending_signups::expires_at.le(now_ms)),
        )
        .execute(conn)?;
        let mut resent = false;
        if let Some(presented) = presented_hash {
            let replaced = diesel::delete(
                pending_signups::table
                    .find(&signup.email)
                    .filter(pending_signups::signup_token_hash.eq(presented)),
            )
            .execute(conn)?;
            if replaced == 1 {
                signup.signup_token_hash = presented.to_string();
                resent = true;
            }
        }
        let waiting: i64 = pending_signups::table.find(&signup.email).count().get_result(conn)?;
        if waiting > 0 {
            return Ok(Err(AppError::refused(ErrorCode::SignupPending, SIGNUP_PENDING)));
        }
        diesel::insert_into(pending_signups::table).values(&signup).execute(conn)?;
        let queued = queue(conn)?;
        Ok::<_, AppError>(Ok((resent, queued)))
    })?
}

/// Expires the pending sign-up with this token (its code could not be mailed), so that a new
/// request-code for the e-mail may replace it.
pub fn expire_pending(conn: &mut DbConn, email: &str, token_hash: &str, now_ms: i64) -> Result<(), AppError> {
    diesel::update(
        pending_signups::table.find(email).filter(pending_signups::signup_token_hash.eq(token_hash)),
    )
    .set(pending_signups::expires_at.eq(now_ms))
    .execute(conn)?;
    Ok(())
}

/// Checks the code and the sign-up token; on success turns the pending sign-up into an account
/// (the code is single use), on failure (either wrong) counts a wrong try. A wrong code answers
/// `invalidCode` (check it and try again) while tries are left; a code that can no longer work
/// (expired, used, or its tries used up, this one included) answers `codeExpired`.
///
/// The account's language is `locale` when given, else the one the sign-up asked for.
pub fn redeem_code(
    conn: &mut DbConn,
    email: &str,
    code_hash: &str,
    token_hash: &str,
    locale: Option<&str>,
    now_ms: i64,
) -> Result<UserRow, AppError> {
    let expired = |message: &str| AppError::refused(ErrorCode::CodeExpired, message);
    write_transaction(conn, |conn| {
        let pending: Option<PendingSignup> =
            pending_signups::table.find(email).select(PendingSignup::as_select()).first(conn).optional()?;
        let pending = match pending {
            None => return Err(expired(NO_CODE_WAITING)),
            Some(p) if p.expires_at <= now_ms => return Err(expired(CODE_EXPIRED)),
            Some(p) if p.wrong_tries >= MAX_WRONG_TRIES => return Err(expired(CODE_DEAD)),
            Some(p) => p,
        };
        // Conditional writes, not "read then write": under PostgreSQL's read committed two
        // requests could both act on the same read (a lost wrong try, a code used twice).
        // Each statement below re-checks its row once it holds the row's lock.
        if pending.code_hash != code_hash || pending.signup_token_hash != token_hash {
            let tries: Option<i32> = diesel::update(
                pending_signups::table.find(email).filter(pending_signups::wrong_tries.lt(MAX_WRONG_TRIES)),
            )
            .set(pending_signups::wrong_tries.eq(pending_signups::wrong_tries + 1))
            .returning(pending_signups::wrong_tries)
            .get_result(conn)
            .optional()?;
            // Committed either way: the wrong try counts.
            return Ok(Err(match tries {
                Some(tries) if tries < MAX_WRONG_TRIES => {
                    AppError::refused(ErrorCode::InvalidCode, WRONG_CODE)
                }
                _ => expired(CODE_DEAD),
            }));
        }
        let claimed = diesel::delete(
            pending_signups::table
                .find(email)
                .filter(pending_signups::code_hash.eq(code_hash))
                .filter(pending_signups::signup_token_hash.eq(token_hash))
                .filter(pending_signups::expires_at.gt(now_ms))
                .filter(pending_signups::wrong_tries.lt(MAX_WRONG_TRIES)),
        )
        .execute(conn)?;
        if claimed != 1 {
            // Another request redeemed or killed it since the read.
            return Ok(Err(expired(NO_CODE_WAITING)));
        }
        if username_taken(conn, &pending.username_lower)? || find_user_by_email(conn, email)?.is_some() {
            return Ok(Err(AppError::refused(
                ErrorCode::Conflict,
                "That username or e-mail was taken meanwhile.",
            )));
        }
        let id: i64 = diesel::insert_into(users::table)
            .values((
                users::username.eq(&pending.username),
                users::username_lower.eq(&pending.username_lower),
                users::email.eq(email),
                users::password_hash.eq(&pending.password_hash),
                users::created_at.eq(now_ms),
                users::adult_confirmed_at.eq(pending.adult_confirmed_at),
                users::locale.eq(locale.or(pending.locale.as_deref())),
            ))
            .returning(users::id)
            .get_result(conn)?;
        Ok(Ok(users::table.find(id).select(UserRow::as_select()).first(conn)?))
    })?
}

/// Sets (or, with `None`, clears) the account's language; the row as it is now.
pub fn set_locale(conn: &mut DbConn, user_id: i64, locale: Option<&str>) -> Result<UserRow, AppError> {
    diesel::update(users::table.find(user_id).filter(users::deleted_at.is_null()))
        .set(users::locale.eq(locale))
        .execute(conn)?;
    find_user(conn, user_id)?.ok_or_else(AppError::unauthorized)
}

/// Sets or clears the admin role; `false` when no account has that e-mail.
pub fn set_admin(conn: &mut DbConn, email: &str, admin: bool) -> Result<bool, AppError> {
    let role = admin.then_some("admin");
    let updated = diesel::update(users::table.filter(users::email.eq(email)))
        .set(users::role.eq(role))
        .execute(conn)?;
    Ok(updated > 0)
}

/// Stores a reset link's token hash. How many reset e-mails an address may be sent is the
/// `forgot-password-account` rate limit's business.
pub fn create_reset(
    conn: &mut DbConn,
    user_id: i64,
    token_hash: &str,
    now_ms: i64,
    lifetime_ms: i64,
) -> Result<(), AppError> {
    use crate::platform::schema::password_resets;
    diesel::insert_into(password_resets::table)
        .values((
            password_resets::token_hash.eq(token_hash),
            password_resets::user_id.eq(user_id),
            password_resets::created_at.eq(now_ms),
            password_resets::expires_at.eq(now_ms + lifetime_ms),
            password_resets::used.eq(false),
        ))
        .execute(conn)?;
    Ok(())
}

/// The refusal of a reset token no reset link has (cut short or mistyped).
pub fn reset_link_invalid() -> AppError {
    AppError::refused(ErrorCode::InvalidToken, RESET_LINK_INVALID)
}

/// The refusal of a reset link that was used (or voided by another reset) or is past its hour.
fn reset_link_expired() -> AppError {
    AppError::refused(ErrorCode::TokenExpired, RESET_LINK_EXPIRED)
}

/// The account a reset token may reset (unused and unexpired), else its refusal: `invalidToken`
/// for a token no link has, `tokenExpired` for a spent one. A read only, so an invalid token
/// costs no argon2 work; [`redeem_reset`] checks again when it writes.
pub fn find_reset(conn: &mut DbConn, token_hash: &str, now_ms: i64) -> Result<i64, AppError> {
    use crate::platform::schema::password_resets;
    let row: Option<(i64, bool, i64)> = password_resets::table
        .filter(password_resets::token_hash.eq(token_hash))
        .select((password_resets::user_id, password_resets::used, password_resets::expires_at))
        .first(conn)
        .optional()?;
    match row {
        None => Err(reset_link_invalid()),
        Some((user_id, false, expires_at)) if expires_at > now_ms => Ok(user_id),
        Some(_) => Err(reset_link_expired()),
    }
}

/// Uses a reset token (once): sets the new password, voids every other reset link of the
/// account and every older login token.
pub fn redeem_reset(
    conn: &mut DbConn,
    token_hash: &str,
    password_hash: &str,
    now_ms: i64,
) -> Result<(), AppError> {
    use crate::platform::schema::password_resets;
    write_transaction(conn, |conn| {
        // One conditional update claims the token: of concurrent redemptions (PostgreSQL's read
        // committed) only the first finds it unused once it holds the row's lock.
        let user_id: Option<i64> = diesel::update(
            password_resets::table
                .filter(password_resets::token_hash.eq(token_hash))
                .filter(password_resets::used.eq(false))
                .filter(password_resets::expires_at.gt(now_ms)),
        )
        .set(password_resets::used.eq(true))
        .returning(password_resets::user_id)
        .get_result(conn)
        .optional()?;
        // The read found it valid: whoever took it meanwhile spent it.
        let user_id = user_id.ok_or_else(reset_link_expired)?;
        // Every outstanding link of the account dies with this one: a link mailed earlier (and
        // perhaps read by someone else) must not reset the new password.
        diesel::update(password_resets::table.filter(password_resets::user_id.eq(user_id)))
            .set(password_resets::used.eq(true))
            .execute(conn)?;
        diesel::update(users::table.find(user_id))
            .set(users::password_hash.eq(password_hash))
            .execute(conn)?;
        Ok(advance_session(conn, user_id, now_ms)?)
    })
}

/// Sets a logged-in player's new password and ends every other session: the account moves to a
/// new generation, and the caller issues this device a token of it. Every outstanding reset
/// link dies too (one mailed earlier must not undo the change). The row the caller verified the
/// current password against must still hold that hash: a reset or another change that
/// committed meanwhile wins, and this one answers `wrongPassword`.
pub fn change_password(
    conn: &mut DbConn,
    user_id: i64,
    verified_hash: &str,
    new_hash: &str,
    now_ms: i64,
) -> Result<UserRow, AppError> {
    use crate::platform::schema::password_resets;
    write_transaction(conn, |conn| {
        let changed = diesel::update(
            users::table
                .find(user_id)
                .filter(users::password_hash.eq(verified_hash))
                .filter(users::deleted_at.is_null()),
        )
        .set(users::password_hash.eq(new_hash))
        .execute(conn)?;
        if changed != 1 {
            return Ok(Err(AppError::refused(ErrorCode::WrongPassword, WRONG_PASSWORD)));
        }
        diesel::update(password_resets::table.filter(password_resets::user_id.eq(user_id)))
            .set(password_resets::used.eq(true))
            .execute(conn)?;
        advance_session(conn, user_id, now_ms)?;
        Ok::<_, AppError>(Ok(users::table.find(user_id).select(UserRow::as_select()).first(conn)?))
    })?
}

/// The refusal of a wrong current password (change password, delete account).
pub const WRONG_PASSWORD: &str = "That is not your current password.";

/// Ends every session of the user (logout everywhere): every token issued so far, and every
/// token a renewal in flight is issuing, stops working.
pub fn end_sessions(conn: &mut DbConn, user_id: i64, now_ms: i64) -> Result<(), AppError> {
    write_transaction(conn, |conn| Ok(advance_session(conn, user_id, now_ms)?))
}

/// Moves the account to a new session generation, and its `tokens_valid_after` past `now_ms`
/// and past its previous value (what the previous release checks, during a rolling deploy).
/// Both are relative updates, never a value read earlier: of a reset and a logout that overlap,
/// neither can move the other's change back (under PostgreSQL's read committed each statement
/// re-reads the row once it holds its lock).
pub(super) fn advance_session(conn: &mut DbConn, user_id: i64, now_ms: i64) -> Result<(), DieselError> {
    diesel::update(users::table.find(user_id))
        .set(users::session_version.eq(users::session_version + 1))
        .execute(conn)?;
    // max(previous, now) + 1, in two conditional statements: no portable SQL `GREATEST`.
    diesel::update(users::table.find(user_id).filter(users::tokens_valid_after.gt(now_ms)))
        .set(users::tokens_valid_after.eq(users::tokens_valid_after + 1))
        .execute(conn)?;
    diesel::update(users::table.find(user_id).filter(users::tokens_valid_after.le(now_ms)))
        .set(users::tokens_valid_after.eq(now_ms + 1))
        .execute(conn)?;
    Ok(())
}
