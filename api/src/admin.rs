//! Admin-only bodies: the review queue, review decisions and making a game daily.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::games::Game;

/// `GET /api/admin/review-games`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct ReviewQuery {
    /// `unreviewed` (default) or `denied`.
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(pattern = "^(unreviewed|denied)$"))]
    pub status: Option<String>,
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub page: Option<u64>,
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub limit: Option<u64>,
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(max_length = 200))]
    pub search: Option<String>,
}

/// A game in the admins' review lists: what a card shows to decide on it, its items included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReviewGame {
    #[serde(flatten)]
    pub game: Game,
    /// When it was submitted: RFC 3339 UTC with milliseconds.
    pub created_at: String,
    /// The fields whose words the profanity rule flags, stored because the creator said they
    /// are real names (`realNames` on upload) or kept by an admin's edit: the review card
    /// highlights them. Empty for most games.
    pub flagged_words: Vec<FlaggedWords>,
}

/// One field of a game with words the profanity rule flags (a town, a surname…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlaggedWords {
    /// `prompt`, `items.N.name` or `items.N.altSpellings` (N from 0, in play order).
    pub field: String,
    /// The flagged words as written.
    pub words: Vec<String>,
}

/// `GET /api/admin/review-games`: a page of the queue (or of the hidden games) and how many
/// match in all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewList {
    pub games: Vec<ReviewGame>,
    pub total: i64,
}

/// `POST /api/admin/review-game/{uid}`: approve (public) or deny (hidden).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewDecision {
    pub approved: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReviewResult {
    pub uid: String,
    pub approved: bool,
}

/// `POST /api/admin/make-daily/{uid}` and `GET /api/admin/next-daily-date`: a day asked for.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct DailyDateQuery {
    /// `YYYY-MM-DD` (New York). Make-daily: the day to schedule the game on, after today and
    /// free (default: the first free day after today). Next-daily-date: the first free day on or
    /// after this one (default and at the earliest: tomorrow).
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub date: Option<String>,
    /// Next-daily-date: the daily edition whose free day is asked (`en`, `es`, `ja`, …; absent
    /// or unknown: English). Make-daily ignores it: a game goes into the edition of its language.
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(example = "ja"))]
    pub edition: Option<String>,
}

/// `GET /api/admin/next-daily-date`: the first day without a daily game.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FreeDailyDate {
    /// `YYYY-MM-DD` (New York).
    pub date: String,
}

/// `POST /api/admin/make-daily/{uid}`: the date it became the daily game of.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DailyResult {
    pub uid: String,
    /// The day asked for, or the first free day after today, `YYYY-MM-DD`.
    pub date: String,
}
