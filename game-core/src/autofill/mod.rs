//! Autofill for the create page: a tidied prompt and, for every item, alternative spellings a
//! player is likely to type.
//!
//! What counts as useful follows from how guesses match (`matching.rs`): a guess and every
//! spelling are compared after `normalise` (lowercase a–z0–9, Latin accents folded), exactly
//! first, then fuzzily. So:
//!
//! * A spelling that normalises like the name, or like a spelling kept before it, can never
//!   match anything new: it is dropped (`dedupe_spellings`). That is also why there is no
//!   separate "fold the accents" rule: `Pokémon` → `Pokemon` normalises to the same text.
//!   The one accent rule kept is German's `ä/ö/ü` → `ae/oe/ue` (`Köln` → `Koeln`), which the
//!   normaliser does not produce.
//! * A spelling that normalises like *another* item's name would be refused by the form rules
//!   (`forms::validate_game`), so it is dropped too; so is a generated spelling that two items
//!   would both get (shared initials): an exact match could only pick one of them.
//! * Initials need at least three letters: a two-letter spelling is within the fuzzy tolerance
//!   (one edit) of every two-letter guess sharing a letter, so `NY` would accept `NZ`.
//! * Singular/plural often differ by one letter, which fuzzy matching already forgives; the
//!   variant still helps because an exact spelling beats another item's fuzzy match.
//! * The names players type for a well-known thing come from the built-in list of common names
//!   (`known_names/en.txt`, one thing a line, which also guards typo corrections): an item named
//!   `United States` gets `United States of America`, `USA`, `US` and `America`, and `United
//!   Kingdom` gets `UK`. Two-letter names are kept here: the list's other names stop a typo
//!   correction between them (`UK` is never read as `US`).
//! * A person's name never gets initials: `JRC` is not how anyone types `J. R. Cash` or `John
//!   Roy Carter` (see [`looks_like_a_person`]).
//!
//! The player's own spellings come first (trimmed, deduplicated the same way), then the
//! generated ones in rule order; at most `MAX_SPELLINGS_PER_ITEM`, none longer than
//! `MAX_SPELLING_CHARS`. Everything is deterministic.

mod case;
mod numbers;
mod plural;

// The one de-duplication rule lives with the forms; re-exported for the server's model path.
pub use crate::forms::dedupe_spellings;
use crate::forms::{FormItem, GameForm, MAX_NAME_CHARS};
use crate::normalise::normalise;

/// Trims, collapses runs of whitespace and capitalises the first Latin letter when nothing but
/// punctuation or symbols come before it: `"¿qué?"` → `"¿Qué?"`; `"10 cats"` stays.
pub fn tidy_prompt(prompt: &str) -> String {
    let joined = prompt.split_whitespace().collect::<Vec<_>>().join(" ");
    match joined.char_indices().find(|(_, c)| case::is_latin_alphanumeric(*c)) {
        Some((at, first)) if !first.is_ascii_digit() => {
            let rest = &joined[at + first.len_utf8()..];
            format!("{}{}{rest}", &joined[..at], case::to_upper(first))
        }
        _ => joined,
    }
}

/// The player's spellings (deduplicated) followed by the generated ones, for one item.
pub fn alternative_spellings(name: &str, existing: &[String]) -> Vec<String> {
    let candidates: Vec<String> = existing.iter().cloned().chain(generated_spellings(name)).collect();
    dedupe_spellings(name, &candidates, &[])
}

/// The whole create form: the prompt tidied, every name trimmed, every item's spellings
/// completed. Items keep their order; an empty name gets no generated spellings.
pub fn autofill_game(form: &GameForm) -> GameForm {
    let names: Vec<&str> = form.items.iter().map(|item| item.name.trim()).collect();
    let generated: Vec<Vec<String>> = names.iter().map(|name| generated_spellings(name)).collect();
    let shared = shared_spellings(&generated);
    let items = form.items.iter().zip(&generated).enumerate().map(|(i, (item, own))| {
        // Another item's name and a spelling the player does not accept are never added.
        let others: Vec<String> = names
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, n)| n.to_string())
            .chain(item.rejected_spellings.iter().cloned())
            .collect();
        let candidates: Vec<String> = item
            .alt_spellings
            .iter()
            .cloned()
            .chain(own.iter().filter(|s| !shared.contains(&normalise(s))).cloned())
            .collect();
        FormItem {
            name: names[i].to_string(),
            alt_spellings: dedupe_spellings(names[i], &candidates, &others),
            rejected_spellings: item.rejected_spellings.clone(),
        }
    });
    GameForm { prompt: tidy_prompt(&form.prompt), items: items.collect() }
}

