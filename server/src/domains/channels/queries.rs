//! The channel rows and the delivery outbox.

use diesel::prelude::*;

use crate::platform::db::{on_inner, write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{channel_deliveries, group_channels, group_members};

pub const PENDING: &str = "pending";
pub const SENT: &str = "sent";
/// Given up: the channel was disabled, or changed, while it waited.
pub const DROPPED: &str = "dropped";
/// A board with nobody on it: nothing sent, the day's key kept.
pub const SKIPPED: &str = "skipped";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = group_channels)]
pub struct ChannelRow {
    pub group_id: i64,
    pub url: String,
    pub kind: String,
    pub connected_at: i64,
    pub failures: i64,
    pub disabled_at: Option<i64>,
    pub disabled_reason: Option<String>,
    pub last_delivery_at: Option<i64>,
    pub last_error: Option<String>,
}

pub fn channel(conn: &mut DbConn, group_id: i64) -> Result<Option<ChannelRow>, AppError> {
    Ok(group_channels::table.find(group_id).select(ChannelRow::as_select()).first(conn).optional()?)
}

pub fn pending_count(conn: &mut DbConn, group_id: i64) -> Result<i64, AppError> {
    Ok(channel_deliveries::table
        .filter(channel_deliveries::group_id.eq(group_id))
        .filter(channel_deliveries::status.eq(PENDING))
        .count()
        .get_result(conn)?)
}

/// Connects the group (or changes its address): enabled, no failures. Messages still waiting
/// stay queued for the new address. One upsert: two first saves at once both succeed, the
/// later address kept.
pub fn save(conn: &mut DbConn, group_id: i64, url: &str, kind: &str, now_ms: i64) -> Result<(), AppError> {
    on_inner!(conn, |c| diesel::insert_into(group_channels::table)
        .values((
            group_channels::group_id.eq(group_id),
            group_channels::url.eq(url),
            group_channels::kind.eq(kind),
            group_channels::connected_at.eq(now_ms),
        ))
        .on_conflict(group_channels::group_id)
        .do_update()
        .set((
            group_channels::url.eq(url),
            group_channels::kind.eq(kind),
            group_channels::failures.eq(0_i64),
            group_channels::disabled_at.eq(None::<i64>),
            group_channels::disabled_reason.eq(None::<String>),
            group_channels::last_error.eq(None::<String>),
        ))
        .execute(c))?;
    Ok(())
}

/// Disconnects the group: the channel and its outbox go.
pub fn delete(conn: &mut DbConn, group_id: i64) -> Result<(), AppError> {
    Ok(write_transaction(conn, |conn| remove(conn, group_id))?)
}

/// The channel and its outbox deleted, inside the caller's transaction (a deleted owner's group
/// handed to its heir).
pub fn remove(conn: &mut DbConn, group_id: i64) -> Result<(), diesel::result::Error> {
    diesel::delete(channel_deliveries::table.filter(channel_deliveries::group_id.eq(group_id)))
        .execute(conn)?;
    diesel::delete(group_channels::table.find(group_id)).execute(conn)?;
    Ok(())
}

/// The enabled channels of the groups `user_id` belongs to.
pub fn enabled_channels_of_member(conn: &mut DbConn, user_id: i64) -> Result<Vec<i64>, AppError> {
    Ok(group_channels::table
        .inner_join(group_members::table.on(group_members::group_id.eq(group_channels::group_id)))
        .filter(group_members::user_id.eq(user_id))
        .filter(group_channels::disabled_at.is_null())
        .select(group_channels::group_id)
        .load(conn)?)
}

/// Every enabled channel: (group, connected at).
pub fn enabled_channels(conn: &mut DbConn) -> Result<Vec<(i64, i64)>, AppError> {
    Ok(group_channels::table
        .filter(group_channels::disabled_at.is_null())
        .select((group_channels::group_id, group_channels::connected_at))
        .load(conn)?)
}

/// The groups among `group_ids` that already have a message with this key.
pub fn having_key(conn: &mut DbConn, group_ids: &[i64], key: &str) -> Result<Vec<i64>, AppError> {
    Ok(channel_deliveries::table
        .filter(channel_deliveries::group_id.eq_any(group_ids))
        .filter(channel_deliveries::dedupe_key.eq(key))
        .select(channel_deliveries::group_id)
        .load(conn)?)
}

