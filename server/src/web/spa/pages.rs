//! The pages a shared link points at, with Open Graph and Twitter card tags in their `<head>`:
//! chat apps and social sites read a link's preview from the HTML without running any script.
//! `/` gets them from `home.rs`; `/archive/{date}`, `/community/{uid}`, `/join/{code}` and
//! `/challenge/{id}` are `index.html` with the tags and the `<html lang dir>` of the player's
//! language (language.rs), nothing else changed. What the tags say is decided in
//! `previews` (the day and the prompt of a released game, never an item).

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::language::{page_locale, with_language};
use crate::domains::previews::{self, Link, Page, PageMeta};
use crate::platform::text::escape_html;
use crate::state::AppState;

/// `?r=`: a shared result's signed parameter; `?edition=`: the daily edition a day's link names.
#[derive(Debug, Deserialize)]
struct PageQuery {
    r: Option<String>,
    edition: Option<String>,
}

/// What the request's link says to its preview (as far as its query parses), and who reads it.
pub fn link(req: &HttpRequest) -> Link {
    let query = web::Query::<PageQuery>::from_query(req.query_string()).ok().map(web::Query::into_inner);
    let (result, edition) = query.map_or((None, None), |q| (q.r, q.edition));
    Link {
        result,
        edition: edition.as_deref().and_then(crate::domains::games::editions::of_language),
        reader: page_locale(req),
    }
}

pub async fn archive(req: HttpRequest, state: web::Data<AppState>, date: web::Path<String>) -> HttpResponse {
    page(&req, &state, Page::Archive(date.into_inner())).await
}

pub async fn community(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> HttpResponse {
    page(&req, &state, Page::Community(path.into_inner().0)).await
}

pub async fn community_root(
    req: HttpRequest,
    state: web::Data<AppState>,
    uid: web::Path<String>,
) -> HttpResponse {
    page(&req, &state, Page::Community(uid.into_inner())).await
}

pub async fn join(req: HttpRequest, state: web::Data<AppState>, code: web::Path<String>) -> HttpResponse {
    page(&req, &state, Page::Join(code.into_inner())).await
}

pub async fn challenge(req: HttpRequest, state: web::Data<AppState>, id: web::Path<String>) -> HttpResponse {
    page(&req, &state, Page::Challenge(id.into_inner())).await
}

async fn page(req: &HttpRequest, state: &AppState, page: Page) -> HttpResponse {
    let Some(index) = read_index(state).await else {
        return not_built();
    };
    let link = link(req);
    let meta = previews::page_meta(state, page, &link).await;
    let index = with_language(&index, link.reader);
    html(req, with_tags(&index, &meta))
}

/// A page of the app on a server whose front end is not built.
pub fn not_built() -> HttpResponse {
    HttpResponse::NotFound().json(serde_json::json!({"error": "The front end is not built."}))
}

/// `index.html` as the build wrote it.
pub async fn read_index(state: &AppState) -> Option<String> {
    let path = state.config.static_dir.join("index.html");
    web::block(move || std::fs::read_to_string(path)).await.ok().and_then(Result::ok)
}

/// A page's answer (a HEAD gets its length only).
pub fn html(req: &HttpRequest, page: String) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.content_type("text/html; charset=utf-8");
    if req.method() == actix_web::http::Method::HEAD {
        return res.insert_header((header::CONTENT_LENGTH, page.len())).finish();
    }
    res.body(page)
}

/// The page with the preview's tags at the end of its `<head>` (after its `<title>` in a file
/// without one; first, in a file with neither).
pub fn with_tags(index: &str, meta: &PageMeta) -> String {
    let tags = tags(meta);
    let at =
        index.find("</head>").or_else(|| index.find("</title>").map(|i| i + "</title>".len())).unwrap_or(0);
    let mut page = String::with_capacity(index.len() + tags.len());
    page.push_str(&index[..at]);
    page.push_str(&tags);
    page.push_str(&index[at..]);
    page
}

/// Open Graph (read by most chat apps) and Twitter's card tags (read by X and some others).
fn tags(meta: &PageMeta) -> String {
    let properties = [
        ("og:type", "website"),
        ("og:site_name", "Lavalist"),
        ("og:title", meta.title.as_str()),
        ("og:description", meta.description.as_str()),
        ("og:url", meta.url.as_str()),
        ("og:image", meta.image.as_str()),
        ("og:image:type", "image/png"),
        ("og:image:width", "1200"),
        ("og:image:height", "630"),
        ("og:image:alt", meta.image_alt.as_str()),
    ];
    let names = [
        ("twitter:card", "summary_large_image"),
        ("twitter:title", meta.title.as_str()),
        ("twitter:description", meta.description.as_str()),
        ("twitter:image", meta.image.as_str()),
        ("twitter:image:alt", meta.image_alt.as_str()),
    ];
    let mut html = String::new();
    for (property, content) in properties {
        html.push_str(&format!(r#"<meta property="{property}" content="{}">"#, escape_html(content)));
    }
    for (name, content) in names {
        html.push_str(&format!(r#"<meta name="{name}" content="{}">"#, escape_html(content)));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(title: &str) -> PageMeta {
        PageMeta {
            title: title.into(),
            description: "d".into(),
            url: "https://x/".into(),
            image: "https://x/og/site.png?v=1&r=a".into(),
            image_alt: "alt".into(),
        }
    }

    #[test]
    fn tags_go_at_the_end_of_the_head_escaped() {
        let page =
            with_tags("<html><head><title>L</title></head><body></body></html>", &meta(r#"A "b" <c> & d"#));
        assert!(
            page.starts_with(r#"<html><head><title>L</title><meta property="og:type" content="website">"#),
            "{page}"
        );
        assert!(
            page.contains(r#"<meta property="og:title" content="A &quot;b&quot; &lt;c&gt; &amp; d">"#),
            "{page}"
        );
        assert!(
            page.contains(r#"<meta name="twitter:image" content="https://x/og/site.png?v=1&amp;r=a">"#),
            "{page}"
        );
        assert!(page.ends_with("</head><body></body></html>"), "{page}");
        assert_eq!(page.matches("<meta ").count(), 15);
    }

    #[test]
    fn a_file_without_a_head_gets_them_after_its_title_or_first() {
        let page = with_tags("<!doctype html><title>Lavalist</title><p>x</p>", &meta("t"));
        assert!(
            page.starts_with(r#"<!doctype html><title>Lavalist</title><meta property="og:type""#),
            "{page}"
        );
        assert!(page.ends_with("<p>x</p>"));
        assert!(with_tags("<p>x</p>", &meta("t")).starts_with("<meta property=\"og:type\""));
    }
}
