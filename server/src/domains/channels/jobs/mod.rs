//! The channels' job kinds, one file each (registered with the runner in `web/jobs.rs`).

pub mod deliveries;
pub mod result_message;
