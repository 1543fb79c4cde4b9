//! The stats' minimum sample (`--stats-min-players`), the player's standing and percentile, on SQLite and
//! PostgreSQL: below the minimum the figures about the other players are left out, and the only
//! finisher hears they are the first.

use crate::common;

use actix_web::http::StatusCode;
use clap::Parser;
use common::{answers, Backend, TestApp};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::config::{Cli, Config};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    figures_wait_for_the_minimum_sample,
    community_stats_keep_the_same_minimum,
    an_archive_score_ranks_as_one_more_player,
);

const MIN: u32 = 3;

fn app(backend: Backend) -> TestApp {
    backend.app(|config| config.stats_min_players = MIN)
}

fn daily(user_key: &str, found: usize, score: u32, date: &str) -> Value {
    json!({"answers": answers(found), "userKey": user_key, "score": score, "date": date})
}

async fn submit(app: &TestApp, body: &Value) {
    let res = app.post("/api/game/submit", body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn stats_of(app: &TestApp, path: &str, user_key: &str) -> Value {
    let res = app.get_keyed(path, user_key).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

/// What a player sees of the others below the minimum: nothing but their number.
fn assert_hidden(body: &Value) {
    assert_eq!(body["enoughPlayers"], false, "{body}");
    assert_eq!(body["minPlayers"], MIN, "{body}");
    assert_eq!(body["stats"], json!({}), "no find rates: {body}");
    assert_eq!(body["averageScore"], Value::Null, "no average: {body}");
    assert_eq!(body["histogram"], json!([]), "no distribution: {body}");
}

async fn figures_wait_for_the_minimum_sample(backend: Backend) {
    let app = app(backend);
    let date = app.add_daily(0, "Rivers").to_string();
    let path = format!("/api/game/stats?date={date}");

    submit(&app, &daily("ann", 10, 1000, &date)).await;
    let ann = stats_of(&app, &path, "ann").await;
    assert_hidden(&ann);
    assert_eq!(ann["playerCount"], 1);
    assert_eq!(ann["standing"], json!({"kind": "first"}), "the only finisher is the first, at any minimum");
    assert_eq!(ann["percentile"], 0, "nobody below the first result");
    assert_eq!(
        (ann["playedStreak"].clone(), ann["wonStreak"].clone()),
        (json!(1), json!(1)),
        "their own figures"
    );

    submit(&app, &daily("bob", 5, 500, &date)).await;
    for key in ["ann", "bob"] {
        let body = stats_of(&app, &path, key).await;
        assert_hidden(&body);
        assert_eq!(body["playerCount"], 2);
        assert_eq!(body["standing"], Value::Null, "{key}: a rank among two says little");
        assert_eq!(body["percentile"], Value::Null, "{key}: hidden as the standing is");
    }
    let asked = app.get(&format!("{path}&score=700")).await.body;
    assert_eq!(asked["standing"], Value::Null, "a score asked about is ranked against the same few");
    assert_eq!(asked["percentile"], Value::Null);

    submit(&app, &daily("cat", 0, 0, &date)).await;
    let ann = stats_of(&app, &path, "ann").await;
    assert_eq!((ann["enoughPlayers"].clone(), ann["playerCount"].clone()), (json!(true), json!(3)));
    assert_eq!(
        ann["standing"],
        json!({"kind": "best", "tied": 0}),
        "a perfect score is the best, not 'top 33 %'"
    );
    assert_eq!(ann["averageScore"], 500.0);
    assert_eq!(ann["stats"]["1"].as_f64(), Some(2.0 / 3.0));
    assert_eq!(ann["stats"]["10"].as_f64(), Some(1.0 / 3.0));
    assert_eq!(
        ann["histogram"],
        json!([{"bucket": 0, "players": 1}, {"bucket": 50, "players": 1}, {"bucket": 100, "players": 1}])
    );
    assert_eq!(ann["percentile"], 66, "two of three scored lower");
    let bob = stats_of(&app, &path, "bob").await;
    assert_eq!(
        (bob["standing"].clone(), bob["percentile"].clone()),
        (json!({"kind": "top", "percent": 67}), json!(33))
    );
    let cat = stats_of(&app, &path, "cat").await;
    assert_eq!(
        (cat["standing"].clone(), cat["percentile"].clone()),
        (json!({"kind": "top", "percent": 100}), json!(0))
    );
    let unknown = stats_of(&app, &path, "nobody").await;
    assert_eq!(unknown["standing"], Value::Null, "no score, no standing");
    assert_eq!(unknown["percentile"], Value::Null, "no score, no percentile");
}

async fn community_stats_keep_the_same_minimum(backend: Backend) {
    let app = app(backend);
    let uid = app.add_community("Cheeses", ReviewStatus::Approved, true);
    let path = format!("/api/game/community-stats/{uid}");
    let body = json!({"answers": answers(4), "userKey": "fan", "score": 380, "gameUid": uid});
    assert_eq!(app.post("/api/game/submit-community-game", &body).await.status, StatusCode::OK);
    let fan = stats_of(&app, &path, "fan").await;
    assert_hidden(&fan);
    assert_eq!(fan["standing"], json!({"kind": "first"}));
    for key in ["two", "three"] {
        let body = json!({"answers": answers(2), "userKey": key, "score": 200, "gameUid": uid});
        assert_eq!(app.post("/api/game/submit-community-game", &body).await.status, StatusCode::OK);
    }
    let fan = stats_of(&app, &path, "fan").await;
    assert_eq!(fan["enoughPlayers"], true);
    assert_eq!(fan["standing"], json!({"kind": "best", "tied": 0}));
    assert_eq!(fan["stats"]["4"].as_f64(), Some(1.0 / 3.0));
    assert_eq!(fan["percentile"], 66);
    let two = stats_of(&app, &path, "two").await;
    assert_eq!(two["standing"], json!({"kind": "top", "percent": 67}), "tied 2nd of 3");
    assert_eq!(two["percentile"], 0, "a tie is not lower");
}

/// An archive game is never stored: its score is ranked as one more player, and a day nobody
/// played makes the archive player the first.
async fn an_archive_score_ranks_as_one_more_player(backend: Backend) {
    let app = app(backend);
    let empty = app.add_daily(-2, "Lakes").to_string();
    let body = app.get_keyed(&format!("/api/game/stats?date={empty}&score=600"), "visitor").await.body;
    assert_hidden(&body);
    assert_eq!((body["playerCount"].clone(), body["standing"].clone()), (json!(0), json!({"kind": "first"})));
    assert_eq!(body["percentile"], 0);

    let date = app.add_daily(0, "Seas").to_string();
    for (key, found, score) in [("a", 10, 1000), ("b", 7, 700), ("c", 3, 300)] {
        submit(&app, &daily(key, found, score, &date)).await;
    }
    let asked = |score: u32| format!("/api/game/stats?date={date}&score={score}");
    let visitor = stats_of(&app, &asked(700), "visitor").await;
    assert_eq!(visitor["standing"], json!({"kind": "top", "percent": 50}), "level with b: 2nd of 4");
    assert_eq!(visitor["percentile"], 25, "only c of the four ranked scored lower");
    assert_eq!(stats_of(&app, &asked(1000), "visitor").await["standing"], json!({"kind": "best", "tied": 1}));
    // A player asking about another score than their stored one (an archive replay of a day
    // they played) ranks that score beside their own.
    assert_eq!(stats_of(&app, &asked(1000), "c").await["standing"], json!({"kind": "best", "tied": 1}));
    assert_eq!(stats_of(&app, &asked(300), "c").await["standing"], json!({"kind": "top", "percent": 100}));
}

#[test]
fn the_minimum_is_five_by_default_and_at_least_one() {
    assert_eq!(Config::for_database("stats.db").stats_min_players, 5);
    assert!(Cli::try_parse_from(["lavalist", "--stats-min-players", "0"]).is_err());
    let one = Cli::try_parse_from(["lavalist", "--stats-min-players", "1"]).expect("1 is allowed");
    assert_eq!(one.config.stats_min_players, 1);
}
