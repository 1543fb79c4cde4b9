//! The job runner: background work kept in one `background_jobs` table on both backends, run by
//! whichever instance claims it (after crates.io's worker: a [`Job`] trait with a `KIND`,
//! queued in the caller's transaction, a [`Runner`] polling the table).
//!
//! * **Queueing** ([`Jobs::enqueue`]) writes a row on the caller's connection, so a job queued
//!   inside a transaction exists exactly when that transaction commits. A `dedupe_key` makes a
//!   job queued once per key, whichever instance asks.
//! * **Claiming** takes due rows with a lease (`--job-lease-ms`): `FOR UPDATE SKIP LOCKED` on
//!   PostgreSQL, the single writer on SQLite. A run longer than its lease is abandoned (the
//!   runner stops waiting for it), so two instances never run one job at once; an instance that
//!   dies mid-run leaves a lease that lapses, and another instance runs the job again
//!   (at-least-once).
//! * **Retries**: a failed run waits `--job-retry-base-ms` doubled per earlier attempt (at most
//!   `--job-retry-max-ms`), half of it fixed and half random (jitter), so failures spread out.
//!   After the kind's attempts (`--job-max-attempts` unless the kind says otherwise), or on a
//!   [`JobError::Fail`], the job is **dead**: kept with its last error until an operator retries
//!   it (`lavalist jobs list --dead`, `lavalist jobs retry ID`).
//! * **Metrics**: runs by kind and outcome ([`Stats`]), and the table's rows by kind and state.
//!
//! Nothing here knows a job kind: each domain keeps its kinds (one file each) and `state.rs`
//! registers them with a [`Runner`] whose context is the app state.

pub mod gate;
pub mod queries;

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::platform::clock::Clock;
use crate::platform::config::JobsConfig;
use crate::platform::db::{self, DbConn, Pool};
use crate::platform::error::AppError;

pub use gate::Gate;
pub use queries::{JobRow, DEAD, DONE, QUEUED};

/// Finished jobs are kept this long: their keys must outlive any second attempt to queue them
/// (a day's result, a day's board).
pub const KEEP_DONE_MS: i64 = 3 * 24 * 3_600_000;
/// How often a runner deletes finished jobs older than that.
const PRUNE_EVERY_MS: i64 = 60_000;

/// One kind of background work. Its value is the job's data (stored as JSON); `run` does it.
pub trait Job: Serialize + DeserializeOwned + Send + 'static {
    /// The kind's name in the table, the logs and the metrics; never renamed once deployed.
    const KIND: &'static str;
    /// Runs before the job is dead; `None`: `--job-max-attempts`.
    const MAX_ATTEMPTS: Option<u32> = None;
    /// What a run needs (the app state).
    type Context: Clone + Send + Sync + 'static;

    /// Runs on the actix runtime's thread (the future need not be `Send`: the outbound HTTP
    /// client is not).
    fn run(self, ctx: Self::Context) -> impl Future<Output = Result<(), JobError>>;
}

/// Why a run did not succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobError {
    /// Try again later (with back-off), until the kind's attempts are spent.
    Retry(String),
    /// Retrying cannot help (the data cannot be read, the address is refused): dead at once.
    Fail(String),
    /// Not an error: the run committed part of a long piece of work (a backfill's chunks) and
    /// stopped within its lease; queued again at once, the attempt not counted.
    Unfinished(String),
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::Retry(why) | JobError::Fail(why) | JobError::Unfinished(why) => f.write_str(why),
        }
    }
}

impl From<AppError> for JobError {
    /// Retried, with the detail an internal error keeps from the client.
    fn from(err: AppError) -> Self {
        match err {
            AppError::Internal(detail) => JobError::Retry(detail),
            other => JobError::Retry(other.to_string()),
        }
    }
}

/// The runner's settings (from `--job-*`).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub poll: Duration,
    pub lease_ms: i64,
    pub batch: i64,
    pub retry_base_ms: i64,
    pub retry_max_ms: i64,
    pub max_attempts: u32,
}

impl Settings {
    pub fn from_config(config: &JobsConfig) -> Self {
        Settings {
            poll: Duration::from_millis(config.job_poll_ms),
            lease_ms: i64::try_from(config.job_lease_ms).unwrap_or(i64::MAX),
            batch: i64::from(config.job_batch),
            retry_base_ms: i64::try_from(config.job_retry_base_ms).unwrap_or(i64::MAX),
            retry_max_ms: i64::try_from(config.job_retry_max_ms).unwrap_or(i64::MAX),
            max_attempts: config.job_max_attempts,
        }
    }

