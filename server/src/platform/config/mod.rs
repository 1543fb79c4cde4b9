//! Every setting the server reads, in one place: the command line and its environment variables.
//! [`Config`] is the table of settings with their defaults (docs/operations.md is generated from
//! it); `cli.rs` holds the sub-commands, `secret.rs` the values `Debug` must hide.

mod cli;
mod secret;

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use clap::{Args, Parser};

pub use cli::{AdminCommand, Command, GamesCommand, JobsCommand};
pub use secret::{DatabaseUrlSetting, Secret};

use crate::platform::client_ip::IpNet;
use crate::platform::clock::Clock;
use crate::platform::db::DatabaseUrl;
use crate::platform::error::AppError;
use crate::platform::ratelimit::RuleSetting;

#[derive(Debug, Clone, Parser)]
#[command(name = "lavalist", version, about = "Lavalist: the daily list-guessing game server")]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "LAVALIST_BIND", default_value = "127.0.0.1:8080", global = true)]
    pub bind: String,
    /// `postgres://…` for PostgreSQL; anything else is a SQLite file path.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "data/lavalist.db",
        hide_env_values = true,
        global = true
    )]
    pub database_url: DatabaseUrlSetting,
    /// The built front end (Vite's `dist`).
    #[arg(long, env = "LAVALIST_STATIC_DIR", default_value = "frontend/dist", global = true)]
    pub static_dir: PathBuf,
    /// The address players reach the app at (used in links the server writes).
    #[arg(long, env = "LAVALIST_PUBLIC_URL", default_value = "http://localhost:8080", global = true)]
    pub public_url: String,
    /// How long a SQLite writer waits for the lock before the request answers 503.
    #[arg(long, env = "LAVALIST_SQLITE_BUSY_TIMEOUT_MS", default_value_t = crate::platform::db::DEFAULT_SQLITE_BUSY_TIMEOUT_MS, global = true)]
    pub sqlite_busy_timeout_ms: u32,
    /// PostgreSQL: the longest one statement may run, in milliseconds (`statement_timeout` on
    /// every connection; 0 = none). A slow or locked table then answers 503, and today's game
    /// and the home page answer from their cache; migrations and the command-line tools are
    /// not bound by it.
    #[arg(long, env = "LAVALIST_DB_STATEMENT_TIMEOUT_MS", default_value_t = crate::platform::db::DEFAULT_STATEMENT_TIMEOUT_MS, global = true)]
    pub db_statement_timeout_ms: u32,
    /// How long a request waits for a pooled database connection before it answers 503, in
    /// milliseconds (also how long one waits while the database is down).
    #[arg(long, env = "LAVALIST_DB_POOL_TIMEOUT_MS", default_value_t = crate::platform::db::DEFAULT_POOL_TIMEOUT_MS, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub db_pool_timeout_ms: u32,
    /// Database connections in the pool (default: twice the cores, at least 4).
    #[arg(long, env = "LAVALIST_DB_POOL", value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub db_pool: Option<u32>,
    /// HTTP worker threads (default: one per core).
    #[arg(long, env = "LAVALIST_WORKERS", global = true)]
    pub workers: Option<usize>,
    /// Score submissions one address may make per game per hour (schools and offices share one;
    /// 0 = no cap).
    #[arg(long, env = "LAVALIST_SUBMISSIONS_PER_IP_PER_HOUR", default_value_t = 300, global = true)]
    pub submissions_per_ip_per_hour: u32,
    /// Largest accepted request body, in bytes.
    #[arg(long, env = "LAVALIST_BODY_LIMIT", default_value_t = 64 * 1024, global = true)]
    pub body_limit: usize,
    /// Where the server keeps its own files: the generated token secret and the mail outbox.
    #[arg(long, env = "LAVALIST_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,
    /// The secret that signs login tokens (at least 32 characters). Unset: one is generated on
    /// first start and kept in `{data-dir}/token-secret`.
    #[arg(long, env = "LAVALIST_TOKEN_SECRET", hide_env_values = true, global = true)]
    pub token_secret: Option<Secret>,
    /// How long a login token stays valid, in days (at most 30), counted from the player's last
    /// visit: every `GET /api/user` renews it.
    #[arg(long, env = "LAVALIST_TOKEN_DAYS", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=30), global = true)]
    pub token_days: u32,
    /// How long a session lasts at most from its login, in days, however often its token is
    /// renewed: a stolen token dies by then whatever its holder does.
    #[arg(long, env = "LAVALIST_SESSION_MAX_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=365), global = true)]
    pub session_max_days: u32,
    #[command(flatten)]
    pub mail: MailConfig,
    /// Rate limits overriding the defaults, `NAME=LIMIT/WINDOW` (window in s, m, h or d; `0/…`
    /// or `off` turns a bucket off), comma-separated or repeated: `login-ip=30/5m,upload-account=20/1h`.
    /// Buckets: login, request-code, verify-code, forgot-password, reset-password, upload, autofill,
    /// dispute, report, boards, export, invite-preview, webhook, card (link-preview images drawn), reminder
    /// and challenge, each with `-ip` and `-account`, plus `login-account-all`,
    /// `request-code-account-all` and `forgot-password-account-all` (per e-mail across every
    /// network), and `report-guest-ip`, `dispute-guest-ip`, `reminder-guest-ip` and
    /// `challenge-guest-ip` (all guests of one address together).
    #[arg(long = "rate-limit", env = "LAVALIST_RATE_LIMITS", value_delimiter = ',', global = true)]
    pub rate_limits: Vec<RuleSetting>,
    /// Reverse proxies (IPs or CIDRs, comma-separated) whose `X-Forwarded-For` is believed.
    /// Default none: the socket peer is the client.
    #[arg(long, env = "LAVALIST_TRUSTED_PROXIES", value_delimiter = ',', global = true)]
    pub trusted_proxies: Vec<IpNet>,
    /// Origins (exact `scheme://host[:port]`, comma-separated) other sites may call the API
    /// from. Default none: CORS closed.
    #[arg(long, env = "LAVALIST_CORS_ORIGINS", value_delimiter = ',', global = true)]
    pub cors_origins: Vec<String>,
    /// Sources added to the front end's Content-Security-Policy, as `directive source …`
    /// separated by `;`, e.g. `script-src https://widget.example; connect-src https://stats.example`.
    #[arg(long, env = "LAVALIST_CSP_EXTRA", global = true)]
    pub csp_extra: Option<String>,
    #[command(flatten)]
    pub autofill: AutofillConfig,
    #[command(flatten)]
    pub channels: ChannelsConfig,
    #[command(flatten)]
    pub reminders: ReminderConfig,
    #[command(flatten)]
    pub jobs: JobsConfig,
    /// The fewest players a game's stats need before they show figures about the others: the
    /// find rate of each answer, the average, the score distribution and a best or top-N %
    /// standing (and so the share text's rarest find). Below it a player sees only their own
    /// result, and "first to finish" when they are.
    #[arg(long, env = "LAVALIST_STATS_MIN_PLAYERS", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub stats_min_players: u32,
    /// Groups one player may belong to, the ones they own included.
    #[arg(long, env = "LAVALIST_MAX_GROUPS_PER_PLAYER", default_value_t = 20, global = true)]
    pub max_groups_per_player: u32,
    /// Members one group may have, its owner included.
    #[arg(long, env = "LAVALIST_MAX_GROUP_MEMBERS", default_value_t = 200, global = true)]
    pub max_group_members: u32,
    /// The operator's contact for privacy questions (an e-mail address), shown in the privacy
    /// policy (`GET /api/privacy`). Unset: the policy names none.
    #[arg(long, env = "LAVALIST_PRIVACY_CONTACT", global = true)]
    pub privacy_contact: Option<String>,
    /// The date the privacy policy last changed (`YYYY-MM-DD`), shown in the policy.
    #[arg(long, env = "LAVALIST_PRIVACY_UPDATED", default_value = "2026-11-25", global = true)]
    pub privacy_updated: chrono::NaiveDate,
    /// The fonts link-preview cards are drawn with: every font file under this folder. Unset:
    /// the system's fonts (Debian: `fonts-noto-core` and `fonts-noto-cjk` cover every script
    /// of the app's languages). Loaded once at start.
    #[arg(long, env = "LAVALIST_FONTS_DIR", global = true)]
    pub fonts_dir: Option<PathBuf>,
    /// Log lines as JSON objects instead of text.
    #[arg(long, env = "LAVALIST_LOG_JSON", global = true)]
    pub log_json: bool,
    /// Tests only: the server's clock reads this RFC 3339 instant at start, then runs on.
    /// Refused by release builds.
    #[arg(long, env = "LAVALIST_FAKE_NOW", hide = true, global = true)]
    pub fake_now: Option<DateTime<Utc>>,
    /// Serve Prometheus metrics at `/metrics` on this address (e.g. `127.0.0.1:9090`), apart
    /// from the public one. Unset: no metrics, nothing listens.
    #[arg(long, env = "LAVALIST_METRICS_BIND", global = true)]
    pub metrics_bind: Option<String>,
}

