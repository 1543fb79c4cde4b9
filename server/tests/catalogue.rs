//! `seed`, `games export` and `games import`, on SQLite and PostgreSQL.

mod common;

use actix_web::http::StatusCode;
use chrono::{Duration, Utc};
use common::TestApp;
use game_core::calendar::today;
use game_core::Category;
use lavalist::catalogue::seed::{seed, CommunityPack, DailyPack};
use lavalist::catalogue::transfer::{export, import};
use serde_json::json;

on_both_backends!(seed_fills_the_window_once, export_import_round_trip, import_is_all_or_nothing);

/// Test packs made up here (the real content lives in server/seed/).
fn packs(daily_games: usize) -> (DailyPack, CommunityPack) {
    let item = |g: usize, i: usize| json!({"name": format!("Game {g} thing {i}"), "altSpellings": [format!("g{g} t{i}")]});
    let game = |g: usize| {
        json!({"prompt": format!("Pack prompt {g}"), "submitter": "Seeder",
                                  "items": (1..=10).map(|i| item(g, i)).collect::<Vec<_>>()})
    };
    let daily = json!({"games": (0..daily_games).map(game).collect::<Vec<_>>()});
    let community = json!({
        "users": [{"username": "Alice", "email": "alice@example.org"}, {"username": "bob", "email": "bob@example.org"}],
        "games": [
            {"prompt": "Alice's approved", "submitter": "Alice", "status": "approved", "public": true,
             "items": (1..=10).map(|i| item(900, i)).collect::<Vec<_>>()},
            {"prompt": "Bob's unreviewed", "submitter": "bob", "status": "unreviewed", "public": false,
             "items": (1..=10).map(|i| item(901, i)).collect::<Vec<_>>()},
            {"prompt": "Bob's denied", "submitter": "bob", "status": "denied", "public": false,
             "items": (1..=10).map(|i| item(902, i)).collect::<Vec<_>>()},
        ]
    });
    (serde_json::from_value(daily).unwrap(), serde_json::from_value(community).unwrap())
}

async fn seed_fills_the_window_once(app: TestApp) {
    let (daily, community) = packs(70);
    let now = Utc::now();
    let today = today(now);
    let report = seed(&mut app.conn(), &daily, &community, today, now.timestamp_millis()).unwrap();
    assert_eq!((report.daily_added, report.community_added, report.users_added), (70, 3, 2));
    assert!(report.empty_days.is_empty());
    let again = seed(&mut app.conn(), &daily, &community, today, now.timestamp_millis()).unwrap();
    assert_eq!((again.daily_added, again.community_added, again.users_added), (0, 0, 0));

    let res = app.get(&format!("/api/game/date/{today}")).await;
    assert_eq!(res.body["prompt"], "Pack prompt 60");
    assert_eq!(res.body["items"][9]["id"], 10);
    let first = app.get(&format!("/api/game/date/{}", today - Duration::days(60))).await;
    assert_eq!(first.body["prompt"], "Pack prompt 0");
    assert_eq!(app.get("/api/previous-days-paginated").await.body["total"], 60);
    let listed = app.get("/api/community-games-paginated").await;
    assert_eq!(listed.body["total"], 1);
    let alice = app.get("/api/community-games-paginated?username=alice").await;
    assert_eq!(alice.body["games"][0]["prompt"], "Alice's approved");
    assert_eq!(
        alice.body["games"][0]["categories"],
        json!(["miscellaneous"]),
        "a pack game without categories"
    );

    // A week later the window has moved: only empty days get new games.
    let later = today + Duration::days(12);
    let (bigger, _) = packs(80);
    let filled = seed(&mut app.conn(), &bigger, &community, later, now.timestamp_millis()).unwrap();
    // The first run covered today-60..=today+9; the new window reaches later+7 = today+19.
    assert_eq!(filled.daily_added, 10);
    assert!(filled.empty_days.is_empty());

    let bad = json!({"games": [{"prompt": "Too few", "submitter": "x", "items": [{"name": "one"}]}]});
    let bad: DailyPack = serde_json::from_value(bad).unwrap();
    assert!(seed(&mut app.conn(), &bad, &community, later, 0).is_err());
}

