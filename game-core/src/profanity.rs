//! The profanity check shared by the server and the create page (feature `profanity`).
//!
//! Whole words, not substrings. A text is cut into words (letters, digits and the symbols leet
//! spelling uses: `$hit`, `a**hole`, `b!tch`); runs of single letters are joined ("f u c k",
//! "s.h.i.t") and so is each pair of neighbouring words ("dick head"). rustrict judges each of
//! these candidates on its own, with its folding of leet, look-alike letters, accents and
//! repeated letters, and a candidate counts only when rustrict censors all of it: "Cockburn",
//! "Scunthorpe" or "Dikson" contain a flagged word but are not one, so a name nobody listed
//! passes. Words without a letter (years, numbers) are never judged.
//!
//! Words that are also ordinary words or names (`profanity_weak.txt`: "cock", "tit", "ass",
//! "dick", "booby", "cum", "sex"…) refuse a text only when every other word in it is one of
//! the small words abuse is built from (`profanity_frame.txt`: "my", "your", "suck", "big"…):
//! "dick" and "kiss my ass" are refused, "Moby Dick", "Blue tit" and "Magna cum laude" are not.
//! In a whole game (`check_game`), a list whose prompt is clean and whose items are mostly
//! clean may hold such a word alone: a game about birds may say "Tit". The words rustrict
//! judges offensive that are real names are in `profanity_allow.txt` ("Niger").
//!
//! rustrict reads English (and other alphabets as look-alikes of its letters), so it judges only
//! words mostly of Latin letters; compatibility forms are read as what they show first
//! (fullwidth "ＵＲＡＮＵＳ" is "URANUS"). The other eleven interface languages have their own
//! lists, judged by script (`languages`: whole words where words are spaced, whole runs or
//! unambiguous parts for Han and kana).
//!
//! The corpus vectors (`tests/vectors/profanity-*.json`, the held-out halves built by
//! `scripts/profanity-corpus.py`, one pair per language) hold the rule to at most 1% of
//! legitimate answers refused and at least 97% of offensive inputs refused, natively and
//! through WASM.

use std::collections::HashSet;
use std::sync::OnceLock;

use rustrict::{Censor, Type};

use crate::forms::{FieldError, FormErrorCode, GameForm};

mod languages;

/// The message shown for any offensive field; it never repeats the offending words.
pub const PROFANITY_MESSAGE: &str = "Please remove any bad words.";

/// What rustrict censors with: a character no word is made of, so "all censored" is exact.
const MARK: char = '\u{2588}';

/// How offensive one text is, word by word.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Verdict {
    /// A word that is offensive wherever it stands.
    strong: bool,
    /// A word that is offensive only alone or in an abusive frame ("tit", "kiss my ass").
    weak: bool,
    /// A word that is neither flagged nor one of the frame words ("Blue" in "Blue tit").
    innocent: bool,
    /// Unmistakable abuse (see `Tier::Abuse`): refused even when the creator says it is a name.
    abuse: bool,
    /// The flagged words as written, for the moderator's highlight.
    words: Vec<String>,
}

impl Verdict {
    /// Stopped on its own, without a game around it.
    fn refused(&self) -> bool {
        self.abuse || self.strong || (self.weak && !self.innocent)
    }

    /// Stopped only because a weak word stands alone: a game's context may excuse it.
    fn weak_only(&self) -> bool {
        self.refused() && !self.strong && !self.abuse
    }

    fn flagged(&self) -> bool {
        self.strong || self.weak || self.abuse
    }

    /// The tier of the text, `excused` when its game's context excuses a weak word alone.
    fn tier(&self, excused: bool) -> Tier {
        match (self.refused() && !excused, self.abuse) {
            (false, _) => Tier::Clean,
            (true, true) => Tier::Abuse,
            (true, false) => Tier::Flagged,
        }
    }
}

