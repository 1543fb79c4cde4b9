//! The community games a player created, in the registry ([`crate::domains::player_data`]): at
//! a deletion a published one (approved, or ever a daily game) stays, with no owner and
//! "deleted user" as its submitter, because other players play it, link to it and hold results
//! of it; an unpublished one (unreviewed or denied, never daily: only its author and the admins
//! could open it) is deleted with its stats. The export lists them, except a game scheduled as
//! a future daily. Games belong to accounts, so a claim has nothing to move.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use game_core::Item;
use lavalist_api::accounts::{AccountExport, ExportedGame};

use super::model::ReviewStatus;
use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::games;

/// The submitter a deleted player's published games show.
pub const DELETED_SUBMITTER: &str = "deleted user";

pub struct CreatedGames;

impl PlayerData for CreatedGames {
    fn name(&self) -> &'static str {
        "created games"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        done: &mut Deleted,
    ) -> Result<(), DieselError> {
        let user_id = account.user_id;
        let published =
            games::status.eq(ReviewStatus::Approved.as_str()).or(games::edition_date.is_not_null());
        done.games_kept = diesel::update(games::table.filter(games::owner_id.eq(user_id)).filter(published))
            .set((games::owner_id.eq(None::<i64>), games::submitter.eq(DELETED_SUBMITTER)))
            .execute(conn)?;
        // What is left owned is unpublished; its stats, results, reports and disputes go with it.
        done.games_deleted =
            diesel::delete(games::table.filter(games::owner_id.eq(user_id))).execute(conn)?;
        Ok(())
    }

    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        released: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError> {
        let rows: Vec<(String, String, String, bool, i64, String)> = games::table
            .filter(games::owner_id.eq(account.user_id))
            .filter(games::edition_date.is_null().or(games::edition_date.le(released)))
            .order((games::created_at.asc(), games::id.asc()))
            .select((
                games::uid,
                games::prompt,
                games::status,
                games::public,
                games::created_at,
                games::items,
            ))
            .load(conn)?;
        out.games = rows
            .into_iter()
            .map(|(uid, prompt, status, public, created_at, items)| {
                let items: Vec<Item> = serde_json::from_str(&items).unwrap_or_default();
                ExportedGame {
                    uid,
                    prompt,
                    status,
                    public,
                    created_at: format_millis(created_at),
                    items: items.into_iter().map(|i| i.name).collect(),
                }
            })
            .collect();
        Ok(())
    }
}
