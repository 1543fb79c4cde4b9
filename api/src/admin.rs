//! Admin-only bodies: the review queue, review decisions and making a game daily.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

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

/// `POST /api/admin/make-daily/{uid}`: the date it became the daily game of.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DailyResult {
    pub uid: String,
    /// The first free day after today, `YYYY-MM-DD`.
    pub date: String,
}
