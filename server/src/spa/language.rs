//! The interface language of the pages the server writes (issue 24): `/` is painted in it
//! (home.rs) and every page gets its `<html lang dir>`, so that nothing switches language or
//! direction when the app starts. The choice is the front end's (src/lib/locale.ts): the
//! `lavalist_locale` cookie that mirrors the player's choice, else the best match of the
//! browser's languages (`Accept-Language`, which browsers send in `navigator.languages`' order),
//! else English.
//!
//! The words are the front end's own: its first-screen catalogues
//! (frontend/src/locales/{tag}/core.json) are compiled in and read once, so the painted page
//! says exactly what the app's components render, in every language, with no copy to keep.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::HttpRequest;

use crate::i18n::Locale;

/// The cookie that mirrors the interface language (src/lib/locale.ts, `rememberLocale`).
pub const LOCALE_COOKIE: &str = "lavalist_locale";

/// The language the front end will show on this device: the cookie's (a tag written exactly
/// as one of the twelve, as the front end stores it), else `Accept-Language`'s best match,
/// else English.
pub fn page_locale(req: &HttpRequest) -> Locale {
    req.cookie(LOCALE_COOKIE)
        .and_then(|cookie| Locale::from_tag(cookie.value()))
        .or_else(|| crate::i18n::from_request(req))
        .unwrap_or(Locale::En)
}

/// The page with `lang` and `dir` of `locale` on its `<html>`, as src/lib/i18n.ts sets them.
/// English keeps the file as it is (`lang="en"`, no `dir`: left to right is the default).
pub fn with_language(index: &str, locale: Locale) -> Cow<'_, str> {
    let Some((start, end)) = html_tag(index).filter(|_| locale != Locale::En) else {
        return Cow::Borrowed(index);
    };
    let dir = if locale.is_rtl() { "rtl" } else { "ltr" };
    let wanted = format!(r#"lang="{}" dir="{dir}""#, locale.tag());
    let tag = &index[start..end];
    let tag = match tag.find(r#"lang=""#) {
        Some(at) => {
            let close = tag[at + 6..].find('"').map_or(tag.len(), |i| at + 6 + i + 1);
            format!("{}{wanted}{}", &tag[..at], &tag[close..])
        }
        None => format!("<html {wanted}{}", &tag["<html".len()..]),
    };
    Cow::Owned(format!("{}{tag}{}", &index[..start], &index[end..]))
}

/// Where the `<html …` start tag is, without its `>`.
fn html_tag(index: &str) -> Option<(usize, usize)> {
    let start = index.find("<html")?;
    let end = start + index[start..].find('>')?;
    Some((start, end))
}

/// Each locale's first-screen catalogue, as the front end has it.
fn core_source(locale: Locale) -> &'static str {
    match locale {
        Locale::En => include_str!("../../../frontend/src/locales/en/core.json"),
        Locale::Es => include_str!("../../../frontend/src/locales/es/core.json"),
        Locale::Fr => include_str!("../../../frontend/src/locales/fr/core.json"),
        Locale::De => include_str!("../../../frontend/src/locales/de/core.json"),
        Locale::PtBr => include_str!("../../../frontend/src/locales/pt-BR/core.json"),
        Locale::Ru => include_str!("../../../frontend/src/locales/ru/core.json"),
        Locale::Ja => include_str!("../../../frontend/src/locales/ja/core.json"),
        Locale::ZhCn => include_str!("../../../frontend/src/locales/zh-CN/core.json"),
        Locale::Ko => include_str!("../../../frontend/src/locales/ko/core.json"),
        Locale::Ar => include_str!("../../../frontend/src/locales/ar/core.json"),
        Locale::He => include_str!("../../../frontend/src/locales/he/core.json"),
        Locale::Hi => include_str!("../../../frontend/src/locales/hi/core.json"),
    }
}

type Catalogue = HashMap<String, String>;

/// The twelve catalogues, in [`Locale::ALL`] order, parsed on first use. One that does not
/// parse is empty (logged; the tests fail on it long before): its page is in English.
fn catalogues() -> &'static [Catalogue] {
    static CATALOGUES: OnceLock<Vec<Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        Locale::ALL
            .into_iter()
            .map(|locale| {
                serde_json::from_str(core_source(locale)).unwrap_or_else(|error| {
                    tracing::error!(locale = locale.tag(), %error, "a front-end catalogue does not parse");
                    Catalogue::new()
                })
            })
            .collect()
    })
}

fn catalogue(locale: Locale) -> &'static Catalogue {
    let index = Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0);
    &catalogues()[index]
}

/// The message `id` in `locale` as the app's `t(id, args)` renders it (plain text, to be
/// escaped): English when the locale lacks it or it does not format here, the id itself when
/// English does not have it either (the catalogue tests forbid both).
pub fn message(locale: Locale, id: &str, args: &[(&str, &str)]) -> String {
    [locale, Locale::En]
        .into_iter()
        .find_map(|candidate| catalogue(candidate).get(id).and_then(|pattern| format(pattern, args)))
        .unwrap_or_else(|| {
            tracing::error!(locale = locale.tag(), id, "a message of the painted page is missing");
            id.to_string()
        })
}

