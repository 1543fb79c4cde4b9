//! Streak rows, as every writer of results keeps them: locked in userKey order (the writer's
//! batches, claims and accepted disputes take them in the same order, so none deadlocks
//! another), and rebuilt from a userKey's stored daily results with the shared rule when
//! results change owner (a claim) or grade (an accepted dispute).

use std::collections::{BTreeSet, HashMap};

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use game_core::calendar::{format_date, parse_date};
use game_core::streak::Streak;

use crate::db::DbConn;
use crate::schema::{streaks, submissions};

type StreakRow = (String, String, i32, i32);

/// The streak rows of these userKeys. SQLite's immediate transaction already excludes every
/// other writer, so a plain read does. PostgreSQL creates the missing rows and locks all of them
/// in userKey order with a no-op upsert that returns their current values.
pub fn lock(conn: &mut DbConn, user_keys: &BTreeSet<&str>) -> Result<HashMap<String, Streak>, DieselError> {
    let rows: Vec<StreakRow> = match conn {
        DbConn::Sqlite(c) => streaks::table
            .filter(streaks::user_key.eq_any(user_keys))
            .select((streaks::user_key, streaks::last_played, streaks::played_streak, streaks::won_streak))
            .load(c)?,
        DbConn::Pg(c) => {
            let blanks: Vec<_> = user_keys
                .iter()
                .map(|k| {
                    (
                        streaks::user_key.eq(*k),
                        streaks::last_played.eq(""),
                        streaks::played_streak.eq(0),
                        streaks::won_streak.eq(0),
                    )
                })
                .collect();
            diesel::insert_into(streaks::table)
                .values(&blanks)
                .on_conflict(streaks::user_key)
                .do_update()
                .set(streaks::last_played.eq(streaks::last_played))
                .returning((
                    streaks::user_key,
                    streaks::last_played,
                    streaks::played_streak,
                    streaks::won_streak,
                ))
                .get_results(c)?
        }
    };
    Ok(rows
        .into_iter()
        .map(|(user_key, last, played, won)| {
            (user_key, Streak { last_played: parse_date(&last), played, won })
        })
        .collect())
}

/// The streak of a userKey replayed from its daily play in date order (the shared rule, as
/// the recount does); `None` without a daily result.
pub fn recount(conn: &mut DbConn, user_key: &str) -> Result<Option<Streak>, DieselError> {
    Ok(recount_before(conn, &[user_key], None)?.remove(user_key))
}

/// The streaks of these userKeys as they stood before `day` (`None`: every day), each replayed
/// from its daily results of earlier days, in one query; a key without such a result is absent.
/// A group's tables show these while today's board is locked to the viewer.
pub fn recount_before(
    conn: &mut DbConn,
    user_keys: &[&str],
    day: Option<NaiveDate>,
) -> Result<HashMap<String, Streak>, DieselError> {
    if user_keys.is_empty() {
        return Ok(HashMap::new());
    }
    // The day each result was played as daily play, as stored when it was submitted; never the
    // game's daily date (a community game played before it was made some day's daily, or a
    // daily game played later as an archive game, is no daily play).
    let mut query = submissions::table
        .filter(submissions::user_key.eq_any(user_keys))
        .filter(submissions::daily_day.is_not_null())
        .select((submissions::user_key, submissions::daily_day.assume_not_null(), submissions::won))
        .into_boxed();
    if let Some(day) = day {
        query = query.filter(submissions::daily_day.lt(format_date(day)));
    }
    let rows: Vec<(String, String, i32)> = query.load(conn)?;
    let mut plays: Vec<(String, NaiveDate, bool)> =
        rows.into_iter().filter_map(|(key, day, won)| Some((key, parse_date(&day)?, won != 0))).collect();
    plays.sort();
    let mut streaks: HashMap<String, Streak> = HashMap::new();
    for (key, day, won) in plays {
        let streak = streaks.entry(key).or_default();
        *streak = streak.after(day, won);
    }
    Ok(streaks)
}

/// Writes the recounted streak of a (locked) userKey, or deletes its row when it has no daily
/// result left. An update, else an insert: portable, the row being locked or absent.
pub fn rebuild(conn: &mut DbConn, user_key: &str) -> Result<(), DieselError> {
    let Some(streak) = recount(conn, user_key)? else {
        diesel::delete(streaks::table.find(user_key)).execute(conn)?;
        return Ok(());
    };
    let last_played = streak.last_played.map(format_date).unwrap_or_default();
    let values = (
        streaks::last_played.eq(&last_played),
        streaks::played_streak.eq(streak.played),
        streaks::won_streak.eq(streak.won),
    );
    if diesel::update(streaks::table.find(user_key)).set(values).execute(conn)? == 0 {
        diesel::insert_into(streaks::table).values((streaks::user_key.eq(user_key), values)).execute(conn)?;
    }
    Ok(())
}