/// What the rule does with a text or a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Tier {
    /// Nothing to say.
    Clean,
    /// A word offensive in one sense that may be a real name ("Twatt", "Fucking" in Austria,
    /// "Dildo" in Newfoundland): stopped with the spec's message, but the creator may say it is
    /// a real name, and the game then waits for a moderator before it can be public.
    Flagged,
    /// Unmistakable abuse: a slur or a threat (rustrict's own severe "offensive" and "mean"
    /// ratings, and `profanity_abuse.txt`), a flagged word spelt to hide it ("f u c k", "$hit",
    /// "fuuuck", a look-alike letter), or one among the words abuse is built from only ("kiss
    /// my ass"). Refused outright.
    Abuse,
}

/// One field the rule stops: its tier (the worst of its texts) and the flagged words as written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Flag {
    pub field: String,
    pub tier: Tier,
    pub words: Vec<String>,
}

/// Whether `text` is offensive on its own (see the module documentation): flagged or abuse.
pub fn is_profane(text: &str) -> bool {
    judge(text).refused()
}

/// The tier of `text` judged on its own.
pub fn tier(text: &str) -> Tier {
    judge(text).tier(false)
}

/// The tier of `text`, an item or spelling of a game whose prompt is `prompt` (as `is_profane_in`).
pub fn tier_in(text: &str, prompt: &str) -> Tier {
    let verdict = judge(text);
    let excused = verdict.weak_only() && !judge(prompt).flagged();
    verdict.tier(excused)
}

/// Whether `text`, an item or spelling of a game whose prompt is `prompt`, is offensive: as
/// `is_profane`, except that a weak word standing alone ("Tit", "Booby") passes under a prompt
/// with no flagged word ("British birds"). `check_game` also asks that most items be clean.
pub fn is_profane_in(text: &str, prompt: &str) -> bool {
    let verdict = judge(text);
    let excused = verdict.weak_only() && !judge(prompt).flagged();
    verdict.refused() && !excused
}

/// One word of a text: its characters as written, and whether it has a letter at all.
struct Word {
    text: String,
    letters: bool,
}

/// Letters, digits, combining marks and the symbols leet spelling uses belong to words.
fn in_word(c: char) -> bool {
    c.is_alphanumeric()
        || unicode_normalization::char::is_combining_mark(c)
        || matches!(c, '$' | '@' | '!' | '*' | '(' | '|' | '+' | '€' | '£')
}

/// English clitics after an apostrophe ("Bob's", "Hell's Kitchen", "they'll"): dropped before
/// the text is cut into words, so that "Bob's" is judged as "Bob" and not as "Bob" beside an "s"
/// that joins it into another word.
const CLITICS: [&str; 7] = ["s", "d", "ll", "re", "ve", "t", "m"];

