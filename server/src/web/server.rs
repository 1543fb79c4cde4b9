//! The process: the HTTP server with its middleware, the metrics listener and the background
//! job runner every instance runs, until SIGINT or SIGTERM.

use actix_web::dev::ServerHandle;
use actix_web::middleware::{from_fn, Condition};
use actix_web::{web, App, HttpServer};

use super::metrics;
use super::routes::configure;
use crate::platform::config::Config;
use crate::platform::error::AppError;
use crate::platform::{logging, security};
use crate::state::AppState;

/// Serves until SIGINT or SIGTERM, then finishes the requests in flight (up to 15 s).
pub async fn serve(config: Config) -> Result<(), AppError> {
    let bind = config.bind.clone();
    let workers = config.workers;
    // Migrations before listening; what an older release left undone after (`startup`).
    let state = web::Data::new(
        actix_web::web::block(move || {
            let clock = config.clock()?;
            AppState::open_deferred(config, clock)
        })
        .await??,
    );
    let metrics = web::Data::new(metrics::Metrics::default());
    let counting = state.config.metrics_bind.is_some();
    let (app_state, app_metrics) = (state.clone(), metrics.clone());
    let mut server = HttpServer::new(move || {
        App::new()
            .app_data(app_metrics.clone())
            .wrap(from_fn(security::add_headers))
            .wrap(from_fn(logging::log_request))
            // Outermost, so that it also counts the CORS preflights the security layer answers.
            .wrap(Condition::new(counting, from_fn(metrics::track)))
            .configure(configure(app_state.clone()))
    })
    .shutdown_timeout(15);
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    let server =
        server.bind(&bind).map_err(|e| AppError::internal(format!("cannot listen on {bind}: {e}")))?.run();
    let metrics_handle = spawn_metrics(&state, metrics)?;
    actix_web::rt::spawn(super::startup::run(state.clone()));
    // Background jobs (e-mail, channel deliveries, reminders, ...): every instance runs the
    // runner; leases keep them apart.
    actix_web::rt::spawn(super::jobs::runner(&state).run(state.clone()));
    announce(&state.config, &bind);
    server.await.map_err(AppError::internal)?;
    if let Some(handle) = metrics_handle {
        handle.stop(true).await;
    }
    tracing::info!("Lavalist stopped");
    Ok(())
}

/// Starts the metrics listener when `--metrics-bind` is set; `serve` stops it with the handle
/// once the main server has stopped.
fn spawn_metrics(
    state: &web::Data<AppState>,
    metrics: web::Data<metrics::Metrics>,
) -> Result<Option<ServerHandle>, AppError> {
    let Some(addr) = &state.config.metrics_bind else { return Ok(None) };
    let server = metrics::server(addr, metrics, state.clone())?;
    let handle = server.handle();
    actix_web::rt::spawn(server);
    Ok(Some(handle))
}

/// The start-up lines: where it listens, and what it serves.
fn announce(config: &Config, bind: &str) {
    tracing::info!(
        bind = %bind,
        static_dir = %config.static_dir.display(),
        backend = ?config.database().backend,
        "Lavalist listening"
    );
    if let Some(addr) = &config.metrics_bind {
        tracing::info!(bind = %addr, "Prometheus metrics at /metrics");
    }
    if !config.static_dir.is_dir() {
        tracing::info!(
            static_dir = %config.static_dir.display(),
            "no front end: the static dir does not exist, so this server answers the API only \
             (other paths: 404)"
        );
    }
}
