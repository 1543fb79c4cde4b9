//! Infrastructure: what any part of the server may use, knowing nothing of games, players or
//! routes. Nothing here names a domain, the app state, the web layer or the command line
//! (tests/all/module_cycles.rs checks it), so each piece can be read and tested on its own.

pub mod client_ip;
pub mod clock;
pub mod config;
pub mod db;
pub mod error;
pub mod histogram;
pub mod i18n;
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
