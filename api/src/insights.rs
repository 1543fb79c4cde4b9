//! Admin insights (`GET /api/admin/insights`): figures computed from what the server already
//! keeps (results, per-game aggregates, disputes, reports). No new tracking of people.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/admin/insights`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct InsightsQuery {
    /// How many days back from today (New York), today included: 1 to 90, 30 by default.
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1, maximum = 90))]
    pub days: Option<u32>,
}

/// An item of a daily game and the share of its players who found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ItemRate {
    pub name: String,
    /// Whole percent, rounded to nearest.
    pub found_percent: u32,
}

/// One game day (New York).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InsightsDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Distinct players (userKeys) who stored any result that day, any game.
    pub players: i64,
    /// Results stored that day, any game.
    pub results: i64,
    /// The day's daily game: its prompt and its results so far (absent: no daily game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub daily_prompt: Option<String>,
    pub daily_players: i64,
    /// Whole percent of the daily game's players who found all ten (absent: nobody played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub win_percent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub average_score: Option<u32>,
    /// The daily game's least and most found items.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hardest: Option<ItemRate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub easiest: Option<ItemRate>,
}

/// A community game by number of results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PopularGame {
    pub uid: String,
    pub prompt: String,
    pub players: i64,
    pub average_score: u32,
}

/// The insights page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Insights {
    /// Oldest first, today last.
    pub days: Vec<InsightsDay>,
    /// Over the window's daily games, weighted by players (absent: nobody played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub win_percent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub average_score: Option<u32>,
    /// The most played community games (all time), at most 10.
    pub top_community: Vec<PopularGame>,
    pub open_disputes: i64,
    pub open_reports: i64,
}
