//! What other domains may use of community: the hot score a new game starts with. Another
//! domain names `community::interface`, never a module of community.

pub use super::scores::initial_hot;
