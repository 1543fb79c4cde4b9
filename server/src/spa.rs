//! The built front end: files as they are, and `index.html` for every other non-API path so
//! that client-side routes survive a reload.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::{web, HttpResponse};

pub fn configure(cfg: &mut web::ServiceConfig, static_dir: &Path) {
    let index = static_dir.join("index.html");
    let files = Files::new("/", static_dir).index_file("index.html").default_handler(fn_service(
        move |req: ServiceRequest| {
            let index = index.clone();
            async move { fallback(req, index).await }
        },
    ));
    cfg.service(files);
}

async fn fallback(req: ServiceRequest, index: PathBuf) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    if req.path().starts_with("/api/") || req.path() == "/api" {
        let res = HttpResponse::NotFound().json(serde_json::json!({"error": "Not found."}));
        return Ok(ServiceResponse::new(req, res));
    }
    let res = match NamedFile::open_async(&index).await {
        Ok(file) => file.into_response(&req),
        Err(_) => HttpResponse::NotFound().json(serde_json::json!({"error": "The front end is not built."})),
    };
    Ok(ServiceResponse::new(req, res))
}