/// Rules that only guess: the English singular or plural of a last word is right for `golden
/// retrievers` and wrong for a name the rule cannot tell from a noun, and typo tolerance accepts
/// most of them anyway. The rest (articles, abbreviations, numbers, umlauts, common names,
/// initials) write the same name another way.
const SURE_RULES: [Rule; 5] =
    [without_article, swap_abbreviations, swap_ampersand, swap_numbers, expand_umlauts];

/// Whether `spelling` of the item `name` is one only a guessing rule makes (see
/// [`SURE_RULES`]): a spelling the rules make without the guess, or any other (the player's, a
/// provider's), is not doubtful.
pub fn is_doubtful(name: &str, spelling: &str) -> bool {
    let key = normalise(spelling);
    let made = |rules: &[Rule]| generated_by(name, rules).iter().any(|s| normalise(s) == key);
    made(&RULES) && !made(&SURE_RULES)
}

/// What an autofill answer added to the form it was asked with: new items, new spellings (new
/// items' included; compared by `normalise`, as guesses are), and how many of those spellings
/// are doubtful ([`is_doubtful`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Additions {
    pub items: u32,
    pub spellings: u32,
    pub doubtful: u32,
}

impl Additions {
    /// Whether the answer added anything a player needs: a new item, or a spelling that is not
    /// doubtful. A use that did not is not worth the cooldown, nor a claim of success.
    pub fn useful(&self) -> bool {
        self.items > 0 || self.spellings > self.doubtful
    }
}

/// How `filled` (an autofill answer) adds to `form` (the request).
pub fn additions(form: &GameForm, filled: &GameForm) -> Additions {
    let mut added = Additions::default();
    for item in filled.items.iter().filter(|it| !normalise(&it.name).is_empty()) {
        let key = normalise(&item.name);
        let before = form.items.iter().find(|it| normalise(&it.name) == key);
        let known: Vec<String> =
            before.map_or(Vec::new(), |it| it.alt_spellings.iter().map(|s| normalise(s)).collect());
        added.items += u32::from(before.is_none());
        for spelling in item.alt_spellings.iter().filter(|s| !known.contains(&normalise(s))) {
            added.spellings += 1;
            added.doubtful += u32::from(is_doubtful(&item.name, spelling));
        }
    }
    added
}

/// Normalised spellings generated for more than one item.
fn shared_spellings(generated: &[Vec<String>]) -> Vec<String> {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (item, spellings) in generated.iter().enumerate() {
        for key in spellings.iter().map(|s| normalise(s)) {
            match seen.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) if entry.1 != item => entry.1 = usize::MAX,
                Some(_) => {}
                None => seen.push((key, item)),
            }
        }
    }
    seen.into_iter().filter(|(_, item)| *item == usize::MAX).map(|(key, _)| key).collect()
}

/// One variant of a form of the name (as words) per rule, or none. The second argument is the
/// name as the player wrote it.
type Rule = fn(&[String], &[String]) -> Option<Vec<String>>;

/// In order of usefulness: the output keeps this order, so when the list is cut at
/// `MAX_SPELLINGS_PER_ITEM` the least useful variants go first.
const RULES: [Rule; 6] = [
    without_article,
    swap_abbreviations,
    swap_ampersand,
    swap_numbers,
    expand_umlauts,
    swap_grammatical_number,
];

/// Enough for every combination of the rules on a realistic name, and a bound on the work.
const MAX_FORMS: usize = 64;

/// Spellings the rules make from `name`, before deduplication: every rule applied to the name
/// and to every variant earlier rules made (so `The 3 Bears` gives `Three Bears`), then the
/// initials. Names over `MAX_NAME_CHARS` (which the form refuses anyway) get none.
pub fn generated_spellings(name: &str) -> Vec<String> {
    generated_by(name, &RULES)
}

