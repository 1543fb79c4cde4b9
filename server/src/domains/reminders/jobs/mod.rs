//! The reminders' job kinds, one file each (registered with the runner in `web/jobs.rs`).

pub mod send_due;