    /// The wait after the `attempt`th failed run (from 1): the base doubled per earlier attempt,
    /// at most the maximum, then `jitter` (0.0 to 1.0) of its second half taken off.
    pub fn backoff_ms(&self, attempt: i64, jitter: f64) -> i64 {
        let exponent = u32::try_from(attempt.saturating_sub(1)).unwrap_or(0).min(40);
        let full = self.retry_base_ms.saturating_mul(1_i64 << exponent).min(self.retry_max_ms).max(1);
        let half = full / 2;
        full - (half as f64 * jitter.clamp(0.0, 1.0)) as i64
    }
}

/// Runs counted by (kind, outcome): `done`, `retried`, `dead`, `continued` (part of a long
/// job done), `lease_lost` (finished after another instance took the job over), shown by
/// `/metrics`.
#[derive(Debug, Default)]
pub struct Stats {
    runs: Mutex<BTreeMap<(String, &'static str), u64>>,
}

impl Stats {
    fn count(&self, kind: &str, outcome: &'static str) {
        if let Ok(mut runs) = self.runs.lock() {
            *runs.entry((kind.to_string(), outcome)).or_default() += 1;
        }
    }

    /// Every (kind, outcome, runs), sorted.
    pub fn runs(&self) -> Vec<(String, &'static str, u64)> {
        self.runs
            .lock()
            .map(|runs| runs.iter().map(|((kind, outcome), n)| (kind.clone(), *outcome, *n)).collect())
            .unwrap_or_default()
    }
}

/// The queueing side, held by the app state: cheap to clone.
#[derive(Clone)]
pub struct Jobs {
    pub settings: Settings,
    pub stats: Arc<Stats>,
    clock: Clock,
}

/// What became of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// Failed; queued again from this instant.
    Retried(i64),
    Dead,
    /// Part done; queued again at once ([`JobError::Unfinished`]).
    Continued,
    /// Finished after the lease was lost: another instance holds or finished the job.
    LeaseLost,
}

impl Jobs {
    pub fn new(settings: Settings, clock: Clock) -> Self {
        Jobs { settings, stats: Arc::default(), clock }
    }

    /// Queues `job` on `conn` (inside the caller's transaction, if any), due now. With a
    /// `dedupe_key`, a second job of the kind with the same key is not queued (`None`).
    pub fn enqueue<J: Job>(
        &self,
        conn: &mut DbConn,
        job: &J,
        dedupe_key: Option<&str>,
    ) -> Result<Option<i64>, AppError> {
        let data = serde_json::to_string(job).map_err(AppError::internal)?;
        let now_ms = self.clock.now_ms();
        queries::insert(conn, J::KIND, &data, dedupe_key, now_ms, now_ms)
    }

    /// Queues `job` in place of the kind's job holding `key` (whatever its state), so only the
    /// newest is sent (a second sign-up code).
    pub fn enqueue_replacing<J: Job>(&self, conn: &mut DbConn, job: &J, key: &str) -> Result<i64, AppError> {
        queries::delete_keyed(conn, J::KIND, key)?;
        self.enqueue(conn, job, Some(key))?
            .ok_or_else(|| AppError::internal("a replaced job's key is still taken"))
    }

    /// Runs the queued job `id` now, here, if nobody holds it (the caller has just queued it and
    /// wants it done before it answers, while the runner keeps the retries). `None` when the
    /// job was not there to take. Waits at most `wait`: a longer run goes on in the background
    /// under its lease.
    pub async fn run_now<J: Job>(
        &self,
        pool: &Pool,
        id: i64,
        ctx: J::Context,
        wait: Duration,
    ) -> Result<Option<Outcome>, AppError> {
        let (now_ms, lease_ms) = (self.clock.now_ms(), self.settings.lease_ms);
        let claimed =
            db::run(pool, move |conn| queries::claim_one(conn, id, now_ms, now_ms.saturating_add(lease_ms)))
                .await?;
        let Some(claimed) = claimed else { return Ok(None) };
        let (jobs, pool, max) =
            (self.clone(), pool.clone(), J::MAX_ATTEMPTS.unwrap_or(self.settings.max_attempts));
        let run = async move {
            let result = match serde_json::from_str::<J>(&claimed.data) {
                Ok(job) => job.run(ctx).await,
                Err(err) => Err(JobError::Fail(format!("unreadable data: {err}"))),
            };
            jobs.record(&pool, claimed, max, None, result).await
        };
        let handle = actix_web::rt::spawn(run);
        match actix_web::rt::time::timeout(wait, handle).await {
            Ok(Ok(outcome)) => outcome.map(Some),
            Ok(Err(join)) => Err(AppError::internal(format!("a job's run panicked: {join}"))),
            // Still running: it finishes (or fails and is retried) on its own.
            Err(_elapsed) => Ok(None),
        }
    }

