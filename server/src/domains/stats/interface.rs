//! What other domains may use of stats: whose score a viewer sees. Another domain names
//! `stats::interface`, never a module of stats.

pub use super::player_key;
