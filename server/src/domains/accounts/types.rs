//! Account rows, and the account a verified token stands for. The JSON the account endpoints
//! read and write is the contract's (`lavalist_api::accounts`).

use diesel::prelude::*;
use lavalist_api::accounts::{Locale, User};

use super::token::Session;
use crate::platform::schema::{pending_signups, users};

/// A logged-in account (built from a verified bearer token).
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    pub username: String,
    pub admin: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub role: Option<String>,
    pub password_hash: Option<String>,
    pub tokens_valid_after: i64,
    /// The current session generation: tokens of any other are refused.
    pub session_version: i64,
    /// Set once the player deleted the account: the row is a scrubbed tombstone, and no token
    /// of it passes.
    pub deleted_at: Option<i64>,
    /// The language the player chose (a tag of [`Locale`]); `None` while none was chosen.
    pub locale: Option<String>,
}

impl UserRow {
    pub fn is_admin(&self) -> bool {
        self.role.as_deref() == Some("admin")
    }

    /// A session that begins now (a login or a sign-up), under the generation read with this
    /// row: should a logout or reset commit meanwhile, the new session is already over.
    pub fn new_session(&self, now_ms: i64) -> Session {
        Session { version: self.session_version, login_ms: now_ms }
    }

    pub fn account(&self) -> Account {
        Account { id: self.id, username: self.username.clone(), admin: self.is_admin() }
    }

    pub fn public(&self) -> User {
        User {
            username: self.username.clone(),
            email: self.email.clone(),
            role: self.role.clone(),
            locale: self.chosen_locale(),
        }
    }

    /// The language the player chose, if it is still one of the shipped ones.
    pub fn chosen_locale(&self) -> Option<Locale> {
        crate::platform::i18n::stored(self.locale.as_deref())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = pending_signups)]
pub struct PendingSignup {
    pub email: String,
    pub username: String,
    pub username_lower: String,
    pub password_hash: String,
    pub code_hash: String,
    pub wrong_tries: i32,
    pub expires_at: i64,
    /// SHA-256 of the sign-up token request-code answered.
    pub signup_token_hash: String,
    /// When the player confirmed being 18 or older (request-code refuses a sign-up without it).
    pub adult_confirmed_at: Option<i64>,
    /// The language the sign-up asked for (a tag of [`Locale`]), kept for the account.
    pub locale: Option<String>,
}
