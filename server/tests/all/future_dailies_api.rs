//! A community game an admin schedules as a future daily (and perhaps edits) is the admins'
//! until its day, on both backends: whoever made, played or disputed it before it was
//! scheduled learns neither its date nor its new prompt and items, from the disputes list, the
//! account export, the creator's stats or a refused delete (409 without the day); on its day
//! all of it shows.

use crate::common;

use actix_web::http::StatusCode;
use chrono::Duration;
use common::{answers, new_game, Backend, Response, TestApp};
use diesel::prelude::*;
use game_core::calendar::format_date;
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::insert_game;
use lavalist::platform::schema::{games, users};
use serde_json::{json, Value};

on_both_backends_with_configs!(a_future_daily_shows_its_makers_and_players_nothing_new);

const NOON: &str = "2026-03-10T17:00:00Z";
const PASSWORD: &str = "correct horse battery";
const SECRET_PROMPT: &str = "Volcanoes of the admins' secret day";

/// Plays the community game as the viewer: a wrong guess, two items, then gives up.
async fn play(app: &TestApp, token: Option<&str>, user_key: &str, uid: &str, prompt: &str) {
    let log = vec![
        json!({"guess": "Atlantis"}),
        json!({"guess": format!("{prompt} item 1")}),
        json!({"guess": format!("{prompt} item 2")}),
        json!({"giveUp": true}),
    ];
    let actions: Vec<game_core::Action> = serde_json::from_value(Value::Array(log.clone())).unwrap();
    let game = lavalist::domains::games::queries::find_by_uid(&mut app.conn(), uid).unwrap().unwrap();
    let score = game_core::GameState::replay(game.def(), &actions).unwrap().score();
    let body =
        json!({"gameUid": uid, "userKey": user_key, "score": score, "answers": answers(2), "actions": log});
    let res = match token {
        Some(token) => app.post_as("/api/game/submit-community-game", token, &body).await,
        None => app.post("/api/game/submit-community-game", &body).await,
    };
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn delete_game(app: &TestApp, token: &str, uid: &str) -> Response {
    app.call(
        actix_web::test::TestRequest::delete()
            .uri(&format!("/api/game/uid/{uid}"))
            .insert_header(("authorization", format!("Bearer {token}"))),
    )
    .await
}

/// Whether any of `secrets` appears anywhere in the answer.
fn tells(res: &Response, secrets: &[&str]) -> Option<String> {
    let text = String::from_utf8_lossy(&res.raw);
    secrets.iter().find(|s| text.contains(*s)).map(|s| s.to_string())
}

async fn a_future_daily_shows_its_makers_and_players_nothing_new(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let creator = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let creator_id: i64 =
        users::table.filter(users::username.eq("maker")).select(users::id).first(&mut *app.conn()).unwrap();
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let mut game = new_game(game_core::GameKind::Community, ReviewStatus::Approved, true, "Lava lakes", None);
    game.owner_id = Some(creator_id);
    insert_game(&mut app.conn(), &game).unwrap();
    let uid = game.uid.clone();

    // Played and disputed before anybody scheduled it: by a guest and by its creator.
    play(&app, None, "guest-key", &uid, "Lava lakes").await;
    play(&app, Some(&creator), "maker-browser", &uid, "Lava lakes").await;
    let disputed = app
        .post(&format!("/api/game/uid/{uid}/disputes"), &json!({"userKey": "guest-key", "guess": "Atlantis"}))
        .await;
    assert_eq!(disputed.status, StatusCode::OK, "{:?}", disputed.body);
    assert!(disputed.body["date"].is_null());

    // The admins schedule it two days ahead and rewrite it.
    let day = format_date(app.today() + Duration::days(2));
    let res = app.post_as(&format!("/api/admin/make-daily/{uid}?date={day}"), &admin, &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let items = serde_json::to_string(&common::items(SECRET_PROMPT)).unwrap();
    diesel::update(games::table.filter(games::uid.eq(&uid)))
        .set((games::prompt.eq(SECRET_PROMPT), games::items.eq(items)))
        .execute(&mut *app.conn())
        .unwrap();
    let secrets = [day.as_str(), SECRET_PROMPT, "secret day item"];

    let disputes = app.get_keyed("/api/disputes", "guest-key").await;
    assert_eq!(disputes.status, StatusCode::OK);
    assert_eq!(disputes.body["disputes"][0]["gameUid"], uid.as_str(), "{:?}", disputes.body);
    assert!(disputes.body["disputes"][0]["date"].is_null(), "{:?}", disputes.body);
    assert_eq!(tells(&disputes, &secrets), None, "the guest's disputes");

    let export = app.get_as("/api/user/export", &creator).await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(tells(&export, &secrets), None, "the creator's export");
    let stats = app.get_as("/api/me/creator-stats", &creator).await;
    assert_eq!(stats.status, StatusCode::OK);
    assert_eq!(tells(&stats, &secrets), None, "the creator's stats");

    // The owner's delete is refused as for any daily game, without the day; an admin hears it.
    let refused = delete_game(&app, &creator, &uid).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::CONFLICT, Some("alreadyDaily")));
    assert_eq!(
        refused.body["error"],
        "This game was chosen as a daily game, so it can no longer be deleted."
    );
    assert_eq!(tells(&refused, &secrets), None, "the refused delete");
    assert_eq!(
        games::table.filter(games::uid.eq(&uid)).count().get_result::<i64>(&mut *app.conn()).unwrap(),
        1
    );
    let admins = delete_game(&app, &admin, &uid).await;
    assert_eq!((admins.status, admins.body["code"].as_str()), (StatusCode::CONFLICT, Some("alreadyDaily")));
    assert!(tells(&admins, &[&day]).is_some(), "{:?}", admins.body);

    // On its day, it is everybody's: the date, the prompt and the refusal that names the day.
    app.advance(Duration::days(2));
    let disputes = app.get_keyed("/api/disputes", "guest-key").await;
    assert_eq!(disputes.body["disputes"][0]["date"], day.as_str(), "{:?}", disputes.body);
    let export = app.get_as("/api/user/export", &creator).await;
    assert!(tells(&export, &[SECRET_PROMPT]).is_some(), "{:?}", export.body);
    let stats = app.get_as("/api/me/creator-stats", &creator).await;
    assert!(tells(&stats, &[SECRET_PROMPT]).is_some(), "{:?}", stats.body);
    let refused = delete_game(&app, &creator, &uid).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::CONFLICT, Some("alreadyDaily")));
    assert!(tells(&refused, &[&day]).is_some(), "{:?}", refused.body);
}