fn without_clitics(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '\'' | '\u{2019}' | '\u{02BC}') && i > 0 && chars[i - 1].is_alphabetic() {
            let rest = &chars[i + 1..];
            let clitic = CLITICS.iter().find(|clitic| {
                let n = clitic.chars().count();
                rest.len() >= n
                    && rest[..n].iter().map(|c| c.to_ascii_lowercase()).eq(clitic.chars())
                    && rest.get(n).is_none_or(|&next| !in_word(next))
            });
            if let Some(clitic) = clitic {
                i += 1 + clitic.chars().count();
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Characters that join or hide nothing a reader sees (zero-width space, joiners, soft hyphen,
/// word joiner): dropped, so "चू\u{200C}त" is one word.
fn visible(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    // Compatibility forms read as what they show: fullwidth "ＵＲＡＮＵＳ" is "URANUS".
    text.nfkc()
        .filter(|c| !matches!(c, '\u{200B}'..='\u{200D}' | '\u{00AD}' | '\u{2060}' | '\u{FEFF}'))
        .collect()
}

fn words(text: &str) -> Vec<Word> {
    without_clitics(&visible(text))
        .split(|c: char| !in_word(c))
        .filter(|w| !w.is_empty())
        .map(|w| Word { text: w.to_string(), letters: w.chars().any(char::is_alphabetic) })
        .collect()
}

/// A word's worst candidate: 0 none, 1 weak, 2 strong, 3 abuse.
const ABUSE: u8 = 3;

fn judge(text: &str) -> Verdict {
    let words = words(text);
    let mut level = vec![0u8; words.len()];
    let mut mark = |range: std::ops::Range<usize>, hit: u8| {
        for l in &mut level[range] {
            *l = (*l).max(hit);
        }
    };
    for (i, word) in words.iter().enumerate() {
        if word.letters {
            let hit = hit(&word.text).max(languages::hit(&word.text));
            let abuse = abusive().contains(fold(&word.text).as_str()) || (hit > 0 && disguised(&word.text));
            mark(i..i + 1, if abuse { ABUSE } else { hit });
        }
    }
    // Phrases of the other languages' lists, three to six words long ("teri maa ki chut"): an
    // insult that long is nobody's name.
    for n in 3..=6 {
        for i in 0..words.len().saturating_sub(n - 1) {
            let phrase: Vec<&str> = words[i..i + n].iter().map(|w| w.text.as_str()).collect();
            if words[i..i + n].iter().all(|w| w.letters) {
                let hit = languages::hit(&phrase.join(" "));
                mark(i..i + n, if hit == 2 { ABUSE } else { hit });
            }
        }
    }
    // Runs of single characters, joined: "f u c k", "s.h.i.t", "b-i-t-c-h". A word spelt out
    // like that is spelt to hide it: abuse.
    let mut i = 0;
    while i < words.len() {
        let mut j = i;
        while j < words.len() && words[j].text.chars().count() == 1 {
            j += 1;
        }
        if j - i >= 2 && words[i..j].iter().any(|w| w.letters) {
            let joined: String = words[i..j].iter().map(|w| w.text.as_str()).collect();
            if hit(&joined).max(languages::hit(&joined)) > 0 {
                mark(i..j, ABUSE);
            }
        }
        i = j.max(i + 1);
    }
    // Neighbouring words, joined: "dick head", "white power", "bull sh1t". Beside a flagged
    // word only a strong compound counts ("Gay Head" stays a weak word and an ordinary one).
    let single: Vec<u8> = level.clone();
    for i in 1..words.len() {
        if words[i - 1].letters && words[i].letters {
            let (a, b) = (&words[i - 1].text, &words[i].text);
            let mut pair = hit(&format!("{a}{b}"))
                .max(hit(&format!("{a} {b}")))
                .max(languages::hit(&format!("{a} {b}")));
            if abusive().contains(format!("{}{}", fold(a), fold(b)).as_str()) {
                pair = ABUSE;
            }
            if pair >= 2 || (pair == 1 && single[i - 1] == 0 && single[i] == 0) {
                let mut mark = |k: usize| level[k] = level[k].max(pair);
                mark(i - 1);
                mark(i);
            }
        }
    }
    // A threat of a few words, written together ("hope you die", "kill ur self"): only abuse
    // counts here, so a name of a few ordinary words is never flagged this way.
    if (3..=5).contains(&words.len()) && words.iter().all(|w| w.letters) {
        let joined: String = words.iter().map(|w| w.text.as_str()).collect();
        if hit(&joined) == ABUSE {
            level.iter_mut().for_each(|l| *l = ABUSE);
        }
    }
    names_not_abuse(&words, &mut level);
    allow_names(&words, &mut level);
    verdict_of(&words, &level)
}

/// Whole words and pairs of `profanity_names.txt` (the village of Nigg, the Ku Klux Klan of a
/// history list) are flagged at most: a moderator, not the rule, tells the name from the slur.
fn names_not_abuse(words: &[Word], level: &mut [u8]) {
    let folded: Vec<String> = words.iter().map(|w| fold(&w.text)).collect();
    let named = |k: usize| {
        names().contains(folded[k].as_str())
            || k > 0 && names().contains(format!("{}{}", folded[k - 1], folded[k]).as_str())
            || k + 1 < folded.len() && names().contains(format!("{}{}", folded[k], folded[k + 1]).as_str())
    };
    for k in 0..words.len() {
        if level[k] == ABUSE && named(k) && !disguised(&words[k].text) {
            level[k] = 2;
        }
    }
}

/// Whole words and pairs of `profanity_allow.txt` ("Lolita", "Dik-dik", "Boob tube") are
/// nothing, whatever a list says of their parts.
fn allow_names(words: &[Word], level: &mut [u8]) {
    let folded: Vec<String> = words.iter().map(|w| fold(&w.text)).collect();
    for (i, word) in folded.iter().enumerate() {
        if allowed().contains(word.as_str()) {
            level[i] = 0;
        }
        if i > 0 && allowed().contains(format!("{}{word}", folded[i - 1]).as_str()) {
            level[i - 1] = 0;
            level[i] = 0;
        }
    }
}

fn verdict_of(words: &[Word], level: &[u8]) -> Verdict {
    let frame = frame_words();
    let mut verdict = Verdict::default();
    let mut framed = false;
    for (word, &level) in words.iter().zip(level) {
        let folded = fold(&word.text);
        let in_frame = frame.contains(folded.as_str());
        framed |= ADDRESS.contains(&folded.as_str()) && words.iter().filter(|w| w.letters).count() > 1;
        match level {
            0 if word.letters && !in_frame => verdict.innocent = true,
            0 => {}
            ABUSE => verdict.abuse = true,
            2 => verdict.strong = true,
            _ => verdict.weak = true,
        }
        if level > 0 && !verdict.words.contains(&word.text) {
            verdict.words.push(word.text.clone());
        }
    }
    // A flagged word among the words abuse is built from only, one of them addressing someone
    // ("kiss my ass", "fuck you"), is said to someone, not the name of anything; "Big Balls"
    // (a song) is only flagged.
    verdict.abuse |= framed && verdict.refused() && !verdict.innocent;
    verdict
}

/// The frame words that address someone: with them a frame is abuse, not a title.
const ADDRESS: &[&str] = &[
    "my", "your", "ur", "you", "u", "ya", "yo", "youre", "yourself", "me", "suck", "sucks", "sucking",
    "kiss", "lick", "eat", "show", "send", "give",
];

/// A flagged word written to hide it: a digit or a symbol for a letter ("$hit", "p*ta"), a
/// letter stretched ("fuuuck"), or Latin letters mixed with look-alikes of another alphabet.
fn disguised(word: &str) -> bool {
    let symbol =
        word.chars().any(|c| !c.is_alphabetic() && !unicode_normalization::char::is_combining_mark(c));
    let stretched = collapse_runs(word).chars().count() != word.chars().count();
    let latin = word.chars().any(|c| c.is_ascii_alphabetic());
    // Greek (U+0370–03FF) and Cyrillic (U+0400–04FF) letters among Latin ones pass for Latin.
    let look_alike = word.chars().any(|c| matches!(c as u32, 0x370..=0x4FF));
    symbol || stretched || latin && look_alike
}

/// How offensive one candidate is: 2 strong, 1 weak, 0 not at all. The worst of the candidate
/// as written, with runs of three or more of a character shortened to one ("whoreeee") and with
/// "ph" read as "f" ("phuck").
fn hit(candidate: &str) -> u8 {
    // rustrict reads English, and other alphabets as look-alikes of its letters: a word mostly
    // of another script is not its to judge ("Но", "Сок" are not "ho" and "cock").
    let letters = |latin: bool| {
        candidate
            .chars()
            .filter(|&c| c.is_alphabetic() && (crate::normalise::script_of(c) == 1) == latin)
            .count()
    };
    if letters(false) > letters(true) {
        return 0;
    }
    let collapsed = collapse_runs(candidate);
    let ph = collapsed.to_lowercase().replace("ph", "f");
    let mut level = hit_one(candidate, candidate);
    if level < 2 && collapsed != candidate {
        level = level.max(hit_one(&collapsed, candidate));
    }
    // "ph" is how real words are spelt too ("phages"): read as "f" it flags, never more.
    if level < 2 && ph != collapsed.to_lowercase() {
        level = level.max(hit_one(&ph, candidate).min(2));
    }
    level
}

/// rustrict judges the candidate; it counts only when rustrict censors all of it, or all but
/// an inflection ("dicks", "niggaz": as offensive as the word) or a part abuse compounds with
/// ("fuckface": strong with a strong word, weak with a weak one: "Hellboy"). A word of
/// `profanity_weak.txt` (as `written` or as flagged), or one rustrict rates only mildly
/// offensive ("hell"), is weak; an allowed name is nothing.
fn hit_one(candidate: &str, written: &str) -> u8 {
    if allowed().contains(fold(written).as_str()) || allowed().contains(fold(candidate).as_str()) {
        return 0;
    }
    let (censored, typ) = Censor::from_str(candidate)
        .with_censor_threshold(Type::INAPPROPRIATE)
        .with_censor_first_character_threshold(Type::INAPPROPRIATE)
        .with_censor_replacement(MARK)
        .censor_and_analyze();
    if !typ.is(Type::INAPPROPRIATE) || !censored.contains(MARK) {
        return 0;
    }
    let original: Vec<char> = candidate.chars().collect();
    let censored: Vec<char> = censored.chars().collect();
    let (mut root, mut before, mut after) = (String::new(), String::new(), String::new());
    if original.len() == censored.len() {
        for (&o, &c) in original.iter().zip(&censored) {
            if c == MARK {
                if !after.is_empty() {
                    return 0; // two flagged parts apart: "s…horpe"
                }
                root.push(o);
            } else if in_word(o) {
                if root.is_empty() {
                    before.push(o)
                } else {
                    after.push(o)
                }
            }
        }
    } else if censored.iter().all(|&c| c == MARK || !c.is_alphanumeric()) {
        root = candidate.to_string(); // rustrict dropped marks: only a whole match is read
    } else {
        return 0;
    }
    let strong = (Type::PROFANE | Type::OFFENSIVE | Type::SEXUAL) & Type::MODERATE_OR_HIGHER
        | Type::MEAN & Type::SEVERE;
    let weak = [written, candidate, &root].iter().any(|w| is_weak(w)) || !typ.is(strong);
    // rustrict's own categories: its severe "offensive" words are slurs, its severe "mean"
    // ones threats and wishes of harm ("kys", "hope you die"). A weak word is never abuse
    // ("bastard", "coon": words and names too).
    let abuse = typ.is(Type::OFFENSIVE & Type::SEVERE | Type::MEAN & Type::SEVERE);
    let level = match (weak, abuse) {
        (true, _) => 1,
        (false, true) => ABUSE,
        (false, false) => 2,
    };
    let (before, after) = (fold(&before), fold(&after));
    // rustrict reads a repeated last letter as one ("jigaboo"): so does the rest.
    let last = fold(&root).chars().last();
    let after = if after.chars().all(|c| Some(c) == last) { String::new() } else { after };
    match (before.as_str(), after.as_str()) {
        ("", "") => level,
        ("", rest) if INFLECTIONS.contains(&rest) => level,
        ("", rest) | (rest, "") if COMPOUNDS.contains(&rest) && typ.is(strong) => level,
        _ => 0,
    }
}

/// Whether a flagged word is one of `profanity_weak.txt`, as written, without an inflection
/// ("Dicker") or with doubled letters read once ("Dickk").
fn is_weak(word: &str) -> bool {
    let folded = fold(word);
    let weak = weak_words();
    weak.contains(folded.as_str())
        || INFLECTIONS.iter().any(|end| folded.strip_suffix(end).is_some_and(|stem| weak.contains(stem)))
        || weak_words_once().contains(dedup(&folded).as_str())
}

/// Doubled letters read once: "dickk" → "dick", "booby" → "boby".
fn dedup(text: &str) -> String {
    let mut out: Vec<char> = text.chars().collect();
    out.dedup();
    out.into_iter().collect()
}

/// Endings that leave a flagged word as offensive as it was: "dicks", "fucker", "niggaz".
const INFLECTIONS: &[&str] = &["s", "es", "z", "ez", "d", "ed", "er", "ers", "ing", "y", "ie", "ies"];

/// Words abuse compounds a flagged word with: "dickhead", "fuckface", "cocksucker", "bullshit".
const COMPOUNDS: &[&str] = &[
    "head", "heads", "face", "faces", "sucker", "suckers", "sucking", "boy", "boys", "hole", "holes",
    "licker", "lickers", "bag", "bags", "wad", "wads", "wit", "wits", "stain", "tard", "tards", "load",
    "shot", "shots", "job", "jobs", "bull", "dumb", "fat", "jack", "dip", "mother", "horse",
];

/// Runs of three or more of one character shortened to one: "fuuuuck" → "fuck".
fn collapse_runs(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut k = 0;
    while k < chars.len() {
        let mut r = k;
        while r < chars.len() && chars[r].to_lowercase().eq(chars[k].to_lowercase()) {
            r += 1;
        }
        let run = if r - k >= 3 { 1 } else { r - k };
        out.extend(&chars[k..k + run]);
        k = r;
    }
    out
}

/// Lowercase letters with leet digits and symbols read as letters and accents, separators and
/// runs of three or more of one letter dropped: how the word lists are compared.
fn fold(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::with_capacity(text.len());
    for c in text.nfd().flat_map(char::to_lowercase) {
        let c = match c {
            '4' | '@' => 'a',
            '3' | '€' => 'e',
            '1' | '!' | '|' => 'i',
            '0' => 'o',
            '5' | '$' => 's',
            '7' | '+' => 't',
            '(' => 'c',
            '£' => 'l',
            c => c,
        };
        if !c.is_alphanumeric() {
            continue;
        }
        // Latin letters NFD leaves whole (đ, ł, ø, ħ) fold as the matching normaliser folds
        // them: "Đồng" is "dong", a weak word, not a strong one nobody listed.
        if !c.is_ascii() && crate::normalise::latin_covered(c) {
            out.push_str(&crate::normalise::normalise(&c.to_string()));
            continue;
        }
        out.push(c);
    }
    collapse_runs(&out)
}

fn list(text: &'static str) -> HashSet<&'static str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

/// Words rustrict flags that are also ordinary words or names (`profanity_weak.txt`).
fn weak_words() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| list(include_str!("profanity_weak.txt")))
}

/// `profanity_weak.txt` with doubled letters read once.
fn weak_words_once() -> &'static HashSet<String> {
    static SET: OnceLock<HashSet<String>> = OnceLock::new();
    SET.get_or_init(|| weak_words().iter().map(|w| dedup(w)).collect())
}

/// The small words abuse is built from (`profanity_frame.txt`).
fn frame_words() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| list(include_str!("profanity_frame.txt")))
}

