//! "Challenge a friend": a link to a game the creator finished; the friend plays the same game
//! and, once their own result is stored, sees both results side by side. Both results are the
//! server's replays of the stored action logs.

use game_core::Action;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/challenges`: a challenge to a game the viewer finished (a stored result with its
/// action log). Exactly one of `date` (a daily game, today's or a past day) and `gameUid` (a
/// community game).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChallengeBody {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 128))]
    pub user_key: String,
    /// The daily game's date, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", schema(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_uid: Option<String>,
    /// With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
}

/// A new challenge: its id (128 random bits, the link's secret) and its link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChallengeCreated {
    pub id: String,
    /// The absolute link to share (`{public URL}/challenge/{id}`).
    pub url: String,
}

/// `POST /api/challenges/archive-results`: a past day played from the archive, stored for
/// challenges only (the archive counts in no stats). The log is replayed and must finish the
/// game.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ArchiveResultBody {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 128))]
    pub user_key: String,
    /// The past day's date, `YYYY-MM-DD` (before today).
    #[cfg_attr(feature = "openapi", schema(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub date: String,
    /// The game-core replay log.
    pub actions: Vec<Action>,
    /// The daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
}

/// The stored archive result, as replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ArchiveResult {
    pub date: String,
    pub score: u32,
    pub found: u32,
    pub won: bool,
}

/// `GET /api/challenges/{id}`: what a challenge link shows before playing. Spoiler-free: the
/// game's prompt and who challenges, never an item nor the creator's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChallengePreview {
    pub id: String,
    pub prompt: String,
    pub submitter: String,
    /// The creator's username; `null` for a guest.
    #[ts(optional = nullable)]
    pub creator_name: Option<String>,
    /// Set for a daily game (played by date: today's on `/`, a past day in the archive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    /// The daily game's day number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub day_number: Option<u32>,
    /// Set for a community game (played at `/community/{uid}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_uid: Option<String>,
    /// Whether the viewer (the `X-User-Key` header, or the logged-in account) made it.
    pub yours: bool,
}

/// Who found an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum FoundBy {
    Both,
    /// Only the challenge's creator.
    Creator,
    /// Only the viewer.
    Viewer,
    Neither,
}

/// One item of the game, with who found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ComparedItem {
    pub id: u32,
    pub name: String,
    pub found_by: FoundBy,
}

/// One player's result, replayed from the stored log on the game as it is now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ComparedResult {
    pub score: u32,
    pub found: u32,
    pub won: bool,
    pub hints: u32,
    /// The wrong guesses, in the order they were made.
    pub wrong_guesses: Vec<String>,
}

/// `GET /api/challenges/{id}/comparison`: both results side by side, once the viewer's own
/// result of the game is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChallengeComparison {
    pub challenge: ChallengePreview,
    /// Every item, in the game's order.
    pub items: Vec<ComparedItem>,
    pub creator: ComparedResult,
    pub viewer: ComparedResult,
}
