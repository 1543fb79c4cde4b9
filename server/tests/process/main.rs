//! The server's process-level tests: the real `lavalist` binary under kill -9, SIGTERM,
//! database faults, several instances on one PostgreSQL database. One binary, apart from `all`
//! so their real processes and timings do not share a test thread pool with the app-level cases.
#[macro_use]
#[path = "../all/common/mod.rs"]
mod common;
#[path = "../all/recount/mod.rs"]
mod recount;

mod faults;
mod instances;
mod operations_process;
mod process;
mod reminder_instances;
