//! The one error type of the API: every failure becomes a status and
//! `{"error": message, "code": code, "field"?: field}` here (the body and its codes are the
//! contract's: `lavalist_api::ErrorBody`).

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use game_core::forms::FieldError;
pub use lavalist_api::{ErrorBody, ErrorCode};

/// The message admins-only features answer with.
pub const NOT_AUTHORIZED: &str = "You are not authorized to perform this action.";
/// The answer for a uid that names no game this viewer may see.
pub const UID_NOT_FOUND: &str = "Game uid not found.";

#[derive(Debug, Clone, thiserror::Error)]
pub enum AppError {
    /// A request the server refuses because of what the client sent or who it is: the code
    /// decides the status ([`ErrorCode::status`]).
    #[error("{message}")]
    Refused { code: ErrorCode, message: String, field: Option<String> },
    #[error("Too many attempts. Please try again later.")]
    TooManyRequests { retry_after_secs: u64 },
    /// The database is locked by another writer or the pool is exhausted: the client should retry.
    #[error("The server is busy. Please try again.")]
    Busy,
    /// Details are logged, never sent.
    #[error("Internal server error.")]
    Internal(String),
}

impl AppError {
    pub fn refused(code: ErrorCode, message: impl Into<String>) -> Self {
        AppError::Refused { code, message: message.into(), field: None }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::refused(ErrorCode::BadRequest, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        AppError::refused(ErrorCode::NotFound, message)
    }

    pub fn game_not_found() -> Self {
        AppError::refused(ErrorCode::GameNotFound, UID_NOT_FOUND)
    }

    pub fn no_game_for_date() -> Self {
        AppError::refused(ErrorCode::NoGameForDate, "There is no game for this date.")
    }

    /// A daily edition other than English with no game on the day asked for.
    pub fn no_edition_game() -> Self {
        AppError::refused(ErrorCode::NoEditionGame, "This edition has no game for this date.")
    }

    pub fn unauthorized() -> Self {
        AppError::refused(ErrorCode::Unauthorized, "Please log in.")
    }

    pub fn forbidden() -> Self {
        AppError::refused(ErrorCode::Forbidden, NOT_AUTHORIZED)
    }

    /// A form field the rules refuse: its code, its field and the rule's message.
    pub fn form(error: FieldError) -> Self {
        AppError::Refused { code: error.code.into(), message: error.message, field: Some(error.field) }
    }

    pub fn internal(detail: impl std::fmt::Display) -> Self {
        AppError::Internal(detail.to_string())
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            AppError::Refused { code, .. } => *code,
            AppError::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            AppError::Busy => ErrorCode::Busy,
            AppError::Internal(_) => ErrorCode::Internal,
        }
    }

    /// Whether a database error means "try again": locked, timed out, out of disk space, or the
    /// connection lost (the server restarting). None of these is a bug; each answers 503 with
    /// `Retry-After`, and the pool drops a connection that died ([`crate::platform::db::Manager`]).
    pub fn is_busy(err: &DieselError) -> bool {
        let locked_or_slow = match err {
            DieselError::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
            DieselError::DatabaseError(_, info) => {
                let message = info.message();
                message.contains("database is locked")
                    || message.contains("database is busy")
                    || message.contains("database table is locked")
                    || message.contains("canceling statement due to")
            }
            _ => false,
        };
        locked_or_slow || Self::is_connection_lost(err) || Self::is_disk_full(err)
    }

    /// The connection died under the statement: the server crashed, restarted, was shut down or
    /// killed this backend (`pg_terminate_backend`). A transaction cut off this way was rolled
    /// back by the server, never half-applied; after a commit whose answer was lost the result
    /// is stored, and the client's retry is answered as a repeat.
    pub fn is_connection_lost(err: &DieselError) -> bool {
        const LOST: [&str; 10] = [
            "terminating connection",
            "server closed the connection",
            "no connection to the server",
            "connection to server",
            "could not receive data from server",
            "could not send data to server",
            "the database system is shutting down",
            "the database system is starting up",
            "the database system is in recovery mode",
            "SSL connection has been closed",
        ];
        match err {
            DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => true,
            DieselError::DatabaseError(_, info) => LOST.iter().any(|m| info.message().contains(m)),
            // A failed ROLLBACK after the connection died leaves the manager broken.
            DieselError::BrokenTransactionManager => true,
            DieselError::RollbackErrorOnCommit { rollback_error, commit_error } => {
                Self::is_connection_lost(rollback_error) || Self::is_connection_lost(commit_error)
            }
            _ => false,
        }
    }

