//! What the server writes for people in their language: the e-mails (and reminder pushes), the
//! pages' description and link previews, from one Fluent file per locale under `server/locales/`
//! (`en.ftl` is the reference; every other file has each of its messages). The files are
//! compiled into the binary (`include_str!`), so a deployment stays one file. Words the app
//! shows too are read from its own catalogues instead ([`frontend`]).
//!
//! Which language a message is written in: the account's choice (`users.locale`), else the best
//! match of the request's `Accept-Language` among the twelve, else English ([`pick`]).
//!
//! Placeables are not wrapped in Unicode isolation marks: what they hold (codes, links, numbers,
//! usernames) must survive copying and a mail client's link detection intact, and plain text
//! has no markup to isolate them with otherwise. The right-to-left files keep links and codes
//! where the text around them cannot reorder them (a line of their own, or the sentence's end).

use std::borrow::Cow;
use std::sync::OnceLock;

use actix_web::http::header::ACCEPT_LANGUAGE;
use actix_web::HttpRequest;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_langneg::{negotiate_languages, NegotiationStrategy};
use unic_langid::LanguageIdentifier;

use crate::platform::error::{AppError, ErrorCode};

pub use lavalist_api::accounts::Locale;

pub mod frontend;

/// Each locale's Fluent source, compiled in.
pub fn source(locale: Locale) -> &'static str {
    match locale {
        Locale::En => include_str!("../../../locales/en.ftl"),
        Locale::Es => include_str!("../../../locales/es.ftl"),
        Locale::Fr => include_str!("../../../locales/fr.ftl"),
        Locale::De => include_str!("../../../locales/de.ftl"),
        Locale::PtBr => include_str!("../../../locales/pt-BR.ftl"),
        Locale::Ru => include_str!("../../../locales/ru.ftl"),
        Locale::Ja => include_str!("../../../locales/ja.ftl"),
        Locale::ZhCn => include_str!("../../../locales/zh-CN.ftl"),
        Locale::Ko => include_str!("../../../locales/ko.ftl"),
        Locale::Ar => include_str!("../../../locales/ar.ftl"),
        Locale::He => include_str!("../../../locales/he.ftl"),
        Locale::Hi => include_str!("../../../locales/hi.ftl"),
    }
}

/// A locale's language identifier (for Fluent's plural rules and for negotiation).
pub fn language_id(locale: Locale) -> LanguageIdentifier {
    locale.tag().parse().unwrap_or_default()
}

type Bundle = FluentBundle<FluentResource>;

/// The twelve bundles, in [`Locale::ALL`] order, built on first use. A file with a syntax error
/// keeps the messages that parsed (the error is logged; `tests` fail on it long before).
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        Locale::ALL
            .into_iter()
            .map(|locale| {
                let resource = FluentResource::try_new(source(locale).to_string()).unwrap_or_else(
                    |(partial, errors)| {
                        tracing::error!(locale = locale.tag(), ?errors, "a Fluent file does not parse");
                        partial
                    },
                );
                let mut bundle = Bundle::new_concurrent(vec![language_id(locale)]);
                bundle.set_use_isolating(false);
                if let Err(errors) = bundle.add_resource(resource) {
                    tracing::error!(locale = locale.tag(), ?errors, "a Fluent file repeats a message");
                }
                bundle
            })
            .collect()
    })
}

fn bundle(locale: Locale) -> &'static Bundle {
    let index = Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0);
    &bundles()[index]
}

/// Arguments of a message: `(name, value)` pairs; numbers select plural forms.
pub enum Arg<'a> {
    Text(&'a str),
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(text)
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<i32> for Arg<'_> {
    fn from(n: i32) -> Self {
        Arg::Number(n.into())
    }
}

/// The message `id` in `locale` with these arguments; English when the locale lacks it (the
/// catalogue test forbids that), the id itself when English does too. Never panics.
pub fn text(locale: Locale, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match value {
            Arg::Text(text) => FluentValue::String(Cow::Borrowed(*text)),
            Arg::Number(n) => FluentValue::from(*n),
        };
        fluent_args.set(*name, value);
    }
    for candidate in [locale, Locale::En] {
        let bundle = bundle(candidate);
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            tracing::error!(locale = candidate.tag(), id, "a message is missing");
            continue;
        };
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
        if !errors.is_empty() {
            tracing::error!(locale = candidate.tag(), id, ?errors, "a message did not format cleanly");
        }
        return out;
    }
    id.to_string()
}

