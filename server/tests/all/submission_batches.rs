//! The set-based writer, one batch at a time, on SQLite and PostgreSQL: a batch answers and
//! counts exactly as if its results had been sent one after another.

use crate::common;
use crate::recount;

use chrono::NaiveDate;
use common::Backend;
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::results::Summary;
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::insert_game;
use lavalist::domains::submissions::batch;
use lavalist::domains::submissions::check::CheckedResult;
use lavalist::domains::submissions::record::{Job, Stored};
use lavalist::domains::submissions::streaks as streak_rows;
use lavalist::platform::db::{self, DbConn};
use lavalist::platform::error::{AppError, ErrorCode};
use lavalist::platform::schema::{game_stats, games, streaks};
use lavalist_api::submissions::Answer;

on_both_backends_with_configs!(
    repeats_and_conflicts_inside_one_batch,
    the_cap_counts_the_batch_own_results,
    streaks_advance_in_arrival_order_within_a_batch,
    an_empty_aggregate_batch_of_repeats_changes_nothing,
    new_stale_and_missing_streak_rows_are_recounted_in_one_batch,
    an_edition_streak_is_recounted_from_that_edition_only,
);

const NOW: i64 = 1_800_000_000_000;

fn answers(found: usize) -> Vec<Answer> {
    (1..=10).map(|i| Answer { answer_id: i, guessed_correctly: i as usize <= found }).collect()
}

/// A daily result (`day` set) or a community one, `found` items found, scored 100 per item.
fn job(game_id: i64, day: Option<NaiveDate>, user_key: &str, found: usize) -> Job {
    Job {
        game_id,
        daily_date: day,
        user_key: user_key.to_string(),
        streak_key: user_key.to_string(),
        result: CheckedResult {
            score: found as u32 * 100,
            answers: answers(found),
            actions_json: None,
            replayed: None,
        },
        ip: "192.0.2.1".to_string(),
        now_ms: NOW,
        cap_per_hour: 0,
    }
}

fn write(conn: &mut DbConn, jobs: &[Job]) -> Vec<Result<Stored, AppError>> {
    db::write_transaction(conn, |c| batch::write(c, jobs)).expect("the batch commits")
}

fn daily_id(conn: &mut DbConn, day: NaiveDate) -> i64 {
    games::table.filter(games::daily_date.eq(format_date(day))).select(games::id).first(conn).unwrap()
}

fn community_id(conn: &mut DbConn, uid: &str) -> i64 {
    games::table.filter(games::uid.eq(uid)).select(games::id).first(conn).unwrap()
}

fn is_stored(answer: &Result<Stored, AppError>, found: usize) -> bool {
    matches!(answer, Ok(s) if s.score == found as u32 * 100 && s.answers == answers(found))
}

fn is_conflict(answer: &Result<Stored, AppError>) -> bool {
    matches!(answer, Err(e) if e.code() == ErrorCode::ResultConflict)
}

fn players(conn: &mut DbConn, game_id: i64) -> (i64, i64) {
    game_stats::table
        .find(game_id)
        .select((game_stats::player_count, game_stats::score_sum))
        .first(conn)
        .unwrap()
}

async fn repeats_and_conflicts_inside_one_batch(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Batched");
    let uid = app.add_community("Batched community", ReviewStatus::Approved, true);
    let mut conn = app.conn();
    let (daily, community) = (daily_id(&mut conn, today), community_id(&mut conn, &uid));
    let day = Some(today);
    assert!(is_stored(&write(&mut conn, &[job(daily, day, "old", 5)])[0], 5));

    let answers = write(
        &mut conn,
        &[
            job(daily, day, "a", 3),
            job(daily, day, "a", 3),
            job(daily, day, "a", 4),
            job(daily, day, "old", 5),
            job(daily, day, "old", 6),
            job(daily, day, "b", 10),
            job(community, None, "a", 8),
            job(community, None, "a", 8),
            job(community, None, "a", 1),
            job(daily, day, "a", 3),
        ],
    );
    let expected = [Some(3), Some(3), None, Some(5), None, Some(10), Some(8), Some(8), None, Some(3)];
    for (i, (answer, expected)) in answers.iter().zip(expected).enumerate() {
        match expected {
            Some(found) => assert!(is_stored(answer, found), "job {i}: {answer:?}"),
            None => assert!(is_conflict(answer), "job {i}: {answer:?}"),
        }
    }
    assert_eq!(players(&mut conn, daily), (3, 500 + 300 + 1000), "old, a and b, once each");
    assert_eq!(players(&mut conn, community), (1, 800));
    recount::assert_aggregates_match(&mut conn);
}

