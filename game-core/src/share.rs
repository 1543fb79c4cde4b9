//! The result text a player pastes into a chat.

use crate::calendar::{day_number, parse_date};
use crate::game::{GameKind, GameState};

/// The words of the share text in one interface language, each line's template with `{n}` for
/// its number. English is the spec's ([`ShareWords::ENGLISH`]); the browser passes another
/// language's from its catalogues, so that a chat of Russian speakers reads Russian. The lines,
/// their order, the volcano line, the circles and the edition tag are the same in every language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareWords<'a> {
    /// `Day {n}`: a daily game's line, before its edition tag and ` - prompt`.
    pub day: &'a str,
    /// `Community Game`: a community game's line, before ` - prompt`.
    pub community: &'a str,
    /// `Score: {n}`.
    pub score: &'a str,
    /// `You survived!`, on a win.
    pub survived: &'a str,
    /// `💎 Rarest find: {n}% of players`.
    pub rarest: &'a str,
}

impl ShareWords<'static> {
    /// The spec's lines.
    pub const ENGLISH: ShareWords<'static> = ShareWords {
        day: "Day {n}",
        community: "Community Game",
        score: "Score: {n}",
        survived: "You survived!",
        rarest: "💎 Rarest find: {n}% of players",
    };
}

impl<'a> ShareWords<'a> {
    /// The five templates as one text, a line each in the fields' order (how the browser passes
    /// them); `None` unless there are exactly five lines.
    pub fn from_lines(text: &'a str) -> Option<Self> {
        let mut lines = text.split('\n');
        let words = ShareWords {
            day: lines.next()?,
            community: lines.next()?,
            score: lines.next()?,
            survived: lines.next()?,
            rarest: lines.next()?,
        };
        lines.next().is_none().then_some(words)
    }
}

