//! Ratings of community games (issue 25, point 1): only after a stored result, once per player
//! and changeable, limited as reports are; the card and the game show the average and count.

use crate::common;

use std::net::SocketAddr;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{answers, Backend, Response, TestApp};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::config::Config;
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

async fn play(app: &TestApp, uid: &str, key: &str, token: Option<&str>) {
    let body = json!({"answers": answers(4), "userKey": key, "score": 400, "gameUid": uid});
    let res = match token {
        Some(token) => app.post_as("/api/game/submit-community-game", token, &body).await,
        None => app.post("/api/game/submit-community-game", &body).await,
    };
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn rate(app: &TestApp, uid: &str, key: &str, stars: u8, token: Option<&str>) -> Response {
    let path = format!("/api/game/uid/{uid}/rating");
    let body = json!({"userKey": key, "stars": stars});
    match token {
        Some(token) => app.post_as(&path, token, &body).await,
        None => app.post(&path, &body).await,
    }
}

async fn card(app: &TestApp, uid: &str) -> serde_json::Value {
    let list = app.get("/api/community-games-paginated?sort=new&limit=50").await;
    list.body["games"].as_array().unwrap().iter().find(|g| g["uid"] == uid).cloned().expect("listed")
}

async fn only_finishers_rate_once_and_may_change_it(backend: Backend) {
    let app = backend.app(|_| {});
    let uid = app.add_community("Rivers", ReviewStatus::Approved, true);
    let refused = rate(&app, &uid, "g1", 4, None).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.body["code"], "notFinished");
    play(&app, &uid, "g1", None).await;
    let first = rate(&app, &uid, "g1", 4, None).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body, json!({"average": 4.0, "count": 1, "stars": 4, "canRate": true}));
    let changed = rate(&app, &uid, "g1", 2, None).await;
    assert_eq!(
        changed.body,
        json!({"average": 2.0, "count": 1, "stars": 2, "canRate": true}),
        "changed, not added"
    );
    play(&app, &uid, "g2", None).await;
    assert_eq!(rate(&app, &uid, "g2", 5, None).await.body["average"], 3.5);

    let card = card(&app, &uid).await;
    assert_eq!(
        (card["rating"].clone(), card["ratings"].clone(), card["plays"].clone()),
        (json!(3.5), json!(2), json!(2))
    );
    let game = app.get(&format!("/api/game/uid/{uid}")).await;
    assert_eq!((game.body["rating"].clone(), game.body["ratings"].clone()), (json!(3.5), json!(2)));
    let mine = app.get_keyed(&format!("/api/game/uid/{uid}/rating"), "g1").await;
    assert_eq!(mine.body, json!({"average": 3.5, "count": 2, "stars": 2, "canRate": true}));
    let stranger = app.get_keyed(&format!("/api/game/uid/{uid}/rating"), "g9").await;
    assert_eq!(stranger.body, json!({"average": 3.5, "count": 2, "canRate": false}));
    assert_eq!(app.get(&format!("/api/game/uid/{uid}/rating")).await.body["canRate"], false);

    for stars in [0, 6] {
        let res = rate(&app, &uid, "g1", stars, None).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{stars}");
        assert!(res.body["error"].is_string());
    }
    assert_eq!(rate(&app, &uid, "acct:1", 3, None).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(rate(&app, "Nope123456", "g1", 3, None).await.status, StatusCode::NOT_FOUND);
    let hidden = app.add_community("Hidden", ReviewStatus::Unreviewed, false);
    assert_eq!(rate(&app, &hidden, "g1", 3, None).await.status, StatusCode::NOT_FOUND);
}

async fn an_account_rates_under_its_own_results(backend: Backend) {
    let app = backend.app(|_| {});
    let uid = app.add_community("Lakes", ReviewStatus::Approved, true);
    let token = app.sign_up("rita", "rita@example.com", PASSWORD).await;
    // A result this browser stored as a guest is not the account's.
    play(&app, &uid, "browser", None).await;
    assert_eq!(rate(&app, &uid, "browser", 5, Some(&token)).await.body["code"], "notFinished");
    play(&app, &uid, "browser", Some(&token)).await;
    assert_eq!(rate(&app, &uid, "browser", 5, Some(&token)).await.status, StatusCode::OK);
    // Another browser of the same account changes the same rating.
    let again = rate(&app, &uid, "laptop", 3, Some(&token)).await;
    assert_eq!((again.body["count"].clone(), again.body["stars"].clone()), (json!(1), json!(3)));
    let mine = app.get_keyed_as(&format!("/api/game/uid/{uid}/rating"), "laptop", &token).await;
    assert_eq!(mine.body["stars"], 3);
}

fn two_guest_ratings_an_hour(config: &mut Config) {
    config.rate_limits = vec!["rating-guest-ip=2/1h".parse().unwrap()];
}

async fn guests_share_one_allowance_per_address(backend: Backend) {
    let app = backend.app(two_guest_ratings_an_hour);
    let uid = app.add_community("Seas", ReviewStatus::Approved, true);
    for key in ["a", "b", "c", "d"] {
        play(&app, &uid, key, None).await;
    }
    let from = |peer: &str, key: &str| {
        let peer: SocketAddr = peer.parse().unwrap();
        TestRequest::post()
            .uri(&format!("/api/game/uid/{uid}/rating"))
            .peer_addr(peer)
            .set_json(json!({"userKey": key, "stars": 4}))
    };
    assert_eq!(app.call(from("198.51.100.1:1", "a")).await.status, StatusCode::OK);
    assert_eq!(app.call(from("198.51.100.1:1", "b")).await.status, StatusCode::OK);
    let limited = app.call(from("198.51.100.1:1", "c")).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(limited.body["code"], "tooManyRequests");
    assert_eq!(app.call(from("203.0.113.9:1", "d")).await.status, StatusCode::OK);
    let summary = app.get(&format!("/api/game/uid/{uid}/rating")).await;
    assert_eq!(summary.body["count"], 3, "the refused rating was not stored");
}

on_both_backends_with_configs!(
    only_finishers_rate_once_and_may_change_it,
    an_account_rates_under_its_own_results,
    guests_share_one_allowance_per_address,
);
