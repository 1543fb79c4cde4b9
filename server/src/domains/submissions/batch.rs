//! One batch of results, written set-based: the number of statements does not grow with the
//! batch. Per batch: one multi-row insert that skips the (game, userKey) rows already stored
//! and returns the ones it stored; one read of the skipped rows (only when there are any), to
//! answer them as repeats or conflicts; for the streaks the lock and one upsert, plus, when rows
//! must be recounted (new players, rows an older release wrote), one read of their daily results
//! with their games' editions (two reads on SQLite) and one more upsert; last, per game the
//! updates of the aggregates with summed deltas, sent together in one round trip (on
//! PostgreSQL with the listing's `plays` and `hot`; SQLite reads `hot` first and updates them in
//! a second one). With the per-address cap on, two reads come first: the batch's stored rows and
//! its addresses' recent results.
//!
//! Results are decided in arrival order, so a batch behaves as if its results had been sent one
//! after another: a repeat of a key inside the batch is compared with the first result stored
//! for it, and the per-address cap counts the batch's own earlier results.
//!
//! Locks are taken in one order by every writer (PostgreSQL runs two per instance, and instances
//! share the database), so no two deadlock: new rows in (game, userKey) order, then streak rows
//! in userKey order, then per game (in id order) its `game_stats` row (which also guards that
//! game's item and score counters and its `games` row's listing numbers). The game's row, which
//! every batch of that game's results must take, comes last: it is held only for the last
//! round trip and the commit, so one writer's streak work overlaps another's commit.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use chrono::NaiveDate;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::upsert::excluded;
use game_core::calendar::format_date;
use game_core::results::score_bucket;

use super::record::{same_or_conflict, Job, Stored};
use super::streaks::{day_text, Row, Totals};
use super::summary::{Columns, SUMMARY_VERSION};
use crate::platform::db::on_inner;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{streaks, submissions};
use crate::platform::window::SlidingWindow;

const HOUR_MS: i64 = 3_600_000;

/// A (game id, userKey) pair: at most one stored result each.
type Key = (i64, String);

/// Why a batch failed as a whole: a database error (which the writer may retry) or another one.
#[derive(Debug)]
pub enum BatchError {
    Db(DieselError),
    App(AppError),
}

impl From<DieselError> for BatchError {
    fn from(err: DieselError) -> Self {
        BatchError::Db(err)
    }
}

impl From<AppError> for BatchError {
    fn from(err: AppError) -> Self {
        BatchError::App(err)
    }
}

impl From<BatchError> for AppError {
    fn from(err: BatchError) -> Self {
        match err {
            BatchError::Db(err) => err.into(),
            BatchError::App(err) => err,
        }
    }
}

/// Writes the batch (call inside one transaction); one answer per job, in the jobs' order.
pub fn write(conn: &mut DbConn, jobs: &[Job]) -> Result<Vec<Result<Stored, AppError>>, BatchError> {
    let mut stored = load_stored(conn, keys_to_read_first(jobs))?;
    let recent = load_recent_by_address(conn, jobs, &stored)?;
    let plan = plan(jobs, &stored, recent);
    let inserted = insert_new(conn, jobs, &plan.candidates)?;
    let skipped: HashSet<Key> =
        plan.candidates.iter().map(|&i| key_of(&jobs[i])).filter(|k| !inserted.contains(k)).collect();
    stored.extend(load_stored(conn, skipped)?);
    let winners: Vec<&Job> =
        plan.candidates.iter().map(|&i| &jobs[i]).filter(|job| inserted.contains(&key_of(job))).collect();
    for job in &winners {
        stored.insert(key_of(job), stored_of(job));
    }
    advance_streaks(conn, &winners)?;
    add_to_aggregates(conn, &winners)?;
    Ok(answer(jobs, plan.refused, &stored))
}

/// With the per-address cap on, repeats must be known before the cap is checked (a repeat is
/// answered whatever the cap); without it the insert finds them, and they are read after it.
fn keys_to_read_first(jobs: &[Job]) -> HashSet<Key> {
    if jobs.iter().all(|job| window_of(job).is_off()) {
        return HashSet::new();
    }
    jobs.iter().map(key_of).collect()
}

