//! Who is asking, from the bearer token: `Viewer` (guest or user, for pages anyone may see),
//! `AuthUser` (401 without a valid token) and `Admin` (401 without, 403 for non-admins).

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::{ready, LocalBoxFuture, Ready};

use crate::domains::accounts::queries::find_user;
use crate::domains::accounts::token::Session;
pub use crate::domains::accounts::types::Account;
use crate::domains::accounts::types::UserRow;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;

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

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_string())
}

/// The account behind the request's bearer token, and the token's session: `Ok(None)` without
/// one, 401 for a token that is invalid, expired, past its session's lifetime, of an ended
/// session (another generation than the account's), issued before the user's
/// `tokens_valid_after`, or of a deleted user (a tombstone row, `deleted_at` set).
async fn authenticate(req: &HttpRequest) -> Result<Option<(UserRow, Session)>, AppError> {
    let Some(token) = bearer_token(req) else {
        return Ok(None);
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| AppError::internal("the app state is not registered"))?
        .clone();
    // `verify` logs why a token is refused (within the request's span: its id, and the
    // request line gives the path).
    let token = state.tokens.verify(&token, state.clock.now_ms())?;
    let user_id = token.user_id;
    let user = crate::platform::db::run(&state.pool, move |conn| find_user(conn, user_id)).await?;
    match user {
        Some(user)
            if token.session.version == user.session_version
                && token.issued_ms >= user.tokens_valid_after
                && user.deleted_at.is_none() =>
        {
            Ok(Some((user, token.session)))
        }
        _ => {
            tracing::warn!(user_id, path = %req.path(), "rejected a token of a deleted user or of an ended session (logout, password reset)");
            Err(AppError::unauthorized())
        }
    }
}

impl FromRequest for Viewer {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    /// A missing or unusable token makes a guest: public pages must keep working for a player
    /// whose stored token expired.
    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match authenticate(&req).await {
                Ok(Some((user, _))) => Ok(Viewer::User(user.account())),
                Ok(None) => Ok(Viewer::Guest),
                Err(err) if err.code() == ErrorCode::Unauthorized => Ok(Viewer::Guest),
                Err(other) => Err(other),
            }
        })
    }
}

/// A request with a valid bearer token; 401 otherwise.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub row: UserRow,
    /// The presented token's session: what a renewal copies.
    pub session: Session,
}

impl AuthUser {
    pub fn account(&self) -> Account {
        self.row.account()
    }
}

impl FromRequest for AuthUser {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let Some((row, session)) = authenticate(&req).await? else {
                tracing::warn!(path = %req.path(), "refused: no bearer token");
                return Err(AppError::unauthorized());
            };
            Ok(AuthUser { row, session })
        })
    }
}

/// An extractor that only lets admins through: 401 without a valid token, 403 for other users.
#[derive(Debug, Clone)]
pub struct Admin(pub Account);

impl FromRequest for Admin {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        let path = req.path().to_string();
        Box::pin(async move {
            let user = user.await?;
            if !user.row.is_admin() {
                tracing::warn!(user_id = user.row.id, %path, "non-admin refused");
                return Err(AppError::forbidden());
            }
            Ok(Admin(user.account()))
        })
    }
}

pub use lavalist_api::USER_KEY_HEADER;

/// The browser's userKey from the `X-User-Key` header; `None` without one. A userKey is a bearer
/// secret (logging in with it claims the browser's results), so no route takes it in a URL,
/// where proxy and access logs keep it. 400 for a value that is not visible ASCII text.
#[derive(Debug, Clone)]
pub struct UserKeyHeader(pub Option<String>);

impl FromRequest for UserKeyHeader {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let value = req.headers().get(USER_KEY_HEADER).map(|v| v.to_str().map(str::to_string));
        ready(match value {
            None => Ok(UserKeyHeader(None)),
            Some(Ok(key)) => Ok(UserKeyHeader(Some(key))),
            Some(Err(_)) => Err(AppError::bad_request("X-User-Key must be visible ASCII text.")),
        })
    }
}