    /// Sees the queued job `id` through to the end: runs it here whenever nobody holds it and it
    /// is due, else waits for whichever instance runs it. A dead job is waited on too (logged;
    /// an operator's retry brings it back). For the start-up work an instance must see done.
    pub async fn drive<J: Job>(&self, pool: &Pool, id: i64, ctx: J::Context) {
        let wait = Duration::from_millis(u64::try_from(self.settings.lease_ms).unwrap_or(u64::MAX));
        let mut told_dead = false;
        loop {
            match self.run_now::<J>(pool, id, ctx.clone(), wait).await {
                Ok(Some(Outcome::Done)) => return,
                Ok(Some(Outcome::Continued)) => continue,
                Ok(_) => {}
                Err(err) => tracing::warn!(job = id, kind = J::KIND, error = %err, "job: run failed"),
            }
            match db::run(pool, move |conn| queries::get(conn, id)).await {
                // Done (here or elsewhere), or pruned long after.
                Ok(None) => return,
                Ok(Some(row)) if row.state == DONE => return,
                Ok(Some(row)) if row.state == DEAD && !told_dead => {
                    told_dead = true;
                    tracing::error!(
                        job = id,
                        kind = J::KIND,
                        "start-up job dead: waiting for an operator's `lavalist jobs retry {id}`"
                    );
                }
                Ok(Some(row)) if row.state == QUEUED => told_dead = false,
                _ => {}
            }
            actix_web::rt::time::sleep(self.settings.poll).await;
        }
    }

    /// Writes a run's result: done, retried after a back-off, or dead. A recurring job (`every`)
    /// is queued again for its next run instead, whatever became of this one (it is never dead).
    async fn record(
        &self,
        pool: &Pool,
        claimed: queries::Claimed,
        max_attempts: u32,
        every: Option<i64>,
        result: Result<(), JobError>,
    ) -> Result<Outcome, AppError> {
        if let Some(every) = every {
            if !matches!(result, Err(JobError::Unfinished(_))) {
                return self.rearm(pool, claimed, every, result.err()).await;
            }
        }
        let now_ms = self.clock.now_ms();
        let kind = claimed.job_type.clone();
        let (id, attempt) = (claimed.id, claimed.attempt);
        let outcome = match result {
            Ok(()) => {
                let kept = db::run(pool, move |conn| queries::finish(conn, &claimed, now_ms)).await?;
                if kept {
                    Outcome::Done
                } else {
                    Outcome::LeaseLost
                }
            }
            Err(JobError::Unfinished(progress)) => {
                let kept = db::run(pool, move |conn| queries::release(conn, &claimed, now_ms)).await?;
                tracing::info!(job = id, kind = %kind, %progress, "job part done; it goes on");
                if kept {
                    Outcome::Continued
                } else {
                    Outcome::LeaseLost
                }
            }
            Err(err) => {
                let spent = attempt >= i64::from(max_attempts.max(1));
                let retry_at = match (&err, spent) {
                    (JobError::Retry(_), false) => {
                        Some(now_ms.saturating_add(self.settings.backoff_ms(attempt, rand::random::<f64>())))
                    }
                    _ => None,
                };
                let reason = err.to_string();
                let kept =
                    db::run(pool, move |conn| queries::fail(conn, &claimed, &reason, retry_at, now_ms))
                        .await?;
                match (kept, retry_at) {
                    (false, _) => Outcome::LeaseLost,
                    (true, Some(at)) => {
                        tracing::warn!(job = id, kind = %kind, attempt, error = %err, retry_at = at, "job failed; retrying later");
                        Outcome::Retried(at)
                    }
                    (true, None) => {
                        tracing::error!(job = id, kind = %kind, attempt, error = %err, "job dead: an operator can retry it (lavalist jobs retry ID)");
                        Outcome::Dead
                    }
                }
            }
        };
        self.stats.count(
            &kind,
            match outcome {
                Outcome::Done => "done",
                Outcome::Retried(_) => "retried",
                Outcome::Dead => "dead",
                Outcome::Continued => "continued",
                Outcome::LeaseLost => "lease_lost",
            },
        );
        Ok(outcome)
    }

