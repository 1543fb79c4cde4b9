//! What other domains may use of submissions: the player keys (an account's, a deleted
//! account's, a browser's as every route takes it), a stored result and a streak, replaying a
//! finished game, and the streak rows' order and rebuild (for a regrade, which locks as the
//! writer does). Another domain names `submissions::interface`, never a module of submissions.

pub use super::check::{answers_of, replay_finished};
pub use super::summary::Columns;
pub use super::{account_user_key, check_user_key, deleted_user_key, owner_key, ACCOUNT_KEY_PREFIX};

/// Stored results.
pub mod record {
    pub use crate::domains::submissions::record::{find, load_streak};
}

/// Streak rows: their keys, reads, and the writer's lock order and rebuild.
pub mod streaks {
    pub use crate::domains::submissions::streaks::{
        key, lock, read_edition, rebuild, rebuild_all, Row, Totals,
    };
}