fn key_of(job: &Job) -> Key {
    (job.game_id, job.user_key.clone())
}

fn stored_of(job: &Job) -> Stored {
    Stored { score: job.result.score, answers: job.result.answers.clone() }
}

/// Every job's answer: its cap refusal, or the result stored for its key (its own, an identical
/// one, or a different one: 409).
fn answer(
    jobs: &[Job],
    mut refused: HashMap<usize, AppError>,
    stored: &HashMap<Key, Stored>,
) -> Vec<Result<Stored, AppError>> {
    jobs.iter()
        .enumerate()
        .map(|(i, job)| match refused.remove(&i) {
            Some(err) => Err(err),
            None => match stored.get(&key_of(job)) {
                Some(existing) => same_or_conflict(existing.clone(), job),
                None => Err(AppError::internal("a planned result was neither stored nor refused")),
            },
        })
        .collect()
}

/// The stored results among these keys, in one query.
fn load_stored(conn: &mut DbConn, keys: HashSet<Key>) -> Result<HashMap<Key, Stored>, BatchError> {
    if keys.is_empty() {
        return Ok(HashMap::new());
    }
    let games: BTreeSet<i64> = keys.iter().map(|(g, _)| *g).collect();
    let user_keys: BTreeSet<&str> = keys.iter().map(|(_, k)| k.as_str()).collect();
    let rows: Vec<(i64, String, i32, String)> = submissions::table
        .filter(submissions::game_id.eq_any(games))
        .filter(submissions::user_key.eq_any(user_keys))
        .select((submissions::game_id, submissions::user_key, submissions::score, submissions::answers))
        .load(conn)?;
    let mut stored = HashMap::new();
    for (game_id, user_key, score, answers) in rows {
        let key = (game_id, user_key);
        // Another game's row with one of these userKeys is not one of ours.
        if keys.contains(&key) {
            let answers = serde_json::from_str(&answers).map_err(AppError::internal)?;
            stored.insert(key, Stored { score: u32::try_from(score).unwrap_or(0), answers });
        }
    }
    Ok(stored)
}

/// When each address already submitted to each game within the cap's window, for the jobs that
/// would store a new row with the cap on. The cap keeps that at about `cap` rows per address
/// and game, so this read stays small.
fn load_recent_by_address(
    conn: &mut DbConn,
    jobs: &[Job],
    stored: &HashMap<Key, Stored>,
) -> Result<HashMap<(i64, String), Vec<i64>>, BatchError> {
    let capped: Vec<&Job> =
        jobs.iter().filter(|job| !window_of(job).is_off() && !stored.contains_key(&key_of(job))).collect();
    let Some(cutoff) = capped.iter().map(|job| window_of(job).cutoff(job.now_ms)).min() else {
        return Ok(HashMap::new());
    };
    let games: BTreeSet<i64> = capped.iter().map(|job| job.game_id).collect();
    let ips: BTreeSet<&str> = capped.iter().map(|job| job.ip.as_str()).collect();
    let rows: Vec<(i64, String, i64)> = submissions::table
        .filter(submissions::game_id.eq_any(games))
        .filter(submissions::ip.eq_any(ips))
        .filter(submissions::created_at.gt(cutoff))
        .select((submissions::game_id, submissions::ip, submissions::created_at))
        .load(conn)?;
    let mut recent: HashMap<(i64, String), Vec<i64>> = HashMap::new();
    for (game_id, ip, at) in rows {
        recent.entry((game_id, ip)).or_default().push(at);
    }
    Ok(recent)
}

fn window_of(job: &Job) -> SlidingWindow {
    SlidingWindow::new(job.cap_per_hour, HOUR_MS)
}

/// Which jobs try to store a new row, and which the per-address cap refuses.
#[derive(Debug, Default)]
struct Plan {
    /// Indexes of the jobs to insert, at most one per key: the first one the cap lets through.
    candidates: Vec<usize>,
    refused: HashMap<usize, AppError>,
}

