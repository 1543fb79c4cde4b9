//! The word lists of the other interface languages (`profanity_words.txt`, built by
//! `scripts/profanity-corpus.py` from LDNOOBW, badwords-py, russian-bad-words, allprofanity and
//! hebrew-censor: see `profanity_words.LICENSES.md`), read script by script:
//!
//! - **Spaced scripts** (Latin, Cyrillic, Arabic, Hebrew, Devanagari, Hangul): whole words and
//!   phrases, as the English rule judges them. A word is folded by the matching normaliser
//!   (`normalise`: case, compatibility forms, accents, Arabic alef forms, ё = е…), after
//!   look-alike letters of the other alphabet and leet digits are read as the word's own
//!   ("xуй" with a Latin x, "с0сать"). Russian words are inflected: an ending is read off a
//!   word whose stem is listed ("пизды" is "пизда"); Korean nouns take particles ("개새끼야");
//!   Arabic words take the article and one-letter proclitics ("والكس").
//! - **Han and kana** (no spaces): a run of these characters is refused when it is a listed word
//!   whole, and inside a longer run only for the entries marked `p`: those no real name or word
//!   of the tune corpus contains. "性" alone is refused, "女性" and "性別" are not.
//!
//! An entry marked `w` is also a word of a real name ("Lund", "Concha"): weak, refused alone or
//! among frame words only, as the English weak words.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::normalise::{is_dense, normalise};

/// How offensive: 0 not, 1 weak, 2 strong (as `profanity::hit`).
pub(super) type Level = u8;

struct Lists {
    strong: HashSet<String>,
    weak: HashSet<String>,
    /// Han and kana entries refused inside a longer run too.
    parts: Vec<String>,
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let mut lists = Lists { strong: HashSet::new(), weak: HashSet::new(), parts: Vec::new() };
        for line in include_str!("../profanity_words.txt").lines().filter(|l| !l.starts_with('#')) {
            let mut fields = line.split('\t');
            let (Some(_lang), Some(flag), Some(entry)) = (fields.next(), fields.next(), fields.next()) else {
                continue;
            };
            let key = key(entry);
            if key.chars().count() < 2 && !key.chars().all(is_dense) {
                continue;
            }
            match flag {
                "w" => {
                    lists.weak.insert(key);
                }
                "p" => {
                    lists.strong.insert(key.clone());
                    lists.parts.push(key);
                }
                _ => {
                    lists.strong.insert(key);
                }
            }
        }
        // A word that is weak in one language and strong in another is weak: it is a real name.
        let weak = lists.weak.clone();
        lists.strong.retain(|w| !weak.contains(w));
        lists
    })
}

/// Latin letters that look like Cyrillic ones, and digits written for them.
fn to_cyrillic(c: char) -> char {
    match c.to_ascii_lowercase() {
        'a' | '@' | '4' => 'а',
        'e' => 'е',
        '3' => 'з',
        'o' | '0' => 'о',
        'p' => 'р',
        'c' => 'с',
        'x' => 'х',
        'y' | 'u' => 'у',
        'k' => 'к',
        'm' => 'м',
        'h' => 'н',
        't' => 'т',
        'b' => 'в',
        '6' => 'б',
        _ => c,
    }
}

/// Cyrillic letters that look like Latin ones, and leet digits and symbols.
fn to_latin(c: char) -> char {
    match c {
        'а' | 'А' | '4' | '@' => 'a',
        'е' | 'Е' | '3' | '€' => 'e',
        'о' | 'О' | '0' => 'o',
        'р' | 'Р' => 'p',
        'с' | 'С' | '(' => 'c',
        'х' | 'Х' => 'x',
        'у' | 'У' => 'y',
        'і' | 'І' | '1' | '!' | '|' => 'i',
        '5' | '$' => 's',
        '7' | '+' => 't',
        '9' => 'g',
        _ => c,
    }
}

fn is_cyrillic(c: char) -> bool {
    matches!(c as u32, 0x400..=0x4FF)
}

fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic() && crate::normalise::script_of(c) == 1
}

/// The form an entry is compared in: look-alikes read in the word's alphabet, the matching
/// normaliser, runs of three or more of a letter read once.
pub(super) fn key(text: &str) -> String {
    keys(text).swap_remove(0)
}

