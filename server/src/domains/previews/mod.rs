//! Link previews: what a chat app shows when a Lavalist link is pasted. The pages `/`,
//! `/archive/{date}`, `/community/{uid}`, `/join/{code}` and `/challenge/{id}` carry Open Graph and Twitter card
//! tags in the HTML the server sends (`spa/pages.rs` puts them in), and the image those tags
//! name is a card this module renders (`/og/…`, [`card`]). A shared result's link carries a
//! signed parameter ([`token`]) and gets a card with its circle row and score.
//!
//! The words are in the language of what the link shows, as a chat app's crawler sends neither
//! cookie nor (usually) `Accept-Language`: a day's in its edition's (`/archive/{date}?edition=ja`;
//! English when the link names none), a community game's or a challenge's in its game's, and
//! only a page with no game to speak for it in the reader's language (the page's). They are
//! Fluent messages (`preview-*`, server/locales) and, for "Day 870" and "Community game", the
//! app's own. A card's address carries its language (`edition=`, or `locale=` for the site's).
//!
//! Spoiler-free by construction: a card and the tags are made from the day, the prompt and a
//! result row only; no item of a game is ever read here. A game that is not released to
//! everyone (a future daily, a community game not approved) gets the site's card, as does a
//! result parameter the server did not sign for that page.

pub mod card;
pub mod interface;
pub mod shared;
pub mod token;

use std::sync::Arc;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use game_core::calendar::{day_number, format_date, parse_date, today};
use serde::Deserialize;

use crate::domains::games::interface::editions;
use crate::domains::games::interface::{ReviewStatus, StoredGame};
use crate::platform::error::AppError;
use crate::platform::i18n::{self, Arg, Locale};
use crate::platform::ratelimit::Endpoint;
use crate::platform::text::encode_uri_component;
use crate::state::AppState;
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

/// What a page's link says besides its path, and who reads it.
#[derive(Debug, Clone)]
pub struct Link {
    /// `r`: a shared result's signed parameter.
    pub result: Option<String>,
    /// `edition`: the daily edition a day's link names (`/archive/{date}?edition=ja`).
    pub edition: Option<Locale>,
    /// The reader's language (the cookie, else `Accept-Language`, else English; a chat app's
    /// crawler sends neither): the words of a preview no game speaks for.
    pub reader: Locale,
}

/// What a page or card URL shows, resolved against the released games.
struct Resolved {
    /// Its language is the words' (the game's, else the link's edition's, else the reader's).
    card: Card,
    /// `/og/…png`, without query.
    image_path: String,
    /// The edition a day's link named, other than English: kept in the page's and the card's
    /// addresses, as it chose the game.
    edition: Option<Locale>,
    /// Whose day or game, for the title: (`Day 870`, the prompt), or none for the site card.
    game: Option<(String, String)>,
    result: Option<ResultRow>,
    /// The result parameter, when it was valid.
    param: Option<String>,
}

impl Resolved {
    fn site(locale: Locale) -> Self {
        Resolved {
            card: Card::Site(locale),
            image_path: "/og/site.png".into(),
            edition: None,
            game: None,
            result: None,
            param: None,
        }
    }

    /// The query that says the card's language: a day's edition, or the site card's language;
    /// none for English, whose addresses stay as they were.
    fn language_query(&self) -> Option<String> {
        match (self.edition, &self.card) {
            (Some(edition), _) => Some(format!("edition={}", edition.tag())),
            (None, Card::Site(locale)) if *locale != Locale::En => Some(format!("locale={}", locale.tag())),
            _ => None,
        }
    }
}

