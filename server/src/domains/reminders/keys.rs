//! The keys reminders need, read or created at start: the VAPID key pair and the key that signs
//! the e-mails' unsubscribe links. Both are kept in the database (`server_keys`), so every
//! instance signs and checks with the same ones.

use super::message::UnsubscribeKey;
use super::push::{self, Pusher};
use super::queries;
use crate::platform::config::Config;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;

const VAPID_KEY: &str = "vapid-private-key";
const UNSUBSCRIBE_KEY: &str = "reminder-unsubscribe-key";

/// The keys reminders need, read (or created) at start.
pub struct Reminders {
    pub pusher: Pusher,
    pub unsubscribe: UnsubscribeKey,
}

impl Reminders {
    /// The configured VAPID key, else the one kept in the database (created by the first
    /// instance that starts); the unsubscribe-link key likewise.
    pub fn open(config: &Config, conn: &mut DbConn, now_ms: i64) -> Result<Self, AppError> {
        let vapid = match &config.reminders.vapid_private_key {
            Some(key) => key.expose().to_string(),
            None => queries::server_key(conn, VAPID_KEY, now_ms, push::new_private_key)?,
        };
        let unsubscribe =
            queries::server_key(conn, UNSUBSCRIBE_KEY, now_ms, || hex::encode(rand::random::<[u8; 32]>()))?;
        Ok(Reminders {
            pusher: Pusher::new(config, &vapid)?,
            unsubscribe: UnsubscribeKey::new(unsubscribe.as_bytes()),
        })
    }
}
