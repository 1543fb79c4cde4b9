//! Prometheus metrics (text exposition format 0.0.4) at `/metrics` on their own address
//! (`--metrics-bind`), so they are never public by accident. Off by default.
//!
//! Requests are counted by the matched route pattern (`/api/game/date/{date}`), never the raw
//! path, so a scan of random URLs cannot grow the label set. Everything else (the writer's
//! queue, the pool, the rate limits) is read from the app state when scraped.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, App, HttpResponse, HttpServer};

use crate::platform::db;
use crate::platform::error::AppError;
use crate::platform::histogram::Histogram;
use crate::state::AppState;

/// Request latency bounds, in seconds: sub-millisecond cache hits up to slow mail sends.
const LATENCY_BUCKETS: &[f64] =
    &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// The route label of a request no route matched (an unknown `/api` path; any path outside
/// `/api` on a server without a front end).
const UNMATCHED: &str = "unmatched";
/// The route label of the front end's files and its `index.html` fallback (one service mounted
/// at the root, whose pattern is empty).
const FRONT_END: &str = "frontend";

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct RequestKey {
    route: String,
    method: &'static str,
    status: u16,
}

/// The request series, filled by the [`track`] middleware.
#[derive(Default)]
pub struct Metrics {
    requests: RwLock<HashMap<RequestKey, Arc<Histogram>>>,
}

impl Metrics {
    fn observe(&self, key: RequestKey, micros: u64) {
        let known = self.requests.read().ok().and_then(|series| series.get(&key).cloned());
        let series = match known {
            Some(series) => series,
            None => {
                let Ok(mut all) = self.requests.write() else { return };
                all.entry(key).or_insert_with(|| Arc::new(Histogram::new(LATENCY_BUCKETS, 1e6))).clone()
            }
        };
        series.observe(micros);
    }
}

/// Custom methods would be unbounded label values.
fn method_label(method: &str) -> &'static str {
    const KNOWN: [&str; 9] = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"];
    KNOWN.into_iter().find(|m| *m == method).unwrap_or("other")
}

fn route_label(pattern: Option<String>) -> String {
    match pattern {
        None => UNMATCHED.to_string(),
        Some(p) if p.is_empty() => FRONT_END.to_string(),
        Some(p) => p,
    }
}

/// Counts each answered request and its latency. The app registers `web::Data<Metrics>`.
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    let started = Instant::now();
    let res = next.call(req).await?;
    if let Some(metrics) = metrics {
        let key = RequestKey {
            route: route_label(res.request().match_pattern()),
            method: method_label(res.request().method().as_str()),
            status: res.status().as_u16(),
        };
        metrics.observe(key, started.elapsed().as_micros() as u64);
    }
    Ok(res)
}

/// The whole exposition.
pub fn render(metrics: &Metrics, state: &AppState) -> String {
    let mut out = String::new();
    render_requests(metrics, &mut out);
    header(
        &mut out,
        "lavalist_http_server_errors_total",
        "counter",
        "Answers with a server-fault status (5xx but 503), each logged at error level with its cause.",
    );
    let _ = writeln!(out, "lavalist_http_server_errors_total {}", state.server_errors.count());
    render_writer(state, &mut out);
    render_pool(state, &mut out);
    header(
        &mut out,
        "lavalist_rate_limit_refusals_total",
        "counter",
        "Requests a rate-limit bucket refused.",
    );
    for (bucket, count) in state.limiter.refusals() {
        let _ = writeln!(out, "lavalist_rate_limit_refusals_total{{bucket=\"{}\"}} {count}", escape(&bucket));
    }
    render_job_runs(state, &mut out);
    out
}

/// This instance's job runs by kind and outcome (`done`, `retried`, `dead`, `lease_lost`).
fn render_job_runs(state: &AppState, out: &mut String) {
    header(
        out,
        "lavalist_job_runs_total",
        "counter",
        "Background job runs in this instance, by kind and outcome (done, retried, dead, lease_lost).",
    );
    for (kind, outcome, runs) in state.jobs.stats.runs() {
        let _ = writeln!(
            out,
            "lavalist_job_runs_total{{kind=\"{}\",outcome=\"{outcome}\"}} {runs}",
            escape(&kind)
        );
    }
}

