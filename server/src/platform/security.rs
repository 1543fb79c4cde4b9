//! Security headers on every response (API and front end alike): nosniff, Referrer-Policy,
//! HSTS over HTTPS, a Content-Security-Policy that follows the front end's build, and CORS,
//! closed unless `--cors-origins` names the sites allowed to call the API.

use std::collections::HashSet;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::platform::config::Config;
use crate::platform::error::AppError;

/// The headers computed once at start.
#[derive(Debug, Clone)]
pub struct Policy {
    /// The Content-Security-Policy of the front end (and of every response that sets none).
    pub csp: HeaderValue,
    /// Origins allowed to call the API from a browser (exact match).
    cors_origins: HashSet<String>,
}

impl Policy {
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        let index = std::fs::read_to_string(config.static_dir.join("index.html")).unwrap_or_default();
        let csp = app_csp(&index, config.csp_extra.as_deref())?;
        let csp = HeaderValue::from_str(&csp)
            .map_err(|_| AppError::internal("--csp-extra makes an invalid header value"))?;
        let cors_origins = config.cors_origins.iter().map(|o| o.trim().trim_end_matches('/').to_string());
        Ok(Policy { csp, cors_origins: cors_origins.filter(|o| !o.is_empty()).collect() })
    }
}

/// The front end's needs, as built (see docs/security.md): WASM, React's `style=` attributes, a
/// `data:` favicon, a service worker, same-origin fetches only. The inline theme script in
/// `index.html` is allowed by its hash, so a new build brings its own.
const APP_DIRECTIVES: &[(&str, &[&str])] = &[
    ("default-src", &["'self'"]),
    ("script-src", &["'self'", "'wasm-unsafe-eval'"]),
    ("style-src", &["'self'", "'unsafe-inline'"]),
    ("img-src", &["'self'", "data:"]),
    ("connect-src", &["'self'"]),
    ("font-src", &["'self'"]),
    ("worker-src", &["'self'"]),
    ("manifest-src", &["'self'"]),
    ("object-src", &["'none'"]),
    ("base-uri", &["'none'"]),
    ("form-action", &["'self'"]),
    ("frame-ancestors", &["'none'"]),
];

/// The policy for `index.html`'s inline scripts plus the operator's `--csp-extra`.
pub fn app_csp(index_html: &str, extra: Option<&str>) -> Result<String, AppError> {
    let mut directives: Vec<(String, Vec<String>)> = APP_DIRECTIVES
        .iter()
        .map(|(name, sources)| (name.to_string(), sources.iter().map(|s| s.to_string()).collect()))
        .collect();
    let hashes = inline_hashes(index_html, "script");
    add_sources(&mut directives, "script-src", hashes);
    for part in extra.unwrap_or_default().split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let mut words = part.split_whitespace();
        let name = words.next().unwrap_or_default().to_ascii_lowercase();
        let valid = name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        if !valid || part.contains(['\r', '\n', ',']) {
            return Err(AppError::internal(format!("--csp-extra: `{part}` is not `directive source …`")));
        }
        add_sources(&mut directives, &name, words.map(str::to_string).collect());
    }
    Ok(directives
        .iter()
        .map(|(name, sources)| format!("{name} {}", sources.join(" ")))
        .collect::<Vec<_>>()
        .join("; "))
}

/// Appends sources to a directive, adding the directive when it is new. A `'none'` goes when
/// something is added (it must stand alone).
fn add_sources(directives: &mut Vec<(String, Vec<String>)>, name: &str, sources: Vec<String>) {
    if sources.is_empty() {
        return;
    }
    let Some((_, existing)) = directives.iter_mut().find(|(n, _)| n == name) else {
        directives.push((name.to_string(), sources));
        return;
    };
    existing.retain(|s| s != "'none'");
    for source in sources {
        if !existing.contains(&source) {
            existing.push(source);
        }
    }
}

/// `'sha256-…'` of every inline `<tag>` (no `src=`) in a page: what CSP hashes is exactly the
/// text between the tags.
pub fn inline_hashes(html: &str, tag: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let (open, close) = (format!("<{tag}"), format!("</{tag}"));
    let mut hashes = Vec::new();
    let mut from = 0;
    while let Some(start) = lower[from..].find(&open).map(|i| from + i) {
        let Some(tag_end) = lower[start..].find('>').map(|i| start + i + 1) else { break };
        let Some(end) = lower[tag_end..].find(&close).map(|i| tag_end + i) else { break };
        if !lower[start..tag_end].contains(" src=") {
            hashes.push(format!(
                "'sha256-{}'",
                STANDARD.encode(Sha256::digest(&html.as_bytes()[tag_end..end]))
            ));
        }
        from = end;
    }
    hashes
}

pub async fn add_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    // HSTS only means something over HTTPS (here or at the proxy in front, which says so).
    let https = req.connection_info().scheme() == "https";
    // The shared policy (an Arc), not a copy: this runs on every request.
    let policy = req.app_data::<web::Data<Policy>>().cloned();
    let policy = policy.as_deref().map(|p| p.as_ref());
    let origin = allowed_origin(&req, policy);
    if let Some(origin) = origin.as_ref().filter(|_| is_preflight(&req)) {
        let res = preflight(origin);
        return Ok(finish(req.into_response(res), https, policy, None).map_into_right_body());
    }
    let res = next.call(req).await?;
    Ok(finish(res, https, policy, origin.as_ref()).map_into_left_body())
}

