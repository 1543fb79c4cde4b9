//! Group commit. Every acknowledged result is on disk (SQLite `synchronous=FULL`), and a disk
//! manages a few hundred flushes a second; so one writer thread takes whatever results are
//! waiting, stores each in its own savepoint inside one transaction, commits once, and only then
//! answers them all. One failing result rolls back only its savepoint.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use diesel::r2d2::R2D2Connection;
use diesel::Connection;
use tokio::sync::oneshot;

use super::record::{self, Job, RecordError, Stored};
use crate::db::{self, DbConn, Manager};
use crate::error::AppError;
use crate::histogram::Histogram;

/// Results waiting beyond this are refused with 503 rather than queued without bound.
const QUEUE: usize = 20_000;
const MAX_BATCH: usize = 512;

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
    /// Starts the writer thread with its own connection. It stops when the writer is dropped.
    pub fn start(manager: Manager) -> Result<Self, AppError> {
        let conn = manager.open().map_err(|e| AppError::internal(format!("writer connection: {e}")))?;
        let (queue, jobs) = mpsc::sync_channel(QUEUE);
        let stats = Arc::new(WriterStats {
            queued: AtomicUsize::new(0),
            batch_sizes: Histogram::new(BATCH_BUCKETS, 1.0),
        });
        let counts = stats.clone();
        thread::Builder::new()
            .name("submission-writer".into())
            .spawn(move || run(manager, conn, jobs, &counts))
            .map_err(AppError::internal)?;
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

fn run(manager: Manager, mut conn: DbConn, jobs: Receiver<(Job, Reply)>, stats: &WriterStats) {
    while let Ok(first) = jobs.recv() {
        let batch = take_batch(first, &jobs);
        stats.queued.fetch_sub(batch.len(), Ordering::Relaxed);
        stats.batch_sizes.observe(batch.len() as u64);
        let results = commit_batch(&mut conn, &batch);
        for ((_, reply), result) in batch.into_iter().zip(results) {
            // The client may have gone away; its result is stored all the same.
            let _ = reply.send(result);
        }
        if conn.is_broken() || conn.ping().is_err() {
            conn = reconnect(&manager);
        }
    }
}

fn take_batch(first: (Job, Reply), jobs: &Receiver<(Job, Reply)>) -> Vec<(Job, Reply)> {
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        match jobs.try_recv() {
            Ok(next) => batch.push(next),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
        }
    }
    batch
}

fn reconnect(manager: &Manager) -> DbConn {
    loop {
        match manager.open() {
            Ok(conn) => return conn,
            Err(err) => {
                tracing::error!(error = %err, "submission writer cannot reconnect; retrying");
                thread::sleep(Duration::from_secs(1));
            }
        }
    }
}

fn commit_batch(conn: &mut DbConn, batch: &[(Job, Reply)]) -> Vec<Result<Stored, AppError>> {
    let committed = db::write_transaction(conn, |conn| {
        Ok::<_, diesel::result::Error>(batch.iter().map(|(job, _)| record_one(conn, job)).collect::<Vec<_>>())
    });
    match committed {
        Ok(results) => results,
        Err(err) => {
            let err = AppError::from(err);
            if !matches!(err, AppError::Busy) {
                tracing::error!(error = %err, size = batch.len(), "a batch of results failed to commit");
            }
            batch.iter().map(|_| Err(err.clone())).collect()
        }
    }
}

/// One result in its own savepoint.
fn record_one(conn: &mut DbConn, job: &Job) -> Result<Stored, AppError> {
    match conn.transaction(|conn| record::record(conn, job)) {
        Ok(stored) => Ok(stored),
        Err(RecordError::LostRace) => record::existing(conn, job),
        Err(RecordError::App(err)) => Err(err),
    }
}
