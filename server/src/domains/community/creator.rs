//! A creator's numbers: per game from the aggregates the writer keeps (`game_stats`,
//! `game_item_stats`, `game_daily_plays`, the ratings on the `games` row), never from the
//! results themselves; and the public totals of a profile.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use game_core::{GameKind, Item, ITEMS_PER_GAME};
use lavalist_api::community::{CreatorGame, CreatorTotals, DayPlays, ItemFound};

use crate::domains::games::interface::{round2, ReviewStatus};
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{game_daily_plays, game_item_stats, game_stats, games, users};

/// Plays a game needs before its hardest and easiest items are shown.
pub const ITEM_EXTREMES_AFTER: i64 = 20;
/// Days the plays-per-day chart covers, today included.
pub const CHART_DAYS: i64 = 30;

type GameLine = (i64, String, String, String, bool, String, i64, i64, i64, i64, i64, i64);

/// The creator's community games, newest first, with their numbers. A game an admin scheduled
/// as a future daily is left out until its day: its date and (perhaps edited) prompt and items
/// are the admins' until then, as on every other route.
pub fn creator_games(
    conn: &mut DbConn,
    owner_id: i64,
    now: DateTime<Utc>,
) -> Result<Vec<CreatorGame>, AppError> {
    let released = game_core::calendar::format_date(game_core::calendar::today(now));
    let lines: Vec<GameLine> = games::table
        .inner_join(game_stats::table)
        .filter(games::owner_id.eq(owner_id))
        .filter(games::edition_date.is_null().or(games::edition_date.le(released)))
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .order((games::created_at.desc(), games::id.desc()))
        .select((
            games::id,
            games::uid,
            games::prompt,
            games::status,
            games::public,
            games::items,
            game_stats::player_count,
            game_stats::score_sum,
            game_stats::won_count,
            game_stats::found_sum,
            games::rating_sum,
            games::rating_count,
        ))
        .load(conn)?;
    let ids: Vec<i64> = lines.iter().map(|l| l.0).collect();
    let mut found: HashMap<i64, Vec<(i64, i64)>> = HashMap::new();
    let rows: Vec<(i64, i64, i64)> = game_item_stats::table
        .filter(game_item_stats::game_id.eq_any(ids.clone()))
        .select((game_item_stats::game_id, game_item_stats::item_id, game_item_stats::found_count))
        .load(conn)?;
    for (game, item, n) in rows {
        found.entry(game).or_default().push((item, n));
    }
    let days: Vec<String> = (0..CHART_DAYS).rev().map(|back| day(now - Duration::days(back))).collect();
    let mut daily: HashMap<(i64, String), i64> = HashMap::new();
    let rows: Vec<(i64, String, i64)> = game_daily_plays::table
        .filter(game_daily_plays::game_id.eq_any(ids.clone()))
        .filter(game_daily_plays::day.ge(&days[0]))
        .select((game_daily_plays::game_id, game_daily_plays::day, game_daily_plays::plays))
        .load(conn)?;
    for (game, d, n) in rows {
        daily.insert((game, d), n);
    }
    lines
        .into_iter()
        .map(
            |(
                id,
                uid,
                prompt,
                status,
                public,
                items,
                plays,
                score_sum,
                won,
                found_sum,
                rating_sum,
                ratings,
            )| {
                let items: Vec<Item> = serde_json::from_str(&items).map_err(AppError::internal)?;
                let status =
                    ReviewStatus::parse(&status).ok_or_else(|| AppError::internal("a corrupt status"))?;
                let rate =
                    |part: i64, whole: i64| if whole > 0 { round2(part as f64 / whole as f64) } else { 0.0 };
                let (hardest, easiest) = if plays >= ITEM_EXTREMES_AFTER {
                    extremes(&items, found.get(&id).map_or(&[][..], Vec::as_slice), plays)
                } else {
                    (None, None)
                };
                Ok(CreatorGame {
                    uid,
                    prompt,
                    status,
                    public,
                    plays,
                    completion_rate: rate(found_sum, plays * ITEMS_PER_GAME as i64),
                    win_rate: rate(won, plays),
                    average_score: rate(score_sum, plays),
                    rating: (ratings > 0).then(|| round2(rating_sum as f64 / ratings as f64)),
                    ratings,
                    hardest,
                    easiest,
                    plays_per_day: days
                        .iter()
                        .map(|d| DayPlays {
                            date: d.clone(),
                            plays: daily.get(&(id, d.clone())).copied().unwrap_or(0),
                        })
                        .collect(),
                })
            },
        )
        .collect()
}

/// The least and the most found of the game's current items (ties: the earlier item).
fn extremes(items: &[Item], found: &[(i64, i64)], plays: i64) -> (Option<ItemFound>, Option<ItemFound>) {
    let counted: Vec<(&Item, i64)> = items
        .iter()
        .map(|it| (it, found.iter().find(|(id, _)| *id == i64::from(it.id)).map_or(0, |(_, n)| *n)))
        .collect();
    let of = |(item, n): (&Item, i64)| ItemFound {
        name: item.name.clone(),
        found_rate: round2(n as f64 / plays as f64),
    };
    let hardest = counted.iter().copied().reduce(|a, b| if b.1 < a.1 { b } else { a }).map(of);
    let easiest = counted.iter().copied().reduce(|a, b| if b.1 > a.1 { b } else { a }).map(of);
    (hardest, easiest)
}

fn day(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d").to_string()
}

/// A user's public totals (approved public community games); `None` for an unknown user.
pub fn totals(conn: &mut DbConn, username: &str) -> Result<Option<CreatorTotals>, AppError> {
    let owner: Option<i64> = users::table
        .filter(users::username_lower.eq(username.to_lowercase()))
        .filter(users::deleted_at.is_null())
        .select(users::id)
        .first(conn)
        .optional()?;
    let Some(owner) = owner else { return Ok(None) };
    let rows: Vec<(i64, i64, i64)> = games::table
        .filter(games::owner_id.eq(owner))
        .filter(games::kind.eq(GameKind::Community.as_str()))
        .filter(games::status.eq(ReviewStatus::Approved.as_str()))
        .filter(games::public.eq(true))
        .select((games::plays, games::rating_sum, games::rating_count))
        .load(conn)?;
    let (plays, sum, count) = rows.iter().fold((0, 0, 0), |(p, s, c), (rp, rs, rc)| (p + rp, s + rs, c + rc));
    Ok(Some(CreatorTotals {
        games: rows.len() as i64,
        plays,
        average_rating: (count > 0).then(|| round2(sum as f64 / count as f64)),
        ratings: count,
    }))
}
