//! Groups: logged-in players compare their daily results. Anyone logged in creates a group and
//! shares its invite link (`/join/{code}`); members see the members, today's board once they
//! finished today's game, and the weekly and all-time tables. The owner renames, regenerates the
//! code, removes members and deletes the group; members leave (the owner deletes instead).
//!
//! Groups are private to their members: everything of a group answers 404 `groupNotFound` to a
//! player who is not a member, admins included (a group holds nothing an admin moderates that
//! is not already public: its name is seen by members only), except what its invite link shows
//! anyone holding it (name, owner, size: [`preview_invite`], rate-limited). A member asking for an owner's
//! action gets 403. Results count under the account's userKey (`acct:{id}`), and only daily
//! play (a result sent through the daily route within its day's window) whose action log the
//! server replayed makes the boards. Boards read the summaries stored with each result
//! (`submissions::summary`), never the logs, and are rate-limited (`boards-ip`,
//! `boards-account`).

pub mod board;
pub mod interface;
pub mod owner;
pub mod player_data;
pub mod queries;

use std::collections::HashMap;

use actix_web::{delete, get, post, web, HttpRequest};
use chrono::Duration;
use game_core::calendar::{format_date, today};
use game_core::profanity::{is_profane, PROFANITY_MESSAGE};
use game_core::streak::Streak;
use lavalist_api::accounts::MessageResponse;
use lavalist_api::groups::{
    GroupBoards, GroupDetail, GroupInvite, GroupList, GroupMember, GroupNameBody, GroupRank, GroupRanks,
    InvitePreview, TodayBoard,
};

use crate::domains::accounts::interface::{AuthUser, Viewer};
use crate::domains::games::interface::editions;
use crate::domains::games::interface::StoredGame;
use crate::domains::submissions::interface::account_user_key;
use crate::domains::submissions::interface::streaks::{self as streak_rows, Row};
use crate::platform::clock::format_millis;
use crate::platform::db::{self, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::{self, Endpoint};
use crate::state::AppState;
use board::Member;
use lavalist_api::accounts::Locale;
use lavalist_api::games::EditionQuery;
use queries::{GroupRow, Limits, Totals};

/// The longest group name, in characters after trimming.
pub const MAX_NAME_CHARS: usize = 40;
/// Game days in the weekly table, today included.
const WEEK_DAYS: i64 = 7;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `ranks` and `join` before `{id}`: actix tries resources in order.
    cfg.service(my_groups)
        .service(create_group)
        .service(my_ranks)
        .service(invite)
        .service(preview_invite)
        .service(join_group)
        .service(group_detail)
        .service(delete_group)
        .service(rename_group)
        .service(regenerate_code)
        .service(leave_group)
        .service(remove_member)
        .service(group_boards);
}

fn limits(state: &AppState) -> Limits {
    Limits {
        groups_per_player: i64::from(state.config.max_groups_per_player),
        members_per_group: i64::from(state.config.max_group_members),
    }
}

/// At most [`MAX_NAME_CHARS`] as sent (the schema's `maxLength`), then control characters
/// stripped and trimmed: not blank, nothing offensive.
fn clean_name(name: &str) -> Result<String, AppError> {
    let refuse = |code, message: String| AppError::Refused { code, message, field: Some("name".into()) };
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(refuse(
            ErrorCode::TooLong,
            format!("A group name has at most {MAX_NAME_CHARS} characters."),
        ));
    }
    let name = crate::platform::text::strip_controls(name).trim().to_string();
    if name.is_empty() {
        return Err(refuse(ErrorCode::Required, "A group needs a name.".into()));
    }
    if is_profane(&name) {
        return Err(refuse(ErrorCode::Profanity, PROFANITY_MESSAGE.into()));
    }
    Ok(name)
}

/// The group as `viewer_id` sees it (404 unless a member).
fn detail(
    conn: &mut DbConn,
    group_id: i64,
    viewer_id: i64,
    max_members: i64,
) -> Result<GroupDetail, AppError> {
    let group = queries::group_of_member(conn, group_id, viewer_id)?;
    let owned = group.owner_id == viewer_id;
    let mut members: Vec<GroupMember> = queries::members(conn, group_id)?
        .into_iter()
        .map(|(user_id, username, joined)| GroupMember {
            user_id,
            username,
            owner: user_id == group.owner_id,
            joined_at: format_millis(joined),
        })
        .collect();
    // The owner first; the rest keep their joining order.
    members.sort_by_key(|m| !m.owner);
    Ok(GroupDetail {
        id: group.id,
        name: group.name,
        owned,
        invite_code: owned.then_some(group.invite_code),
        members,
        max_members,
    })
}

