//! The built front end: files as they are, and `index.html` for every other non-API path so
//! that client-side routes survive a reload. Compressed for browsers that accept it, and cached
//! for a year where the file name carries a content hash.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{from_fn, Compress, Next};
use actix_web::{web, HttpResponse};

mod home;
mod language;
mod pages;

pub fn configure(cfg: &mut web::ServiceConfig, static_dir: &Path) {
    // An API-only server (no front end built or deployed): `serve` says so once at start.
    // Mounting `Files` on a missing folder would log an error for every app instance.
    if !static_dir.is_dir() {
        cfg.default_service(web::to(not_found));
        return;
    }
    let index = static_dir.join("index.html");
    let files = Files::new("/", static_dir).index_file("index.html").default_handler(fn_service(
        move |req: ServiceRequest| {
            let index = index.clone();
            async move { fallback(req, index).await }
        },
    ));
    // Only the front end is compressed: API bodies are small, and the hot ones are served from
    // a cache that compressing per request would slow down.
    let home = web::resource("/").route(web::get().to(home::home)).route(web::head().to(home::home));
    // The pages a shared link names: index.html with their link preview's tags.
    let archive = web::resource("/archive/{date}")
        .route(web::get().to(pages::archive))
        .route(web::head().to(pages::archive));
    let community_root = web::resource("/community/{uid}")
        .route(web::get().to(pages::community_root))
        .route(web::head().to(pages::community_root));
    let community = web::resource("/community/{uid}/{rest:.*}")
        .route(web::get().to(pages::community))
        .route(web::head().to(pages::community));
    let join =
        web::resource("/join/{code}").route(web::get().to(pages::join)).route(web::head().to(pages::join));
    let challenge = web::resource("/challenge/{id}")
        .route(web::get().to(pages::challenge))
        .route(web::head().to(pages::challenge));
    cfg.service(
        web::scope("")
            .wrap(from_fn(cache_headers))
            .wrap(Compress::default())
            .service(home)
            .service(archive)
            .service(community_root)
            .service(community)
            .service(join)
            .service(challenge)
            .service(files),
    );
}

/// Vite puts a content hash in every name under `/assets/`, so those never change; anything
/// else (`index.html`, the service worker, icons) is revalidated so a deploy shows at once.
async fn cache_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let hashed = req.path().starts_with("/assets/");
    let mut res = next.call(req).await?;
    if res.status().is_success() {
        let policy = if hashed { "public, max-age=31536000, immutable" } else { "no-cache" };
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    Ok(res)
}

async fn fallback(req: ServiceRequest, index: PathBuf) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    // API paths and build assets are files or nothing: an old hashed asset name must 404 rather
    // than receive index.html (which the browser would try to run as a script).
    if req.path().starts_with("/api/") || req.path() == "/api" || req.path().starts_with("/assets/") {
        let res = HttpResponse::NotFound().json(serde_json::json!({"error": "Not found."}));
        return Ok(ServiceResponse::new(req, res));
    }
    // In another language than English the page's `<html lang dir>` are that language's (as
    // the app will set them); in English the file is served as it is, with its validators.
    let locale = language::page_locale(&req);
    let res = if locale == crate::platform::i18n::Locale::En {
        match NamedFile::open_async(&index).await {
            Ok(file) => file.into_response(&req),
            Err(_) => pages::not_built(),
        }
    } else {
        match web::block(move || std::fs::read_to_string(index)).await.ok().and_then(Result::ok) {
            Some(file) => pages::html(&req, language::with_language(&file, locale).into_owned()),
            None => pages::not_built(),
        }
    };
    Ok(ServiceResponse::new(req, res))
}

/// Outside `/api` (which answers its own JSON 404) on a server without a front end.
async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found")
}
