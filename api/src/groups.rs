//! Groups: logged-in players comparing their daily results with friends. A group has an owner,
//! members who joined by its invite code, today's board (seen by a member once they finished
//! today's game) and weekly and all-time tables. Everything of a group answers 404 to anyone who
//! is not a member, admins included.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/groups` and `POST /api/groups/{id}/name`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupNameBody {
    /// 1 to 40 characters after trimming, nothing offensive.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 40))]
    pub name: String,
}

/// One of the viewer's groups, as `GET /api/groups` lists them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupSummary {
    pub id: i64,
    pub name: String,
    pub members: i64,
    /// Whether the viewer owns it.
    pub owned: bool,
}

/// `GET /api/groups`: the viewer's groups, newest joined first, with the limit that applies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupList {
    pub groups: Vec<GroupSummary>,
    /// How many groups one player may belong to.
    pub max_groups: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupMember {
    pub user_id: i64,
    pub username: String,
    pub owner: bool,
    /// RFC 3339.
    pub joined_at: String,
}

/// `GET /api/groups/preview/{code}`: what anyone holding an invite link may see of the group
/// before signing up (no id, no member list).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InvitePreview {
    pub name: String,
    /// The owner's username.
    pub owner: String,
    pub members: i64,
    pub max_members: i64,
}

/// `GET /api/groups/join/{code}`: the group an invite link leads to, shown before joining.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupInvite {
    pub id: i64,
    #[serde(flatten)]
    pub preview: InvitePreview,
    /// Whether the viewer is already a member (the page then opens the group instead).
    pub member: bool,
}

/// A group as its members see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupDetail {
    pub id: i64,
    pub name: String,
    /// Whether the viewer owns it (and may rename, regenerate, remove and delete).
    pub owned: bool,
    /// The invite code (the link is `/join/{code}`): shown to the owner only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite_code: Option<String>,
    /// The owner first, then by joining time.
    pub members: Vec<GroupMember>,
    pub max_members: i64,
}

/// One member's result on today's board: only results whose action log the server replayed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BoardRow {
    pub user_id: i64,
    pub username: String,
    /// 1 for the best score; equal scores share a rank (1, 1, 3).
    pub rank: i64,
    pub score: u32,
    /// Items found, of ten.
    pub found: u32,
    pub wrong: u32,
    pub hints: u32,
    /// Survived (every item found) or erupted.
    pub won: bool,
}

/// Today's board (New York's day). `locked` until the viewer has a result for today's daily
/// game: then `rows` is empty, so nothing is given away.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TodayBoard {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Whether there is a daily game today at all.
    pub has_game: bool,
    pub locked: bool,
    pub rows: Vec<BoardRow>,
}

/// One member's daily results over a span (replayed results only).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TableRow {
    pub user_id: i64,
    pub username: String,
    pub played: i64,
    pub won: i64,
    /// The mean score of the games played, rounded to a whole point; 0 with none played.
    pub average_score: i64,
    /// Consecutive daily games played, up to today or yesterday.
    pub played_streak: i32,
    /// Consecutive daily games won, up to today or yesterday.
    pub won_streak: i32,
}

/// `GET /api/groups/{id}/boards`: today's board and the weekly (the last 7 game days) and
/// all-time tables, most wins first. Until the viewer finishes today's game the tables stop at
/// yesterday and the streaks leave today's play out, so they give nothing of today away either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupBoards {
    pub today: TodayBoard,
    pub weekly: Vec<TableRow>,
    pub all_time: Vec<TableRow>,
}

/// The viewer's rank in one group on a day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupRank {
    pub group_id: i64,
    pub name: String,
    pub rank: i64,
    /// Members on that day's board.
    pub players: i64,
}

/// `GET /api/group-ranks`: the viewer's rank in each of their groups for today's game; empty
/// until the viewer has a replayed result for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupRanks {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub ranks: Vec<GroupRank>,
}