/// The forms a candidate may be read in: a word that mixes Cyrillic and Latin letters read in
/// either alphabet ("сu" is "cu", "xуй" is "хуй"); a letter written three or more times read
/// once and twice ("chooooot" is "chot" and "choot").
fn keys(text: &str) -> Vec<String> {
    let cyrillic = text.chars().filter(|&c| is_cyrillic(c)).count();
    let latin = text.chars().filter(|&c| is_latin_letter(c)).count();
    let mut readings: Vec<String> = Vec::with_capacity(2);
    if cyrillic > 0 && cyrillic >= latin {
        readings.push(text.chars().map(to_cyrillic).collect());
    }
    if latin > 0 || cyrillic == 0 {
        readings.push(text.chars().map(to_latin).collect());
    }
    let mut out = Vec::with_capacity(4);
    for reading in readings {
        let folded: Vec<char> = normalise(&reading).chars().collect();
        for keep in [1, 2] {
            let k = collapse(&folded, keep);
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// Runs of three or more of one character shortened to `keep`.
fn collapse(chars: &[char], keep: usize) -> String {
    let mut out = String::with_capacity(chars.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j < chars.len() && chars[j] == chars[i] {
            j += 1;
        }
        out.extend(&chars[i..if j - i >= 3 { i + keep } else { j }]);
        i = j;
    }
    out
}

/// Russian endings read off an inflected word, longest first.
const RU_ENDINGS: &[&str] = &[
    "ами", "ями", "ого", "его", "ому", "ему", "ыми", "ими", "ой", "ей", "ом", "ем", "ам", "ям", "ах", "ях",
    "ов", "ев", "ую", "юю", "ая", "яя", "ые", "ие", "ых", "их", "а", "я", "о", "е", "у", "ю", "ы", "и", "ь",
    "й",
];
/// What a Russian stem ends with in its listed form.
const RU_STEM_ENDS: &[&str] = &["", "а", "я", "о", "ь", "й", "ы", "и"];

/// Korean particles and the words abuse compounds a noun with, after a listed word.
const KO_AFTER: &[&str] = &[
    "이", "가", "야", "아", "들", "은", "는", "을", "를", "에", "의", "도", "만", "로", "와", "과", "랑",
    "이야", "들아", "들이", "새끼", "놈", "년", "같은",
];

/// The Arabic article and one-letter proclitics (and, with, for, so) before a word.
const AR_BEFORE: &[&str] = &["وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل", "ف"];

fn level_of(k: &str) -> Level {
    let lists = lists();
    if lists.strong.contains(k) {
        2
    } else if lists.weak.contains(k) {
        1
    } else {
        0
    }
}

/// How offensive one candidate (a word, joined single letters, or neighbouring words) is: the
/// worst of its readings. A `*` stands for one letter ("p*ta", "х*й").
pub(super) fn hit(candidate: &str) -> Level {
    if candidate.contains('*') {
        return masked(candidate);
    }
    keys(candidate).iter().map(|k| hit_key(k)).max().unwrap_or(0)
}

fn hit_key(k: &str) -> Level {
    // One letter is no word, but one Han character or Hangul syllable may be ("屌", "씹").
    if k.is_empty() || k.chars().count() < 2 && !k.chars().all(is_dense) {
        return 0;
    }
    let level = level_of(k);
    if level > 0 {
        return level;
    }
    let first = k.chars().next().unwrap_or(' ');
    if is_cyrillic(first) {
        return russian(k);
    }
    if matches!(first as u32, 0xAC00..=0xD7A3) {
        return korean(k);
    }
    if matches!(first as u32, 0x600..=0x6FF) {
        return arabic(k);
    }
    if k.chars().any(is_dense) {
        return dense(k);
    }
    0
}

fn russian(k: &str) -> Level {
    for ending in RU_ENDINGS {
        let Some(stem) = k.strip_suffix(ending) else { continue };
        if stem.chars().count() < 3 {
            continue;
        }
        for end in RU_STEM_ENDS {
            let level = level_of(&format!("{stem}{end}"));
            if level > 0 {
                return level;
            }
        }
    }
    0
}

fn korean(k: &str) -> Level {
    KO_AFTER
        .iter()
        .filter_map(|after| k.strip_suffix(after))
        .filter(|stem| stem.chars().count() >= 2)
        .map(level_of)
        .max()
        .unwrap_or(0)
}

fn arabic(k: &str) -> Level {
    AR_BEFORE
        .iter()
        .filter_map(|before| Some((before, k.strip_prefix(before)?)))
        // The article before a two-letter word; a one-letter proclitic only before a longer one.
        .filter(|(before, stem)| stem.chars().count() >= if before.chars().count() >= 2 { 2 } else { 3 })
        .map(|(_, stem)| stem)
        .map(level_of)
        .max()
        .unwrap_or(0)
}

/// A word with letters masked by `*`, each one letter: the worst entry it can be read as.
fn masked(candidate: &str) -> Level {
    let parts: Vec<String> = candidate.split('*').map(key).collect();
    let stars = parts.len() - 1;
    let known: usize = parts.iter().map(|p| p.chars().count()).sum();
    if known < 2 || known < stars {
        return 0;
    }
    let fits = |entry: &str| {
        let chars: Vec<char> = entry.chars().collect();
        if chars.len() != known + stars {
            return false;
        }
        let mut at = 0;
        for (i, part) in parts.iter().enumerate() {
            for c in part.chars() {
                if chars[at] != c {
                    return false;
                }
                at += 1;
            }
            at += usize::from(i < stars);
        }
        true
    };
    let lists = lists();
    if lists.strong.iter().any(|e| fits(e)) {
        2
    } else if lists.weak.iter().any(|e| fits(e)) {
        1
    } else {
        0
    }
}

/// A run of Han or kana holds an entry that no real name contains.
fn dense(k: &str) -> Level {
    if lists().parts.iter().any(|part| k.contains(part.as_str())) {
        2
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_are_read_in_the_words_alphabet() {
        assert_eq!(key("xуй"), key("хуй"));
        assert_eq!(key("с0сать"), key("сосать"));
        assert_eq!(key("ＵＲＡＮＵＳ"), "uranus");
        assert_eq!(key("チンコ"), key("ちんこ"));
        assert_eq!(key("хуууй"), key("хуй"));
    }
}
