//! The domains: one folder per part of the game, each with its HTTP handlers (and their
//! `configure`), its queries and its storage types together. A domain may use the platform,
//! the app state and other domains, never the web layer or the command line
//! (tests/all/module_cycles.rs checks it).

pub mod accounts;
pub mod admin;
pub mod autofill;
pub mod catalogue;
pub mod challenges;
pub mod channels;
pub mod community;
pub mod disputes;
pub mod games;
pub mod groups;
pub mod history;
pub mod insights;
pub mod player_data;
pub mod previews;
pub mod reminders;
pub mod reports;
pub mod stats;
pub mod submissions;
