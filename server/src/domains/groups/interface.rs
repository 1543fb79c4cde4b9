//! What other domains may use of groups: the owner extractor (a group's channel is its owner's
//! to set). Another domain names `groups::interface`, never a module of groups.

pub use super::owner::GroupOwner;
