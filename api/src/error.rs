//! The one error body of the API and its codes. Clients branch on `code` (and place form errors
//! at `field`); `error` is the human message, shown as it is and never parsed.

use game_core::forms::FormErrorCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every error answer: `{"error": message, "code": code}`, plus `field` for a form error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ErrorBody {
    /// For people: shown as it is (a toast, a field message).
    pub error: String,
    /// For programs: what went wrong, stable across wording changes.
    pub code: ErrorCode,
    /// The form field a form error is about: `prompt`, `items`, `items.{i}.name` or
    /// `items.{i}.altSpellings`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field: Option<String>,
}

/// What went wrong. Each code has one HTTP status ([`ErrorCode::status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ErrorCode {
    /// 400: a value the server refuses, not covered by a more specific code.
    BadRequest,
    /// 400: the body is not JSON of the expected shape.
    InvalidJson,
    /// 400: a query parameter does not parse.
    InvalidQuery,
    /// 400: a path segment does not parse.
    InvalidPath,
    /// 400: not a real `YYYY-MM-DD` date.
    InvalidDate,
    /// 400, form: a field is empty after trimming.
    Required,
    /// 400, form: a field is over its length limit.
    TooLong,
    /// 400, form: not exactly ten items.
    ItemCount,
    /// 400, form: normalises to nothing, so no guess could match it.
    Unguessable,
    /// 400, form: the same as another item's name after normalisation.
    Duplicate,
    /// 400, form: too many alternative spellings for one item.
    TooManySpellings,
    /// 400, form: offensive text.
    Profanity,
    /// 400, form (`categories`): not one to three distinct categories.
    Categories,
    /// 400: a username that breaks the rules (3–24 letters, digits, `_`, `-`).
    InvalidUsername,
    /// 400: not an e-mail address.
    InvalidEmail,
    /// 400: a password that is too short, too long or too common.
    InvalidPassword,
    /// 400: a sign-up code that is not the one sent (or a sign-up token that is not the
    /// request's) while tries are left: check it and try again.
    InvalidCode,
    /// 400: a sign-up code that can no longer work: expired, used, or dead after too many wrong
    /// tries (the last one included); a new code must be requested.
    CodeExpired,
    /// 400: a password-reset token that no reset link has (cut short or mistyped).
    InvalidToken,
    /// 400: a password-reset link that was used (or voided by another reset) or is past its
    /// hour; a new one must be requested.
    TokenExpired,
    /// 400: a submitted result that disagrees with its game or its action log.
    InvalidResult,
    /// 400: a daily result for a day that no longer (or not yet) takes results.
    NotToday,
    /// 400: a dispute of a guess that is not a wrong guess of the player's stored result.
    NotAWrongGuess,
    /// 400: the current password a logged-in player typed (to change it, or to delete the
    /// account) is not theirs.
    WrongPassword,
    /// 400, form (`url`): not an incoming-webhook URL of a known format (Discord's
    /// `/api/webhooks/…`, Slack's `/services/…`), or not `https://`.
    WebhookUrl,
    /// 400, form (`url`): the webhook's host does not resolve to public addresses only
    /// (private, loopback, link-local, unique-local, shared, multicast or reserved ones are
    /// refused).
    WebhookAddress,
    /// 400: a reminder time that is not `HH:MM` (24-hour).
    InvalidTime,
    /// 400: not an IANA time zone name the server knows.
    InvalidTimeZone,
    /// 400: a push subscription whose keys are not a P-256 public key and a 16-byte secret.
    InvalidSubscription,
    /// 400: a push endpoint the server will not send to: not https, or not a push service of
    /// the allow-list (`--push-services`).
    PushEndpointRefused,
    /// 400, form (`locale`): not one of the twelve BCP 47 tags Lavalist is written in, as
    /// written (`en`, `es`, `fr`, `de`, `pt-BR`, `ru`, `ja`, `zh-CN`, `ko`, `ar`, `he`, `hi`).
    UnsupportedLocale,
    /// 401: no valid login token.
    Unauthorized,
    /// 401: a wrong e-mail or password (one code for both).
    InvalidCredentials,
    /// 403: the account may not do this.
    Forbidden,
    /// 403: a future day, for admins only.
    NotReleased,
    /// 403: rating a game this player has no stored result of.
    NotFinished,
    /// 404: no such route or thing.
    NotFound,
    /// 404: no game with that uid (or not one this viewer may see).
    GameNotFound,
    /// 404: no game on that date.
    NoGameForDate,
    /// 404: the daily edition asked for (`?edition=`) has no game on that date; English may.
    NoEditionGame,
    /// 404: no stored result of this game for that userKey.
    NoResult,
    /// 404: no open dispute of that game with that guess.
    DisputeNotFound,
    /// 404: no group with that id or invite code, or not one the viewer belongs to.
    GroupNotFound,
    /// 404: no challenge with that id.
    ChallengeNotFound,
    /// 405: a known `/api` path asked with a method it does not answer; `Allow` lists the ones it
    /// does.
    MethodNotAllowed,
    /// 409: the request conflicts with what is stored.
    Conflict,
    /// 409: the username is taken.
    UsernameTaken,
    /// 409: an account with that e-mail exists.
    EmailTaken,
    /// 409: a sign-up for that e-mail is waiting for its code; only the client that started it
    /// (presenting its `signupToken`) may replace it before it expires.
    SignupPending,
    /// 409: a different result was stored for this game and userKey.
    ResultConflict,
    /// 409: the game already has a daily date.
    AlreadyDaily,
    /// 409: another game is already the daily game of the date asked for.
    DateTaken,
    /// 409: this player already reported this game.
    AlreadyReported,
    /// 409: this player already disputed this guess of this game.
    AlreadyDisputed,
    /// 409: the player has no stored result (with its action log) of the challenge's game:
    /// finish the game first (for a past day, store it with `/api/challenges/archive-results`).
    NotPlayed,
    /// 409: the player belongs to as many groups as one player may.
    TooManyGroups,
    /// 409: the group has as many members as one group may.
    GroupFull,
    /// 413: the body is over the size limit.
    PayloadTooLarge,
    /// 415: the body is not `application/json`.
    UnsupportedMediaType,
    /// 429: over a rate limit or inside a cooldown; `Retry-After` says when to try again.
    TooManyRequests,
    /// 503: the server is busy; retry shortly (`Retry-After`).
    Busy,
    /// 500: the server failed; details are in its log, never in the answer.
    Internal,
}

