//! The result text a player pastes into a chat.

use crate::calendar::{day_number, parse_date};
use crate::game::{GameKind, GameState};

/// Lines joined by `\n`: the volcano line (with `url` unless the full URL is off), the game
/// line, one circle per item in list order (🟡 found, 🔴 not), the score, and `You survived!`
/// on a win.
pub fn share_text(state: &GameState, url: Option<&str>) -> String {
    let def = state.def();
    let mut lines = Vec::with_capacity(5);
    lines.push(match url {
        Some(url) => format!("🌋 Lavalist {url}"),
        None => "🌋 Lavalist".to_string(),
    });
    lines.push(game_line(def.kind, def.date.as_deref(), &def.prompt));
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