async fn the_cap_counts_the_batch_own_results(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Capped batch");
    let mut conn = app.conn();
    let game = daily_id(&mut conn, today);
    let capped = |key: &str, ip: &str, now_ms: i64| Job {
        ip: ip.to_string(),
        now_ms,
        cap_per_hour: 2,
        ..job(game, Some(today), key, 2)
    };
    assert!(write(&mut conn, &[capped("k1", "198.51.100.1", NOW - 3_000_000)])[0].is_ok());
    let answers = write(
        &mut conn,
        &[
            capped("k2", "198.51.100.1", NOW),
            capped("k3", "198.51.100.1", NOW),
            capped("k3", "198.51.100.1", NOW),
            capped("k1", "198.51.100.1", NOW),
            capped("k4", "198.51.100.2", NOW),
        ],
    );
    assert!(answers[0].is_ok(), "the second from this address: {:?}", answers[0]);
    for refused in &answers[1..3] {
        // k1 (stored 50 minutes ago) is the deciding event: 10 minutes until it leaves.
        assert!(matches!(refused, Err(AppError::TooManyRequests { retry_after_secs: 600 })), "{refused:?}");
    }
    assert!(is_stored(&answers[3], 2), "a repeat is answered whatever the cap");
    assert!(answers[4].is_ok(), "another address");
    assert_eq!(players(&mut conn, game).0, 3);
    // Once k1 has left the window there is room for one more.
    let later = write(&mut conn, &[capped("k3", "198.51.100.1", NOW - 3_000_000 + 3_600_001)]);
    assert!(later[0].is_ok(), "{:?}", later[0]);
    recount::assert_aggregates_match(&mut conn);
}

async fn streaks_advance_in_arrival_order_within_a_batch(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Streak today");
    let yesterday = app.add_daily(-1, "Streak yesterday");
    let before = app.add_daily(-2, "Streak before");
    let mut conn = app.conn();
    let (t, y, b) = (daily_id(&mut conn, today), daily_id(&mut conn, yesterday), daily_id(&mut conn, before));
    write(&mut conn, &[job(b, Some(before), "steady", 10)]);
    let answers = write(
        &mut conn,
        &[
            job(y, Some(yesterday), "steady", 10),
            job(t, Some(today), "steady", 9),
            job(y, Some(yesterday), "fresh", 10),
            job(t, Some(today), "fresh", 10),
            job(t, Some(today), "fresh", 10),
        ],
    );
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    let streak = |conn: &mut DbConn, key: &str| -> (String, i32, i32) {
        streaks::table
            .find(key)
            .select((streaks::last_played, streaks::played_streak, streaks::won_streak))
            .first(conn)
            .unwrap()
    };
    assert_eq!(streak(&mut conn, "steady"), (format_date(today), 3, 0), "three days, lost today");
    assert_eq!(streak(&mut conn, "fresh"), (format_date(today), 2, 2), "the repeat counts once");
    recount::assert_aggregates_match(&mut conn);
}

async fn an_empty_aggregate_batch_of_repeats_changes_nothing(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Repeats only");
    let mut conn = app.conn();
    let game = daily_id(&mut conn, today);
    write(&mut conn, &[job(game, Some(today), "x", 4), job(game, Some(today), "y", 0)]);
    let answers = write(&mut conn, &[job(game, Some(today), "y", 0), job(game, Some(today), "x", 5)]);
    assert!(is_stored(&answers[0], 0));
    assert!(is_conflict(&answers[1]));
    assert_eq!(players(&mut conn, game), (2, 400));
    recount::assert_aggregates_match(&mut conn);
}

/// A daily result whose log the server replayed (it counts toward a board's totals).
fn replayed(game_id: i64, day: NaiveDate, user_key: &str, found: usize) -> Job {
    let mut job = job(game_id, Some(day), user_key, found);
    let (score, found) = (job.result.score, found as u32);
    job.result.replayed = Some(Summary { score, found, wrong: 1, hints: 0, won: found == 10 });
    job
}

