//! The database: SQLite (embedded default) or PostgreSQL, chosen by `DATABASE_URL`, behind one
//! diesel `MultiConnection`, an r2d2 pool and the embedded migrations of both backends.

use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection, R2D2Connection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use tokio::sync::Semaphore;

use crate::platform::error::AppError;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// One connection to either backend. Most queries are written once against this type; the few
/// backend-specific statements (upserts, immediate transactions, row locks) match on it.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

/// The connection pool, with a first-come, first-served queue in front of it for request
/// handlers ([`run`]): r2d2 hands a returned connection to whichever waiting thread wakes first,
/// so under load some requests waited hundreds of milliseconds while others got through at once
/// (explore with 16 connections and a pool of 8: p50 3 ms, p99 400 ms). Everything else of
/// r2d2's pool is reached through `Deref` (`pool.get()`).
#[derive(Clone)]
pub struct Pool {
    inner: r2d2::Pool<Manager>,
    queue: Arc<Semaphore>,
    checkout_timeout: Duration,
}

impl Deref for Pool {
    type Target = r2d2::Pool<Manager>;

    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}
pub type PooledConn = r2d2::PooledConnection<Manager>;

impl DbConn {
    /// Which database this connection talks to (for the few statements written per backend).
    pub fn backend(&self) -> Backend {
        match self {
            DbConn::Sqlite(_) => Backend::Sqlite,
            DbConn::Pg(_) => Backend::Postgres,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the data lives: a `postgres://` URL, or a SQLite file path (`sqlite://` optional).
#[derive(Debug, Clone)]
pub struct DatabaseUrl {
    pub backend: Backend,
    /// The libpq URL, or the SQLite file path.
    pub target: String,
    /// How long SQLite waits for another writer before giving up (then the API answers 503).
    pub sqlite_busy_timeout_ms: u32,
    /// PostgreSQL's `statement_timeout` on every connection (0 = none): a slow or locked table
    /// answers 503 instead of holding a worker and a connection.
    pub statement_timeout_ms: u32,
    /// Who the connections say they are (`application_name` on PostgreSQL), so an operator can
    /// tell the submission writer's from the request pool's in `pg_stat_activity`.
    pub application_name: &'static str,
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Self {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return DatabaseUrl {
                backend: Backend::Postgres,
                target: url.to_string(),
                sqlite_busy_timeout_ms: DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
                statement_timeout_ms: 0,
                application_name: POOL_APPLICATION,
            };
        }
        let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
        DatabaseUrl {
            backend: Backend::Sqlite,
            target: path.to_string(),
            sqlite_busy_timeout_ms: DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
            statement_timeout_ms: 0,
            application_name: POOL_APPLICATION,
        }
    }
}

pub const DEFAULT_SQLITE_BUSY_TIMEOUT_MS: u32 = 5_000;
pub const DEFAULT_STATEMENT_TIMEOUT_MS: u32 = 10_000;
pub const DEFAULT_POOL_TIMEOUT_MS: u32 = 5_000;
/// `application_name` of the request pool's PostgreSQL connections.
pub const POOL_APPLICATION: &str = "lavalist";
/// `application_name` of the submission writer's connection.
pub const WRITER_APPLICATION: &str = "lavalist-writer";

/// Opens connections of the configured backend (never guessing from a failed attempt).
#[derive(Debug, Clone)]
pub struct Manager {
    url: DatabaseUrl,
}

impl Manager {
    pub fn new(url: DatabaseUrl) -> Self {
        Manager { url }
    }

    pub fn backend(&self) -> Backend {
        self.url.backend
    }

    pub fn open(&self) -> Result<DbConn, r2d2::Error> {
        match self.url.backend {
            Backend::Postgres => {
                let mut conn =
                    PgConnection::establish(&self.url.target).map_err(r2d2::Error::ConnectionError)?;
                configure_postgres(&mut conn, &self.url).map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Pg(conn))
            }
            Backend::Sqlite => {
                let mut conn =
                    SqliteConnection::establish(&self.url.target).map_err(r2d2::Error::ConnectionError)?;
                configure_sqlite(&mut conn, self.url.sqlite_busy_timeout_ms)
                    .map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Sqlite(conn))
            }
        }
    }
}