/// [`generated_spellings`] with only `rules`.
fn generated_by(name: &str, rules: &[Rule]) -> Vec<String> {
    let name = name.trim();
    if normalise(name).is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Vec::new();
    }
    let original: Vec<String> = name.split_whitespace().map(String::from).collect();
    let mut forms = vec![original.clone()];
    for rule in rules {
        for i in 0..forms.len() {
            if let Some(variant) = rule(&forms[i], &original).filter(|v| !forms.contains(v)) {
                if forms.len() < MAX_FORMS {
                    forms.push(variant);
                }
            }
        }
    }
    let forms: Vec<String> = forms.iter().map(|words| words.join(" ")).collect();
    let variants = common_variants(&forms);
    let initials = initials(name).filter(|_| !looks_like_a_person(name));
    forms.into_iter().skip(1).chain(variants).chain(initials).collect()
}

/// The built-in list of common names: one thing a line, its names separated by commas.
const COMMON_NAMES: &str = include_str!("../known_names/en.txt");

/// The other names the list gives the thing one of `forms` (the name and its rule-made variants)
/// names: `United States of America` → `United States`, `USA`, `US`, `America`. Only from a
/// line that holds the form alone (not `Georgia`, the country and the state), and only for a
/// form that is the line's first name or has two words or more: a one-word other name may well
/// name something else (`America` the yacht, `Congo` the river), and should not bring `USA`.
fn common_variants(forms: &[String]) -> Vec<String> {
    let keys: Vec<String> = forms.iter().map(|form| normalise(form)).collect();
    let lines: Vec<&str> = COMMON_NAMES
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    // Per form: the one line naming it (its index) and the name's position there.
    let mut found: Vec<Naming> = vec![Naming::Nowhere; forms.len()];
    for (index, line) in lines.iter().enumerate() {
        for (position, name) in line.split(',').map(normalise).enumerate() {
            for (i, _) in keys.iter().enumerate().filter(|(_, key)| !key.is_empty() && **key == name) {
                found[i] = match found[i] {
                    Naming::Nowhere => Naming::Line { index, position },
                    Naming::Line { index: seen, .. } if seen == index => found[i],
                    _ => Naming::Several,
                };
            }
        }
    }
    let usable = |(form, naming): (&String, &Naming)| match *naming {
        Naming::Line { index, position } if position == 0 || form.split_whitespace().count() > 1 => {
            Some(lines[index])
        }
        _ => None,
    };
    forms
        .iter()
        .zip(&found)
        .filter_map(usable)
        .flat_map(|line| line.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from))
        .collect()
}

/// Where the list of common names names a form.
#[derive(Clone, Copy)]
enum Naming {
    Nowhere,
    /// On one line, as its `position`-th name.
    Line {
        index: usize,
        position: usize,
    },
    /// On more than one line: ambiguous.
    Several,
}

/// Common given names, one a line (`given_names.txt`).
const GIVEN_NAMES: &str = include_str!("given_names.txt");

/// Whether a name reads as a person's: a lone initial before its last word (`J. R. Cash`,
/// `Samuel L. Jackson`, `J.R.R. Tolkien`; an article such as `A` is no initial), or a common
/// given name first (`John Roy Carter`). It errs on the side of a person: a `Victoria Falls
/// Bridge` loses its initials, and no one gets a stranger's.
fn looks_like_a_person(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    let Some((_, before_last)) = words.split_last() else { return false };
    let is_initial = |word: &&str| {
        let mut parts = word.split('.').filter(|part| !part.is_empty()).peekable();
        parts.peek().is_some()
            && !SMALL_WORDS.contains(&lower_core(word).as_str())
            && parts.all(|part| part.chars().count() == 1 && part.chars().all(char::is_alphabetic))
    };
    let given = |word: &&str| {
        let key = normalise(word);
        !key.is_empty()
            && GIVEN_NAMES.lines().filter(|line| !line.starts_with('#')).any(|line| normalise(line) == key)
    };
    before_last.iter().any(is_initial) || words.first().is_some_and(given)
}

/// Words that are left out of initials and never pluralised.
const SMALL_WORDS: &[&str] = &["a", "an", "the", "of", "and", "&", "for", "in", "on", "at", "to", "by"];

/// A word without trailing punctuation (`St.` → `St`, `seven,` → `seven`), and that punctuation.
fn split_trailing(word: &str) -> (&str, &str) {
    let core = word.trim_end_matches(|c: char| c.is_ascii_punctuation() && c != '&');
    (core, &word[core.len()..])
}

/// ASCII lowercasing is enough wherever a word is compared with the rules' tables (all ASCII),
/// and Unicode's lowercase tables would only grow the create page's WASM module.
fn lower_core(word: &str) -> String {
    split_trailing(word).0.to_ascii_lowercase()
}

