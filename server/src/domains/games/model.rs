//! Games as stored and as the API shows them (field names as spec §3).

use std::ops::Deref;

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::{day_number, format_date, parse_date};
use game_core::{Category, GameDef, GameKind, Item};
pub use lavalist_api::admin::FlaggedWords;
use lavalist_api::games::CommunitySort;
pub use lavalist_api::games::{Game, GameCard, GameList, ReviewStatus};

use crate::platform::error::AppError;
use crate::platform::schema::games;

/// A `games` row as diesel reads it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i64,
    pub uid: String,
    pub kind: String,
    pub status: String,
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    pub owner_id: Option<i64>,
    /// The day in the game's edition (`daily_date` is only its English mirror).
    pub edition_date: Option<String>,
    pub items: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub language: String,
    pub categories: i32,
    pub plays: i64,
    pub rating_sum: i64,
    pub rating_count: i64,
    pub top: f64,
    pub hot: f64,
    /// JSON `[{field, words}]`: words the profanity rule flags that the game keeps.
    pub flagged_words: Option<String>,
}

/// What players made of a stored game, and its categories: kept on the `games` row (explore
/// sorts and filters by them), updated as results and ratings arrive.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Numbers {
    /// The categories' bit set ([`game_core::Category::mask`]).
    pub categories: i32,
    pub plays: i64,
    pub rating_sum: i64,
    pub rating_count: i64,
}

impl Numbers {
    /// The average stars, `None` before the first rating.
    pub fn average_rating(&self) -> Option<f64> {
        (self.rating_count > 0).then(|| round2(self.rating_sum as f64 / self.rating_count as f64))
    }
}

/// Rounded to two decimals (what a card shows; the exact figure is `rating_sum / rating_count`).
pub fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// A game's content, as stored: what seeding, import and upload write, and what a stored
/// game holds besides its row id.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub uid: String,
    /// Where the game came from. A community game promoted to daily stays `Community` (with a date).
    pub kind: GameKind,
    pub status: ReviewStatus,
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    pub owner_id: Option<i64>,
    /// The day it is or was the daily game of its edition (its language).
    pub daily_date: Option<NaiveDate>,
    pub items: Vec<Item>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The BCP 47 tag of the language the game is written in (`en` unless set).
    pub language: String,
}

/// A stored game: its row id and its content (read through `Deref`, as a row is read).
#[derive(Debug, Clone)]
pub struct StoredGame {
    pub id: i64,
    pub game: GameRecord,
    pub numbers: Numbers,
    /// Words the profanity rule flags that the game keeps (the creator said they are real
    /// names, or an admin saved them): what the review queue highlights.
    pub flagged_words: Vec<FlaggedWords>,
}

impl Deref for StoredGame {
    type Target = GameRecord;

    fn deref(&self) -> &GameRecord {
        &self.game
    }
}

impl TryFrom<GameRow> for StoredGame {
    type Error = AppError;

    /// Only rows this server wrote exist, so a parse failure is corruption: a 500, logged.
    fn try_from(row: GameRow) -> Result<Self, AppError> {
        let corrupt = |what: &str| AppError::internal(format!("game {} has a corrupt {what}", row.id));
        let kind = GameKind::parse(&row.kind).ok_or_else(|| corrupt("kind"))?;
        let status = ReviewStatus::parse(&row.status).ok_or_else(|| corrupt("status"))?;
        let daily_date = match &row.edition_date {
            Some(text) => Some(parse_date(text).ok_or_else(|| corrupt("edition_date"))?),
            None => None,
        };
        let items: Vec<Item> = serde_json::from_str(&row.items).map_err(|_| corrupt("items"))?;
        let flagged_words = match &row.flagged_words {
            Some(json) => serde_json::from_str(json).map_err(|_| corrupt("flagged_words"))?,
            None => Vec::new(),
        };
        let numbers = Numbers {
            categories: row.categories,
            plays: row.plays,
            rating_sum: row.rating_sum,
            rating_count: row.rating_count,
        };
        let game = GameRecord {
            uid: row.uid,
            kind,
            status,
            public: row.public,
            prompt: row.prompt,
            submitter: row.submitter,
            owner_id: row.owner_id,
            daily_date,
            items,
            created_at: row.created_at,
            updated_at: row.updated_at,
            language: row.language,
        };
        Ok(StoredGame { id: row.id, game, numbers, flagged_words })
    }
}

impl GameRecord {
    /// The rules' view of this game, for replaying a submitted action log.
    pub fn def(&self) -> GameDef {
        GameDef {
            prompt: self.prompt.clone(),
            kind: self.kind,
            date: self.daily_date.map(format_date),
            // Only another edition than English is named in the share text.
            edition: self.daily_date.filter(|_| self.language != "en").map(|_| self.language.clone()),
            items: self.items.clone(),
        }
    }

    /// The game as listings show it.
    pub fn card(&self) -> GameCard {
        let community = self.kind == GameKind::Community;
        GameCard {
            prompt: self.prompt.clone(),
            submitter: self.submitter.clone(),
            date: self.daily_date.map(format_date),
            day_number: self.daily_date.map(day_number),
            daily_date: self.daily_date.map(format_date),
            uid: Some(self.uid.clone()),
            kind: community.then_some(GameKind::Community),
            public: community.then_some(self.public),
            status: community.then_some(self.status),
            updated_at: format_millis(self.updated_at),
            categories: None,
            plays: None,
            rating: None,
            ratings: None,
            edition: self.daily_date.map(|_| self.language.clone()),
            editions: None,
        }
    }

    /// The game as it is played: its card and its items.
    pub fn response(&self) -> Game {
        Game { card: self.card(), items: self.items.clone() }
    }
}

impl StoredGame {
    /// The game as listings show it; a community game's card carries its categories, plays
    /// and ratings.
    pub fn card(&self) -> GameCard {
        let mut card = self.game.card();
        if self.kind == GameKind::Community {
            card.categories = Some(Category::from_mask(self.numbers.categories));
            card.plays = Some(self.numbers.plays);
            card.rating = self.numbers.average_rating();
            card.ratings = Some(self.numbers.rating_count);
        }
        card
    }

    /// The game as it is played: its card and its items.
    pub fn response(&self) -> Game {
        Game { card: self.card(), items: self.items.clone() }
    }
}

pub use crate::platform::clock::format_millis;

/// Which community games a listing shows, and in which order.
#[derive(Debug, Clone, Default)]
pub struct CommunityFilter {
    pub search: Option<String>,
    /// Only this user's games (case-insensitive username).
    pub username: Option<String>,
    /// Also private and not-yet-approved games (the owner or an admin is looking).
    pub include_hidden: bool,
    /// Leaves out games whose daily date is after this day (their answers are a future
    /// day's); `None` for admins, who see the schedule.
    pub released_by: Option<NaiveDate>,
    pub sort: CommunitySort,
    /// Only games made after this time (Unix ms): `top` of the week or month.
    pub created_after: Option<i64>,
    pub category: Option<Category>,
    pub language: Option<String>,
}
