//! Storage of reminders: the players' choices, their browsers' push subscriptions, the server's
//! keys, and the claim of due reminders every instance's scheduler makes.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use game_core::calendar::format_date;
use game_core::streak::Streak;

use super::schedule::{local_date, next_after, parse_zone};
use crate::platform::db::{self, DbConn};
use crate::platform::schema::{push_subscriptions, reminders, server_keys, streaks, submissions, users};

/// Browsers one player may have subscribed; a new one beyond it replaces the oldest.
pub const MAX_SUBSCRIPTIONS: i64 = 10;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = reminders)]
#[diesel(treat_none_as_null = true)]
pub struct ReminderRow {
    pub player_key: String,
    pub user_id: Option<i64>,
    pub push: bool,
    pub email: bool,
    pub local_minute: i32,
    pub time_zone: String,
    pub only_streak: bool,
    pub next_due_at: Option<i64>,
    pub last_day: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = push_subscriptions)]
pub struct SubscriptionRow {
    pub endpoint: String,
    pub player_key: String,
    pub p256dh: String,
    pub auth: String,
    pub created_at: i64,
}

pub fn find(conn: &mut DbConn, player_key: &str) -> Result<Option<ReminderRow>, DieselError> {
    reminders::table.find(player_key).select(ReminderRow::as_select()).first(conn).optional()
}

pub fn count_subscriptions(conn: &mut DbConn, player_key: &str) -> Result<i64, DieselError> {
    push_subscriptions::table.filter(push_subscriptions::player_key.eq(player_key)).count().get_result(conn)
}

/// Stores the player's choices (one row per player), keeping the day last handled so that a
/// changed time never brings a second reminder the same day.
pub fn save(conn: &mut DbConn, row: &ReminderRow) -> Result<(), DieselError> {
    db::write_transaction(conn, |conn| {
        let existing = find(conn, &row.player_key)?;
        match existing {
            Some(old) => {
                let row = ReminderRow { created_at: old.created_at, last_day: old.last_day, ..row.clone() };
                diesel::update(reminders::table.find(&row.player_key)).set(&row).execute(conn)?;
            }
            None => match conn {
                // A concurrent first save of the same player: the later one wins, as an update.
                DbConn::Pg(c) => {
                    diesel::insert_into(reminders::table)
                        .values(row)
                        .on_conflict(reminders::player_key)
                        .do_update()
                        .set(row)
                        .execute(c)?;
                }
                DbConn::Sqlite(c) => {
                    diesel::insert_into(reminders::table).values(row).execute(c)?;
                }
            },
        }
        Ok(())
    })
}

