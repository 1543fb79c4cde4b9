//! Games as stored and as the API shows them (field names as spec §3).

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use diesel::prelude::*;
use game_core::calendar::{day_number, format_date, parse_date};
use game_core::{GameDef, GameKind, Item};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::schema::games;

/// Where a game came from. A community game promoted to daily stays `Community` (with a date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Daily,
    Community,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Daily => "daily",
            Kind::Community => "community",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "daily" => Some(Kind::Daily),
            "community" => Some(Kind::Community),
            _ => None,
        }
    }
}

/// Review status of a community game (daily games are always approved).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Approved,
    Unreviewed,
    Denied,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Approved => "approved",
            Status::Unreviewed => "unreviewed",
            Status::Denied => "denied",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "approved" => Some(Status::Approved),
            "unreviewed" => Some(Status::Unreviewed),
            "denied" => Some(Status::Denied),
            _ => None,
        }
    }
}

/// A `games` row as diesel reads it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i64,
    pub uid: String,
    pub kind: String,
    pub status: String,
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    pub owner_id: Option<i64>,
    pub daily_date: Option<String>,
    pub items: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A game with its columns parsed.
#[derive(Debug, Clone)]
pub struct StoredGame {
    pub id: i64,
    pub uid: String,
    pub kind: Kind,
    pub status: Status,
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    pub owner_id: Option<i64>,
    pub daily_date: Option<NaiveDate>,
    pub items: Vec<Item>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl TryFrom<GameRow> for StoredGame {
    type Error = AppError;

    /// Only rows this server wrote exist, so a parse failure is corruption: a 500, logged.
    fn try_from(row: GameRow) -> Result<Self, AppError> {
        let corrupt = |what: &str| AppError::internal(format!("game {} has a corrupt {what}", row.id));
        let kind = Kind::parse(&row.kind).ok_or_else(|| corrupt("kind"))?;
        let status = Status::parse(&row.status).ok_or_else(|| corrupt("status"))?;
        let daily_date = match &row.daily_date {
            Some(text) => Some(parse_date(text).ok_or_else(|| corrupt("daily_date"))?),
            None => None,
        };
        let items: Vec<Item> = serde_json::from_str(&row.items).map_err(|_| corrupt("items"))?;
        Ok(StoredGame {
            id: row.id,
            uid: row.uid,
            kind,
            status,
            public: row.public,
            prompt: row.prompt,
            submitter: row.submitter,
            owner_id: row.owner_id,
            daily_date,
            items,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

impl StoredGame {
    /// The rules' view of this game, for replaying a submitted action log.
    pub fn def(&self) -> GameDef {
        GameDef {
            prompt: self.prompt.clone(),
            kind: match self.kind {
                Kind::Daily => GameKind::Daily,
                Kind::Community => GameKind::Community,
            },
            date: self.daily_date.map(format_date),
            items: self.items.clone(),
        }
    }

    pub fn response(&self) -> GameResponse {
        let community = self.kind == Kind::Community;
        GameResponse {
            prompt: self.prompt.clone(),
            items: self.items.iter().map(ItemDto::from).collect(),
            date: self.daily_date.map(format_date),
            day_number: self.daily_date.map(day_number),
            submitter: self.submitter.clone(),
            uid: Some(self.uid.clone()),
            daily_date: if community { self.daily_date.map(format_date) } else { None },
            kind: community.then_some("community"),
            public: community.then_some(self.public),
            status: community.then_some(self.status.as_str()),
            updated_at: format_millis(self.updated_at),
        }
    }

    pub fn card(&self) -> GameCard {
        let community = self.kind == Kind::Community;
        GameCard {
            prompt: self.prompt.clone(),
            submitter: self.submitter.clone(),
            date: self.daily_date.map(format_date),
            day_number: self.daily_date.map(day_number),
            daily_date: self.daily_date.map(format_date),
            uid: Some(self.uid.clone()),
            kind: community.then_some("community"),
            public: community.then_some(self.public),
            status: community.then_some(self.status.as_str()),
            updated_at: format_millis(self.updated_at),
        }
    }
}

/// RFC 3339 UTC with milliseconds, as JavaScript's `Date#toISOString`.
pub fn format_millis(millis: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(millis)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemDto {
    pub id: u32,
    pub name: String,
    pub alt_spellings: Vec<String>,
}

impl From<&Item> for ItemDto {
    fn from(item: &Item) -> Self {
        ItemDto { id: item.id, name: item.name.clone(), alt_spellings: item.alt_spellings.clone() }
    }
}

/// A playable game (`GET /api/game/date/{date}`, `GET /api/game/uid/{uid}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameResponse {
    pub prompt: String,
    pub items: Vec<ItemDto>,
    /// The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Day number of `date` (2024-07-09 is Day 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_number: Option<i64>,
    pub submitter: String,
    /// Every stored game has one (admins open any game in the editor by it); absent only on the
    /// placeholder served for a day with nothing scheduled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Community games that were also chosen as daily.
    #[serde(rename = "daily_date", skip_serializing_if = "Option::is_none")]
    pub daily_date: Option<String>,
    /// `"community"` for community games.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<bool>,
    /// Community games: `unreviewed`, `approved` or `denied` (an owner's private game may be
    /// either of the first and last; the profile page says which).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    pub updated_at: String,
}

/// One entry of a listing (explore cards, archive days).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameCard {
    pub prompt: String,
    pub submitter: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_number: Option<i64>,
    #[serde(rename = "daily_date", skip_serializing_if = "Option::is_none")]
    pub daily_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<bool>,
    /// Community games: `unreviewed`, `approved` or `denied`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    pub updated_at: String,
}

/// A page of a listing and how many entries match in all.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameList {
    pub games: Vec<GameCard>,
    pub total: i64,
}

/// A game about to be stored (seed, import, and later upload).
#[derive(Debug, Clone)]
pub struct NewGame {
    pub uid: String,
    pub kind: Kind,
    pub status: Status,
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    pub owner_id: Option<i64>,
    pub daily_date: Option<NaiveDate>,
    pub items: Vec<Item>,
    pub created_at: i64,
    pub updated_at: i64,
}
