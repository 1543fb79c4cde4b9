//! "Report this game": a player's report of a community game, and the admins' view of the
//! reported games with their decision (dismiss the reports, or hide the game).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::games::ReviewStatus;

/// Why a game is reported: a short list, so admins can sort reports at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ReportReason {
    /// Slurs, harassment, sexual or hateful content.
    Offensive,
    /// It gives away a daily game's answers.
    Spoiler,
    /// The answers are wrong or missing obvious ones.
    WrongAnswers,
    /// Advertising, gibberish, a copy of another game.
    Spam,
    Other,
}

impl ReportReason {
    pub const ALL: [ReportReason; 5] = [
        ReportReason::Offensive,
        ReportReason::Spoiler,
        ReportReason::WrongAnswers,
        ReportReason::Spam,
        ReportReason::Other,
    ];

    /// The stored (and wire) spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Offensive => "offensive",
            ReportReason::Spoiler => "spoiler",
            ReportReason::WrongAnswers => "wrong-answers",
            ReportReason::Spam => "spam",
            ReportReason::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// `POST /api/game/uid/{uid}/report`: one report per player (userKey) and game.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReportBody {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 128))]
    pub user_key: String,
    pub reason: ReportReason,
    /// What is wrong, in the player's words (at most 500 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub details: Option<String>,
}

/// How many open reports give one reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReasonCount {
    pub reason: ReportReason,
    pub count: i64,
}

/// A community game with open reports, as the Review Games page lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReportedGame {
    pub uid: String,
    pub prompt: String,
    pub status: ReviewStatus,
    pub public: bool,
    /// Open reports of the game.
    pub reports: i64,
    /// Open reports by reason, most given first.
    pub reasons: Vec<ReasonCount>,
    /// The newest non-empty details players wrote (at most 5).
    pub details: Vec<String>,
    /// The first and the latest open report, RFC 3339.
    pub first_at: String,
    pub last_at: String,
}

/// `GET /api/admin/reports`: games with open reports, most reported first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportedGames {
    pub games: Vec<ReportedGame>,
}

/// What an admin does with a game's open reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ReportAction {
    /// The game stays as it is; its open reports are closed.
    Dismiss,
    /// The game is hidden (denied, private) and its open reports are closed.
    Hide,
}

/// `POST /api/admin/reports/{uid}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportDecision {
    pub action: ReportAction,
}

/// The answer to a report decision: how many open reports it closed.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportDecisionResult {
    pub uid: String,
    pub action: ReportAction,
    pub closed: i64,
}
