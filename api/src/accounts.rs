//! Account bodies: sign-up with an e-mailed code, login, the current user, password reset.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
