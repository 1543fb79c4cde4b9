//! Deciding which item, if any, a guess names.
//!
//! Stages, first hit wins: exact name, exact alternative spelling, fuzzy name, fuzzy
//! alternative spelling. Inside a fuzzy stage the smallest edit distance wins; ties go to an
//! item not yet found, then to list order, then to spelling order.
//!
//! A typo is corrected into an item only when the guess does not name something else
//! (`correctable`): not when the guess is itself a known name of another thing than the item's
//! names it is close to (`known_names`: "Poland" is not the Netherlands' "Holland"), and not when
//! it is at least as close to one of the item's not-accepted spellings as to what it accepts.
//! Such a guess is an ordinary wrong guess, unless another item takes the correction.

use serde::{Deserialize, Serialize};

use crate::known_names;
use crate::normalise::normalise;
#[cfg(feature = "scripts")]
use crate::normalise::{is_dense, script_of};

/// How a guess matched an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MatchKind {
    Exact,
    Alternative,
    FuzzyName,
    FuzzyAlternative,
}

/// A guess resolved to one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// Position of the item in the game's list.
    pub index: usize,
    pub kind: MatchKind,
    /// For alternative matches, the position of the spelling in the item's list.
    pub spelling: Option<usize>,
}

/// The normalised forms of one item, computed once per game rather than once per guess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedItem {
    pub name: Candidate,
    pub spellings: Vec<Candidate>,
    /// Not-accepted spellings: a guess reading as one of them is not corrected into this item.
    pub rejected: Vec<Candidate>,
}

impl PreparedItem {
    pub fn new(name: &str, spellings: &[String]) -> Self {
        PreparedItem {
            name: Candidate::new(name),
            spellings: Candidate::all(spellings),
            rejected: Vec::new(),
        }
    }

    /// A name, its accepted spellings and its not-accepted ones (`Item::prepared`).
    pub fn with_rejected(name: &str, spellings: &[String], rejected: &[String]) -> Self {
        PreparedItem { rejected: Candidate::all(rejected), ..PreparedItem::new(name, spellings) }
    }

    fn accepted(&self) -> impl Iterator<Item = &Candidate> {
        std::iter::once(&self.name).chain(&self.spellings)
    }
}

/// A normalised name or spelling a guess is compared with, and its `Shape`. Read-only, so that
/// the shape always is the text's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    text: String,
    shape: Shape,
}

impl Candidate {
    fn new(text: &str) -> Self {
        let text = normalise(text);
        Candidate { shape: Shape::of(&text), text }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    fn all(texts: &[String]) -> Vec<Self> {
        texts.iter().map(|t| Candidate::new(t)).collect()
    }
}

/// A normalised guess and its `Shape`, worked out once for all the candidates it meets.
struct Probe<'a> {
    text: &'a str,
    shape: Shape,
}

/// Natively, what rules out most candidates before their edit distance is computed: the length
/// and letters of a normalised text and, as a candidate, its tolerance. Worked out once per
/// candidate and per guess, where `within_tolerance` would read both texts for every pair (a
/// guess meets every name and spelling of its game: most of a guess's cost).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// In characters (ASCII text's bytes are its characters).
    len: usize,
    /// The tolerance as a candidate (`limit`).
    limit: usize,
    /// One bit per letter: its code point modulo 64.
    letters: u64,
}

#[cfg(not(target_arch = "wasm32"))]
impl Shape {
    fn of(text: &str) -> Self {
        let (mut len, mut dense, mut letters) = (0, false, 0u64);
        for c in text.chars() {
            len += 1;
            dense |= crate::normalise::is_dense(c);
            letters |= 1 << (c as u32 % 64);
        }
        Shape { len, limit: limit(len, dense), letters }
    }

    /// Whether `candidate` is beyond tolerance of this guess by lower bounds of their edit
    /// distance: the difference of their lengths, and the number of letters of either that the
    /// other lacks (each edit removes at most one character of one and brings at most one of the
    /// other; letters that share a bit count once, which only lowers the bound).
    fn rules_out(&self, candidate: &Shape) -> bool {
        let (g, c) = (self.letters, candidate.letters);
        let letters_apart = (g & !c).count_ones().max((c & !g).count_ones()) as usize;
        self.len.abs_diff(candidate.len).max(letters_apart) > candidate.limit
    }
}

/// In WASM a shape is nothing and rules out nothing: the play module has no bytes to spare, and
/// `within_tolerance` answers the same without it (`tests::shapes_rule_out_only_what_is_beyond`).
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape;

#[cfg(target_arch = "wasm32")]
impl Shape {
    fn of(_: &str) -> Self {
        Shape
    }

