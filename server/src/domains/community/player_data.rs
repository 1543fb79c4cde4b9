//! The player's ratings in the registry ([`crate::domains::player_data`]): they stay counted in
//! each game's average at a deletion, under the anonymous key and without the account; the
//! export lists the stars the player gave. At a claim a rating moves with its result (the
//! results' part moves both), so nothing is left here to move.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::{AccountExport, ExportedRating};

use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{games, ratings};

pub struct Ratings;

impl PlayerData for Ratings {
    fn name(&self) -> &'static str {
        "ratings"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        anonymous_key: &str,
        _: &mut Deleted,
    ) -> Result<(), DieselError> {
        // Under the anonymous key (new: no clash).
        diesel::update(
            ratings::table
                .filter(ratings::rater_key.eq(account.key).or(ratings::user_id.eq(account.user_id))),
        )
        .set((ratings::rater_key.eq(anonymous_key), ratings::user_id.eq(None::<i64>)))
        .execute(conn)?;
        Ok(())
    }

    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError> {
        let rows: Vec<(String, i32, i64, i64)> = ratings::table
            .inner_join(games::table)
            .filter(ratings::rater_key.eq(account.key))
            .order((ratings::created_at.asc(), games::id.asc()))
            .select((games::uid, ratings::stars, ratings::created_at, ratings::updated_at))
            .load(conn)?;
        out.ratings = rows
            .into_iter()
            .map(|(game_uid, stars, created, updated)| ExportedRating {
                game_uid,
                stars,
                created_at: format_millis(created),
                updated_at: format_millis(updated),
            })
            .collect();
        Ok(())
    }
}
