//! Game stats: per-item find rates, the player's percentile, averages and streaks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/game/stats`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct StatsQuery {
    /// The day (`YYYY-MM-DD`); today in New York when absent.
    #[cfg_attr(feature = "openapi", param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    #[ts(optional)]
    pub date: Option<String>,
    /// Percentile of this score; else of the userKey's stored score (the userKey travels in the
    /// `X-User-Key` header, never in the URL: it is a bearer secret).
    #[ts(optional)]
    pub score: Option<u32>,
}

/// `GET /api/game/community-stats/{uid}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct CommunityStatsQuery {
    /// Percentile of this score; else of the `X-User-Key` header's stored score.
    #[ts(optional)]
    pub score: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StatsResponse {
    /// Item id → fraction of players who found it (0–1).
    #[ts(type = "Record<string, number>")]
    pub stats: BTreeMap<String, f64>,
    /// Whole percent of players with a strictly lower score; null when no score is known.
    pub percentile: Option<u32>,
    pub player_count: i64,
    pub average_score: f64,
    /// Consecutive daily days played by the userKey, up to today or yesterday.
    pub played_streak: i32,
    /// Consecutive daily days won by the userKey, up to today or yesterday.
    pub won_streak: i32,
    /// The score distribution: players per bucket (a bucket is score / 10, so 73 holds 730–739;
    /// 1000 is bucket 100), only buckets with players, lowest first.
    pub histogram: Vec<ScoreCount>,
}

/// Players whose score falls in one histogram bucket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoreCount {
    pub bucket: u32,
    pub players: i64,
}
