//! Recounts every aggregate the submission writer keeps (game stats, found counters, the score
//! histogram, streaks) from the stored submissions alone, and compares.
#![allow(dead_code)]

use std::collections::BTreeMap;

use diesel::prelude::*;
use game_core::calendar::{format_date, parse_date};
use game_core::results::{is_won, score_bucket};
use game_core::streak::Streak;
use lavalist::platform::db::DbConn;
use lavalist::platform::schema::{game_item_stats, game_score_counts, game_stats, streaks, submissions};
use lavalist_api::submissions::Answer;

/// A stored submission as the recount needs it.
pub struct Row {
    pub game_id: i64,
    pub user_key: String,
    pub score: i32,
    pub answers: Vec<Answer>,
    /// The day it counts for as daily play, if it does.
    pub daily_day: Option<String>,
    /// Whether its log replayed (a board shows it).
    pub replayed: bool,
}

/// A submission row as read: game, userKey, score, answers, daily day, wrong.
type StoredRow = (i64, String, i32, String, Option<String>, Option<i32>);

pub fn submissions(conn: &mut DbConn) -> Vec<Row> {
    let rows: Vec<StoredRow> = submissions::table
        .select((
            submissions::game_id,
            submissions::user_key,
            submissions::score,
            submissions::answers,
            submissions::daily_day,
            submissions::wrong,
        ))
        .load(conn)
        .expect("read submissions");
    rows.into_iter()
        .map(|(game_id, user_key, score, answers, daily_day, wrong)| Row {
            game_id,
            user_key,
            score,
            answers: serde_json::from_str(&answers).expect("stored answers are JSON"),
            daily_day,
            replayed: wrong.is_some(),
        })
        .collect()
}

/// Asserts that every aggregate equals its recount. Daily play (a result with its daily day
/// stored) counts toward streaks.
pub fn assert_aggregates_match(conn: &mut DbConn) {
    let rows = submissions(conn);
    assert_game_stats(conn, &rows);
    assert_found_counts(conn, &rows);
    assert_histograms(conn, &rows);
    assert_streaks(conn, &rows);
    assert_streak_totals(conn, &rows);
}

fn assert_game_stats(conn: &mut DbConn, rows: &[Row]) {
    let stored: Vec<(i64, i64, i64)> = game_stats::table
        .select((game_stats::game_id, game_stats::player_count, game_stats::score_sum))
        .load(conn)
        .unwrap();
    for (game_id, players, score_sum) in stored {
        let of_game: Vec<&Row> = rows.iter().filter(|r| r.game_id == game_id).collect();
        assert_eq!(players, of_game.len() as i64, "player_count of game {game_id}");
        let sum: i64 = of_game.iter().map(|r| i64::from(r.score)).sum();
        assert_eq!(score_sum, sum, "score_sum of game {game_id}");
    }
}

fn assert_found_counts(conn: &mut DbConn, rows: &[Row]) {
    let stored: Vec<(i64, i64, i64)> = game_item_stats::table
        .select((game_item_stats::game_id, game_item_stats::item_id, game_item_stats::found_count))
        .load(conn)
        .unwrap();
    assert!(!stored.is_empty(), "games have item counters");
    for (game_id, item_id, found) in stored {
        let recount = rows
            .iter()
            .filter(|r| r.game_id == game_id)
            .filter(|r| r.answers.iter().any(|a| i64::from(a.answer_id) == item_id && a.guessed_correctly))
            .count() as i64;
        assert_eq!(found, recount, "found_count of game {game_id} item {item_id}");
    }
}

fn assert_histograms(conn: &mut DbConn, rows: &[Row]) {
    let stored: Vec<(i64, i32, i64)> = game_score_counts::table
        .select((game_score_counts::game_id, game_score_counts::bucket, game_score_counts::players))
        .load(conn)
        .unwrap();
    assert!(!stored.is_empty(), "games have histograms");
    for (game_id, bucket, players) in stored {
        let recount = rows
            .iter()
            .filter(|r| r.game_id == game_id && score_bucket(r.score as u32) as i32 == bucket)
            .count() as i64;
        assert_eq!(players, recount, "score bucket {bucket} of game {game_id}");
    }
}

