//! The Lavalist server: the JSON API under `/api` and the built front end for every other path.

pub mod accounts;
pub mod admin;
pub mod autofill;
pub mod catalogue;
pub mod client_ip;
pub mod commands;
pub mod config;
pub mod db;
pub mod error;
pub mod games;
mod health;
pub mod logging;
pub mod mail;
pub mod openapi;
pub mod paging;
pub mod ratelimit;
pub mod schema;
pub mod security;
mod spa;
pub mod state;
pub mod stats;
pub mod submissions;
pub mod viewer;
pub mod window;

use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};

use config::Config;
use error::AppError;
pub use state::AppState;

/// Registers every route, extractor limit and error mapping; shared by `serve` and the tests.
pub fn configure(state: web::Data<AppState>) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let body_limit = state.config.body_limit;
        let static_dir = state.config.static_dir.clone();
        cfg.app_data(web::Data::from(state.policy.clone()))
            .app_data(state)
            .app_data(web::JsonConfig::default().limit(body_limit).error_handler(error::json_error))
            .app_data(web::PayloadConfig::default().limit(body_limit))
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            .service(
                web::scope("/api")
                    .service(health::health)
                    .service(openapi::openapi_json)
                    .service(openapi::docs)
                    .configure(accounts::configure)
                    .configure(admin::configure)
                    .configure(autofill::configure)
                    .configure(games::configure)
                    .configure(submissions::configure)
                    .configure(stats::configure)
                    .default_service(web::to(error::api_not_found)),
            );
        spa::configure(cfg, &static_dir);
    }
}

/// Serves until SIGINT or SIGTERM, then finishes the requests in flight (up to 15 s).
pub async fn serve(config: Config) -> Result<(), AppError> {
    let bind = config.bind.clone();
    let workers = config.workers;
    let state = web::Data::new(actix_web::web::block(move || AppState::open(config)).await??);
    tracing::info!(
        bind = %bind,
        static_dir = %state.config.static_dir.display(),
        backend = ?state.config.database().backend,
        "Lavalist listening"
    );
    let mut server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(security::add_headers))
            .wrap(from_fn(logging::log_request))
            .configure(configure(state.clone()))
    })
    .shutdown_timeout(15);
    if let Some(workers) = workers {
        server = server.workers(workers);
    }
    server
        .bind(&bind)
        .map_err(|e| AppError::internal(format!("cannot listen on {bind}: {e}")))?
        .run()
        .await
        .map_err(AppError::internal)?;
    tracing::info!("Lavalist stopped");
    Ok(())
}
