//! Outgoing e-mail: SMTP when configured, else an outbox folder of `.eml` files, so a local
//! player can sign up without any mail server (the code is read from the file).
//!
//! Handlers call [`Mailer::send`] after their database work has committed, never inside a
//! `db::run`: a slow mail server must not hold a pool connection that gameplay needs. The send
//! runs on the blocking pool and is bounded twice by `--smtp-timeout-ms`: lettre's own timeout
//! (connecting, and each read and write on the socket) ends the blocking thread's work, and an
//! async timeout around the whole send bounds the answer even when a server trickles replies.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_web::rt::time::timeout;
use actix_web::web;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Message, SmtpTransport, Transport as _};

use crate::platform::config::{Config, MailConfig, SmtpSecurity};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::i18n::Locale;

/// Where messages go, how they are signed and how long one may take. Cheap to clone.
#[derive(Clone)]
pub struct Mailer {
    transport: Arc<Transport>,
    from: String,
    timeout: Duration,
}

enum Transport {
    /// One `.eml` file per message under this folder.
    Outbox(PathBuf),
    Smtp(SmtpTransport),
}

/// One message to send: plain text only (UTF-8; lettre picks 7bit, quoted-printable or base64),
/// with a `Content-Language` of the locale it is written in.
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub locale: Locale,
}

impl Mailer {
    pub fn from_config(config: &Config) -> Result<Self, AppError> {
        let mail = &config.mail;
        let transport = match &mail.smtp_host {
            Some(host) => Transport::Smtp(smtp_transport(host, mail)?),
            None => Transport::Outbox(outbox_dir(config)?),
        };
        Ok(Mailer {
            transport: Arc::new(transport),
            from: mail.mail_from.clone(),
            timeout: Duration::from_millis(mail.smtp_timeout_ms),
        })
    }

    /// Sends off the async workers, giving up after the timeout. A send is logged with the
    /// recipient's domain and hash and the subject only (bodies carry codes and reset links; an
    /// address is personal data); a failure answers 500.
    pub async fn send(&self, mail: Mail) -> Result<(), AppError> {
        self.send_with_headers(mail, Vec::new()).await
    }

    /// [`Mailer::send`] with extra header fields (name, value), e.g. `List-Unsubscribe`.
    pub async fn send_with_headers(
        &self,
        mail: Mail,
        headers: Vec<(String, String)>,
    ) -> Result<(), AppError> {
        let (to, subject) = (mail.to.clone(), mail.subject.clone());
        let mailer = self.clone();
        let sent =
            match timeout(self.timeout, web::block(move || mailer.send_blocking(&mail, &headers))).await {
                Ok(Ok(sent)) => sent,
                Ok(Err(blocking)) => Err(blocking.into()),
                Err(_elapsed) => {
                    Err(AppError::internal(format!("mail not sent within {} ms", self.timeout.as_millis())))
                }
            };
        // No address in the logs: its domain and a short hash (to match a complaint) only.
        let (to_domain, to_hash) = recipient_for_log(&to);
        match &sent {
            Ok(()) => tracing::info!(%to_domain, %to_hash, %subject, "mail sent"),
            Err(err) => tracing::warn!(%to_domain, %to_hash, %subject, error = %err, "mail not sent"),
        }
        sent
    }

    /// The blocking part: builds the message and hands it to the transport.
    fn send_blocking(&self, mail: &Mail, headers: &[(String, String)]) -> Result<(), AppError> {
        let mut builder = Message::builder();
        for (name, value) in headers {
            let name = HeaderName::new_from_ascii(name.clone())
                .map_err(|e| AppError::internal(format!("bad header name {name}: {e}")))?;
            builder = builder.raw_header(HeaderValue::new(name, value.clone()));
        }
        builder = builder.raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Content-Language"),
            mail.locale.tag().to_string(),
        ));
        let message = builder
            .from(self.from.parse().map_err(|e| AppError::internal(format!("bad From address: {e}")))?)
            .to(mail.to.parse().map_err(|_| {
                AppError::refused(ErrorCode::InvalidEmail, "Please enter a valid e-mail address.")
            })?)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(AppError::internal)?;
        match &*self.transport {
            Transport::Outbox(dir) => {
                // Written 0600 (codes and reset links), not through lettre's FileTransport,
                // whose files get the umask's mode.
                let name = format!("{}.eml", hex::encode(rand::random::<[u8; 16]>()));
                crate::platform::private_files::write(&dir.join(name), &message.formatted())?;
            }
            Transport::Smtp(transport) => {
                transport.send(&message).map_err(|e| AppError::internal(format!("smtp: {e}")))?;
            }
        }
        Ok(())
    }
}