/// The tags of `page` reached through `link`.
pub async fn page_meta(state: &AppState, page: Page, link: &Link) -> PageMeta {
    // A challenge shows its game's preview; who challenges goes in the title.
    let challenger = match &page {
        Page::Challenge(id) => challenge_target(state, id).await,
        _ => None,
    };
    let target = match &page {
        Page::Home => Target::Day(None, link.edition),
        Page::Archive(date) => match parse_date(date) {
            Some(date) => Target::Day(Some(date), link.edition),
            None => Target::Site,
        },
        Page::Community(uid) => Target::Community(uid.clone()),
        // An invite shows today's game: the group's name is only for whoever opens the link
        // (and its preview is rate-limited), so it is not put in a page anyone can fetch.
        Page::Join(_) => Target::Day(None, None),
        Page::Challenge(_) => challenger.as_ref().map_or(Target::Site, |(target, _)| target.clone()),
    };
    let param =
        if matches!(page, Page::Join(_) | Page::Challenge(_)) { None } else { link.result.as_deref() };
    let resolved = match resolve(state, target, param, link.reader).await {
        Ok(resolved) => resolved,
        Err(error) => {
            tracing::warn!(%error, "a link preview's game could not be read; serving the site's card");
            Resolved::site(link.reader)
        }
    };
    let (url, image) = addresses(&state.config.public_url, &page, &resolved);
    let locale = resolved.card.locale();
    let words = match &resolved.game {
        None => site_words(locale),
        Some((heading, prompt)) => {
            let challenger = challenger.as_ref().map(|(_, name)| name.as_deref());
            game_words(locale, &page, heading, prompt, resolved.result.as_ref(), challenger)
        }
    };
    PageMeta { title: words.title, description: words.description, url, image, image_alt: words.image_alt }
}

/// The page's own address and its card's: the card's names its version and its language, both
/// keep a valid result parameter, and the page's the edition its link named (a challenge's
/// page names its game by itself).
fn addresses(public_url: &str, page: &Page, resolved: &Resolved) -> (String, String) {
    let public = public_url.trim_end_matches('/');
    let path = match page {
        Page::Home => "/".to_string(),
        Page::Archive(date) => format!("/archive/{}", encode_uri_component(date)),
        Page::Community(uid) => format!("/community/{}", encode_uri_component(uid)),
        Page::Join(code) => format!("/join/{}", encode_uri_component(code)),
        Page::Challenge(id) => format!("/challenge/{}", encode_uri_component(id)),
    };
    let mut image = vec![format!("v={}", resolved.card.etag())];
    image.extend(resolved.language_query());
    let mut url = Vec::new();
    if let Some(edition) = resolved.edition.filter(|_| !matches!(page, Page::Challenge(_))) {
        url.push(format!("edition={}", edition.tag()));
    }
    if let Some(param) = &resolved.param {
        image.push(format!("r={param}"));
        url.push(format!("r={param}"));
    }
    let url = match url.is_empty() {
        true => format!("{public}{path}"),
        false => format!("{public}{path}?{}", url.join("&")),
    };
    (url, format!("{public}{}?{}", resolved.image_path, image.join("&")))
}

/// The words of a page's tags.
struct Words {
    title: String,
    description: String,
    image_alt: String,
}

/// The number of things on every list, for the messages that say it.
fn items() -> i64 {
    game_core::rules::ITEMS_PER_GAME as i64
}

/// The site's preview, in `locale`.
fn site_words(locale: Locale) -> Words {
    Words {
        title: "Lavalist".into(),
        description: i18n::text(locale, "preview-site-description", &[("items", items().into())]),
        image_alt: i18n::text(locale, "preview-site-image-alt", &[]),
    }
}

