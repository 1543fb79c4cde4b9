//! `seed`, `games export` and `games import`, on SQLite and PostgreSQL.

use crate::common;

use actix_web::http::StatusCode;
use chrono::{Duration, Utc};
use common::TestApp;
use diesel::prelude::*;
use game_core::calendar::today;
use game_core::Category;
use lavalist::domains::catalogue::seed::{seed, CommunityPack, DailyPack};
use lavalist::domains::catalogue::transfer::{export, import, Catalogue};
use lavalist::platform::schema::{game_item_stats, game_score_counts, game_stats, games};
use serde_json::json;

on_both_backends!(
    seed_fills_the_window_once,
    export_import_round_trip,
    import_is_all_or_nothing,
    a_large_catalogue_round_trips,
    an_import_applies_games_in_the_file_s_order,
    numbered_prompts_are_searched_by_their_words
);

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

/// `n` games of every kind: daily ones in two editions, community ones of every review state,
/// some owned, with categories, alternative and rejected spellings; every field given, so an
/// export of the import is the same document.
fn large_catalogue(n: usize) -> Catalogue {
    let item = |g: usize, i: usize| {
        let rejected = if i == 3 { vec![format!("wrong {g}")] } else { Vec::new() };
        json!({"id": i, "name": format!("Game {g} thing {i}"),
               "altSpellings": [format!("g{g} t{i}"), format!("gm{g} th{i}")], "rejectedSpellings": rejected})
    };
    let games = (0..n)
        .map(|g| {
            let daily = g % 5 == 0;
            let language = if g % 10 == 5 { "ja" } else if g % 3 == 0 { "pt-BR" } else { "en" };
            let day = (chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap() + Duration::days(g as i64 / 5)).to_string();
            let status = ["approved", "unreviewed", "denied"][g % 3];
            let categories: Vec<Category> = if daily { Vec::new() } else { Category::from_mask(1 << (g % 13) | 1 << (g % 7)) };
            let mut game = json!({"uid": format!("large{g}"), "type": if daily { "daily" } else { "community" },
                "status": status, "public": g % 4 != 0, "prompt": format!("Large prompt {g} of rivers"),
                "submitter": format!("Maker {}", g % 17), "items": (1..=10).map(|i| item(g, i)).collect::<Vec<_>>(),
                "createdAt": 1_700_000_000_000_i64 + g as i64 * 1_000, "updatedAt": 1_700_000_000_500_i64 + g as i64 * 1_000,
                "language": language, "categories": categories});
            if daily {
                game["daily_date"] = json!(day);
            }
            if !daily && g % 2 == 1 {
                game["owner"] = json!(["alice", "Bob"][g / 2 % 2]);
            }
            game
        })
        .collect::<Vec<_>>();
    serde_json::from_value(json!({"version": 1, "games": games, "users": [
        {"username": "alice", "email": "alice@example.org"},
        {"username": "Bob", "email": "bob@example.org", "role": "admin"}]}))
    .unwrap()
}

