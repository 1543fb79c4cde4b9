//! A creator's stats (issue 25, point 5): per game from the kept aggregates, equal to a recount
//! of the stored results; and a profile's public totals.

use crate::common;

use actix_web::http::StatusCode;
use common::{Backend, TestApp};
use diesel::prelude::*;
use lavalist::platform::config::Config;
use lavalist::platform::schema::submissions;
use lavalist_api::submissions::Answer;
use serde_json::{json, Value};

const NOW: &str = "2026-06-10T12:00:00Z";
const PASSWORD: &str = "correct horse battery";

fn uncapped(config: &mut Config) {
    config.submissions_per_ip_per_hour = 0;
    config.rate_limits = ["rating-ip=0/1h", "rating-guest-ip=0/1h", "rating-account=0/1h"]
        .iter()
        .map(|r| r.parse().unwrap())
        .collect();
}

async fn upload(app: &TestApp, token: &str, prompt: &str) -> String {
    let items: serde_json::Map<String, Value> =
        (1..=10).map(|i| (format!("{prompt} {i:02}"), json!([]))).collect();
    let body = json!({"prompt": prompt, "items": items, "categories": ["sport"]});
    let res = app.post_as("/api/game/upload", token, &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["uid"].as_str().unwrap().to_string()
}

/// A result finding the items whose ids `found` picks (names sort as ids: `Busy 01`…).
async fn play(app: &TestApp, uid: &str, key: &str, found: impl Fn(u32) -> bool) {
    let answers: Vec<Value> =
        (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": found(i)})).collect();
    let score = (1..=10).filter(|i| found(*i)).count() * 100;
    let body = json!({"answers": answers, "userKey": key, "score": score, "gameUid": uid});
    let res = app.post("/api/game/submit-community-game", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap_or(f64::NAN) - b).abs() < 0.006
}

async fn stats_equal_a_recount_of_the_results(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    let maker = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let busy = upload(&app, &maker, "Busy").await;
    let quiet = upload(&app, &maker, "Quiet").await;
    for uid in [&busy, &quiet] {
        let res =
            app.post_as(&format!("/api/admin/review-game/{uid}"), &admin, &json!({"approved": true})).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    // 24 players of Busy over two days, item 10 hardest (found by every fourth), item 1 easiest.
    for n in 0..24u32 {
        if n == 12 {
            app.advance(chrono::Duration::days(1));
        }
        play(&app, &busy, &format!("p{n}"), |i| {
            i == 1 || (i < 10 && (n + i) % 3 != 0) || (i == 10 && n % 4 == 0)
        })
        .await;
    }
    for (n, stars) in [(0, 5), (1, 4), (2, 4)] {
        let res = app
            .post(
                &format!("/api/game/uid/{busy}/rating"),
                &json!({"userKey": format!("p{n}"), "stars": stars}),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK);
    }
    for n in 0..3 {
        play(&app, &quiet, &format!("q{n}"), |_| true).await;
    }

    assert_eq!(app.get("/api/me/creator-stats").await.status, StatusCode::UNAUTHORIZED);
    let stats = app.get_as("/api/me/creator-stats", &maker).await;
    assert_eq!(stats.status, StatusCode::OK, "{:?}", stats.body);
    let games = stats.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let by_uid = |uid: &str| games.iter().find(|g| g["uid"] == uid).unwrap().clone();

    // The recount, from the stored results alone.
    let rows: Vec<(String, i32, String)> = {
        use lavalist::platform::schema::games;
        submissions::table
            .inner_join(games::table)
            .select((games::uid, submissions::score, submissions::answers))
            .load(&mut app.conn())
            .unwrap()
    };
    for uid in [&busy, &quiet] {
        let mine: Vec<(i32, Vec<Answer>)> = rows
            .iter()
            .filter(|(u, _, _)| u == uid)
            .map(|(_, s, a)| (*s, serde_json::from_str(a).unwrap()))
            .collect();
        let plays = mine.len() as f64;
        let found: Vec<usize> =
            mine.iter().map(|(_, a)| a.iter().filter(|x| x.guessed_correctly).count()).collect();
        let game = by_uid(uid);
        assert_eq!(game["plays"], mine.len());
        assert!(
            close(&game["averageScore"], mine.iter().map(|(s, _)| f64::from(*s)).sum::<f64>() / plays),
            "{game}"
        );
        assert!(close(&game["winRate"], found.iter().filter(|f| **f == 10).count() as f64 / plays), "{game}");
        assert!(
            close(&game["completionRate"], found.iter().sum::<usize>() as f64 / (plays * 10.0)),
            "{game}"
        );
        let per_item: Vec<usize> = (1..=10u32)
            .map(|id| {
                mine.iter()
                    .filter(|(_, a)| a.iter().any(|x| x.answer_id == id && x.guessed_correctly))
                    .count()
            })
            .collect();
        if mine.len() >= 20 {
            let min = per_item.iter().enumerate().min_by_key(|(i, n)| (**n, *i)).unwrap().0;
            let max =
                per_item.iter().enumerate().max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i))).unwrap().0;
            assert_eq!(game["hardest"]["name"], format!("Busy {:02}", min + 1), "{game}");
            assert_eq!(game["easiest"]["name"], format!("Busy {:02}", max + 1), "{game}");
            assert!(close(&game["hardest"]["foundRate"], per_item[min] as f64 / plays));
        } else {
            assert!(game.get("hardest").is_none() && game.get("easiest").is_none(), "under 20 plays: {game}");
        }
        let chart = game["playsPerDay"].as_array().unwrap();
        assert_eq!(chart.len(), 30);
        assert_eq!(chart.iter().map(|d| d["plays"].as_i64().unwrap()).sum::<i64>(), mine.len() as i64);
    }
    let busy_game = by_uid(&busy);
    let chart = busy_game["playsPerDay"].as_array().unwrap();
    assert_eq!((chart[28]["plays"].clone(), chart[29]["plays"].clone()), (json!(12), json!(12)));
    assert_eq!(chart[29]["date"], "2026-06-11");
    assert!(close(&busy_game["rating"], 13.0 / 3.0) && busy_game["ratings"] == 3);

    let totals = app.get("/api/users/MAKER/creator-totals").await;
    assert_eq!(totals.status, StatusCode::OK);
    assert_eq!(totals.body["games"], 2);
    assert_eq!(totals.body["plays"], 27);
    assert_eq!(totals.body["ratings"], 3);
    assert!(close(&totals.body["averageRating"], 13.0 / 3.0));
    assert_eq!(app.get("/api/users/nobody/creator-totals").await.status, StatusCode::NOT_FOUND);
    // Someone else's stats are not theirs to see.
    let other = app.sign_up("other", "other@example.com", PASSWORD).await;
    assert_eq!(app.get_as("/api/me/creator-stats", &other).await.body["games"], json!([]));
}

on_both_backends_with_configs!(stats_equal_a_recount_of_the_results);