    fn rules_out(&self, _: &Shape) -> bool {
        false
    }
}

/// Largest edit distance accepted against a candidate whose normalised length is `len`
/// characters: `min(max(0.34 × len, 1), 4)`, in whole edits. Integer arithmetic keeps the
/// boundaries exact (0.34 × 3 is 1.02, not 1.0199…).
pub fn tolerance(len: usize) -> usize {
    (len * 34 / 100).clamp(1, 4)
}

/// The tolerance of a candidate written in a script where one character is a syllable or a
/// word (Han, kana, Hangul; `normalise::is_dense`): one edit per five characters, none below
/// five, so 南京 is never 北京 and 대주 never 대구, while a five-kana reading forgives one slip.
pub fn dense_tolerance(len: usize) -> usize {
    (len / 5).min(4)
}

/// The tolerance of a candidate of `len` characters, `dense` when one of them is. (The Latin play
/// module, WASM without `scripts`, has neither shapes nor dense text.)
#[cfg(any(feature = "scripts", not(target_arch = "wasm32")))]
fn limit(len: usize, dense: bool) -> usize {
    if dense {
        dense_tolerance(len)
    } else {
        tolerance(len)
    }
}

/// Finds the item a normalised guess names. `found[i]` tells whether item `i` is already found;
/// it only breaks ties between equally good fuzzy candidates.
pub fn find_match(items: &[PreparedItem], guess: &str, found: &[bool]) -> Option<Match> {
    if guess.is_empty() {
        return None;
    }
    let is_found = |i: usize| found.get(i).copied().unwrap_or(false);
    let known = known_names::is_known(guess);
    let probe = Probe { text: guess, shape: Shape::of(guess) };
    let open = |i: usize| correctable(&items[i], &probe, known);
    exact_name(items, guess, is_found)
        .or_else(|| exact_spelling(items, guess, is_found))
        .or_else(|| fuzzy_name(items, &probe, is_found, open))
        .or_else(|| fuzzy_spelling(items, &probe, is_found, open))
}

/// Among exact hits too, an item not yet found is preferred (only reachable when two items
/// share a normalised name, which the forms forbid).
fn best_exact(
    hits: impl Iterator<Item = (usize, Option<usize>)>,
    is_found: impl Fn(usize) -> bool,
) -> Option<(usize, Option<usize>)> {
    hits.min_by_key(|&(i, s)| (is_found(i), i, s))
}

fn exact_name(items: &[PreparedItem], guess: &str, is_found: impl Fn(usize) -> bool) -> Option<Match> {
    let hits = items.iter().enumerate().filter(|(_, it)| it.name.text == guess).map(|(i, _)| (i, None));
    best_exact(hits, is_found).map(|(index, _)| Match { index, kind: MatchKind::Exact, spelling: None })
}

fn exact_spelling(items: &[PreparedItem], guess: &str, is_found: impl Fn(usize) -> bool) -> Option<Match> {
    let hits = items.iter().enumerate().flat_map(|(i, it)| {
        it.spellings.iter().enumerate().filter(|(_, s)| s.text == guess).map(move |(s, _)| (i, Some(s)))
    });
    best_exact(hits, is_found).map(|(index, spelling)| Match {
        index,
        kind: MatchKind::Alternative,
        spelling,
    })
}

/// Whether a guess within tolerance of `item` may be corrected into it: it is not at least as
/// close to one of the item's not-accepted spellings as to every name it accepts, and, when it
/// is a known name (`known`), it names the same thing as the item's known names close to it.
fn correctable(item: &PreparedItem, guess: &Probe, known: bool) -> bool {
    let (mut best, mut known_near, mut same) = (usize::MAX, false, false);
    for candidate in item.accepted() {
        if let Some(d) = within_tolerance(guess, candidate) {
            best = best.min(d);
            if known && known_names::is_known(&candidate.text) {
                known_near = true;
                same |= known_names::same_thing(guess.text, &candidate.text);
            }
        }
    }
    let rejected = item.rejected.iter().any(|r| within_tolerance(guess, r).is_some_and(|d| d <= best));
    !rejected && (!known_near || same)
}

/// Edit distance when `candidate` is within tolerance of `guess`, when their shapes do not
/// rule it out first.
fn within_tolerance(guess: &Probe, candidate: &Candidate) -> Option<usize> {
    if guess.shape.rules_out(&candidate.shape) {
        return None;
    }
    distance_within_tolerance(guess.text, &candidate.text)
}

