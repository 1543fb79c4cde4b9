//! The account's language (issue 24, point 3) on both backends: `PATCH /api/me/locale` sets and
//! clears it and refuses tags Lavalist is not written in; sign-up may carry it; and every
//! e-mail is written in the account's language, else the request's `Accept-Language`, else
//! English (whose texts are what they were before the translations).

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{DecodedMail, TestApp};
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

async fn patch_locale(app: &TestApp, token: Option<&str>, body: Value) -> common::Response {
    let mut req = TestRequest::patch().uri("/api/me/locale").set_json(body);
    if let Some(token) = token {
        req = req.insert_header(("authorization", format!("Bearer {token}")));
    }
    app.call(req).await
}

/// request-code with optional `locale` and `Accept-Language`; the sign-up token.
async fn request_code(
    app: &TestApp,
    name: &str,
    locale: Option<&str>,
    accept: Option<&str>,
) -> common::Response {
    let mut body = json!({"username": name, "email": format!("{name}@example.com"), "password": PASSWORD, "adult": true});
    if let Some(locale) = locale {
        body["locale"] = json!(locale);
    }
    let mut req = TestRequest::post().uri("/api/auth/request-code").set_json(body);
    if let Some(accept) = accept {
        req = req.insert_header(("accept-language", accept));
    }
    app.call(req).await
}

/// The 6 digits of a code mail, whatever the language around them.
fn code_in(mail: &DecodedMail) -> String {
    let digits: Vec<char> = mail.body.chars().collect();
    let start = (0..digits.len().saturating_sub(5))
        .find(|&i| {
            digits[i..i + 6].iter().all(|c| c.is_ascii_digit())
                && digits.get(i + 6).is_none_or(|c| !c.is_ascii_digit())
                && (i == 0 || !digits[i - 1].is_ascii_digit())
        })
        .unwrap_or_else(|| panic!("no 6-digit code in {:?}", mail.body));
    digits[start..start + 6].iter().collect()
}

async fn verify(app: &TestApp, name: &str, signup_token: &str, locale: Option<&str>) -> common::Response {
    let email = format!("{name}@example.com");
    let code = code_in(&app.last_mail_to(&email));
    let mut body = json!({"email": email, "code": code, "signupToken": signup_token});
    if let Some(locale) = locale {
        body["locale"] = json!(locale);
    }
    app.post("/api/auth/verify-code", &body).await
}

async fn forgot(app: &TestApp, email: &str, accept: Option<&str>) {
    let mut req = TestRequest::post().uri("/api/auth/forgot-password").set_json(json!({"email": email}));
    if let Some(accept) = accept {
        req = req.insert_header(("accept-language", accept));
    }
    let res = app.call(req).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn the_account_keeps_the_language_it_chooses(app: TestApp) {
    let token = app.sign_up("lena", "lena@example.com", PASSWORD).await;
    let me = app.get_as("/api/user", &token).await;
    assert_eq!(me.body["user"].get("locale"), None, "none chosen yet: {:?}", me.body);

    for tag in ["de", "pt-BR", "zh-CN", "ar"] {
        let res = patch_locale(&app, Some(&token), json!({"locale": tag})).await;
        assert_eq!(res.status, StatusCode::OK, "{tag}: {:?}", res.body);
        assert_eq!(res.body["locale"], tag, "the account as /api/user shows it");
        assert_eq!(res.body["username"], "lena");
        let me = app.get_as("/api/user", &token).await;
        assert_eq!(me.body["user"]["locale"], tag);
    }

    let cleared = patch_locale(&app, Some(&token), json!({"locale": null})).await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    assert_eq!(cleared.body.get("locale"), None);
    assert_eq!(app.get_as("/api/user", &token).await.body["user"].get("locale"), None);
}

async fn tags_lavalist_is_not_written_in_are_refused(app: TestApp) {
    let token = app.sign_up("tomas", "tomas@example.com", PASSWORD).await;
    patch_locale(&app, Some(&token), json!({"locale": "ja"})).await;
    for bad in ["xx", "nl", "DE", "pt-br", "pt", "de-DE", "en_US", "", " ja", "ja\u{0}", "zh-TW"] {
        let res = patch_locale(&app, Some(&token), json!({"locale": bad})).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad:?}: {:?}", res.body);
        assert_eq!(res.body["code"], "unsupportedLocale", "{bad:?}");
        assert_eq!(res.body["field"], "locale");
        assert!(res.body["error"].as_str().is_some_and(|e| e.contains("pt-BR")), "{:?}", res.body);
    }
    let not_a_string = patch_locale(&app, Some(&token), json!({"locale": 7})).await;
    assert_eq!(not_a_string.status, StatusCode::BAD_REQUEST);
    assert_eq!(not_a_string.body["code"], "invalidJson");
    assert_eq!(app.get_as("/api/user", &token).await.body["user"]["locale"], "ja", "nothing changed");

    let guest = patch_locale(&app, None, json!({"locale": "de"})).await;
    assert_eq!(guest.status, StatusCode::UNAUTHORIZED);
    assert_eq!(guest.body["code"], "unauthorized");

    let refused = request_code(&app, "klingon", Some("tlh"), None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.body["code"], "unsupportedLocale");
    let res = app
        .post("/api/auth/verify-code", &json!({"email": "x@example.com", "code": "000000", "locale": "EN"}))
        .await;
    assert_eq!(res.body["code"], "unsupportedLocale");
    assert!(app.decoded_outbox().iter().all(|m| !m.header("To").unwrap_or("").contains("klingon")));
}

