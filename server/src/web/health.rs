use std::time::Duration;

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::state::AppState;

/// Liveness: the process is up and answering.
#[utoipa::path(get, path = "/api/health", tag = "health", responses((status = 200, description = "`{\"status\": \"ok\"}`")))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}

/// How long readiness waits for a pooled connection: a load balancer's probe should hear
/// "not ready" well before it gives up on its own.
const READY_WAIT: Duration = Duration::from_secs(2);

/// Readiness: the start-up work is done (waited for at most 2 s), the database answers a query
/// and every migration is applied. A load balancer sends traffic only to a ready instance.
#[utoipa::path(get, path = "/api/ready", tag = "health", responses(
    (status = 200, description = "`{\"status\": \"ready\"}`"),
    (status = 503, description = "The start-up work (what an older release left undone) is still running, the database does not answer, or migrations are pending (code `busy`)", body = lavalist_api::ErrorBody),
))]
#[get("/ready")]
pub async fn ready(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    // Waits for the start-up work as briefly as for a connection: a probe hears "not ready"
    // long before it gives up on its own.
    if !state.startup.wait(READY_WAIT).await {
        return Err(not_ready("the start-up work is still running"));
    }
    let pool = state.pool.clone();
    let pending = web::block(move || {
        let mut conn = pool.get_timeout(READY_WAIT).map_err(|e| AppError::internal(e.to_string()))?;
        db::has_pending_migrations(&mut conn)
    })
    .await?;
    match pending {
        Ok(false) => Ok(HttpResponse::Ok().json(json!({"status": "ready"}))),
        Ok(true) => Err(not_ready("migrations are pending")),
        Err(err) => {
            tracing::warn!(error = ?err, "not ready: the database does not answer");
            Err(not_ready("the database does not answer"))
        }
    }
}

/// 503 with the `busy` code: try again (or another instance) later.
fn not_ready(reason: &str) -> AppError {
    AppError::refused(ErrorCode::Busy, format!("Not ready: {reason}."))
}
