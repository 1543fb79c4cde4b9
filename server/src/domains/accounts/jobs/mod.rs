//! The accounts' job kinds, one file each (registered with the runner in `state.rs`).

pub mod send_mail;
