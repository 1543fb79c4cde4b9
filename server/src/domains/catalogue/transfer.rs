//! `lavalist games export FILE` / `import FILE`: the whole catalogue as one JSON document, for
//! backups and bulk authoring. Import is all or nothing; games are matched by `uid`.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use diesel::prelude::*;
use game_core::calendar::{format_date, parse_date};
use serde::{Deserialize, Serialize};

use super::{ensure_user, numbered, user_id, validate, PackUser};
use crate::domains::games::interface::{
    all_games, first_taken_day, ids_by_uid, insert_games, new_uid, set_categories, update_game,
};
use crate::domains::games::interface::{GameRecord, ReviewStatus};
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::users;
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

/// New games are written this many at a time (in multi-row statements).
const CHUNK: usize = 2_000;

/// Validates every game, then adds new uids and overwrites existing ones in one transaction:
/// an import that fails or is interrupted leaves the database as it was. New games are written
/// in chunks of multi-row statements; a game whose uid is stored (or came earlier in the file)
/// is overwritten on its own, after the new games before it, so the games are applied in the
/// file's order.
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
        let owners = owner_ids(conn, &prepared)?;
        let uids: Vec<&str> = prepared.iter().map(|(game, _, _)| game.uid.as_str()).collect();
        let mut writer = Writer { stored: ids_by_uid(conn, &uids)?, report, ..Writer::default() };
        for (mut game, owner, categories) in prepared {
            game.owner_id = owner.and_then(|name| owners.get(&name.trim().to_lowercase()).copied().flatten());
            writer.put(conn, game, &categories)?;
        }
        writer.add_waiting(conn)?;
        Ok(writer.report)
    })
}

/// What an import has written so far, and the new games waiting to be written.
#[derive(Default)]
struct Writer {
    /// Row ids of the games stored, by uid.
    stored: HashMap<String, i64>,
    waiting: Vec<(GameRecord, i32)>,
    waiting_uids: HashSet<String>,
    report: ImportReport,
}

impl Writer {
    /// Adds or overwrites the game: a new one waits for its chunk; one whose uid is stored or
    /// waiting is overwritten now, after the games before it.
    fn put(&mut self, conn: &mut DbConn, game: GameRecord, categories: &[Category]) -> Result<(), AppError> {
        if !self.stored.contains_key(&game.uid) && !self.waiting_uids.contains(&game.uid) {
            self.waiting_uids.insert(game.uid.clone());
            self.waiting.push((game, Category::mask(categories)));
            if self.waiting.len() == CHUNK {
                self.add_waiting(conn)?;
            }
            return Ok(());
        }
        self.add_waiting(conn)?;
        let id = self.stored[&game.uid];
        update_game(conn, id, &game).map_err(|e| taken(e, &game))?;
        set_categories(conn, id, categories)?;
        self.report.updated += 1;
        Ok(())
    }

    /// Writes the waiting new games in multi-row statements.
    fn add_waiting(&mut self, conn: &mut DbConn) -> Result<(), AppError> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        // Found before the insert, so the refusal names the game (a failed statement names none).
        let games: Vec<&GameRecord> = self.waiting.iter().map(|(game, _)| game).collect();
        if let Some(game) = first_taken_day(conn, &games)? {
            return Err(day_taken(game));
        }
        let rows: Vec<(&GameRecord, i32)> = self.waiting.iter().map(|(game, mask)| (game, *mask)).collect();
        let ids = insert_games(conn, &rows)?;
        self.stored.extend(self.waiting.drain(..).map(|(game, _)| game.uid).zip(ids));
        self.report.added += self.waiting_uids.len();
        self.waiting_uids.clear();
        Ok(())
    }
}

/// The account ids of the owners the games name, by lowercased username (`None`: no such user).
fn owner_ids(
    conn: &mut DbConn,
    prepared: &[(GameRecord, Option<String>, Vec<Category>)],
) -> Result<HashMap<String, Option<i64>>, AppError> {
    let mut ids = HashMap::new();
    for name in prepared.iter().filter_map(|(_, owner, _)| owner.as_deref()) {
        if let std::collections::hash_map::Entry::Vacant(slot) = ids.entry(name.trim().to_lowercase()) {
            slot.insert(user_id(conn, name)?);
        }
    }
    Ok(ids)
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

/// A unique index's refusal of `game`'s row: its day is another game's.
fn taken(error: AppError, game: &GameRecord) -> AppError {
    match error {
        AppError::Internal(detail) if detail.to_lowercase().contains("unique") => day_taken(game),
        other => other,
    }
}

fn day_taken(game: &GameRecord) -> AppError {
    AppError::refused(
        ErrorCode::Conflict,
        format!(
            "daily_date {} is already taken by another game of the {} edition",
            game.daily_date.map(format_date).unwrap_or_default(),
            game.language
        ),
    )
}