/// The group if the viewer owns it: 404 for a non-member, 403 for a member.
fn owned_group(conn: &mut DbConn, group_id: i64, viewer_id: i64) -> Result<GroupRow, AppError> {
    let group = queries::group_of_member(conn, group_id, viewer_id)?;
    if group.owner_id != viewer_id {
        return Err(AppError::refused(ErrorCode::Forbidden, "Only the group's owner may do this."));
    }
    Ok(group)
}

async fn run_detail(
    state: &AppState,
    viewer_id: i64,
    work: impl FnOnce(&mut DbConn) -> Result<i64, AppError> + Send + 'static,
) -> Result<web::Json<GroupDetail>, AppError> {
    let max_members = limits(state).members_per_group;
    let detail = db::run(&state.pool, move |conn| {
        let group_id = work(conn)?;
        detail(conn, group_id, viewer_id, max_members)
    })
    .await?;
    Ok(web::Json(detail))
}

/// The viewer's groups.
#[utoipa::path(get, path = "/api/groups", tag = "groups",
    responses((status = 200, body = GroupList), (status = 401, body = lavalist_api::ErrorBody)))]
#[get("/groups")]
pub async fn my_groups(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<GroupList>, AppError> {
    let user_id = user.row.id;
    let groups = db::run(&state.pool, move |conn| queries::groups_of(conn, user_id)).await?;
    Ok(web::Json(GroupList { groups, max_groups: limits(&state).groups_per_player }))
}

/// Creates a group owned by the viewer, with a fresh invite code.
#[utoipa::path(post, path = "/api/groups", tag = "groups", request_body = GroupNameBody,
    responses((status = 200, body = GroupDetail),
        (status = 400, description = "A blank, too long or offensive name", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 409, description = "The viewer is in as many groups as allowed", body = lavalist_api::ErrorBody)))]
#[post("/groups")]
pub async fn create_group(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<GroupNameBody>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let name = clean_name(&body.name)?;
    let (user_id, now_ms, limits) = (user.row.id, state.clock.now_ms(), limits(&state));
    let detail =
        run_detail(&state, user_id, move |conn| queries::create(conn, user_id, &name, now_ms, limits))
            .await?;
    tracing::info!(user_id, group_id = detail.id, "group created");
    Ok(detail)
}

/// The group an invite link leads to: its name, owner and size, before the viewer joins.
#[utoipa::path(get, path = "/api/groups/join/{code}", tag = "groups",
    params(("code" = String, Path, description = "The invite code of the link `/join/{code}`")),
    responses((status = 200, body = GroupInvite), (status = 401, body = lavalist_api::ErrorBody),
        (status = 404, description = "No group has this code (or it was regenerated)", body = lavalist_api::ErrorBody)))]
#[get("/groups/join/{code}")]
pub async fn invite(
    state: web::Data<AppState>,
    user: AuthUser,
    code: web::Path<String>,
) -> Result<web::Json<GroupInvite>, AppError> {
    let (code, user_id) = (code.into_inner(), user.row.id);
    let (group, owner, members, member) =
        db::run(&state.pool, move |conn| queries::invite(conn, code.trim(), Some(user_id))).await?;
    let max_members = limits(&state).members_per_group;
    Ok(web::Json(GroupInvite {
        id: group.id,
        preview: InvitePreview { name: group.name, owner, members, max_members },
        member,
    }))
}

/// What anyone holding an invite link sees before signing up: the group's name, its owner and
/// its size; never its id or its members. The 128-bit code is the secret; the lookups are still
/// limited (`invite-preview-ip`, and `invite-preview-account` for a logged-in viewer).
#[utoipa::path(get, path = "/api/groups/preview/{code}", tag = "groups",
    params(("code" = String, Path, description = "The invite code of the link `/join/{code}`")),
    responses((status = 200, body = InvitePreview),
        (status = 404, description = "No group has this code (or it was regenerated)", body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[get("/groups/preview/{code}")]
pub async fn preview_invite(
    state: web::Data<AppState>,
    req: HttpRequest,
    viewer: Viewer,
    code: web::Path<String>,
) -> Result<web::Json<InvitePreview>, AppError> {
    let account = viewer.account().map(|a| ratelimit::user_key(a.id));
    state.limiter.limit(&state.pool, &req, Endpoint::InvitePreview, account.as_deref()).await?;
    let code = code.into_inner();
    let (group, owner, members, _) =
        db::run(&state.pool, move |conn| queries::invite(conn, code.trim(), None)).await?;
    Ok(web::Json(InvitePreview {
        name: group.name,
        owner,
        members,
        max_members: limits(&state).members_per_group,
    }))
}

/// Joins the group of this invite code (again: nothing changes).
#[utoipa::path(post, path = "/api/groups/join/{code}", tag = "groups",
    params(("code" = String, Path, description = "The invite code of the link `/join/{code}`")),
    responses((status = 200, body = GroupDetail), (status = 401, body = lavalist_api::ErrorBody),
        (status = 404, description = "No group has this code (or it was regenerated)", body = lavalist_api::ErrorBody),
        (status = 409, description = "The viewer is in as many groups as allowed, or the group is full", body = lavalist_api::ErrorBody)))]
