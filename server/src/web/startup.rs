//! The start-up work an instance does after it listens: what an older release left undone
//! (summarising its results, adopting its daily days, filling its games' search words), each a
//! job (`summarise_legacy_results`, `adopt_legacy_days`, `fill_search_words`) this instance
//! queues and sees through, in committed chunks, so a restart resumes where it stopped and
//! another instance can finish a job this one abandoned. Until they are done, `/api/health`
//! answers, `/api/ready` waits up to 2 s then answers 503, and the other API routes (nearly all of them read what
//! the work fills in: games by day, results, boards, search) wait for it, up to
//! [`STARTUP_WAIT`], then answer 503 `busy` with `Retry-After`. Probes, the OpenAPI document
//! and the front end's files never wait.

use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;

use crate::domains::games::jobs::{adopt_legacy_days::AdoptLegacyDays, fill_search_words::FillSearchWords};
use crate::domains::submissions::jobs::summarise_legacy::SummariseLegacyResults;
use crate::platform::db;
use crate::platform::error::AppError;
use crate::state::AppState;

/// How long a request waits for the start-up work before it answers 503.
pub const STARTUP_WAIT: Duration = Duration::from_secs(10);

/// Paths under `/api` that never wait: the probes and the API's description.
const NEVER_WAIT: [&str; 4] = ["/api/health", "/api/ready", "/api/openapi.json", "/api/docs"];

/// Queues this instance's start-up jobs and runs them through, then opens `state.startup`.
pub async fn run(state: web::Data<AppState>) {
    let started = Instant::now();
    let ids = loop {
        let queue_state = state.clone();
        let queued = db::run(&state.pool, move |conn| {
            db::write_transaction(conn, |conn| {
                let jobs = &queue_state.jobs;
                let mut ids = Vec::new();
                for id in [
                    jobs.enqueue(conn, &SummariseLegacyResults::default(), None)?,
                    jobs.enqueue(conn, &AdoptLegacyDays::default(), None)?,
                    jobs.enqueue(conn, &FillSearchWords::default(), None)?,
                ] {
                    ids.push(id.ok_or_else(|| AppError::internal("an unkeyed job was not queued"))?);
                }
                Ok::<_, AppError>(ids)
            })
        })
        .await;
        match queued {
            Ok(ids) => break ids,
            Err(err) => {
                tracing::warn!(error = %err, "start-up work: could not queue it; trying again");
                actix_web::rt::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    let (jobs, pool) = (&state.jobs, &state.pool);
    jobs.drive::<SummariseLegacyResults>(pool, ids[0], state.clone()).await;
    jobs.drive::<AdoptLegacyDays>(pool, ids[1], state.clone()).await;
    jobs.drive::<FillSearchWords>(pool, ids[2], state.clone()).await;
    state.startup.open();
    tracing::info!(took_ms = started.elapsed().as_millis() as u64, "start-up work done: ready");
}

/// Holds a request under `/api` until the start-up work is done (at most [`STARTUP_WAIT`], then
/// 503 `busy`), except the probes and the API's description.
pub async fn wait_for_startup(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path();
    if !NEVER_WAIT.iter().any(|free| path == *free || path.starts_with(&format!("{free}/"))) {
        if let Some(state) = req.app_data::<web::Data<AppState>>() {
            if !state.startup.wait(STARTUP_WAIT).await {
                return Err(AppError::Busy.into());
            }
        }
    }
    next.call(req).await
}
