//! The Lavalist server: the JSON API under `/api` and the built front end for every other path.

pub mod config;
mod health;
mod spa;

use actix_web::{web, App, HttpServer};

use config::Config;

/// Registers every route; shared by `serve` and the integration tests.
pub fn configure(config: &Config) -> impl FnOnce(&mut web::ServiceConfig) + '_ {
    move |cfg: &mut web::ServiceConfig| {
        cfg.service(web::scope("/api").service(health::health));
        spa::configure(cfg, &config.static_dir);
    }
}

pub async fn serve(config: Config) -> std::io::Result<()> {
    tracing::info!(bind = %config.bind, static_dir = %config.static_dir.display(), "Lavalist listening");
    let bind = config.bind.clone();
    let shared = web::Data::new(config);
    HttpServer::new(move || {
        let config = shared.clone();
        App::new().app_data(config.clone()).configure(configure(&config))
    })
    .bind(bind)?
    .run()
    .await
}
