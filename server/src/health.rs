use actix_web::{get, HttpResponse};
use serde_json::json;

/// Liveness: the process is up and answering.
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}
