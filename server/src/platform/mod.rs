//! Infrastructure: the pieces any part of the server may use (the database and its schema, the
//! clock, the settings, the error type, mail, outbound requests, rate limits, logging, security
//! headers, text and paging helpers). Nothing here names a domain, the app state, the web layer
//! or the command line (tests/all/module_cycles.rs checks it): a setting or a route may be known
//! by name, but no domain code is called, so each piece reads and tests on its own.

pub mod client_ip;
pub mod clock;
pub mod config;
pub mod db;
pub mod error;
pub mod histogram;
pub mod i18n;
pub mod jobs;
pub mod logging;
pub mod mail;
pub mod outbound;
pub mod paging;
pub mod private_files;
pub mod ratelimit;
pub mod schema;
pub mod security;
pub mod text;
pub mod window;