#[post("/groups/join/{code}")]
pub async fn join_group(
    state: web::Data<AppState>,
    user: AuthUser,
    code: web::Path<String>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let code = code.into_inner();
    let (user_id, now_ms, limits) = (user.row.id, state.clock.now_ms(), limits(&state));
    run_detail(&state, user_id, move |conn| queries::join(conn, code.trim(), user_id, now_ms, limits)).await
}

/// The group and its members; the owner also sees the invite code.
#[utoipa::path(get, path = "/api/groups/{id}", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = GroupDetail), (status = 401, body = lavalist_api::ErrorBody),
        (status = 404, description = "No such group, or the viewer is not a member", body = lavalist_api::ErrorBody)))]
#[get("/groups/{id}")]
pub async fn group_detail(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<i64>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let group_id = id.into_inner();
    run_detail(&state, user.row.id, move |_| Ok(group_id)).await
}

/// Renames the group (its owner).
#[utoipa::path(post, path = "/api/groups/{id}/name", tag = "groups", request_body = GroupNameBody,
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = GroupDetail),
        (status = 400, description = "A blank, too long or offensive name", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[post("/groups/{id}/name")]
pub async fn rename_group(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<i64>,
    body: web::Json<GroupNameBody>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let (group_id, user_id) = (id.into_inner(), user.row.id);
    // Who may rename is checked before the name: a non-member learns nothing from a 400.
    let name = body.into_inner().name;
    run_detail(&state, user_id, move |conn| {
        owned_group(conn, group_id, user_id)?;
        queries::rename(conn, group_id, &clean_name(&name)?)?;
        Ok(group_id)
    })
    .await
}

/// Replaces the invite code (its owner): links with the old one stop working.
#[utoipa::path(post, path = "/api/groups/{id}/code", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = GroupDetail), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[post("/groups/{id}/code")]
pub async fn regenerate_code(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<i64>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let (group_id, user_id) = (id.into_inner(), user.row.id);
    run_detail(&state, user_id, move |conn| {
        owned_group(conn, group_id, user_id)?;
        queries::regenerate_code(conn, group_id)?;
        Ok(group_id)
    })
    .await
}

/// Takes a member out of the group (its owner; not the owner themself).
#[utoipa::path(delete, path = "/api/groups/{id}/members/{userId}", tag = "groups",
    params(("id" = i64, Path, description = "The group's id"),
        ("userId" = i64, Path, description = "The member's user id")),
    responses((status = 200, body = GroupDetail), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such group for the viewer, or no such member", body = lavalist_api::ErrorBody),
        (status = 409, description = "The owner cannot remove themself: delete the group", body = lavalist_api::ErrorBody)))]
#[delete("/groups/{id}/members/{userId}")]
pub async fn remove_member(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<(i64, i64)>,
) -> Result<web::Json<GroupDetail>, AppError> {
    let ((group_id, member_id), user_id) = (path.into_inner(), user.row.id);
    run_detail(&state, user_id, move |conn| {
        owned_group(conn, group_id, user_id)?;
        if member_id == user_id {
            return Err(queries::owner_stays());
        }
        if !queries::remove_member(conn, group_id, member_id)? {
            return Err(AppError::refused(ErrorCode::NotFound, "No such member in this group."));
        }
        Ok(group_id)
    })
    .await
}

/// Leaves the group (a member who is not its owner).
#[utoipa::path(post, path = "/api/groups/{id}/leave", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody),
        (status = 409, description = "The owner cannot leave: delete the group", body = lavalist_api::ErrorBody)))]
#[post("/groups/{id}/leave")]
pub async fn leave_group(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let (group_id, user_id) = (id.into_inner(), user.row.id);
    db::run(&state.pool, move |conn| queries::leave(conn, group_id, user_id)).await?;
    Ok(web::Json(MessageResponse { message: "You left the group.".into() }))
}

