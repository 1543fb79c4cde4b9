//! Group commit. Every acknowledged result is on disk (SQLite `synchronous=FULL`), and a disk
//! manages a few hundred flushes a second; so a writer thread takes whatever results are
//! waiting, writes them set-based in one transaction ([`super::batch`]), commits once, and only
//! then answers them all. SQLite has one writer thread (it allows one writer at a time anyway).
//! PostgreSQL has two, each with its own connection: a batch there waits mostly on round trips,
//! so a second batch is written while the first waits, as two instances' writers would be (the
//! batch's lock order keeps them from deadlocking; see [`super::batch`]). A deadlock or serialization failure (possible on PostgreSQL with
//! several instances) is retried a few times after a short pause; if a batch fails for another
//! reason, its results are retried one by one so that one bad result cannot sink the others.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use diesel::r2d2::R2D2Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use tokio::sync::oneshot;

use super::batch::{self, BatchError};
use super::record::{Job, Stored};
use crate::platform::db::{self, Backend, DbConn, Manager};
use crate::platform::error::AppError;
use crate::platform::histogram::Histogram;

/// Results waiting beyond this are refused with 503 rather than queued without bound.
const QUEUE: usize = 20_000;
const MAX_BATCH: usize = 512;
/// Writer threads on PostgreSQL (SQLite: one).
const PG_WRITERS: usize = 2;

type Reply = oneshot::Sender<Result<Stored, AppError>>;

pub struct SubmissionWriter {
    queue: SyncSender<(Job, Reply)>,
    stats: Arc<WriterStats>,
}

/// What the metrics endpoint shows of the writer: a channel cannot tell its length, so the
/// writer counts what it queues and takes.
pub struct WriterStats {
    pub queued: AtomicUsize,
    pub batch_sizes: Histogram,
}

const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];

impl SubmissionWriter {
    /// Starts the writer threads, each with its own connection. They stop when the writer is
    /// dropped.
    pub fn start(manager: Manager) -> Result<Self, AppError> {
        let threads = match manager.backend() {
            Backend::Sqlite => 1,
            Backend::Postgres => PG_WRITERS,
        };
        let (queue, jobs) = mpsc::sync_channel(QUEUE);
        let jobs = Arc::new(Mutex::new(jobs));
        let stats = Arc::new(WriterStats {
            queued: AtomicUsize::new(0),
            batch_sizes: Histogram::new(BATCH_BUCKETS, 1.0),
        });
        let manager = Arc::new(manager);
        for n in 0..threads {
            let conn = manager.open().map_err(|e| AppError::internal(format!("writer connection: {e}")))?;
            let (manager, jobs, counts) = (manager.clone(), jobs.clone(), stats.clone());
            thread::Builder::new()
                .name(format!("submission-writer-{n}"))
                .spawn(move || run(&manager, conn, &jobs, &counts))
                .map_err(AppError::internal)?;
        }
        Ok(SubmissionWriter { queue, stats })
    }

    pub fn stats(&self) -> &WriterStats {
        &self.stats
    }

    /// Stores a result; resolves once it is committed (or refused).
    pub async fn submit(&self, job: Job) -> Result<Stored, AppError> {
        let (reply, answer) = oneshot::channel();
        // Counted before sending: the writer may take the job before `try_send` returns.
        self.stats.queued.fetch_add(1, Ordering::Relaxed);
        let sent = self.queue.try_send((job, reply));
        if sent.is_err() {
            self.stats.queued.fetch_sub(1, Ordering::Relaxed);
        }
        match sent {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(AppError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(AppError::internal("the writer has stopped")),
        }
        answer.await.map_err(|_| AppError::internal("the writer dropped a result"))?
    }
}

type Jobs = Mutex<Receiver<(Job, Reply)>>;

fn run(manager: &Manager, conn: DbConn, jobs: &Jobs, stats: &WriterStats) {
    let mut conn = Some(conn);
    while let Some(taken) = next_batch(jobs) {
        let (batch, replies): (Vec<Job>, Vec<Reply>) = taken.into_iter().unzip();
        stats.queued.fetch_sub(batch.len(), Ordering::Relaxed);
        stats.batch_sizes.observe(batch.len() as u64);
        let results = commit_connected(manager, &mut conn, &batch);
        for (reply, result) in replies.into_iter().zip(results) {
            // The client may have gone away; its result is stored all the same.
            let _ = reply.send(result);
        }
    }
}

/// Waits for a result, then takes whatever else is waiting (up to `MAX_BATCH`); `None` once the
/// writer is dropped. One thread at a time takes: the others wait for the queue's lock, so each
/// batch is what arrived while the previous one was taken.
fn next_batch(jobs: &Jobs) -> Option<Vec<(Job, Reply)>> {
    let jobs = jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let first = jobs.recv().ok()?;
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        match jobs.try_recv() {
            Ok(next) => batch.push(next),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
        }
    }
    Some(batch)
}