/// Decides the jobs in arrival order, as if they came one after another: a key already stored
/// (or claimed by an earlier job of the batch) is a repeat; a new key passes the cap or not,
/// counting the batch's own earlier rows from that address.
fn plan(jobs: &[Job], stored: &HashMap<Key, Stored>, mut recent: HashMap<(i64, String), Vec<i64>>) -> Plan {
    let mut plan = Plan::default();
    let mut claimed: HashSet<Key> = HashSet::new();
    for (i, job) in jobs.iter().enumerate() {
        let key = key_of(job);
        if stored.contains_key(&key) || claimed.contains(&key) {
            continue;
        }
        let window = window_of(job);
        if !window.is_off() {
            let times = recent.entry((job.game_id, job.ip.clone())).or_default();
            if let Err(err) = window.check(deciding_time(window, times, job.now_ms), job.now_ms) {
                plan.refused.insert(i, err);
                continue;
            }
            times.push(job.now_ms);
        }
        claimed.insert(key);
        plan.candidates.push(i);
    }
    plan
}

/// The time of the window's deciding event (its limit-th newest inside the window), if any.
fn deciding_time(window: SlidingWindow, times: &[i64], now_ms: i64) -> Option<i64> {
    let cutoff = window.cutoff(now_ms);
    let mut counted: Vec<i64> = times.iter().copied().filter(|&at| at > cutoff).collect();
    counted.sort_unstable_by(|a, b| b.cmp(a));
    counted.get(usize::try_from(window.deciding_offset()).unwrap_or(usize::MAX)).copied()
}

#[derive(Insertable)]
#[diesel(table_name = submissions)]
#[diesel(treat_none_as_default_value = false)]
struct NewSubmission<'a> {
    game_id: i64,
    user_key: &'a str,
    score: i32,
    answers: String,
    actions: Option<&'a str>,
    ip: &'a str,
    created_at: i64,
    daily_day: Option<String>,
    found: i32,
    won: i32,
    wrong: Option<i32>,
    hints: Option<i32>,
    summary_version: i32,
}

/// One multi-row insert, in (game, userKey) order so that instances lock new keys in the same
/// order; rows already stored (before the batch, or meanwhile by another instance) are skipped.
/// Returns the keys it stored.
fn insert_new(conn: &mut DbConn, jobs: &[Job], candidates: &[usize]) -> Result<HashSet<Key>, BatchError> {
    if candidates.is_empty() {
        return Ok(HashSet::new());
    }
    let mut rows =
        candidates.iter().map(|&i| new_submission(&jobs[i])).collect::<Result<Vec<_>, AppError>>()?;
    rows.sort_unstable_by(|a, b| (a.game_id, a.user_key).cmp(&(b.game_id, b.user_key)));
    let inserted: Vec<(i64, String)> = on_inner!(conn, |c| diesel::insert_into(submissions::table)
        .values(&rows)
        .on_conflict((submissions::game_id, submissions::user_key))
        .do_nothing()
        .returning((submissions::game_id, submissions::user_key))
        .get_results(c)?);
    Ok(inserted.into_iter().collect())
}

fn new_submission(job: &Job) -> Result<NewSubmission<'_>, AppError> {
    let summary = Columns::of(&job.result.answers, job.result.replayed);
    Ok(NewSubmission {
        game_id: job.game_id,
        user_key: &job.user_key,
        score: i32::try_from(job.result.score).map_err(AppError::internal)?,
        answers: serde_json::to_string(&job.result.answers).map_err(AppError::internal)?,
        actions: job.result.actions_json.as_deref(),
        ip: &job.ip,
        created_at: job.now_ms,
        // The writer is told a day only by the daily route, within the day's window.
        daily_day: job.daily_date.map(format_date),
        found: summary.found,
        won: summary.won,
        wrong: summary.wrong,
        hints: summary.hints,
        summary_version: SUMMARY_VERSION,
    })
}

