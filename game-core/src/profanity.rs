//! The profanity check shared by the server and the create page (feature `profanity`).
//!
//! rustrict on the whole text, at its default threshold (profane, offensive, sexual or severely
//! mean, any severity), so spacing, digits, symbols and repeated letters do not hide a word. Its
//! substring matching refuses real trivia answers ("Cockermouth", "Blue tit", "Niger"), so a
//! curated allow-list (`profanity_allow.txt`) is added to its false positives. The corpus vectors
//! (`tests/vectors/profanity-corpus-*.json`) hold the rule to at most 1% of legitimate answers
//! refused and at least 97% of offensive inputs refused, natively and through WASM.

use std::sync::OnceLock;

use rustrict::{Censor, Trie, Type};

use crate::forms::{FieldError, FormErrorCode, GameForm};

/// The message shown for any offensive field; it never repeats the offending words.
pub const PROFANITY_MESSAGE: &str = "Please remove any bad words.";

/// Whether `text` is offensive by rustrict's rules and not an allowed answer.
pub fn is_profane(text: &str) -> bool {
    Censor::from_str(text).with_trie(trie()).analyze().is(Type::INAPPROPRIATE)
}

/// rustrict's word list with the allow-list as false positives, built once: a phrase that
/// contains a flagged word passes only where it stands as written.
fn trie() -> &'static Trie {
    static TRIE: OnceLock<Trie> = OnceLock::new();
    TRIE.get_or_init(|| {
        let mut trie = Trie::default();
        for entry in allowed() {
            trie.set(entry, Type::NONE);
        }
        trie
    })
}

/// The allow-list's entries (comments and blank lines skipped).
fn allowed() -> impl Iterator<Item = &'static str> {
    include_str!("profanity_allow.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// One error per field (prompt, item name, item spellings) that contains a bad word.
pub fn check_game(form: &GameForm) -> Vec<FieldError> {
    let mut offensive = Vec::new();
    if is_profane(&form.prompt) {
        offensive.push("prompt".to_string());
    }
    for (i, item) in form.items.iter().enumerate() {
        if is_profane(&item.name) {
            offensive.push(format!("items.{i}.name"));
        }
        if item.alt_spellings.iter().any(|s| is_profane(s)) {
            offensive.push(format!("items.{i}.altSpellings"));
        }
    }
    offensive
        .into_iter()
        .map(|field| FieldError {
            field,
            code: FormErrorCode::Profanity,
            message: PROFANITY_MESSAGE.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_answers_pass_and_the_words_inside_them_do_not() {
        for legit in ["Moby Dick", "Niger", "Blue tit", "Scunthorpe", "Homo sapiens", "Hell's Kitchen"] {
            assert!(!is_profane(legit), "{legit}");
        }
        for bad in ["dick", "suck my dick", "tits", "n1gger", "f u c k", "cocksucker"] {
            assert!(is_profane(bad), "{bad}");
        }
    }

    #[test]
    fn allow_list_entries_are_lowercase_and_unique() {
        let entries: Vec<&str> = allowed().collect();
        for (i, entry) in entries.iter().enumerate() {
            assert_eq!(*entry, entry.to_lowercase(), "rustrict matches lowercase");
            assert!(!entries[..i].contains(entry), "{entry} is listed twice");
        }
    }
}
