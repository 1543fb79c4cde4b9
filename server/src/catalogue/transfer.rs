//! `lavalist games export FILE` / `import FILE`: the whole catalogue as one JSON document, for
//! backups and bulk authoring. Import is all or nothing; games are matched by `uid`.

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::{format_date, parse_date};
use serde::{Deserialize, Serialize};

use super::{ensure_user, numbered, user_id, validate, PackUser};
use crate::db::{write_transaction, DbConn};
use crate::error::{AppError, ErrorCode};
use crate::games::model::{GameRecord, ReviewStatus};
use crate::games::queries::{all_games, find_by_uid, insert_game, new_uid, set_categories, update_game};
use crate::schema::users;
use game_core::{Category, GameKind};
use lavalist_api::games::EditItem;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Catalogue {
    pub version: u32,
    #[serde(default)]
    pub users: Vec<PackUser>,
    pub games: Vec<CatalogueGame>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueGame {
    /// Absent in hand-written files: a new uid is made.
    #[serde(default)]
    pub uid: Option<String>,
    #[serde(rename = "type")]
    pub kind: GameKind,
    #[serde(default = "approved")]
    pub status: ReviewStatus,
    #[serde(default = "yes")]
    pub public: bool,
    pub prompt: String,
    pub submitter: String,
    /// The owning user's username (community games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(rename = "daily_date", default, skip_serializing_if = "Option::is_none")]
    pub daily_date: Option<String>,
    pub items: Vec<EditItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<i64>,
    /// The BCP 47 tag of the game's language; `en` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Up to three of the fixed categories (community games); none when absent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<Category>,
}

fn approved() -> ReviewStatus {
    ReviewStatus::Approved
}

fn yes() -> bool {
    true
}

pub fn export(conn: &mut DbConn) -> Result<Catalogue, AppError> {
    // A deleted account's tombstone is nobody's: not exported.
    let users: Vec<(i64, String, String, Option<String>)> = users::table
        .filter(users::deleted_at.is_null())
        .order(users::id.asc())
        .select((users::id, users::username, users::email, users::role))
        .load(conn)?;
    let username_of = |id: Option<i64>| users.iter().find(|u| Some(u.0) == id).map(|u| u.1.clone());
    let games = all_games(conn)?
        .into_iter()
        .map(|stored| (stored.game, Category::from_mask(stored.numbers.categories)))
        .map(|(g, categories)| CatalogueGame {
            owner: username_of(g.owner_id),
            uid: Some(g.uid),
            kind: g.kind,
            status: g.status,
            public: g.public,
            prompt: g.prompt,
            submitter: g.submitter,
            daily_date: g.daily_date.map(format_date),
            items: g
                .items
                .into_iter()
                .map(|it| EditItem {
                    id: Some(it.id),
                    name: it.name,
                    alt_spellings: it.alt_spellings,
                    rejected_spellings: it.rejected_spellings,
                })
                .collect(),
            created_at: Some(g.created_at),
            updated_at: Some(g.updated_at),
            language: Some(g.language),
            categories,
        })
        .collect();
    let users =
        users.into_iter().map(|(_, username, email, role)| PackUser { username, email, role }).collect();
    Ok(Catalogue { version: FORMAT_VERSION, users, games })
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: usize,
    pub updated: usize,
    pub users_added: usize,
}

/// Validates every game, then adds new uids and overwrites existing ones in one transaction.
pub fn import(conn: &mut DbConn, catalogue: &Catalogue, now_ms: i64) -> Result<ImportReport, AppError> {
    if catalogue.version != FORMAT_VERSION {
        return Err(AppError::bad_request(format!("unsupported catalogue version {}", catalogue.version)));
    }
    let prepared = catalogue
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| prepare(i, g, now_ms))
        .collect::<Result<Vec<_>, _>>()?;
    write_transaction(conn, |conn| {
        let mut report = ImportReport::default();
        for user in &catalogue.users {
            if ensure_user(conn, user, now_ms)?.1 {
                report.users_added += 1;
            }
        }
        for (mut game, owner, categories) in prepared {
            game.owner_id = match owner {
                Some(name) => user_id(conn, &name)?,
                None => None,
            };
            let id = store(conn, &game, &mut report)?;
            set_categories(conn, id, &categories)?;
        }
        Ok(report)
    })
}

fn prepare(
    index: usize,
    game: &CatalogueGame,
    now_ms: i64,
) -> Result<(GameRecord, Option<String>, Vec<Category>), AppError> {
    let what = format!("game {index} ({})", game.prompt.trim());
    let language = match game.language.as_deref().map(str::trim) {
        None | Some("") => "en".to_string(),
        Some(tag) if is_language_tag(tag) => tag.to_string(),
        Some(_) => {
            return Err(AppError::bad_request(format!(
                "{what}: language must be a BCP 47 tag such as en or pt-BR"
            )))
        }
    };
    if game.categories.len() > 3 {
        return Err(AppError::bad_request(format!("{what}: at most three categories")));
    }
    let items = numbered(&game.items);
    validate(&what, &game.prompt, &items)?;
    let daily_date: Option<NaiveDate> = match &game.daily_date {
        Some(text) => {
            Some(parse_date(text).ok_or_else(|| AppError::bad_request(format!("{what}: bad daily_date")))?)
        }
        None => None,
    };
    if game.kind == GameKind::Daily && daily_date.is_none() {
        return Err(AppError::bad_request(format!("{what}: a daily game needs a daily_date")));
    }
    let new = GameRecord {
        uid: game.uid.clone().filter(|u| !u.trim().is_empty()).unwrap_or_else(new_uid),
        kind: game.kind,
        status: game.status,
        public: game.public,
        prompt: game.prompt.trim().to_string(),
        submitter: game.submitter.trim().to_string(),
        owner_id: None,
        daily_date,
        items,
        created_at: game.created_at.unwrap_or(now_ms),
        updated_at: game.updated_at.unwrap_or(now_ms),
        language,
    };
    Ok((new, game.owner.clone(), game.categories.clone()))
}

/// A tag such as `en`, `pt-BR` or `zh-Hans-CN`: letters and digits in parts joined by hyphens.
fn is_language_tag(tag: &str) -> bool {
    tag.len() <= 35
        && tag.split('-').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Adds or overwrites the game; its row id.
fn store(conn: &mut DbConn, game: &GameRecord, report: &mut ImportReport) -> Result<i64, AppError> {
    let taken = |e: AppError| match e {
        AppError::Internal(detail) if detail.to_lowercase().contains("unique") => AppError::refused(
            ErrorCode::Conflict,
            format!(
                "daily_date {} is already taken by another game of the {} edition",
                game.daily_date.map(format_date).unwrap_or_default(),
                game.language
            ),
        ),
        other => other,
    };
    match find_by_uid(conn, &game.uid)? {
        Some(existing) => {
            update_game(conn, existing.id, game).map_err(taken)?;
            report.updated += 1;
            Ok(existing.id)
        }
        None => {
            let id = insert_game(conn, game).map_err(taken)?;
            report.added += 1;
            Ok(id)
        }
    }
}
