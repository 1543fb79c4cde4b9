//! Streak rows, as every writer of results keeps them: locked in userKey order (the writer's
//! batches, claims and accepted disputes take them in the same order, so none deadlocks
//! another), and rebuilt from a userKey's stored daily results with the shared rule when
//! results change owner (a claim) or grade (an accepted dispute). Each row also keeps what a
//! group's boards read of the player, so that no board sums a year of results: the all-time
//! totals of replayed daily play, and the streak as it stood before its last day.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::upsert::excluded;
use game_core::calendar::{format_date, parse_date};
use game_core::streak::Streak;

use diesel::dsl::sql;
use diesel::sql_types::Integer;

use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{games, streaks, submissions};

/// Between a userKey and an edition in a streak row's key: a control character, which no userKey
/// holds (`submissions::clean_user_key`), so a key reads back unambiguously.
const EDITION_SEPARATOR: char = '\u{1f}';

/// The streak row of a userKey in a daily edition (its games' language). English rows are keyed
/// by the userKey alone, as before editions existed, so every English streak carries on; the
/// other editions' by the userKey, U+001F and the edition's tag. Each edition has its own
/// streak: a Spanish one is not broken by not playing English.
pub fn key(user_key: &str, language: &str) -> String {
    if language == crate::domains::games::editions::ENGLISH.tag() {
        user_key.to_string()
    } else {
        format!("{user_key}{EDITION_SEPARATOR}{language}")
    }
}

/// The userKey and the edition of a streak row's key.
pub fn split_key(key: &str) -> (&str, &str) {
    key.split_once(EDITION_SEPARATOR).unwrap_or((key, crate::domains::games::editions::ENGLISH.tag()))
}

/// Every streak row key these userKeys have or may need after their results moved or changed:
/// English's, and one per other edition they have daily results in or a row of.
pub fn edition_keys(conn: &mut DbConn, user_keys: &BTreeSet<&str>) -> Result<BTreeSet<String>, DieselError> {
    let played: Vec<String> = submissions::table
        .inner_join(games::table)
        .filter(submissions::user_key.eq_any(user_keys))
        .filter(submissions::daily_day.is_not_null())
        .select(games::language)
        .distinct()
        .load(conn)?;
    let mut languages: BTreeSet<String> = played.into_iter().collect();
    for user_key in user_keys {
        let prefix = format!("{user_key}{EDITION_SEPARATOR}");
        // LIKE, not a range: PostgreSQL's collation may ignore the control character.
        let rows: Vec<String> = streaks::table
            .filter(streaks::user_key.like(prefix_pattern(&prefix)).escape('\\'))
            .select(streaks::user_key)
            .load(conn)?;
        languages.extend(rows.iter().filter_map(|k| k.strip_prefix(&prefix)).map(str::to_string));
    }
    languages.insert(crate::domains::games::editions::ENGLISH.tag().to_string());
    Ok(user_keys.iter().flat_map(|u| languages.iter().map(move |l| key(u, l))).collect())
}

type StoredRow = (String, (String, i32, i32), (String, String, i32, i32), (i32, i32, i64, i32));

/// A streak row as stored: the streak, the streak before the day in `prior_of`, and the totals
/// with whether they hold (a row that is absent, new or from before the totals existed is
/// recounted rather than added to).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Row {
    pub streak: Streak,
    /// The streak before the day in `prior_of` (see [`Recount::prior`]), kept as stored.
    pub prior: Streak,
    pub prior_of: Option<NaiveDate>,
    pub totals: Totals,
    pub counted: bool,
}

impl Row {
    /// The streak before its last day played; `None` when the row does not know it (an older
    /// release moved the streak on without keeping it).
    pub fn prior_of_last_day(&self) -> Option<Streak> {
        (self.streak.last_played.is_some() && self.prior_of == self.streak.last_played).then_some(self.prior)
    }

    /// Every day's replayed daily play; `None` until the row is counted.
    pub fn counted_totals(&self) -> Option<Totals> {
        self.counted.then_some(self.totals)
    }