fn starts_upper(word: &str) -> bool {
    word.chars().next().is_some_and(case::is_upper)
}

fn is_all_caps(word: &str) -> bool {
    word.chars().filter(|c| case::is_upper(*c)).count() >= 2 && !word.chars().any(case::is_lower)
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| std::iter::once(case::to_upper(first)).chain(chars).collect())
        .unwrap_or_default()
}

/// `replacement` (lowercase) in the case of `template`: `ST` → `SAINT`, `St` → `Saint`.
fn match_case(template: &str, replacement: &str) -> String {
    if is_all_caps(template) {
        replacement.to_ascii_uppercase()
    } else if starts_upper(template) {
        capitalise(replacement)
    } else {
        replacement.to_string()
    }
}

/// Applies `swap` to each word; `Some` when any word changed.
fn map_words(words: &[String], swap: impl Fn(usize, &str) -> Option<String>) -> Option<Vec<String>> {
    let mut changed = false;
    let out = words
        .iter()
        .enumerate()
        .map(|(i, word)| match swap(i, word) {
            Some(new) => {
                changed = true;
                new
            }
            None => word.clone(),
        })
        .collect();
    changed.then_some(out)
}

/// `The Beatles` → `Beatles` (capitalised when the article was).
fn without_article(words: &[String], _: &[String]) -> Option<Vec<String>> {
    let (first, rest) = words.split_first()?;
    if rest.is_empty() || !["the", "a", "an"].contains(&lower_core(first).as_str()) {
        return None;
    }
    let mut out = rest.to_vec();
    if starts_upper(first) {
        out[0] = capitalise(&out[0]);
    }
    Some(out)
}

/// `St.` ↔ `Saint`, `Mt` ↔ `Mount`, `Dr` ↔ `Doctor`, `Ft` ↔ `Fort`, `Mr` ↔ `Mister` before
/// another word; at the end of a longer name `St` and `Dr` are streets: `Street`, `Drive`.
fn swap_abbreviations(words: &[String], _: &[String]) -> Option<Vec<String>> {
    let last = words.len() - 1;
    map_words(words, |i, word| {
        let (core, tail) = split_trailing(word);
        let before_word = i < last;
        let ends_name = i == last && i > 0;
        let replacement = match core.to_ascii_lowercase().as_str() {
            "st" if before_word => "saint",
            "st" if ends_name => "street",
            "saint" if before_word => "st.",
            "street" if ends_name => "st.",
            "mt" if before_word => "mount",
            "mount" if before_word => "mt.",
            "dr" if before_word => "doctor",
            "dr" if ends_name => "drive",
            "doctor" if before_word => "dr.",
            "drive" if ends_name => "dr.",
            "ft" if before_word => "fort",
            "fort" if before_word => "ft.",
            "mr" if before_word => "mister",
            "mister" if before_word => "mr.",
            _ => return None,
        };
        // `St.` → `Saint`: the abbreviation's dot goes; other punctuation stays.
        let tail = tail.strip_prefix('.').unwrap_or(tail);
        Some(format!("{}{tail}", match_case(core, replacement)))
    })
}

/// `&` ↔ `and` between two words (`&` normalises to nothing, so `Salt & Pepper` is guessed
/// as `saltpepper`, which is three edits from `saltandpepper`).
fn swap_ampersand(words: &[String], _: &[String]) -> Option<Vec<String>> {
    let last = words.len() - 1;
    map_words(words, |i, word| match word.to_ascii_lowercase().as_str() {
        "&" => Some(if is_all_caps(&words.join(" ")) { "AND".into() } else { "and".into() }),
        "and" if i > 0 && i < last => Some("&".into()),
        _ => None,
    })
}

