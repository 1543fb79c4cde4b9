//! The `background_jobs` table: queueing (in the caller's transaction), claiming with a lease,
//! and what becomes of a run.

use diesel::prelude::*;

use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::background_jobs;

pub const QUEUED: &str = "queued";
pub const DONE: &str = "done";
pub const DEAD: &str = "dead";

/// One row, as the operator's listing shows it (`data` left out: it may hold a code).
#[derive(Debug, Clone, Queryable, Selectable, PartialEq, Eq)]
#[diesel(table_name = background_jobs)]
pub struct JobRow {
    pub id: i64,
    pub job_type: String,
    pub dedupe_key: Option<String>,
    pub state: String,
    pub attempts: i64,
    pub run_at: i64,
    pub locked_until: i64,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

/// A job this instance holds until `locked_until`.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    pub job_type: String,
    pub data: String,
    /// This run's number, from 1.
    pub attempt: i64,
    pub token: String,
}

/// Queues a job. With a `dedupe_key`, at most one row of the kind ever holds it (whichever
/// instance queues it first, until the finished row is pruned): `None` when one already did.
pub fn insert(
    conn: &mut DbConn,
    job_type: &str,
    data: &str,
    dedupe_key: Option<&str>,
    run_at: i64,
    now_ms: i64,
) -> Result<Option<i64>, AppError> {
    let row = (
        background_jobs::job_type.eq(job_type),
        background_jobs::data.eq(data),
        background_jobs::dedupe_key.eq(dedupe_key),
        background_jobs::run_at.eq(run_at),
        background_jobs::created_at.eq(now_ms),
    );
    let id: Option<i64> = match conn {
        DbConn::Sqlite(c) => diesel::insert_into(background_jobs::table)
            .values(&row)
            .on_conflict_do_nothing()
            .returning(background_jobs::id)
            .get_result(c)
            .optional()?,
        DbConn::Pg(c) => diesel::insert_into(background_jobs::table)
            .values(&row)
            .on_conflict_do_nothing()
            .returning(background_jobs::id)
            .get_result(c)
            .optional()?,
    };
    Ok(id)
}

/// Removes the row of this kind holding `dedupe_key` (a newer job replaces it: a second sign-up
/// code makes the first one's mail pointless). A run in flight finishes, then finds no row.
pub fn delete_keyed(conn: &mut DbConn, job_type: &str, dedupe_key: &str) -> Result<(), AppError> {
    diesel::delete(
        background_jobs::table
            .filter(background_jobs::job_type.eq(job_type))
            .filter(background_jobs::dedupe_key.eq(dedupe_key)),
    )
    .execute(conn)?;
    Ok(())
}