    /// SQLite's `SQLITE_FULL` (or its `max_page_count`), PostgreSQL's "could not extend file":
    /// no write fits until an operator frees space. Reads still work.
    pub fn is_disk_full(err: &DieselError) -> bool {
        matches!(err, DieselError::DatabaseError(_, info)
            if info.message().contains("database or disk is full")
                || info.message().contains("No space left on device"))
    }
}

impl AppError {
    /// PostgreSQL refuses a NUL character in any text parameter (`invalid byte sequence for
    /// encoding "UTF8": 0x00`, SQLSTATE 22021): a client's bad input, not a server fault.
    pub fn is_unstorable_text(err: &DieselError) -> bool {
        matches!(err, DieselError::DatabaseError(_, info) if info.message().contains("invalid byte sequence"))
    }
}

impl From<DieselError> for AppError {
    fn from(err: DieselError) -> Self {
        if AppError::is_disk_full(&err) {
            // The operator's line: every refused write says why, at error level.
            tracing::error!(error = %err, "the database's disk is full: writes answer 503 until space is freed");
            AppError::Busy
        } else if AppError::is_busy(&err) {
            if AppError::is_connection_lost(&err) {
                tracing::warn!(error = %err, "the database connection was lost: answering 503");
            }
            AppError::Busy
        } else if AppError::is_unstorable_text(&err) {
            AppError::bad_request("Text may not contain NUL characters.")
        } else {
            AppError::Internal(format!("database: {err}"))
        }
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    /// The pool timed out waiting for a connection: overloaded, not broken.
    fn from(err: diesel::r2d2::PoolError) -> Self {
        tracing::warn!(error = %err, "database pool exhausted");
        AppError::Busy
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(err: actix_web::error::BlockingError) -> Self {
        AppError::Internal(format!("blocking task: {err}"))
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.code().status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        if let AppError::Internal(detail) = self {
            tracing::error!(%detail, "internal error");
        }
        let mut res = HttpResponse::build(self.status_code());
        match self {
            AppError::TooManyRequests { retry_after_secs } => {
                res.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
            }
            AppError::Busy => {
                res.insert_header((header::RETRY_AFTER, "1"));
            }
            _ => {}
        }
        let field = match self {
            AppError::Refused { field, .. } => field.clone(),
            _ => None,
        };
        res.json(ErrorBody { error: self.to_string(), code: self.code(), field })
    }
}

/// actix's JSON extractor failures (bad syntax, wrong types, missing fields, too large).
pub fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let app = match &err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => too_large(),
        JsonPayloadError::ContentType => AppError::refused(
            ErrorCode::UnsupportedMediaType,
            "Expected a JSON body (Content-Type: application/json).",
        ),
        JsonPayloadError::Deserialize(e) => {
            AppError::refused(ErrorCode::InvalidJson, format!("Invalid JSON body: {e}"))
        }
        JsonPayloadError::Serialize(e) => AppError::internal(e),
        JsonPayloadError::Payload(actix_web::error::PayloadError::Overflow) => too_large(),
        other => AppError::refused(ErrorCode::InvalidJson, format!("Invalid request body: {other}")),
    };
    app.into()
}

fn too_large() -> AppError {
    AppError::refused(ErrorCode::PayloadTooLarge, "The request body is too large.")
}

/// actix's query-string extractor failures (`page=abc`, negative numbers, …).
pub fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    AppError::refused(ErrorCode::InvalidQuery, format!("Invalid query string: {err}")).into()
}

/// actix's path extractor failures.
pub fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    AppError::refused(ErrorCode::InvalidPath, format!("Invalid path: {err}")).into()
}
