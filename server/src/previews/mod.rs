//! Link previews: what a chat app shows when a Lavalist link is pasted. The pages `/`,
//! `/archive/{date}`, `/community/{uid}`, `/join/{code}` and `/challenge/{id}` carry Open Graph and Twitter card
//! tags in the HTML the server sends (`spa/pages.rs` puts them in), and the image those tags
//! name is a card this module renders (`/og/…`, [`card`]). A shared result's link carries a
//! signed parameter ([`token`]) and gets a card with its circle row and score.
//!
//! Spoiler-free by construction: a card and the tags are made from the day, the prompt and a
//! result row only; no item of a game is ever read here. A game that is not released to
//! everyone (a future daily, a community game not approved) gets the site's card, as does a
//! result parameter the server did not sign for that page.

pub mod card;
pub mod shared;
pub mod token;

use std::sync::Arc;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use game_core::calendar::{day_number, format_date, parse_date, today};
use serde::Deserialize;

use crate::error::AppError;
use crate::games::model::{ReviewStatus, StoredGame};
use crate::ratelimit::Endpoint;
use crate::state::AppState;
use crate::text::encode_uri_component;
pub use card::{Card, Renderer};
pub use shared::Previews;
pub use token::{ResultGame, ResultLinks, ResultRow};

/// The longest community uid looked up (the server makes 12-character ones).
const MAX_UID_CHARS: usize = 64;
/// A card URL with the current `v` never changes; one without it may (a day is released, a
/// prompt edited), so caches keep it an hour.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "public, max-age=3600";

/// The result parameter of a stored result, for its share link: `daily` is the day it was
/// played as (a community game's result is bound to its uid), `found` the result's (item id,
/// found) pairs.
pub fn share_param(
    links: &ResultLinks,
    game: &StoredGame,
    daily: Option<NaiveDate>,
    found: &[(u32, bool)],
    score: u32,
) -> Option<String> {
    let target = match daily {
        Some(date) => ResultGame::Daily(date),
        None => ResultGame::Community(game.uid.clone()),
    };
    // The circles in the game's list order, as the share text draws them.
    let row = game.items.iter().map(|item| found.iter().any(|(id, hit)| *id == item.id && *hit)).collect();
    links.sign(&target, &ResultRow { found: row, score })
}

/// The page a preview is for.
#[derive(Debug, Clone)]
pub enum Page {
    Home,
    Archive(String),
    Community(String),
    /// An invite link, by its code.
    Join(String),
    /// A challenge link, by its id: the challenged game's preview, with who challenges.
    Challenge(String),
}

/// What a page's tags say.
#[derive(Debug, Clone)]
pub struct PageMeta {
    pub title: String,
    pub description: String,
    /// The page's own address (with its result parameter).
    pub url: String,
    /// The card's absolute address.
    pub image: String,
    pub image_alt: String,
}

/// What a page or card URL shows, resolved against the released games.
struct Resolved {
    card: Card,
    /// `/og/…png`, without query.
    image_path: String,
    /// Whose day or game, for the title: (`Day 870`, the prompt), or none for the site card.
    game: Option<(String, String)>,
    result: Option<ResultRow>,
    /// The result parameter, when it was valid.
    param: Option<String>,
}

impl Resolved {
    fn site() -> Self {
        Resolved {
            card: Card::Site,
            image_path: "/og/site.png".into(),
            game: None,
            result: None,
            param: None,
        }
    }
}