/// An import writes every game, item, spelling and the zeroed aggregates a new game has (one
/// stats row, a counter per item and per score bucket), in chunks, as the game-by-game writes
/// did; importing it again overwrites every game.
async fn a_large_catalogue_round_trips(app: TestApp) {
    const GAMES: usize = 2_000;
    let catalogue = large_catalogue(GAMES);
    let report = import(&mut app.conn(), &catalogue, 0).unwrap();
    assert_eq!((report.added, report.updated, report.users_added), (GAMES, 0, 2));
    let text = |c: &Catalogue| serde_json::to_value(c).unwrap();
    assert_eq!(text(&export(&mut app.conn()).unwrap()), text(&catalogue));

    let mut conn = app.conn();
    let ids: Vec<(i64, i64, f64)> = games::table
        .order(games::id)
        .select((games::id, games::created_at, games::hot))
        .load(&mut *conn)
        .unwrap();
    assert_eq!(ids.len(), GAMES);
    for (_, created_at, hot) in &ids {
        assert_eq!(*hot, lavalist::domains::community::scores::initial_hot(*created_at));
    }
    let stats: Vec<(i64, i64, i64)> = game_stats::table
        .order(game_stats::game_id)
        .select((game_stats::game_id, game_stats::player_count, game_stats::score_sum))
        .load(&mut *conn)
        .unwrap();
    assert_eq!(stats, ids.iter().map(|(id, _, _)| (*id, 0, 0)).collect::<Vec<_>>());
    let items: Vec<(i64, i64, i64)> = game_item_stats::table
        .order((game_item_stats::game_id, game_item_stats::item_id))
        .select((game_item_stats::game_id, game_item_stats::item_id, game_item_stats::found_count))
        .load(&mut *conn)
        .unwrap();
    let every_item: Vec<(i64, i64, i64)> =
        ids.iter().flat_map(|(id, _, _)| (1..=10).map(move |item| (*id, item, 0))).collect();
    assert_eq!(items, every_item);
    let buckets = game_core::results::SCORE_BUCKETS as i32;
    let scores: Vec<(i64, i32, i64)> = game_score_counts::table
        .order((game_score_counts::game_id, game_score_counts::bucket))
        .select((game_score_counts::game_id, game_score_counts::bucket, game_score_counts::players))
        .load(&mut *conn)
        .unwrap();
    let every_bucket: Vec<(i64, i32, i64)> =
        ids.iter().flat_map(|(id, _, _)| (0..buckets).map(move |bucket| (*id, bucket, 0))).collect();
    assert_eq!(scores, every_bucket);
    drop(conn);

    // The imported games are found, played and searched as any other.
    let day = app.get("/api/game/date/2020-01-03?edition=en").await;
    assert_eq!(day.body["prompt"], "Large prompt 10 of rivers", "{:?}", day.body);
    let found = app.get("/api/community-games-paginated?search=large%20prompt%201998").await;
    assert_eq!(found.body["total"], 1, "{:?}", found.body);
    let owned = app.get("/api/community-games-paginated?username=alice").await;
    assert!(owned.body["total"].as_i64().unwrap() > 0, "{:?}", owned.body);

    let again = import(&mut app.conn(), &catalogue, 0).unwrap();
    assert_eq!((again.added, again.updated, again.users_added), (0, GAMES, 0));
    assert_eq!(text(&export(&mut app.conn()).unwrap()), text(&catalogue));
    let rows: i64 = game_item_stats::table.count().get_result(&mut *app.conn()).unwrap();
    assert_eq!(rows, GAMES as i64 * 10);
}

/// Games are applied in the file's order: a stored game moved off its day frees it for a new
/// game after it; a uid twice is added, then overwritten; a day taken in a later chunk refuses
/// the whole file.
async fn an_import_applies_games_in_the_file_s_order(app: TestApp) {
    let item = |i: usize| json!({"name": format!("thing {i}")});
    let daily = |uid: &str, prompt: &str, day: &str| {
        json!({"uid": uid, "type": "daily", "prompt": prompt, "submitter": "x", "daily_date": day,
               "items": (1..=10).map(item).collect::<Vec<_>>()})
    };
    let first: Catalogue =
        serde_json::from_value(json!({"version": 1, "games": [daily("a", "First A", "2025-01-01")]}))
            .unwrap();
    import(&mut app.conn(), &first, 0).unwrap();
    let moved = json!({"version": 1, "games": [daily("a", "Moved A", "2025-01-02"), daily("b", "New B", "2025-01-01"),
                                               daily("c", "C once", "2025-01-03"), daily("c", "C twice", "2025-01-04")]});
    let report = import(&mut app.conn(), &serde_json::from_value(moved).unwrap(), 0).unwrap();
    assert_eq!((report.added, report.updated), (2, 2));
    let on = |day: &str| format!("/api/game/date/{day}?edition=en");
    assert_eq!(app.get(&on("2025-01-01")).await.body["prompt"], "New B");
    assert_eq!(app.get(&on("2025-01-02")).await.body["prompt"], "Moved A");
    assert_eq!(app.get(&on("2025-01-04")).await.body["prompt"], "C twice");
    assert_eq!(export(&mut app.conn()).unwrap().games.len(), 3);

    let mut clash = large_catalogue(4_500);
    let mut late = clash.games[4_400].clone();
    late.uid = Some("late".into());
    late.daily_date = Some("2025-01-01".into());
    late.language = Some("en".into());
    late.kind = game_core::GameKind::Daily;
    clash.games.push(late);
    let refused = import(&mut app.conn(), &clash, 0).unwrap_err();
    assert!(refused.to_string().contains("2025-01-01"), "{refused}");
    assert_eq!(export(&mut app.conn()).unwrap().games.len(), 3, "nothing half-written");
}

