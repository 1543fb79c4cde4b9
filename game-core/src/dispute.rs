//! Which wrong guesses a player may dispute ("I was right"). A dispute asks an admin to accept a
//! guess as an answer, so it is offered only for a guess that could be one: not a key mash
//! ("zzzz", "qwrtp"), and not a spelling the game's creator already marked as not accepted for
//! one of its items (the creator has ruled on that one). Closeness to an item is not required:
//! a player who typed a real answer the list lacks ("Mexico" in a list that forgot it) is the
//! dispute's very case, and no dictionary fits in the play module to tell a real word.

use crate::matching::PreparedItem;

/// Latin vowels (and y): a run of five or more Latin letters without one is no word.
const VOWELS: &[char] = &['a', 'e', 'i', 'o', 'u', 'y'];

/// Longest all-consonant Latin guess still taken for an abbreviation ("BBC", "NYC", "HTML").
const MAX_CONSONANTS_ONLY: usize = 4;

/// Whether a wrong guess, normalised, is one a dispute could be right about.
pub fn plausible(normalised: &str, items: &[PreparedItem]) -> bool {
    looks_like_a_word(normalised)
        && !items.iter().any(|item| item.rejected.iter().any(|r| r.text() == normalised))
}

fn looks_like_a_word(normalised: &str) -> bool {
    let chars: Vec<char> = normalised.chars().collect();
    let Some(&first) = chars.first() else { return false };
    // One character is a word only in a script where a character is a syllable (水, か), or a
    // number.
    if chars.len() == 1 {
        return !first.is_ascii_lowercase();
    }
    if is_letter(first) && chars.iter().all(|&c| c == first) {
        return false; // "zzzz", "aa"
    }
    let latin_letters_only = chars.iter().all(char::is_ascii_lowercase);
    !(latin_letters_only && chars.len() > MAX_CONSONANTS_ONLY && !chars.iter().any(|c| VOWELS.contains(c)))
}

/// `char::is_alphabetic`. Without the `scripts` feature (the Latin play module) normalised text
/// is always ASCII (`a–z0–9`), so the ASCII test gives the same answer there without linking
/// Unicode's table of letters into that module.
fn is_letter(c: char) -> bool {
    if cfg!(feature = "scripts") {
        c.is_alphabetic()
    } else {
        c.is_ascii_alphabetic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalise;

    fn items() -> Vec<PreparedItem> {
        vec![PreparedItem::with_rejected("Netherlands", &["Holland".into()], &["Poland".into()])]
    }

    fn disputable(guess: &str) -> bool {
        plausible(&normalise(guess), &items())
    }

    #[test]
    fn key_mashes_are_not_disputable() {
        for guess in ["zzzz", "ZZ ZZ", "aa", "q", "qwrtp", "sdfghjk", "!!"] {
            assert!(!disputable(guess), "{guess}");
        }
    }

    #[test]
    fn words_names_abbreviations_and_numbers_are() {
        for guess in ["Mexico", "Belgium", "BBC", "HTML", "1999", "111", "7", "Xyz", "水", "東京", "Rhythm"]
        {
            assert!(disputable(guess), "{guess}");
        }
    }

    #[test]
    fn a_spelling_the_creator_marked_not_accepted_is_not() {
        assert!(!disputable("Poland"));
        assert!(!disputable("po-land"));
        assert!(disputable("Polska"));
    }
}
