//! Daily games in memory: today's game is read by every player, so it is served from a
//! pre-serialised body with an ETag. Entries expire after a few seconds, so several instances
//! sharing one database agree again quickly after an edit, with no cross-instance messaging.
//!
//! An expired entry is still the answer while the database cannot give a fresh one: when the
//! reload fails (the database down, a statement timed out) or takes longer than [`STALE_WAIT`]
//! (a locked table), the request gets the copy it had, and the reload (one per day at a time)
//! goes on without it. So today's game and the home page keep answering through a slow or
//! restarting database.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use chrono::NaiveDate;
use game_core::calendar::{day_number, format_date};
use game_core::PLACEHOLDER_PROMPT;
use lavalist_api::accounts::Locale;

use super::editions::{self, ENGLISH};
use super::model::{format_millis, Game, GameCard, StoredGame};
use super::queries;
use crate::platform::db::{self, Pool};
use crate::platform::error::AppError;

const TTL: Duration = Duration::from_secs(5);
/// How long a request with an expired copy in hand waits for the fresh one: far more than a
/// healthy read takes, far less than a player notices.
const STALE_WAIT: Duration = Duration::from_millis(250);
/// Archive days are cached too; past this many entries the cache starts over.
const MAX_ENTRIES: usize = 2_000;

/// A cached day: an edition's date.
type Key = (Locale, NaiveDate);

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
    days: Arc<RwLock<HashMap<Key, Arc<CachedDay>>>>,
    /// The days being reloaded: a slow database gets one reload per day, not one per request.
    reloading: Arc<Mutex<HashSet<Key>>>,
}

impl GameCache {
    /// The game of `date` in `edition`; English's placeholder when nothing is scheduled today in
    /// English; `None` otherwise (another edition's empty day has no placeholder: the player is
    /// offered English instead).
    pub async fn day(
        &self,
        pool: &Pool,
        edition: Locale,
        date: NaiveDate,
        today: NaiveDate,
    ) -> Result<Option<Arc<CachedDay>>, AppError> {
        let key = (edition, date);
        let Some(known) = self.known(key) else {
            return self.reload(pool.clone(), key, today).await;
        };
        if known.loaded.elapsed() < TTL || !self.start_reload(key) {
            return Ok(Some(known));
        }
        let reload = {
            let cache = self.handle();
            let pool = pool.clone();
            actix_web::rt::spawn(async move {
                let fresh = cache.reload(pool, key, today).await;
                cache.reloading.lock().unwrap_or_else(|p| p.into_inner()).remove(&key);
                if let Err(error) = &fresh {
                    tracing::warn!(%error, %date, "the database cannot reload a cached day: serving the copy in memory");
                }
                fresh
            })
        };
        match actix_web::rt::time::timeout(STALE_WAIT, reload).await {
            Ok(Ok(Ok(fresh))) => Ok(fresh),
            // Failed (logged above), or still waiting for the database.
            Ok(Ok(Err(_)) | Err(_)) | Err(_) => Ok(Some(known)),
        }
    }

    /// Reads the day (and which editions have a game that day) from the database and keeps it.
    async fn reload(
        &self,
        pool: Pool,
        key: Key,
        today: NaiveDate,
    ) -> Result<Option<Arc<CachedDay>>, AppError> {
        let (edition, date) = key;
        let (game, on) = db::run(&pool, move |conn| {
            Ok::<_, AppError>((queries::find_by_date(conn, edition, date)?, editions::on(conn, date)?))
        })
        .await?;
        let on = Some(on.into_iter().map(|l| l.tag().to_string()).collect::<Vec<_>>());
        let day = match game {
            // The content alone: a day's body (and ETag) does not change with every play.
            Some(game) => {
                let mut response = game.game.response();
                response.card.editions = on;
                cached(Some(Arc::new(game.clone())), &response)?
            }
            None if date == today && edition == ENGLISH => {
                let mut response = placeholder(date);
                response.card.editions = on;
                cached(None, &response)?
            }
            None => {
                self.days.write().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(&key);
                return Ok(None);
            }
        };
        let day = Arc::new(day);
        self.store(key, day.clone());
        Ok(Some(day))
    }

    /// Claims the reload of a day: false when another request is already reloading it.
    fn start_reload(&self, key: Key) -> bool {
        self.reloading.lock().unwrap_or_else(|p| p.into_inner()).insert(key)
    }

    /// The same cache, for a reload that outlives its request.
    fn handle(&self) -> GameCache {
        GameCache { days: self.days.clone(), reloading: self.reloading.clone() }
    }

    fn known(&self, key: Key) -> Option<Arc<CachedDay>> {
        let days = self.days.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        days.get(&key).cloned()
    }

    fn store(&self, key: Key, day: Arc<CachedDay>) {
        let mut days = self.days.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if days.len() >= MAX_ENTRIES {
            days.clear();
        }
        days.insert(key, day);
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
        categories: None,
        plays: None,
        rating: None,
        ratings: None,
        edition: Some(ENGLISH.tag().to_string()),
        editions: None,
    };
    Game { card, items: Vec::new() }
}

/// A stable content hash for ETags: the same body gets the same tag on every instance.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}