    /// A recurring job's run is over: queued again `every` ms from now, its attempts reset.
    async fn rearm(
        &self,
        pool: &Pool,
        claimed: queries::Claimed,
        every: i64,
        failed: Option<JobError>,
    ) -> Result<Outcome, AppError> {
        let (id, kind) = (claimed.id, claimed.job_type.clone());
        let next = self.clock.now_ms().saturating_add(every);
        if let Some(err) = &failed {
            tracing::warn!(job = id, kind = %kind, error = %err, "recurring job failed; it runs again at its next time");
        }
        let error = failed.as_ref().map(ToString::to_string);
        let kept = db::run(pool, move |conn| queries::rearm(conn, &claimed, next, error.as_deref())).await?;
        let outcome = match (kept, failed) {
            (false, _) => Outcome::LeaseLost,
            (true, None) => Outcome::Done,
            (true, Some(_)) => Outcome::Retried(next),
        };
        self.stats.count(
            &kind,
            match outcome {
                Outcome::Done => "done",
                Outcome::LeaseLost => "lease_lost",
                _ => "retried",
            },
        );
        Ok(outcome)
    }
}

type BoxedRun = Pin<Box<dyn Future<Output = Result<(), JobError>>>>;
type Handler<C> = Box<dyn Fn(C, &str) -> BoxedRun + Send + Sync>;

struct Kind<C> {
    handler: Handler<C>,
    max_attempts: u32,
    /// A recurring kind: its one job runs again this many ms after each run, and `data` is what
    /// it is armed with.
    every: Option<(i64, String)>,
}

/// What one tick did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TickReport {
    pub claimed: usize,
    pub done: usize,
    pub retried: usize,
    pub dead: usize,
    pub continued: usize,
    pub lease_lost: usize,
}

/// Runs the registered kinds' due jobs; every instance runs one (`serve` starts it).
pub struct Runner<C> {
    jobs: Jobs,
    pool: Pool,
    clock: Clock,
    kinds: HashMap<&'static str, Kind<C>>,
    /// When this runner last deleted old finished jobs (once a minute at most: on SQLite a
    /// delete takes the write lock even when it finds nothing).
    pruned_at: std::sync::atomic::AtomicI64,
}