/// Where e-mail goes: SMTP when `--smtp-host` is set, else `.eml` files in `{data-dir}/outbox/`.
#[derive(Debug, Clone, Args)]
pub struct MailConfig {
    /// SMTP server host; unset = write messages to the outbox folder instead.
    #[arg(long, env = "LAVALIST_SMTP_HOST", global = true)]
    pub smtp_host: Option<String>,
    /// SMTP port (default: 587 for STARTTLS, 465 for TLS, 25 for none).
    #[arg(long, env = "LAVALIST_SMTP_PORT", global = true)]
    pub smtp_port: Option<u16>,
    /// SMTP user name; unset = no authentication.
    #[arg(long, env = "LAVALIST_SMTP_USER", global = true)]
    pub smtp_user: Option<String>,
    /// SMTP password (with `--smtp-user`); never logged.
    #[arg(long, env = "LAVALIST_SMTP_PASSWORD", hide_env_values = true, global = true)]
    pub smtp_password: Option<Secret>,
    /// Connection security: `starttls`, `tls` or `none` (loopback and tests only).
    #[arg(long, env = "LAVALIST_SMTP_SECURITY", value_enum, default_value_t = SmtpSecurity::Starttls, global = true)]
    pub smtp_security: SmtpSecurity,
    /// The From address of every message.
    #[arg(long, env = "LAVALIST_MAIL_FROM", default_value = "Lavalist <no-reply@localhost>", global = true)]
    pub mail_from: String,
    /// How long one message may take to send, in milliseconds: lettre's SMTP timeout (connect,
    /// each read and write) and a bound on the whole send; then the request answers 500.
    #[arg(long, env = "LAVALIST_SMTP_TIMEOUT_MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..), global = true)]
    pub smtp_timeout_ms: u64,
}

