//! Games on the wire: listing cards, a playable game (a card with its items), listings, and the
//! bodies that create, edit and delete games. Field names follow the spec (§3).

use game_core::forms::FieldError;
use game_core::{Category, GameKind, Item};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::items::OrderedItems;

/// A category as a client names it in an upload or an edit: one of the fixed list, or any other
/// name, which the server refuses as the `categories` form error (not as unreadable JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CategoryName {
    Known(Category),
    Unknown(String),
}

/// Review status of a community game (daily games are always approved).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ReviewStatus {
    Approved,
    Unreviewed,
    Denied,
}

impl ReviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Approved => "approved",
            ReviewStatus::Unreviewed => "unreviewed",
            ReviewStatus::Denied => "denied",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "approved" => Some(ReviewStatus::Approved),
            "unreviewed" => Some(ReviewStatus::Unreviewed),
            "denied" => Some(ReviewStatus::Denied),
            _ => None,
        }
    }
}

/// One entry of a listing (explore cards, archive days); a [`Game`] is a card with its items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GameCard {
    pub prompt: String,
    pub submitter: String,
    /// The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    /// Day number of `date` (2024-07-09 is Day 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub day_number: Option<i64>,
    /// The date a game was scheduled as the daily game, if it was.
    #[serde(rename = "daily_date", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub daily_date: Option<String>,
    /// Every stored game has one (admins open any game in the editor by it); absent only on the
    /// placeholder served for a day with nothing scheduled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub uid: Option<String>,
    /// `community` for community games; absent for daily games.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<GameKind>,
    /// Community games: listed for everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub public: Option<bool>,
    /// Community games: where the admins' review stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<ReviewStatus>,
    /// RFC 3339 UTC with milliseconds.
    pub updated_at: String,
    /// Community games: one to three categories (older games may have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub categories: Option<Vec<Category>>,
    /// Community games: results stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub plays: Option<i64>,
    /// Community games: the average rating (1–5), absent before the first rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<f64>,
    /// Community games: how many players rated it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ratings: Option<i64>,
    /// Daily games: the daily edition the game belongs to, which is the language it is written in
    /// (a BCP 47 tag such as `en` or `ja`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
    /// A day's game (`GET /api/game/date/{date}`) only: every edition with a game that day,
    /// English first, then in the order of the interface languages (what the edition switch
    /// offers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub editions: Option<Vec<String>>,
}

/// A playable game (`GET /api/game/date/{date}`, `GET /api/game/uid/{uid}`, the editor, an
/// upload's answer): its card and its items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Game {
    #[serde(flatten)]
    pub card: GameCard,
    pub items: Vec<Item>,
}

/// A page of a listing and how many entries match in all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameList {
    pub games: Vec<GameCard>,
    pub total: i64,
    /// Community listings: the `after` cursor of the next page (keyset paging), absent on the
    /// last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next: Option<String>,
}

/// `POST /api/game/upload`: a new community game.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UploadBody {
    pub prompt: String,
    /// Item name → alternative spellings, in play order.
    #[cfg_attr(feature = "openapi", schema(value_type = std::collections::HashMap<String, Vec<String>>))]
    #[ts(type = "Record<string, Array<string>>")]
    pub items: OrderedItems,
    /// Item name (as in `items`) → spellings that are never auto-corrected into that item
    /// ("not accepted"); items without any may be left out, and so may the whole field.
    #[serde(rename = "rejectedSpellings", default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<std::collections::HashMap<String, Vec<String>>>))]
    #[ts(type = "Record<string, Array<string>>", optional)]
    pub rejected_spellings: Option<OrderedItems>,
    /// Always `community`; accepted for the front end's sake.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<String>,
    /// Ignored: new games start private until an admin approves them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub public: Option<bool>,
    /// One to three categories; a game uploaded without the field is `miscellaneous`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Category>>))]
    #[ts(type = "Array<Category>", optional)]
    pub categories: Option<Vec<CategoryName>>,
    /// The creator's word that the words the profanity rule flags are real names (a town, a
    /// surname, a title). Without it such a game is refused (400 `profanity` with the field);
    /// with it the game is stored, unreviewed and private like every upload, and the admins'
    /// review queue shows the flagged words. Slurs and threats are refused all the same.
    #[serde(rename = "realNames", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub real_names: Option<bool>,
}

/// An item as a client or a file writes it: an edited game's item keeps the stored item's id
/// (absent for a new item), so per-item stats keep their meaning; seed packs and catalogue
/// files may leave ids out too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EditItem {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional = nullable)]
    pub id: Option<u32>,
    pub name: String,
    #[serde(default)]
    pub alt_spellings: Vec<String>,
    /// Spellings never auto-corrected into this item; left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub rejected_spellings: Vec<String>,
}

/// `PUT /api/game/edit/{uid}` (spec §3 "Edit payload").
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EditBody {
    pub prompt: String,
    pub public: bool,
    pub items: Vec<EditItem>,
    /// A community game's new categories (one to three); absent: unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Category>>))]
    #[ts(type = "Array<Category>", optional)]
    pub categories: Option<Vec<CategoryName>>,
}

/// `PUT /api/game/edit/{uid}`'s answer: the game as saved, and one warning per field the
/// profanity rule flags (an admin's edit is saved anyway; absent when there is none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SavedGame {
    #[serde(flatten)]
    pub game: Game,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub warnings: Option<Vec<FieldError>>,
}

/// `DELETE /api/game/uid/{uid}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeletedGame {
    pub uid: String,
    pub message: String,
}

/// Which daily edition a daily route reads: a language tag of the interface (`en`, `es`,
/// `pt-BR`, …, matched without regard to case). Missing or not one of the interface languages:
/// English.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct EditionQuery {
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(example = "es"))]
    pub edition: Option<String>,
}

/// A page of a day listing.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct PageQuery {
    /// 1-based page number (default 1).
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub page: Option<u64>,
    /// Entries per page (default 12; larger values are capped).
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub limit: Option<u64>,
    /// Case-insensitive substring of the prompt.
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(max_length = 200))]
    pub search: Option<String>,
}

/// A page of community games.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
pub struct CommunityQuery {
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub page: Option<u64>,
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(minimum = 1))]
    pub limit: Option<u64>,
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(max_length = 200))]
    pub search: Option<String>,
    /// Only this user's games (case-insensitive).
    #[ts(optional)]
    pub username: Option<String>,
    /// The order (default `hot`; `new` when `username` is given).
    #[ts(optional)]
    pub sort: Option<CommunitySort>,
    /// `top` only: games made this week, this month, or at any time (default `all`).
    #[ts(optional)]
    pub period: Option<TopPeriod>,
    /// Only games of this category.
    #[ts(optional)]
    pub category: Option<Category>,
    /// Only games written in this language (a BCP 47 tag such as `en`).
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(max_length = 35))]
    pub language: Option<String>,
    /// The `next` cursor of the previous page: keyset paging (`page` is then ignored).
    #[ts(optional)]
    #[cfg_attr(feature = "openapi", param(max_length = 100))]
    pub after: Option<String>,
}

/// How explore orders community games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum CommunitySort {
    /// Plays and ratings with time decay (half-life one day), see docs/features/community-games.md.
    #[default]
    Hot,
    /// Newest first.
    New,
    /// Bayesian average rating (5 prior votes of 3 stars).
    Top,
    /// Most results stored.
    Played,
}

/// The creation window of the `top` sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum TopPeriod {
    Week,
    Month,
    #[default]
    All,
}
