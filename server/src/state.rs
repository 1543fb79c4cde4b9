//! What every request handler may need, built once at start.

use std::sync::Arc;

use crate::domains::accounts::token::TokenKeys;
use crate::domains::games::cache::GameCache;
use crate::domains::games::kept::Kept;
use crate::domains::player_data::PlayerData;
use crate::domains::previews::shared::Previews;
use crate::domains::reminders::keys::Reminders;
use crate::domains::submissions::writer::SubmissionWriter;
use crate::platform::clock::Clock;
use crate::platform::config::Config;
use crate::platform::db::{self, Pool};
use crate::platform::error::AppError;
use crate::platform::jobs::{self, Gate, Jobs};
use crate::platform::logging::ServerErrors;
use crate::platform::mail::Mailer;
use crate::platform::ratelimit::RateLimiter;
use crate::platform::security;

/// The player-data registry: every domain that keeps a player's data, in the order in which an
/// account's claim, deletion and export walk them ([`crate::domains::player_data`]). The order
/// is the lock order: results and their streak rows first (as the submission writer takes
/// them), then the rows keyed by the player elsewhere, then groups, then games. A domain that
/// starts keeping a player's data adds its part here.
pub const PLAYER_DATA: &[&dyn PlayerData] = &[
    &crate::domains::submissions::player_data::Results,
    &crate::domains::disputes::player_data::Disputes,
    &crate::domains::reports::player_data::Reports,
    &crate::domains::community::player_data::Ratings,
    &crate::domains::history::player_data::Progress,
    &crate::domains::autofill::player_data::Cooldown,
    &crate::domains::accounts::player_data::ResetLinks,
    &crate::domains::reminders::player_data::Reminders,
    &crate::domains::challenges::player_data::Challenges,
    &crate::domains::groups::player_data::Groups,
    &crate::domains::games::player_data::CreatedGames,
];

/// Everything a request handler may need. No per-player state lives here: several instances
/// can share one PostgreSQL database.
pub struct AppState {
    pub config: Config,
    pub pool: Pool,
    pub games: GameCache,
    /// Explore's large totals and deep pages' milestones, found again once a minute.
    pub kept: Kept,
    pub writer: SubmissionWriter,
    pub tokens: TokenKeys,
    pub mailer: Mailer,
    pub limiter: RateLimiter,
    /// The VAPID key and the unsubscribe-link key of reminders (kept in the database).
    pub reminders: Reminders,
    /// Link-preview cards: the fonts (loaded once) and the result-link key.
    pub previews: Previews,
    /// Shared with the security-header middleware, which reads it on every request.
    pub policy: Arc<security::Policy>,
    /// The only time source: tests stand the server at any instant through it.
    pub clock: Clock,
    /// Queues background jobs (each domain's kinds); `web::jobs::runner` runs them.
    pub jobs: Jobs,
    /// Opens once the start-up work is done: `/api/ready` and the routes that need that work
    /// wait for it (`web/startup.rs`).
    pub startup: Arc<Gate>,
    /// Answers with a server-fault status (5xx but 503), each logged with its cause
    /// ([`crate::platform::logging`]); shown by the metrics.
    pub server_errors: Arc<ServerErrors>,
}

impl AppState {
    /// After a game's content, status or schedule changed in this instance: the cached days and
    /// the kept heads and pages of searches and of Top's weeks and months are read again (other instances
    /// see it within a minute).
    pub fn games_changed(&self) {
        self.games.invalidate();
        self.kept.heads.clear();
        self.kept.pages.clear();
    }

    /// Opens the database, applies migrations and starts the submission writer.
    pub fn open(config: Config) -> Result<Self, AppError> {
        let clock = config.clock()?;
        Self::open_with_clock(config, clock)
    }

    /// `open`, reading the time from `clock` (a test clock in tests). The start-up work (what an
    /// older release left undone) is done before it returns.
    pub fn open_with_clock(config: Config, clock: Clock) -> Result<Self, AppError> {
        let state = Self::open_deferred(config, clock)?;
        let mut conn = state.pool.get()?;
        // Rows an older release stored get the summaries the boards read, before any is served.
        crate::domains::submissions::summary::backfill(&mut conn)?;
        // Daily days an older release scheduled get their edition's day.
        crate::domains::games::editions::adopt_legacy_days(&mut conn)?;
        // Games an older release stored get the words the prompt search reads.
        crate::domains::games::search::fill_missing(&mut conn)?;
        state.startup.open();
        Ok(state)
    }

    /// Opens the database and applies migrations, leaving the start-up work to be done (by the
    /// job runner, once the server listens: `web/startup.rs`): `startup` stays closed until then.
    pub fn open_deferred(config: Config, clock: Clock) -> Result<Self, AppError> {
        let url = config.database();
        let pool = db::connect(&url, config.db_pool_size(), config.pool_timeout())?;
        db::migrate(&mut *pool.get()?)?;
        let writer_url = db::DatabaseUrl { application_name: db::WRITER_APPLICATION, ..url };
        let writer = SubmissionWriter::start(db::Manager::new(writer_url))?;
        let secret = crate::domains::accounts::token::server_secret(&config)?;
        let tokens = TokenKeys::from_secret(&config, &secret);
        let previews = Previews::from_config(&config, secret.as_bytes());
        let mailer = Mailer::from_config(&config)?;
        let reminders = Reminders::open(&config, &mut *pool.get()?, clock.now_ms())?;
        let limiter = RateLimiter::new(&config.rate_limits, &config.trusted_proxies, clock.clone());
        let policy = Arc::new(security::Policy::from_config(&config)?);
        let jobs = Jobs::new(jobs::Settings::from_config(&config.jobs), clock.clone());
        // A release build refuses the test-only loopback receivers at start.
        config.channels.policy()?;
        Ok(AppState {
            config,
            pool,
            games: GameCache::default(),
            kept: Kept::default(),
            writer,
            tokens,
            mailer,
            limiter,
            reminders,
            previews,
            policy,
            clock,
            jobs,
            startup: Arc::new(Gate::default()),
            server_errors: Arc::default(),
        })
    }
}
