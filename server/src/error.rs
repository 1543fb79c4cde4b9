//! The one error type of the API: every failure becomes a status and `{"error": "…"}` here.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde_json::json;

/// The message admins-only features answer with until (and after) accounts exist.
pub const NOT_AUTHORIZED: &str = "You are not authorized to perform this action.";

#[derive(Debug, Clone, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("Please log in.")]
    Unauthorized,
    /// A failed login: one message whether the e-mail or the password was wrong.
    #[error("{0}")]
    InvalidCredentials(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("The request body is too large.")]
    PayloadTooLarge,
    #[error("Expected a JSON body (Content-Type: application/json).")]
    UnsupportedMediaType,
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
    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        AppError::NotFound(message.into())
    }

    pub fn internal(detail: impl std::fmt::Display) -> Self {
        AppError::Internal(detail.to_string())
    }

    /// Whether a database error means "locked, try again" rather than a bug.
    pub fn is_busy(err: &DieselError) -> bool {
        match err {
            DieselError::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
            DieselError::DatabaseError(_, info) => {
                let message = info.message();
                message.contains("database is locked")
                    || message.contains("database is busy")
                    || message.contains("database table is locked")
            }
            _ => false,
        }
    }
}

impl From<DieselError> for AppError {
    fn from(err: DieselError) -> Self {
        if AppError::is_busy(&err) {
            AppError::Busy
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
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::InvalidCredentials(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
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
        res.json(json!({ "error": self.to_string() }))
    }
}

/// actix's JSON extractor failures (bad syntax, wrong types, missing fields, too large).
pub fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let app = match &err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            AppError::PayloadTooLarge
        }
        JsonPayloadError::ContentType => AppError::UnsupportedMediaType,
        JsonPayloadError::Deserialize(e) => AppError::BadRequest(format!("Invalid JSON body: {e}")),
        JsonPayloadError::Serialize(e) => AppError::internal(e),
        JsonPayloadError::Payload(actix_web::error::PayloadError::Overflow) => AppError::PayloadTooLarge,
        other => AppError::BadRequest(format!("Invalid request body: {other}")),
    };
    app.into()
}

/// actix's query-string extractor failures (`page=abc`, negative numbers, …).
pub fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    AppError::BadRequest(format!("Invalid query string: {err}")).into()
}

/// actix's path extractor failures.
pub fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    AppError::BadRequest(format!("Invalid path: {err}")).into()
}

/// Any `/api` path no route answers (including a known path with the wrong method).
pub async fn api_not_found() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found("Not found."))
}
