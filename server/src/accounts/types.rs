//! Account rows and the JSON the account endpoints read and write.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{pending_signups, users};
use crate::viewer::Account;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub role: Option<String>,
    pub password_hash: Option<String>,
    pub tokens_valid_after: i64,
}

impl UserRow {
    pub fn is_admin(&self) -> bool {
        self.role.as_deref() == Some("admin")
    }

    pub fn account(&self) -> Account {
        Account { id: self.id, username: self.username.clone(), admin: self.is_admin() }
    }

    pub fn public(&self) -> UserJson {
        UserJson { username: self.username.clone(), email: self.email.clone(), role: self.role.clone() }
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = pending_signups)]
pub struct PendingSignup {
    pub email: String,
    pub username: String,
    pub username_lower: String,
    pub password_hash: String,
    pub code_hash: String,
    pub wrong_tries: i32,
    pub expires_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserJson {
    pub username: String,
    pub email: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    pub user: UserJson,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub token: String,
    pub user: UserJson,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestCodeBody {
    pub username: String,
    pub email: String,
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyCodeBody {
    pub email: String,
    pub code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotPasswordBody {
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordBody {
    pub token: String,
    pub new_password: String,
}
