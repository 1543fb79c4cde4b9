//! What other domains may use of channels: queueing a stored result's message, and removing a
//! group's channel (a deleted owner's group). Another domain names `channels::interface`, never
//! a module of channels.

pub use super::queries::remove as remove_channel;
pub use super::results::queue_result;
