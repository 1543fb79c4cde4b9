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
}

/// Login and a verified sign-up: a bearer token and the user.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuthResponse {
    pub token: String,
    pub user: User,
}

/// `POST /api/auth/request-code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RequestCodeBody {
    pub username: String,
    pub email: String,
    pub password: String,
}

/// `POST /api/auth/verify-code`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyCodeBody {
    pub email: String,
    pub code: String,
}

/// `POST /api/auth/login`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LoginBody {
    pub email: String,
    pub password: String,
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