/// Stores a browser's subscription for the player (an endpoint seen before moves to this
/// player, with its new keys); beyond [`MAX_SUBSCRIPTIONS`] the oldest go. An upsert: two
/// first saves of one endpoint at once both succeed.
pub fn subscribe(conn: &mut DbConn, row: &SubscriptionRow) -> Result<(), DieselError> {
    db::write_transaction(conn, |conn| {
        db::on_inner!(conn, |c| diesel::insert_into(push_subscriptions::table)
            .values(row)
            .on_conflict(push_subscriptions::endpoint)
            .do_update()
            .set(row)
            .execute(c))?;
        let extra: Vec<String> = push_subscriptions::table
            .filter(push_subscriptions::player_key.eq(&row.player_key))
            .order((push_subscriptions::created_at.desc(), push_subscriptions::endpoint.desc()))
            .offset(MAX_SUBSCRIPTIONS)
            .limit(1000)
            .select(push_subscriptions::endpoint)
            .load(conn)?;
        if !extra.is_empty() {
            diesel::delete(push_subscriptions::table.filter(push_subscriptions::endpoint.eq_any(&extra)))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Forgets one of the player's subscriptions; whether there was one.
pub fn unsubscribe(conn: &mut DbConn, player_key: &str, endpoint: &str) -> Result<bool, DieselError> {
    let n = diesel::delete(
        push_subscriptions::table
            .filter(push_subscriptions::endpoint.eq(endpoint))
            .filter(push_subscriptions::player_key.eq(player_key)),
    )
    .execute(conn)?;
    Ok(n > 0)
}

/// A subscription its push service called gone (404 or 410).
pub fn remove_endpoint(conn: &mut DbConn, endpoint: &str) -> Result<(), DieselError> {
    diesel::delete(push_subscriptions::table.find(endpoint)).execute(conn).map(drop)
}

pub fn subscriptions_of(conn: &mut DbConn, player_key: &str) -> Result<Vec<SubscriptionRow>, DieselError> {
    push_subscriptions::table
        .filter(push_subscriptions::player_key.eq(player_key))
        .order(push_subscriptions::created_at)
        .select(SubscriptionRow::as_select())
        .load(conn)
}

/// Turns the account's e-mail reminders off (the one-click unsubscribe); whether they were on.
pub fn stop_email(conn: &mut DbConn, user_id: i64, now_ms: i64) -> Result<bool, DieselError> {
    db::write_transaction(conn, |conn| {
        let row: Option<ReminderRow> = reminders::table
            .filter(reminders::user_id.eq(user_id))
            .select(ReminderRow::as_select())
            .first(conn)
            .optional()?;
        let Some(row) = row.filter(|r| r.email) else { return Ok(false) };
        let next_due_at = if row.push { row.next_due_at } else { None };
        diesel::update(reminders::table.find(&row.player_key))
            .set((
                reminders::email.eq(false),
                reminders::next_due_at.eq(next_due_at),
                reminders::updated_at.eq(now_ms),
            ))
            .execute(conn)?;
        Ok(true)
    })
}

/// The value kept under `name`, creating it with `make` on first use. Every instance reads the
/// same value: a racing creator's insert fails on the key and the stored value is read.
pub fn server_key(
    conn: &mut DbConn,
    name: &str,
    now_ms: i64,
    make: impl Fn() -> String,
) -> Result<String, DieselError> {
    let read = |conn: &mut DbConn| {
        server_keys::table.find(name).select(server_keys::value).first::<String>(conn).optional()
    };
    if let Some(value) = read(conn)? {
        return Ok(value);
    }
    let inserted = diesel::insert_into(server_keys::table)
        .values((
            server_keys::name.eq(name),
            server_keys::value.eq(make()),
            server_keys::created_at.eq(now_ms),
        ))
        .execute(conn);
    match inserted {
        Ok(_) | Err(DieselError::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)) => {}
        Err(other) => return Err(other),
    }
    read(conn)?.ok_or(DieselError::NotFound)
}

/// A reminder claimed for sending: the scheduler sends it after the claim has committed.
#[derive(Debug, Clone)]
pub struct Due {
    pub player_key: String,
    /// The player's local date it is for.
    pub day: NaiveDate,
    pub time_zone: String,
    pub push: bool,
    /// The account's address, when e-mail reminders are on and the account is live.
    pub email: Option<(i64, String)>,
    /// The streak today's game would keep (0 for none).
    pub streak: i32,
    /// What the reminder is written in: the account's language, else English (a guest's
    /// reminder, or an account that chose none; no request to read a browser's languages from).
    pub locale: crate::platform::i18n::Locale,
}

/// What one claim did, for the log and the tests.
#[derive(Debug, Default, Clone)]
pub struct Claimed {
    pub due: Vec<Due>,
    /// Rows looked at (due or past due).
    pub rows: usize,
    /// Due today but not sent: today's game is played, or no streak is at risk.
    pub skipped: usize,
    /// Due on a day that is over in the player's zone (every instance was down): rescheduled.
    pub missed: usize,
}

/// Claims up to `batch` due reminders, in one transaction: each row's next instant moves on
/// and its local day is recorded as handled before the transaction commits, so however many
/// instances claim at once, each (player, local day) is handed out once. PostgreSQL skips rows
/// another instance holds (`FOR UPDATE SKIP LOCKED`); SQLite has a single writer. A reminder is
/// sent only if it is still its day in the player's zone; not when today's game (New York's
/// day, the one the link opens) is played, nor, for "streak at risk", without a streak.
pub fn claim_due(conn: &mut DbConn, now: DateTime<Utc>, batch: i64) -> Result<Claimed, DieselError> {
    let now_ms = now.timestamp_millis();
    let game_day = game_core::calendar::today(now);
    db::write_transaction(conn, |conn| {
        // Built per backend: the selection's type names the backend.
        macro_rules! due {
            () => {
                reminders::table
                    .filter(reminders::next_due_at.le(now_ms))
                    .order((reminders::next_due_at, reminders::player_key))
                    .limit(batch)
                    .select(ReminderRow::as_select())
            };
        }
        let rows: Vec<ReminderRow> = match conn {
            DbConn::Pg(c) => due!().for_update().skip_locked().load(c)?,
            DbConn::Sqlite(c) => due!().load(c)?,
        };
        let mut claimed = Claimed { rows: rows.len(), ..Claimed::default() };
        for row in rows {
            let Some(zone) = parse_zone(&row.time_zone) else {
                // Only valid zones are stored; one a newer tz database dropped stops here.
                diesel::update(reminders::table.find(&row.player_key))
                    .set(reminders::next_due_at.eq(None::<i64>))
                    .execute(conn)?;
                continue;
            };
            let due_at = DateTime::from_timestamp_millis(row.next_due_at.unwrap_or(now_ms)).unwrap_or(now);
            let day = local_date(due_at, zone);
            let still_its_day = day == local_date(now, zone);
            let first_today = row.last_day != format_date(day);
            let next = next_after(now, row.local_minute, zone).timestamp_millis();
            let handled = still_its_day && first_today;
            let last_day = if handled { format_date(day) } else { row.last_day.clone() };
            diesel::update(reminders::table.find(&row.player_key))
                .set((reminders::next_due_at.eq(Some(next)), reminders::last_day.eq(&last_day)))
                .execute(conn)?;
            if !handled {
                claimed.missed += usize::from(!still_its_day);
                continue;
            }
            let played: i64 = submissions::table
                .filter(submissions::user_key.eq(&row.player_key))
                .filter(submissions::daily_day.eq(format_date(game_day)))
                .count()
                .get_result(conn)?;
            let streak = current_streak(conn, &row.player_key, game_day)?;
            if played > 0 || (row.only_streak && streak == 0) {
                claimed.skipped += 1;
                continue;
            }
            let account: Option<(String, Option<String>)> = match row.user_id {
                Some(user_id) => users::table
                    .find(user_id)
                    .filter(users::deleted_at.is_null())
                    .select((users::email, users::locale))
                    .first(conn)
                    .optional()?,
                None => None,
            };
            let locale = account.as_ref().and_then(|(_, l)| crate::platform::i18n::stored(l.as_deref()));
            let email = match (row.email, row.user_id, account) {
                (true, Some(user_id), Some((email, _))) if !email.is_empty() => Some((user_id, email)),
                _ => None,
            };
            claimed.due.push(Due {
                player_key: row.player_key,
                day,
                time_zone: row.time_zone,
                push: row.push,
                email,
                streak,
                locale: locale.unwrap_or(crate::platform::i18n::Locale::En),
            });
        }
        Ok(claimed)
    })
}

/// The played streak the player keeps by playing `game_day` (0 when it lapsed or never was).
fn current_streak(conn: &mut DbConn, player_key: &str, game_day: NaiveDate) -> Result<i32, DieselError> {
    let row: Option<(String, i32, i32)> = streaks::table
        .find(player_key)
        .select((streaks::last_played, streaks::played_streak, streaks::won_streak))
        .first(conn)
        .optional()?;
    let Some((last, played, won)) = row else { return Ok(0) };
    let streak = Streak { last_played: game_core::calendar::parse_date(&last), played, won };
    Ok(streak.current(game_day).0)
}