/// Deletes the group with its memberships (its owner). Results stay: they are the players'.
#[utoipa::path(delete, path = "/api/groups/{id}", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = MessageResponse), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[delete("/groups/{id}")]
pub async fn delete_group(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let (group_id, user_id) = (id.into_inner(), user.row.id);
    db::run(&state.pool, move |conn| {
        owned_group(conn, group_id, user_id)?;
        queries::delete(conn, group_id)
    })
    .await?;
    tracing::info!(user_id, group_id, "group deleted");
    Ok(web::Json(MessageResponse { message: "The group is deleted.".into() }))
}

/// Boards and ranks read the whole group's results: limited per address and per account
/// (the `boards-ip` and `boards-account` buckets), like other reads that cost work.
async fn limit_boards(state: &AppState, req: &HttpRequest, user_id: i64) -> Result<(), AppError> {
    state.limiter.limit(&state.pool, req, Endpoint::Boards, Some(&ratelimit::user_key(user_id))).await
}

/// Today's board (locked until the viewer has a result for today's daily game) and the weekly
/// and all-time tables: daily play only, each result on the day it was played.
#[utoipa::path(get, path = "/api/groups/{id}/boards", tag = "groups",
    params(("id" = i64, Path, description = "The group's id"), EditionQuery),
    responses((status = 200, body = GroupBoards), (status = 401, body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody),
        (status = 429, description = "Too many boards from this address or account", body = lavalist_api::ErrorBody)))]
#[get("/groups/{id}/boards")]
pub async fn group_boards(
    state: web::Data<AppState>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GroupBoards>, AppError> {
    let (group_id, user_id) = (id.into_inner(), user.row.id);
    limit_boards(&state, &req, user_id).await?;
    let today = today(state.clock.now());
    let edition = editions::parse(edition.edition.as_deref());
    let game = todays_game(&state, edition).await?;
    let boards = db::run(&state.pool, move |conn| {
        queries::group_of_member(conn, group_id, user_id)?;
        let members = members_of(conn, group_id)?;
        let today_board = today_board(conn, game.as_deref(), &members, user_id, today)?;
        // Until the viewer finished today's game, the tables stop at yesterday.
        let last_day = if today_board.locked { today - Duration::days(1) } else { today };
        let hidden = today_board.locked.then_some(today);
        let week = Span { from: Some(last_day - Duration::days(WEEK_DAYS - 1)), to: last_day, today };
        let rows = visible_rows(conn, edition, &members, hidden)?;
        let weekly = tables(conn, edition, &members, week, &rows)?;
        let all_time = tables(conn, edition, &members, Span { from: None, ..week }, &rows)?;
        Ok(GroupBoards { today: today_board, weekly, all_time })
    })
    .await?;
    Ok(web::Json(boards))
}

/// The viewer's rank in each of their groups for today's daily game (none until they have a
/// replayed result for it).
#[utoipa::path(get, path = "/api/group-ranks", tag = "groups", params(EditionQuery),
    responses((status = 200, body = GroupRanks), (status = 401, body = lavalist_api::ErrorBody),
        (status = 429, description = "Too many boards from this address or account", body = lavalist_api::ErrorBody)))]
#[get("/group-ranks")]
pub async fn my_ranks(
    state: web::Data<AppState>,
    user: AuthUser,
    req: HttpRequest,
    edition: web::Query<EditionQuery>,
) -> Result<web::Json<GroupRanks>, AppError> {
    let user_id = user.row.id;
    limit_boards(&state, &req, user_id).await?;
    let today = today(state.clock.now());
    let game = todays_game(&state, editions::parse(edition.edition.as_deref())).await?;
    let ranks = db::run(&state.pool, move |conn| {
        let Some(game) = game else { return Ok(Vec::new()) };
        let mut ranks = Vec::new();
        for group in queries::groups_of(conn, user_id)? {
            let members = members_of(conn, group.id)?;
            let rows = board_rows(conn, &game, &members, today)?;
            if let Some(mine) = rows.iter().find(|r| r.user_id == user_id) {
                ranks.push(GroupRank {
                    group_id: group.id,
                    name: group.name,
                    rank: mine.rank,
                    players: rows.len() as i64,
                });
            }
        }
        Ok(ranks)
    })
    .await?;
    Ok(web::Json(GroupRanks { date: format_date(today), ranks }))
}

/// Today's game of a daily edition: each edition's board is its own.
async fn todays_game(
    state: &AppState,
    edition: Locale,
) -> Result<Option<std::sync::Arc<StoredGame>>, AppError> {
    let today = today(state.clock.now());
    Ok(state.games.day(&state.pool, edition, today, today).await?.and_then(|day| day.game.clone()))
}

