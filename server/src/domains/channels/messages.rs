//! What a channel is sent: the texts (a member's share lines, a day's board, a test) and the
//! JSON body each kind of webhook takes. Nothing here names an item: the share lines are
//! game-core's spoiler-free text, and a board has counts only.

use game_core::GameState;
use lavalist_api::channels::ChannelKind;
use lavalist_api::groups::BoardRow;
use serde_json::{json, Value};

/// Discord refuses a `content` over 2,000 characters; Slack takes far more. Every message is
/// kept under Discord's limit.
pub const MAX_CHARS: usize = 2_000;
/// A board lists at most this many rows; the rest are counted.
const MAX_BOARD_ROWS: usize = 25;

/// The kind a webhook URL's path shows: Discord's `/api/webhooks/{id}/{token}` (Discord's own
/// hosts, and the services that take its format), Slack's `/services/…` (hooks.slack.com) or
/// `/hooks/…` (Slack-compatible servers such as Mattermost). `None`: neither.
pub fn kind_of(url: &url::Url) -> Option<ChannelKind> {
    let segments: Vec<&str> = url.path_segments()?.filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["api", "webhooks", id, token, ..] if !id.is_empty() && !token.is_empty() => {
            Some(ChannelKind::Discord)
        }
        ["services", first, ..] if !first.is_empty() => Some(ChannelKind::Slack),
        ["hooks", key] if !key.is_empty() => Some(ChannelKind::Slack),
        _ => None,
    }
}

pub fn kind_name(kind: ChannelKind) -> &'static str {
    match kind {
        ChannelKind::Discord => "discord",
        ChannelKind::Slack => "slack",
    }
}

pub fn parse_kind(name: &str) -> Option<ChannelKind> {
    match name {
        "discord" => Some(ChannelKind::Discord),
        "slack" => Some(ChannelKind::Slack),
        _ => None,
    }
}

/// The JSON body of a message. Text a player wrote (a username, a group's name, a prompt) can
/// never ping anyone: Discord is told to parse no mentions, and Slack's control characters
/// (`&`, `<`, `>`) are escaped, so `<!channel>` or `@everyone` stay text. The texts are written
/// for Discord's Markdown (a player's `*` or `_` backslash-escaped); Slack's mrkdwn has no
/// backslash escapes and showed them as typed ("Lava\_lovers"), so a Slack message is sent
/// unescaped with mrkdwn off: plain text, as the player wrote it.
pub fn body(kind: ChannelKind, text: &str) -> Value {
    match kind {
        ChannelKind::Discord => json!({"content": text, "allowed_mentions": {"parse": []}}),
        ChannelKind::Slack => json!({"text": slack_escape(&unescape(text)), "mrkdwn": false}),
    }
}

/// Characters `plain` escapes with a backslash for Discord's Markdown.
const MARKDOWN_SPECIAL: [char; 9] = ['\\', '*', '_', '~', '`', '|', '[', ']', '#'];

/// Undoes `plain`'s escapes: a backslash before one of its characters is dropped.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(&next) if c == '\\' && MARKDOWN_SPECIAL.contains(&next) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

fn slack_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A player's text as plain text in Discord's Markdown (`body` undoes it for Slack).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if MARKDOWN_SPECIAL.contains(&c) {
            out.push('\\');
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

/// A member's result: who, then game-core's share text (the circles row, the score, no item).
pub fn result_text(username: &str, state: &GameState, public_url: &str) -> String {
    let share = game_core::share::share_text(state, Some(public_url), None);
    let mut lines = share.lines();
    let first = lines.next().unwrap_or_default().to_string();
    let game_line = lines.next().map(plain).unwrap_or_default();
    let rest: Vec<&str> = lines.collect();
    let text = format!("{} finished the game:\n{first}\n{game_line}\n{}", plain(username), rest.join("\n"));
    clip(text)
}

/// A day's board: the group, the day, then one line per player, best first (score, items found
/// of the game's, a win).
pub fn board_text(group: &str, game_line: &str, rows: &[BoardRow], items: usize) -> String {
    let mut text = format!("🌋 {}: yesterday's board\n{}", plain(group), plain(game_line));
    for row in rows.iter().take(MAX_BOARD_ROWS) {
        let won = if row.won { ", survived" } else { "" };
        text.push_str(&format!(
            "\n{}. {}: {} ({}/{items} found{won})",
            row.rank,
            plain(&row.username),
            row.score,
            row.found
        ));
    }
    if rows.len() > MAX_BOARD_ROWS {
        text.push_str(&format!("\n… and {} more", rows.len() - MAX_BOARD_ROWS));
    }
    clip(text)
}

/// The test message the owner asks for.
pub fn test_text(group: &str) -> String {
    clip(format!(
        "🌋 Lavalist: this channel is connected to the group {}. Members' results and each day's \
         board will appear here.",
        plain(group)
    ))
}

/// At most [`MAX_CHARS`] characters (a longer text ends with `…`).
fn clip(text: String) -> String {
    if text.chars().count() <= MAX_CHARS {
        return text;
    }
    let mut clipped: String = text.chars().take(MAX_CHARS - 1).collect();
    clipped.push('…');
    clipped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> url::Url {
        url::Url::parse(text).unwrap()
    }

    #[test]
    fn the_kind_follows_the_path() {
        assert_eq!(kind_of(&url("https://discord.com/api/webhooks/123/abc")), Some(ChannelKind::Discord));
        assert_eq!(kind_of(&url("https://hooks.slack.com/services/T0/B0/xyz")), Some(ChannelKind::Slack));
        assert_eq!(kind_of(&url("https://chat.example/hooks/abc")), Some(ChannelKind::Slack));
        assert_eq!(kind_of(&url("https://discord.com/api/webhooks/123")), None);
        assert_eq!(kind_of(&url("https://example.com/")), None);
    }

    #[test]
    fn player_text_cannot_ping_or_format() {
        let discord = body(ChannelKind::Discord, "@everyone hi");
        assert_eq!(discord["allowed_mentions"]["parse"], json!([]));
        let slack = body(ChannelKind::Slack, "<!channel> & co");
        assert_eq!(slack["text"], "&lt;!channel&gt; &amp; co");
        assert_eq!(plain("a_b*c"), "a\\_b\\*c");
        assert!(test_text(&"x".repeat(3000)).chars().count() <= MAX_CHARS);
    }

    #[test]
    fn slack_gets_the_text_as_written_without_markdown() {
        let text = test_text(r"Lava_lovers *1* \o/ <!here>");
        assert!(text.contains(r"Lava\_lovers \*1\* \\o/"), "{text}");
        let slack = body(ChannelKind::Slack, &text);
        assert_eq!(slack["mrkdwn"], false);
        let sent = slack["text"].as_str().unwrap();
        assert!(sent.contains(r"Lava_lovers *1* \o/ &lt;!here&gt;"), "{sent}");
        assert_eq!(body(ChannelKind::Discord, &text)["content"], text.as_str());
    }
}