/// The shipped locale that best matches an `Accept-Language` value: its languages by quality
/// (`q`, highest first; `q=0` and `*` mean nothing), each matched by Fluent's negotiation
/// (`de-AT` → `de`, `pt` or `pt-PT` → `pt-BR`, `zh` or `zh-SG` → `zh-CN`); `None` when none
/// matches.
pub fn negotiate(accept_language: &str) -> Option<Locale> {
    let mut ranked: Vec<(LanguageIdentifier, f32)> = accept_language
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let quality = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let language = tag.parse::<LanguageIdentifier>().ok().filter(|_| tag != "*")?;
            (quality > 0.0 && quality.is_finite()).then_some((language, quality))
        })
        .collect();
    // Stable: of equal quality, the header's order stands.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let requested: Vec<LanguageIdentifier> = ranked.into_iter().map(|(language, _)| language).collect();
    let available: Vec<LanguageIdentifier> = Locale::ALL.into_iter().map(language_id).collect();
    let chosen = negotiate_languages(&requested, &available, None, NegotiationStrategy::Filtering);
    let chosen = *chosen.first()?;
    Locale::ALL.into_iter().find(|l| language_id(*l) == *chosen)
}

/// The request's `Accept-Language` best match, if any.
pub fn from_request(req: &HttpRequest) -> Option<Locale> {
    let header = req.headers().get(ACCEPT_LANGUAGE)?.to_str().ok()?;
    // A header is short; a huge one is someone else's problem, not a negotiation to run.
    (header.len() <= 1024).then(|| negotiate(header)).flatten()
}

/// The language of a message to a person: the first of `chosen` (the account's, or the one a
/// sign-up sent), the request's `Accept-Language` match, English.
pub fn pick(chosen: Option<Locale>, req: Option<&HttpRequest>) -> Locale {
    chosen.or_else(|| req.and_then(from_request)).unwrap_or(Locale::En)
}

/// A locale a request names (`locale` of a body): `None` when absent, 400 `unsupportedLocale` at
/// the field `locale` for any tag not written exactly as one of the twelve.
pub fn requested(tag: Option<&str>) -> Result<Option<Locale>, AppError> {
    match tag {
        None => Ok(None),
        Some(tag) => Locale::from_tag(tag).map(Some).ok_or_else(|| AppError::Refused {
            code: ErrorCode::UnsupportedLocale,
            message: format!(
                "Lavalist is not written in that language. Choose one of: {}.",
                Locale::ALL.map(Locale::tag).join(", ")
            ),
            field: Some("locale".into()),
        }),
    }
}

/// A stored tag read back (`users.locale`); `None` for NULL or a tag no longer shipped.
pub fn stored(tag: Option<&str>) -> Option<Locale> {
    tag.and_then(Locale::from_tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_shipped_locale() {
        assert_eq!(negotiate("de-AT,de;q=0.9,en;q=0.8"), Some(Locale::De));
        assert_eq!(negotiate("fr-CH, fr;q=0.9, en;q=0.8"), Some(Locale::Fr));
        assert_eq!(negotiate("ja"), Some(Locale::Ja));
        assert_eq!(negotiate("pt"), Some(Locale::PtBr));
        assert_eq!(negotiate("pt-PT,pt;q=0.9"), Some(Locale::PtBr));
        assert_eq!(negotiate("zh"), Some(Locale::ZhCn));
        assert_eq!(negotiate("ar-EG"), Some(Locale::Ar));
        assert_eq!(negotiate("en-US,en;q=0.9"), Some(Locale::En));
        assert_eq!(negotiate("nl-NL,nl;q=0.9,ko;q=0.5"), Some(Locale::Ko), "the first shipped one");
        assert_eq!(negotiate("en;q=0.1,he;q=0.9"), Some(Locale::He), "by quality, not order");
        assert_eq!(negotiate("nl, sv"), None);
        assert_eq!(negotiate(""), None);
        assert_eq!(negotiate("*"), None);
        assert_eq!(negotiate(";;;,,q=x"), None, "garbage is no match, not a panic");
    }

    #[test]
    fn the_account_wins_then_the_browser_then_english() {
        let req = actix_web::test::TestRequest::default()
            .insert_header((ACCEPT_LANGUAGE, "ru-RU,ru;q=0.9"))
            .to_http_request();
        assert_eq!(pick(Some(Locale::Ko), Some(&req)), Locale::Ko);
        assert_eq!(pick(None, Some(&req)), Locale::Ru);
        assert_eq!(pick(None, None), Locale::En);
        let plain = actix_web::test::TestRequest::default().to_http_request();
        assert_eq!(pick(None, Some(&plain)), Locale::En);
    }

    #[test]
    fn plurals_follow_each_language() {
        let minutes = |locale, n: i64| {
            text(
                locale,
                "signup-code-body",
                &[("username", "x".into()), ("code", "1".into()), ("minutes", n.into())],
            )
        };
        assert!(minutes(Locale::En, 1).contains("1 minute."));
        assert!(minutes(Locale::En, 10).contains("10 minutes."));
        assert!(minutes(Locale::Ru, 10).contains("10 минут"));
        assert!(minutes(Locale::Ru, 2).contains("2 минуты"));
        assert!(minutes(Locale::Ru, 21).contains("21 минуту"));
        assert!(minutes(Locale::De, 1).contains("1 Minute"));
    }

    #[test]
    fn a_missing_message_is_its_id_not_a_panic() {
        assert_eq!(text(Locale::Ja, "no-such-message", &[]), "no-such-message");
    }
}