    fn from_stored((user_key, (last, played, won), prior, totals): StoredRow) -> (String, Row) {
        let (prior_of, prior_last, prior_played, prior_won) = prior;
        let (daily_played, daily_won, daily_score, version) = totals;
        let row = Row {
            streak: Streak { last_played: parse_date(&last), played, won },
            prior: Streak { last_played: parse_date(&prior_last), played: prior_played, won: prior_won },
            prior_of: parse_date(&prior_of),
            totals: Totals {
                played: i64::from(daily_played),
                won: i64::from(daily_won),
                score_sum: daily_score,
            },
            counted: version == TOTALS_VERSION,
        };
        (user_key, row)
    }
}

/// Every column of a streak row, in [`StoredRow`]'s shape.
macro_rules! stored_columns {
    () => {
        (
            streaks::user_key,
            (streaks::last_played, streaks::played_streak, streaks::won_streak),
            (
                streaks::prior_of,
                streaks::prior_last_played,
                streaks::prior_played_streak,
                streaks::prior_won_streak,
            ),
            (streaks::daily_played, streaks::daily_won, streaks::daily_score, streaks::totals_version),
        )
    };
}

/// These userKeys' streak rows, read without a lock (a key without a daily result has none).
pub fn read(conn: &mut DbConn, user_keys: &[String]) -> Result<HashMap<String, Row>, DieselError> {
    let rows: Vec<StoredRow> =
        streaks::table.filter(streaks::user_key.eq_any(user_keys)).select(stored_columns!()).load(conn)?;
    Ok(rows.into_iter().map(Row::from_stored).collect())
}

/// These userKeys' streak rows in one daily edition, by userKey (see [`key`]).
pub fn read_edition(
    conn: &mut DbConn,
    user_keys: &[String],
    language: &str,
) -> Result<HashMap<String, Row>, DieselError> {
    let keys: Vec<String> = user_keys.iter().map(|u| key(u, language)).collect();
    let rows = read(conn, &keys)?;
    Ok(rows.into_iter().map(|(k, row)| (split_key(&k).0.to_string(), row)).collect())
}

/// The streak rows of these userKeys. SQLite's immediate transaction already excludes every
/// other writer, so a plain read does. PostgreSQL creates the missing rows and locks all of them
/// in userKey order with a no-op upsert that returns their current values.
pub fn lock(conn: &mut DbConn, user_keys: &BTreeSet<&str>) -> Result<HashMap<String, Row>, DieselError> {
    let rows: Vec<StoredRow> = match conn {
        DbConn::Sqlite(c) => {
            streaks::table.filter(streaks::user_key.eq_any(user_keys)).select(stored_columns!()).load(c)?
        }
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
                .returning(stored_columns!())
                .get_results(c)?
        }
    };
    Ok(rows.into_iter().map(Row::from_stored).collect())
}

/// A player's replayed daily play summed over every day (the all-time table's figures).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub played: i64,
    pub won: i64,
    pub score_sum: i64,
}

impl Totals {
    /// What one result adds: only a replayed log counts (the rows a board shows).
    pub fn of(replayed: bool, won: bool, score: i64) -> Totals {
        if !replayed {
            return Totals::default();
        }
        Totals { played: 1, won: i64::from(won), score_sum: score }
    }

    pub fn plus(self, other: Totals) -> Totals {
        Totals {
            played: self.played + other.played,
            won: self.won + other.won,
            score_sum: self.score_sum + other.score_sum,
        }
    }

    pub fn minus(self, other: Totals) -> Totals {
        Totals {
            played: self.played - other.played,
            won: self.won - other.won,
            score_sum: self.score_sum - other.score_sum,
        }
    }
}

/// The `totals_version` of a streak row whose totals hold.
pub const TOTALS_VERSION: i32 = 1;
/// Streak rows recounted per write transaction at start-up.
const RECOUNT_BATCH: i64 = 200;

/// Everything a streak row holds, as recounted from a userKey's daily results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Recount {
    pub streak: Streak,
    /// The streak before its last day played, which a locked board shows.
    pub prior: Streak,
    pub totals: Totals,
}