/// Prompts that differ only by a number (issue 43's data set), imported and analysed: a number
/// no prompt has finds none at once, with a total of 0; one prompt's number finds it; the
/// beginning of a number finds every game it begins, in Hot's order (newest first here).
async fn numbered_prompts_are_searched_by_their_words(app: TestApp) {
    const GAMES: usize = 1_500;
    let item = |g: usize, i: usize| json!({"name": format!("Game {g} thing {i}")});
    let games = (1..=GAMES)
        .map(|g| json!({"uid": format!("n{g}"), "type": "community", "prompt": format!("Community list number {g}"),
                        "submitter": "x", "createdAt": 1_700_000_000_000_i64 + g as i64 * 1_000,
                        "items": (1..=10).map(|i| item(g, i)).collect::<Vec<_>>()}))
        .collect::<Vec<_>>();
    let catalogue: Catalogue = serde_json::from_value(json!({"version": 1, "games": games})).unwrap();
    import(&mut app.conn(), &catalogue, 0).unwrap();
    if matches!(*app.conn(), lavalist::platform::db::DbConn::Pg(_)) {
        diesel::sql_query("ANALYZE games").execute(&mut *app.conn()).unwrap();
    }
    let search = |words: &str| format!("/api/community-games-paginated?search={words}&limit=50");
    for absent in ["number%20999999", "list%20number%20zzz", "community%20number%2099999"] {
        let none = app.get(&search(absent)).await;
        assert_eq!(
            (none.body["total"].as_i64(), none.body["games"].as_array().map(Vec::len)),
            (Some(0), Some(0)),
            "{absent}"
        );
    }
    let one = app.get(&search("number%201234")).await;
    assert_eq!(one.body["total"], 1);
    assert_eq!(one.body["games"][0]["prompt"], "Community list number 1234");
    let begun = app.get(&search("list%20number%2011")).await;
    let mut expected: Vec<usize> = (1..=GAMES).filter(|g| g.to_string().starts_with("11")).collect();
    expected.reverse();
    assert_eq!(begun.body["total"], expected.len());
    let prompts: Vec<&str> =
        begun.body["games"].as_array().unwrap().iter().map(|g| g["prompt"].as_str().unwrap()).collect();
    let wanted: Vec<String> =
        expected.iter().take(50).map(|g| format!("Community list number {g}")).collect();
    assert_eq!(prompts, wanted);
}

/// The packs embedded in the binary: enough valid games, a mix of review states, and seeding
/// them covers 60 days back to 7 days ahead.
#[actix_rt::test]
async fn bundled_packs_seed_the_whole_window() {
    use lavalist::domains::catalogue::seed::bundled_packs;
    use lavalist::domains::games::model::ReviewStatus;
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
        use lavalist::platform::schema::games;
        let mut pooled = app.conn();
        let conn: &mut lavalist::platform::db::DbConn = &mut pooled;
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
