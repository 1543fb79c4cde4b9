//! The insight figures, read from results (`submissions`) and the per-game aggregates.

use chrono::{Days, NaiveDate};
use diesel::dsl::count;
use diesel::expression_methods::AggregateExpressionMethods;
use diesel::prelude::*;
use game_core::calendar::{day_start, format_date};
use game_core::{GameKind, Item};
use lavalist_api::insights::{Insights, InsightsDay, ItemRate, PopularGame};

use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{game_item_stats, game_stats, games, submissions};

/// How many community games the page lists.
const TOP_COMMUNITY: i64 = 10;
/// A stored result with an item not found (answers are serde_json's compact form): a result
/// without one found every item, a win.
const NOT_ALL_FOUND: &str = "%\"guessedCorrectly\":false%";

/// Whole percent of `part` in `whole`, rounded to nearest; `None` when `whole` is 0.
fn percent(part: i64, whole: i64) -> Option<u32> {
    (whole > 0).then(|| ((part * 100 + whole / 2) / whole) as u32)
}

/// What a day's daily game contributes to the window's totals.
#[derive(Default)]
struct DailyTotals {
    players: i64,
    wins: i64,
    score_sum: i64,
}

pub fn insights(conn: &mut DbConn, today: NaiveDate, days: u32) -> Result<Insights, AppError> {
    let mut totals = DailyTotals::default();
    let mut out = Vec::with_capacity(days as usize);
    for back in (0..days).rev() {
        let date = today - Days::new(u64::from(back));
        out.push(day(conn, date, &mut totals)?);
    }
    Ok(Insights {
        days: out,
        win_percent: percent(totals.wins, totals.players),
        average_score: (totals.players > 0).then(|| (totals.score_sum / totals.players) as u32),
        top_community: top_community(conn)?,
        open_disputes: crate::domains::disputes::interface::open_disputes(conn)?,
        open_reports: crate::domains::reports::interface::open_reports(conn)?,
    })
}

fn day(conn: &mut DbConn, date: NaiveDate, totals: &mut DailyTotals) -> Result<InsightsDay, AppError> {
    let start = day_start(date).timestamp_millis();
    let end = day_start(date + Days::new(1)).timestamp_millis();
    let that_day = || {
        submissions::table.filter(submissions::created_at.ge(start)).filter(submissions::created_at.lt(end))
    };
    let results: i64 = that_day().count().get_result(conn)?;
    let players: i64 = that_day().select(count(submissions::user_key).aggregate_distinct()).first(conn)?;
    let mut day = InsightsDay {
        date: format_date(date),
        players,
        results,
        daily_prompt: None,
        daily_players: 0,
        win_percent: None,
        average_score: None,
        hardest: None,
        easiest: None,
    };
    // The English edition's daily (the one every player is offered).
    let daily: Option<(i64, String, String)> = games::table
        .filter(games::language.eq(crate::domains::games::interface::editions::ENGLISH.tag()))
        .filter(games::edition_date.eq(format_date(date)))
        .select((games::id, games::prompt, games::items))
        .first(conn)
        .optional()?;
    let Some((game_id, prompt, items)) = daily else { return Ok(day) };
    day.daily_prompt = Some(prompt);
    let (daily_players, score_sum): (i64, i64) = game_stats::table
        .find(game_id)
        .select((game_stats::player_count, game_stats::score_sum))
        .first(conn)
        .optional()?
        .unwrap_or((0, 0));
    let wins: i64 = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::answers.not_like(NOT_ALL_FOUND))
        .filter(submissions::answers.ne("[]"))
        .count()
        .get_result(conn)?;
    day.daily_players = daily_players;
    day.win_percent = percent(wins, daily_players);
    day.average_score = (daily_players > 0).then(|| (score_sum / daily_players) as u32);
    (day.hardest, day.easiest) = item_extremes(conn, game_id, &items, daily_players)?;
    totals.players += daily_players;
    totals.wins += wins;
    totals.score_sum += score_sum;
    Ok(day)
}

/// The least and the most found item of a game (the first in the game's order on a tie).
fn item_extremes(
    conn: &mut DbConn,
    game_id: i64,
    items: &str,
    players: i64,
) -> Result<(Option<ItemRate>, Option<ItemRate>), AppError> {
    if players == 0 {
        return Ok((None, None));
    }
    let items: Vec<Item> = serde_json::from_str(items).map_err(AppError::internal)?;
    let found: Vec<(i64, i64)> = game_item_stats::table
        .filter(game_item_stats::game_id.eq(game_id))
        .select((game_item_stats::item_id, game_item_stats::found_count))
        .load(conn)?;
    let count_of =
        |item: &Item| found.iter().find(|(id, _)| *id == i64::from(item.id)).map_or(0, |(_, n)| *n);
    let rate = |item: &Item| ItemRate {
        name: item.name.clone(),
        found_percent: percent(count_of(item), players).unwrap_or(0),
    };
    let hardest = items.iter().min_by_key(|item| count_of(item)).map(rate);
    // `max_by_key` keeps the last of equals: reversed, the first in the game's order.
    let easiest = items.iter().rev().max_by_key(|item| count_of(item)).map(rate);
    Ok((hardest, easiest))
}

fn top_community(conn: &mut DbConn) -> Result<Vec<PopularGame>, AppError> {
    let rows: Vec<(String, String, i64, i64)> = games::table
        .inner_join(game_stats::table)
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .filter(game_stats::player_count.gt(0))
        .order((game_stats::player_count.desc(), games::id.asc()))
        .limit(TOP_COMMUNITY)
        .select((games::uid, games::prompt, game_stats::player_count, game_stats::score_sum))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(uid, prompt, players, score_sum)| PopularGame {
            uid,
            prompt,
            players,
            average_score: (score_sum / players) as u32,
        })
        .collect())
}
