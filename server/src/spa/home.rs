//! `/` with today's game in it: the page the first guess is made on does not wait for the JS,
//! then the WASM core, then a fetch before it can show the prompt (issue 14). index.html marks
//! where the prompt goes (`<!--prompt-->…<!--/prompt-->`, a skeleton in the file); the game's
//! JSON, exactly as `GET /api/game/date/{today}` answers it, goes in a data block that the front
//! end reads instead of fetching (src/features/game/api.ts). Any other path gets the file as is.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use game_core::calendar::{format_date, today};

use crate::state::AppState;

const PROMPT_START: &str = "<!--prompt-->";
const PROMPT_END: &str = "<!--/prompt-->";
/// The id main.tsx reads; a data block (`type="application/json"`) is never run as a script.
pub const DATA_ID: &str = "today-game";

/// Serves index.html with today's game in it; the file as it is if today's game cannot be read.
pub async fn home(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = state.config.static_dir.join("index.html");
    let index = match web::block(move || std::fs::read_to_string(path)).await {
        Ok(Ok(index)) => index,
        _ => {
            return HttpResponse::NotFound().json(serde_json::json!({"error": "The front end is not built."}))
        }
    };
    let today = today(state.clock.now());
    let page = match state.games.day(&state.pool, today, today).await {
        Ok(Some(day)) => {
            // Today's placeholder (no game scheduled) has no prompt to show: the page moves on.
            let prompt = day.game.as_ref().map(|g| g.prompt.as_str());
            with_today(&index, &format_date(today), &day.body, prompt)
        }
        Ok(None) => index,
        Err(error) => {
            tracing::warn!(%error, "today's game could not be put in the page; serving it without");
            index
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type("text/html; charset=utf-8");
    if req.method() == actix_web::http::Method::HEAD {
        return res.insert_header((header::CONTENT_LENGTH, page.len())).finish();
    }
    res.body(page)
}

/// index.html with `prompt` in place of the skeleton and the game's JSON before `</body>`.
pub fn with_today(index: &str, date: &str, game_json: &[u8], prompt: Option<&str>) -> String {
    let mut page = match (prompt, index.find(PROMPT_START), index.find(PROMPT_END)) {
        (Some(prompt), Some(start), Some(end)) if start < end => {
            format!("{}{}{}", &index[..start], prompt_html(prompt), &index[end + PROMPT_END.len()..])
        }
        _ => index.to_string(),
    };
    let json = String::from_utf8_lossy(game_json);
    // JSON has `<` only inside strings, where `\u003c` means the same: no `</script>` can close
    // the block early, whatever an admin typed into the prompt.
    let data = format!(
        r#"<script type="application/json" id="{DATA_ID}">{{"date":"{date}","game":{}}}</script>"#,
        json.replace('<', "\\u003c")
    );
    match page.rfind("</body>") {
        Some(at) => page.insert_str(at, &data),
        None => page.push_str(&data),
    }
    page
}

/// The markup of the front end's `<Prompt>` (src/features/game/components/Prompt.tsx): the
/// text capitalised, runs of two or more underscores as blanks. The same classes, so nothing
/// moves when the app takes over the page.
fn prompt_html(prompt: &str) -> String {
    let text = capitalise(prompt.trim());
    let mut html = String::from(r#"<h2 class="text-3xl leading-tight font-bold italic sm:text-4xl">"#);
    let mut rest = text.as_str();
    while let Some(start) = rest.find("__") {
        let run = rest[start..].bytes().take_while(|b| *b == b'_').count();
        html.push_str(&escape(&rest[..start]));
        html.push_str(r#"<span class="font-mono not-italic tracking-widest" aria-label="blank">"#);
        html.push_str(&rest[start..start + run]);
        html.push_str("</span>");
        rest = &rest[start + run..];
    }
    html.push_str(&escape(rest));
    html.push_str("</h2>");
    html
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<body><main><!--prompt--><div>skeleton</div><!--/prompt--></main></body>";

    #[test]
    fn the_prompt_replaces_the_skeleton_escaped_with_blanks() {
        let page = with_today(INDEX, "2026-11-24", b"{}", Some(" things in a <b>__ kitchen___ & more"));
        assert!(page.contains(
            r#"<main><h2 class="text-3xl leading-tight font-bold italic sm:text-4xl">Things in a &lt;b&gt;<span class="font-mono not-italic tracking-widest" aria-label="blank">__</span> kitchen<span class="font-mono not-italic tracking-widest" aria-label="blank">___</span> &amp; more</h2></main>"#
        ), "{page}");
        assert!(!page.contains("skeleton"));
    }

    #[test]
    fn the_game_cannot_close_its_data_block() {
        let page =
            with_today(INDEX, "2026-11-24", br#"{"prompt":"</script><script>alert(1)</script>"}"#, None);
        assert!(page.contains("skeleton"), "no prompt: the skeleton stays");
        assert!(page.ends_with(
            r#"<script type="application/json" id="today-game">{"date":"2026-11-24","game":{"prompt":"\u003c/script>\u003cscript>alert(1)\u003c/script>"}}</script></body>"#
        ), "{page}");
        let json = page.split("id=\"today-game\">").nth(1).unwrap().trim_end_matches("</script></body>");
        let parsed: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(parsed["game"]["prompt"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn a_page_without_markers_still_gets_the_data() {
        let page = with_today("<p>old build</p>", "2026-11-24", b"{}", Some("Planets"));
        assert_eq!(
            page,
            r#"<p>old build</p><script type="application/json" id="today-game">{"date":"2026-11-24","game":{}}</script>"#
        );
    }
}
