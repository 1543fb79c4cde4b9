//! The interface language of the pages the server writes (issue 24): `/` is painted in it
//! (home.rs) and every page gets its `<html lang dir>`, so that nothing switches language or
//! direction when the app starts. The choice is the front end's (src/lib/locale.ts): the
//! `lavalist_locale` cookie that mirrors the player's choice, else the best match of the
//! browser's languages (`Accept-Language`, which browsers send in `navigator.languages`' order),
//! else English.
//!
//! The words of the painted page are the front end's own (`i18n::frontend`), so it says exactly
//! what the app's components render, in every language, with no copy to keep. The page's
//! `<meta name="description">`, which the app never renders, is the server's message
//! `page-description` (server/locales), whose English is index.html's own.

use std::borrow::Cow;

use actix_web::HttpRequest;

use crate::platform::i18n::{self, Locale};
use crate::platform::text::escape_html;

/// The cookie that mirrors the interface language (src/lib/locale.ts, `rememberLocale`).
pub const LOCALE_COOKIE: &str = "lavalist_locale";

/// The language the front end will show on this device: the cookie's (a tag written exactly
/// as one of the twelve, as the front end stores it), else `Accept-Language`'s best match,
/// else English.
pub fn page_locale(req: &HttpRequest) -> Locale {
    req.cookie(LOCALE_COOKIE)
        .and_then(|cookie| Locale::from_tag(cookie.value()))
        .or_else(|| crate::platform::i18n::from_request(req))
        .unwrap_or(Locale::En)
}

/// The page with `lang` and `dir` of `locale` on its `<html>`, as src/lib/i18n.ts sets them, and
/// its description in that language. English keeps the file as it is (`lang="en"`, no `dir`:
/// left to right is the default).
pub fn with_language(index: &str, locale: Locale) -> Cow<'_, str> {
    if locale == Locale::En {
        return Cow::Borrowed(index);
    }
    let page = match html_tag(index) {
        Some((start, end)) => {
            format!("{}{}{}", &index[..start], html_start(&index[start..end], locale), &index[end..])
        }
        None => index.to_string(),
    };
    Cow::Owned(with_description(page, locale))
}

/// The `<html …` start tag (without its `>`) with `lang` and `dir` of `locale`.
fn html_start(tag: &str, locale: Locale) -> String {
    let dir = if locale.is_rtl() { "rtl" } else { "ltr" };
    let wanted = format!(r#"lang="{}" dir="{dir}""#, locale.tag());
    match tag.find(r#"lang=""#) {
        Some(at) => {
            let close = tag[at + 6..].find('"').map_or(tag.len(), |i| at + 6 + i + 1);
            format!("{}{wanted}{}", &tag[..at], &tag[close..])
        }
        None => format!("<html {wanted}{}", &tag["<html".len()..]),
    }
}

/// The page with its `<meta name="description">`'s content in `locale`; as it is without one.
fn with_description(mut page: String, locale: Locale) -> String {
    if let Some((start, end)) = description_content(&page) {
        page.replace_range(start..end, &escape_html(&i18n::text(locale, "page-description", &[])));
    }
    page
}

/// Where the value of `<meta name="description" content="…">` is, between its quotes.
fn description_content(page: &str) -> Option<(usize, usize)> {
    const CONTENT: &str = r#"content=""#;
    let tag = page.find(r#"<meta name="description""#)?;
    let tag_end = tag + page[tag..].find('>')?;
    let start = tag + page[tag..tag_end].find(CONTENT)? + CONTENT.len();
    let end = start + page[start..tag_end].find('"')?;
    Some((start, end))
}

/// Where the `<html …` start tag is, without its `>`.
fn html_tag(index: &str) -> Option<(usize, usize)> {
    let start = index.find("<html")?;
    let end = start + index[start..].find('>')?;
    Some((start, end))
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
            serde_json::from_str(include_str!("../../../../frontend/src/test/browserLanguages.json"))
                .expect("the table parses");
        assert!(cases.len() > 10);
        for (languages, expected) in cases {
            let header = languages
                .iter()
                .enumerate()
                .map(|(i, tag)| if i == 0 { tag.clone() } else { format!("{tag};q=0.{}", 9 - i.min(8)) })
                .collect::<Vec<_>>()
                .join(",");
            let got = crate::platform::i18n::negotiate(&header).map(Locale::tag);
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
    fn the_description_follows_the_locale() {
        let index = r#"<html lang="en"><head><meta name="description" content="Old words." /><title>"#;
        assert_eq!(with_language(index, Locale::En), index);
        let french = with_language(index, Locale::Fr);
        assert!(french.starts_with(r#"<html lang="fr" dir="ltr"><head><meta name="description" content=""#));
        assert!(french.ends_with(r#"" /><title>"#), "{french}");
        assert!(french.contains("Lavalist") && !french.contains("Old words"), "{french}");
        assert_eq!(with_language("<p>x</p>", Locale::Fr), "<p>x</p>", "no description: nothing to do");
    }

    /// English is served as the file is: the message's English is index.html's description.
    #[test]
    fn the_english_description_is_index_html_s() {
        let index = include_str!("../../../../frontend/index.html");
        let (start, end) = description_content(index).expect("index.html has a description");
        assert_eq!(escape_html(&i18n::text(Locale::En, "page-description", &[])), index[start..end]);
    }
}
