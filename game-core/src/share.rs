//! The result text a player pastes into a chat.

use crate::calendar::{day_number, parse_date};
use crate::game::{GameKind, GameState};

/// Lines joined by `\n`: the volcano line (with `url` unless the full URL is off), the game
/// line, one circle per item in list order (🟡 found, 🔴 not), the score, and `You survived!`
/// on a win. A line break inside the prompt or the URL becomes a space, so the text always has
/// exactly these lines.
pub fn share_text(state: &GameState, url: Option<&str>) -> String {
    let def = state.def();
    let mut lines = Vec::with_capacity(5);
    lines.push(match url {
        Some(url) => format!("🌋 Lavalist {}", one_line(url)),
        None => "🌋 Lavalist".to_string(),
    });
    lines.push(game_line(def.kind, def.date.as_deref(), &one_line(&def.prompt)));
    lines.push(state.found_flags().iter().map(|&f| if f { "🟡" } else { "🔴" }).collect());
    lines.push(format!("Score: {}", state.score()));
    if state.won() {
        lines.push("You survived!".to_string());
    }
    lines.join("\n")
}

fn game_line(kind: GameKind, date: Option<&str>, prompt: &str) -> String {
    match (kind, date.and_then(parse_date)) {
        (GameKind::Daily, Some(date)) => format!("Day {} - {prompt}", day_number(date)),
        (GameKind::Community, _) => format!("Community Game - {prompt}"),
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

    /// Found by `tests/fuzz.rs`: a prompt or URL with a line break added lines to the text.
    #[test]
    fn line_breaks_in_the_prompt_or_url_do_not_add_lines() {
        let def = GameDef {
            prompt: "One\ntwo\r\nthree\u{2028}four".into(),
            kind: GameKind::Community,
            date: None,
            items: vec![Item { id: 1, name: "a".into(), alt_spellings: vec![] }],
        };
        let text = share_text(&GameState::new(def), Some("https://x.example/\r\nq"));
        assert_eq!(
            text,
            "🌋 Lavalist https://x.example/  q\nCommunity Game - One two  three four\n🔴\nScore: 0"
        );
    }
}