/// The tags of `page`; `param` is its `r` query parameter.
pub async fn page_meta(state: &AppState, page: Page, param: Option<&str>) -> PageMeta {
    let path = match &page {
        Page::Home => "/".to_string(),
        Page::Archive(date) => format!("/archive/{}", encode_uri_component(date)),
        Page::Community(uid) => format!("/community/{}", encode_uri_component(uid)),
        Page::Join(code) => format!("/join/{}", encode_uri_component(code)),
        Page::Challenge(id) => format!("/challenge/{}", encode_uri_component(id)),
    };
    // A challenge shows its game's preview; who challenges goes in the title.
    let challenger = match &page {
        Page::Challenge(id) => challenge_target(state, id).await,
        _ => None,
    };
    let target = match &page {
        Page::Home => Target::Day(None),
        Page::Archive(date) => match parse_date(date) {
            Some(date) => Target::Day(Some(date)),
            None => Target::Site,
        },
        Page::Community(uid) => Target::Community(uid.clone()),
        // An invite shows today's game: the group's name is only for whoever opens the link
        // (and its preview is rate-limited), so it is not put in a page anyone can fetch.
        Page::Join(_) => Target::Day(None),
        Page::Challenge(_) => challenger.as_ref().map_or(Target::Site, |(target, _)| target.clone()),
    };
    let param = if matches!(page, Page::Join(_) | Page::Challenge(_)) { None } else { param };
    let resolved = match resolve(state, target, param).await {
        Ok(resolved) => resolved,
        Err(error) => {
            tracing::warn!(%error, "a link preview's game could not be read; serving the site's card");
            Resolved::site()
        }
    };
    let public = state.config.public_url.trim_end_matches('/');
    let etag = resolved.card.etag();
    let mut image = format!("{public}{}?v={etag}", resolved.image_path);
    let mut url = format!("{public}{path}");
    if let Some(param) = &resolved.param {
        image.push_str(&format!("&r={param}"));
        url.push_str(&format!("?r={param}"));
    }
    let items = game_core::rules::ITEMS_PER_GAME;
    let (title, description, image_alt) = match (&resolved.game, &resolved.result) {
        (None, _) => (
            "Lavalist".to_string(),
            format!(
                "A daily list-guessing game: name all {items} things on today's list before the lava rises."
            ),
            "Lavalist: a new list every day".to_string(),
        ),
        (Some((heading, prompt)), result) => {
            let mut title = format!("Lavalist {heading}: {}", crate::text::capitalise(prompt.trim()));
            if let Some((_, name)) = &challenger {
                let who = name.as_deref().unwrap_or("A friend");
                title = format!("{who} challenges you: {title}");
            }
            let description = match (result, &page) {
                (Some(row), _) => format!(
                    "A player found {} of {} and scored {}. Can you do better? No spoilers: the answers stay hidden.",
                    row.found.iter().filter(|f| **f).count(),
                    row.found.len(),
                    row.score
                ),
                (None, Page::Challenge(_)) => format!(
                    "Name all {items} things on the list, then see your results side by side. No spoilers: the answers stay hidden."
                ),
                (None, Page::Join(_)) => {
                    format!("You're invited to play Lavalist with a group: name all {items} things on today's list before the lava rises.")
                }
                (None, _) => format!("Name all {items} things on the list before the lava rises. A new list every day."),
            };
            let alt = match result {
                Some(row) => format!("{heading}: {prompt}. Score {}", row.score),
                None => format!("{heading}: {prompt}"),
            };
            (title, description, alt)
        }
    };
    PageMeta { title, description, url, image, image_alt }
}

/// The game a challenge link names, and the creator's name; `None` for an unknown id (the
/// site's card then). Its game is released to everyone or `resolve` gives the site's card.
async fn challenge_target(state: &AppState, id: &str) -> Option<(Target, Option<String>)> {
    let id = id.to_string();
    let found = crate::db::run(&state.pool, move |conn| crate::challenges::queries::find(conn, &id)).await;
    let challenge = match found {
        Ok(challenge) => challenge?,
        Err(error) => {
            tracing::warn!(%error, "a challenge link's preview could not be read; serving the site's card");
            return None;
        }
    };
    let target = match challenge.daily_date.as_deref().and_then(parse_date) {
        Some(date) => Target::Day(Some(date)),
        None => Target::Community(challenge.game.uid.clone()),
    };
    Some((target, challenge.creator_name))
}

/// What a page or card names.
#[derive(Debug, Clone)]
enum Target {
    /// A daily: this date, or with `None` today's (on `/`, the result parameter's date).
    Day(Option<NaiveDate>),
    Community(String),
    Site,
}