async fn the_sign_up_code_comes_in_the_language_sent_and_the_account_keeps_it(app: TestApp) {
    // German asked for, even from a Japanese browser.
    let res = request_code(&app, "jonas", Some("de"), Some("ja-JP,ja;q=0.9")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mail = app.last_mail_to("jonas@example.com");
    assert_eq!(mail.subject, "Dein Lavalist-Bestätigungscode");
    assert!(mail.body.starts_with("Hallo jonas,\n\ndein Lavalist-Bestätigungscode lautet "), "{}", mail.body);
    assert!(mail.body.contains("Er ist 10 Minuten lang gültig."), "{}", mail.body);
    assert_eq!(mail.header("Content-Language"), Some("de"));
    let verified = verify(&app, "jonas", res.body["signupToken"].as_str().unwrap(), None).await;
    assert_eq!(verified.status, StatusCode::OK, "{:?}", verified.body);
    assert_eq!(verified.body["user"]["locale"], "de", "the account keeps the sign-up's language");

    // Japanese by the browser only: the mail is Japanese, the account chose nothing.
    let res = request_code(&app, "haruto", None, Some("ja-JP,ja;q=0.9,en-US;q=0.8")).await;
    let mail = app.last_mail_to("haruto@example.com");
    assert_eq!(mail.subject, "Lavalistの確認コード");
    assert!(mail.body.contains("有効期限は10分です。"), "{}", mail.body);
    assert_eq!(mail.header("Content-Language"), Some("ja"));
    let verified = verify(&app, "haruto", res.body["signupToken"].as_str().unwrap(), None).await;
    assert_eq!(verified.body["user"].get("locale"), None);

    // A language chosen between the code and its verification wins.
    let res = request_code(&app, "amira", Some("de"), None).await;
    let verified = verify(&app, "amira", res.body["signupToken"].as_str().unwrap(), Some("ar")).await;
    assert_eq!(verified.status, StatusCode::OK, "{:?}", verified.body);
    assert_eq!(verified.body["user"]["locale"], "ar");
}

async fn the_reset_link_comes_in_the_accounts_language_else_the_browsers(app: TestApp) {
    let token = app.sign_up("layla", "layla@example.com", PASSWORD).await;
    let res = patch_locale(&app, Some(&token), json!({"locale": "ar"})).await;
    assert_eq!(res.status, StatusCode::OK);
    // The account's choice beats a German browser.
    forgot(&app, "layla@example.com", Some("de-DE,de;q=0.9")).await;
    let mail = app.last_mail_to("layla@example.com");
    assert_eq!(mail.subject, "إعادة تعيين كلمة مرور Lavalist");
    assert!(
        mail.body.starts_with("مرحبًا layla،\n\nافتح هذا الرابط خلال ساعة لاختيار كلمة مرور جديدة:\nhttp"),
        "{}",
        mail.body
    );
    assert!(mail.body.contains("/reset-password?token="), "the link intact: {}", mail.body);
    assert_eq!(mail.header("Content-Language"), Some("ar"));
    let link_line = mail.body.lines().find(|l| l.contains("/reset-password?token=")).unwrap();
    assert!(link_line.starts_with("http") && !link_line.contains(' '), "the link on a line of its own");

    // No choice: the browser's language.
    app.sign_up("kenji", "kenji@example.com", PASSWORD).await;
    forgot(&app, "kenji@example.com", Some("ja")).await;
    let mail = app.last_mail_to("kenji@example.com");
    assert_eq!(mail.subject, "Lavalistのパスワード再設定");
    assert!(mail.body.contains("1時間以内に次のリンクを開いて"), "{}", mail.body);

    // German from Austria, then the link works as ever.
    app.sign_up("anna", "anna@example.com", PASSWORD).await;
    forgot(&app, "anna@example.com", Some("de-AT")).await;
    let mail = app.last_mail_to("anna@example.com");
    assert_eq!(mail.subject, "Setze dein Lavalist-Passwort zurück");
    let link = mail.body.lines().find(|l| l.contains("reset-password?token=")).unwrap().trim();
    let token_param = link.split("token=").nth(1).unwrap();
    let res = app
        .post(
            "/api/auth/reset-password",
            &json!({"token": token_param, "newPassword": "a brand new passphrase"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn english_stays_the_default_word_for_word(app: TestApp) {
    // No choice and no browser language, or one Lavalist is not written in.
    let res = request_code(&app, "olive", None, Some("nl-NL,nl;q=0.9")).await;
    let mail = app.last_mail_to("olive@example.com");
    let code = code_in(&mail);
    assert_eq!(mail.subject, "Your Lavalist verification code");
    assert_eq!(
        mail.body,
        format!("Hi olive,\n\nYour Lavalist verification code is {code}.\nIt expires in 10 minutes.\n")
    );
    assert_eq!(mail.header("Content-Language"), Some("en"));
    verify(&app, "olive", res.body["signupToken"].as_str().unwrap(), None).await;

    forgot(&app, "olive@example.com", None).await;
    let mail = app.last_mail_to("olive@example.com");
    assert_eq!(mail.subject, "Reset your Lavalist password");
    let link = mail.body.lines().find(|l| l.contains("reset-password?token=")).unwrap();
    assert_eq!(
        mail.body,
        format!("Hi olive,\n\nOpen this link within an hour to choose a new password:\n{link}\n\nIf you did not ask for this, ignore this e-mail.\n")
    );
}

async fn account_notices_follow_the_accounts_language(app: TestApp) {
    let token = app.sign_up("mira", "mira@example.com", PASSWORD).await;
    patch_locale(&app, Some(&token), json!({"locale": "he"})).await;
    let res = app
        .post_as(
            "/api/user/password",
            &token,
            &json!({"currentPassword": PASSWORD, "newPassword": "another fine passphrase"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mail = app.last_mail_to("mira@example.com");
    assert_eq!(mail.subject, "הסיסמה שלך ב-Lavalist שונתה");
    assert!(mail.body.contains("\"שכחת סיסמה?\""), "{}", mail.body);
    assert_eq!(mail.header("Content-Language"), Some("he"));
}

on_both_backends!(
    the_account_keeps_the_language_it_chooses,
    tags_lavalist_is_not_written_in_are_refused,
    the_sign_up_code_comes_in_the_language_sent_and_the_account_keeps_it,
    the_reset_link_comes_in_the_accounts_language_else_the_browsers,
    english_stays_the_default_word_for_word,
    account_notices_follow_the_accounts_language,
);