impl ErrorCode {
    /// The HTTP status every answer with this code has.
    pub fn status(self) -> u16 {
        use ErrorCode::*;
        match self {
            BadRequest | InvalidJson | InvalidQuery | InvalidPath | InvalidDate | Required | TooLong
            | ItemCount | Unguessable | Duplicate | TooManySpellings | Profanity | Categories
            | InvalidUsername | InvalidEmail | InvalidPassword | InvalidCode | CodeExpired | InvalidToken
            | TokenExpired | InvalidResult | NotToday | NotAWrongGuess | WrongPassword | WebhookUrl
            | WebhookAddress | InvalidTime | InvalidTimeZone | InvalidSubscription | PushEndpointRefused
            | UnsupportedLocale => 400,
            Unauthorized | InvalidCredentials => 401,
            Forbidden | NotReleased | NotFinished => 403,
            NotFound | GameNotFound | NoGameForDate | NoEditionGame | NoResult | DisputeNotFound
            | GroupNotFound | ChallengeNotFound => 404,
            MethodNotAllowed => 405,
            Conflict | UsernameTaken | EmailTaken | SignupPending | ResultConflict | AlreadyDaily
            | DateTaken | AlreadyReported | AlreadyDisputed | NotPlayed | TooManyGroups | GroupFull => 409,
            PayloadTooLarge => 413,
            UnsupportedMediaType => 415,
            TooManyRequests => 429,
            Internal => 500,
            Busy => 503,
        }
    }
}

impl From<FormErrorCode> for ErrorCode {
    fn from(code: FormErrorCode) -> Self {
        match code {
            FormErrorCode::Required => ErrorCode::Required,
            FormErrorCode::TooLong => ErrorCode::TooLong,
            FormErrorCode::ItemCount => ErrorCode::ItemCount,
            FormErrorCode::Unguessable => ErrorCode::Unguessable,
            FormErrorCode::Duplicate => ErrorCode::Duplicate,
            FormErrorCode::TooManySpellings => ErrorCode::TooManySpellings,
            FormErrorCode::Profanity => ErrorCode::Profanity,
            FormErrorCode::Categories => ErrorCode::Categories,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_shape() {
        let body = ErrorBody { error: "x".into(), code: ErrorCode::GameNotFound, field: None };
        assert_eq!(serde_json::to_string(&body).unwrap(), r#"{"error":"x","code":"gameNotFound"}"#);
        let body =
            ErrorBody { error: "x".into(), code: ErrorCode::Duplicate, field: Some("items.1.name".into()) };
        assert_eq!(
            serde_json::to_string(&body).unwrap(),
            r#"{"error":"x","code":"duplicate","field":"items.1.name"}"#
        );
        assert_eq!(ErrorCode::from(FormErrorCode::Profanity).status(), 400);
    }
}
