//! What other domains may use of community: the hot score a new game starts with, and how a
//! result adds to it (the results' writer keeps it in its transaction). Another
//! domain names `community::interface`, never a module of community.

pub use super::scores::{add_event, add_event_sql, initial_hot};