/// Slurs and threats the lists rate lower than abuse or hold without a rating
/// (`profanity_abuse.txt`): refused even as a name.
fn abusive() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| list(include_str!("profanity_abuse.txt")))
}

/// Slurs by a list's rating that are also names or words of trivia (`profanity_names.txt`).
fn names() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| list(include_str!("profanity_names.txt")))
}

/// Whole words rustrict judges offensive that are real names (`profanity_allow.txt`).
fn allowed() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| list(include_str!("profanity_allow.txt")))
}

/// One error per field (prompt, item name, item spellings) that the rule stops, flagged or
/// abuse: what a creator who has not said "these are real names" is refused for.
pub fn check_game(form: &GameForm) -> Vec<FieldError> {
    flag_game(form)
        .into_iter()
        .map(|flag| FieldError {
            field: flag.field,
            code: FormErrorCode::Profanity,
            message: PROFANITY_MESSAGE.to_string(),
        })
        .collect()
}

/// One flag per field the rule stops, with its tier and words, in field order.
///
/// The game is the context: an item or spelling stopped only because a weak word stands alone
/// ("Tit", "Booby") passes when the prompt has no flagged word and fewer than half of the items
/// are such words — a list of birds, not a list of rude words.
pub fn flag_game(form: &GameForm) -> Vec<Flag> {
    let prompt = judge(&form.prompt);
    let names: Vec<Verdict> = form.items.iter().map(|item| judge(&item.name)).collect();
    let weak_items = names.iter().filter(|v| v.weak_only()).count();
    let excused = |v: &Verdict| v.weak_only() && !prompt.flagged() && weak_items * 2 < form.items.len();
    let mut flags = Vec::new();
    let mut add = |field: String, verdicts: Vec<(Verdict, bool)>| {
        let tier = verdicts.iter().map(|(v, excused)| v.tier(*excused)).max().unwrap_or(Tier::Clean);
        if tier != Tier::Clean {
            let mut words: Vec<String> = Vec::new();
            let stopped = verdicts.iter().filter(|(v, excused)| v.tier(*excused) != Tier::Clean);
            for word in stopped.flat_map(|(v, _)| &v.words) {
                if !words.contains(word) {
                    words.push(word.clone());
                }
            }
            flags.push(Flag { field, tier, words });
        }
    };
    add("prompt".to_string(), vec![(prompt.clone(), false)]);
    for (i, (item, name)) in form.items.iter().zip(&names).enumerate() {
        add(format!("items.{i}.name"), vec![(name.clone(), excused(name))]);
        let spellings = item.alt_spellings.iter().map(|s| judge(s)).map(|v| {
            let e = excused(&v);
            (v, e)
        });
        add(format!("items.{i}.altSpellings"), spellings.collect());
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::FormItem;

    #[test]
    fn whole_words_are_judged_and_the_words_inside_names_are_not() {
        for legit in [
            "Moby Dick",
            "Niger",
            "Blue tit",
            "Scunthorpe",
            "Homo sapiens",
            "Hell's Kitchen",
            "Cockenzie",
            "Dikson",
            "Battle of 1943",
            "1488",
            "69",
        ] {
            assert!(!is_profane(legit), "{legit}");
        }
        for bad in
            ["dick", "suck my dick", "tits", "n1gger", "f u c k", "cocksucker", "dick head", "kiss my ass"]
        {
            assert!(is_profane(bad), "{bad}");
        }
    }

    #[test]
    fn a_possessive_or_a_contraction_is_part_of_its_word() {
        for text in ["Bob's", "Bob’s", "Hell's Kitchen", "They'll", "Dick's Sporting Goods"] {
            assert!(!is_profane_in(text, "Shops"), "{text}");
        }
        assert!(is_profane("fuck's sake"));
        assert!(is_profane("shit's creek"));
    }

    #[test]
    fn years_and_numbers_are_never_a_reason_to_refuse() {
        for n in (0..2_100).chain((2_100..100_000).step_by(997)).chain([80085, 8008135]) {
            for text in
                [n.to_string(), format!("Battle of {n}"), format!("{n} in review"), format!("{n:,>6}")]
            {
                assert!(!is_profane(&text), "{text}");
            }
        }
    }

    #[test]
    fn fold_reads_leet_and_drops_repeats() {
        assert_eq!(fold("Fuuuuck"), "fuck");
        assert_eq!(fold("a$$"), "ass");
        assert_eq!(fold("T1ts"), "tits");
        assert_eq!(fold("Pécs"), "pecs");
    }

    fn game(prompt: &str, names: &[&str]) -> GameForm {
        GameForm {
            prompt: prompt.into(),
            items: names.iter().map(|n| FormItem { name: n.to_string(), ..Default::default() }).collect(),
        }
    }

    #[test]
    fn a_games_prompt_and_items_are_the_context_of_a_weak_word() {
        let birds =
            ["Robin", "Wren", "Tit", "Booby", "Cock", "Puffin", "Gannet", "Kestrel", "Merlin", "Hobby"];
        assert!(check_game(&game("British seabirds and garden birds", &birds)).is_empty());
        let fields = |g: &GameForm| check_game(g).into_iter().map(|e| e.field).collect::<Vec<_>>();
        assert_eq!(
            fields(&game("Shit list", &birds)),
            ["prompt", "items.2.name", "items.3.name", "items.4.name"]
        );
        let rude = ["Tits", "Cock", "Dick", "Ass", "Pussy", "Robin", "Wren", "Puffin", "Gannet", "Kestrel"];
        assert_eq!(check_game(&game("Words", &rude)).len(), 5);
        let mut strong = birds;
        strong[0] = "fuck";
        assert_eq!(fields(&game("British seabirds and garden birds", &strong)), ["items.0.name"]);
    }

    #[test]
    fn every_shipped_script_is_judged_by_its_own_words() {
        // Once refused: a Vietnamese city, a planet written fullwidth, Russian words rustrict
        // read as English look-alikes ("Сок" as "cock").
        for legit in [
            "Biên Hòa",
            "Đồng Hới",
            "ＵＲＡＮＵＳ",
            "Москва",
            "Сок",
            "女性",
            "性別",
            "Arroz con pollo",
            "서울",
        ] {
            assert!(!is_profane(legit), "{legit}");
        }
        for bad in [
            "хуй",
            "xуй",
            "х у й",
            "х*й",
            "пизды",
            "ちんこ",
            "ﾁﾝｺ",
            "傻逼",
            "개새끼야",
            "الكس",
            "चूतिया",
            "hijo de puta",
            "p*ta",
            "ＦＵＣＫ",
        ] {
            assert!(is_profane(bad), "{bad}");
        }
    }

    #[test]
    fn real_names_are_flagged_and_abuse_is_refused() {
        for clean in ["Lesbos", "Lolita", "Hoe", "Boob tube", "Dik-dik", "Moby Dick", "Scunthorpe"] {
            assert_eq!(tier(clean), Tier::Clean, "{clean}");
        }
        for name in
            ["Twatt", "Fucking", "Dildo", "Wankie", "Bastardo", "Rusty Kuntz", "Dick", "Fucking, Austria"]
        {
            assert_eq!(tier(name), Tier::Flagged, "{name}");
        }
        for abuse in [
            "nigger",
            "kike",
            "kys",
            "kill yourself",
            "fuck you",
            "kiss my ass",
            "f u c k",
            "$hit",
            "fuuuuck",
            "fаggot",
            "hijo de puta",
            "пидор",
        ] {
            assert_eq!(tier(abuse), Tier::Abuse, "{abuse}");
        }
    }

    #[test]
    fn a_flag_names_its_field_tier_and_words() {
        let mut towns = game("Towns with rude names", &["Twatt", "Dildo", "Wetwang"]);
        towns.items[2].alt_spellings = vec!["Wankie".into(), "Wetwang".into()];
        let flags = flag_game(&towns);
        let summary: Vec<(&str, Tier, Vec<&str>)> = flags
            .iter()
            .map(|f| (f.field.as_str(), f.tier, f.words.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(
            summary,
            [
                ("items.0.name", Tier::Flagged, vec!["Twatt"]),
                ("items.1.name", Tier::Flagged, vec!["Dildo"]),
                ("items.2.altSpellings", Tier::Flagged, vec!["Wankie"]),
            ]
        );
        let abuse = flag_game(&game("Kiss my ass", &["Twatt"]));
        assert_eq!(abuse[0].tier, Tier::Abuse);
        assert!(abuse[0].words.contains(&"ass".to_string()), "{:?}", abuse[0].words);
        assert_eq!(check_game(&towns).len(), 3, "without the creator's word, a flag is a refusal");
    }

    #[test]
    fn invisible_joiners_do_not_split_a_word() {
        assert!(is_profane("चू\u{200C}तिया"));
        assert!(is_profane("fu\u{200B}ck"));
    }

    #[test]
    fn the_lists_are_folded_and_unique() {
        for file in [
            include_str!("profanity_weak.txt"),
            include_str!("profanity_frame.txt"),
            include_str!("profanity_allow.txt"),
            include_str!("profanity_abuse.txt"),
            include_str!("profanity_names.txt"),
        ] {
            let entries: Vec<&str> =
                file.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
            for (i, entry) in entries.iter().enumerate() {
                assert_eq!(*entry, fold(entry), "entries are compared folded");
                assert!(!entries[..i].contains(entry), "{entry} is listed twice");
            }
        }
    }
}
