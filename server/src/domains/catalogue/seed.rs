//! `lavalist seed`: the bundled daily and community packs.
//!
//! Idempotent by content. On a database with no daily games, pack game `i` goes on
//! `today − 60 + i`, so the 60 days before today, today and the following days each have one.
//! On later runs only empty days of the window (60 days back to 7 ahead) are filled, with pack
//! games whose prompt is not stored yet; nothing already stored is moved or duplicated.
//! Community games are added when no community game has the same prompt and submitter, with
//! their categories (a stored pack game without any gets the pack's).
//!
//! The other daily editions (Spanish, German, Russian, Japanese) are seeded the same way, each
//! on its own days: pack game `i` on `today − 14 + i` on an empty edition, later only on that
//! edition's empty days of `today − 14` to `today + 7` ([`seed_editions`]).

use std::collections::{HashMap, HashSet};

use chrono::{Duration, NaiveDate};
use diesel::prelude::*;
use serde::Deserialize;

use super::{ensure_user, numbered, user_id, validate, PackUser};
use crate::domains::games::interface::editions;
use crate::domains::games::interface::{insert_game, new_uid, set_categories};
use crate::domains::games::interface::{GameRecord, ReviewStatus};
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::games;
use game_core::forms::validate_categories;
use game_core::{Category, GameKind};
use lavalist_api::accounts::Locale;
use lavalist_api::games::EditItem;

pub const DAILY_PACK: &str = include_str!(concat!(env!("OUT_DIR"), "/daily.json"));
pub const COMMUNITY_PACK: &str = include_str!(concat!(env!("OUT_DIR"), "/community.json"));
/// The packs of the daily editions other than English, each in `daily.json`'s format.
pub const EDITION_PACKS: [(Locale, &str); 4] = [
    (Locale::Es, include_str!(concat!(env!("OUT_DIR"), "/daily.es.json"))),
    (Locale::De, include_str!(concat!(env!("OUT_DIR"), "/daily.de.json"))),
    (Locale::Ru, include_str!(concat!(env!("OUT_DIR"), "/daily.ru.json"))),
    (Locale::Ja, include_str!(concat!(env!("OUT_DIR"), "/daily.ja.json"))),
];

/// Days before today that the seed fills.
pub const DAYS_BACK: i64 = 60;
/// Days after today that the seed fills.
pub const DAYS_AHEAD: i64 = 7;
/// Days before today that the other editions' packs start on (pack game `i` on
/// `today − 14 + i`), through [`DAYS_AHEAD`].
pub const EDITION_DAYS_BACK: i64 = 14;