/// A game's preview in its language: `heading` is its day or "Community game" (in that
/// language), `result` a shared result, `challenger` who challenges on a challenge's page (the
/// name, none for a challenger without one).
fn game_words(
    locale: Locale,
    page: &Page,
    heading: &str,
    prompt: &str,
    result: Option<&ResultRow>,
    challenger: Option<Option<&str>>,
) -> Words {
    let text = |id: &str, args: &[(&str, Arg<'_>)]| i18n::text(locale, id, args);
    let shown_prompt = crate::platform::text::capitalise(prompt.trim());
    let mut title =
        text("preview-game-title", &[("heading", heading.into()), ("prompt", (&shown_prompt).into())]);
    if let Some(name) = challenger {
        let who = name.map_or_else(|| text("preview-a-friend", &[]), str::to_string);
        title = text("preview-challenge-title", &[("who", (&who).into()), ("title", (&title).into())]);
    }
    let items = [("items", items().into())];
    let description = match (result, page) {
        (Some(row), _) => text(
            "preview-result-description",
            &[
                ("found", (row.found.iter().filter(|f| **f).count() as i64).into()),
                ("total", (row.found.len() as i64).into()),
                ("score", i64::from(row.score).into()),
            ],
        ),
        (None, Page::Challenge(_)) => text("preview-challenge-description", &items),
        (None, Page::Join(_)) => text("preview-invite-description", &items),
        (None, _) => text("preview-game-description", &items),
    };
    let image_alt = match result {
        Some(row) => text(
            "preview-result-image-alt",
            &[("heading", heading.into()), ("prompt", prompt.into()), ("score", i64::from(row.score).into())],
        ),
        None => text("preview-image-alt", &[("heading", heading.into()), ("prompt", prompt.into())]),
    };
    Words { title, description, image_alt }
}

/// The game a challenge link names, and the creator's name; `None` for an unknown id (the
/// site's card then). Its game is released to everyone or `resolve` gives the site's card.
async fn challenge_target(state: &AppState, id: &str) -> Option<(Target, Option<String>)> {
    let id = id.to_string();
    let found = crate::platform::db::run(&state.pool, move |conn| {
        crate::domains::challenges::interface::find_challenge(conn, &id)
    })
    .await;
    let challenge = match found {
        Ok(challenge) => challenge?,
        Err(error) => {
            tracing::warn!(%error, "a challenge link's preview could not be read; serving the site's card");
            return None;
        }
    };
    // A daily's challenge is on its game's edition: the game's language.
    let target = match challenge.daily_date.as_deref().and_then(parse_date) {
        Some(date) => Target::Day(Some(date), editions::of_language(&challenge.game.language)),
        None => Target::Community(challenge.game.uid.clone()),
    };
    Some((target, challenge.creator_name))
}

/// What a page or card names.
#[derive(Debug, Clone)]
enum Target {
    /// A daily: this date, or with `None` today's (on `/`, the result parameter's date), in the
    /// edition the link names (English when none).
    Day(Option<NaiveDate>, Option<Locale>),
    Community(String),
    Site,
}

/// `reader`: the language of a site's card no edition speaks for.
async fn resolve(
    state: &AppState,
    target: Target,
    param: Option<&str>,
    reader: Locale,
) -> Result<Resolved, AppError> {
    match target {
        Target::Site => Ok(Resolved::site(reader)),
        Target::Day(date, edition) => resolve_day(state, date, edition, param, reader).await,
        Target::Community(uid) => resolve_community(state, uid, param, reader).await,
    }
}

/// A daily's day in the edition `named` (English when none), in that edition's language; the
/// site's card, in the named edition's language else the reader's, for a day not released or
/// a parameter not signed for it.
async fn resolve_day(
    state: &AppState,
    date: Option<NaiveDate>,
    named: Option<Locale>,
    param: Option<&str>,
    reader: Locale,
) -> Result<Resolved, AppError> {
    let today = today(state.clock.now());
    let site = || Ok(Resolved::site(named.unwrap_or(reader)));
    let (date, result) = match param {
        None => (date.unwrap_or(today), None),
        Some(param) => match state.previews.links.verify(param, None, date) {
            Some((ResultGame::Daily(day), row)) => (day, Some(row)),
            // Tampered, or made for another page: the site's card.
            _ => return site(),
        },
    };
    if date > today {
        return site();
    }
    let edition = named.unwrap_or(editions::ENGLISH);
    let game = state.games.day(&state.pool, edition, date, today).await?.and_then(|day| day.game.clone());
    let Some(game) = game.filter(|g| g.status == ReviewStatus::Approved) else {
        return site();
    };
    let heading =
        i18n::frontend::message(edition, "game.submitter.day", &[("day", &day_number(date).to_string())]);
    Ok(Resolved {
        card: Card::Game {
            locale: edition,
            heading: heading.clone(),
            prompt: game.prompt.clone(),
            result: result.clone(),
        },
        image_path: format!("/og/day/{}.png", format_date(date)),
        edition: named.filter(|edition| *edition != editions::ENGLISH),
        game: Some((heading, game.prompt.clone())),
        result,
        param: param.map(str::to_string),
    })
}

/// A community game, in its language (the reader's when it is none of the app's); the site's
/// card, in the reader's language, for a game not released or a parameter not signed for it.
async fn resolve_community(
    state: &AppState,
    uid: String,
    param: Option<&str>,
    reader: Locale,
) -> Result<Resolved, AppError> {
    if uid.is_empty() || uid.chars().count() > MAX_UID_CHARS {
        return Ok(Resolved::site(reader));
    }
    let result = match param {
        None => None,
        Some(param) => match state.previews.links.verify(param, Some(&uid), None) {
            Some((_, row)) => Some(row),
            None => return Ok(Resolved::site(reader)),
        },
    };
    let lookup = uid.clone();
    let game = crate::platform::db::run(&state.pool, move |conn| {
        crate::domains::games::interface::find_by_uid(conn, &lookup)
    })
    .await?;
    let today = today(state.clock.now());
    let shown = game.filter(|g| {
        g.kind == game_core::GameKind::Community
            && g.status == ReviewStatus::Approved
            && g.daily_date.is_none_or(|date| date <= today)
    });
    let Some(game) = shown else {
        return Ok(Resolved::site(reader));
    };
    let locale = editions::of_language(&game.language).unwrap_or(reader);
    let heading = i18n::frontend::message(locale, "b.challenge.community", &[]);
    Ok(Resolved {
        card: Card::Game {
            locale,
            heading: heading.clone(),
            prompt: game.prompt.clone(),
            result: result.clone(),
        },
        image_path: format!("/og/community/{}.png", game.uid),
        edition: None,
        game: Some((heading, game.prompt.clone())),
        result,
        param: param.map(str::to_string),
    })
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

/// `r`: a shared result; `v`: the card's ETag when the page named it (then it never changes);
/// `edition`: a day's edition; `locale`: the language of a site's card (the page's reader's).
#[derive(Debug, Default, Deserialize)]
pub struct CardQuery {
    r: Option<String>,
    v: Option<String>,
    edition: Option<String>,
    locale: Option<String>,
}

impl CardQuery {
    fn reader(&self) -> Locale {
        self.locale.as_deref().and_then(Locale::from_tag).unwrap_or(Locale::En)
    }

    fn edition(&self) -> Option<Locale> {
        self.edition.as_deref().and_then(editions::of_language)
    }
}

async fn site_card(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let query = card_query(&req);
    serve(&req, &state, Resolved::site(query.reader()), query.v.as_deref()).await
}

async fn day_card(
    req: HttpRequest,
    state: web::Data<AppState>,
    date: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let date = crate::domains::games::interface::require_date(&date)?;
    let query = card_query(&req);
    let target = Target::Day(Some(date), query.edition());
    let resolved = resolve(&state, target, query.r.as_deref(), query.reader()).await?;
    serve(&req, &state, resolved, query.v.as_deref()).await
}

async fn community_card(
    req: HttpRequest,
    state: web::Data<AppState>,
    uid: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let query = card_query(&req);
    let target = Target::Community(uid.into_inner());
    let resolved = resolve(&state, target, query.r.as_deref(), query.reader()).await?;
    serve(&req, &state, resolved, query.v.as_deref()).await
}

/// The query as far as it parses: a card URL with junk in it still gets a card.
fn card_query(req: &HttpRequest) -> CardQuery {
    web::Query::<CardQuery>::from_query(req.query_string())
        .map_or_else(|_| CardQuery::default(), web::Query::into_inner)
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
