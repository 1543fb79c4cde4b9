//! Who is asking. The seam the accounts issue fills in: today every request is a guest, so
//! admin-only features answer 403 and unapproved games stay hidden.

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};

use crate::error::{AppError, NOT_AUTHORIZED};

/// A logged-in account (built from a verified bearer token once accounts exist).
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    pub username: String,
    pub admin: bool,
}

#[derive(Debug, Clone)]
pub enum Viewer {
    Guest,
    User(Account),
}

impl Viewer {
    pub fn account(&self) -> Option<&Account> {
        match self {
            Viewer::Guest => None,
            Viewer::User(account) => Some(account),
        }
    }

    pub fn is_admin(&self) -> bool {
        self.account().is_some_and(|a| a.admin)
    }

    /// Whether this viewer may see a game that is not (yet) public: its owner or an admin.
    pub fn owns_or_admin(&self, owner_id: Option<i64>) -> bool {
        self.account().is_some_and(|a| a.admin || Some(a.id) == owner_id)
    }

    /// Whether this viewer is the user named `username` (case-insensitive) or an admin.
    pub fn is_user_or_admin(&self, username: &str) -> bool {
        self.account().is_some_and(|a| a.admin || a.username.eq_ignore_ascii_case(username))
    }
}

impl FromRequest for Viewer {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    /// No accounts yet: everyone is a guest. The accounts issue reads the bearer token here.
    fn from_request(_req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Viewer::Guest))
    }
}

/// An extractor that only lets admins through; every other request gets 403.
#[derive(Debug, Clone)]
pub struct Admin(pub Account);

impl FromRequest for Admin {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let viewer = match Viewer::from_request(req, payload).into_inner() {
            Ok(viewer) => viewer,
            Err(err) => return ready(Err(err)),
        };
        ready(match viewer {
            Viewer::User(account) if account.admin => Ok(Admin(account)),
            _ => Err(AppError::Forbidden(NOT_AUTHORIZED.to_string())),
        })
    }
}