impl<C: Clone + Send + Sync + 'static> Runner<C> {
    pub fn new(jobs: Jobs, pool: Pool, clock: Clock) -> Self {
        Runner {
            jobs,
            pool,
            clock,
            kinds: HashMap::new(),
            pruned_at: std::sync::atomic::AtomicI64::new(i64::MIN),
        }
    }

    /// Adds a kind this runner runs.
    pub fn register<J: Job<Context = C>>(mut self) -> Self {
        let handler: Handler<C> = Box::new(|ctx: C, data: &str| -> BoxedRun {
            match serde_json::from_str::<J>(data) {
                Ok(job) => Box::pin(job.run(ctx)),
                Err(err) => {
                    let why = format!("unreadable data: {err}");
                    Box::pin(async move { Err(JobError::Fail(why)) })
                }
            }
        });
        let max_attempts = J::MAX_ATTEMPTS.unwrap_or(self.jobs.settings.max_attempts);
        self.kinds.insert(J::KIND, Kind { handler, max_attempts, every: None });
        self
    }

    /// Adds a recurring kind: one job of it (`job`) in the whole database, run by one instance
    /// at a time, `every` after each run ends (a polling loop every instance used to run; it is
    /// never dead: a failed run is logged and the next one comes). [`Runner::run`] queues it.
    pub fn register_recurring<J: Job<Context = C>>(mut self, job: &J, every: Duration) -> Self {
        self = self.register::<J>();
        let data = serde_json::to_string(job).unwrap_or_else(|_| "{}".into());
        let every = i64::try_from(every.as_millis()).unwrap_or(i64::MAX).max(1);
        if let Some(kind) = self.kinds.get_mut(J::KIND) {
            kind.every = Some((every, data));
        }
        self
    }

    /// Makes sure each recurring kind's job exists and is queued (a dead or finished one from an
    /// older release is queued again).
    pub async fn arm_recurring(&self) -> Result<(), AppError> {
        let now_ms = self.clock.now_ms();
        let recurring: Vec<(&'static str, String)> = self
            .kinds
            .iter()
            .filter_map(|(kind, k)| k.every.as_ref().map(|(_, data)| (*kind, data.clone())))
            .collect();
        db::run(&self.pool, move |conn| {
            for (kind, data) in &recurring {
                queries::arm(conn, kind, data, now_ms)?;
            }
            Ok(())
        })
        .await
    }

    /// The registered kinds, sorted.
    pub fn kinds(&self) -> Vec<&'static str> {
        let mut kinds: Vec<&'static str> = self.kinds.keys().copied().collect();
        kinds.sort_unstable();
        kinds
    }

    /// Claims the due jobs (up to `--job-batch`) and runs them side by side, each bounded by its
    /// lease.
    pub async fn tick(&self, ctx: &C) -> Result<TickReport, AppError> {
        let settings = self.jobs.settings;
        let now_ms = self.clock.now_ms();
        let kinds: Vec<String> = self.kinds().into_iter().map(str::to_string).collect();
        let last = self.pruned_at.load(std::sync::atomic::Ordering::Relaxed);
        let prune = now_ms.saturating_sub(last) >= PRUNE_EVERY_MS || now_ms < last;
        if prune {
            self.pruned_at.store(now_ms, std::sync::atomic::Ordering::Relaxed);
        }
        let claimed = db::run(&self.pool, move |conn| {
            if prune {
                queries::prune(conn, now_ms - KEEP_DONE_MS)?;
            }
            let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
            queries::claim_due(conn, &kinds, now_ms, now_ms.saturating_add(settings.lease_ms), settings.batch)
        })
        .await?;
        let mut report = TickReport { claimed: claimed.len(), ..TickReport::default() };
        let lease = Duration::from_millis(u64::try_from(settings.lease_ms).unwrap_or(0));
        let runs = claimed.into_iter().map(|claimed| {
            let ctx = ctx.clone();
            async move {
                let Some(kind) = self.kinds.get(claimed.job_type.as_str()) else {
                    return Err(AppError::internal("claimed a kind this runner does not run"));
                };
                let run = (kind.handler)(ctx, &claimed.data);
                // Never past the lease: by then another instance may have taken the job.
                let result = match actix_web::rt::time::timeout(lease, run).await {
                    Ok(result) => result,
                    Err(_) => Err(JobError::Retry(format!(
                        "not finished within its lease ({} ms)",
                        lease.as_millis()
                    ))),
                };
                let every = kind.every.as_ref().map(|(every, _)| *every);
                self.jobs.record(&self.pool, claimed, kind.max_attempts, every, result).await
            }
        });
        for outcome in futures_util::future::join_all(runs).await {
            match outcome? {
                Outcome::Done => report.done += 1,
                Outcome::Retried(_) => report.retried += 1,
                Outcome::Dead => report.dead += 1,
                Outcome::Continued => report.continued += 1,
                Outcome::LeaseLost => report.lease_lost += 1,
            }
        }
        Ok(report)
    }

    /// Ticks forever, `--job-poll-ms` apart (at once again after a full batch). A failed tick
    /// (the database away) is logged and the next one tries again.
    pub async fn run(self, ctx: C) {
        tracing::info!(kinds = ?self.kinds(), "job runner started");
        while let Err(err) = self.arm_recurring().await {
            tracing::warn!(error = %err, "job runner: could not queue the recurring jobs; retrying");
            actix_web::rt::time::sleep(self.jobs.settings.poll).await;
        }
        loop {
            let full = match self.tick(&ctx).await {
                Ok(report) => report.claimed as i64 >= self.jobs.settings.batch,
                Err(err) => {
                    tracing::warn!(error = %err, "job runner: this round failed; retrying");
                    false
                }
            };
            if !full {
                actix_web::rt::time::sleep(self.jobs.settings.poll).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            poll: Duration::from_millis(10),
            lease_ms: 1000,
            batch: 10,
            retry_base_ms: 1000,
            retry_max_ms: 60_000,
            max_attempts: 5,
        }
    }

    #[test]
    fn the_back_off_doubles_up_to_its_maximum_and_jitter_takes_up_to_half() {
        let s = settings();
        assert_eq!(s.backoff_ms(1, 0.0), 1000);
        assert_eq!(s.backoff_ms(2, 0.0), 2000);
        assert_eq!(s.backoff_ms(3, 0.0), 4000);
        assert_eq!(s.backoff_ms(3, 1.0), 2000);
        assert_eq!(s.backoff_ms(10, 0.0), 60_000, "at most the maximum");
        assert_eq!(s.backoff_ms(1_000, 0.5), 45_000, "no overflow");
    }
}