/// The paths whose answers are one player's or an admin's, never the same for everyone:
/// tokens and account data, saved progress and history, groups (invite codes, boards), the edit
/// form, a player's disputes, the admins' pages, and the dice (a new roll on every request).
/// Every other API request that says who is asking is private too ([`is_per_player`]).
const PRIVATE_PATHS: [&str; 14] = [
    "/api/user",
    "/api/auth",
    "/api/admin",
    "/api/progress",
    "/api/history",
    "/api/groups",
    "/api/group-ranks",
    "/api/game/edit",
    "/api/disputes",
    "/api/future-days",
    "/api/future-days-paginated",
    "/api/autofill-game-info",
    "/api/reminders",
    "/api/community-games/random",
];

/// A path in [`PRIVATE_PATHS`] or under one.
fn is_private_path(path: &str) -> bool {
    let under =
        |prefix: &str| path == prefix || path.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('/'));
    PRIVATE_PATHS.iter().any(|prefix| under(prefix))
}

/// Whether this is a player's stats (their standing and streaks): a request for the stats that
/// says who asks (a bearer token or a userKey header). A shared cache keys on the URL only.
fn is_player_stats(req: &HttpRequest) -> bool {
    let path = req.path();
    let stats = path == "/api/game/stats" || path.starts_with("/api/game/community-stats/");
    let headers = req.headers();
    stats
        && (headers.contains_key(header::AUTHORIZATION)
            || headers.contains_key(lavalist_api::USER_KEY_HEADER))
}

/// Whether an API request's answer is one player's: it says who is asking (a bearer token or a
/// userKey header), or it changes something (any method but GET and HEAD: a userKey may be in
/// its body). One rule for every route, present and future; a handler that set its own
/// `Cache-Control` (a game that is the same for everyone) keeps it.
fn is_per_player(req: &HttpRequest) -> bool {
    let headers = req.headers();
    req.path().starts_with("/api/")
        && (headers.contains_key(header::AUTHORIZATION)
            || headers.contains_key(lavalist_api::USER_KEY_HEADER)
            || !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS))
}

const PRIVATE: HeaderValue = HeaderValue::from_static("private, no-store");

fn finish<B>(
    mut res: ServiceResponse<B>,
    https: bool,
    policy: Option<&Policy>,
    cors_origin: Option<&HeaderValue>,
) -> ServiceResponse<B> {
    let request = res.request();
    let per_player = is_per_player(request) && !res.headers().contains_key(header::CACHE_CONTROL);
    let private = is_private_path(request.path()) || is_player_stats(request) || per_player;
    let headers = res.headers_mut();
    // Private answers must never sit in a shared or browser cache, errors included.
    if private {
        headers.insert(header::CACHE_CONTROL, PRIVATE);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if https {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    }
    // A handler with its own policy (the API docs page) keeps it.
    if let (Some(policy), false) = (policy, headers.contains_key(header::CONTENT_SECURITY_POLICY)) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy.csp.clone());
    }
    if let Some(origin) = cors_origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static("Retry-After, X-Request-Id"),
        );
    }
    // Answers differ by Origin once any origin is allowed: caches must keep them apart.
    if policy.is_some_and(|p| !p.cors_origins.is_empty()) {
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    res
}

/// The request's `Origin` when it is on the allow-list and the path is the API's; `None`
/// otherwise (then no CORS header is sent and the browser keeps the answer from the page).
fn allowed_origin(req: &ServiceRequest, policy: Option<&Policy>) -> Option<HeaderValue> {
    let policy = policy?;
    if !req.path().starts_with("/api/") {
        return None;
    }
    let origin = req.headers().get(header::ORIGIN)?;
    policy.cors_origins.contains(origin.to_str().ok()?).then(|| origin.clone())
}

fn is_preflight(req: &ServiceRequest) -> bool {
    req.method() == Method::OPTIONS && req.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
}

/// No credentials (the API uses bearer tokens, not cookies), so no Allow-Credentials.
fn preflight(origin: &HeaderValue) -> HttpResponse {
    HttpResponse::NoContent()
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone()))
        .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, PUT, DELETE"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, "Authorization, Content-Type"))
        .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_inline_scripts_only() {
        let html = "<head><script>var a = 1;</script><script type=\"module\" src=\"/x.js\"></script>\n<SCRIPT>b()</SCRIPT>";
        let digest = |s: &str| format!("'sha256-{}'", STANDARD.encode(Sha256::digest(s.as_bytes())));
        assert_eq!(inline_hashes(html, "script"), vec![digest("var a = 1;"), digest("b()")]);
        assert!(inline_hashes("<p>no scripts</p>", "script").is_empty());
    }

    #[test]
    fn extra_sources_extend_or_add_directives() {
        let csp = app_csp(
            "",
            Some("script-src https://widget.example; frame-src https://pay.example; object-src https://x"),
        )
        .unwrap();
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval' https://widget.example;"), "{csp}");
        assert!(csp.ends_with("frame-src https://pay.example"), "{csp}");
        assert!(csp.contains("object-src https://x;"), "{csp}");
        assert!(app_csp("", Some("script-src\nevil")).is_err());
        assert!(app_csp("", Some("bad_name x")).is_err());
    }
}