/// `POST /api/autofill-game-info`: the per-user cooldown and the optional OpenAI-compatible
/// provider (used when both `--autofill-api-url` and `--autofill-model` are set; the built-in
/// rules answer otherwise, and whenever the provider fails).
#[derive(Debug, Clone, Args)]
pub struct AutofillConfig {
    /// Time one account must wait between two autofills, in milliseconds (0 = none).
    #[arg(long, env = "LAVALIST_AUTOFILL_COOLDOWN_MS", default_value_t = 30_000, global = true)]
    pub autofill_cooldown_ms: u64,
    /// Base URL of an OpenAI-compatible API (`{url}/chat/completions` is called), e.g.
    /// `https://api.openai.com/v1` or a local server's `http://127.0.0.1:11434/v1`.
    #[arg(long, env = "LAVALIST_AUTOFILL_API_URL", global = true)]
    pub autofill_api_url: Option<String>,
    /// The model name sent with each request.
    #[arg(long, env = "LAVALIST_AUTOFILL_MODEL", global = true)]
    pub autofill_model: Option<String>,
    /// Bearer key for the API (optional: local servers often need none).
    #[arg(long, env = "LAVALIST_AUTOFILL_API_KEY", hide_env_values = true, global = true)]
    pub autofill_api_key: Option<Secret>,
    /// How long to wait for the API's whole answer before using the built-in rules, in ms.
    #[arg(long, env = "LAVALIST_AUTOFILL_TIMEOUT_MS", default_value_t = 10_000, global = true)]
    pub autofill_timeout_ms: u64,
}

/// Group channels: how the server delivers to the chat webhooks group owners connect
/// (`channels/`), under the address rules of `outbound/`.
#[derive(Debug, Clone, Args)]
pub struct ChannelsConfig {
    /// How long one webhook delivery may take in all (connecting, TLS, the answer), in ms; the
    /// connection and the TLS handshake each get at most 3 s of it.
    #[arg(long, env = "LAVALIST_CHANNEL_TIMEOUT_MS", default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(100..=60_000), global = true)]
    pub channel_timeout_ms: u64,
    /// Failed attempts in a row after which a group's webhook is disabled (its owner is told on
    /// the group page and re-enables it by saving the address again).
    #[arg(long, env = "LAVALIST_CHANNEL_MAX_FAILURES", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=20), global = true)]
    pub channel_max_failures: u32,
    /// The wait before the first retry of a failed delivery, in seconds; it doubles with each
    /// further failure (at most one hour).
    #[arg(long, env = "LAVALIST_CHANNEL_RETRY_SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3_600), global = true)]
    pub channel_retry_secs: u64,
    /// How often the delivery round (a recurring job, run by one instance at a time) looks for
    /// due deliveries and, after New York midnight, queues yesterday's boards, in ms.
    #[arg(long, env = "LAVALIST_CHANNEL_POLL_MS", default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(100..=600_000), global = true)]
    pub channel_poll_ms: u64,
    /// Tests only: webhooks may also be `http://` receivers on loopback addresses. Refused by
    /// release builds.
    #[arg(long, env = "LAVALIST_CHANNEL_ALLOW_LOOPBACK", hide = true, global = true)]
    pub channel_allow_loopback: bool,
}

