//! The counted events (`rate_events`): the per-key lock, the full and delayed checks, and the
//! record. Shared by every instance through the database.

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use sha2::{Digest, Sha256};

use super::buckets::{Rule, LOGIN_DELAY_MAX_SECS};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::rate_events;

/// PostgreSQL: serialise concurrent checks of the same keys (an advisory lock per bucket and
/// key, taken in a fixed order), so two instances cannot both let the last request through.
/// SQLite's `BEGIN IMMEDIATE` already serialises every writer.
pub(super) fn lock_keys(conn: &mut DbConn, hits: &[(String, String, Rule)]) -> Result<(), AppError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    let mut ids: Vec<i64> = hits.iter().map(|(bucket, key, _)| lock_id(bucket, key)).collect();
    ids.sort_unstable();
    for id in ids {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<BigInt, _>(id).execute(pg)?;
    }
    Ok(())
}

fn lock_id(bucket: &str, key: &str) -> i64 {
    let digest = Sha256::digest(format!("{bucket}\0{key}").as_bytes());
    i64::from_be_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// When the bucket is full for this key: the seconds until its oldest counted event leaves the
/// window. Looks only at the limit-th newest event, so the cost is bounded by the limit.
pub(super) fn full_for(
    conn: &mut DbConn,
    bucket: &str,
    key: &str,
    rule: Rule,
    now_ms: i64,
) -> Result<Option<u64>, AppError> {
    let window = rule.window();
    let limit_th_newest: Option<i64> = rate_events::table
        .filter(rate_events::bucket.eq(bucket))
        .filter(rate_events::key.eq(key))
        .filter(rate_events::at.gt(window.cutoff(now_ms)))
        .order(rate_events::at.desc())
        .offset(window.deciding_offset())
        .select(rate_events::at)
        .first(conn)
        .optional()?;
    Ok(window.full_for(limit_th_newest, now_ms))
}

/// The growing delay of [`DELAYED`]: with `c` events in the window and `c >= limit`, the next
/// attempt must wait `2^(c - limit + 1)` seconds (at most [`LOGIN_DELAY_MAX_SECS`]) after the
/// newest one. `None` when it may go ahead.
pub(super) fn delay_for(
    conn: &mut DbConn,
    bucket: &str,
    key: &str,
    rule: Rule,
    now_ms: i64,
) -> Result<Option<u64>, AppError> {
    let window = rule.window();
    let (count, newest): (i64, Option<i64>) = rate_events::table
        .filter(rate_events::bucket.eq(bucket))
        .filter(rate_events::key.eq(key))
        .filter(rate_events::at.gt(window.cutoff(now_ms)))
        .select((diesel::dsl::count_star(), diesel::dsl::max(rate_events::at)))
        .first(conn)?;
    Ok(growing_delay(rule.limit, count, newest, now_ms))
}

fn growing_delay(limit: u32, count: i64, newest: Option<i64>, now_ms: i64) -> Option<u64> {
    let newest = newest?;
    let over = u32::try_from(count - i64::from(limit) + 1).ok().filter(|k| *k > 0)?;
    let delay_secs = 2u64.checked_pow(over).map_or(LOGIN_DELAY_MAX_SECS, |d| d.min(LOGIN_DELAY_MAX_SECS));
    let wait_ms = (delay_secs * 1000) as i64 - now_ms.saturating_sub(newest).max(0);
    (wait_ms > 0).then(|| (wait_ms as u64).div_ceil(1_000).min(LOGIN_DELAY_MAX_SECS))
}

/// Counts one event, and drops this key's events that left the window (keeps rows per key
/// bounded by the limit).
pub(super) fn record(
    conn: &mut DbConn,
    bucket: &str,
    key: &str,
    rule: Rule,
    now_ms: i64,
) -> Result<(), AppError> {
    let expired = rule.window().cutoff(now_ms);
    diesel::delete(
        rate_events::table
            .filter(rate_events::bucket.eq(bucket))
            .filter(rate_events::key.eq(key))
            .filter(rate_events::at.le(expired)),
    )
    .execute(conn)?;
    diesel::insert_into(rate_events::table)
        .values((rate_events::bucket.eq(bucket), rate_events::key.eq(key), rate_events::at.eq(now_ms)))
        .execute(conn)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_login_delay_grows_and_is_capped() {
        let now = 1_700_000_000_000;
        assert_eq!(growing_delay(5, 4, Some(now), now), None, "under the limit");
        assert_eq!(growing_delay(5, 5, Some(now), now), Some(2));
        assert_eq!(growing_delay(5, 6, Some(now), now), Some(4));
        assert_eq!(growing_delay(5, 7, Some(now - 3_000), now), Some(5), "8 s less the 3 s waited");
        assert_eq!(growing_delay(5, 7, Some(now - 8_000), now), None, "waited long enough");
        assert_eq!(growing_delay(5, 50, Some(now), now), Some(LOGIN_DELAY_MAX_SECS));
        assert_eq!(growing_delay(5, 500, Some(now + 60_000), now), Some(LOGIN_DELAY_MAX_SECS));
        assert_eq!(growing_delay(5, 0, None, now), None);
    }
}