/// Edit distance when `candidate` is within tolerance of `guess`. ASCII against ASCII (every
/// Latin game and guess) is compared byte by byte; anything else character by character, and
/// only when every letter of the guess is in a script the candidate is written in: a guess in
/// another script is no typo of it.
fn distance_within_tolerance(guess: &str, candidate: &str) -> Option<usize> {
    if candidate.is_empty() {
        return None;
    }
    // Without the `scripts` feature (the Latin play module) normalised text is always ASCII.
    #[cfg(feature = "scripts")]
    if !(guess.is_ascii() && candidate.is_ascii()) {
        return within_tolerance_chars(guess, candidate);
    }
    levenshtein_within(guess, candidate, tolerance(candidate.len()))
}

/// The lengths are compared before either text is decoded: most candidates end there, and
/// decoding both for each (a guess meets every name and spelling) was most of a Japanese guess.
#[cfg(feature = "scripts")]
fn within_tolerance_chars(guess: &str, candidate: &str) -> Option<usize> {
    let len = candidate.chars().count();
    let limit = limit(len, candidate.chars().any(is_dense));
    if guess.chars().count().abs_diff(len) > limit {
        return None;
    }
    let g = CharBuf::new(guess);
    let c = CharBuf::new(candidate);
    let (g, c) = (g.chars(), c.chars());
    let foreign =
        g.iter().map(|&ch| script_of(ch)).any(|s| s != 0 && !c.iter().any(|&ch| script_of(ch) == s));
    if foreign {
        return None;
    }
    levenshtein_slices(g, c, limit)
}

/// The characters of a short text on the stack, of a long one on the heap (an empty `Vec`
/// allocates nothing).
#[cfg(feature = "scripts")]
struct CharBuf {
    stack: [char; STACK_ROW],
    len: usize,
    heap: Vec<char>,
}

#[cfg(feature = "scripts")]
impl CharBuf {
    fn new(text: &str) -> Self {
        let mut buf = CharBuf { stack: ['\0'; STACK_ROW], len: 0, heap: Vec::new() };
        for ch in text.chars() {
            if buf.len == STACK_ROW {
                buf.heap = text.chars().collect();
                return buf;
            }
            buf.stack[buf.len] = ch;
            buf.len += 1;
        }
        buf
    }

    fn chars(&self) -> &[char] {
        if self.heap.is_empty() {
            &self.stack[..self.len]
        } else {
            &self.heap
        }
    }
}

/// Candidates up to this many bytes are compared on the stack; longer ones in a band
/// (`levenshtein_banded`).
const STACK_ROW: usize = 128;

/// Levenshtein distance between two normalised ASCII strings when it is at most `limit`
/// (other text is compared byte by byte here; `within_tolerance` compares it by character).
///
/// Same result as `strsim::levenshtein` (property tests check it), but it allocates nothing
/// below `STACK_ROW`, never looks further than `limit` from the diagonal beyond it, and gives up as soon as a whole row exceeds `limit`: a miss is checked against every name
/// and spelling, so this is the hot path of a wrong guess, above all in WASM.
pub fn levenshtein_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    levenshtein_slices(a.as_bytes(), b.as_bytes(), limit)
}

/// `levenshtein_within` over any sequence: bytes of ASCII text, characters of any other.
fn levenshtein_slices<T: PartialEq + Copy>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    if b.len() >= STACK_ROW {
        return levenshtein_banded(a, b, limit);
    }
    let mut row = [0usize; STACK_ROW];
    for (j, cell) in row.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        let mut row_min = row[0];
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
            row_min = row_min.min(row[j + 1]);
        }
        if row_min > limit {
            return None;
        }
    }
    let distance = row[b.len()];
    (distance <= limit).then_some(distance)
}