/// Replays each userKey's daily play (each result on the day stored with it) in date order
/// with the shared rule.
pub fn recount_streaks(rows: &[Row]) -> BTreeMap<String, Streak> {
    let mut plays: BTreeMap<String, Vec<(String, bool)>> = BTreeMap::new();
    for row in rows {
        if let Some(day) = &row.daily_day {
            let won = is_won(&row.answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>());
            plays.entry(row.user_key.clone()).or_default().push((day.clone(), won));
        }
    }
    plays
        .into_iter()
        .map(|(user_key, mut days)| {
            days.sort();
            let streak = days.iter().fold(Streak::default(), |s, (day, won)| {
                s.after(parse_date(day).expect("a stored daily date"), *won)
            });
            (user_key, streak)
        })
        .collect()
}

fn assert_streaks(conn: &mut DbConn, rows: &[Row]) {
    let expected = recount_streaks(rows);
    let stored: BTreeMap<String, (String, i32, i32)> = streaks::table
        .select((streaks::user_key, streaks::last_played, streaks::played_streak, streaks::won_streak))
        .load::<(String, String, i32, i32)>(conn)
        .unwrap()
        .into_iter()
        .map(|(k, last, played, won)| (k, (last, played, won)))
        .collect();
    let expected: BTreeMap<String, (String, i32, i32)> = expected
        .into_iter()
        .map(|(k, s)| (k, (s.last_played.map(format_date).unwrap_or_default(), s.played, s.won)))
        .collect();
    assert_eq!(stored, expected, "streaks equal a replay of each userKey's daily results");
}

/// What each streak row keeps for the boards: the totals of its replayed daily play, and the
/// streak before its last day; every row counted.
fn assert_streak_totals(conn: &mut DbConn, rows: &[Row]) {
    type Kept = (i32, i64, i64, i32, String, String, i32, i32);
    let stored: Vec<(String, String, Kept)> = streaks::table
        .select((
            streaks::user_key,
            streaks::last_played,
            (
                streaks::daily_played,
                streaks::daily_won,
                streaks::daily_score,
                streaks::totals_version,
                streaks::prior_of,
                streaks::prior_last_played,
                streaks::prior_played_streak,
                streaks::prior_won_streak,
            ),
        ))
        .load::<(String, String, (i32, i32, i64, i32, String, String, i32, i32))>(conn)
        .unwrap()
        .into_iter()
        .map(|(k, last, (p, w, s, v, of, pl, pp, pw))| (k, last, (p, i64::from(w), s, v, of, pl, pp, pw)))
        .collect();
    for (
        user_key,
        last_played,
        (played, won, score, version, prior_of, prior_last, prior_played, prior_won),
    ) in stored
    {
        assert_eq!(version, 1, "the totals of {user_key} are counted");
        let mine: Vec<&Row> =
            rows.iter().filter(|r| r.user_key == user_key && r.daily_day.is_some()).collect();
        let replayed: Vec<&&Row> = mine.iter().filter(|r| r.replayed).collect();
        let wins = replayed
            .iter()
            .filter(|r| is_won(&r.answers.iter().map(|a| a.guessed_correctly).collect::<Vec<_>>()))
            .count();
        let sum: i64 = replayed.iter().map(|r| i64::from(r.score)).sum();
        assert_eq!(
            (played as usize, won as usize, score),
            (replayed.len(), wins, sum),
            "totals of {user_key}"
        );
        if prior_of == last_played {
            let earlier: Vec<Row> = mine
                .iter()
                .filter(|r| r.daily_day.as_deref() < Some(last_played.as_str()))
                .map(|r| Row {
                    answers: r.answers.clone(),
                    daily_day: r.daily_day.clone(),
                    user_key: r.user_key.clone(),
                    ..**r
                })
                .collect();
            let prior = recount_streaks(&earlier).remove(&user_key).unwrap_or_default();
            let expected = (prior.last_played.map(format_date).unwrap_or_default(), prior.played, prior.won);
            assert_eq!(
                (prior_last, prior_played, prior_won),
                expected,
                "the streak of {user_key} before {last_played}"
            );
        }
    }
}
