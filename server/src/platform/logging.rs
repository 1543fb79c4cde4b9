//! Logging: the subscriber (text or JSON) and one structured line per request with its id,
//! method, path, status and latency. The id is also returned as `X-Request-Id`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::web;
use tracing::Instrument;

use crate::platform::error::AppError;

/// Answers with a server-fault status (5xx but 503) since start, shown by the metrics. A type of
/// its own, registered beside the app state (as the security policy is): logging is
/// infrastructure and needs no app state to count.
#[derive(Debug, Default)]
pub struct ServerErrors(AtomicU64);

impl ServerErrors {
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

pub fn init(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    // Colour only on a terminal: escape codes in a log file or journal are noise.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(ansi);
    // A second init (tests) is harmless: the first subscriber stays.
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = format!("{:016x}", rand::random::<u64>());
    let method = req.method().to_string();
    let path = req.path().to_string();
    let span = tracing::info_span!("request", request_id = %id);
    let started = Instant::now();
    let mut res = next.call(req).instrument(span.clone()).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(REQUEST_ID, value);
    }
    let status = res.status().as_u16();
    let latency_us = started.elapsed().as_micros() as u64;
    span.in_scope(|| {
        note_server_error(&res);
        tracing::info!(%method, %path, status, latency_us, "request")
    });
    Ok(res)
}

/// Every answer with a server-fault status (5xx but 503, which means "retry") is counted, and
/// logged at error level with its cause: an `AppError::Internal` logs its own detail when it is
/// turned into a response; any other error (actix's own, a handler's that is not an `AppError`)
/// is logged here, so no 500 leaves without a line.
fn note_server_error<B>(res: &ServiceResponse<B>) {
    let status = res.status();
    if !status.is_server_error() || status == StatusCode::SERVICE_UNAVAILABLE {
        return;
    }
    if let Some(errors) = res.request().app_data::<web::Data<ServerErrors>>() {
        errors.0.fetch_add(1, Ordering::Relaxed);
    }
    let error = res.response().error();
    if error.and_then(|e| e.as_error::<AppError>()).is_some_and(|e| matches!(e, AppError::Internal(_))) {
        return;
    }
    let cause = error.map_or_else(
        || "a response built with this status, no error attached".to_string(),
        |e| format!("{e:?}"),
    );
    tracing::error!(status = status.as_u16(), %cause, "server error");
}
