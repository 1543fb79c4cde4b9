//! What other domains may use of reports: how many wait for a decision (the insights). Another
//! domain names `reports::interface`, never a module of reports.

pub use super::queries::open_count as open_reports;