impl ChannelsConfig {
    /// The address rules deliveries follow (loopback receivers only with the test setting, in
    /// a debug build).
    pub fn policy(&self) -> Result<crate::platform::outbound::AddressPolicy, AppError> {
        if self.channel_allow_loopback && !cfg!(debug_assertions) {
            return Err(AppError::internal(
                "--channel-allow-loopback is only accepted by debug (test) builds",
            ));
        }
        Ok(crate::platform::outbound::AddressPolicy { allow_loopback_http: self.channel_allow_loopback })
    }

    pub fn limits(&self) -> crate::platform::outbound::Limits {
        let total = std::time::Duration::from_millis(self.channel_timeout_ms);
        crate::platform::outbound::Limits {
            connect: total.min(std::time::Duration::from_secs(3)),
            total,
            max_body: 4 * 1024,
        }
    }
}

/// The job runner (`platform/jobs`): background work (e-mail, channel messages, start-up
/// backfills) kept in the database and run by whichever instance claims it.
#[derive(Debug, Clone, Args)]
pub struct JobsConfig {
    /// How often each instance looks for due jobs, in ms.
    #[arg(long, env = "LAVALIST_JOB_POLL_MS", default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(10..=600_000), global = true)]
    pub job_poll_ms: u64,
    /// How long an instance holds a job it claimed, in ms: a run is abandoned (and retried) when
    /// it takes longer, and a job whose instance died is taken up again after it.
    #[arg(long, env = "LAVALIST_JOB_LEASE_MS", default_value_t = 120_000, value_parser = clap::value_parser!(u64).range(1_000..=86_400_000), global = true)]
    pub job_lease_ms: u64,
    /// Jobs one instance claims and runs side by side at a time.
    #[arg(long, env = "LAVALIST_JOB_BATCH", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000), global = true)]
    pub job_batch: u32,
    /// The wait before a failed job's second run, in ms; it doubles with each further failure
    /// (at most `--job-retry-max-ms`), and up to half of it is taken off at random.
    #[arg(long, env = "LAVALIST_JOB_RETRY_BASE_MS", default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..=86_400_000), global = true)]
    pub job_retry_base_ms: u64,
    /// The longest wait between two runs of a failing job, in ms.
    #[arg(long, env = "LAVALIST_JOB_RETRY_MAX_MS", default_value_t = 3_600_000, value_parser = clap::value_parser!(u64).range(1..=604_800_000), global = true)]
    pub job_retry_max_ms: u64,
    /// Runs after which a failing job is dead (kept for an operator: `lavalist jobs list
    /// --dead`, `lavalist jobs retry ID`), unless its kind sets its own.
    #[arg(long, env = "LAVALIST_JOB_MAX_ATTEMPTS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100), global = true)]
    pub job_max_attempts: u32,
}

/// Daily reminders: the scheduler (a recurring job of the job runner), web push (VAPID, RFC 8292) and the push
/// services the server sends to.
#[derive(Debug, Clone, Args)]
pub struct ReminderConfig {
    /// How often the reminder scheduler (a recurring job, run by one instance at a time) looks
    /// for due reminders, in milliseconds (0 = this instance never runs it; others on the same
    /// database still do).
    #[arg(long, env = "LAVALIST_REMINDER_INTERVAL_MS", default_value_t = 30_000, global = true)]
    pub reminder_interval_ms: u64,
    /// Reminders one instance claims from the database at a time.
    #[arg(long, env = "LAVALIST_REMINDER_BATCH", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000), global = true)]
    pub reminder_batch: u32,
    /// Reminders (pushes and e-mails together) one instance sends per second at most.
    #[arg(long, env = "LAVALIST_REMINDER_RATE", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub reminder_rate: u32,
    /// The VAPID private key (the P-256 scalar, 32 bytes, base64url). Unset: one is created on
    /// first start and kept in the database, so every instance signs with the same key.
    #[arg(long, env = "LAVALIST_VAPID_PRIVATE_KEY", hide_env_values = true, global = true)]
    pub vapid_private_key: Option<Secret>,
    /// The contact in every VAPID token (`mailto:` or `https:`), for push services to reach the
    /// operator. Unset: `--public-url`.
    #[arg(long, env = "LAVALIST_VAPID_SUBJECT", global = true)]
    pub vapid_subject: Option<String>,
    /// Push services the server sends to: host names, `*.` for any subdomain, comma-separated.
    /// A browser's subscription elsewhere is refused; only https.
    #[arg(
        long,
        env = "LAVALIST_PUSH_SERVICES",
        value_delimiter = ',',
        default_value = "fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com",
        global = true
    )]
    pub push_services: Vec<String>,
    /// How long one push service may take to answer, in milliseconds.
    #[arg(long, env = "LAVALIST_PUSH_TIMEOUT_MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..), global = true)]
    pub push_timeout_ms: u64,
    /// Tests only: also admit `http://127.0.0.1:{port}/…` push endpoints (a receiver in the test
    /// suite). Refused by release builds.
    #[arg(long, env = "LAVALIST_PUSH_TEST_RECEIVER", hide = true, global = true)]
    pub push_test_receiver: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SmtpSecurity {
    Starttls,
    Tls,
    None,
}