pub(crate) fn members_of(conn: &mut DbConn, group_id: i64) -> Result<Vec<Member>, AppError> {
    Ok(queries::members(conn, group_id)?
        .into_iter()
        .map(|(user_id, username, _)| Member { user_id, username, user_key: account_user_key(user_id) })
        .collect())
}

fn keys(members: &[Member]) -> Vec<String> {
    members.iter().map(|m| m.user_key.clone()).collect()
}

fn board_rows(
    conn: &mut DbConn,
    game: &StoredGame,
    members: &[Member],
    today: chrono::NaiveDate,
) -> Result<Vec<lavalist_api::groups::BoardRow>, AppError> {
    let results = queries::board_results(conn, game.id, today, &keys(members))?;
    Ok(board::today_rows(members, &results))
}

fn today_board(
    conn: &mut DbConn,
    game: Option<&StoredGame>,
    members: &[Member],
    viewer_id: i64,
    today: chrono::NaiveDate,
) -> Result<TodayBoard, AppError> {
    let date = format_date(today);
    let Some(game) = game else {
        return Ok(TodayBoard { date, has_game: false, locked: false, rows: Vec::new() });
    };
    if !queries::has_result(conn, game.id, &account_user_key(viewer_id))? {
        return Ok(TodayBoard { date, has_game: true, locked: true, rows: Vec::new() });
    }
    Ok(TodayBoard { date, has_game: true, locked: false, rows: board_rows(conn, game, members, today)? })
}

/// The game days a table counts (`from` none: every day through `to`).
#[derive(Debug, Clone, Copy)]
struct Span {
    from: Option<chrono::NaiveDate>,
    to: chrono::NaiveDate,
    today: chrono::NaiveDate,
}

/// The members' streak rows, with their streaks as the viewer may see them: before the hidden
/// day, if any (a stored streak has that day in it, and a won streak back at 0 would tell the
/// viewer who lost today). A row keeps its streak before its last day; one an older release
/// moved on is recounted from the last loss instead.
fn visible_rows(
    conn: &mut DbConn,
    edition: Locale,
    members: &[Member],
    hidden: Option<chrono::NaiveDate>,
) -> Result<HashMap<String, Row>, AppError> {
    let mut rows = streak_rows::read_edition(conn, &keys(members), edition.tag())?;
    let Some(hidden) = hidden else { return Ok(rows) };
    let unknown: Vec<&str> = rows
        .iter()
        .filter(|(_, row)| row.streak.last_played == Some(hidden) && row.prior_of_last_day().is_none())
        .map(|(key, _)| key.as_str())
        .collect();
    let losses = queries::last_losses(conn, edition, &unknown, hidden)?;
    for (key, row) in rows.iter_mut() {
        row.streak = match row.prior_of_last_day() {
            Some(prior) if row.streak.last_played == Some(hidden) => prior,
            _ => row.streak.before(hidden, losses.get(key).copied()),
        };
    }
    Ok(rows)
}

/// The members' replayed daily play over a table's days: a week summed from its days, every day
/// through `to` from the totals each streak row keeps, less the days after `to` (today's, while
/// the viewer's board is locked). Rows not counted yet are summed from their days.
fn span_totals(
    conn: &mut DbConn,
    edition: Locale,
    members: &[Member],
    span: Span,
    rows: &HashMap<String, Row>,
) -> Result<HashMap<String, Totals>, AppError> {
    if span.from.is_some() {
        return queries::sum_days(conn, edition, &keys(members), span.from, Some(span.to));
    }
    let (counted, uncounted): (Vec<String>, Vec<String>) = keys(members)
        .into_iter()
        .filter(|key| rows.contains_key(key))
        .partition(|key| rows[key].counted_totals().is_some());
    let later = queries::sum_days(conn, edition, &counted, Some(span.to + Duration::days(1)), None)?;
    let mut totals = queries::sum_days(conn, edition, &uncounted, None, Some(span.to))?;
    for key in counted {
        let all = rows[&key].counted_totals().unwrap_or_default();
        totals.insert(key.clone(), all.minus(later.get(&key).copied().unwrap_or_default()));
    }
    Ok(totals)
}

fn tables(
    conn: &mut DbConn,
    edition: Locale,
    members: &[Member],
    span: Span,
    rows: &HashMap<String, Row>,
) -> Result<Vec<lavalist_api::groups::TableRow>, AppError> {
    let totals = span_totals(conn, edition, members, span, rows)?;
    let streaks: HashMap<String, Streak> = rows.iter().map(|(key, row)| (key.clone(), row.streak)).collect();
    Ok(board::table(members, &totals, &streaks, span.today))
}
