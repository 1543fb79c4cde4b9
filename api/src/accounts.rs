//! Account bodies: sign-up with an e-mailed code, login, the current user, password reset, the
//! account's language.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The twelve languages Lavalist is written in, as BCP 47 tags (exactly as written here). An
/// account may choose one; the server writes its e-mails in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Locale {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "ru")]
    Ru,
    #[serde(rename = "ja")]
    Ja,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "he")]
    He,
    #[serde(rename = "hi")]
    Hi,
}

impl Locale {
    /// Every locale, English first (the fallback).
    pub const ALL: [Locale; 12] = [
        Locale::En,
        Locale::Es,
        Locale::Fr,
        Locale::De,
        Locale::PtBr,
        Locale::Ru,
        Locale::Ja,
        Locale::ZhCn,
        Locale::Ko,
        Locale::Ar,
        Locale::He,
        Locale::Hi,
    ];

    /// The BCP 47 tag, as stored and sent.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Es => "es",
            Locale::Fr => "fr",
            Locale::De => "de",
            Locale::PtBr => "pt-BR",
            Locale::Ru => "ru",
            Locale::Ja => "ja",
            Locale::ZhCn => "zh-CN",
            Locale::Ko => "ko",
            Locale::Ar => "ar",
            Locale::He => "he",
            Locale::Hi => "hi",
        }
    }

    /// The locale of a tag written exactly as in [`Locale::tag`]; `None` for any other string.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// Written right to left (Arabic, Hebrew).
    pub fn is_rtl(self) -> bool {
        matches!(self, Locale::Ar | Locale::He)
    }
}

/// The signed-in player as the API shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct User {
    pub username: String,
    pub email: String,
    /// `admin` for admins; absent for everyone else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role: Option<String>,
    /// The language the player chose for the interface and e-mails (`PATCH /api/me/locale`);
    /// absent while none was chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub locale: Option<Locale>,
}

/// `PATCH /api/me/locale`: the account's language. A tag Lavalist is not written in is refused
/// (400 `unsupportedLocale`); `null` clears the choice (e-mails then follow the languages of
/// the browser that asks for them, else English).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LocaleBody {
    /// Required, `null` to clear: a body without it (`{}`, another request's fields) is refused
    /// rather than read as clearing the choice.
    #[serde(deserialize_with = "Option::deserialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Locale>, required = true))]
    #[ts(as = "Option<Locale>")]
    pub locale: Option<String>,
}

/// `GET /api/user`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserResponse {
    pub user: User,
    /// A renewed login token (its lifetime counted from now): the client replaces its token
    /// with it, so a player who keeps coming back stays logged in.
    pub token: String,
}

/// Login and a verified sign-up: a bearer token and the user.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuthResponse {
    pub token: String,
    pub user: User,
    /// How many results stored under the sent `userKey` this request moved to the account (0
    /// when none was sent, or all were claimed before).
    #[serde(default)]
    pub claimed: u32,
}

/// `POST /api/auth/request-code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequestCodeBody {
    pub username: String,
    pub email: String,
    pub password: String,
    /// A resend ("send a new code"): the `signupToken` the first request-code answered. Only a
    /// request presenting it may replace an unexpired pending sign-up for this e-mail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub signup_token: Option<String>,
    /// The player confirms they are 18 or older: required (`true`), refused otherwise with the
    /// code `required` at the field `adult`. The account stores when it was confirmed.
    #[serde(default)]
    pub adult: bool,
    /// The language the player reads the interface in: the code e-mail is written in it, and
    /// the account keeps it. Absent: the request's `Accept-Language`, else English, for the
    /// e-mail, and no choice stored. A tag Lavalist is not written in is refused
    /// (`unsupportedLocale`).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Locale>))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(as = "Option<Locale>", optional)]
    pub locale: Option<String>,
}

/// The answer to `POST /api/auth/request-code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequestCodeResponse {
    pub message: String,
    /// Proof that this client started the sign-up (256 random bits, hex): verify-code needs it,
    /// and a resend presents it. Kept by the client only; the server stores its hash.
    pub signup_token: String,
}

/// `POST /api/auth/verify-code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VerifyCodeBody {
    pub email: String,
    pub code: String,
    /// The `signupToken` request-code answered. Missing or wrong is refused like a wrong code
    /// (`invalidCode`) and counts as a wrong try.
    #[serde(default)]
    pub signup_token: String,
    /// This browser's userKey: its results move to the new account (see `LoginBody::user_key`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_key: Option<String>,
    /// The account's language, when the player changed it since request-code (that request's
    /// `locale` otherwise). A tag Lavalist is not written in is refused (`unsupportedLocale`).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Locale>))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(as = "Option<Locale>", optional)]
    pub locale: Option<String>,
}

