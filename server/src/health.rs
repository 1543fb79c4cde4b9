use actix_web::{get, HttpResponse};
use serde_json::json;

/// Liveness: the process is up and answering.
#[utoipa::path(get, path = "/api/health", tag = "health", responses((status = 200, description = "`{\"status\": \"ok\"}`")))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}