/// An ICU MessageFormat pattern with simple arguments: `{name}` and `{name, number}` become
/// their value (every number the server paints is below 1000, which all twelve locales write
/// in Latin digits, Arabic's default since CLDR 46, with no grouping), `''` is an apostrophe and
/// `'{…}'` quotes braces. `None` for anything else (a plural, a select, an argument not given):
/// the server paints no such message.
fn format(pattern: &str, args: &[(&str, &str)]) -> Option<String> {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(at) = rest.find(['{', '\'']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(after) = tail.strip_prefix("''") {
            out.push('\'');
            rest = after;
        } else if let Some(quoted) = tail.strip_prefix("'{").or_else(|| tail.strip_prefix("'}")) {
            let end = quoted.find('\'').unwrap_or(quoted.len());
            out.push_str(&tail[1..2]);
            out.push_str(&quoted[..end]);
            rest = quoted.get(end + 1..).unwrap_or("");
        } else if let Some(after) = tail.strip_prefix('\'') {
            out.push('\'');
            rest = after;
        } else {
            let end = tail.find('}')?;
            out.push_str(argument(&tail[1..end], args)?);
            rest = &tail[end + 1..];
        }
    }
    out.push_str(rest);
    Some(out)
}

/// The value of one `{…}`: a name, or a name and `number`.
fn argument<'a>(inside: &str, args: &[(&str, &'a str)]) -> Option<&'a str> {
    let mut parts = inside.split(',').map(str::trim);
    let name = parts.next()?;
    match (parts.next(), parts.next()) {
        (None | Some("number"), None) => args.iter().find(|(n, _)| *n == name).map(|(_, value)| *value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::ACCEPT_LANGUAGE;
    use actix_web::test::TestRequest;

    #[test]
    fn the_cookie_then_the_browser_then_english() {
        let req = |cookie: Option<&str>, accept: Option<&str>| {
            let mut req = TestRequest::default();
            if let Some(value) = cookie {
                req = req.cookie(actix_web::cookie::Cookie::new(LOCALE_COOKIE, value));
            }
            if let Some(value) = accept {
                req = req.insert_header((ACCEPT_LANGUAGE, value));
            }
            page_locale(&req.to_http_request())
        };
        assert_eq!(req(Some("ar"), Some("ja")), Locale::Ar);
        assert_eq!(req(Some("pt-BR"), None), Locale::PtBr);
        assert_eq!(req(None, Some("ja-JP,ja;q=0.9,en;q=0.8")), Locale::Ja);
        // The front end stores only exact tags: anything else is no choice.
        assert_eq!(req(Some("AR"), Some("de")), Locale::De);
        assert_eq!(req(Some("xx"), None), Locale::En);
        assert_eq!(req(None, Some("nl")), Locale::En);
        assert_eq!(req(None, None), Locale::En);
    }

    /// src/lib/locale.test.ts reads the same table: a browser's languages give the front end
    /// and the server the same locale (browsers send `navigator.languages` in order, each with
    /// a lower quality).
    #[test]
    fn the_browser_s_languages_pick_what_the_front_end_picks() {
        let cases: Vec<(Vec<String>, Option<String>)> =
            serde_json::from_str(include_str!("../../../frontend/src/test/browserLanguages.json"))
                .expect("the table parses");
        assert!(cases.len() > 10);
        for (languages, expected) in cases {
            let header = languages
                .iter()
                .enumerate()
                .map(|(i, tag)| if i == 0 { tag.clone() } else { format!("{tag};q=0.{}", 9 - i.min(8)) })
                .collect::<Vec<_>>()
                .join(",");
            let got = crate::i18n::negotiate(&header).map(Locale::tag);
            assert_eq!(got, expected.as_deref(), "{header}");
        }
    }

    #[test]
    fn lang_and_dir_follow_the_locale() {
        let index = r#"<!doctype html><html lang="en" class="bg-lava-night" data-theme="dark"><head>"#;
        assert_eq!(with_language(index, Locale::En), index, "English: the file as it is");
        assert_eq!(
            with_language(index, Locale::Ar),
            r#"<!doctype html><html lang="ar" dir="rtl" class="bg-lava-night" data-theme="dark"><head>"#
        );
        assert_eq!(
            with_language(index, Locale::ZhCn),
            r#"<!doctype html><html lang="zh-CN" dir="ltr" class="bg-lava-night" data-theme="dark"><head>"#
        );
        assert_eq!(with_language("<html><p>", Locale::He), r#"<html lang="he" dir="rtl"><p>"#);
        assert_eq!(with_language("<p>no html</p>", Locale::Ja), "<p>no html</p>");
    }

    #[test]
    fn messages_come_from_the_front_end_s_catalogues() {
        assert_eq!(message(Locale::En, "game.guess.button", &[]), "Guess");
        assert_eq!(message(Locale::Ja, "game.yourGuess", &[]), "あなたの答え");
        assert_eq!(message(Locale::De, "game.submitter.day", &[("day", "870")]), "Tag 870");
        assert_eq!(message(Locale::Ar, "game.counter.fraction", &[("n", "0"), ("of", "10")]), "0/10");
        assert_eq!(message(Locale::Ru, "no.such.id", &[]), "no.such.id");
    }

    #[test]
    fn icu_quotes_and_what_is_not_painted() {
        let args = [("n", "3")];
        assert_eq!(format("it''s {n}", &args).as_deref(), Some("it's 3"));
        assert_eq!(format("l'été '{n}' {n, number}", &args).as_deref(), Some("l'été {n} 3"));
        assert_eq!(format("{n, plural, one {#} other {#}}", &args), None);
        assert_eq!(format("{missing}", &args), None);
        assert_eq!(format("{n", &args), None);
    }
}