/// Queues a message unless the group already has one with this key (whichever instance queued
/// it): true when this call queued it. `status` is [`PENDING`], or [`SKIPPED`] to keep a key
/// without sending anything.
pub fn enqueue(
    conn: &mut DbConn,
    group_id: i64,
    key: &str,
    message: &str,
    status: &str,
    now_ms: i64,
) -> Result<bool, AppError> {
    let finished = (status != PENDING).then_some(now_ms);
    let row = (
        channel_deliveries::group_id.eq(group_id),
        channel_deliveries::dedupe_key.eq(key),
        channel_deliveries::message.eq(message),
        channel_deliveries::status.eq(status),
        channel_deliveries::next_attempt_at.eq(now_ms),
        channel_deliveries::created_at.eq(now_ms),
        channel_deliveries::finished_at.eq(finished),
    );
    // The unique (group, key) index decides between instances; a channel deleted meanwhile
    // (a foreign key failure) queues nothing either.
    let inserted = match conn {
        DbConn::Sqlite(c) => {
            diesel::insert_into(channel_deliveries::table).values(&row).on_conflict_do_nothing().execute(c)
        }
        DbConn::Pg(c) => {
            diesel::insert_into(channel_deliveries::table).values(&row).on_conflict_do_nothing().execute(c)
        }
    };
    match inserted {
        Ok(n) => Ok(n == 1),
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::ForeignKeyViolation,
            _,
        )) => Ok(false),
        Err(err) => Err(err.into()),
    }
}

/// A message an instance took to send.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    pub group_id: i64,
    pub message: String,
    pub url: String,
    pub kind: String,
}