/// `template` with each `{n}` as `n`. By hand: `str::replace` with a text pattern would link the
/// two-way string searcher into the play module for this one use.
fn fill(template: &str, n: impl std::fmt::Display) -> String {
    let n = n.to_string();
    let mut out = String::with_capacity(template.len() + n.len());
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        match rest[at..].strip_prefix("{n}") {
            Some(after) => {
                out.push_str(&n);
                rest = after;
            }
            None => {
                out.push('{');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Lines joined by `\n`: the volcano line (with `url` unless the full URL is off), the game
/// line, one circle per item in list order (🟡 found, 🔴 not), the score, `You survived!` on a
/// win, and `💎 Rarest find: N% of players` when the find rates ((item id, fraction of
/// players) pairs, as the stats answer them) are known for an item the player found and it
/// tells something: not when every player found it ([`rarest_find_percent`]; no item is named:
/// no spoilers). The server gives no rates below its minimum sample, so there is no line then
/// either. A line break inside the prompt or the URL becomes a space, so the text always has
/// exactly these lines. In English: [`share_text_in`] another language.
pub fn share_text(state: &GameState, url: Option<&str>, found_rates: Option<&[(u32, f64)]>) -> String {
    share_text_in(state, url, found_rates, &ShareWords::ENGLISH)
}

/// [`share_text`] in the language of `words`.
pub fn share_text_in(
    state: &GameState,
    url: Option<&str>,
    found_rates: Option<&[(u32, f64)]>,
    words: &ShareWords,
) -> String {
    let def = state.def();
    let mut lines = Vec::with_capacity(6);
    lines.push(match url {
        Some(url) => format!("🌋 Lavalist {}", one_line(url)),
        None => "🌋 Lavalist".to_string(),
    });
    lines.push(game_line(
        def.kind,
        def.date.as_deref(),
        def.edition.as_deref(),
        &one_line(&def.prompt),
        words,
    ));
    lines.push(state.found_flags().iter().map(|&f| if f { "🟡" } else { "🔴" }).collect());
    lines.push(fill(words.score, state.score()));
    if state.won() {
        lines.push(words.survived.to_string());
    }
    if let Some(percent) = found_rates.and_then(|rates| rarest_find_percent(state, rates)) {
        lines.push(fill(words.rarest, percent));
    }
    lines.join("\n")
}

/// The whole percent of players who found the rarest item this player found: the lowest known
/// rate among the found items, rounded to nearest and kept within 1–100 (a found item was found
/// by someone, so never "0%"). `None` when no found item has a known rate, or when that percent
/// is 100: a find everyone made is no rare find.
pub fn rarest_find_percent(state: &GameState, found_rates: &[(u32, f64)]) -> Option<u32> {
    let def = state.def();
    let lowest = def
        .items
        .iter()
        .zip(state.found_flags())
        .filter(|(_, found)| **found)
        .filter_map(|(item, _)| found_rates.iter().find(|(id, _)| *id == item.id).map(|(_, rate)| *rate))
        .fold(None, |low: Option<f64>, rate| match low {
            Some(low) if low <= rate => Some(low),
            _ if rate.is_finite() => Some(rate),
            _ => low,
        })?;
    // Half up by hand and an `as` cast (which saturates, NaN to 0): `f64::round` would pull a
    // libm routine into the browser's module for one line of text.
    Some(((lowest * 100.0 + 0.5) as u32).clamp(1, 100)).filter(|percent| *percent < 100)
}

/// `Day N - prompt`, or `Day N (tag) - prompt` for a daily edition other than English (`es`,
/// `ja`, `pt-BR`: the tag as the server sends it). Day N is the same date in every edition, so the
/// tag tells a friend which game to open. The tag rather than the language's own name: an ASCII
/// tag reads the same in every script and direction, and a table of names would push the play
/// module over its size budget (scripts/wasm-size.sh). English is never named (its share text
/// is the one from before editions): a game of the English edition has no `edition`.
fn game_line(
    kind: GameKind,
    date: Option<&str>,
    edition: Option<&str>,
    prompt: &str,
    words: &ShareWords,
) -> String {
    match (kind, date.and_then(parse_date)) {
        (GameKind::Daily, Some(date)) => {
            let mut line = fill(words.day, day_number(date));
            // The server's tags are letters, digits and hyphens (never a line break).
            if let Some(tag) = edition {
                line.push_str(" (");
                line.push_str(tag);
                line.push(')');
            }
            line.push_str(" - ");
            line.push_str(prompt);
            line
        }
        (GameKind::Community, _) => format!("{} - {prompt}", words.community),
        // A daily game without a readable date has no day number to show.
        (GameKind::Daily, None) => prompt.to_string(),
    }
}

/// `text` with every line break (`\n`, `\r`, vertical tab, form feed, NEL, U+2028, U+2029) as a
/// space.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameDef, Item};

    #[test]
    fn fill_puts_the_number_in_every_placeholder() {
        assert_eq!(fill("Day {n}", 882), "Day 882");
        assert_eq!(fill("{n}% {n}", 7), "7% 7");
        assert_eq!(fill("{x} {n} {", 1), "{x} 1 {");
        assert_eq!(fill("Очки: {n}", 260), "Очки: 260");
        assert_eq!(fill("no number", 3), "no number");
    }

    #[test]
    fn share_words_come_as_exactly_five_lines() {
        let words = ShareWords::from_lines("День {n}\nИгра сообщества\nОчки: {n}\nВы выжили!\n{n}%").unwrap();
        assert_eq!((words.day, words.survived, words.rarest), ("День {n}", "Вы выжили!", "{n}%"));
        assert_eq!(ShareWords::from_lines("a\nb\nc\nd"), None);
        assert_eq!(ShareWords::from_lines("a\nb\nc\nd\ne\nf"), None);
    }

    /// Found by `tests/fuzz.rs`: a prompt or URL with a line break added lines to the text.
    #[test]
    fn line_breaks_in_the_prompt_or_url_do_not_add_lines() {
        let def = GameDef {
            prompt: "One\ntwo\r\nthree\u{2028}four".into(),
            kind: GameKind::Community,
            date: None,
            edition: None,
            items: vec![Item { id: 1, name: "a".into(), alt_spellings: vec![], rejected_spellings: vec![] }],
        };
        let text = share_text(&GameState::new(def), Some("https://x.example/\r\nq"), None);
        assert_eq!(
            text,
            "🌋 Lavalist https://x.example/  q\nCommunity Game - One two  three four\n🔴\nScore: 0"
        );
    }
}
