//! The route table: every route, extractor limit and error mapping, in the order actix tries
//! them (the API under `/api`, then the link-preview images, then the front end).

use actix_web::middleware::from_fn;
use actix_web::web;

use super::{health, openapi, spa, startup};
use crate::domains;
use crate::platform::error;
use crate::state::AppState;

/// Registers every route, extractor limit and error mapping; shared by `serve` and the tests.
pub fn configure(state: web::Data<AppState>) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg: &mut web::ServiceConfig| {
        let body_limit = state.config.body_limit;
        let static_dir = state.config.static_dir.clone();
        cfg.app_data(web::Data::from(state.policy.clone()))
            .app_data(web::Data::from(state.server_errors.clone()))
            .app_data(state)
            .app_data(web::JsonConfig::default().limit(body_limit).error_handler(error::json_error))
            .app_data(web::PayloadConfig::default().limit(body_limit))
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            .service(
                web::scope("/api")
                    .wrap(from_fn(startup::wait_for_startup))
                    .service(health::health)
                    .service(health::ready)
                    .service(openapi::openapi_json)
                    .service(openapi::docs)
                    .configure(domains::accounts::configure)
                    .configure(domains::admin::configure)
                    .configure(domains::autofill::configure)
                    .configure(domains::games::configure)
                    .configure(domains::submissions::configure)
                    .configure(domains::stats::configure)
                    .configure(domains::reports::configure)
                    .configure(domains::community::configure)
                    .configure(domains::insights::configure)
                    .configure(domains::disputes::configure)
                    .configure(domains::groups::configure)
                    .configure(domains::channels::configure)
                    .configure(domains::challenges::configure)
                    .configure(domains::history::configure)
                    .configure(domains::reminders::configure)
                    .default_service(web::to(openapi::api_not_found)),
            );
        domains::previews::configure(cfg);
        spa::configure(cfg, &static_dir);
    }
}
