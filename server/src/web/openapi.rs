//! The OpenAPI 3 document (`/api/openapi.json`) and a small self-contained page that renders it
//! (`/api/docs`). The page loads nothing from other hosts, so the docs work offline and need no
//! assets fetched at build time.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{get, HttpRequest, HttpResponse, ResponseError};
use lavalist_api::ErrorBody;

use crate::platform::error::{AppError, ErrorCode};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lavalist API",
        description = "The daily list-guessing game: games, listings, score submissions and stats."
    ),
    paths(
        crate::web::health::health,
        crate::web::health::ready,
        crate::domains::accounts::request_code,
        crate::domains::accounts::verify_code,
        crate::domains::accounts::login,
        crate::domains::accounts::current_user,
        crate::domains::accounts::logout,
        crate::domains::accounts::forgot_password,
        crate::domains::accounts::reset_password,
        crate::domains::accounts::settings::change_password,
        crate::domains::accounts::settings::delete_account,
        crate::domains::accounts::settings::export_data,
        crate::domains::accounts::settings::privacy,
        crate::domains::accounts::settings::set_locale,
        crate::domains::admin::review_games,
        crate::domains::admin::review_game,
        crate::domains::admin::next_daily_date,
        crate::domains::admin::make_daily,
        crate::domains::community::rate_game,
        crate::domains::community::game_rating,
        crate::domains::community::random_game,
        crate::domains::community::creator_stats,
        crate::domains::community::creator_totals,
        crate::domains::reports::report_game,
        crate::domains::reports::reported_games,
        crate::domains::reports::decide_reports,
        crate::domains::insights::insights,
        crate::domains::games::edit::edit_game,
        crate::domains::games::edit::save_game,
        crate::domains::games::community::upload_game,
        crate::domains::games::community::delete_game,
        crate::domains::autofill::autofill_game_info,
        crate::domains::games::game_by_date,
        crate::domains::games::game_by_uid,
        crate::domains::games::listing::previous_days,
        crate::domains::games::listing::previous_days_paginated,
        crate::domains::games::listing::future_days,
        crate::domains::games::listing::future_days_paginated,
        crate::domains::games::listing::community_games_paginated,
        crate::domains::submissions::submit_daily,
        crate::domains::submissions::submit_community,
        crate::domains::stats::daily_stats,
        crate::domains::stats::community_stats,
        crate::domains::disputes::create_dispute,
        crate::domains::disputes::player_disputes,
        crate::domains::disputes::open_disputes,
        crate::domains::disputes::accept_disputes,
        crate::domains::disputes::reject_disputes,
        crate::domains::groups::my_groups,
        crate::domains::groups::create_group,
        crate::domains::groups::my_ranks,
        crate::domains::groups::invite,
        crate::domains::groups::preview_invite,
        crate::domains::groups::join_group,
        crate::domains::groups::group_detail,
        crate::domains::groups::delete_group,
        crate::domains::groups::rename_group,
        crate::domains::groups::regenerate_code,
        crate::domains::groups::leave_group,
        crate::domains::groups::remove_member,
        crate::domains::groups::group_boards,
        crate::domains::channels::get_channel,
        crate::domains::channels::save_channel,
        crate::domains::channels::delete_channel,
        crate::domains::channels::test_channel,
        crate::domains::history::get_progress,
        crate::domains::history::put_progress,
        crate::domains::history::account_days,
        crate::domains::reminders::get_settings,
        crate::domains::reminders::put_settings,
        crate::domains::reminders::add_push,
        crate::domains::reminders::remove_push,
        crate::domains::reminders::unsubscribe_page,
        crate::domains::reminders::unsubscribe,
        crate::domains::challenges::create_challenge,
        crate::domains::challenges::store_archive_result,
        crate::domains::challenges::challenge_preview,
        crate::domains::challenges::challenge_comparison,
    ),
    components(schemas(ErrorBody)),
    modifiers(&CommonErrors)
)]
pub struct ApiDoc;

/// The document, built once.
static DOCUMENT: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(ApiDoc::openapi);

#[get("/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(&*DOCUMENT)
}

/// The answers every route can give whatever its handler does, declared on each operation that
/// can meet them (a handler's own description wins): a path or query that does not parse (400),
/// a body that is not JSON of the right shape, too large or of another type (400, 413, 415), and
/// a database that is busy (503, `Retry-After`). Only `/api/health` touches no database.
struct CommonErrors;

impl utoipa::Modify for CommonErrors {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder, Schema};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build(),
                )
                .build()
        };
        for (path, item) in doc.paths.paths.iter_mut() {
            for op in operations(item) {
                for param in op.parameters.iter_mut().flatten() {
                    if let Some(RefOr::T(Schema::Object(schema))) = param.schema.as_mut() {
                        unsigned_range(schema);
                    }
                }
                let has_params = op.parameters.as_ref().is_some_and(|p| !p.is_empty());
                let has_body = op.request_body.is_some();
                let mut add = |status: &str, description: &str| {
                    op.responses
                        .responses
                        .entry(status.to_string())
                        .or_insert_with(|| error(description).into());
                };
                if has_params || has_body {
                    add("400", "A path, query or body value the server refuses (`invalidPath`, `invalidQuery`, `invalidJson`, …)");
                }
                if has_body {
                    add("413", "The body is over the size limit (`payloadTooLarge`)");
                    add("415", "The body is not `application/json` (`unsupportedMediaType`)");
                }
                if path != "/api/health" {
                    add("503", "The database is busy; retry after `Retry-After` (`busy`)");
                }
            }
        }
    }
}

