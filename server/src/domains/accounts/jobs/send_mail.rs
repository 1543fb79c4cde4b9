//! `send_mail`: one e-mail (a sign-up code, a reset link, an account notice), queued with the
//! work that needs it and sent by the job runner, retried with back-off when the mail server
//! is away. The handler that queues it also tries it at once ([`send_soon`]), so a working mail
//! server delivers before the answer, as before; a failing one no longer fails the request.
//!
//! The data holds the message (a code, a link) until it is sent: the finished row keeps no data,
//! and a message with an `expires_at` (a code's lifetime) is dropped unsent once it is useless.

use std::time::Duration;

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::platform::db::DbConn;
use crate::platform::error::AppError;
use crate::platform::i18n::Locale;
use crate::platform::jobs::{Job, JobError};
use crate::platform::mail::Mail;
use crate::state::AppState;

/// The longest a request waits for its own mail to go out before it answers anyway (the send
/// goes on, and is retried, in the background).
pub const REQUEST_WAIT: Duration = Duration::from_secs(2);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SendMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The message's language tag (`Content-Language`).
    pub locale: String,
    #[serde(default)]
    pub headers: Vec<(String, String)>,
    /// When the message stops being worth sending (ms since the epoch).
    #[serde(default)]
    pub expires_at: Option<i64>,
}

impl SendMail {
    pub fn new(mail: Mail, expires_at: Option<i64>) -> Self {
        SendMail {
            to: mail.to,
            subject: mail.subject,
            body: mail.body,
            locale: mail.locale.tag().to_string(),
            headers: Vec::new(),
            expires_at,
        }
    }

    /// Queues it on `conn` (in the caller's transaction). With a `replacing` key, an earlier
    /// message queued under that key is dropped (a newer code supersedes it).
    pub fn enqueue(
        &self,
        state: &AppState,
        conn: &mut DbConn,
        replacing: Option<&str>,
    ) -> Result<i64, AppError> {
        match replacing {
            Some(key) => state.jobs.enqueue_replacing(conn, self, key),
            None => state
                .jobs
                .enqueue(conn, self, None)?
                .ok_or_else(|| AppError::internal("an unkeyed job was not queued")),
        }
    }
}

impl Job for SendMail {
    const KIND: &'static str = "send_mail";
    type Context = web::Data<AppState>;

    async fn run(self, state: Self::Context) -> Result<(), JobError> {
        if self.expires_at.is_some_and(|at| at <= state.clock.now_ms()) {
            let (to_domain, to_hash) = crate::platform::mail::recipient_for_log(&self.to);
            tracing::info!(%to_domain, %to_hash, subject = %self.subject, "mail dropped unsent: it expired");
            return Ok(());
        }
        let mail = Mail {
            to: self.to,
            subject: self.subject,
            body: self.body,
            locale: Locale::from_tag(&self.locale).unwrap_or(Locale::En),
        };
        match state.mailer.send_with_headers(mail, self.headers).await {
            Ok(()) => Ok(()),
            // An address the transport refuses stays refused.
            Err(AppError::Refused { message, .. }) => Err(JobError::Fail(message)),
            Err(err) => Err(err.into()),
        }
    }
}

/// Runs the queued mail `id` now, waiting at most [`REQUEST_WAIT`] (less with a shorter mail
/// timeout); whatever happens it stays the runner's to retry. Never fails the request.
pub async fn send_soon(state: &web::Data<AppState>, id: i64) {
    let wait = REQUEST_WAIT
        .min(Duration::from_millis(state.config.mail.smtp_timeout_ms) + Duration::from_millis(200));
    if let Err(err) = state.jobs.run_now::<SendMail>(&state.pool, id, state.clone(), wait).await {
        tracing::warn!(job = id, error = %err, "mail queued; the job runner sends it");
    }
}
