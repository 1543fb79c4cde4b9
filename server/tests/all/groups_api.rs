//! Groups through the HTTP API on both backends: who may do what (guest, non-member, member,
//! owner, admin), the spoiler gate of today's board, the limits, a removed member and a
//! regenerated code, and boards that equal a recount of the stored results.

use crate::common;

use actix_web::http::StatusCode;
use chrono::{Duration, NaiveDate};
use common::{answers, Backend, Response, TestApp};
use diesel::prelude::*;
use game_core::calendar::format_date;
use lavalist::domains::submissions::account_user_key;
use lavalist::platform::schema::{streaks, submissions, users};
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";
/// Noon in New York.
const NOON: &str = "2026-03-10T17:00:00Z";

async fn player(app: &TestApp, name: &str) -> (String, i64) {
    let token = app.sign_up(name, &format!("{name}@example.com"), PASSWORD).await;
    (token, user_id(app, name))
}

fn user_id(app: &TestApp, name: &str) -> i64 {
    users::table.filter(users::username.eq(name)).select(users::id).first(&mut *app.conn()).expect("a user")
}

/// How a player plays a day's game: items found (the first ones), wrong guesses, hints.
#[derive(Debug, Clone, Copy)]
struct Play {
    found: usize,
    wrong: usize,
    hints: usize,
}

/// The action log of a play: hints, wrong guesses, the finds, then giving up unless all found.
fn actions(prompt: &str, play: Play) -> Vec<Value> {
    let mut log: Vec<Value> = Vec::new();
    let kinds = ["firstLetter", "length"];
    log.extend((0..play.hints).map(|i| json!({"hint": kinds[i % 2]})));
    log.extend((0..play.wrong).map(|i| json!({"guess": format!("nothing like it {i}")})));
    log.extend((1..=play.found).map(|i| json!({"guess": format!("{prompt} item {i}")})));
    if play.found < 10 {
        log.push(json!({"giveUp": true}));
    }
    log
}

/// The score the shared rules give this play of the game on `date`.
fn score_of(app: &TestApp, prompt: &str, date: NaiveDate, play: Play) -> u32 {
    let game = lavalist::domains::games::queries::find_by_date(
        &mut app.conn(),
        lavalist::domains::games::editions::ENGLISH,
        date,
    )
    .expect("read")
    .expect("a game");
    let log: Vec<game_core::Action> = serde_json::from_value(Value::Array(actions(prompt, play))).unwrap();
    game_core::GameState::replay(game.def(), &log).expect("a valid log").score()
}

