//! Ratings as stored: one row per game and player (the userKey the player's result is kept
//! under), and the game's `rating_sum`, `rating_count`, `top` and `hot` moved with each one.

use diesel::prelude::*;
use lavalist_api::community::RatingSummary;

use super::scores::{add_event, bayesian, rating_weight};
use crate::domains::games::interface::round2;
use crate::platform::db::{write_transaction, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::schema::{game_stats, games, ratings, submissions};

/// A rating to store.
pub struct NewRating {
    pub game_id: i64,
    /// The key the player's results are stored under (`acct:{id}` when logged in).
    pub rater_key: String,
    pub user_id: Option<i64>,
    pub stars: i32,
    pub now_ms: i64,
}

/// Whether this player has a stored result of the game.
pub fn finished(conn: &mut DbConn, game_id: i64, player_key: &str) -> Result<bool, AppError> {
    let n: i64 = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::user_key.eq(player_key))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Stores or changes a rating; 403 `notFinished` without a stored result. The game's
/// `game_stats` row is locked first (as the submission writer does), then its `games` row.
pub fn rate(conn: &mut DbConn, rating: &NewRating) -> Result<RatingSummary, AppError> {
    write_transaction(conn, |conn| {
        if !finished(conn, rating.game_id, &rating.rater_key)? {
            return Err(AppError::refused(ErrorCode::NotFinished, "Finish the game to rate it."));
        }
        diesel::update(game_stats::table.find(rating.game_id))
            .set(game_stats::player_count.eq(game_stats::player_count))
            .execute(conn)?;
        let before: Option<i32> = ratings::table
            .find((rating.game_id, &rating.rater_key))
            .select(ratings::stars)
            .first(conn)
            .optional()?;
        match before {
            Some(_) => {
                diesel::update(ratings::table.find((rating.game_id, &rating.rater_key)))
                    .set((ratings::stars.eq(rating.stars), ratings::updated_at.eq(rating.now_ms)))
                    .execute(conn)?;
            }
            None => {
                diesel::insert_into(ratings::table)
                    .values((
                        ratings::game_id.eq(rating.game_id),
                        ratings::rater_key.eq(&rating.rater_key),
                        ratings::user_id.eq(rating.user_id),
                        ratings::stars.eq(rating.stars),
                        ratings::created_at.eq(rating.now_ms),
                        ratings::updated_at.eq(rating.now_ms),
                    ))
                    .execute(conn)?;
            }
        }
        let (sum, count, hot): (i64, i64, f64) = games::table
            .find(rating.game_id)
            .select((games::rating_sum, games::rating_count, games::hot))
            .first(conn)?;
        let sum = sum + i64::from(rating.stars) - i64::from(before.unwrap_or(0));
        let count = count + i64::from(before.is_none());
        // Only a first rating is an event of the game's heat; a change moves the average.
        let hot =
            if before.is_none() { add_event(hot, rating.now_ms, rating_weight(rating.stars)) } else { hot };
        diesel::update(games::table.find(rating.game_id))
            .set((
                games::rating_sum.eq(sum),
                games::rating_count.eq(count),
                games::top.eq(bayesian(sum, count)),
                games::hot.eq(hot),
            ))
            .execute(conn)?;
        Ok(summary(sum, count, Some(rating.stars), true))
    })
}

/// A game's ratings and this player's (`player_key`: the key their results are stored under).
pub fn summary_for(
    conn: &mut DbConn,
    game_id: i64,
    player_key: Option<&str>,
) -> Result<RatingSummary, AppError> {
    let (sum, count): (i64, i64) =
        games::table.find(game_id).select((games::rating_sum, games::rating_count)).first(conn)?;
    let Some(key) = player_key else { return Ok(summary(sum, count, None, false)) };
    let stars: Option<i32> =
        ratings::table.find((game_id, key)).select(ratings::stars).first(conn).optional()?;
    let can_rate = finished(conn, game_id, key)?;
    Ok(summary(sum, count, stars, can_rate))
}

fn summary(sum: i64, count: i64, stars: Option<i32>, can_rate: bool) -> RatingSummary {
    RatingSummary {
        average: (count > 0).then(|| round2(sum as f64 / count as f64)),
        count,
        stars: stars.and_then(|s| u8::try_from(s).ok()),
        can_rate,
    }
}
