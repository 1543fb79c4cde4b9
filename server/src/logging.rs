//! Logging: the subscriber (text or JSON) and one structured line per request with its id,
//! method, path, status and latency. The id is also returned as `X-Request-Id`.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::Instrument;

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
    span.in_scope(|| tracing::info!(%method, %path, status, latency_us, "request"));
    Ok(res)
}
