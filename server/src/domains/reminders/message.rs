//! What a reminder says, by push and by e-mail: spoiler-free (no item, no prompt), linking to
//! today's game; and the signed one-click unsubscribe links of the e-mails (RFC 8058).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use lavalist_api::reminders::ReminderPush;
use sha2::Sha256;

use crate::platform::i18n::{self, Locale};
use crate::platform::mail::Mail;

/// The link every reminder opens: today's game is the home page.
pub fn game_url(public_url: &str) -> String {
    format!("{}/", public_url.trim_end_matches('/'))
}

fn title(locale: Locale, streak: i32) -> String {
    if streak > 0 {
        i18n::text(locale, "reminder-streak-subject", &[("streak", streak.into())])
    } else {
        i18n::text(locale, "reminder-subject", &[])
    }
}

/// The push notification's content.
pub fn push(locale: Locale, public_url: &str, day_number: i64, streak: i32) -> ReminderPush {
    let id = if streak > 0 { "reminder-streak-push-body" } else { "reminder-push-body" };
    let body = i18n::text(locale, id, &[("day", day_number.into())]);
    ReminderPush {
        title: title(locale, streak),
        body,
        url: game_url(public_url),
        tag: "lavalist-daily".to_string(),
    }
}

/// The e-mail, with its unsubscribe address (the same one the `List-Unsubscribe` header names).
pub fn email(
    locale: Locale,
    to: &str,
    public_url: &str,
    day_number: i64,
    streak: i32,
    unsubscribe: &str,
) -> Mail {
    let game = game_url(public_url);
    let mut paragraphs = vec![i18n::text(locale, "reminder-email-intro", &[("day", day_number.into())])];
    if streak > 0 {
        paragraphs.push(i18n::text(locale, "reminder-email-streak", &[("streak", streak.into())]));
    }
    paragraphs.push(i18n::text(locale, "reminder-email-play", &[("url", game.as_str().into())]));
    paragraphs.push(i18n::text(locale, "reminder-email-footer", &[("unsubscribe", unsubscribe.into())]));
    Mail { to: to.to_string(), subject: title(locale, streak), body: paragraphs.join("\n\n") + "\n", locale }
}

/// The header fields of RFC 2369 and RFC 8058 for a one-click unsubscribe by POST.
pub fn unsubscribe_headers(unsubscribe: &str) -> Vec<(String, String)> {
    vec![
        ("List-Unsubscribe".to_string(), format!("<{unsubscribe}>")),
        ("List-Unsubscribe-Post".to_string(), "List-Unsubscribe=One-Click".to_string()),
    ]
}

/// Signs and checks the unsubscribe tokens: `{user id}.{HMAC-SHA256 of "reminders:{id}"}`,
/// base64url, with a key kept in the database (every instance checks the others' links).
#[derive(Clone)]
pub struct UnsubscribeKey(Vec<u8>);

impl UnsubscribeKey {
    pub fn new(key: &[u8]) -> Self {
        UnsubscribeKey(key.to_vec())
    }

    fn mac(&self, user_id: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(format!("reminders:{user_id}").as_bytes());
        mac
    }

    pub fn token(&self, user_id: i64) -> String {
        format!("{user_id}.{}", URL_SAFE_NO_PAD.encode(self.mac(user_id).finalize().into_bytes()))
    }

    /// The account a token stands for; `None` for any token this key did not sign.
    pub fn verify(&self, token: &str) -> Option<i64> {
        let (id, tag) = token.split_once('.')?;
        let user_id: i64 = id.parse().ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(user_id).verify_slice(&tag).ok()?;
        Some(user_id)
    }

    pub fn url(&self, public_url: &str, user_id: i64) -> String {
        format!(
            "{}/api/reminders/unsubscribe?token={}",
            public_url.trim_end_matches('/'),
            self.token(user_id)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_only_as_signed() {
        let key = UnsubscribeKey::new(b"0123456789abcdef0123456789abcdef");
        let token = key.token(42);
        assert_eq!(key.verify(&token), Some(42));
        assert_eq!(key.verify(&token.replacen("42", "43", 1)), None, "another account");
        assert_eq!(UnsubscribeKey::new(b"another key").verify(&token), None);
        assert_eq!(key.verify("42"), None);
        assert_eq!(key.verify("42.!!"), None);
        assert_eq!(key.verify(""), None);
    }

    #[test]
    fn reminders_name_no_prompt_and_link_to_the_game() {
        let push = push(Locale::En, "https://lavalist.example/", 100, 0);
        assert_eq!(push.url, "https://lavalist.example/");
        assert!(push.body.contains("Day 100"));
        let mail = email(
            Locale::En,
            "a@example.com",
            "https://lavalist.example",
            100,
            5,
            "https://lavalist.example/u",
        );
        assert!(mail.body.contains("5-day streak"));
        assert!(mail.body.contains("https://lavalist.example/u"));
    }

    #[test]
    fn english_reminders_read_as_before_and_others_in_their_language() {
        let mail = email(Locale::En, "a@example.com", "https://l.example", 100, 5, "https://l.example/u");
        assert_eq!(mail.subject, "Your 5-day Lavalist streak is waiting");
        assert_eq!(
            mail.body,
            "Day 100 of Lavalist is out: ten to find, eight misses allowed.\n\n\
             Play it today to keep your 5-day streak.\n\n\
             Play today's game: https://l.example/\n\n\
             You get this e-mail because you turned on daily e-mail reminders in Lavalist's settings.\n\
             Stop these e-mails (no login needed): https://l.example/u\n"
        );
        let mail = email(Locale::En, "a@example.com", "https://l.example", 100, 0, "https://l.example/u");
        assert_eq!(mail.subject, "Today's Lavalist is ready");
        assert!(mail.body.starts_with(
            "Day 100 of Lavalist is out: ten to find, eight misses allowed.\n\nPlay today's game"
        ));
        assert_eq!(
            push(Locale::En, "https://l.example", 100, 3).body,
            "Day 100 is out. Play it today to keep your streak going."
        );

        let mail = email(Locale::Ru, "a@example.com", "https://l.example", 100, 22, "https://l.example/u");
        assert_eq!(mail.subject, "Ваша серия в Lavalist: 22 дня подряд. Не прерывайте её!");
        assert!(mail.body.contains("https://l.example/u\n"));
        assert_eq!(push(Locale::Ja, "https://l.example", 100, 0).title, "今日のLavalistが届きました");
    }
}