async fn export_import_round_trip(app: TestApp) {
    let (daily, community) = packs(65);
    let now = Utc::now();
    seed(&mut app.conn(), &daily, &community, today(now), now.timestamp_millis()).unwrap();
    let mut catalogue = export(&mut app.conn()).unwrap();
    assert_eq!(catalogue.games.len(), 68);
    assert_eq!(catalogue.users.len(), 2);
    let alices = catalogue.games.iter().position(|g| g.prompt == "Alice's approved").unwrap();
    assert_eq!(
        (catalogue.games[alices].language.as_deref(), catalogue.games[alices].categories.clone()),
        (Some("en"), vec![Category::Miscellaneous]),
        "a pack game without categories is seeded as Miscellaneous"
    );
    // A game's language and categories travel with it.
    catalogue.games[alices].language = Some("pt-BR".into());
    catalogue.games[alices].categories = vec![Category::Geography, Category::Music];

    let copy = TestApp::sqlite();
    let report = import(&mut copy.conn(), &catalogue, now.timestamp_millis()).unwrap();
    assert_eq!((report.added, report.updated, report.users_added), (68, 0, 2));
    let again = import(&mut copy.conn(), &catalogue, now.timestamp_millis()).unwrap();
    assert_eq!((again.added, again.updated), (0, 68));
    let text = |c| serde_json::to_value(c).unwrap();
    assert_eq!(text(export(&mut copy.conn()).unwrap()), text(catalogue.clone()));
    let res = copy.get("/api/previous-days").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["total"], 60);
    let listed = copy.get("/api/community-games-paginated?category=music&language=pt-BR").await;
    assert_eq!(listed.body["games"][0]["prompt"], "Alice's approved", "{:?}", listed.body);

    let mut bad = catalogue.clone();
    bad.games[alices].language = Some("pt BR".into());
    assert!(import(&mut copy.conn(), &bad, 0).is_err());
    bad.games[alices].language = None;
    bad.games[alices].categories =
        vec![Category::Geography, Category::Music, Category::Sport, Category::Books];
    assert!(import(&mut copy.conn(), &bad, 0).is_err());
}

async fn import_is_all_or_nothing(app: TestApp) {
    let item = |i: usize| json!({"name": format!("thing {i}")});
    let good = json!({"type": "daily", "prompt": "Good", "submitter": "x", "daily_date": "2025-01-01",
                      "items": (1..=10).map(item).collect::<Vec<_>>()});
    let clash = json!({"type": "daily", "prompt": "Same day", "submitter": "x", "daily_date": "2025-01-01",
                       "items": (1..=10).map(item).collect::<Vec<_>>()});
    let invalid = json!({"type": "community", "prompt": "", "submitter": "x",
                         "items": (1..=9).map(item).collect::<Vec<_>>()});
    for games in [vec![good.clone(), invalid], vec![good, clash]] {
        let catalogue = serde_json::from_value(json!({"version": 1, "games": games})).unwrap();
        assert!(import(&mut app.conn(), &catalogue, 0).is_err());
        assert_eq!(export(&mut app.conn()).unwrap().games.len(), 0, "nothing half-written");
    }
}

/// The packs embedded in the binary: enough valid games, a mix of review states, and seeding
/// them covers 60 days back to 7 days ahead.
#[actix_rt::test]
async fn bundled_packs_seed_the_whole_window() {
    use lavalist::catalogue::seed::bundled_packs;
    use lavalist::games::model::ReviewStatus;
    let (daily, community) = bundled_packs().unwrap();
    assert!(daily.games.len() >= 68, "{} daily games", daily.games.len());
    assert!(community.games.len() >= 12, "{} community games", community.games.len());
    for status in [ReviewStatus::Approved, ReviewStatus::Unreviewed, ReviewStatus::Denied] {
        assert!(community.games.iter().any(|g| g.status == status), "some community game is {status:?}");
    }
    let app = TestApp::sqlite();
    let now = Utc::now();
    let report = seed(&mut app.conn(), &daily, &community, today(now), now.timestamp_millis()).unwrap();
    assert!(report.empty_days.is_empty(), "{:?}", report.empty_days);
    assert_eq!(report.daily_added, daily.games.len());
    let res = app.get(&format!("/api/game/date/{}", today(now))).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_ne!(res.body["prompt"], game_core::PLACEHOLDER_PROMPT);
    assert_eq!(res.body["items"].as_array().unwrap().len(), 10);

    // Every seeded community game is filed, so explore's category filters find them.
    for game in &community.games {
        assert!((1..=3).contains(&game.categories.len()), "{}: {:?}", game.prompt, game.categories);
    }
    let listed = |query: &'static str| {
        let app = &app;
        async move { app.get(&format!("/api/community-games-paginated?{query}")).await.body }
    };
    let all = listed("limit=100").await;
    for card in all["games"].as_array().unwrap() {
        assert!(!card["categories"].as_array().unwrap().is_empty(), "{card}");
    }
    let geography = listed("category=geography").await;
    assert!(geography["total"].as_i64().unwrap() >= 2, "{geography}");
    assert!(listed("category=music").await["total"].as_i64().unwrap() >= 1);

    // A pack game stored before the packs had categories gets them from the next seed.
    let prompt = community.games.iter().find(|g| g.status == ReviewStatus::Approved).unwrap().prompt.clone();
    {
        use diesel::prelude::*;
        use lavalist::schema::games;
        let mut pooled = app.conn();
        let conn: &mut lavalist::db::DbConn = &mut pooled;
        diesel::update(games::table.filter(games::prompt.eq(&prompt)))
            .set(games::categories.eq(0))
            .execute(conn)
            .unwrap();
    }
    seed(&mut app.conn(), &daily, &community, today(now), now.timestamp_millis()).unwrap();
    let again = listed("limit=100").await;
    let card = again["games"].as_array().unwrap().iter().find(|g| g["prompt"] == prompt.as_str()).unwrap();
    assert!(!card["categories"].as_array().unwrap().is_empty(), "{card}");
}