#[derive(Debug, Clone, Deserialize)]
pub struct DailyPack {
    pub games: Vec<DailyPackGame>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DailyPackGame {
    pub prompt: String,
    pub submitter: String,
    pub items: Vec<EditItem>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CommunityPack {
    #[serde(default)]
    pub users: Vec<PackUser>,
    pub games: Vec<CommunityPackGame>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CommunityPackGame {
    pub prompt: String,
    pub submitter: String,
    pub status: ReviewStatus,
    pub public: bool,
    pub items: Vec<EditItem>,
    /// One to three of the fixed list, so explore's category filters find the seeded games;
    /// a pack game without any is filed under Miscellaneous, as an upload without them is.
    #[serde(default)]
    pub categories: Vec<Category>,
}

impl CommunityPackGame {
    fn categories(&self) -> Vec<Category> {
        if self.categories.is_empty() {
            vec![Category::Miscellaneous]
        } else {
            self.categories.clone()
        }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub daily_added: usize,
    pub community_added: usize,
    pub users_added: usize,
    /// Days of the window still without a game (the pack ran out).
    pub empty_days: Vec<NaiveDate>,
}

pub fn bundled_packs() -> Result<(DailyPack, CommunityPack), AppError> {
    let daily =
        serde_json::from_str(DAILY_PACK).map_err(|e| AppError::internal(format!("daily pack: {e}")))?;
    let community = serde_json::from_str(COMMUNITY_PACK)
        .map_err(|e| AppError::internal(format!("community pack: {e}")))?;
    Ok((daily, community))
}

/// The other editions' packs embedded in the binary.
pub fn bundled_editions() -> Result<Vec<(Locale, DailyPack)>, AppError> {
    EDITION_PACKS
        .iter()
        .map(|(edition, text)| {
            let pack = serde_json::from_str(text)
                .map_err(|e| AppError::internal(format!("daily pack {}: {e}", edition.tag())))?;
            Ok((*edition, pack))
        })
        .collect()
}

/// What seeding one edition did.
#[derive(Debug, PartialEq, Eq)]
pub struct EditionReport {
    pub edition: Locale,
    pub daily_added: usize,
    /// Days of the edition's window (today − 14 to today + 7) still without a game.
    pub empty_days: Vec<NaiveDate>,
}

/// Seeds the other daily editions in one transaction, as [`seed`] does English: each pack's
/// games on consecutive days from today − 14, only on days of that edition with no game yet,
/// and only games whose prompt that edition does not hold yet. Every game is validated first.
pub fn seed_editions(
    conn: &mut DbConn,
    packs: &[(Locale, DailyPack)],
    today: NaiveDate,
    now_ms: i64,
) -> Result<Vec<EditionReport>, AppError> {
    for (edition, pack) in packs {
        for (i, game) in pack.games.iter().enumerate() {
            validate(
                &format!("daily pack {} game {i}", edition.tag()),
                &game.prompt,
                &numbered(&game.items),
            )?;
        }
    }
    write_transaction(conn, |conn| {
        packs.iter().map(|(edition, pack)| seed_edition(conn, *edition, pack, today, now_ms)).collect()
    })
}

fn seed_edition(
    conn: &mut DbConn,
    edition: Locale,
    pack: &DailyPack,
    today: NaiveDate,
    now_ms: i64,
) -> Result<EditionReport, AppError> {
    let scheduled: Vec<(String, Option<String>)> = games::table
        .filter(games::language.eq(edition.tag()))
        .filter(games::edition_date.is_not_null())
        .select((games::prompt, games::edition_date))
        .load(conn)?;
    let (first, last) = (today - Duration::days(EDITION_DAYS_BACK), today + Duration::days(DAYS_AHEAD));
    let plan = fill_empty_days(pack, &scheduled, first, last);
    for (date, game) in &plan {
        let mut record = daily_game(game, *date, now_ms);
        record.language = edition.tag().to_string();
        insert_game(conn, &record)?;
    }
    let taken: HashSet<String> =
        plan.iter().map(|(d, _)| d.to_string()).chain(scheduled.into_iter().filter_map(|(_, d)| d)).collect();
    let empty_days =
        first.iter_days().take_while(|d| *d <= last).filter(|d| !taken.contains(&d.to_string())).collect();
    Ok(EditionReport { edition, daily_added: plan.len(), empty_days })
}

/// Seeds in one transaction: every pack game is validated first, so a bad pack writes nothing.
pub fn seed(
    conn: &mut DbConn,
    daily: &DailyPack,
    community: &CommunityPack,
    today: NaiveDate,
    now_ms: i64,
) -> Result<SeedReport, AppError> {
    for (i, game) in daily.games.iter().enumerate() {
        validate(&format!("daily pack game {i}"), &game.prompt, &numbered(&game.items))?;
    }
    for (i, game) in community.games.iter().enumerate() {
        validate(&format!("community pack game {i}"), &game.prompt, &numbered(&game.items))?;
        if let Some(error) = validate_categories(&game.categories()) {
            return Err(AppError::bad_request(format!("community pack game {i}: {}", error.message)));
        }
    }
    write_transaction(conn, |conn| {
        let mut report = SeedReport::default();
        seed_daily(conn, daily, today, now_ms, &mut report)?;
        seed_community(conn, community, now_ms, &mut report)?;
        Ok(report)
    })
}

fn seed_daily(
    conn: &mut DbConn,
    pack: &DailyPack,
    today: NaiveDate,
    now_ms: i64,
    report: &mut SeedReport,
) -> Result<(), AppError> {
    let scheduled: Vec<(String, Option<String>)> = games::table
        .filter(games::language.eq(editions::ENGLISH.tag()))
        .filter(games::edition_date.is_not_null())
        .select((games::prompt, games::edition_date))
        .load(conn)?;
    let first = today - Duration::days(DAYS_BACK);
    let plan: Vec<(NaiveDate, &DailyPackGame)> = if scheduled.is_empty() {
        pack.games.iter().enumerate().map(|(i, g)| (first + Duration::days(i as i64), g)).collect()
    } else {
        fill_empty_days(pack, &scheduled, first, today + Duration::days(DAYS_AHEAD))
    };
    for (date, game) in &plan {
        insert_game(conn, &daily_game(game, *date, now_ms))?;
    }
    report.daily_added = plan.len();
    let taken: HashSet<String> =
        plan.iter().map(|(d, _)| d.to_string()).chain(scheduled.into_iter().filter_map(|(_, d)| d)).collect();
    report.empty_days = (0..=DAYS_BACK + DAYS_AHEAD)
        .map(|i| first + Duration::days(i))
        .filter(|d| !taken.contains(&d.to_string()))
        .collect();
    Ok(())
}

/// Pairs each empty day of `first..=last` with the next pack game not stored yet.
fn fill_empty_days<'a>(
    pack: &'a DailyPack,
    scheduled: &[(String, Option<String>)],
    first: NaiveDate,
    last: NaiveDate,
) -> Vec<(NaiveDate, &'a DailyPackGame)> {
    let stored_prompts: HashSet<&str> = scheduled.iter().map(|(p, _)| p.trim()).collect();
    let taken_days: HashSet<&str> = scheduled.iter().filter_map(|(_, d)| d.as_deref()).collect();
    let mut unused = pack.games.iter().filter(|g| !stored_prompts.contains(g.prompt.trim()));
    first
        .iter_days()
        .take_while(|d| *d <= last)
        .filter(|d| !taken_days.contains(d.to_string().as_str()))
        .map_while(|d| unused.next().map(|g| (d, g)))
        .collect()
}

fn daily_game(game: &DailyPackGame, date: NaiveDate, now_ms: i64) -> GameRecord {
    GameRecord {
        uid: new_uid(),
        kind: GameKind::Daily,
        status: ReviewStatus::Approved,
        public: true,
        prompt: game.prompt.trim().to_string(),
        submitter: game.submitter.trim().to_string(),
        owner_id: None,
        daily_date: Some(date),
        items: numbered(&game.items),
        created_at: now_ms,
        updated_at: now_ms,
        language: "en".into(),
    }
}

fn seed_community(
    conn: &mut DbConn,
    pack: &CommunityPack,
    now_ms: i64,
    report: &mut SeedReport,
) -> Result<(), AppError> {
    for user in &pack.users {
        if ensure_user(conn, user, now_ms)?.1 {
            report.users_added += 1;
        }
    }
    let stored: HashMap<(String, String), (i64, i32)> = games::table
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .select((games::prompt, games::submitter, games::id, games::categories))
        .load::<(String, String, i64, i32)>(conn)?
        .into_iter()
        .map(|(prompt, submitter, id, categories)| ((prompt, submitter), (id, categories)))
        .collect();
    let count = pack.games.len() as i64;
    for (i, game) in pack.games.iter().enumerate() {
        let key = (game.prompt.trim().to_string(), game.submitter.trim().to_string());
        if let Some((id, categories)) = stored.get(&key) {
            // Seeded before the packs had categories: filed now, unless an admin already chose.
            if *categories == 0 {
                set_categories(conn, *id, &game.categories())?;
            }
            continue;
        }
        // Pack order is creation order: the last game is the newest.
        let created_at = now_ms - (count - i as i64) * 60_000;
        let new = GameRecord {
            uid: new_uid(),
            kind: GameKind::Community,
            status: game.status,
            public: game.public,
            prompt: key.0,
            submitter: key.1,
            owner_id: user_id(conn, &game.submitter)?,
            daily_date: None,
            items: numbered(&game.items),
            created_at,
            updated_at: created_at,
            language: "en".into(),
        };
        let id = insert_game(conn, &new)?;
        set_categories(conn, id, &game.categories())?;
        report.community_added += 1;
    }
    Ok(())
}
