//! What other domains may use of previews: the share parameter of a result link. Another domain
//! names `previews::interface`, never a module of previews.

pub use super::share_param;