/// What a batch adds to one game's aggregates.
#[derive(Debug, Default, PartialEq, Eq)]
struct Deltas {
    players: i64,
    score_sum: i64,
    won: i64,
    found_sum: i64,
    found: BTreeMap<u32, i64>,
    buckets: BTreeMap<usize, i64>,
    /// Results per UTC day (`YYYY-MM-DD`).
    days: BTreeMap<String, i64>,
    /// The latest result's time: the batch's plays enter `hot` then.
    last_at: i64,
}

/// The stored results' deltas per game, in game id order (the order the rows are locked in).
fn deltas_by_game(stored: &[&Job]) -> BTreeMap<i64, Deltas> {
    let mut games: BTreeMap<i64, Deltas> = BTreeMap::new();
    for job in stored {
        let deltas = games.entry(job.game_id).or_default();
        deltas.players += 1;
        deltas.score_sum += i64::from(job.result.score);
        deltas.won += i64::from(job.result.won());
        for id in job.result.found_ids() {
            *deltas.found.entry(id).or_default() += 1;
            deltas.found_sum += 1;
        }
        *deltas.days.entry(utc_day(job.now_ms)).or_default() += 1;
        deltas.last_at = deltas.last_at.max(job.now_ms);
        *deltas.buckets.entry(score_bucket(job.result.score)).or_default() += 1;
    }
    games
}

/// Per game three updates: player count and score sum, the found counters, the histogram;
/// the `game_stats` row first, as its lock serialises the game's other counters. Every value
/// is an integer, so the statements are written out as text and sent together in one round
/// trip (the number of cases varies, which diesel's query builder cannot express). PostgreSQL
/// computes the listing's `hot` itself, so its update joins that round trip.
fn add_to_aggregates(conn: &mut DbConn, stored: &[&Job]) -> Result<(), BatchError> {
    let by_game = deltas_by_game(stored);
    let mut statements: Vec<String> = by_game.iter().flat_map(aggregate_updates).collect();
    if statements.is_empty() {
        return Ok(());
    }
    match conn {
        DbConn::Pg(_) => {
            statements.extend(by_game.iter().map(|(id, deltas)| listing_update_in_sql(*id, deltas)));
            conn.batch_execute(&statements.join(";\n"))?;
            Ok(())
        }
        DbConn::Sqlite(_) => {
            conn.batch_execute(&statements.join(";\n"))?;
            add_to_listing(conn, &by_game)
        }
    }
}

/// The listing's numbers on a `games` row (plays, hot) in one statement that computes `hot` in
/// SQL ([`crate::domains::community::scores::add_event_sql`]).
fn listing_update_in_sql(game_id: i64, deltas: &Deltas) -> String {
    use crate::domains::community::scores::add_event_sql;
    let hot = add_event_sql("hot", deltas.last_at, deltas.players as f64);
    format!("UPDATE games SET plays = plays + {}, hot = {hot} WHERE id = {game_id}", deltas.players)
}

/// The listing's numbers on the `games` rows (plays, hot), after the `game_stats` rows are
/// locked: one read of the games' `hot`, then one round trip of updates.
fn add_to_listing(conn: &mut DbConn, by_game: &BTreeMap<i64, Deltas>) -> Result<(), BatchError> {
    use crate::domains::community::scores::add_event;
    use crate::platform::schema::games;
    let hots: Vec<(i64, f64)> = games::table
        .filter(games::id.eq_any(by_game.keys().copied().collect::<Vec<_>>()))
        .select((games::id, games::hot))
        .load(conn)?;
    let statements: Vec<String> = hots
        .into_iter()
        .filter_map(|(id, hot)| {
            let deltas = by_game.get(&id)?;
            let hot = add_event(hot, deltas.last_at, deltas.players as f64);
            Some(format!(
                "UPDATE games SET plays = plays + {}, hot = {} WHERE id = {id}",
                deltas.players,
                sql_float(hot)
            ))
        })
        .collect();
    if !statements.is_empty() {
        conn.batch_execute(&statements.join(";\n"))?;
    }
    Ok(())
}

