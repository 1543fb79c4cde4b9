//! What other domains may use of accounts: who is asking (the extractors). Another domain names
//! `accounts::interface`, never a module of accounts.

pub use super::viewer::{Admin, AuthUser, UserKeyHeader, Viewer};