/// Takes up to `limit` due jobs of `kinds` and holds them until `lease_until`, each run counted
/// as an attempt. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so instances claiming at once take
/// different rows; SQLite: the write transaction (`BEGIN IMMEDIATE`) is the single writer.
pub fn claim_due(
    conn: &mut DbConn,
    kinds: &[&str],
    now_ms: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<Claimed>, AppError> {
    // Most rounds find nothing due: a plain read first, so they take no lock (SQLite's write
    // lock is the submission writer's too).
    let any_due: i64 = background_jobs::table
        .filter(background_jobs::state.eq(QUEUED))
        .filter(background_jobs::run_at.le(now_ms))
        .filter(background_jobs::locked_until.le(now_ms))
        .filter(background_jobs::job_type.eq_any(kinds))
        .count()
        .get_result(conn)?;
    if any_due == 0 {
        return Ok(Vec::new());
    }
    write_transaction(conn, |conn| {
        let query = background_jobs::table
            .filter(background_jobs::state.eq(QUEUED))
            .filter(background_jobs::run_at.le(now_ms))
            .filter(background_jobs::locked_until.le(now_ms))
            .filter(background_jobs::job_type.eq_any(kinds))
            .order((background_jobs::run_at, background_jobs::id))
            .limit(limit)
            .select(background_jobs::id);
        let ids: Vec<i64> = match conn {
            DbConn::Pg(c) => query.for_update().skip_locked().load(c)?,
            DbConn::Sqlite(c) => query.load(c)?,
        };
        lease(conn, &ids, lease_until)
    })
}

/// Takes one job by id if it is queued and nobody holds it (its caller runs it right away,
/// whatever its `run_at`): `None` when it is gone, finished, dead or held.
pub fn claim_one(
    conn: &mut DbConn,
    id: i64,
    now_ms: i64,
    lease_until: i64,
) -> Result<Option<Claimed>, AppError> {
    write_transaction(conn, |conn| {
        let query = background_jobs::table
            .filter(background_jobs::id.eq(id))
            .filter(background_jobs::state.eq(QUEUED))
            .filter(background_jobs::locked_until.le(now_ms))
            .select(background_jobs::id);
        let ids: Vec<i64> = match conn {
            DbConn::Pg(c) => query.for_update().skip_locked().load(c)?,
            DbConn::Sqlite(c) => query.load(c)?,
        };
        Ok(lease(conn, &ids, lease_until)?.pop())
    })
}

/// Marks `ids` held until `lease_until` under a fresh token each, one more attempt, and reads
/// them back.
fn lease(conn: &mut DbConn, ids: &[i64], lease_until: i64) -> Result<Vec<Claimed>, AppError> {
    let mut claimed = Vec::with_capacity(ids.len());
    for &id in ids {
        let token = hex::encode(rand::random::<[u8; 12]>());
        diesel::update(background_jobs::table.find(id))
            .set((
                background_jobs::locked_until.eq(lease_until),
                background_jobs::lock_token.eq(&token),
                background_jobs::attempts.eq(background_jobs::attempts + 1_i64),
            ))
            .execute(conn)?;
        let (job_type, data, attempt): (String, String, i64) = background_jobs::table
            .find(id)
            .select((background_jobs::job_type, background_jobs::data, background_jobs::attempts))
            .first(conn)?;
        claimed.push(Claimed { id, job_type, data, attempt, token });
    }
    Ok(claimed)
}

/// The row while this claim still holds it (the lease's token matches: no other instance took
/// it over).
macro_rules! held_target {
    ($claimed:expr) => {
        background_jobs::table
            .filter(background_jobs::id.eq($claimed.id))
            .filter(background_jobs::lock_token.eq(&$claimed.token))
    };
}

/// The run succeeded: the row stays as 'done' (its key still dedupes) without its data.
/// `false` when the lease was lost meanwhile (another instance holds or finished the job).
pub fn finish(conn: &mut DbConn, claimed: &Claimed, now_ms: i64) -> Result<bool, AppError> {
    let n = diesel::update(held_target!(claimed))
        .set((
            background_jobs::state.eq(DONE),
            background_jobs::data.eq(""),
            background_jobs::locked_until.eq(0_i64),
            background_jobs::lock_token.eq(None::<String>),
            background_jobs::last_error.eq(None::<String>),
            background_jobs::finished_at.eq(Some(now_ms)),
        ))
        .execute(conn)?;
    Ok(n == 1)
}

/// Queues the one job of a recurring kind (its key is the kind) unless it is queued already.
pub fn arm(conn: &mut DbConn, kind: &str, data: &str, now_ms: i64) -> Result<(), AppError> {
    insert(conn, kind, data, Some(kind), now_ms, now_ms)?;
    diesel::update(
        background_jobs::table
            .filter(background_jobs::job_type.eq(kind))
            .filter(background_jobs::dedupe_key.eq(kind))
            .filter(background_jobs::state.ne(QUEUED)),
    )
    .set((
        background_jobs::state.eq(QUEUED),
        background_jobs::data.eq(data),
        background_jobs::attempts.eq(0_i64),
        background_jobs::run_at.eq(now_ms),
        background_jobs::finished_at.eq(None::<i64>),
    ))
    .execute(conn)?;
    Ok(())
}

/// A recurring job's run is over: queued again for `run_at`, attempts reset, with this run's
/// error (or none).
pub fn rearm(
    conn: &mut DbConn,
    claimed: &Claimed,
    run_at: i64,
    error: Option<&str>,
) -> Result<bool, AppError> {
    let n = diesel::update(held_target!(claimed))
        .set((
            background_jobs::run_at.eq(run_at),
            background_jobs::attempts.eq(0_i64),
            background_jobs::locked_until.eq(0_i64),
            background_jobs::lock_token.eq(None::<String>),
            background_jobs::last_error.eq(error),
        ))
        .execute(conn)?;
    Ok(n == 1)
}

/// The run did part of the work: queued again at once, this run's attempt not counted.
pub fn release(conn: &mut DbConn, claimed: &Claimed, now_ms: i64) -> Result<bool, AppError> {
    let n = diesel::update(held_target!(claimed))
        .set((
            background_jobs::run_at.eq(now_ms),
            background_jobs::attempts.eq(background_jobs::attempts - 1_i64),
            background_jobs::locked_until.eq(0_i64),
            background_jobs::lock_token.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(n == 1)
}

/// The run failed: retried at `retry_at`, or dead when `retry_at` is `None`.
pub fn fail(
    conn: &mut DbConn,
    claimed: &Claimed,
    error: &str,
    retry_at: Option<i64>,
    now_ms: i64,
) -> Result<bool, AppError> {
    let target = held_target!(claimed);
    let n = match retry_at {
        Some(at) => diesel::update(target)
            .set((
                background_jobs::run_at.eq(at),
                background_jobs::locked_until.eq(0_i64),
                background_jobs::lock_token.eq(None::<String>),
                background_jobs::last_error.eq(error),
            ))
            .execute(conn)?,
        None => diesel::update(target)
            .set((
                background_jobs::state.eq(DEAD),
                background_jobs::locked_until.eq(0_i64),
                background_jobs::lock_token.eq(None::<String>),
                background_jobs::last_error.eq(error),
                background_jobs::finished_at.eq(Some(now_ms)),
            ))
            .execute(conn)?,
    };
    Ok(n == 1)
}

/// Jobs for the operator, newest first; only the dead ones with `dead_only`.
pub fn list(conn: &mut DbConn, dead_only: bool, limit: i64) -> Result<Vec<JobRow>, AppError> {
    let all =
        background_jobs::table.select(JobRow::as_select()).order(background_jobs::id.desc()).limit(limit);
    Ok(if dead_only { all.filter(background_jobs::state.eq(DEAD)).load(conn)? } else { all.load(conn)? })
}

/// One job by id.
pub fn get(conn: &mut DbConn, id: i64) -> Result<Option<JobRow>, AppError> {
    Ok(background_jobs::table.find(id).select(JobRow::as_select()).first(conn).optional()?)
}

/// Puts a dead job back in the queue with a fresh count of attempts, due at once (on any
/// instance's clock): `false` when there is no dead job with this id.
pub fn retry(conn: &mut DbConn, id: i64) -> Result<bool, AppError> {
    let n = diesel::update(
        background_jobs::table.filter(background_jobs::id.eq(id)).filter(background_jobs::state.eq(DEAD)),
    )
    .set((
        background_jobs::state.eq(QUEUED),
        background_jobs::attempts.eq(0_i64),
        background_jobs::run_at.eq(0_i64),
        background_jobs::finished_at.eq(None::<i64>),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// How many jobs each (kind, state) has, for the metrics.
pub fn counts(conn: &mut DbConn) -> Result<Vec<(String, String, i64)>, AppError> {
    Ok(background_jobs::table
        .group_by((background_jobs::job_type, background_jobs::state))
        .select((background_jobs::job_type, background_jobs::state, diesel::dsl::count_star()))
        .order((background_jobs::job_type, background_jobs::state))
        .load(conn)?)
}

/// Deletes finished ('done') jobs older than `before`; dead ones stay until retried or removed
/// by hand.
pub fn prune(conn: &mut DbConn, before: i64) -> Result<usize, AppError> {
    Ok(diesel::delete(
        background_jobs::table
            .filter(background_jobs::state.eq(DONE))
            .filter(background_jobs::finished_at.lt(before)),
    )
    .execute(conn)?)
}
