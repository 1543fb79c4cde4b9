//! "I was right": a player disputes a wrong guess of a finished game; admins accept (the guess
//! becomes an alternative spelling and every result of the game is regraded) or reject.

use game_core::Item;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where a dispute stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum DisputeStatus {
    Open,
    Accepted,
    Rejected,
}

impl DisputeStatus {
    /// The status as stored (and as serde writes it).
    pub fn as_str(self) -> &'static str {
        match self {
            DisputeStatus::Open => "open",
            DisputeStatus::Accepted => "accepted",
            DisputeStatus::Rejected => "rejected",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "open" => Some(DisputeStatus::Open),
            "accepted" => Some(DisputeStatus::Accepted),
            "rejected" => Some(DisputeStatus::Rejected),
            _ => None,
        }
    }
}

/// `POST /api/game/uid/{uid}/disputes`: one wrong guess of this player's stored result.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DisputeBody {
    /// The userKey the result was stored under.
    pub user_key: String,
    /// The wrong guess, as the game shows it.
    pub guess: String,
}

/// A player's dispute (the one just made, or one listed for the player).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Dispute {
    pub id: i64,
    pub game_uid: String,
    /// The game's daily date (`YYYY-MM-DD`), if it has one.
    pub date: Option<String>,
    pub guess: String,
    pub status: DisputeStatus,
    /// For an accepted dispute, the item the guess became a spelling of.
    pub item_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DisputeList {
    pub disputes: Vec<Dispute>,
}

/// The open disputes of one game with one guess (by its normalised form), for admins.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DisputeGroup {
    pub game_uid: String,
    pub prompt: String,
    pub date: Option<String>,
    /// game-core's `normalise` of the guess: what groups the disputes.
    pub guess_key: String,
    /// The guess as the first player typed it (what an accepted dispute adds).
    pub guess: String,
    pub count: i64,
    /// RFC 3339 UTC.
    pub first_at: String,
    pub last_at: String,
    /// The game's items, for the item picker.
    pub items: Vec<Item>,
}

/// `GET /api/admin/disputes`: open groups, the most disputed first.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DisputeGroups {
    pub groups: Vec<DisputeGroup>,
}

/// `POST /api/admin/disputes/accept`: the guess becomes a spelling of `itemId`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AcceptDisputeBody {
    pub game_uid: String,
    pub guess_key: String,
    pub item_id: u32,
}

/// `POST /api/admin/disputes/reject`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RejectDisputeBody {
    pub game_uid: String,
    pub guess_key: String,
}

/// What an accept did.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AcceptResult {
    pub game_uid: String,
    pub guess_key: String,
    pub item_id: u32,
    /// The spelling added (absent when the item already had it: a repeated accept).
    pub added_spelling: Option<String>,
    /// Disputes of the group this accept closed.
    pub disputes: i64,
    /// The game's stored results that were replayed, and those whose result changed.
    pub results: i64,
    pub regraded: i64,
}

/// What a reject did.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RejectResult {
    pub game_uid: String,
    pub guess_key: String,
    pub disputes: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_strings_match_serde() {
        for status in [DisputeStatus::Open, DisputeStatus::Accepted, DisputeStatus::Rejected] {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(DisputeStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(DisputeStatus::parse("Open"), None);
    }
}