/// A LIKE pattern for the strings that start with `prefix` (escaped with `\`).
fn prefix_pattern(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// One daily result as a recount takes it: its day, whether it was won, whether its log was
/// replayed, its score.
type DailyPlay = (NaiveDate, bool, bool, i64);

/// Recounts a streak row (see [`key`]) from its userKey's daily results in its edition, in date
/// order (the shared rule, as the writer applies them day by day); `None` without a daily result.
pub fn recount(conn: &mut DbConn, key: &str) -> Result<Option<Recount>, DieselError> {
    Ok(recount_all(conn, &BTreeSet::from([key]))?.remove(key))
}

/// [`recount`] for many streak rows at once, in two statements whatever their number: their
/// userKeys' daily results, then those games' editions. A key without a daily result is absent.
pub fn recount_all(
    conn: &mut DbConn,
    keys: &BTreeSet<&str>,
) -> Result<HashMap<String, Recount>, DieselError> {
    if keys.is_empty() {
        return Ok(HashMap::new());
    }
    let user_keys: BTreeSet<&str> = keys.iter().map(|k| split_key(k).0).collect();
    let rows = daily_results_with_editions(conn, &user_keys)?;
    let mut plays: HashMap<String, Vec<DailyPlay>> = HashMap::new();
    for (user_key, language, day, won, wrong, score) in rows {
        let Some(day) = parse_date(&day) else { continue };
        let row_key = key(&user_key, &language);
        if keys.contains(row_key.as_str()) {
            plays.entry(row_key).or_default().push((day, won != 0, wrong.is_some(), i64::from(score)));
        }
    }
    Ok(plays.into_iter().map(|(key, plays)| (key, recount_plays(plays))).collect())
}

/// A daily result as a recount reads it: userKey, its game's edition, day, won, wrong, score.
type DailyRow = (String, String, String, i32, Option<i32>, i32);

/// These userKeys' daily results with their games' editions: one join on PostgreSQL; on SQLite
/// two reads, as its planner would start the join from the games of an edition (the index on
/// their language and date) and probe every one of them for every userKey.
fn daily_results_with_editions(
    conn: &mut DbConn,
    user_keys: &BTreeSet<&str>,
) -> Result<Vec<DailyRow>, DieselError> {
    let daily = submissions::user_key.eq_any(user_keys).and(submissions::daily_day.is_not_null());
    if let DbConn::Pg(c) = conn {
        return submissions::table
            .inner_join(games::table)
            .filter(daily)
            .select((
                submissions::user_key,
                games::language,
                submissions::daily_day.assume_not_null(),
                submissions::won,
                submissions::wrong,
                submissions::score,
            ))
            .load(c);
    }
    let rows: Vec<(String, i64, String, i32, Option<i32>, i32)> = submissions::table
        .filter(daily)
        .select((
            submissions::user_key,
            submissions::game_id,
            submissions::daily_day.assume_not_null(),
            submissions::won,
            submissions::wrong,
            submissions::score,
        ))
        .load(conn)?;
    let game_ids: BTreeSet<i64> = rows.iter().map(|row| row.1).collect();
    let languages: HashMap<i64, String> = games::table
        .filter(games::id.eq_any(&game_ids))
        .select((games::id, games::language))
        .load(conn)?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|(user_key, game_id, day, won, wrong, score)| {
            Some((user_key, languages.get(&game_id)?.clone(), day, won, wrong, score))
        })
        .collect())
}

/// The shared rule over one row's daily results, in date order.
fn recount_plays(mut plays: Vec<DailyPlay>) -> Recount {
    plays.sort_unstable_by_key(|play| play.0);
    let mut recount = Recount::default();
    for (day, won, replayed, score) in plays {
        let next = recount.streak.after(day, won);
        if next.last_played != recount.streak.last_played {
            recount.prior = recount.streak;
        }
        recount.streak = next;
        recount.totals = recount.totals.plus(Totals::of(replayed, won, score));
    }
    recount
}

/// Writes the recounted row of a (locked) streak key, or deletes it when the key has no daily
/// result left.
pub fn rebuild(conn: &mut DbConn, key: &str) -> Result<(), DieselError> {
    rebuild_all(conn, &BTreeSet::from([key]))
}

/// [`rebuild`] for many (locked) streak keys: one recount ([`recount_all`]), one delete of the
/// keys left without a daily result, one upsert of the others.
pub fn rebuild_all(conn: &mut DbConn, keys: &BTreeSet<&str>) -> Result<(), DieselError> {
    if keys.is_empty() {
        return Ok(());
    }
    let recounts = recount_all(conn, keys)?;
    let gone: Vec<&str> = keys.iter().copied().filter(|k| !recounts.contains_key(*k)).collect();
    if !gone.is_empty() {
        diesel::delete(streaks::table.filter(streaks::user_key.eq_any(&gone))).execute(conn)?;
    }
    write_recounts(conn, &recounts.into_iter().collect())
}

