//! Login tokens: HS256 JWTs with an audience and a token type, subject = the user id.

use std::path::Path;

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::platform::config::{Config, Secret};
use crate::platform::error::AppError;

pub const AUDIENCE: &str = "lavalist";
/// Other token kinds (e.g. a future e-mail link token) must never pass as a login.
pub const LOGIN_TYPE: &str = "login";
const SECRET_FILE: &str = "token-secret";
/// 256 bits, hex-encoded.
const SECRET_BYTES: usize = 32;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub aud: String,
    pub typ: String,
    pub iat: i64,
    /// Issue time in milliseconds, compared with the user's `tokens_valid_after` (also ms) so a
    /// password reset also voids tokens issued earlier in the same second.
    pub iat_ms: i64,
    pub exp: i64,
    /// The account's session generation (`users.session_version`) the session began under:
    /// logout and password reset advance the row's, and every token of the older generation
    /// is refused. Absent in tokens issued before generations existed: generation 0.
    #[serde(default)]
    pub ver: i64,
    /// When the session began (login or sign-up), in ms. Renewals copy it, so no renewal can
    /// carry a session past `login_ms` + the absolute lifetime. Absent in older tokens: their
    /// issue time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub login_ms: Option<i64>,
}

/// The session a token belongs to: what a renewal copies from the token it renews (never from
/// the account's row, which a logout may have advanced while the renewal ran).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Session {
    pub version: i64,
    pub login_ms: i64,
}

/// What a valid login token says.
#[derive(Debug, Clone, Copy)]
pub struct Verified {
    pub user_id: i64,
    pub issued_ms: i64,
    pub session: Session,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetime_secs: i64,
    /// How long a session may last from its login, renewals included.
    session_max_ms: i64,
}

/// The server secret: the configured one, else the one kept in the data directory (created
/// on first start). Login tokens are signed with it, and result links with a key derived from
/// it (`previews::token`).
pub fn server_secret(config: &Config) -> Result<String, AppError> {
    match config.token_secret.as_ref().map(Secret::expose) {
        Some(secret) if secret.len() >= SECRET_BYTES => Ok(secret.to_string()),
        Some(_) => Err(AppError::internal("the token secret needs at least 32 characters")),
        None => stored_secret(&config.data_dir),
    }
}

impl TokenKeys {
    /// The keys of the server secret ([`server_secret`]).
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        Ok(Self::from_secret(config, &server_secret(config)?))
    }

    /// The keys of `secret`, with the configured lifetimes.
    pub fn from_secret(config: &Config, secret: &str) -> Self {
        let session_max_ms = i64::from(config.session_max_days) * 86_400_000;
        Self::new(secret.as_bytes(), i64::from(config.token_days) * 86_400, session_max_ms)
    }

    pub fn new(secret: &[u8], lifetime_secs: i64, session_max_ms: i64) -> Self {
        TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            lifetime_secs,
            session_max_ms,
        }
    }

    /// The last instant (ms) a session begun at `login_ms` may be used.
    fn session_end_ms(&self, login_ms: i64) -> i64 {
        login_ms.saturating_add(self.session_max_ms)
    }

    /// A login token of `session` for `user_id` issued at `now_ms`, or at `valid_after_ms` (the
    /// user's `tokens_valid_after`) when the clock reads earlier: a token issued right after a
    /// logout in the same millisecond (or on a clock that stands still, in tests) must still
    /// count as issued after it. It expires after the token lifetime or at the session's end,
    /// whichever comes first: renewing cannot stretch a session.
    pub fn issue(
        &self,
        user_id: i64,
        session: Session,
        valid_after_ms: i64,
        now_ms: i64,
    ) -> Result<String, AppError> {
        let now_ms = now_ms.max(valid_after_ms);
        let now_secs = now_ms.div_euclid(1000);
        let session_end_secs = self.session_end_ms(session.login_ms).div_euclid(1000);
        let claims = Claims {
            sub: user_id.to_string(),
            aud: AUDIENCE.into(),
            typ: LOGIN_TYPE.into(),
            iat: now_secs,
            iat_ms: now_ms,
            exp: (now_secs + self.lifetime_secs).min(session_end_secs),
            ver: session.version,
            login_ms: Some(session.login_ms),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(AppError::internal)
    }

    /// What a login token valid at `now_ms` says (its session's generation is the caller's to
    /// compare with the account's). HS256 only: `alg: none` and every other algorithm are
    /// refused by the validation, whatever the header says.
    pub fn verify(&self, token: &str, now_ms: i64) -> Result<Verified, AppError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "aud", "sub"]);
        // Expiry is checked below against the app's clock; the library would read the system's.
        validation.validate_exp = false;
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|e| {
            tracing::warn!(reason = %e, "rejected a bearer token");
            AppError::unauthorized()
        })?;
        // As the library did with no leeway: valid up to and including the `exp` second.
        if data.claims.exp < now_ms.div_euclid(1000) {
            tracing::warn!(reason = "ExpiredSignature", "rejected a bearer token");
            return Err(AppError::unauthorized());
        }
        if data.claims.typ != LOGIN_TYPE {
            tracing::warn!(typ = %data.claims.typ, "rejected a bearer token of another type");
            return Err(AppError::unauthorized());
        }
        let user_id = data.claims.sub.parse().map_err(|_| {
            tracing::warn!("rejected a bearer token whose subject is not a user id");
            AppError::unauthorized()
        })?;
        let session = Session {
            version: data.claims.ver,
            login_ms: data.claims.login_ms.unwrap_or(data.claims.iat_ms),
        };
        // `exp` already stops at the session's end; this also ends tokens issued under a longer
        // setting (after the operator shortens it) and older tokens without a login time.
        if now_ms > self.session_end_ms(session.login_ms) {
            tracing::warn!(reason = "SessionLifetimeOver", "rejected a bearer token");
            return Err(AppError::unauthorized());
        }
        Ok(Verified { user_id, issued_ms: data.claims.iat_ms, session })
    }
}

fn stored_secret(data_dir: &Path) -> Result<String, AppError> {
    let path = data_dir.join(SECRET_FILE);
    if let Ok(secret) = std::fs::read_to_string(&path) {
        let secret = secret.trim().to_string();
        if secret.len() >= SECRET_BYTES {
            return Ok(secret);
        }
    }
    crate::platform::private_files::create_dir(data_dir)?;
    let secret = hex::encode(rand::random::<[u8; SECRET_BYTES]>());
    crate::platform::private_files::write(&path, secret.as_bytes())?;
    tracing::info!(path = %path.display(), "generated a new token secret");
    Ok(secret)
}
