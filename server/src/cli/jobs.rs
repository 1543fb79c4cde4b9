//! `lavalist jobs list [--dead]` and `lavalist jobs retry ID`: what an operator sees of the job
//! runner's table, and how a dead job goes back in the queue (after its cause is fixed: the
//! mail server back, a webhook address corrected).

use chrono::DateTime;

use crate::platform::config::Config;
use crate::platform::error::AppError;
use crate::platform::jobs::{queries, JobRow};

/// One line per job, newest first: id, kind, state, attempts, next run (or when it finished),
/// last error. Never the job's data (a code, a link).
pub fn list(config: &Config, dead_only: bool, limit: i64) -> Result<(), AppError> {
    let mut conn = super::commands::open(config)?;
    let rows = queries::list(&mut conn, dead_only, limit.max(1))?;
    for row in &rows {
        println!("{}", line(row));
    }
    if rows.is_empty() {
        println!("{}", if dead_only { "no dead jobs" } else { "no jobs" });
    }
    Ok(())
}

/// Puts the dead job `id` back in the queue: the next instance to poll runs it.
pub fn retry(config: &Config, id: i64) -> Result<(), AppError> {
    let mut conn = super::commands::open(config)?;
    if queries::retry(&mut conn, id)? {
        println!("job {id} queued again");
        Ok(())
    } else {
        match queries::get(&mut conn, id)? {
            Some(row) => Err(AppError::bad_request(format!("job {id} is {}, not dead", row.state))),
            None => Err(AppError::not_found(format!("no job {id}"))),
        }
    }
}

fn time(ms: i64) -> String {
    DateTime::from_timestamp_millis(ms)
        .map_or_else(|| ms.to_string(), |t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// `id kind state attempts=N at=TIME error=…` (tab-separated).
pub fn line(row: &JobRow) -> String {
    let at = match row.finished_at {
        Some(finished) => format!("finished={}", time(finished)),
        None => format!("next={}", time(row.run_at)),
    };
    let error = row.last_error.as_deref().unwrap_or("").replace(['\n', '\t'], " ");
    format!("{}\t{}\t{}\tattempts={}\t{at}\terror={error}", row.id, row.job_type, row.state, row.attempts)
}