/// How a recipient appears in the logs: its domain and the first 12 hex digits of the SHA-256
/// of the whole (normalised) address, never the address.
pub fn recipient_for_log(to: &str) -> (String, String) {
    use sha2::{Digest, Sha256};
    let to = to.trim().to_lowercase();
    let domain = to.rsplit_once('@').map_or("?", |(_, domain)| domain).to_string();
    let hash = hex::encode(Sha256::digest(to.as_bytes()));
    (domain, hash[..12].to_string())
}

fn outbox_dir(config: &Config) -> Result<PathBuf, AppError> {
    let dir = config.data_dir.join("outbox");
    crate::platform::private_files::create_dir(&dir)?;
    Ok(dir)
}

/// lettre's timeout covers the connection and every socket read and write, so a stalled
/// server frees the blocking thread too, not only the request.
fn smtp_transport(host: &str, mail: &MailConfig) -> Result<SmtpTransport, AppError> {
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
    let mut builder = builder
        .port(mail.smtp_port.unwrap_or(default_port))
        .timeout(Some(Duration::from_millis(mail.smtp_timeout_ms)));
    if let (Some(user), Some(password)) = (&mail.smtp_user, &mail.smtp_password) {
        builder = builder.credentials(Credentials::new(user.clone(), password.expose().to_string()));
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::platform::config::Cli;

    #[test]
    fn the_timeout_comes_from_its_setting() {
        let cli = Cli::try_parse_from(["lavalist", "--smtp-timeout-ms", "1500"]).expect("a valid timeout");
        assert_eq!(cli.config.mail.smtp_timeout_ms, 1500);
        assert_eq!(Cli::parse_from(["lavalist"]).config.mail.smtp_timeout_ms, 10_000, "the default");
        assert!(
            Cli::try_parse_from(["lavalist", "--smtp-timeout-ms", "0"]).is_err(),
            "0 would fail every send"
        );
    }

    #[actix_rt::test]
    async fn the_outbox_receives_a_message() {
        let dir = tempfile::TempDir::new().unwrap();
        let mut config = Config::for_database("unused.db");
        config.data_dir = dir.path().to_path_buf();
        let mailer = Mailer::from_config(&config).unwrap();
        let mail = Mail {
            to: "player@example.com".into(),
            subject: "Hello".into(),
            body: "Code 123456".into(),
            locale: Locale::En,
        };
        mailer.send(mail).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.path().join("outbox")).unwrap().collect();
        assert_eq!(files.len(), 1);
    }

    #[test]
    fn a_recipient_is_logged_as_its_domain_and_a_hash() {
        let (domain, hash) = recipient_for_log("Player.One@Example.com");
        assert_eq!(domain, "example.com");
        assert_eq!(hash.len(), 12);
        assert!(!hash.contains("player"));
        assert_eq!(recipient_for_log("player.one@example.com").1, hash, "one hash per mailbox");
        assert_ne!(recipient_for_log("player.two@example.com").1, hash);
    }

    #[actix_rt::test]
    async fn a_bad_recipient_is_a_400() {
        let dir = tempfile::TempDir::new().unwrap();
        let mut config = Config::for_database("unused.db");
        config.data_dir = dir.path().to_path_buf();
        let mailer = Mailer::from_config(&config).unwrap();
        let mail = Mail {
            to: "not an address".into(),
            subject: "Hello".into(),
            body: String::new(),
            locale: Locale::En,
        };
        assert!(matches!(mailer.send(mail).await, Err(AppError::Refused { .. })));
    }
}
