//! What other domains may use of games: the stored game, finding one and the rules of who may
//! see it, the editions, the form rules, search words, and the writes the catalogue and the
//! moderation make. Another domain names `games::interface`, never a module of games.

pub use super::form::{tidy_item, validate_form};
pub use super::model::{round2, GameRecord, GameRow, ReviewStatus, StoredGame};
pub use super::queries::{
    all_games, find_by_uid, first_taken_day, ids_by_uid, insert_game, insert_games, new_uid, set_categories,
    set_review, update_game,
};
pub use super::{community_game, ensure_released, require_date, visible_to};

/// The editions (one daily list per language).
pub mod editions {
    pub use crate::domains::games::editions::{legacy_daily_date, no_game, of_language, parse, ENGLISH};
}

/// The words a game is found by.
pub mod search {
    pub use crate::domains::games::search::{matching, Words};
}
