//! `lavalist bench-boards` (hidden): the data set of the boards benchmark
//! (`server/bench/boards.sh`). A group of `members` players, each with `days` days of daily play
//! ending today (about one day in ten missed), every result with a long action log. The rows
//! are stored the way a release before summaries stored them (`summary_version` 0) and then
//! summarised by the same backfill a start runs, so the benchmark also times that step.

use std::time::Instant;

use chrono::{Duration, NaiveDate};
use diesel::prelude::*;
use game_core::calendar::{day_start, format_date, today};
use game_core::results::score;
use game_core::{GameKind, Item};
use lavalist_api::submissions::Answer;
use serde_json::{json, Value};

use crate::cli::commands::open;
use crate::domains::accounts::token::{Session, TokenKeys};
use crate::domains::games::model::{GameRecord, ReviewStatus};
use crate::domains::games::queries::{insert_game, new_uid};
use crate::domains::submissions::{account_user_key, streaks, summary};
use crate::platform::config::Config;
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::AppError;
use crate::platform::schema::{group_members, player_groups, submissions, users};

/// A result row as generated: game id, userKey, score, answers, log, address, arrival (ms).
type NewRow = (i64, String, i32, String, Option<String>, String, i64);

/// Rows per multi-row insert (nine values each, far below either backend's bind limit).
const CHUNK: usize = 500;

pub fn boards(config: &Config, members: u32, days: u32) -> Result<(), AppError> {
    let mut conn = open(config)?;
    let now = config.clock()?.now();
    let (now_ms, last_day) = (now.timestamp_millis(), today(now));
    let started = Instant::now();
    let games = add_games(&mut conn, last_day, days, now_ms)?;
    let user_ids = add_members(&mut conn, members, now_ms)?;
    let group_id = add_group(&mut conn, &user_ids, now_ms)?;
    let stored = add_results(&mut conn, &games, &user_ids)?;
    let generated = started.elapsed();
    let summarised = summary::backfill(&mut conn)?;
    let backfill = started.elapsed() - generated;
    for user_id in &user_ids {
        let key = account_user_key(*user_id);
        write_transaction(&mut conn, |conn| streaks::rebuild(conn, &key).map_err(AppError::from))?;
    }
    let tokens = TokenKeys::from_config(config)?;
    // New accounts: session generation 0 (the column's default), logged in now.
    let session = Session { version: 0, login_ms: now_ms };
    let viewer = tokens.issue(user_ids[0], session, 0, now_ms)?;
    let locked = tokens.issue(user_ids[1], session, 0, now_ms)?;
    eprintln!(
        "stored {stored} results in {:.1} s; summarised {summarised} in {:.1} s",
        generated.as_secs_f64(),
        backfill.as_secs_f64()
    );
    println!("group={group_id} viewer={viewer} locked={locked}");
    Ok(())
}

/// A daily game per day through `last_day`; `(id, date, prompt)` oldest first.
fn add_games(
    conn: &mut DbConn,
    last_day: NaiveDate,
    days: u32,
    now_ms: i64,
) -> Result<Vec<(i64, NaiveDate, String)>, AppError> {
    (0..i64::from(days))
        .rev()
        .map(|back| {
            let date = last_day - Duration::days(back);
            let prompt = format!("Bench {}", format_date(date));
            let items = (1..=10)
                .map(|i| Item {
                    id: i,
                    name: format!("{prompt} item {i}"),
                    alt_spellings: Vec::new(),
                    rejected_spellings: Vec::new(),
                })
                .collect();
            let game = GameRecord {
                uid: new_uid(),
                kind: GameKind::Daily,
                status: ReviewStatus::Approved,
                public: true,
                prompt: prompt.clone(),
                submitter: "bench".into(),
                owner_id: None,
                daily_date: Some(date),
                items,
                created_at: now_ms,
                updated_at: now_ms,
                language: "en".into(),
            };
            Ok((insert_game(conn, &game)?, date, prompt))
        })
        .collect()
}

fn add_members(conn: &mut DbConn, members: u32, now_ms: i64) -> Result<Vec<i64>, AppError> {
    (0..members)
        .map(|n| {
            let name = format!("bench{n}");
            Ok(diesel::insert_into(users::table)
                .values((
                    users::username.eq(&name),
                    users::username_lower.eq(&name),
                    users::email.eq(format!("{name}@example.com")),
                    users::created_at.eq(now_ms),
                ))
                .returning(users::id)
                .get_result(conn)?)
        })
        .collect()
}

