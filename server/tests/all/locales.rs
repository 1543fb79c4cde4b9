//! The server's locale files (`server/locales/*.ftl`, compiled into the binary): one per shipped
//! locale and no other, each parses without a Fluent syntax error, has exactly the messages of
//! `en.ftl`, formats each of them without an error for every count a message may be given, and
//! keeps every code, link, name and number the English message shows.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast;
use lavalist::platform::i18n::{self, Locale};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

fn read(locale: Locale) -> String {
    let path = dir().join(format!("{}.ftl", locale.tag()));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The file's message ids, or every syntax error with its line.
fn message_ids(tag: &str, source: &str) -> Result<BTreeSet<String>, Vec<String>> {
    let line_of = |offset: usize| source[..offset.min(source.len())].lines().count().max(1);
    match fluent_syntax::parser::parse(source) {
        Ok(resource) => Ok(resource
            .body
            .iter()
            .filter_map(|entry| match entry {
                ast::Entry::Message(message) => Some(message.id.name.to_string()),
                _ => None,
            })
            .collect()),
        Err((_, errors)) => Err(errors
            .iter()
            .map(|e| format!("{tag}.ftl line {}: {:?}", line_of(e.pos.start), e.kind))
            .collect()),
    }
}

#[test]
fn every_shipped_locale_has_a_file_and_no_other_file_is_there() {
    let mut files: Vec<String> = std::fs::read_dir(dir())
        .expect("server/locales")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ftl"))
        .collect();
    files.sort();
    let mut expected: Vec<String> = Locale::ALL.iter().map(|l| format!("{}.ftl", l.tag())).collect();
    expected.sort();
    assert_eq!(files, expected);
}

#[test]
fn the_compiled_in_files_are_the_ones_on_disk() {
    for locale in Locale::ALL {
        assert_eq!(i18n::source(locale), read(locale), "{}.ftl: rebuild", locale.tag());
    }
}

#[test]
fn every_file_parses_and_has_exactly_the_english_messages() {
    let english = message_ids("en", &read(Locale::En)).unwrap_or_else(|errors| panic!("{errors:#?}"));
    assert!(english.len() >= 10, "en.ftl has the messages: {english:?}");
    let mut problems = Vec::new();
    for locale in Locale::ALL {
        let tag = locale.tag();
        match message_ids(tag, &read(locale)) {
            Err(errors) => problems.extend(errors),
            Ok(ids) => {
                for missing in english.difference(&ids) {
                    problems.push(format!("{tag}.ftl misses the message {missing}"));
                }
                for extra in ids.difference(&english) {
                    problems.push(format!("{tag}.ftl has {extra}, which en.ftl does not"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_syntax_error_or_a_missing_message_is_caught() {
    let broken = "signup-code-subject = Hallo { $username\n";
    assert!(message_ids("xx", broken).is_err(), "an unclosed placeable");
    let english = message_ids("en", &read(Locale::En)).unwrap();
    let partial = message_ids("xx", "signup-code-subject = Hallo\n").unwrap();
    assert!(english.difference(&partial).count() > 0, "the others are missing");
}

/// What each variable is set to: values that cannot occur by chance in any text.
const TEXT_ARGS: [(&str, &str); 9] = [
    ("username", "Zoë_9x"),
    ("code", "604213"),
    ("link", "https://lavalist.example/reset-password?token=c0ffee"),
    ("url", "https://lavalist.example"),
    ("unsubscribe", "https://lavalist.example/api/reminders/unsubscribe?token=7.q"),
    ("heading", "Hd_870q"),
    ("prompt", "Pr_kitchen_q"),
    ("who", "Wh_ann_q"),
    ("title", "Tt_title_q"),
];
const NUMBER_ARGS: [&str; 8] = ["minutes", "hours", "day", "streak", "items", "found", "total", "score"];

fn format_all(locale: Locale, count: i64) -> Vec<(String, String, Vec<String>)> {
    let source = read(locale);
    let resource = FluentResource::try_new(source).unwrap_or_else(|_| panic!("{} parses", locale.tag()));
    let mut bundle = FluentBundle::new(vec![i18n::language_id(locale)]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).expect("no message twice");
    let mut args = FluentArgs::new();
    for (name, value) in TEXT_ARGS {
        args.set(name, value);
    }
    for name in NUMBER_ARGS {
        args.set(name, FluentValue::from(count));
    }
    let ids = message_ids(locale.tag(), &read(locale)).expect("parses");
    ids.into_iter()
        .map(|id| {
            let pattern = bundle.get_message(&id).and_then(|m| m.value()).expect("a value");
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned();
            (id, text, errors.iter().map(|e| format!("{e:?}")).collect())
        })
        .collect()
}

#[test]
fn every_message_formats_and_keeps_what_english_shows() {
    let mut problems = Vec::new();
    // Counts that reach every plural category of the twelve languages (Arabic's zero, two, few
    // and many, Russian's few and many, French's 0 and 1).
    for count in [0, 1, 2, 3, 5, 11, 21, 22, 37, 100, 101, 1000] {
        let english = format_all(Locale::En, count);
        for locale in Locale::ALL {
            for ((id, text, errors), (_, english_text, _)) in format_all(locale, count).iter().zip(&english) {
                let tag = locale.tag();
                if !errors.is_empty() {
                    problems.push(format!("{tag} {id} ({count}): {errors:?}"));
                }
                if text.trim().is_empty() {
                    problems.push(format!("{tag} {id} ({count}) is empty"));
                }
                // Counts of 0 to 2 may be words ("an hour", "يومين"); from 3 on, the number shows.
                let count_shown = (count > 2).then(|| count.to_string());
                let shown = TEXT_ARGS.iter().map(|(_, v)| v.to_string()).chain(count_shown);
                for value in shown {
                    if english_text.contains(&value) && !text.contains(&value) {
                        problems.push(format!("{tag} {id} ({count}) drops {value:?}: {text:?}"));
                    }
                }
                if english_text.contains("Lavalist") && !text.contains("Lavalist") {
                    problems.push(format!("{tag} {id} does not name Lavalist: {text:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn links_stand_apart_from_the_words_around_them() {
    // A mail client finds a link up to the next space: a letter glued to it would break it.
    for locale in Locale::ALL {
        for (id, text, _) in format_all(locale, 37) {
            for (name, value) in TEXT_ARGS.iter().filter(|(n, _)| ["link", "url", "unsubscribe"].contains(n))
            {
                let Some(at) = text.find(value) else { continue };
                let after = text[at + value.len()..].chars().next();
                assert!(
                    after.is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation()),
                    "{} {id}: ${name} is followed by {after:?}",
                    locale.tag()
                );
            }
        }
    }
}
