//! The player's groups in the registry ([`crate::domains::player_data`]): at a deletion each
//! group the player owns goes to its longest-standing other member (earliest `joined_at`, then
//! lowest id), or is deleted when the player is its only member, and every membership ends; the
//! export lists the groups with the player's role. Groups belong to accounts, so a claim has
//! nothing to move.

use diesel::prelude::*;
use diesel::result::Error as DieselError;
use lavalist_api::accounts::{AccountExport, ExportedGroup};

use crate::domains::channels::interface::remove_channel;
use crate::domains::player_data::{Account, Deleted, PlayerData};
use crate::platform::clock::format_millis;
use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::schema::{group_members, player_groups};

pub struct Groups;

impl PlayerData for Groups {
    fn name(&self) -> &'static str {
        "groups"
    }

    fn delete(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        done: &mut Deleted,
    ) -> Result<(), DieselError> {
        (done.groups_handed_over, done.groups_deleted) = leave_groups(conn, account.user_id)?;
        Ok(())
    }

    fn export(
        &self,
        conn: &mut DbConn,
        account: Account<'_>,
        _: &str,
        out: &mut AccountExport,
    ) -> Result<(), AppError> {
        let user_id = account.user_id;
        let rows: Vec<(String, i64, i64)> = player_groups::table
            .inner_join(group_members::table)
            .filter(group_members::user_id.eq(user_id))
            .order((group_members::joined_at.asc(), player_groups::id.asc()))
            .select((player_groups::name, player_groups::owner_id, group_members::joined_at))
            .load(conn)?;
        out.groups = rows
            .into_iter()
            .map(|(name, owner_id, joined_at)| ExportedGroup {
                name,
                role: if owner_id == user_id { "owner" } else { "member" }.into(),
                joined_at: format_millis(joined_at),
            })
            .collect();
        Ok(())
    }
}

/// Hands each owned group to its longest-standing other member, or deletes it when there is
/// none; then ends every membership. How many were handed over and deleted. The heir gets the
/// group without the old owner's chat channel: its webhook was the old owner's to share.
fn leave_groups(conn: &mut DbConn, user_id: i64) -> Result<(usize, usize), DieselError> {
    lock_groups_of(conn, user_id)?;
    let owned: Vec<i64> = player_groups::table
        .filter(player_groups::owner_id.eq(user_id))
        .order(player_groups::id)
        .select(player_groups::id)
        .load(conn)?;
    let (mut handed, mut deleted) = (0, 0);
    for group_id in owned {
        let heir: Option<i64> = group_members::table
            .filter(group_members::group_id.eq(group_id))
            .filter(group_members::user_id.ne(user_id))
            .order((group_members::joined_at.asc(), group_members::user_id.asc()))
            .select(group_members::user_id)
            .first(conn)
            .optional()?;
        match heir {
            Some(heir) => {
                diesel::update(player_groups::table.find(group_id))
                    .set(player_groups::owner_id.eq(heir))
                    .execute(conn)?;
                remove_channel(conn, group_id)?;
                handed += 1;
            }
            None => {
                remove_channel(conn, group_id)?;
                diesel::delete(group_members::table.filter(group_members::group_id.eq(group_id)))
                    .execute(conn)?;
                diesel::delete(player_groups::table.find(group_id)).execute(conn)?;
                deleted += 1;
            }
        }
    }
    diesel::delete(group_members::table.filter(group_members::user_id.eq(user_id))).execute(conn)?;
    Ok((handed, deleted))
}

/// On PostgreSQL, locks the rows of every group the player belongs to (in id order, as a
/// leave or a join takes one group's row after the player's), so that the heir chosen below
/// cannot leave, and a group handed to this player cannot arrive, until this deletion commits:
/// after the lock, the owners and members read are final. SQLite's writer runs alone.
fn lock_groups_of(conn: &mut DbConn, user_id: i64) -> Result<(), DieselError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    let member_of =
        group_members::table.filter(group_members::user_id.eq(user_id)).select(group_members::group_id);
    player_groups::table
        .filter(player_groups::id.eq_any(member_of).or(player_groups::owner_id.eq(user_id)))
        .order(player_groups::id)
        .select(player_groups::id)
        .for_update()
        .load::<i64>(pg)?;
    Ok(())
}