/// `POST /api/auth/login`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    pub email: String,
    pub password: String,
    /// This browser's userKey. Its results move to the account, each unless the account already
    /// has a result for that game (that one stays under this userKey). Claiming again moves
    /// nothing more; results another account already claimed are no longer under this key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_key: Option<String>,
}

/// `POST /api/auth/forgot-password`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ForgotPasswordBody {
    pub email: String,
}

/// `POST /api/auth/reset-password`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordBody {
    pub token: String,
    pub new_password: String,
}

/// A plain confirmation.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MessageResponse {
    pub message: String,
}

/// `POST /api/user/password`: a logged-in player changes their password.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordBody {
    pub current_password: String,
    /// Checked by the same rules as at sign-up and reset.
    pub new_password: String,
}

/// `POST /api/user/delete`: deletes the account, confirmed with its password.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeleteAccountBody {
    pub password: String,
}

/// `GET /api/privacy`: what the privacy policy shows that the operator sets.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PrivacyInfo {
    /// Where to write about one's data (an e-mail address); absent when the operator set none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub contact: Option<String>,
    /// When the policy last changed (`YYYY-MM-DD`).
    pub updated: String,
}

/// `GET /api/user/export`: everything the server keeps about the logged-in player.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccountExport {
    /// When this export was made (RFC 3339).
    pub exported_at: String,
    pub account: ExportedAccount,
    /// Every result stored under the account, oldest first.
    pub results: Vec<ExportedResult>,
    /// The community games the player created, oldest first.
    pub games: Vec<ExportedGame>,
    pub groups: Vec<ExportedGroup>,
    /// The "I was right" claims the player made while logged in.
    pub disputes: Vec<ExportedDispute>,
    /// The games the player reported while logged in.
    pub reports: Vec<ExportedReport>,
    /// The stars the player gave community games, oldest first.
    #[serde(default)]
    pub ratings: Vec<ExportedRating>,
    /// The challenge links the player made, oldest first.
    #[serde(default)]
    pub challenges: Vec<ExportedChallenge>,
    /// Past days played from the archive, kept only so that a challenge can compare them.
    #[serde(default)]
    pub archive_results: Vec<ExportedArchiveResult>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedAccount {
    pub username: String,
    pub email: String,
    /// RFC 3339.
    pub created_at: String,
    /// Whether the e-mail was verified: every account is (it is created by the e-mailed code).
    pub verified: bool,
    /// When the player confirmed being 18 or older (RFC 3339); absent for accounts from before
    /// the question was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub adult_confirmed_at: Option<String>,
    /// `admin` for admins; absent for everyone else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role: Option<String>,
    /// The language the player chose; absent while none was chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub locale: Option<Locale>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedResult {
    pub game_uid: String,
    pub prompt: String,
    /// When the result was stored (RFC 3339).
    pub played_at: String,
    pub score: i32,
    /// How many of the ten items were found.
    pub found: i32,
    pub won: bool,
    /// The day (`YYYY-MM-DD`) it counts for as daily play; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub daily_day: Option<String>,
    /// The items found, by name.
    pub answers_found: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedGame {
    pub uid: String,
    pub prompt: String,
    pub status: String,
    pub public: bool,
    /// RFC 3339.
    pub created_at: String,
    /// The item names, in order.
    pub items: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedGroup {
    pub name: String,
    /// `owner` or `member`.
    pub role: String,
    /// RFC 3339.
    pub joined_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedDispute {
    pub game_uid: String,
    pub guess: String,
    pub status: String,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedReport {
    pub game_uid: String,
    pub reason: String,
    pub details: String,
    pub status: String,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedRating {
    pub game_uid: String,
    pub stars: i32,
    /// RFC 3339: when the game was first rated, and last changed.
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedChallenge {
    /// The link's id (`/challenge/{id}`).
    pub id: String,
    pub game_uid: String,
    /// The day challenged (YYYY-MM-DD) for a daily game; absent for a community game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub daily_date: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExportedArchiveResult {
    pub game_uid: String,
    /// The game's day (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub daily_date: Option<String>,
    /// The action log as the player's browser sent it (JSON).
    pub actions: String,
    /// RFC 3339.
    pub played_at: String,
}