/// A streak row as stored: last day played, played and won streaks, the three totals, whether
/// they are counted.
fn stored_row(conn: &mut DbConn, key: &str) -> (String, i32, i32, i32, i32, i64, i32) {
    streaks::table
        .find(key)
        .select((
            streaks::last_played,
            streaks::played_streak,
            streaks::won_streak,
            streaks::daily_played,
            streaks::daily_won,
            streaks::daily_score,
            streaks::totals_version,
        ))
        .first(conn)
        .unwrap()
}

/// One batch holds a counted row (advanced), a new player, a row an older release left
/// uncounted with wrong totals, and a player whose row is missing although they have results:
/// the last three are recounted from every stored result, this batch's included.
async fn new_stale_and_missing_streak_rows_are_recounted_in_one_batch(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Recount today");
    let yesterday = app.add_daily(-1, "Recount yesterday");
    let before = app.add_daily(-2, "Recount before");
    let mut conn = app.conn();
    let (t, y, b) = (daily_id(&mut conn, today), daily_id(&mut conn, yesterday), daily_id(&mut conn, before));
    write(
        &mut conn,
        &[
            replayed(b, before, "steady", 10),
            replayed(b, before, "stale", 10),
            replayed(b, before, "orphan", 4),
        ],
    );
    diesel::update(streaks::table.find("stale"))
        .set((streaks::daily_played.eq(99), streaks::daily_score.eq(5), streaks::totals_version.eq(0)))
        .execute(&mut conn)
        .unwrap();
    diesel::delete(streaks::table.find("orphan")).execute(&mut conn).unwrap();
    let answers = write(
        &mut conn,
        &[
            replayed(y, yesterday, "steady", 10),
            replayed(y, yesterday, "stale", 10),
            replayed(y, yesterday, "orphan", 10),
            replayed(y, yesterday, "fresh", 10),
            replayed(t, today, "fresh", 10),
            replayed(t, today, "stale", 3),
        ],
    );
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    let (yesterday, today) = (format_date(yesterday), format_date(today));
    assert_eq!(stored_row(&mut conn, "steady"), (yesterday.clone(), 2, 2, 2, 2, 2000, 1));
    assert_eq!(
        stored_row(&mut conn, "stale"),
        (today.clone(), 3, 0, 3, 2, 2300, 1),
        "recounted, not added to"
    );
    assert_eq!(stored_row(&mut conn, "orphan"), (yesterday, 2, 1, 2, 1, 1400, 1), "its earlier day counted");
    assert_eq!(stored_row(&mut conn, "fresh"), (today, 2, 2, 2, 2, 2000, 1));
    recount::assert_aggregates_match(&mut conn);
}

/// A player's Spanish streak row, new in a batch, counts their Spanish daily play only.
async fn an_edition_streak_is_recounted_from_that_edition_only(backend: Backend) {
    let app = backend.app(|_| {});
    let today = app.add_daily(0, "Edition today");
    let yesterday = app.add_daily(-1, "Edition yesterday");
    let mut spanish =
        common::new_game(game_core::GameKind::Daily, ReviewStatus::Approved, true, "Hoy", Some(today));
    spanish.language = "es".into();
    let mut conn = app.conn();
    let spanish_id = insert_game(&mut conn, &spanish).unwrap();
    let (t, y) = (daily_id(&mut conn, today), daily_id(&mut conn, yesterday));
    write(&mut conn, &[replayed(y, yesterday, "both", 10), replayed(t, today, "both", 10)]);
    let mut in_spanish = replayed(spanish_id, today, "both", 7);
    in_spanish.streak_key = streak_rows::key("both", "es");
    let answers = write(&mut conn, &[in_spanish]);
    assert!(answers.iter().all(Result::is_ok), "{answers:?}");
    let today = format_date(today);
    assert_eq!(stored_row(&mut conn, "both"), (today.clone(), 2, 2, 2, 2, 2000, 1), "English untouched");
    assert_eq!(stored_row(&mut conn, &streak_rows::key("both", "es")), (today, 1, 0, 1, 0, 700, 1));
}