/// A finite float as an SQL literal both backends read exactly enough (`hot` is about 2·10⁴:
/// twelve decimals keep it to 10⁻¹²).
fn sql_float(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.12}")
    } else {
        "0".into()
    }
}

/// The UTC day (`YYYY-MM-DD`) of a Unix time in milliseconds.
fn utc_day(at_ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(at_ms)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

fn aggregate_updates((game_id, deltas): (&i64, &Deltas)) -> Vec<String> {
    let mut statements = vec![format!(
        "UPDATE game_stats SET player_count = player_count + {}, score_sum = score_sum + {}, \
         won_count = won_count + {}, found_sum = found_sum + {} WHERE game_id = {game_id}",
        deltas.players, deltas.score_sum, deltas.won, deltas.found_sum
    )];
    if !deltas.found.is_empty() {
        let found = deltas.found.iter().map(|(id, n)| (i64::from(*id), *n));
        statements.push(add_by_case("game_item_stats", "found_count", "item_id", *game_id, found));
    }
    let buckets = deltas.buckets.iter().map(|(b, n)| (*b as i64, *n));
    statements.push(add_by_case("game_score_counts", "players", "bucket", *game_id, buckets));
    // The day is chrono's `YYYY-MM-DD`: no quoting needed beyond the quotes.
    statements.extend(deltas.days.iter().map(|(day, n)| {
        format!(
            "INSERT INTO game_daily_plays (game_id, day, plays) VALUES ({game_id}, '{day}', {n}) \
             ON CONFLICT (game_id, day) DO UPDATE SET plays = game_daily_plays.plays + excluded.plays"
        )
    }));
    statements
}

/// `UPDATE {table} SET {counter} = {counter} + CASE {column} WHEN k THEN n … END` over one
/// game's rows.
fn add_by_case(
    table: &str,
    counter: &str,
    column: &str,
    game_id: i64,
    deltas: impl Iterator<Item = (i64, i64)>,
) -> String {
    let deltas: Vec<(i64, i64)> = deltas.collect();
    let cases: String = deltas.iter().map(|(k, n)| format!(" WHEN {k} THEN {n}")).collect();
    let keys: Vec<String> = deltas.iter().map(|(k, _)| k.to_string()).collect();
    format!(
        "UPDATE {table} SET {counter} = {counter} + CASE {column}{cases} ELSE 0 END \
         WHERE game_id = {game_id} AND {column} IN ({})",
        keys.join(", ")
    )
}

/// One stored result's daily play, as its streak row takes it.
#[derive(Debug, Clone, Copy)]
struct Play<'a> {
    user_key: &'a str,
    day: NaiveDate,
    won: bool,
    totals: Totals,
}

/// The daily results' streak rows: read (and on PostgreSQL locked) in one statement, the new
/// streaks computed with the shared rule in arrival order and the totals added, written back in
/// one upsert. The rows whose totals do not hold (new, or from an older release) are recounted
/// from their results instead, this batch's included, all in one recount and one upsert: a
/// batch of new players costs the same few statements as a batch of returning ones.
fn advance_streaks(conn: &mut DbConn, stored: &[&Job]) -> Result<(), BatchError> {
    let plays: Vec<Play> = stored
        .iter()
        .filter_map(|job| {
            let day = job.daily_date?;
            let won = job.result.won();
            let totals = Totals::of(job.result.replayed.is_some(), won, i64::from(job.result.score));
            Some(Play { user_key: &job.streak_key, day, won, totals })
        })
        .collect();
    if plays.is_empty() {
        return Ok(());
    }
    let user_keys: BTreeSet<&str> = plays.iter().map(|p| p.user_key).collect();
    let current = super::streaks::lock(conn, &user_keys)?;
    let is_counted = |key: &str| current.get(key).is_some_and(|row| row.counted);
    let (counted, uncounted): (Vec<Play>, Vec<Play>) =
        plays.into_iter().partition(|p| is_counted(p.user_key));
    let next = replay_streaks(&current, &counted);
    write_streaks(conn, &next)?;
    let recount: BTreeSet<&str> = uncounted.iter().map(|p| p.user_key).collect();
    super::streaks::rebuild_all(conn, &recount)?;
    Ok(())
}

