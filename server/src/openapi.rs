//! The OpenAPI 3 document (`/api/openapi.json`) and a small self-contained page that renders it
//! (`/api/docs`). The page loads nothing from other hosts, so the docs work offline and need no
//! assets fetched at build time.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{get, HttpResponse};
use lavalist_api::ErrorBody;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lavalist API",
        description = "The daily list-guessing game: games, listings, score submissions and stats."
    ),
    paths(
        crate::health::health,
        crate::accounts::request_code,
        crate::accounts::verify_code,
        crate::accounts::login,
        crate::accounts::current_user,
        crate::accounts::forgot_password,
        crate::accounts::reset_password,
        crate::admin::review_games,
        crate::admin::review_game,
        crate::admin::make_daily,
        crate::games::edit::edit_game,
        crate::games::edit::save_game,
        crate::games::community::upload_game,
        crate::games::community::delete_game,
        crate::autofill::autofill_game_info,
        crate::games::game_by_date,
        crate::games::game_by_uid,
        crate::games::listing::previous_days,
        crate::games::listing::previous_days_paginated,
        crate::games::listing::future_days,
        crate::games::listing::future_days_paginated,
        crate::games::listing::community_games_paginated,
        crate::submissions::submit_daily,
        crate::submissions::submit_community,
        crate::stats::daily_stats,
        crate::stats::community_stats,
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

#[get("/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(ApiDoc::openapi())
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
    use crate::security::inline_hashes;
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
