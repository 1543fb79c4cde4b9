//! Outgoing e-mail: SMTP when configured, else an outbox folder of `.eml` files, so a local
//! player can sign up without any mail server (the code is read from the file).

use std::path::PathBuf;

use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{FileTransport, Message, SmtpTransport, Transport};

use crate::config::{Config, SmtpSecurity};
use crate::error::AppError;

#[derive(Clone)]
pub enum Mailer {
    /// One `.eml` file per message under this folder.
    Outbox(PathBuf),
    Smtp(Box<SmtpTransport>),
}

/// One message to send: plain text only.
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mailer {
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        let mail = &config.mail;
        let Some(host) = &mail.smtp_host else {
            let dir = config.data_dir.join("outbox");
            std::fs::create_dir_all(&dir)
                .map_err(|e| AppError::internal(format!("cannot create {}: {e}", dir.display())))?;
            return Ok(Mailer::Outbox(dir));
        };
        let builder = match mail.smtp_security {
            SmtpSecurity::Starttls => SmtpTransport::starttls_relay(host).map_err(AppError::internal)?,
            SmtpSecurity::Tls => SmtpTransport::relay(host).map_err(AppError::internal)?,
            SmtpSecurity::None => SmtpTransport::builder_dangerous(host),
        };
        let default_port = match mail.smtp_security {
            SmtpSecurity::Starttls => 587,
            SmtpSecurity::Tls => 465,
            SmtpSecurity::None => 25,
        };
        let mut builder = builder.port(mail.smtp_port.unwrap_or(default_port));
        if let (Some(user), Some(password)) = (&mail.smtp_user, &mail.smtp_password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Mailer::Smtp(Box::new(builder.build())))
    }

    /// Sends (blocking: call it from `web::block` or a database task). Logs recipient and
    /// subject only: bodies carry codes and reset links.
    pub fn send(&self, from: &str, mail: &Mail) -> Result<(), AppError> {
        let message = Message::builder()
            .from(from.parse().map_err(|e| AppError::internal(format!("bad From address: {e}")))?)
            .to(mail.to.parse().map_err(|_| AppError::bad_request("Please enter a valid e-mail address."))?)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(AppError::internal)?;
        match self {
            Mailer::Outbox(dir) => {
                FileTransport::new(dir)
                    .send(&message)
                    .map_err(|e| AppError::internal(format!("outbox: {e}")))?;
            }
            Mailer::Smtp(transport) => {
                transport.send(&message).map_err(|e| AppError::internal(format!("smtp: {e}")))?;
            }
        }
        tracing::info!(to = %mail.to, subject = %mail.subject, "mail sent");
        Ok(())
    }
}
