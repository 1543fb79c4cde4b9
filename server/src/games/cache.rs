//! Daily games in memory: today's game is read by every player, so it is served from a
//! pre-serialised body with an ETag. Entries expire after a few seconds, so several instances
//! sharing one database agree again quickly after an edit, with no cross-instance messaging.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use chrono::NaiveDate;
use game_core::calendar::{day_number, format_date};
use game_core::PLACEHOLDER_PROMPT;

use super::model::{format_millis, Game, GameCard, StoredGame};
use super::queries;
use crate::db::{self, Pool};
use crate::error::AppError;

const TTL: Duration = Duration::from_secs(5);
/// Archive days are cached too; past this many entries the cache starts over.
const MAX_ENTRIES: usize = 2_000;

/// One day as served: the game (absent for today's placeholder) and its JSON.
#[derive(Debug)]
pub struct CachedDay {
    pub game: Option<Arc<StoredGame>>,
    pub body: Bytes,
    pub etag: String,
    loaded: Instant,
}

#[derive(Debug, Default)]
pub struct GameCache {
    days: RwLock<HashMap<NaiveDate, Arc<CachedDay>>>,
}

impl GameCache {
    /// The game of `date`; today's placeholder when nothing is scheduled today; `None` otherwise.
    pub async fn day(
        &self,
        pool: &Pool,
        date: NaiveDate,
        today: NaiveDate,
    ) -> Result<Option<Arc<CachedDay>>, AppError> {
        if let Some(hit) = self.fresh(date) {
            return Ok(Some(hit));
        }
        let game = db::run(pool, move |conn| queries::find_by_date(conn, date)).await?;
        let day = match game {
            Some(game) => cached(Some(Arc::new(game.clone())), &game.response())?,
            None if date == today => cached(None, &placeholder(date))?,
            None => return Ok(None),
        };
        let day = Arc::new(day);
        self.store(date, day.clone());
        Ok(Some(day))
    }

    fn fresh(&self, date: NaiveDate) -> Option<Arc<CachedDay>> {
        let days = self.days.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        days.get(&date).filter(|d| d.loaded.elapsed() < TTL).cloned()
    }

    fn store(&self, date: NaiveDate, day: Arc<CachedDay>) {
        let mut days = self.days.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if days.len() >= MAX_ENTRIES {
            days.clear();
        }
        days.insert(date, day);
    }

    /// Forgets every cached day (after an edit or a schedule change in this instance).
    pub fn invalidate(&self) {
        self.days.write().unwrap_or_else(|poisoned| poisoned.into_inner()).clear();
    }
}

fn cached(game: Option<Arc<StoredGame>>, response: &Game) -> Result<CachedDay, AppError> {
    let body = serde_json::to_vec(response).map_err(AppError::internal)?;
    let etag = format!("\"{:016x}\"", fnv1a(&body));
    Ok(CachedDay { game, body: Bytes::from(body), etag, loaded: Instant::now() })
}

/// What today answers when no game is scheduled: the client recognises the prompt and sends
/// the player to a recent archive day.
fn placeholder(date: NaiveDate) -> Game {
    let card = GameCard {
        prompt: PLACEHOLDER_PROMPT.to_string(),
        submitter: String::new(),
        date: Some(format_date(date)),
        day_number: Some(day_number(date)),
        daily_date: None,
        uid: None,
        kind: None,
        public: None,
        status: None,
        updated_at: format_millis(0),
    };
    Game { card, items: Vec::new() }
}

/// A stable content hash for ETags: the same body gets the same tag on every instance.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}
