//! The front end's own catalogues (frontend/src/locales/{tag}/core.json and more.json), compiled
//! in and read once, for the words the server writes that the app also shows: the painted `/`
//! (spa/home.rs) and a link preview's day and "Community game" (previews). Reading the app's
//! messages instead of copying them keeps one translation of each, in every language. Texts
//! only the server writes are Fluent messages (the parent module).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::Locale;

/// Each locale's two catalogues as the front end has them: the first screen's (`core.json`)
/// and the other screens' (`more.json`, which the app loads when one opens).
fn sources(locale: Locale) -> [&'static str; 2] {
    macro_rules! files {
        ($tag:literal) => {
            [
                include_str!(concat!("../../../../frontend/src/locales/", $tag, "/core.json")),
                include_str!(concat!("../../../../frontend/src/locales/", $tag, "/more.json")),
            ]
        };
    }
    match locale {
        Locale::En => files!("en"),
        Locale::Es => files!("es"),
        Locale::Fr => files!("fr"),
        Locale::De => files!("de"),
        Locale::PtBr => files!("pt-BR"),
        Locale::Ru => files!("ru"),
        Locale::Ja => files!("ja"),
        Locale::ZhCn => files!("zh-CN"),
        Locale::Ko => files!("ko"),
        Locale::Ar => files!("ar"),
        Locale::He => files!("he"),
        Locale::Hi => files!("hi"),
    }
}

type Catalogue = HashMap<String, String>;

/// The twelve catalogues (each the union of its two files, whose ids the front end's catalogue
/// test keeps apart), in [`Locale::ALL`] order, parsed on first use. A file that does not parse
/// adds nothing (logged; the tests fail on it long before): its messages are in English.
fn catalogues() -> &'static [Catalogue] {
    static CATALOGUES: OnceLock<Vec<Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        Locale::ALL
            .into_iter()
            .map(|locale| {
                let mut catalogue = Catalogue::new();
                for source in sources(locale) {
                    match serde_json::from_str::<Catalogue>(source) {
                        Ok(messages) => catalogue.extend(messages),
                        Err(error) => {
                            tracing::error!(locale = locale.tag(), %error, "a front-end catalogue does not parse")
                        }
                    }
                }
                catalogue
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
            tracing::error!(locale = locale.tag(), id, "a message of the front end's catalogue is missing");
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

    #[test]
    fn messages_come_from_the_front_end_s_catalogues() {
        assert_eq!(message(Locale::En, "game.guess.button", &[]), "Guess");
        assert_eq!(message(Locale::Ja, "game.yourGuess", &[]), "あなたの答え");
        assert_eq!(message(Locale::De, "game.submitter.day", &[("day", "870")]), "Tag 870");
        assert_eq!(message(Locale::Ar, "game.counter.fraction", &[("n", "0"), ("of", "10")]), "0/10");
        assert_eq!(message(Locale::Ru, "no.such.id", &[]), "no.such.id");
        // The other screens' catalogue too.
        assert_eq!(message(Locale::Ru, "b.challenge.community", &[]), "Игра сообщества");
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
