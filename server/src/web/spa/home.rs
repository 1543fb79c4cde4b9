//! `/` with today's game in it: the page the first guess is made on does not wait for the JS,
//! then the WASM core, then a fetch before it can show the prompt (issue 14), nor before a guess
//! can be typed (issue 22). index.html marks where the prompt goes (`<!--prompt-->…<!--/prompt-->`,
//! a skeleton in the file): the prompt, the submitter line and the guess box go there, as the app
//! renders them, and the counters under it. What is guessed in that box before the app runs is
//! kept by index.html's inline script and judged by the WASM core as soon as it is in
//! (src/features/game/island.ts, earlyGuesses.ts); the app takes the box over when it renders.
//! The game's JSON, exactly as `GET /api/game/date/{today}` answers it, goes in a data block that
//! the front end reads instead of fetching (src/api/games.ts). Any other path gets the
//! file as is.
//!
//! The page speaks the language the app will show on this device (language.rs, issue 24): its
//! `<html lang dir>` and every word of the painted markup come from the front end's own
//! catalogues, so the app takes the page over without a flash of English or a flip of direction.
//! src/features/game/earlyGuesses.test.tsx compares the markup, in each of the twelve languages,
//! with what the components render (through src/test/paintedHome.json, `painted_fixture`).

use actix_web::{web, HttpRequest, HttpResponse};
use game_core::calendar::{day_number, format_date, today};

use super::language::with_language;
use super::pages::{html, link, not_built, read_index, with_tags};
use crate::domains::games::editions;
use crate::domains::previews::{self, Page};
use crate::platform::i18n::frontend::message;
use crate::platform::i18n::Locale;
use crate::platform::text::escape_html;
use crate::state::AppState;

const PROMPT_START: &str = "<!--prompt-->";
const PROMPT_END: &str = "<!--/prompt-->";
/// The id main.ts reads; a data block (`type="application/json"`) is never run as a script.
pub const DATA_ID: &str = "today-game";

/// Serves index.html with today's game in it; the file as it is if today's game cannot be read.
pub async fn home(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let Some(index) = read_index(&state).await else {
        return not_built();
    };
    // A link preview's tags (today's game, or a shared result's day) for whoever reads the
    // page without running it.
    let link = link(&req);
    let meta = previews::page_meta(&state, Page::Home, &link).await;
    // The language the app will show on this device: the page speaks it before the app runs.
    let locale = link.reader;
    let index = with_tags(&with_language(&index, locale), &meta);
    let today = today(state.clock.now());
    let page = match todays_edition(&state, &req, locale, today).await {
        Ok(Some(day)) => {
            // Today's placeholder (no game scheduled) has no prompt to show: the page moves on.
            let shell = day.game.as_ref().map(|g| Shell {
                prompt: &g.prompt,
                submitter: &g.submitter,
                day_number: day_number(today),
                locale,
            });
            with_today(&index, &format_date(today), &day.body, shell)
        }
        Ok(None) => index,
        Err(error) => {
            tracing::warn!(%error, "today's game could not be put in the page; serving it without");
            index
        }
    };
    html(&req, page)
}

/// The cookie the front end sets when the player picks a daily edition on this device.
pub const EDITION_COOKIE: &str = "lavalist_edition";

/// The edition `/` plays: the one this device chose, else the interface language's (`locale`:
/// the cookie the front end keeps, else the browser's `Accept-Language` on a first visit), when
/// it has a game today; else English (whose day always answers, with its placeholder if need be).
/// As src/lib/edition.ts picks it.
async fn todays_edition(
    state: &AppState,
    req: &HttpRequest,
    locale: Locale,
    today: chrono::NaiveDate,
) -> Result<Option<std::sync::Arc<crate::domains::games::cache::CachedDay>>, crate::platform::error::AppError>
{
    let wanted = req.cookie(EDITION_COOKIE).map_or(locale, |c| editions::parse(Some(c.value())));
    if wanted != editions::ENGLISH {
        if let Some(day) = state.games.day(&state.pool, wanted, today, today).await? {
            return Ok(Some(day));
        }
    }
    state.games.day(&state.pool, editions::ENGLISH, today, today).await
}

