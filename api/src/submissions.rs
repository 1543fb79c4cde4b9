//! Score submissions: a finished game's result, checked against its game by the shared rules.

use game_core::Action;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One item of a result: its id and whether the player found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub answer_id: u32,
    pub guessed_correctly: bool,
}

/// `POST /api/game/submit`: a finished daily game's result.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DailySubmission {
    pub answers: Vec<Answer>,
    pub user_key: String,
    pub score: u32,
    /// The game's date, `YYYY-MM-DD`.
    #[cfg_attr(feature = "openapi", schema(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub date: String,
    /// The game-core replay log: `{"guess": "…"}`, `{"hint": "firstLetter"|"length"}`, `{"giveUp": true}`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub actions: Option<Vec<Action>>,
    /// The daily edition played (`en`, `es`, `ja`, …); absent or unknown: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
}

/// `POST /api/game/submit-community-game`: a finished community game's result.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CommunitySubmission {
    pub answers: Vec<Answer>,
    pub user_key: String,
    pub score: u32,
    pub game_uid: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub actions: Option<Vec<Action>>,
}

/// The stored result (the same body for an identical repeat).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SubmissionResponse {
    /// The userKey the request sent. A logged-in player's result is stored under the account
    /// (one result per game per account, on every device), not under this key.
    pub user_key: String,
    pub score: u32,
    pub answers: Vec<Answer>,
    pub won: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_uid: Option<String>,
    /// The share link's result parameter (`?r=…`): this result's circle row and score, signed
    /// by the server, so the link's preview can show them and nobody can make one up. Never an
    /// item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub share_param: Option<String>,
}
