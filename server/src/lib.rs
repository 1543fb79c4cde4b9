//! The Lavalist server: the JSON API under `/api` and the built front end for every other path.
//!
//! Layers, each using only the ones below it (server/README.md has the map,
//! tests/all/module_cycles.rs the rule): `web` (routes, the server) and `cli` (the command-line
//! tools) on top; `domains` and the app `state` in the middle; `platform` (infrastructure) at
//! the bottom.

pub mod cli;
pub mod domains;
pub mod platform;
pub mod state;
pub mod web;

pub use state::AppState;
pub use web::{configure, serve};
