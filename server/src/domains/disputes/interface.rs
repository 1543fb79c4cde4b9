//! What other domains may use of disputes: how many wait for a decision (the insights). Another
//! domain names `disputes::interface`, never a module of disputes.

pub use super::queries::open_count as open_disputes;