/// WAL so readers never block the writer, FULL sync so an acknowledged write survives a crash
/// or power loss, a busy timeout instead of instant "locked" errors, and enforced foreign keys.
fn configure_sqlite(conn: &mut SqliteConnection, busy_timeout_ms: u32) -> QueryResult<()> {
    conn.batch_execute(&format!(
        "PRAGMA busy_timeout = {busy_timeout_ms};
         PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;"
    ))
}

/// The statement timeout and the connection's name (both plain numbers and constants: no quoting
/// needed).
fn configure_postgres(conn: &mut PgConnection, url: &DatabaseUrl) -> QueryResult<()> {
    conn.batch_execute(&format!(
        "SET statement_timeout = {}; SET application_name = '{}'",
        url.statement_timeout_ms, url.application_name
    ))
}

impl ManageConnection for Manager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        self.open()
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    /// A connection left inside a transaction (e.g. after a panic, or a ROLLBACK that failed
    /// because its server went away) must not be reused. One that died between two uses is
    /// caught by the `SELECT 1` at checkout (`test_on_check_out`).
    fn has_broken(&self, conn: &mut DbConn) -> bool {
        conn.is_broken()
    }
}

/// Builds the pool; for SQLite, creates the file's folder (0700) and the file (0600) first.
/// `checkout_timeout` bounds how long a request waits for a connection (then 503): a database
/// that is down costs a request that long, never more.
pub fn connect(url: &DatabaseUrl, max_size: u32, checkout_timeout: Duration) -> Result<Pool, AppError> {
    if url.backend == Backend::Sqlite {
        if let Some(dir) = Path::new(&url.target).parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::platform::private_files::create_dir(dir)?;
        }
        // Created 0600 before SQLite creates it with the process's umask (often world-readable).
        if url.target != ":memory:" && !url.target.starts_with("file:") {
            crate::platform::private_files::create_empty(Path::new(&url.target))?;
        }
        // One connection first switches a new file to WAL (the mode is stored in the file): the
        // pool opens its connections in parallel, and a switch racing another connection fails
        // with "database is locked" instead of waiting.
        Manager::new(url.clone())
            .open()
            .map_err(|e| AppError::internal(format!("cannot open the database: {e}")))?;
    }
    let inner = r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(checkout_timeout)
        // A SQLite file cannot drop its connection, so skip the `SELECT 1` before every use; a
        // PostgreSQL connection may have died with its server and is checked.
        .test_on_check_out(url.backend == Backend::Postgres)
        .error_handler(Box::new(PoolErrors))
        .build(Manager::new(url.clone()))
        .map_err(|e| AppError::internal(format!("cannot open the database: {e}")))?;
    Ok(Pool { inner, queue: Arc::new(Semaphore::new(max_size as usize)), checkout_timeout })
}

/// The pool's failures to open a connection (the database down or restarting): r2d2 would log
/// them at error level, which this server keeps for answers that failed (500) and a full disk.
/// Requests meanwhile answer 503, each logged.
#[derive(Debug)]
struct PoolErrors;

impl r2d2::HandleError<r2d2::Error> for PoolErrors {
    fn handle_error(&self, error: r2d2::Error) {
        tracing::warn!(%error, "the pool cannot open a database connection");
    }
}

/// Applies pending migrations. On PostgreSQL an advisory lock keeps several instances starting
/// at once from migrating concurrently.
pub fn migrate(conn: &mut DbConn) -> Result<usize, AppError> {
    let applied = match conn {
        DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
        DbConn::Pg(c) => {
            // A migration may rewrite a big table: the requests' statement timeout is not for it.
            let timeout: String = diesel::select(diesel::dsl::sql::<diesel::sql_types::Text>(
                "current_setting('statement_timeout')",
            ))
            .get_result(c)?;
            c.batch_execute("SET statement_timeout = 0; SELECT pg_advisory_lock(7215993)")?;
            let result = c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|v| v.len());
            c.batch_execute(&format!(
                "SELECT pg_advisory_unlock(7215993); SET statement_timeout = '{}'",
                timeout.replace('\'', "")
            ))?;
            result
        }
    };
    applied.map_err(|e| AppError::internal(format!("migration failed: {e}")))
}