/// What the page shows of today's game before the app runs, and in which language.
pub struct Shell<'a> {
    pub prompt: &'a str,
    pub submitter: &'a str,
    pub day_number: i64,
    pub locale: Locale,
}

/// index.html with the game's shell in place of the skeleton and the game's JSON before `</body>`.
pub fn with_today(index: &str, date: &str, game_json: &[u8], shell: Option<Shell<'_>>) -> String {
    let mut page = match (shell, index.find(PROMPT_START), index.find(PROMPT_END)) {
        (Some(shell), Some(start), Some(end)) if start < end => {
            let html = format!(
                "{}{}{}{RESULT_LINE}{}",
                prompt_html(shell.prompt, shell.locale),
                submitter_html(shell.submitter, shell.day_number, shell.locale),
                guess_box(shell.locale),
                counters(shell.locale),
            );
            format!("{}{html}{}", &index[..start], &index[end + PROMPT_END.len()..])
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

/// A message of the front end's catalogue with no arguments, as HTML text.
fn word(locale: Locale, id: &str) -> String {
    escape_html(&message(locale, id, &[]))
}

/// The markup of the front end's `<Prompt>` (src/features/game/components/Prompt.tsx): the
/// text capitalised, runs of two or more underscores as blanks. The same classes, so nothing
/// moves when the app takes over the page.
fn prompt_html(prompt: &str, locale: Locale) -> String {
    let text = crate::platform::text::capitalise(prompt.trim());
    let blank = format!(
        r#"<span class="font-mono not-italic tracking-widest" aria-label="{}">"#,
        word(locale, "game.prompt.blank")
    );
    let mut html =
        String::from(r#"<h1 dir="auto" class="text-3xl leading-tight font-bold italic sm:text-4xl">"#);
    let mut rest = text.as_str();
    while let Some(start) = rest.find("__") {
        let run = rest[start..].bytes().take_while(|b| *b == b'_').count();
        html.push_str(&escape_html(&rest[..start]));
        html.push_str(&blank);
        html.push_str(&rest[start..start + run]);
        html.push_str("</span>");
        rest = &rest[start + run..];
    }
    html.push_str(&escape_html(rest));
    html.push_str("</h1>");
    html
}

/// Day 205 is the first day whose submitters have profiles (spec §2; `FIRST_PROFILE_DAY` in
/// src/features/game/components/SubmitterLine.tsx).
const FIRST_PROFILE_DAY: i64 = 205;

/// The markup of `<SubmitterLine>` for today's game: `game.submitter.by` ("{lead} by <0/>")
/// with `game.submitter.day` ("Day {day}") as its lead and the name in place of `<0/>`, as
/// src/components/Trans.tsx puts it; the name linked to its profile from day 205. Nothing
/// without a submitter.
fn submitter_html(submitter: &str, day_number: i64, locale: Locale) -> String {
    if submitter.is_empty() {
        return String::new();
    }
    let name = if day_number >= FIRST_PROFILE_DAY {
        format!(
            r#"<a class="underline decoration-dotted underline-offset-2 hover:text-lava-yellow" href="/user/{}">{}</a>"#,
            crate::platform::text::encode_uri_component(submitter),
            escape_html(submitter)
        )
    } else {
        escape_html(submitter)
    };
    let lead = message(locale, "game.submitter.day", &[("day", &day_number.to_string())]);
    let line = message(locale, "game.submitter.by", &[("lead", &lead)]);
    let line = line.split("<0/>").map(escape_html).collect::<Vec<_>>().join(&name);
    format!(r#"<p class="mt-2 text-sm text-muted" data-testid="submitter">{line}</p>"#)
}

/// The markup of `<GuessForm>` (src/features/game/components/GuessForm.tsx) with an empty box,
/// plus the id index.html's inline script knows it by. src/features/game/earlyGuesses.test.tsx
/// checks that both stay the same, in every language (`painted_fixture` below).
fn guess_box(locale: Locale) -> String {
    format!(
        concat!(
            r#"<form id="early-guess" class="mt-5 flex gap-2"><label for="guess" class="sr-only">{label}</label>"#,
            r#"<input id="guess" name="guess" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="send" dir="auto" maxlength="200" autofocus="" placeholder="{placeholder}" "#,
            r#"class="min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none disabled:opacity-60" value="">"#,
            r#"<button type="submit" class="btn btn-primary px-5 text-lg">{button}</button></form>"#,
        ),
        label = word(locale, "game.yourGuess"),
        placeholder = word(locale, "game.guess.placeholder"),
        button = word(locale, "game.guess.button"),
    )
}

/// The markup of `<ResultLine>`, empty: the room it keeps under the box.
const RESULT_LINE: &str = r#"<div role="status" class="mt-2 min-h-10" data-testid="guess-feedback"></div>"#;

/// The markup of `<Counters>` (src/features/game/components/Counters.tsx) for a new game, hidden
/// (`invisible`: its room is kept) until src/features/game/island.ts has played the save and the
/// early guesses and writes the counters as they stand; the app's own replace them when it takes
/// the page over. src/features/game/earlyGuesses.test.tsx checks that the markup stays the same.
fn counters(locale: Locale) -> String {
    use game_core::rules::{ITEMS_PER_GAME, MAX_WRONG};
    let fraction = |of: usize| {
        escape_html(&message(locale, "game.counter.fraction", &[("n", "0"), ("of", &of.to_string())]))
    };
    format!(
        concat!(
            r#"<dl id="early-counters" class="mt-5 grid grid-cols-3 gap-2 text-center invisible" aria-live="polite">"#,
            r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">{correct}</dt>"#,
            r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-correct">{items}</dd></div>"#,
            r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">{wrong}</dt>"#,
            r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-wrong">{wrongs}</dd></div>"#,
            r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">{score}</dt>"#,
            r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-score">0</dd></div></dl>"#,
        ),
        correct = word(locale, "game.counter.correct"),
        items = fraction(ITEMS_PER_GAME),
        wrong = word(locale, "game.counter.wrong"),
        wrongs = fraction(MAX_WRONG),
        score = word(locale, "game.counter.score"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<body><main><!--prompt--><div>skeleton</div><!--/prompt--></main></body>";

    fn shell<'a>(prompt: &'a str, submitter: &'a str, day_number: i64) -> Option<Shell<'a>> {
        Some(Shell { prompt, submitter, day_number, locale: Locale::En })
    }

    /// The guess box, the result line and the counters, in English.
    fn english_box() -> String {
        format!("{}{RESULT_LINE}{}", guess_box(Locale::En), counters(Locale::En))
    }

    #[test]
    fn the_prompt_replaces_the_skeleton_escaped_with_blanks() {
        let page =
            with_today(INDEX, "2026-11-24", b"{}", shell(" things in a <b>__ kitchen___ & more", "", 870));
        assert!(page.contains(&format!(
            r#"<main><h1 dir="auto" class="text-3xl leading-tight font-bold italic sm:text-4xl">Things in a &lt;b&gt;<span class="font-mono not-italic tracking-widest" aria-label="blank">__</span> kitchen<span class="font-mono not-italic tracking-widest" aria-label="blank">___</span> &amp; more</h1>{}</main>"#,
            english_box()
        )), "{page}");
        assert!(!page.contains("skeleton"));
    }

    #[test]
    fn the_submitter_line_and_the_guess_box_follow_the_prompt() {
        let page = with_today(INDEX, "2026-11-24", b"{}", shell("Planets", "Ann <3", 204));
        assert!(page.contains(&format!(
            r#"</h1><p class="mt-2 text-sm text-muted" data-testid="submitter">Day 204 by Ann &lt;3</p>{}</main>"#,
            english_box()
        )), "{page}");
        // From day 205 the name links to the profile, encoded as encodeURIComponent does.
        let page = with_today(INDEX, "2026-11-24", b"{}", shell("Planets", "Zoë & co/x", 205));
        assert!(page.contains(
            r#"Day 205 by <a class="underline decoration-dotted underline-offset-2 hover:text-lava-yellow" href="/user/Zo%C3%AB%20%26%20co%2Fx">Zoë &amp; co/x</a></p>"#
        ), "{page}");
        assert_eq!(page.matches(r#"id="guess""#).count(), 1);
    }

    #[test]
    fn the_counters_start_from_the_rules() {
        use game_core::rules::{ITEMS_PER_GAME, MAX_WRONG};
        for locale in Locale::ALL {
            let counters = counters(locale);
            assert!(counters.contains(&format!(r#"data-testid="count-correct">0/{ITEMS_PER_GAME}<"#)));
            assert!(counters.contains(&format!(r#"data-testid="count-wrong">0/{MAX_WRONG}<"#)));
        }
    }

    #[test]
    fn the_shell_speaks_the_page_s_language() {
        let japanese = Shell { locale: Locale::Ja, ..shell("Planets __", "Ann", 870).unwrap() };
        let page = with_today(INDEX, "2026-11-24", b"{}", Some(japanese));
        for words in [
            r#"<label for="guess" class="sr-only">あなたの答え</label>"#,
            r#"placeholder="答えを入力…""#,
            r#">回答</button>"#,
            r#">正解</dt>"#,
            r#"aria-label="空欄""#,
            r#"data-testid="submitter">870日目・作成者 <a "#,
        ] {
            assert!(page.contains(words), "{words} in {page}");
        }
        let arabic = Shell { locale: Locale::Ar, ..shell("Planets", "Ann", 12).unwrap() };
        let page = with_today(INDEX, "2026-11-24", b"{}", Some(arabic));
        assert!(page.contains(r#"data-testid="submitter">اليوم 12 من Ann</p>"#), "{page}");
        assert!(page.contains(r#">خمّن</button>"#), "{page}");
        assert!(page.contains(r#"data-testid="count-correct">0/10<"#), "Latin digits, as Intl writes them");
        // The words are text: one with markup in it would be escaped (as React does).
        assert_eq!(word(Locale::En, "game.guess.button"), "Guess");
    }

    /// What src/features/game/earlyGuesses.test.tsx compares with the app's components, in
    /// every language: the painted markup of each, and the page's `<html>`.
    fn painted_fixture() -> String {
        let locales = Locale::ALL.map(|locale| {
            let entry = serde_json::json!({
                "html": with_language(r#"<html lang="en" class="bg-lava-night" data-theme="dark">"#, locale),
                "prompt": prompt_html("things in a __ kitchen", locale),
                "submitter": submitter_html("Ann <3", 204, locale),
                "submitterLinked": submitter_html("Zoë & co/x", 870, locale),
                "guessBox": guess_box(locale),
                "resultLine": RESULT_LINE,
                "counters": counters(locale),
            });
            (locale.tag().to_string(), entry)
        });
        let fixture: serde_json::Map<String, serde_json::Value> = locales.into_iter().collect();
        serde_json::to_string_pretty(&fixture).expect("JSON") + "\n"
    }

    /// The checked-in fixture is what the server paints: `LAVALIST_UPDATE_PAINTED=1` (what
    /// `./dev gen-painted` sets) rewrites it.
    #[test]
    fn the_front_end_checks_what_is_painted() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/test/paintedHome.json");
        let painted = painted_fixture();
        if std::env::var_os("LAVALIST_UPDATE_PAINTED").is_some() {
            std::fs::write(&path, &painted).expect("the fixture is writable");
            return;
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            checked_in == painted,
            "{} is out of date: run `./dev gen-painted`, then the front end's src/features/game tests, and commit it",
            path.display()
        );
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
        let page = with_today("<p>old build</p>", "2026-11-24", b"{}", shell("Planets", "Ann", 300));
        assert_eq!(
            page,
            r#"<p>old build</p><script type="application/json" id="today-game">{"date":"2026-11-24","game":{}}</script>"#
        );
    }
}