/// A streak row after a batch: its streak and prior, and what the batch adds to its totals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Advanced {
    row: Row,
    added: Totals,
}

/// Applies the plays in order with `Streak::after` (a userKey without a row starts blank); a
/// play that moves the last day played keeps the streak before it as the prior.
fn replay_streaks(current: &HashMap<String, Row>, plays: &[Play]) -> BTreeMap<String, Advanced> {
    let mut next: BTreeMap<String, Advanced> = BTreeMap::new();
    for play in plays {
        let entry = next.entry(play.user_key.to_string()).or_insert_with(|| Advanced {
            row: current.get(play.user_key).copied().unwrap_or_default(),
            added: Totals::default(),
        });
        let after = entry.row.streak.after(play.day, play.won);
        if after.last_played != entry.row.streak.last_played {
            entry.row.prior = entry.row.streak;
            entry.row.prior_of = after.last_played;
        }
        entry.row.streak = after;
        entry.added = entry.added.plus(play.totals);
    }
    next
}

/// One multi-row upsert, in userKey order; the totals are added to what the row holds.
fn write_streaks(conn: &mut DbConn, next: &BTreeMap<String, Advanced>) -> Result<(), BatchError> {
    if next.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = next
        .iter()
        .map(|(user_key, Advanced { row, added })| {
            (
                streaks::user_key.eq(user_key.as_str()),
                (
                    streaks::last_played.eq(day_text(row.streak.last_played)),
                    streaks::played_streak.eq(row.streak.played),
                    streaks::won_streak.eq(row.streak.won),
                ),
                (
                    streaks::prior_of.eq(day_text(row.prior_of)),
                    streaks::prior_last_played.eq(day_text(row.prior.last_played)),
                    streaks::prior_played_streak.eq(row.prior.played),
                    streaks::prior_won_streak.eq(row.prior.won),
                ),
                (
                    streaks::daily_played.eq(i32::try_from(added.played).unwrap_or(i32::MAX)),
                    streaks::daily_won.eq(i32::try_from(added.won).unwrap_or(i32::MAX)),
                    streaks::daily_score.eq(added.score_sum),
                ),
            )
        })
        .collect();
    on_inner!(conn, |c| diesel::insert_into(streaks::table)
        .values(&rows)
        .on_conflict(streaks::user_key)
        .do_update()
        .set((
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
                streaks::daily_played.eq(streaks::daily_played + excluded(streaks::daily_played)),
                streaks::daily_won.eq(streaks::daily_won + excluded(streaks::daily_won)),
                streaks::daily_score.eq(streaks::daily_score + excluded(streaks::daily_score)),
            ),
        ))
        .execute(c)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::submissions::check::CheckedResult;
    use game_core::streak::Streak;
    use lavalist_api::submissions::Answer;

    const NOW: i64 = 1_800_000_000_000;
    const MINUTE: i64 = 60_000;

    fn job(user_key: &str, found: u32, cap: u32, now_ms: i64) -> Job {
        let answers = (1..=10).map(|i| Answer { answer_id: i, guessed_correctly: i <= found }).collect();
        Job {
            game_id: 7,
            daily_date: None,
            user_key: user_key.into(),
            streak_key: user_key.into(),
            result: CheckedResult { score: found * 100, answers, actions_json: None, replayed: None },
            ip: "192.0.2.1".into(),
            now_ms,
            cap_per_hour: cap,
        }
    }

    #[test]
    fn a_key_is_claimed_once_and_stored_keys_not_at_all() {
        let jobs = [job("a", 1, 0, NOW), job("a", 2, 0, NOW), job("b", 1, 0, NOW), job("c", 1, 0, NOW)];
        let stored = HashMap::from([((7, "c".to_string()), stored_of(&jobs[3]))]);
        let plan = plan(&jobs, &stored, HashMap::new());
        assert_eq!(plan.candidates, vec![0, 2]);
        assert!(plan.refused.is_empty());
    }

    #[test]
    fn the_cap_counts_the_batch_own_earlier_results() {
        let jobs = [job("a", 1, 2, NOW), job("b", 1, 2, NOW), job("c", 1, 2, NOW)];
        let recent = HashMap::from([((7, "192.0.2.1".to_string()), vec![NOW - 50 * MINUTE])]);
        let plan = plan(&jobs, &HashMap::new(), recent);
        assert_eq!(plan.candidates, vec![0], "one stored + a = the cap of two");
        let retry = |i| match plan.refused.get(&i) {
            Some(AppError::TooManyRequests { retry_after_secs }) => *retry_after_secs,
            other => panic!("job {i}: {other:?}"),
        };
        assert_eq!((retry(1), retry(2)), (600, 600), "until the stored one leaves the window");
    }

    #[test]
    fn a_refused_key_can_be_claimed_by_a_later_result_of_the_batch() {
        let jobs = [job("a", 1, 1, NOW), job("a", 1, 1, NOW + 11 * MINUTE)];
        let recent = HashMap::from([((7, "192.0.2.1".to_string()), vec![NOW - 50 * MINUTE])]);
        let plan = plan(&jobs, &HashMap::new(), recent);
        assert_eq!(plan.candidates, vec![1]);
        assert!(plan.refused.contains_key(&0));
    }

    #[test]
    fn deltas_sum_the_batch_per_game() {
        let jobs = [job("a", 2, 0, NOW), job("b", 3, 0, NOW), job("c", 3, 0, NOW)];
        let deltas = deltas_by_game(&jobs.iter().collect::<Vec<_>>());
        let expected = Deltas {
            players: 3,
            score_sum: 800,
            won: 0,
            found_sum: 8,
            found: BTreeMap::from([(1, 3), (2, 3), (3, 2)]),
            buckets: BTreeMap::from([(20, 1), (30, 2)]),
            days: BTreeMap::from([(utc_day(NOW), 3)]),
            last_at: NOW,
        };
        assert_eq!(deltas, BTreeMap::from([(7, expected)]));
        assert_eq!(
            add_by_case("game_score_counts", "players", "bucket", 7, [(20, 1), (30, 2)].into_iter()),
            "UPDATE game_score_counts SET players = players + CASE bucket WHEN 20 THEN 1 WHEN 30 THEN 2 \
             ELSE 0 END WHERE game_id = 7 AND bucket IN (20, 30)"
        );
    }

    #[test]
    fn streaks_follow_the_plays_in_order_and_keep_their_prior_and_totals() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        let before = Streak { last_played: Some(day(20)), played: 4, won: 4 };
        let row = Row { streak: before, counted: true, ..Row::default() };
        let current = HashMap::from([("a".to_string(), row)]);
        let play = |user_key, d, won, replayed| Play {
            user_key,
            day: day(d),
            won,
            totals: Totals::of(replayed, won, if won { 900 } else { 300 }),
        };
        let plays = [play("a", 21, true, true), play("b", 21, false, true), play("a", 22, false, false)];
        let next = replay_streaks(&current, &plays);
        let a = next["a"];
        assert_eq!(a.row.streak, before.after(day(21), true).after(day(22), false));
        assert_eq!((a.row.prior, a.row.prior_of), (before.after(day(21), true), Some(day(22))));
        // The unreplayed log of the 22nd counts toward the streak but not the totals.
        assert_eq!(a.added, Totals { played: 1, won: 1, score_sum: 900 });
        assert_eq!(next["b"].row.streak, Streak::default().after(day(21), false));
        assert_eq!(next["b"].row.prior, Streak::default());
        // A late result for an older day moves nothing, the prior included.
        let late = replay_streaks(
            &next.iter().map(|(k, v)| (k.clone(), v.row)).collect(),
            &[play("a", 19, true, true)],
        );
        assert_eq!((late["a"].row.streak, late["a"].row.prior), (a.row.streak, a.row.prior));
        assert_eq!(late["a"].added.played, 1);
    }
}