/// Whether some embedded migration is not applied yet (a query, so it also proves that the
/// database answers).
pub fn has_pending_migrations(conn: &mut DbConn) -> Result<bool, AppError> {
    let pending = match conn {
        DbConn::Sqlite(c) => c.has_pending_migration(SQLITE_MIGRATIONS),
        DbConn::Pg(c) => c.has_pending_migration(POSTGRES_MIGRATIONS),
    };
    pending.map_err(|e| AppError::internal(format!("cannot read the applied migrations: {e}")))
}

/// Runs `$body` with `$c` bound to the inner connection of either backend, for statements
/// diesel's `MultiConnection` cannot express (upserts, `RETURNING`), written once for both.
macro_rules! on_inner {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::platform::db::DbConn::Sqlite($c) => $body,
            $crate::platform::db::DbConn::Pg($c) => $body,
        }
    };
}
pub(crate) use on_inner;

/// A transaction that will write. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write
/// lock up front: a deferred transaction that reads then writes can fail with SQLITE_BUSY at the
/// upgrade, which no busy timeout cures. PostgreSQL's row locks need no such care.
pub fn write_transaction<T, E>(
    conn: &mut DbConn,
    work: impl FnOnce(&mut DbConn) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    match conn {
        DbConn::Pg(_) => conn.transaction(work),
        DbConn::Sqlite(inner) => {
            AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?;
            let result = work(conn);
            let DbConn::Sqlite(inner) = conn else { unreachable!("the variant cannot change") };
            match result {
                Ok(value) => match AnsiTransactionManager::commit_transaction(inner) {
                    Ok(()) => Ok(value),
                    Err(err) => {
                        let _ = AnsiTransactionManager::rollback_transaction(inner);
                        Err(err.into())
                    }
                },
                Err(err) => {
                    // SQLite rolls some failures back itself (a full disk: SQLITE_FULL); the
                    // ROLLBACK then fails, and the cause, not that failure, is the answer. The
                    // manager marks the connection broken, and the pool replaces it.
                    if let Err(rollback) = AnsiTransactionManager::rollback_transaction(inner) {
                        tracing::warn!(error = %rollback, "rollback after a failed write");
                    }
                    Err(err)
                }
            }
        }
    }
}

/// A [`write_transaction`] whose commit does not wait for the disk, for rows whose last moments
/// may be lost in a crash at no cost to anyone: the rate limiter's events, written on every
/// limited request, where a flush would cost more than the read it guards. PostgreSQL:
/// `synchronous_commit = off` for this transaction (on disk within three `wal_writer_delay`s);
/// SQLite: `synchronous = NORMAL` for it (in WAL mode, on disk with the next synced commit or
/// checkpoint), `FULL` again after. Neither risks corruption; every other write keeps its flush.
pub fn unsynced_write_transaction<T, E>(
    conn: &mut DbConn,
    work: impl FnOnce(&mut DbConn) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    match conn {
        DbConn::Pg(_) => conn.transaction(|conn| {
            conn.batch_execute("SET LOCAL synchronous_commit = off")?;
            work(conn)
        }),
        DbConn::Sqlite(_) => {
            conn.batch_execute("PRAGMA synchronous = NORMAL")?;
            let result = write_transaction(conn, work);
            // Outside any transaction again, so this cannot be refused by an open one.
            conn.batch_execute("PRAGMA synchronous = FULL")?;
            result
        }
    }
}

/// Runs blocking database work on actix's thread pool with a pooled connection, in the order the
/// requests asked for one; 503 (`AppError::Busy`) after the checkout timeout, as r2d2 answers.
pub async fn run<T, F>(pool: &Pool, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
{
    let _turn =
        match actix_web::rt::time::timeout(pool.checkout_timeout, pool.queue.clone().acquire_owned()).await {
            Ok(Ok(turn)) => turn,
            Ok(Err(_closed)) => return Err(AppError::internal("the connection queue is closed")),
            Err(_elapsed) => {
                tracing::warn!("database pool exhausted: no connection within the checkout timeout");
                return Err(AppError::Busy);
            }
        };
    let pool = pool.inner.clone();
    actix_web::web::block(move || {
        let mut conn = pool.get()?;
        work(&mut conn)
    })
    .await?
}