/// A query parameter of an unsigned Rust type (`u32`, `u64`: utoipa gives `int32`/`int64` and a
/// minimum of at least 0) takes the type's whole range, so the document says so: its maximum is
/// `u32::MAX` or `u64::MAX` instead of the signed `format`'s.
fn unsigned_range(schema: &mut utoipa::openapi::schema::Object) {
    use utoipa::openapi::{KnownFormat, SchemaFormat};
    use utoipa::Number;
    let unsigned = match schema.minimum {
        Some(Number::UInt(_)) => true,
        Some(Number::Int(n)) => n >= 0,
        Some(Number::Float(n)) => n >= 0.0,
        None => false,
    };
    let maximum = match schema.format {
        Some(SchemaFormat::KnownFormat(KnownFormat::Int32)) => u32::MAX as usize,
        Some(SchemaFormat::KnownFormat(KnownFormat::Int64)) => u64::MAX as usize,
        _ => return,
    };
    if unsigned && schema.maximum.is_none() {
        schema.format = None;
        schema.maximum = Some(Number::UInt(maximum));
    }
}

fn operations(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        item.get.as_mut(),
        item.put.as_mut(),
        item.post.as_mut(),
        item.delete.as_mut(),
        item.options.as_mut(),
        item.head.as_mut(),
        item.patch.as_mut(),
        item.trace.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Each path of the document (plus the document and its page), as segments (`None` for a
/// `{param}`), with the methods it answers.
static ROUTES: LazyLock<Vec<(Vec<Option<String>>, String)>> = LazyLock::new(|| {
    let mut routes: Vec<(Vec<Option<String>>, String)> = DOCUMENT
        .paths
        .paths
        .iter()
        .map(|(path, item)| {
            let methods = [
                ("GET", item.get.is_some()),
                ("PUT", item.put.is_some()),
                ("POST", item.post.is_some()),
                ("DELETE", item.delete.is_some()),
                ("PATCH", item.patch.is_some()),
            ];
            let allow: Vec<&str> = methods.iter().filter(|(_, on)| *on).map(|(m, _)| *m).collect();
            (segments(path), allow.join(", "))
        })
        .collect();
    for path in ["/api/openapi.json", "/api/docs"] {
        routes.push((segments(path), "GET".into()));
    }
    routes
});

fn segments(template: &str) -> Vec<Option<String>> {
    template
        .trim_matches('/')
        .split('/')
        .map(|s| (!(s.starts_with('{') && s.ends_with('}'))).then(|| s.to_string()))
        .collect()
}

/// The methods a known path answers (the `Allow` header's value), or `None` when no route has
/// this path.
pub fn allowed_methods(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    ROUTES
        .iter()
        .find(|(template, _)| {
            template.len() == parts.len()
                && template.iter().zip(&parts).all(|(t, p)| match t {
                    Some(literal) => literal == p,
                    None => !p.is_empty(),
                })
        })
        .map(|(_, allow)| allow.clone())
}

/// Any `/api` request no route answers: 405 with `Allow` for a path of the OpenAPI document
/// asked with another method, else 404.
pub async fn api_not_found(req: HttpRequest) -> HttpResponse {
    match allowed_methods(req.path()) {
        Some(allowed) => {
            let mut res = AppError::refused(
                ErrorCode::MethodNotAllowed,
                format!("{} is not allowed here; use {allowed}.", req.method()),
            )
            .error_response();
            if let Ok(value) = header::HeaderValue::from_str(&allowed) {
                res.headers_mut().insert(header::ALLOW, value);
            }
            res
        }
        None => AppError::not_found("Not found.").error_response(),
    }
}

#[get("/docs")]
pub async fn docs() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CONTENT_SECURITY_POLICY, DOCS_CSP.as_str()))
        .body(DOCS_PAGE)
}

/// The docs page's own policy: nothing but its inline script and style (by hash) and fetching
/// the document from this origin.
static DOCS_CSP: LazyLock<String> = LazyLock::new(|| {
    use crate::platform::security::inline_hashes;
    format!(
        "default-src 'none'; script-src {}; style-src {}; connect-src 'self'; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'none'",
        inline_hashes(DOCS_PAGE, "script").join(" "),
        inline_hashes(DOCS_PAGE, "style").join(" ")
    )
});

const DOCS_PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lavalist API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{margin-bottom:0}.op{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
.get{color:#0a6}.post{color:#06c}.put{color:#a60}.delete{color:#c22}
code,pre{font:13px ui-monospace,monospace;background:#f6f6f6}pre{padding:.5rem;overflow:auto}
summary{cursor:pointer}
</style></head><body>
<h1>Lavalist API</h1><p>Rendered from <a href="/api/openapi.json">/api/openapi.json</a>.</p><div id="ops">Loading…</div>
<script>
const esc = s => String(s ?? '').replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
fetch('/api/openapi.json').then(r => r.json()).then(doc => {
  const schemas = (doc.components || {}).schemas || {};
  const out = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters || []).map(p => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}) ${esc(p.description)}</li>`).join('');
      const body = op.requestBody ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(op.requestBody.content, null, 2))}</pre></details>` : '';
      const responses = Object.entries(op.responses || {}).map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`).join('');
      out.push(`<div class="op"><div><span class="m ${method}">${esc(method)}</span><code>${esc(path)}</code></div>
        <p>${esc(op.summary || op.description || '')}</p>${params ? `<ul>${params}</ul>` : ''}${body}<ul>${responses}</ul></div>`);
    }
  }
  out.push(`<details><summary>Schemas</summary><pre>${esc(JSON.stringify(schemas, null, 2))}</pre></details>`);
  document.getElementById('ops').innerHTML = out.join('');
}).catch(e => { document.getElementById('ops').textContent = 'Could not load the document: ' + e; });
</script></body></html>"#;