/// Digits ↔ words, cardinal and ordinal, 0–100: `3` ↔ `three`, `21st` ↔ `twenty-first`,
/// `twenty one` → `21`. Spelled-out numbers are capitalised when the name is in title case.
fn swap_numbers(words: &[String], _: &[String]) -> Option<Vec<String>> {
    let title = words.iter().any(|w| starts_upper(w));
    let mut out = Vec::with_capacity(words.len());
    let mut changed = false;
    let mut i = 0;
    while i < words.len() {
        let (core, tail) = split_trailing(&words[i]);
        let lower = core.to_ascii_lowercase();
        let pair = words.get(i + 1).filter(|_| tail.is_empty()).and_then(|next| {
            let (next_core, next_tail) = split_trailing(next);
            numbers::combine(&lower, &next_core.to_ascii_lowercase()).map(|n| (n, next_tail))
        });
        let (replacement, used) = if let Some(number) = numbers::parse_digits(core) {
            let spelled = numbers::to_words(number);
            let spelled = if title { capitalise(&spelled) } else { spelled };
            (Some(format!("{spelled}{tail}")), 1)
        } else if let Some((number, next_tail)) = pair {
            (Some(format!("{}{next_tail}", numbers::to_digits(number))), 2)
        } else if let Some(number) = numbers::parse_word(&lower) {
            (Some(format!("{}{tail}", numbers::to_digits(number))), 1)
        } else {
            (None, 1)
        };
        changed |= replacement.is_some();
        out.push(replacement.unwrap_or_else(|| words[i].clone()));
        i += used;
    }
    changed.then_some(out)
}

/// German umlauts as a German keyboard-less player types them: `Köln` → `Koeln`.
fn expand_umlauts(words: &[String], _: &[String]) -> Option<Vec<String>> {
    map_words(words, |_, word| {
        word.contains(['ä', 'ö', 'ü', 'Ä', 'Ö', 'Ü']).then(|| {
            let all_caps = is_all_caps(word);
            word.chars()
                .map(|c| match c {
                    'ä' => "ae".to_string(),
                    'ö' => "oe".to_string(),
                    'ü' => "ue".to_string(),
                    'Ä' if all_caps => "AE".to_string(),
                    'Ö' if all_caps => "OE".to_string(),
                    'Ü' if all_caps => "UE".to_string(),
                    'Ä' => "Ae".to_string(),
                    'Ö' => "Oe".to_string(),
                    'Ü' => "Ue".to_string(),
                    other => other.to_string(),
                })
                .collect()
        })
    })
}

/// Singular ↔ plural of the last word: `golden retriever` ↔ `golden retrievers`. A capitalised
/// last word may be a proper name, and an English rule cannot tell a name from a noun (`Dallas`
/// is no plural of `Dalla`, nor `Athens` of `Athen`): it is never changed, whether it is the
/// only word (`Dallas`, `Jupiter`, `Dogs`) or follows others (`Los Angeles`, `New York
/// Yankees`, and `Beatles` once `The` is dropped). Typo tolerance already accepts a guess one
/// letter away. After a small word the last word is rarely the noun that counts (`bird of prey`,
/// `an apple a day`): skipped too, as are acronyms and anything but plain letters.
fn swap_grammatical_number(words: &[String], _original: &[String]) -> Option<Vec<String>> {
    let last = words.last()?;
    let plain = last.chars().all(|c| c.is_ascii_alphabetic());
    let small = |w: &String| SMALL_WORDS.contains(&lower_core(w).as_str());
    let after_small_word = words.iter().skip(1).any(small);
    if !plain || starts_upper(last) || after_small_word || small(last) {
        return None;
    }
    let other = plural::other_number(&last.to_ascii_lowercase())?;
    let mut out = words.to_vec();
    *out.last_mut()? = match_case(last, &other);
    Some(out)
}

