//! What other domains may use of channels: a stored result's message and its queueing (the
//! subscriber of "a result was stored"), and removing a group's channel (a deleted owner's
//! group). Another domain names `channels::interface`, never a module of channels.

pub use super::jobs::result_message::on_result_stored;
pub use super::messages::result_text;
pub use super::queries::remove as remove_channel;
