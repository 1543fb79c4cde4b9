//! Input text tidying shared by the forms that store player-written text (game prompts, item
//! names and spellings, usernames), and the escaping of text the server puts in its pages.

/// Drops control characters (Unicode `Cc`: C0, DEL, C1) and the invisible bidirectional
/// formatting characters (embeddings, overrides, isolates and the direction marks), which can
/// make a name or prompt display as something other than what it is ("Trojan Source").
pub fn strip_controls(text: &str) -> String {
    text.chars().filter(|&c| !c.is_control() && !is_bidi_format(c)).collect()
}

/// The text with its first character in upper case, as the app shows a prompt.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// Text for HTML: character data or a quoted attribute value.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// JavaScript's `encodeURIComponent`: every byte but `A–Z a–z 0–9 - _ . ! ~ * ' ( )` as `%XX`.
pub fn encode_uri_component(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn is_bidi_format(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_overrides_are_dropped() {
        assert_eq!(strip_controls("Capital\u{0007} cities\u{0000}"), "Capital cities");
        assert_eq!(strip_controls("a\tb\nc\r\u{007F}\u{0085}d"), "abcd");
        assert_eq!(strip_controls("\u{202E}gnp.exe\u{202C}"), "gnp.exe");
        assert_eq!(strip_controls("x\u{2066}y\u{2069}\u{200E}\u{200F}\u{061C}z"), "xyz");
    }

    #[test]
    fn ordinary_text_is_kept() {
        for text in ["Zürich", "São Paulo", "東京", "القاهرة", "Ōsaka – “quoted”", "emoji 🎉", "a b"]
        {
            assert_eq!(strip_controls(text), text);
        }
    }
}