/// Takes up to `limit` due messages of enabled channels, at most one per group (a group's
/// messages go out in order, one at a time), and holds them until `lease_until` so no other
/// instance sends them meanwhile. PostgreSQL: `FOR UPDATE SKIP LOCKED` (instances claiming at
/// once take different rows); SQLite: the write transaction is the single writer.
pub fn claim_due(
    conn: &mut DbConn,
    now_ms: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<Claimed>, AppError> {
    // Most rounds find nothing due: a plain read first, so they take no lock (SQLite's write
    // lock is the submission writer's too).
    let any_due: i64 = channel_deliveries::table
        .filter(channel_deliveries::status.eq(PENDING))
        .filter(channel_deliveries::next_attempt_at.le(now_ms))
        .filter(channel_deliveries::claimed_until.le(now_ms))
        .count()
        .get_result(conn)?;
    if any_due == 0 {
        return Ok(Vec::new());
    }
    write_transaction(conn, |conn| {
        let enabled = group_channels::table
            .filter(group_channels::disabled_at.is_null())
            .select(group_channels::group_id);
        let due = channel_deliveries::table
            .filter(channel_deliveries::status.eq(PENDING))
            .filter(channel_deliveries::next_attempt_at.le(now_ms))
            .filter(channel_deliveries::claimed_until.le(now_ms))
            .filter(channel_deliveries::group_id.eq_any(enabled))
            .order((channel_deliveries::next_attempt_at, channel_deliveries::id))
            .limit(limit)
            .select((channel_deliveries::id, channel_deliveries::group_id));
        let rows: Vec<(i64, i64)> = match conn {
            DbConn::Pg(c) => due.for_update().skip_locked().load(c)?,
            DbConn::Sqlite(c) => due.load(c)?,
        };
        let mut groups = std::collections::HashSet::new();
        let ids: Vec<i64> =
            rows.into_iter().filter(|(_, group)| groups.insert(*group)).map(|(id, _)| id).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        diesel::update(channel_deliveries::table.filter(channel_deliveries::id.eq_any(&ids)))
            .set((
                channel_deliveries::claimed_until.eq(lease_until),
                channel_deliveries::attempts.eq(channel_deliveries::attempts + 1_i64),
            ))
            .execute(conn)?;
        let claimed = channel_deliveries::table
            .inner_join(group_channels::table)
            .filter(channel_deliveries::id.eq_any(&ids))
            .order(channel_deliveries::id)
            .select((
                channel_deliveries::id,
                channel_deliveries::group_id,
                channel_deliveries::message,
                group_channels::url,
                group_channels::kind,
            ))
            .load::<(i64, i64, String, String, String)>(conn)?;
        Ok(claimed
            .into_iter()
            .map(|(id, group_id, message, url, kind)| Claimed { id, group_id, message, url, kind })
            .collect())
    })
}

/// The channel accepted the message.
pub fn delivered(conn: &mut DbConn, claimed: &Claimed, now_ms: i64) -> Result<(), AppError> {
    write_transaction(conn, |conn| {
        diesel::update(channel_deliveries::table.find(claimed.id))
            .set((
                channel_deliveries::status.eq(SENT),
                channel_deliveries::finished_at.eq(Some(now_ms)),
                channel_deliveries::claimed_until.eq(0_i64),
            ))
            .execute(conn)?;
        diesel::update(group_channels::table.find(claimed.group_id))
            .set((
                group_channels::failures.eq(0_i64),
                group_channels::last_delivery_at.eq(Some(now_ms)),
                group_channels::last_error.eq(None::<String>),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// What became of a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFailure {
    /// Retried from this instant (the group's every waiting message waits as long).
    RetryAt(i64),
    /// The channel is disabled and its waiting messages dropped.
    Disabled,
}

/// The channel refused the message or could not be reached: one more failure in a row. Below
/// `max_failures` the group's waiting messages wait `retry_base_ms` doubled per earlier failure
/// (at most an hour); at it, the channel is disabled with `reason`.
pub fn failed(
    conn: &mut DbConn,
    claimed: &Claimed,
    reason: &str,
    now_ms: i64,
    max_failures: i64,
    retry_base_ms: i64,
) -> Result<AfterFailure, AppError> {
    write_transaction(conn, |conn| {
        diesel::update(group_channels::table.find(claimed.group_id))
            .set((
                group_channels::failures.eq(group_channels::failures + 1_i64),
                group_channels::last_error.eq(reason),
            ))
            .execute(conn)?;
        // A channel deleted meanwhile has nothing left to retry.
        let failures: i64 = group_channels::table
            .find(claimed.group_id)
            .select(group_channels::failures)
            .first(conn)
            .optional()?
            .unwrap_or(max_failures);
        let waiting = channel_deliveries::table
            .filter(channel_deliveries::group_id.eq(claimed.group_id))
            .filter(channel_deliveries::status.eq(PENDING));
        if failures >= max_failures {
            diesel::update(group_channels::table.find(claimed.group_id))
                .set((
                    group_channels::disabled_at.eq(Some(now_ms)),
                    group_channels::disabled_reason.eq(reason),
                ))
                .execute(conn)?;
            diesel::update(waiting)
                .set((
                    channel_deliveries::status.eq(DROPPED),
                    channel_deliveries::finished_at.eq(Some(now_ms)),
                    channel_deliveries::claimed_until.eq(0_i64),
                ))
                .execute(conn)?;
            return Ok(AfterFailure::Disabled);
        }
        let exponent = u32::try_from(failures - 1).unwrap_or(0).min(20);
        let wait = retry_base_ms.saturating_mul(1_i64 << exponent).min(3_600_000);
        let retry_at = now_ms + wait;
        diesel::update(waiting.filter(channel_deliveries::next_attempt_at.lt(retry_at)))
            .set(channel_deliveries::next_attempt_at.eq(retry_at))
            .execute(conn)?;
        diesel::update(channel_deliveries::table.find(claimed.id))
            .set(channel_deliveries::claimed_until.eq(0_i64))
            .execute(conn)?;
        Ok(AfterFailure::RetryAt(retry_at))
    })
}

/// Records the outcome of a test message (it is not in the outbox): a delivery resets the
/// failures and shows as the last delivery; a failure is only shown.
pub fn record_test(
    conn: &mut DbConn,
    group_id: i64,
    error: Option<&str>,
    now_ms: i64,
) -> Result<(), AppError> {
    let target = group_channels::table.find(group_id);
    match error {
        None => diesel::update(target)
            .set((
                group_channels::failures.eq(0_i64),
                group_channels::last_delivery_at.eq(Some(now_ms)),
                group_channels::last_error.eq(None::<String>),
            ))
            .execute(conn)?,
        Some(error) => diesel::update(target).set(group_channels::last_error.eq(error)).execute(conn)?,
    };
    Ok(())
}

/// Deletes finished messages older than `before` (their keys no longer matter: a day's result
/// and board keys are only ever queued within two days).
pub fn prune(conn: &mut DbConn, before: i64) -> Result<usize, AppError> {
    Ok(diesel::delete(
        channel_deliveries::table
            .filter(channel_deliveries::status.ne(PENDING))
            .filter(channel_deliveries::finished_at.lt(before)),
    )
    .execute(conn)?)
}
