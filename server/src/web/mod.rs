//! The web layer: what turns the domains into one HTTP server. The route table, the process
//! that serves it, and the routes that belong to no domain: health probes, the OpenAPI
//! document, the front end's pages and the metrics listener. Nothing below this layer names it
//! (tests/all/module_cycles.rs checks it).

mod health;
pub mod jobs;
pub mod metrics;
pub mod openapi;
pub mod routes;
pub mod server;
mod spa;
pub mod startup;

pub use routes::configure;
pub use server::serve;