/// `United States of America` → `USA`: the first letter of each word but the small ones, for
/// names of three to six such words that all start with a letter.
fn initials(name: &str) -> Option<String> {
    let firsts: Vec<char> = name
        .split_whitespace()
        .filter(|w| !SMALL_WORDS.contains(&lower_core(w).as_str()))
        .filter_map(|w| normalise(w).chars().next())
        .collect();
    let letters = (3..=6).contains(&firsts.len()) && firsts.iter().all(char::is_ascii_lowercase);
    letters.then(|| firsts.iter().collect::<String>().to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generated(name: &str) -> Vec<String> {
        alternative_spellings(name, &[])
    }

    #[test]
    fn tidies_prompts() {
        assert_eq!(tidy_prompt("  largest   oceans \n"), "Largest oceans");
        assert_eq!(tidy_prompt("¿qué pasa?"), "¿Qué pasa?");
        assert_eq!(tidy_prompt("10 cats"), "10 cats");
        assert_eq!(tidy_prompt("   "), "");
        assert_eq!(tidy_prompt("élan"), "Élan");
    }

    #[test]
    fn each_rule() {
        assert_eq!(generated("The Beatles"), ["Beatles"]);
        assert_eq!(generated("St. Louis"), ["Saint Louis"]);
        assert_eq!(generated("Mount Everest"), ["Mt. Everest"]);
        assert_eq!(generated("Wall St"), ["Wall Street"]);
        assert_eq!(generated("Salt & Pepper"), ["Salt and Pepper"]);
        assert_eq!(generated("Apollo 11"), ["Apollo Eleven"]);
        assert_eq!(generated("Twenty One Pilots"), ["21 Pilots", "TOP"]);
        assert_eq!(generated("Köln"), ["Koeln"]);
        assert_eq!(generated("golden retriever"), ["golden retrievers"]);
        assert_eq!(generated("United States of America"), ["United States", "USA", "US", "America"]);
        assert_eq!(generated("Union of South Africa"), ["USA"]);
        assert_eq!(generated("Los Angeles"), ["LA"], "no plural of a proper name; its short name");
    }

    #[test]
    fn combines_rules() {
        assert_eq!(
            generated("The 3 Little Pigs"),
            ["3 Little Pigs", "The Three Little Pigs", "Three Little Pigs"]
        );
        assert_eq!(
            generated("the 3 little pigs"),
            [
                "3 little pigs",
                "the three little pigs",
                "three little pigs",
                "the 3 little pig",
                "3 little pig",
                "the three little pig",
                "three little pig"
            ]
        );
        assert_eq!(generated("Dogs"), Vec::<String>::new(), "a capitalised word may be a name");
        assert_eq!(generated("Dallas"), Vec::<String>::new(), "no `Dalla`");
        assert_eq!(generated("Jupiter"), Vec::<String>::new());
    }

    #[test]
    fn keeps_the_players_spellings_first_and_drops_duplicates() {
        let existing = vec!["  Fab Four ".to_string(), "the beatles!".to_string(), "Beatles".to_string()];
        assert_eq!(alternative_spellings("The Beatles", &existing), ["Fab Four", "Beatles"]);
    }

    #[test]
    fn drops_other_items_names_and_shared_initials() {
        let form = GameForm {
            prompt: " countries ".into(),
            items: vec![
                FormItem {
                    name: "United States of America".into(),
                    alt_spellings: vec![],
                    ..Default::default()
                },
                FormItem {
                    name: "Union of South Africa".into(),
                    alt_spellings: vec![],
                    ..Default::default()
                },
                FormItem { name: "Beatles".into(), alt_spellings: vec![], ..Default::default() },
                FormItem { name: "The Beatles".into(), alt_spellings: vec![], ..Default::default() },
            ],
        };
        let filled = autofill_game(&form);
        assert_eq!(filled.prompt, "Countries");
        let spellings: Vec<&[String]> = filled.items.iter().map(|it| it.alt_spellings.as_slice()).collect();
        let us = ["United States".to_string(), "US".to_string(), "America".to_string()];
        // `Beatles` alone is a name: no `Beatle` (issue 43: no `Dalla` for `Dallas`).
        assert_eq!(spellings, [&us as &[String], &[], &[], &[]], "USA is shared");
    }

    #[test]
    fn common_variants_from_the_list_of_names() {
        assert_eq!(
            generated("United Kingdom"),
            ["UK", "Britain", "Great Britain", "United Kingdom of Great Britain and Northern Ireland"]
        );
        assert_eq!(generated("Myanmar"), ["Burma"]);
        // One word that is not the line's first name may name something else.
        assert_eq!(generated("America"), Vec::<String>::new());
        assert_eq!(generated("Congo"), Vec::<String>::new());
        // On two lines (the country and the state): no variants.
        assert_eq!(generated("Georgia"), Vec::<String>::new());
        assert_eq!(generated("Mercury"), Vec::<String>::new());
    }

    #[test]
    fn no_initials_for_people() {
        for person in [
            "J. R. Cash",
            "John Roy Carter",
            "Samuel L. Jackson",
            "J.R.R. Tolkien Society",
            "Mary Jane Watson",
        ] {
            assert!(looks_like_a_person(person), "{person}");
            assert!(!generated(person).iter().any(|s| s.chars().all(|c| c.is_ascii_uppercase())), "{person}");
        }
        for thing in ["A Tribe Called Quest", "National Football League", "Twenty One Pilots", "World War I"]
        {
            assert!(!looks_like_a_person(thing), "{thing}");
        }
        assert_eq!(generated("National Football League"), ["NFL"]);
    }
}