async fn resolve(state: &AppState, target: Target, param: Option<&str>) -> Result<Resolved, AppError> {
    let today = today(state.clock.now());
    let links = &state.previews.links;
    match target {
        Target::Site => Ok(Resolved::site()),
        Target::Day(date) => {
            let (date, result) = match param {
                None => (date.unwrap_or(today), None),
                Some(param) => match links.verify(param, None, date) {
                    Some((ResultGame::Daily(day), row)) => (day, Some(row)),
                    // Tampered, or made for another page: the site's card.
                    _ => return Ok(Resolved::site()),
                },
            };
            if date > today {
                return Ok(Resolved::site());
            }
            let game = state
                .games
                .day(&state.pool, crate::games::editions::ENGLISH, date, today)
                .await?
                .and_then(|day| day.game.clone());
            let Some(game) = game.filter(|g| g.status == ReviewStatus::Approved) else {
                return Ok(Resolved::site());
            };
            let heading = format!("Day {}", day_number(date));
            Ok(Resolved {
                card: Card::Game {
                    heading: heading.clone(),
                    prompt: game.prompt.clone(),
                    result: result.clone(),
                },
                image_path: format!("/og/day/{}.png", format_date(date)),
                game: Some((heading, game.prompt.clone())),
                result,
                param: param.map(str::to_string),
            })
        }
        Target::Community(uid) => {
            if uid.is_empty() || uid.chars().count() > MAX_UID_CHARS {
                return Ok(Resolved::site());
            }
            let result = match param {
                None => None,
                Some(param) => match links.verify(param, Some(&uid), None) {
                    Some((_, row)) => Some(row),
                    None => return Ok(Resolved::site()),
                },
            };
            let lookup = uid.clone();
            let game =
                crate::db::run(&state.pool, move |conn| crate::games::queries::find_by_uid(conn, &lookup))
                    .await?;
            let shown = game.filter(|g| {
                g.kind == game_core::GameKind::Community
                    && g.status == ReviewStatus::Approved
                    && g.daily_date.is_none_or(|date| date <= today)
            });
            let Some(game) = shown else {
                return Ok(Resolved::site());
            };
            let heading = "Community game".to_string();
            Ok(Resolved {
                card: Card::Game {
                    heading: heading.clone(),
                    prompt: game.prompt.clone(),
                    result: result.clone(),
                },
                image_path: format!("/og/community/{}.png", game.uid),
                game: Some((heading, game.prompt.clone())),
                result,
                param: param.map(str::to_string),
            })
        }
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/og")
            .route("/site.png", web::get().to(site_card))
            .route("/site.png", web::head().to(site_card))
            .route("/day/{date}.png", web::get().to(day_card))
            .route("/day/{date}.png", web::head().to(day_card))
            .route("/community/{uid}.png", web::get().to(community_card))
            .route("/community/{uid}.png", web::head().to(community_card))
            .default_service(web::to(no_card)),
    );
}

async fn no_card() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found("No such card."))
}

/// `r`: a shared result; `v`: the card's ETag when the page named it (then it never changes).
#[derive(Debug, Deserialize)]
pub struct CardQuery {
    r: Option<String>,
    v: Option<String>,
}

async fn site_card(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let query = card_query(&req);
    serve(&req, &state, Resolved::site(), query.v.as_deref()).await
}

async fn day_card(
    req: HttpRequest,
    state: web::Data<AppState>,
    date: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let date = crate::games::require_date(&date)?;
    let query = card_query(&req);
    let resolved = resolve(&state, Target::Day(Some(date)), query.r.as_deref()).await?;
    serve(&req, &state, resolved, query.v.as_deref()).await
}

async fn community_card(
    req: HttpRequest,
    state: web::Data<AppState>,
    uid: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let query = card_query(&req);
    let resolved = resolve(&state, Target::Community(uid.into_inner()), query.r.as_deref()).await?;
    serve(&req, &state, resolved, query.v.as_deref()).await
}

/// The query as far as it parses: a card URL with junk in it still gets a card.
fn card_query(req: &HttpRequest) -> CardQuery {
    web::Query::<CardQuery>::from_query(req.query_string())
        .map_or(CardQuery { r: None, v: None }, web::Query::into_inner)
}

/// 304 when the client has it; from memory when rendered before; else rendered (counted in
/// the `card-ip` rate limit: drawing costs CPU).
async fn serve(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    resolved: Resolved,
    version: Option<&str>,
) -> Result<HttpResponse, AppError> {
    let etag = resolved.card.etag();
    let quoted = format!("\"{etag}\"");
    let cache_control = if version == Some(etag.as_str()) { IMMUTABLE } else { REVALIDATE };
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == quoted || tag.trim() == "*"));
    if matches {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, quoted))
            .insert_header((header::CACHE_CONTROL, cache_control))
            .finish());
    }
    let png = match state.previews.cached(&etag) {
        Some(png) => png,
        None => {
            state.limiter.limit(&state.pool, req, Endpoint::Card, None).await?;
            let worker = state.clone();
            let card = resolved.card.clone();
            let started = std::time::Instant::now();
            let png = web::block(move || worker.previews.renderer.png(&card))
                .await
                .map_err(AppError::internal)??;
            tracing::debug!(ms = started.elapsed().as_millis() as u64, bytes = png.len(), "rendered a card");
            let png = Arc::new(png);
            state.previews.keep(etag.clone(), png.clone());
            png
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type("image/png")
        .insert_header((header::ETAG, quoted))
        .insert_header((header::CACHE_CONTROL, cache_control))
        .insert_header(("X-Content-Type-Options", "nosniff"));
    if req.method() == actix_web::http::Method::HEAD {
        return Ok(res.insert_header((header::CONTENT_LENGTH, png.len())).finish());
    }
    Ok(res.body(png.as_ref().clone()))
}