/// One multi-row upsert of recounted rows, in key order (the order they are locked in); their
/// totals hold.
fn write_recounts(conn: &mut DbConn, recounts: &BTreeMap<String, Recount>) -> Result<(), DieselError> {
    if recounts.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = recounts
        .iter()
        .map(|(key, Recount { streak, prior, totals })| {
            (
                streaks::user_key.eq(key.as_str()),
                (
                    streaks::last_played.eq(day_text(streak.last_played)),
                    streaks::played_streak.eq(streak.played),
                    streaks::won_streak.eq(streak.won),
                ),
                (
                    streaks::prior_of.eq(day_text(streak.last_played)),
                    streaks::prior_last_played.eq(day_text(prior.last_played)),
                    streaks::prior_played_streak.eq(prior.played),
                    streaks::prior_won_streak.eq(prior.won),
                ),
                (
                    streaks::daily_played.eq(count(totals.played)),
                    streaks::daily_won.eq(count(totals.won)),
                    streaks::daily_score.eq(totals.score_sum),
                    streaks::totals_version.eq(TOTALS_VERSION),
                ),
            )
        })
        .collect();
    let upsert = |rows| {
        diesel::insert_into(streaks::table).values(rows).on_conflict(streaks::user_key).do_update().set((
            (
                streaks::last_played.eq(excluded(streaks::last_played)),
                streaks::played_streak.eq(excluded(streaks::played_streak)),
                streaks::won_streak.eq(excluded(streaks::won_streak)),
            ),
            (
                streaks::prior_of.eq(excluded(streaks::prior_of)),
                streaks::prior_last_played.eq(excluded(streaks::prior_last_played)),
                streaks::prior_played_streak.eq(excluded(streaks::prior_played_streak)),
                streaks::prior_won_streak.eq(excluded(streaks::prior_won_streak)),
            ),
            (
                streaks::daily_played.eq(excluded(streaks::daily_played)),
                streaks::daily_won.eq(excluded(streaks::daily_won)),
                streaks::daily_score.eq(excluded(streaks::daily_score)),
                streaks::totals_version.eq(excluded(streaks::totals_version)),
            ),
        ))
    };
    match conn {
        DbConn::Sqlite(c) => upsert(&rows).execute(c)?,
        DbConn::Pg(c) => upsert(&rows).execute(c)?,
    };
    Ok(())
}

/// A stored day as the streak columns keep it ('' for none).
pub fn day_text(day: Option<NaiveDate>) -> String {
    day.map(format_date).unwrap_or_default()
}

fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Marks these userKeys' rows to be recounted by [`recount_uncounted`] (their results changed
/// outside the writer: summarised by the start-up backfill).
pub fn mark_uncounted(conn: &mut DbConn, user_keys: &BTreeSet<&str>) -> Result<(), DieselError> {
    diesel::update(streaks::table.filter(streaks::user_key.eq_any(user_keys)))
        .set(streaks::totals_version.eq(0))
        .execute(conn)?;
    Ok(())
}

/// Recounts, at start, every row whose totals do not hold (from before the totals existed, or
/// whose results the backfill summarised), in short transactions; how many.
pub fn recount_uncounted(conn: &mut DbConn) -> Result<u64, AppError> {
    let mut done = 0;
    loop {
        let n = write_transaction(conn, |conn| {
            let keys: Vec<String> = streaks::table
                // A literal, as in the summary backfill: SQLite matches its partial index only
                // against a WHERE it can see when preparing the statement.
                .filter(streaks::totals_version.eq(sql::<Integer>("0")))
                .order(streaks::user_key.asc())
                .limit(RECOUNT_BATCH)
                .select(streaks::user_key)
                .load(conn)?;
            let keys: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
            lock(conn, &keys)?;
            rebuild_all(conn, &keys)?;
            Ok::<u64, AppError>(keys.len() as u64)
        })?;
        done += n;
        if n < RECOUNT_BATCH as u64 {
            if done > 0 {
                tracing::info!(players = done, "counted the daily totals of players an older release stored");
            }
            return Ok(done);
        }
    }
}