/// `levenshtein_within` for long candidates: only the cells within `limit` of the diagonal
/// are computed (a cell further off is always more than `limit`), so the cost is
/// O(len × limit) rather than O(len²). A full table (strsim) took minutes in a debug build for
/// a 10,000-character guess against a game of 10,000-character names.
fn levenshtein_banded<T: PartialEq + Copy>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    let over = limit + 1;
    let mut prev: Vec<usize> = (0..=b.len()).map(|j| j.min(over)).collect();
    let mut cur = vec![over; b.len() + 1];
    for i in 1..=a.len() {
        let lo = i.saturating_sub(limit).max(1);
        let hi = (i + limit).min(b.len());
        cur[lo - 1] = if lo == 1 { i.min(over) } else { over };
        let mut row_min = cur[lo - 1];
        for j in lo..=hi {
            let substitute = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = substitute.min(prev[j] + 1).min(cur[j - 1] + 1).min(over);
            row_min = row_min.min(cur[j]);
        }
        // The next row reads this cell as `prev[j]` at its band's end: outside this band.
        if hi < b.len() {
            cur[hi + 1] = over;
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let distance = prev[b.len()];
    (distance <= limit).then_some(distance)
}

/// `open(i)`: whether item `i` may take a correction (`correctable`), asked only of the items a
/// guess is close to.
fn fuzzy_name(
    items: &[PreparedItem],
    guess: &Probe,
    is_found: impl Fn(usize) -> bool,
    open: impl Fn(usize) -> bool,
) -> Option<Match> {
    items
        .iter()
        .enumerate()
        .filter_map(|(i, it)| within_tolerance(guess, &it.name).map(|d| (d, is_found(i), i)))
        .filter(|&(_, _, i)| open(i))
        .min()
        .map(|(_, _, index)| Match { index, kind: MatchKind::FuzzyName, spelling: None })
}

fn fuzzy_spelling(
    items: &[PreparedItem],
    guess: &Probe,
    is_found: impl Fn(usize) -> bool,
    open: impl Fn(usize) -> bool,
) -> Option<Match> {
    items
        .iter()
        .enumerate()
        .flat_map(|(i, it)| {
            it.spellings
                .iter()
                .enumerate()
                .filter_map(move |(s, sp)| within_tolerance(guess, sp).map(|d| (d, i, s)))
        })
        .filter(|&(_, i, _)| open(i))
        .map(|(d, i, s)| (d, is_found(i), i, s))
        .min()
        .map(|(_, _, index, s)| Match { index, kind: MatchKind::FuzzyAlternative, spelling: Some(s) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by `tests/fuzz.rs`: long candidates went through a full O(n²) table, minutes in a
    /// debug build for 10,000 characters against a game of 10,000-character names.
    #[test]
    fn long_candidates_are_compared_in_a_band() {
        let a: String = (0..10_000).map(|i| (b'a' + (i * 7 % 26) as u8) as char).collect();
        let mut b = a.clone();
        b.replace_range(5000..5001, "q");
        b.push('z');
        assert_eq!(levenshtein_within(&a, &b, 4), Some(2));
        assert_eq!(levenshtein_within(&a, &b, 1), None);
        assert_eq!(levenshtein_within(&a, &a, 0), Some(0));
        assert_eq!(levenshtein_within(&a, &"z".repeat(10_000), 4), None);
    }

    // Shapes only spare work: what they rule out is beyond tolerance. The first alphabet has
    // letters that share a bit (`a` 97 and `!` 33, `あ` 0x3042 and `B` 66, modulo 64) and
    // dense characters; the others make near pairs of Latin letters and of kana.
    proptest::proptest! {
        #[test]
        fn shapes_rule_out_only_what_is_beyond(
            a in "[a-z0-9!B\u{3041}-\u{3096}\u{4E00}-\u{4E10}]{0,12}",
            b in "[a-z0-9!B\u{3041}-\u{3096}\u{4E00}-\u{4E10}]{0,12}",
            latin in proptest::array::uniform2("[abc!]{0,10}"),
            kana in proptest::array::uniform2("[\u{3042}\u{3044}\u{3046}B]{0,12}"),
        ) {
            let [la, lb] = latin;
            let [ka, kb] = kana;
            for (guess, candidate) in [(a, b), (la, lb), (ka, kb)] {
                if Shape::of(&guess).rules_out(&Shape::of(&candidate)) {
                    proptest::prop_assert_eq!(distance_within_tolerance(&guess, &candidate), None);
                }
            }
        }
    }

    #[test]
    fn tolerance_boundaries() {
        let cases = [(1, 1), (2, 1), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (11, 3), (12, 4), (30, 4)];
        for (len, want) in cases {
            assert_eq!(tolerance(len), want, "length {len}");
        }
    }

    #[test]
    fn stages_in_order() {
        let items = vec![
            PreparedItem::new("India", &["Bharat".into()]),
            PreparedItem::new("Indiana", &["Hoosier State".into()]),
        ];
        let m = find_match(&items, "india", &[false, false]).unwrap();
        assert_eq!((m.index, m.kind), (0, MatchKind::Exact));
        let m = find_match(&items, "bharat", &[false, false]).unwrap();
        assert_eq!((m.index, m.kind, m.spelling), (0, MatchKind::Alternative, Some(0)));
        let m = find_match(&items, "indiaa", &[false, false]).unwrap();
        assert_eq!((m.index, m.kind), (0, MatchKind::FuzzyName));
        let m = find_match(&items, "hoosierstat", &[false, false]).unwrap();
        assert_eq!((m.index, m.kind), (1, MatchKind::FuzzyAlternative));
        assert!(find_match(&items, "brazil", &[false, false]).is_none());
    }
}
