//! The extractor of routes only a group's owner may use: `GroupOwner` reads the group id from
//! the path's `{id}`, then answers 401 without a login, 404 `groupNotFound` to a player who is
//! not a member (admins included: groups are private to their members) and 403 to a member who
//! is not the owner.

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::queries::{self, GroupRow};
use crate::domains::accounts::interface::AuthUser;
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;

#[derive(Debug, Clone)]
pub struct GroupOwner {
    pub user_id: i64,
    pub group: GroupRow,
}

impl FromRequest for GroupOwner {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        let id = req.match_info().get("id").map(str::to_string);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let path = req.path().to_string();
        Box::pin(async move {
            let user = user.await?;
            let group_id: i64 = id.as_deref().and_then(|id| id.parse().ok()).ok_or_else(|| {
                AppError::refused(ErrorCode::InvalidPath, "Invalid path: the group id is not a number.")
            })?;
            let state = state.ok_or_else(|| AppError::internal("no app state"))?;
            let user_id = user.row.id;
            let group =
                db::run(&state.pool, move |conn| queries::group_of_member(conn, group_id, user_id)).await?;
            if group.owner_id != user_id {
                tracing::warn!(user_id, group_id, %path, "a member who is not the owner refused");
                return Err(AppError::refused(ErrorCode::Forbidden, "Only the group's owner may do this."));
            }
            Ok(GroupOwner { user_id, group })
        })
    }
}