/// Commits the batch on the writer's connection, opening one if it has none. While the database
/// is down the batch answers 503 at once (one connection attempt per batch), so no client waits
/// for it, and writes resume with the first batch after it answers again. A batch cut off by a
/// lost connection (a restart, `pg_terminate_backend`) was rolled back by the server, and is
/// tried once more on a new connection; a commit whose answer was lost is found by that try as
/// the same results already stored, so it is answered as a repeat, never applied twice.
fn commit_connected(
    manager: &Manager,
    conn: &mut Option<DbConn>,
    jobs: &[Job],
) -> Vec<Result<Stored, AppError>> {
    for attempt in 1..=2 {
        let Some(open) = connected(manager, conn) else {
            return jobs.iter().map(|_| Err(AppError::Busy)).collect();
        };
        let results = commit_batch(open, jobs);
        // Only a failed batch costs a check of the connection.
        let failed = results.iter().any(|r| matches!(r, Err(AppError::Busy | AppError::Internal(_))));
        if !failed || (!open.is_broken() && open.ping().is_ok()) {
            return results;
        }
        *conn = None;
        if attempt == 2 {
            return results;
        }
        tracing::warn!(size = jobs.len(), "the writer lost its database connection; retrying the batch");
    }
    unreachable!("the loop returns by its last attempt")
}

/// The writer's connection, opened now if it was lost.
fn connected<'a>(manager: &Manager, conn: &'a mut Option<DbConn>) -> Option<&'a mut DbConn> {
    if conn.is_none() {
        match manager.open() {
            Ok(fresh) => *conn = Some(fresh),
            Err(err) => tracing::warn!(error = %err, "the submission writer cannot reach the database: 503"),
        }
    }
    conn.as_mut()
}

/// Tries after a deadlock or serialization failure before answering 503; the pauses between
/// tries grow from `RETRY_PAUSE`, staying far below a client's patience.
const ATTEMPTS: u32 = 6;
const RETRY_PAUSE: Duration = Duration::from_millis(2);

fn commit_batch(conn: &mut DbConn, jobs: &[Job]) -> Vec<Result<Stored, AppError>> {
    match commit_with_retries(conn, jobs) {
        Ok(answers) => answers,
        Err(err) => {
            let err = AppError::from(err);
            if matches!(err, AppError::Busy) {
                return jobs.iter().map(|_| Err(AppError::Busy)).collect();
            }
            tracing::error!(error = %err, size = jobs.len(), "a batch of results failed to commit");
            // One by one only helps when one result is at fault, not the connection.
            if jobs.len() == 1 || conn.is_broken() || conn.ping().is_err() {
                return jobs.iter().map(|_| Err(err.clone())).collect();
            }
            jobs.iter().flat_map(|job| commit_batch(conn, std::slice::from_ref(job))).collect()
        }
    }
}

/// One transaction for the whole batch, tried again after a deadlock or serialization failure.
fn commit_with_retries(conn: &mut DbConn, jobs: &[Job]) -> Result<Vec<Result<Stored, AppError>>, BatchError> {
    let mut pause = RETRY_PAUSE;
    for attempt in 1.. {
        match db::write_transaction(conn, |conn| batch::write(conn, jobs)) {
            Err(BatchError::Db(err)) if is_transient(&err) => {
                if attempt == ATTEMPTS {
                    tracing::warn!(error = %err, size = jobs.len(), "a batch kept failing; answering 503");
                    return Err(BatchError::App(AppError::Busy));
                }
                tracing::info!(error = %err, attempt, "retrying a batch of results");
                thread::sleep(pause);
                pause *= 2;
            }
            done => return done,
        }
    }
    unreachable!("the loop returns by its last attempt")
}

/// PostgreSQL's deadlock detector and serialization failures abort a transaction that would
/// succeed when run again. (SQLite's "locked" is not retried here: its busy timeout already
/// waited, and the client is told 503.)
fn is_transient(err: &DieselError) -> bool {
    match err {
        DieselError::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
        DieselError::DatabaseError(_, info) => info.message().contains("deadlock detected"),
        _ => false,
    }
}
