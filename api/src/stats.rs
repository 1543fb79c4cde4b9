//! Game stats: per-item find rates, where the player's score stands (and its percentile),
//! averages and streaks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use game_core::results::Standing;

/// `GET /api/game/stats`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct StatsQuery {
    /// The day (`YYYY-MM-DD`); today in New York when absent.
    #[cfg_attr(feature = "openapi", param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    #[ts(optional)]
    pub date: Option<String>,
    /// Where this score stands; else the userKey's stored score (the userKey travels in the
    /// `X-User-Key` header, never in the URL: it is a bearer secret).
    #[ts(optional)]
    pub score: Option<u32>,
}

/// `GET /api/game/community-stats/{uid}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct CommunityStatsQuery {
    /// Where this score stands; else the `X-User-Key` header's stored score.
    #[ts(optional)]
    pub score: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StatsResponse {
    /// Item id → fraction of players who found it (0–1); empty below the minimum sample.
    #[ts(type = "Record<string, number>")]
    pub stats: BTreeMap<String, f64>,
    /// Where the score stands among the players (`game_core::results::standing`; a score that
    /// is not the userKey's stored result is ranked as one more player); null when no score is
    /// known. Below the minimum sample only `first` is given, else null.
    pub standing: Option<Standing>,
    /// The spec's percentile: the whole percent, rounded down, of the players (ranked as for
    /// `standing`) with a strictly lower score (`game_core::results::percentile`). Null when
    /// `standing` is: no score known, or hidden by the minimum sample (then 0 only for the first
    /// result, when nobody else has one).
    pub percentile: Option<u32>,
    pub player_count: i64,
    /// Null below the minimum sample.
    pub average_score: Option<f64>,
    /// Consecutive daily days played by the userKey, up to today or yesterday.
    pub played_streak: i32,
    /// Consecutive daily days won by the userKey, up to today or yesterday.
    pub won_streak: i32,
    /// The score distribution: players per bucket (a bucket is score / 10, so 73 holds 730–739;
    /// 1000 is bucket 100), only buckets with players, lowest first; empty below the minimum
    /// sample.
    pub histogram: Vec<ScoreCount>,
    /// The minimum sample (the server's `--stats-min-players`): with fewer players the figures
    /// about the others (find rates, average, distribution, a best or top standing) are left
    /// out, since they say little and may reveal one player's result.
    pub min_players: u32,
    /// Whether `playerCount` reaches `minPlayers`, so those figures are given.
    pub enough_players: bool,
}

/// Players whose score falls in one histogram bucket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoreCount {
    pub bucket: u32,
    pub players: i64,
}