/// The group, owned by the first member, all of them in it (the size limit is the caller's).
fn add_group(conn: &mut DbConn, user_ids: &[i64], now_ms: i64) -> Result<i64, AppError> {
    let id: i64 = diesel::insert_into(player_groups::table)
        .values((
            player_groups::name.eq("Bench"),
            player_groups::owner_id.eq(user_ids[0]),
            player_groups::invite_code.eq(crate::domains::groups::queries::new_invite_code()),
            player_groups::created_at.eq(now_ms),
        ))
        .returning(player_groups::id)
        .get_result(conn)?;
    for user_id in user_ids {
        diesel::insert_into(group_members::table)
            .values((
                group_members::group_id.eq(id),
                group_members::user_id.eq(user_id),
                group_members::joined_at.eq(now_ms),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

/// A deterministic spread of plays: `(found, wrong, hints)`, or `None` for a missed day. The
/// first member plays every day; the second misses today (the locked board).
fn play(member: usize, day: usize, last: bool) -> Option<(usize, usize, usize)> {
    let n = (member * 7_919 + day * 104_729) % 1_000;
    let missed = match member {
        0 => false,
        1 => last,
        _ => n.is_multiple_of(10),
    };
    (!missed).then_some((4 + n % 7, n % 8, n % 4))
}

/// The log of a play: hints, long wrong guesses, the finds, then giving up unless all found.
fn log(prompt: &str, (found, wrong, hints): (usize, usize, usize)) -> String {
    let mut actions: Vec<Value> = Vec::new();
    let kinds = ["firstLetter", "length"];
    actions.extend((0..hints).map(|i| json!({"hint": kinds[i % 2]})));
    actions.extend((0..wrong).map(|i| json!({"guess": format!("{i} {}", "q".repeat(110))})));
    actions.extend((1..=found).map(|i| json!({"guess": format!("{prompt} item {i}")})));
    if found < 10 {
        actions.push(json!({"giveUp": true}));
    }
    Value::Array(actions).to_string()
}

fn add_results(
    conn: &mut DbConn,
    games: &[(i64, NaiveDate, String)],
    user_ids: &[i64],
) -> Result<usize, AppError> {
    let mut rows: Vec<NewRow> = Vec::new();
    for (day, (game_id, date, prompt)) in games.iter().enumerate() {
        let played_at = (day_start(*date) + Duration::hours(12)).timestamp_millis();
        for (member, user_id) in user_ids.iter().enumerate() {
            let Some(counts @ (found, wrong, hints)) = play(member, day, day + 1 == games.len()) else {
                continue;
            };
            let answers: Vec<Answer> =
                (1..=10).map(|i| Answer { answer_id: i, guessed_correctly: i as usize <= found }).collect();
            let score = i32::try_from(score(found, hints, wrong)).unwrap_or(0);
            let answers = serde_json::to_string(&answers).map_err(AppError::internal)?;
            let key = account_user_key(*user_id);
            rows.push((*game_id, key, score, answers, Some(log(prompt, counts)), "bench".into(), played_at));
        }
    }
    for chunk in rows.chunks(CHUNK) {
        write_transaction(conn, |conn| insert_chunk(conn, chunk))?;
    }
    Ok(rows.len())
}

fn insert_chunk(conn: &mut DbConn, chunk: &[NewRow]) -> Result<(), AppError> {
    let values: Vec<_> = chunk
        .iter()
        .map(|(game_id, key, score, answers, actions, ip, at)| {
            (
                submissions::game_id.eq(*game_id),
                submissions::user_key.eq(key.as_str()),
                submissions::score.eq(*score),
                submissions::answers.eq(answers.as_str()),
                submissions::actions.eq(actions.as_deref()),
                submissions::ip.eq(ip.as_str()),
                submissions::created_at.eq(*at),
            )
        })
        .collect();
    // diesel's MultiConnection has no multi-row insert: the same statement on either backend.
    match conn {
        DbConn::Sqlite(c) => diesel::insert_into(submissions::table).values(values).execute(c)?,
        DbConn::Pg(c) => diesel::insert_into(submissions::table).values(values).execute(c)?,
    };
    Ok(())
}