impl Config {
    pub fn database(&self) -> DatabaseUrl {
        DatabaseUrl {
            sqlite_busy_timeout_ms: self.sqlite_busy_timeout_ms,
            statement_timeout_ms: self.db_statement_timeout_ms,
            ..DatabaseUrl::parse(self.database_url.as_str())
        }
    }

    /// `--db-pool`, else twice the cores and at least 4: more connections than the database's
    /// cores can run only queue inside it, where the scheduler, not the pool's fair queue,
    /// decides who waits (8 on this project's 2-core machines put explore's p99 at 24–42 ms
    /// where 4 kept it within 15 ms; `docs/performance.md`).
    pub fn db_pool_size(&self) -> u32 {
        self.db_pool.unwrap_or_else(|| {
            let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
            u32::try_from(cores * 2).unwrap_or(u32::MAX).max(4)
        })
    }

    /// `--db-pool-timeout-ms` as a duration.
    pub fn pool_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::from(self.db_pool_timeout_ms))
    }

    /// The system clock, or with `--fake-now` (debug builds only) one that starts there.
    pub fn clock(&self) -> Result<Clock, AppError> {
        match self.fake_now {
            None => Ok(Clock::system()),
            // A release binary must never run on a made-up time.
            Some(_) if !cfg!(debug_assertions) => {
                Err(AppError::internal("--fake-now is only accepted by debug (test) builds"))
            }
            Some(start) => Ok(Clock::starting_at(start)),
        }
    }

    /// The defaults, for tests and tools that build a config by hand.
    pub fn for_database(database_url: &str) -> Self {
        let mut cli = Cli::parse_from(["lavalist"]);
        cli.config.database_url = DatabaseUrlSetting(database_url.to_string());
        cli.config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_every_secret() {
        let cli = Cli::try_parse_from([
            "lavalist",
            "--database-url",
            "postgres://lava:db-pass-6a1f@db.example:5432/lavalist?sslmode=require&password=q-pass-77c2",
            "--token-secret",
            "token-secret-0123456789abcdef0123456789",
            "--smtp-user",
            "mailer",
            "--smtp-password",
            "smtp-pass-93be",
            "--autofill-api-key",
            "sk-autofill-4d2e",
            "--vapid-private-key",
            "vapid-key-5c1b",
        ])
        .expect("valid flags");
        let text = format!("{:?}", cli.config);
        for secret in [
            "db-pass-6a1f",
            "q-pass-77c2",
            "token-secret-0123456789abcdef0123456789",
            "smtp-pass-93be",
            "sk-autofill-4d2e",
            "vapid-key-5c1b",
        ] {
            assert!(!text.contains(secret), "{secret} leaked into {text}");
        }
        // What is not secret stays readable, and the values are still there to use.
        assert!(
            text.contains(
                "postgres://lava:[redacted]@db.example:5432/lavalist?sslmode=require&password=[redacted]"
            ),
            "{text}"
        );
        assert!(text.contains("mailer"), "{text}");
        assert_eq!(text.matches("[redacted]").count(), 6, "{text}");
        assert_eq!(cli.config.mail.smtp_password.as_ref().map(Secret::expose), Some("smtp-pass-93be"));
        assert_eq!(
            cli.config.database().target,
            "postgres://lava:db-pass-6a1f@db.example:5432/lavalist?sslmode=require&password=q-pass-77c2"
        );
    }
}
