//! The community around games: ratings, the dice (a random game), and a creator's stats.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::games::ReviewStatus;

/// `POST /api/game/uid/{uid}/rating`: rate a community game the player finished (1–5 stars).
/// Rating again changes the player's rating.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RatingBody {
    /// The browser's userKey (a logged-in player's rating is kept under the account).
    pub user_key: String,
    /// 1 to 5.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 5))]
    pub stars: u8,
}

/// A game's ratings and, when known, the asking player's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RatingSummary {
    /// Average stars, absent before the first rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub average: Option<f64>,
    pub count: i64,
    /// This player's stars, if they rated the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stars: Option<u8>,
    /// Whether this player has a stored result of the game (and so may rate it).
    pub can_rate: bool,
}

/// `GET /api/community-games/random`: where the dice leads: a community game's uid, or an
/// archive day when the player has finished every candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RandomGame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub uid: Option<String>,
    /// `YYYY-MM-DD` of an archive day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
}

/// An item and the share of a game's players who found it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ItemFound {
    pub name: String,
    /// 0 to 1.
    pub found_rate: f64,
}

/// Results stored on one day (UTC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DayPlays {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub plays: i64,
}

/// One of a creator's games, as their stats page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreatorGame {
    pub uid: String,
    pub prompt: String,
    pub status: ReviewStatus,
    pub public: bool,
    /// Results stored.
    pub plays: i64,
    /// The average share of the items a player found (0 to 1); 0 before the first play.
    pub completion_rate: f64,
    /// The share of players who found every item (0 to 1).
    pub win_rate: f64,
    pub average_score: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<f64>,
    pub ratings: i64,
    /// The least found item, once the game has 20 plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hardest: Option<ItemFound>,
    /// The most found item, once the game has 20 plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub easiest: Option<ItemFound>,
    /// The last 30 days (UTC), oldest first, days without plays included.
    pub plays_per_day: Vec<DayPlays>,
}

/// `GET /api/me/creator-stats`: the logged-in creator's games, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatorStats {
    pub games: Vec<CreatorGame>,
}

/// `GET /api/users/{username}/creator-totals`: a creator's public totals (approved public games).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreatorTotals {
    pub games: i64,
    pub plays: i64,
    /// Average stars over every rating of those games, absent before the first rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub average_rating: Option<f64>,
    pub ratings: i64,
}
