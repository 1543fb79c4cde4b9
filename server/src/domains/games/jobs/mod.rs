//! The games' job kinds, one file each (registered with the runner in `web/jobs.rs`).

pub mod adopt_legacy_days;
pub mod fill_search_words;
