//! Admin insights: players and results per day, each daily game's win rate, average score,
//! hardest and easiest item, the most played community games, open disputes and reports. All
//! computed from what the server already keeps (results and per-game aggregates): nothing new
//! is recorded about anyone.

pub mod queries;

use actix_web::{get, web};
use game_core::calendar::today;
use lavalist_api::insights::{Insights, InsightsQuery};

use crate::domains::accounts::interface::Admin;
use crate::platform::db;
use crate::platform::error::AppError;
use crate::state::AppState;

/// The window's default and longest length, in days.
pub const DEFAULT_DAYS: u32 = 30;
pub const MAX_DAYS: u32 = 90;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(insights);
}

/// The last `days` game days (New York), today included, oldest first.
#[utoipa::path(get, path = "/api/admin/insights", tag = "admin", params(InsightsQuery),
    responses((status = 200, body = Insights), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 403, body = lavalist_api::ErrorBody)))]
#[get("/admin/insights")]
pub async fn insights(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<InsightsQuery>,
) -> Result<web::Json<Insights>, AppError> {
    let days = query.days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(AppError::bad_request(format!("days is 1 to {MAX_DAYS}.")));
    }
    let today = today(state.clock.now());
    let insights = db::run(&state.pool, move |conn| queries::insights(conn, today, days)).await?;
    Ok(web::Json(insights))
}