/// The job table's rows by kind and state (`queued`, `done`, `dead`), shared by every instance;
/// read from the database when scraped.
pub fn render_job_rows(rows: &[(String, String, i64)], out: &mut String) {
    header(
        out,
        "lavalist_jobs",
        "gauge",
        "Background jobs in the database, by kind and state (queued, done, dead): a dead job waits for an operator.",
    );
    for (kind, state, count) in rows {
        let _ =
            writeln!(out, "lavalist_jobs{{kind=\"{}\",state=\"{}\"}} {count}", escape(kind), escape(state));
    }
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

fn render_requests(metrics: &Metrics, out: &mut String) {
    let mut series: Vec<(RequestKey, Arc<Histogram>)> = match metrics.requests.read() {
        Ok(all) => all.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Err(_) => Vec::new(),
    };
    series.sort_by(|a, b| a.0.cmp(&b.0));
    let labels = |k: &RequestKey| {
        format!("route=\"{}\",method=\"{}\",status=\"{}\"", escape(&k.route), k.method, k.status)
    };
    header(
        out,
        "lavalist_http_requests_total",
        "counter",
        "HTTP requests answered, by route pattern, method and status.",
    );
    for (key, histogram) in &series {
        let _ = writeln!(out, "lavalist_http_requests_total{{{}}} {}", labels(key), histogram.count());
    }
    header(
        out,
        "lavalist_http_request_duration_seconds",
        "histogram",
        "Time to answer, by route pattern, method and status.",
    );
    for (key, histogram) in &series {
        histogram.render("lavalist_http_request_duration_seconds", &labels(key), out);
    }
}

fn render_writer(state: &AppState, out: &mut String) {
    let stats = state.writer.stats();
    header(out, "lavalist_submission_queue_depth", "gauge", "Results waiting for the submission writer.");
    let _ = writeln!(out, "lavalist_submission_queue_depth {}", stats.queued.load(Ordering::Relaxed));
    header(
        out,
        "lavalist_submission_batch_size",
        "histogram",
        "Results committed together by the submission writer.",
    );
    stats.batch_sizes.render("lavalist_submission_batch_size", "", out);
}

fn render_pool(state: &AppState, out: &mut String) {
    let pool = state.pool.state();
    header(out, "lavalist_db_pool_connections", "gauge", "Pooled database connections, by state.");
    let in_use = pool.connections.saturating_sub(pool.idle_connections);
    let _ = writeln!(out, "lavalist_db_pool_connections{{state=\"in_use\"}} {in_use}");
    let _ = writeln!(out, "lavalist_db_pool_connections{{state=\"idle\"}} {}", pool.idle_connections);
    header(out, "lavalist_db_pool_max_connections", "gauge", "The pool's size limit (--db-pool).");
    let _ = writeln!(out, "lavalist_db_pool_max_connections {}", state.pool.max_size());
}

/// Label values escape `\`, `"` and line feeds.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

async fn scrape(metrics: web::Data<Metrics>, state: web::Data<AppState>) -> HttpResponse {
    let mut body = render(&metrics, &state);
    // Left out when the database does not answer: the rest still tells what is going on.
    match db::run(&state.pool, crate::platform::jobs::queries::counts).await {
        Ok(rows) => render_job_rows(&rows, &mut body),
        Err(err) => tracing::warn!(error = %err, "metrics: the job counts could not be read"),
    }
    HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(body)
}

/// The metrics listener: one worker, no signal handling of its own (`serve` stops it after the
/// main server).
pub fn server(
    bind: &str,
    metrics: web::Data<Metrics>,
    state: web::Data<AppState>,
) -> Result<Server, AppError> {
    let server = HttpServer::new(move || {
        App::new().app_data(metrics.clone()).app_data(state.clone()).route("/metrics", web::get().to(scrape))
    })
    .workers(1)
    .disable_signals()
    .bind(bind)
    .map_err(|e| AppError::internal(format!("cannot listen on {bind} for metrics: {e}")))?;
    Ok(server.run())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_stay_bounded_and_escaped() {
        assert_eq!(method_label("GET"), "GET");
        assert_eq!(method_label("BREW"), "other");
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
        assert_eq!(route_label(None), "unmatched");
        assert_eq!(route_label(Some(String::new())), "frontend");
        assert_eq!(route_label(Some("/api/game/date/{date}".into())), "/api/game/date/{date}");
    }
}