/// Plays today's daily game as `user_id`: submitted through the API under a browser key (with
/// its action log, replayed by the server), then moved under the account's key, where results of
/// logged-in players are kept.
async fn play_today(app: &TestApp, prompt: &str, user_id: i64, play: Play, with_log: bool) {
    let date = app.today();
    let score = score_of(app, prompt, date, play);
    let browser_key = format!("browser-{user_id}");
    let mut body = json!({"date": format_date(date), "userKey": browser_key, "score": score,
        "answers": answers(play.found)});
    if with_log {
        body["actions"] = Value::Array(actions(prompt, play));
    }
    // The server's streak continues the account's: lend it to the browser key for the write.
    let account_key = account_user_key(user_id);
    rekey(app, &account_key, &browser_key);
    let res = app.post("/api/game/submit", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    rekey(app, &browser_key, &account_key);
}

/// Moves a player's result and streak from one userKey to another.
fn rekey(app: &TestApp, from: &str, to: &str) {
    let mut conn = app.conn();
    diesel::update(submissions::table.filter(submissions::user_key.eq(from)))
        .set(submissions::user_key.eq(to))
        .execute(&mut *conn)
        .expect("move the results");
    diesel::update(streaks::table.filter(streaks::user_key.eq(from)))
        .set(streaks::user_key.eq(to))
        .execute(&mut *conn)
        .expect("move the streak");
}

async fn create(app: &TestApp, token: &str, name: &str) -> Response {
    app.post_as("/api/groups", token, &json!({"name": name})).await
}

async fn delete_as(app: &TestApp, path: &str, token: &str) -> Response {
    app.call(
        actix_web::test::TestRequest::delete()
            .uri(path)
            .insert_header(("Authorization", format!("Bearer {token}"))),
    )
    .await
}

async fn delete_guest(app: &TestApp, path: &str) -> Response {
    app.call(actix_web::test::TestRequest::delete().uri(path)).await
}

fn code_of(group: &Value) -> String {
    group["inviteCode"].as_str().expect("the owner sees the code").to_string()
}

async fn guests_members_owners_and_admins(backend: Backend) {
    let app = backend.app(|_| {});
    let (owner, _) = player(&app, "olga").await;
    let (member, member_id) = player(&app, "mia").await;
    let (stranger, _) = player(&app, "sam").await;
    let admin = app.sign_up_admin("ada", "ada@example.com").await;
    let group = create(&app, &owner, "Lava lovers").await;
    assert_eq!(group.status, StatusCode::OK, "{:?}", group.body);
    let id = group.body["id"].as_i64().unwrap();
    let code = code_of(&group.body);
    assert!(code.len() >= 22 && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let joined = app.post_as(&format!("/api/groups/join/{code}"), &member, &json!({})).await;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    assert!(joined.body.get("inviteCode").is_none(), "members do not see the code");
    assert_eq!(joined.body["members"].as_array().unwrap().len(), 2);
    assert_eq!(joined.body["members"][0]["username"], "olga", "the owner first");
    let again = app.post_as(&format!("/api/groups/join/{code}"), &member, &json!({})).await;
    assert_eq!(again.body["members"].as_array().unwrap().len(), 2, "joining twice changes nothing");

    let base = format!("/api/groups/{id}");
    // Reading: members and the owner; 404 for the stranger and the admin; 401 for a guest.
    for path in [base.clone(), format!("{base}/boards")] {
        assert_eq!(app.get(&path).await.status, StatusCode::UNAUTHORIZED, "{path}");
        for token in [&stranger, &admin] {
            let res = app.get_as(&path, token).await;
            assert_eq!(
                (res.status, res.body["code"].as_str()),
                (StatusCode::NOT_FOUND, Some("groupNotFound")),
                "{path}"
            );
        }
        for token in [&owner, &member] {
            assert_eq!(app.get_as(&path, token).await.status, StatusCode::OK, "{path}");
        }
    }
    // Managing: the owner only; 403 for a member, 404 for everyone else.
    let rename = json!({"name": "Renamed"});
    let owner_posts = [(format!("{base}/name"), rename.clone()), (format!("{base}/code"), json!({}))];
    for (path, body) in &owner_posts {
        assert_eq!(app.post(path, body).await.status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(app.post_as(path, &stranger, body).await.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(app.post_as(path, &admin, body).await.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(app.post_as(path, &member, body).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let remove = format!("{base}/members/{member_id}");
    for path in [&remove, &base] {
        assert_eq!(delete_guest(&app, path).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(delete_as(&app, path, &stranger).await.status, StatusCode::NOT_FOUND);
        assert_eq!(delete_as(&app, path, &admin).await.status, StatusCode::NOT_FOUND);
        assert_eq!(delete_as(&app, path, &member).await.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(
        app.post_as(&format!("{base}/leave"), &stranger, &json!({})).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.post_as(&format!("{base}/leave"), &admin, &json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.post(&format!("{base}/leave"), &json!({})).await.status, StatusCode::UNAUTHORIZED);
    // An unknown group is the same 404 as someone else's.
    assert_eq!(app.get_as("/api/groups/999999", &stranger).await.body["code"], "groupNotFound");

    // The owner renames and cannot leave or remove themself; the member leaves.
    let renamed = app.post_as(&format!("{base}/name"), &owner, &rename).await;
    assert_eq!((renamed.status, renamed.body["name"].as_str()), (StatusCode::OK, Some("Renamed")));
    let owner_leaves = app.post_as(&format!("{base}/leave"), &owner, &json!({})).await;
    assert_eq!(
        (owner_leaves.status, owner_leaves.body["code"].as_str()),
        (StatusCode::CONFLICT, Some("conflict"))
    );
    let owner_id = user_id(&app, "olga");
    assert_eq!(
        delete_as(&app, &format!("{base}/members/{owner_id}"), &owner).await.status,
        StatusCode::CONFLICT
    );
    let mine = app.get_as("/api/groups", &member).await;
    assert_eq!(mine.body["groups"], json!([{"id": id, "name": "Renamed", "members": 2, "owned": false}]));
    assert_eq!(mine.body["maxGroups"], 20);
    assert_eq!(app.post_as(&format!("{base}/leave"), &member, &json!({})).await.status, StatusCode::OK);
    assert_eq!(app.get_as(&base, &member).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get_as("/api/groups", &member).await.body["groups"], json!([]));
    // Guests have no groups at all.
    assert_eq!(app.get("/api/groups").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/group-ranks").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.post("/api/groups", &rename).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.post(&format!("/api/groups/join/{code}"), &json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    // The owner deletes: gone for everyone.
    assert_eq!(delete_as(&app, &base, &owner).await.status, StatusCode::OK);
    assert_eq!(app.get_as(&base, &owner).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.post_as(&format!("/api/groups/join/{code}"), &member, &json!({})).await.status,
        StatusCode::NOT_FOUND
    );
}

async fn names_are_checked(backend: Backend) {
    let app = backend.app(|_| {});
    let (owner, _) = player(&app, "nina").await;
    for (name, code) in
        [("   ", "required"), (&"x".repeat(41) as &str, "tooLong"), ("fuck this", "profanity")]
    {
        let res = create(&app, &owner, name).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{name}");
        assert_eq!(
            (res.body["code"].as_str(), res.body["field"].as_str()),
            (Some(code), Some("name")),
            "{name}"
        );
    }
    // At most 40 characters as sent (the schema's maxLength), trimmed after.
    let padded = create(&app, &owner, &format!(" {} ", "é".repeat(38))).await;
    assert_eq!(
        (padded.status, padded.body["name"].as_str()),
        (StatusCode::OK, Some("é".repeat(38).as_str()))
    );
    let ok = create(&app, &owner, &"é".repeat(40)).await;
    assert_eq!((ok.status, ok.body["name"].as_str()), (StatusCode::OK, Some("é".repeat(40).as_str())));
    assert_eq!(create(&app, &owner, &format!(" {} ", "é".repeat(40))).await.body["code"], "tooLong");
    let path = format!("/api/groups/{}/name", ok.body["id"]);
    assert_eq!(app.post_as(&path, &owner, &json!({"name": ""})).await.body["code"], "required");
}

async fn limits_hold(backend: Backend) {
    let app = backend.app(|c| {
        c.max_groups_per_player = 2;
        c.max_group_members = 2;
    });
    let (a, _) = player(&app, "anna").await;
    let (b, _) = player(&app, "bert").await;
    let (c, _) = player(&app, "cleo").await;
    let first = create(&app, &a, "One").await;
    assert_eq!(create(&app, &a, "Two").await.status, StatusCode::OK);
    let third = create(&app, &a, "Three").await;
    assert_eq!((third.status, third.body["code"].as_str()), (StatusCode::CONFLICT, Some("tooManyGroups")));
    let code = code_of(&first.body);
    let join = |token: String| {
        let (app, code) = (&app, code.clone());
        async move { app.post_as(&format!("/api/groups/join/{code}"), &token, &json!({})).await }
    };
    assert_eq!(join(b.clone()).await.status, StatusCode::OK);
    let full = join(c.clone()).await;
    assert_eq!((full.status, full.body["code"].as_str()), (StatusCode::CONFLICT, Some("groupFull")));
    // B, in two groups already, cannot join a third.
    let (b1, b2) = (create(&app, &b, "B one").await, create(&app, &c, "C one").await);
    assert_eq!(b1.status, StatusCode::OK);
    let over = app.post_as(&format!("/api/groups/join/{}", code_of(&b2.body)), &b, &json!({})).await;
    assert_eq!(over.body["code"], "tooManyGroups");
    assert_eq!(app.get_as(&format!("/api/groups/{}", first.body["id"]), &a).await.body["maxMembers"], 2);
}

async fn removed_members_and_regenerated_codes(backend: Backend) {
    let app = backend.app(|_| {});
    let (owner, _) = player(&app, "odin").await;
    let (member, member_id) = player(&app, "mort").await;
    let group = create(&app, &owner, "Vikings").await;
    let (id, old_code) = (group.body["id"].as_i64().unwrap(), code_of(&group.body));
    app.post_as(&format!("/api/groups/join/{old_code}"), &member, &json!({})).await;
    let removed = delete_as(&app, &format!("/api/groups/{id}/members/{member_id}"), &owner).await;
    assert_eq!(removed.status, StatusCode::OK, "{:?}", removed.body);
    assert_eq!(removed.body["members"].as_array().unwrap().len(), 1);
    assert_eq!(
        delete_as(&app, &format!("/api/groups/{id}/members/{member_id}"), &owner).await.status,
        StatusCode::NOT_FOUND
    );
    for path in [format!("/api/groups/{id}"), format!("/api/groups/{id}/boards")] {
        assert_eq!(app.get_as(&path, &member).await.status, StatusCode::NOT_FOUND);
    }
    let regenerated = app.post_as(&format!("/api/groups/{id}/code"), &owner, &json!({})).await;
    let new_code = code_of(&regenerated.body);
    assert_ne!(new_code, old_code);
    let stale = app.post_as(&format!("/api/groups/join/{old_code}"), &member, &json!({})).await;
    assert_eq!((stale.status, stale.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("groupNotFound")));
    let fresh = app.post_as(&format!("/api/groups/join/{new_code}"), &member, &json!({})).await;
    assert_eq!(fresh.status, StatusCode::OK);
    assert_eq!(
        app.post_as("/api/groups/join/not-a-code", &member, &json!({})).await.status,
        StatusCode::NOT_FOUND
    );
}

/// The join page names the group, its owner and size; for logged-in players only, and only for
/// the current code.
async fn an_invite_shows_the_group_before_joining(backend: Backend) {
    let app = backend.app(|config| config.max_group_members = 5);
    let (owner, _) = player(&app, "olga").await;
    let (member, _) = player(&app, "mia").await;
    let group = create(&app, &owner, "Lava lovers").await;
    let (id, code) = (group.body["id"].as_i64().unwrap(), code_of(&group.body));
    let path = format!("/api/groups/join/{code}");
    assert_eq!(app.get(&path).await.status, StatusCode::UNAUTHORIZED);
    let invite = app.get_as(&path, &member).await;
    assert_eq!(invite.status, StatusCode::OK, "{:?}", invite.body);
    assert_eq!(
        invite.body,
        json!({"id": id, "name": "Lava lovers", "owner": "olga", "members": 1, "maxMembers": 5, "member": false})
    );
    assert_eq!(
        app.get_as(&format!("/api/groups/{id}"), &member).await.status,
        StatusCode::NOT_FOUND,
        "the invite shows no more than its summary: the group itself stays members-only"
    );
    app.post_as(&path, &member, &json!({})).await;
    let joined = app.get_as(&path, &member).await;
    assert_eq!((joined.body["members"].as_i64(), joined.body["member"].as_bool()), (Some(2), Some(true)));
    app.post_as(&format!("/api/groups/{id}/code"), &owner, &json!({})).await;
    let stale = app.get_as(&path, &member).await;
    assert_eq!((stale.status, stale.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("groupNotFound")));
}

/// An invite link's preview is public: a guest sees the group's name, owner and size (never
/// its id or members) for the current code only, an unknown code is a 404 error body, and the
/// lookups are rate-limited per address.
async fn a_guest_previews_an_invite(backend: Backend) {
    let app = backend.app(|config| {
        config.max_group_members = 5;
        config.rate_limits = vec!["invite-preview-ip=5/1h".parse().unwrap()];
    });
    let (owner, _) = player(&app, "olga").await;
    let (member, _) = player(&app, "mia").await;
    let group = create(&app, &owner, "Lava lovers").await;
    let code = code_of(&group.body);
    let path = format!("/api/groups/preview/{code}");
    let preview = app.get(&path).await;
    assert_eq!(preview.status, StatusCode::OK, "{:?}", preview.body);
    assert_eq!(preview.body, json!({"name": "Lava lovers", "owner": "olga", "members": 1, "maxMembers": 5}));
    assert_eq!(app.get_as(&path, &member).await.body, preview.body, "the same for a logged-in player");

    app.post_as(&format!("/api/groups/join/{code}"), &member, &json!({})).await;
    assert_eq!(app.get(&path).await.body["members"], 2);

    let unknown = app.get("/api/groups/preview/not-a-code").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.body, json!({"error": "No such group.", "code": "groupNotFound"}));
    let id = group.body["id"].as_i64().unwrap();
    app.post_as(&format!("/api/groups/{id}/code"), &owner, &json!({})).await;
    let stale = app.get(&path).await;
    assert_eq!((stale.status, stale.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("groupNotFound")));

    // Five lookups so far from this address (found or not, guest or not): the sixth waits.
    let limited = app.get(&path).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", limited.body);
    assert_eq!(limited.body["code"], "tooManyRequests");
    assert!(limited.body["error"].is_string());
}

/// What a member's row on a table should say, counted from the test's own plays.
#[derive(Debug, Default, Clone)]
struct Tally {
    played: i64,
    won: i64,
    total: i64,
}

async fn the_board_waits_for_todays_result_and_equals_a_recount(backend: Backend) {
    // Tokens outlive the ten days played.
    let app = backend.app_at(NOON, |c| c.token_days = 30);
    let first_day = app.today();
    for offset in 0..10 {
        app.add_daily(offset, &format!("Day {offset}"));
    }
    let (ann, ann_id) = player(&app, "ann").await;
    let (bob, bob_id) = player(&app, "bob").await;
    let (cat, cat_id) = player(&app, "cat").await;
    let group = create(&app, &ann, "Friends").await;
    let (id, code) = (group.body["id"].as_i64().unwrap(), code_of(&group.body));
    for token in [&bob, &cat] {
        app.post_as(&format!("/api/groups/join/{code}"), token, &json!({})).await;
    }
    // Nine days of plays (day offset, player, play); bob skips day 5, cat plays without logs on
    // day 2 (never on a board).
    let plays = |day: i64| -> Vec<(i64, Play, bool)> {
        let mut v = vec![(ann_id, Play { found: 10, wrong: (day % 3) as usize, hints: 0 }, true)];
        if day != 5 {
            v.push((
                bob_id,
                Play { found: (day as usize + 4).min(10), wrong: (day % 4) as usize, hints: 1 },
                true,
            ));
        }
        v.push((cat_id, Play { found: 7, wrong: 2, hints: (day % 2) as usize }, day != 2));
        v
    };
    let mut scores: std::collections::HashMap<(i64, i64), (u32, bool)> = Default::default();
    for day in 0..9 {
        for (user, play, with_log) in plays(day) {
            let prompt = format!("Day {day}");
            play_today(&app, &prompt, user, play, with_log).await;
            if with_log {
                scores.insert((day, user), (score_of(&app, &prompt, app.today(), play), play.found == 10));
            }
        }
        app.advance(Duration::days(1));
    }
    // Day 9 (today): only ann played so far.
    let today = app.today();
    assert_eq!(today, first_day + Duration::days(9));
    let ann_play = Play { found: 9, wrong: 3, hints: 2 };
    play_today(&app, "Day 9", ann_id, ann_play, true).await;
    let bob_play = Play { found: 10, wrong: 1, hints: 0 };
    scores.insert((9, ann_id), (score_of_today(&app, ann_play), false));
    scores.insert((9, bob_id), (score_of_today(&app, bob_play), true));
    let boards = format!("/api/groups/{id}/boards");
    let locked = app.get_as(&boards, &bob).await;
    assert_eq!(locked.status, StatusCode::OK);
    assert_eq!(
        locked.body["today"],
        json!({"date": format_date(today), "hasGame": true, "locked": true, "rows": []}),
        "nothing of today before bob finishes"
    );
    let tally = |from: i64, to: i64, user: i64| {
        let mut t = Tally::default();
        for day in from..=to {
            if let Some((score, won)) = scores.get(&(day, user)) {
                t.played += 1;
                t.won += i64::from(*won);
                t.total += i64::from(*score);
            }
        }
        t
    };
    let expect_table = |table: &Value, from: i64, to: i64| {
        for (name, user) in [("ann", ann_id), ("bob", bob_id), ("cat", cat_id)] {
            let t = tally(from, to, user);
            let row =
                table.as_array().unwrap().iter().find(|r| r["username"] == name).expect("a row per member");
            let average = if t.played > 0 { (t.total as f64 / t.played as f64).round() as i64 } else { 0 };
            assert_eq!(
                (row["played"].as_i64(), row["won"].as_i64(), row["averageScore"].as_i64()),
                (Some(t.played), Some(t.won), Some(average)),
                "{name} {from}..={to}"
            );
        }
    };
    // Locked: the tables stop at yesterday (day 8), the week being days 2..=8.
    expect_table(&locked.body["weekly"], 2, 8);
    expect_table(&locked.body["allTime"], 0, 8);
    // Nor do the streaks: ann's counts today only once bob has finished.
    let streaks_of = |body: &Value, name: &str| {
        let row = body["allTime"].as_array().unwrap().iter().find(|r| r["username"] == name).unwrap().clone();
        (row["playedStreak"].as_i64().unwrap(), row["wonStreak"].as_i64().unwrap())
    };
    // Ann won days 0..=8 and lost today: locked, bob sees her streaks as of yesterday, not a won
    // streak back at 0 that would tell him how today went.
    assert_eq!(streaks_of(&locked.body, "ann"), (9, 9));
    assert_eq!(app.get_as("/api/group-ranks", &bob).await.body["ranks"], json!([]));

    // Bob finishes: both rows, ranked; the tables take today in.
    play_today(&app, "Day 9", bob_id, bob_play, true).await;
    let open = app.get_as(&boards, &bob).await;
    let row = |user: i64, rank: i64, play: Play, name: &str| {
        json!({"userId": user, "username": name, "rank": rank, "score": scores[&(9, user)].0,
            "found": play.found, "wrong": play.wrong, "hints": play.hints, "won": play.found == 10})
    };
    assert_eq!(
        open.body["today"],
        json!({"date": format_date(today), "hasGame": true, "locked": false,
            "rows": [row(bob_id, 1, bob_play, "bob"), row(ann_id, 2, ann_play, "ann")]})
    );
    expect_table(&open.body["weekly"], 3, 9);
    expect_table(&open.body["allTime"], 0, 9);
    let bob_row =
        open.body["allTime"].as_array().unwrap().iter().find(|r| r["username"] == "bob").unwrap().clone();
    // Bob played days 6..=9 in a row (he skipped day 5), and won days 6..=9 (found 10 from day 6).
    assert_eq!((bob_row["playedStreak"].as_i64(), bob_row["wonStreak"].as_i64()), (Some(4), Some(4)));
    assert_eq!(streaks_of(&open.body, "ann"), (10, 0), "today's loss shows once bob has finished");
    let ranks = app.get_as("/api/group-ranks", &bob).await;
    assert_eq!(
        ranks.body,
        json!({"date": format_date(today), "ranks": [{"groupId": id, "name": "Friends", "rank": 1, "players": 2}]})
    );

    // Cat's result without a log unlocks cat's board but is never on it.
    play_today(&app, "Day 9", cat_id, Play { found: 10, wrong: 0, hints: 0 }, false).await;
    let cats = app.get_as(&boards, &cat).await;
    assert_eq!(cats.body["today"]["locked"], false);
    assert_eq!(cats.body["today"]["rows"].as_array().unwrap().len(), 2);
    assert_eq!(app.get_as("/api/group-ranks", &cat).await.body["ranks"], json!([]));
}

fn score_of_today(app: &TestApp, play: Play) -> u32 {
    score_of(app, "Day 9", app.today(), play)
}

on_both_backends_with_configs!(
    guests_members_owners_and_admins,
    an_invite_shows_the_group_before_joining,
    a_guest_previews_an_invite,
    names_are_checked,
    limits_hold,
    removed_members_and_regenerated_codes,
    the_board_waits_for_todays_result_and_equals_a_recount,
    an_heir_leaving_while_the_owner_deletes_the_account_leaves_a_managed_group,
);

/// Membership rows waiting for a lock in this test's PostgreSQL database.
fn lock_waiters(app: &TestApp) -> i64 {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = app.conn();
    let lavalist::platform::db::DbConn::Pg(pg) = &mut *conn else { return 0 };
    diesel::sql_query(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .get_result::<Count>(pg)
    .expect("pg_stat_activity")
    .n
}

async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..6000 {
        if done() {
            return;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("timed out waiting until {what}");
}

/// The owner deletes their account while their heir (the longest-standing member) leaves. On
/// PostgreSQL the test holds the heir's membership row so that the leave is mid-way when the
/// deletion chooses the heir (the interleaving that left a group owned by a non-member); on
/// SQLite both run at once. Either way the group ends owned by a member who manages it.
async fn an_heir_leaving_while_the_owner_deletes_the_account_leaves_a_managed_group(backend: Backend) {
    let app = backend.app_at(NOON, |c| c.db_pool = Some(8));
    let (owner, _) = player(&app, "olga").await;
    let (heir, heir_id) = player(&app, "hugo").await;
    let (next, next_id) = player(&app, "nina").await;
    let res = app.post_as("/api/groups", &owner, &json!({"name": "Lava_lovers"})).await;
    let (id, code) = (res.body["id"].as_i64().unwrap(), res.body["inviteCode"].as_str().unwrap().to_string());
    for token in [&heir, &next] {
        assert_eq!(
            app.post_as(&format!("/api/groups/join/{code}"), token, &json!({})).await.status,
            StatusCode::OK
        );
        app.advance(Duration::seconds(1));
    }
    let leave = || {
        actix_web::test::TestRequest::post()
            .uri(&format!("/api/groups/{id}/leave"))
            .insert_header(("authorization", format!("Bearer {heir}")))
            .set_json(json!({}))
    };
    let delete = || {
        actix_web::test::TestRequest::post()
            .uri("/api/user/delete")
            .insert_header(("authorization", format!("Bearer {owner}")))
            .set_json(json!({"password": PASSWORD}))
    };
    let (left, deleted) = match backend {
        Backend::Postgres => {
            let mut holder = app.conn();
            let lavalist::platform::db::DbConn::Pg(pg) = &mut *holder else { unreachable!() };
            use diesel::connection::SimpleConnection;
            pg.batch_execute(&format!(
                "BEGIN; SELECT 1 FROM group_members WHERE group_id = {id} AND user_id = {heir_id} FOR UPDATE"
            ))
            .unwrap();
            let finished = std::cell::Cell::new(false);
            let leaving = app.call(leave());
            let deleting = async {
                wait_until("the leave waits", || lock_waiters(&app) >= 1).await;
                let res = app.call(delete()).await;
                finished.set(true);
                res
            };
            let releasing = async {
                wait_until("the leave waits", || lock_waiters(&app) >= 1).await;
                // Without the locks the deletion finishes here, having chosen the heir; with
                // them it waits for the leave.
                wait_until("the deletion finishes or waits", || finished.get() || lock_waiters(&app) >= 2)
                    .await;
                pg.batch_execute("COMMIT").unwrap();
            };
            let (left, deleted, ()) = futures_util::join!(leaving, deleting, releasing);
            (left, deleted)
        }
        Backend::Sqlite => {
            let mut both = app.call_all(vec![leave(), delete()]).await;
            let deleted = both.pop().unwrap();
            (both.pop().unwrap(), deleted)
        }
    };
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);
    assert!(matches!(left.status, StatusCode::OK | StatusCode::CONFLICT), "{:?}", left.body);

    let (owner_id, members): (i64, Vec<i64>) = {
        use lavalist::platform::schema::{group_members, player_groups};
        let mut conn = app.conn();
        let owner_id =
            player_groups::table.find(id).select(player_groups::owner_id).first(&mut *conn).unwrap();
        let members = group_members::table
            .filter(group_members::group_id.eq(id))
            .select(group_members::user_id)
            .load(&mut *conn)
            .unwrap();
        (owner_id, members)
    };
    assert!(members.contains(&owner_id), "owner {owner_id} is not among the members {members:?}");
    let manager = if owner_id == heir_id { &heir } else { &next };
    assert!(owner_id == heir_id || owner_id == next_id);
    if left.status == StatusCode::OK {
        assert_eq!(owner_id, next_id, "the heir left first: the next member inherits");
    }
    let detail = app.get_as(&format!("/api/groups/{id}"), manager).await;
    assert_eq!(detail.status, StatusCode::OK, "{:?}", detail.body);
    let deleted_group = app
        .call(
            actix_web::test::TestRequest::delete()
                .uri(&format!("/api/groups/{id}"))
                .insert_header(("authorization", format!("Bearer {manager}"))),
        )
        .await;
    assert_eq!(deleted_group.status, StatusCode::OK, "the owner manages the group: {:?}", deleted_group.body);
}

/// Joins sent at once: a group never holds more than its limit, a player never belongs to more
/// groups than allowed, and a repeated join is answered the same and counted once.
mod concurrent_joins {
    use crate::common;

    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;
    use common::{Backend, Response, TestApp};
    use diesel::prelude::*;
    use lavalist::domains::accounts::token::Session;
    use lavalist::platform::schema::{group_members, users};
    use serde_json::{json, Value};

    /// An account made straight in the database, with a login token: no argon2 work, so a test
    /// can have many.
    fn quick_user(app: &TestApp, name: &str) -> (String, i64) {
        let id: i64 = diesel::insert_into(users::table)
            .values((
                users::username.eq(name),
                users::username_lower.eq(name.to_lowercase()),
                users::email.eq(format!("{name}@example.com")),
                users::created_at.eq(0),
            ))
            .returning(users::id)
            .get_result(&mut *app.conn())
            .expect("insert a user");
        let now = app.state().clock.now_ms();
        let token =
            app.state().tokens.issue(id, Session { version: 0, login_ms: now }, 0, now).expect("a token");
        (token, id)
    }

    fn post_as(path: &str, token: &str, body: &Value) -> TestRequest {
        TestRequest::post()
            .uri(path)
            .insert_header(("authorization", format!("Bearer {token}")))
            .set_json(body)
    }

    /// Creates a group as `token`'s user; its id and invite code.
    async fn create_group(app: &TestApp, token: &str, name: &str) -> (i64, String) {
        let res = app.post_as("/api/groups", token, &json!({"name": name})).await;
        assert_eq!(res.status, StatusCode::OK, "create: {:?}", res.body);
        (
            res.body["id"].as_i64().expect("an id"),
            res.body["inviteCode"].as_str().expect("a code").to_string(),
        )
    }

    fn members(app: &TestApp, group_id: i64) -> i64 {
        group_members::table
            .filter(group_members::group_id.eq(group_id))
            .count()
            .get_result(&mut *app.conn())
            .expect("count")
    }

    fn memberships(app: &TestApp, user_id: i64) -> i64 {
        group_members::table
            .filter(group_members::user_id.eq(user_id))
            .count()
            .get_result(&mut *app.conn())
            .expect("count")
    }

    /// Counts the answers by status; panics on a 5xx.
    fn tally(answers: &[Response]) -> (usize, usize) {
        for res in answers {
            assert!(
                res.status.is_client_error() || res.status.is_success(),
                "{}: {:?}",
                res.status,
                res.body
            );
        }
        let ok = answers.iter().filter(|r| r.status == StatusCode::OK).count();
        let conflicts = answers.iter().filter(|r| r.status == StatusCode::CONFLICT).count();
        (ok, conflicts)
    }

    /// Ten players join a group with room for two more at once: two get in, eight are told it is
    /// full, and the group never holds more than its limit.
    async fn concurrent_joins_never_overfill_a_group(backend: Backend) {
        let app = backend.app(|config| config.max_group_members = 3);
        let (owner, _) = quick_user(&app, "owner");
        let (group, code) = create_group(&app, &owner, "Full house").await;
        let first =
            app.post_as(&format!("/api/groups/join/{code}"), &quick_user(&app, "second").0, &json!({})).await;
        assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
        let joiners: Vec<String> = (0..10).map(|i| quick_user(&app, &format!("joiner{i}")).0).collect();
        let reqs =
            joiners.iter().map(|t| post_as(&format!("/api/groups/join/{code}"), t, &json!({}))).collect();
        let answers = app.call_all(reqs).await;
        let (ok, full) = tally(&answers);
        assert_eq!((ok, full), (1, 9), "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
        assert!(answers
            .iter()
            .filter(|r| r.status == StatusCode::CONFLICT)
            .all(|r| r.body["code"] == "groupFull"));
        assert_eq!(members(&app, group), 3);
    }

    /// A player joins ten groups at once with room for two: two joins pass, and the player never
    /// belongs to more groups than allowed.
    async fn concurrent_joins_never_exceed_the_groups_per_player(backend: Backend) {
        let app = backend.app(|config| config.max_groups_per_player = 2);
        let mut codes = Vec::new();
        for i in 0..10 {
            let (owner, _) = quick_user(&app, &format!("owner{i}"));
            codes.push(create_group(&app, &owner, &format!("Group {i}")).await.1);
        }
        let (player, player_id) = quick_user(&app, "joiner");
        let reqs =
            codes.iter().map(|c| post_as(&format!("/api/groups/join/{c}"), &player, &json!({}))).collect();
        let answers = app.call_all(reqs).await;
        let (ok, refused) = tally(&answers);
        assert_eq!((ok, refused), (2, 8), "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
        assert!(answers
            .iter()
            .filter(|r| r.status == StatusCode::CONFLICT)
            .all(|r| r.body["code"] == "tooManyGroups"));
        assert_eq!(memberships(&app, player_id), 2);
    }

    /// The same join sent several times at once (a double click, a retry): every one answers 200
    /// with the same group, and the player is in it once.
    async fn concurrent_repeat_joins_are_idempotent(backend: Backend) {
        let app = backend.app(|_| {});
        let (owner, _) = quick_user(&app, "owner");
        let (group, code) = create_group(&app, &owner, "Twice").await;
        let (player, player_id) = quick_user(&app, "clicker");
        let reqs =
            (0..5).map(|_| post_as(&format!("/api/groups/join/{code}"), &player, &json!({}))).collect();
        let answers = app.call_all(reqs).await;
        for res in &answers {
            assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
            assert_eq!(res.body, answers[0].body);
        }
        assert_eq!(memberships(&app, player_id), 1);
        assert_eq!(members(&app, group), 2);
    }

    on_both_backends_with_configs!(
        concurrent_joins_never_overfill_a_group,
        concurrent_joins_never_exceed_the_groups_per_player,
        concurrent_repeat_joins_are_idempotent,
    );
}
