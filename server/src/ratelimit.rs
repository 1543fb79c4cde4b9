//! Rate limits: named buckets (`login-ip`, `login-account`, …), each a sliding window of at
//! most `limit` counted requests per key. Every limited endpoint has two independent buckets:
//! one keyed by the client address (IPv6 by /64, see `client_ip`) and one by the account or
//! e-mail. E-mail-keyed buckets of login, request-code and forgot-password count per e-mail
//! *and* client network (IPv4 /24, IPv6 /48), so requests from one network cannot lock the
//! owner out from another. Events are counted in the database (`rate_events`), so a limit
//! holds across several instances and restarts.
//!
//! Login is special (see [`RateLimiter::limit_login`]): only failures count in its account
//! buckets. Per account and network, past `limit` failures each further attempt waits a
//! growing delay (2^k seconds, capped) instead of a lockout; `login-account-all` is a much
//! higher ceiling per account across all networks.
//!
//! Handlers call [`limit`] once; over a limit it answers 429 with `Retry-After`: the seconds
//! until the oldest counted event leaves the window. Refused requests are not counted, so a
//! client that waits `Retry-After` does get through.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use actix_web::HttpRequest;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use sha2::{Digest, Sha256};

use crate::client_ip::{self, IpNet};
use crate::clock::Clock;
use crate::db::{self, write_transaction, DbConn, Pool};
use crate::error::AppError;
use crate::schema::rate_events;
use crate::window::SlidingWindow;

/// The limited endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    Login,
    RequestCode,
    VerifyCode,
    ForgotPassword,
    ResetPassword,
    Upload,
    Autofill,
    Report,
    Dispute,
    Boards,
}

impl Endpoint {
    const ALL: [Endpoint; 10] = [
        Endpoint::Login,
        Endpoint::RequestCode,
        Endpoint::VerifyCode,
        Endpoint::ForgotPassword,
        Endpoint::ResetPassword,
        Endpoint::Upload,
        Endpoint::Autofill,
        Endpoint::Report,
        Endpoint::Dispute,
        Endpoint::Boards,
    ];

    fn name(self) -> &'static str {
        match self {
            Endpoint::Login => "login",
            Endpoint::RequestCode => "request-code",
            Endpoint::VerifyCode => "verify-code",
            Endpoint::ForgotPassword => "forgot-password",
            Endpoint::ResetPassword => "reset-password",
            Endpoint::Upload => "upload",
            Endpoint::Autofill => "autofill",
            Endpoint::Report => "report",
            Endpoint::Dispute => "dispute",
            Endpoint::Boards => "boards",
        }
    }
}

/// Which key a bucket counts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The client address.
    Ip,
    /// The account: the e-mail and client network for login, sign-up and reset; the user id
    /// for logged-in routes.
    Account,
    /// The account across every network: login's global ceiling, and the mailbox ceiling of
    /// the endpoints that send mail (request-code, forgot-password).
    AccountAll,
    /// The client address, counting guests only: every key a guest makes up on that address
    /// shares one allowance (report, dispute), so new keys buy no more.
    GuestIp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bucket {
    pub endpoint: Endpoint,
    pub scope: Scope,
}

impl Bucket {
    pub const fn ip(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::Ip }
    }

    pub const fn account(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::Account }
    }

    pub const fn account_all(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::AccountAll }
    }

    pub const fn guest_ip(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::GuestIp }
    }

    /// `login-ip`, `login-account`, …: the name in the flag and in the table.
    pub fn name(self) -> String {
        let scope = match self.scope {
            Scope::Ip => "ip",
            Scope::Account => "account",
            Scope::AccountAll => "account-all",
            Scope::GuestIp => "guest-ip",
        };
        format!("{}-{scope}", self.endpoint.name())
    }
}

/// At most `limit` requests per `window_secs`; a limit of 0 turns the bucket off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub limit: u32,
    pub window_secs: u64,
}

impl Rule {
    fn window(self) -> SlidingWindow {
        SlidingWindow::from_secs(self.limit, self.window_secs)
    }
}

const MINUTE: u64 = 60;
const HOUR: u64 = 60 * MINUTE;

/// The defaults: generous enough for a household behind one address.
fn default_rule(bucket: Bucket) -> Rule {
    use Endpoint::*;
    let (limit, window_secs) = match (bucket.endpoint, bucket.scope) {
        (Login, Scope::Ip) => (30, 5 * MINUTE),
        // Failed logins per account and network before the growing delay starts.
        (Login, Scope::Account) => (5, HOUR),
        // Failed logins per account from all networks together: bounds distributed guessing.
        (Login, Scope::AccountAll) => (100, HOUR),
        // Mails to one mailbox from all networks together: nobody can flood an inbox by
        // spreading requests over many addresses, and the owner's own network still has its
        // per-network bucket's room until this much higher ceiling.
        (RequestCode | ForgotPassword, Scope::AccountAll) => (20, HOUR),
        (_, Scope::AccountAll) => (0, HOUR),
        // All the guests of one address together get one player's allowance (the `-account`
        // bucket's): a guest who makes up new userKeys gets no more reports or disputes.
        (Report, Scope::GuestIp) => (10, HOUR),
        (Dispute, Scope::GuestIp) => (20, HOUR),
        (_, Scope::GuestIp) => (0, HOUR),
        (RequestCode, Scope::Ip) => (10, HOUR),
        (RequestCode, Scope::Account) => (3, 10 * MINUTE),
        (VerifyCode, Scope::Ip) => (30, HOUR),
        // Each code already dies after 5 wrong tries, and codes are capped per e-mail.
        (VerifyCode, Scope::Account) => (0, HOUR),
        (ForgotPassword, Scope::Ip) => (10, HOUR),
        (ForgotPassword, Scope::Account) => (3, HOUR),
        // Every attempt, valid token or not: caps token guessing and the argon2 work.
        (ResetPassword, Scope::Ip) => (20, HOUR),
        // Per account, if wanted (the token is the secret; a link is single use).
        (ResetPassword, Scope::Account) => (0, HOUR),
        (Upload, Scope::Ip) => (60, HOUR),
        (Upload, Scope::Account) => (20, HOUR),
        (Autofill, Scope::Ip) => (120, HOUR),
        (Autofill, Scope::Account) => (60, HOUR),
        // Reports per address and per player (userKey, or the account when logged in).
        (Report, Scope::Ip) => (30, HOUR),
        (Report, Scope::Account) => (10, HOUR),
        // "I was right" claims: a player has at most 8 wrong guesses a game; the account bucket
        // counts per userKey (guests) or per user.
        (Dispute, Scope::Ip) => (60, HOUR),
        (Dispute, Scope::Account) => (20, HOUR),
        // A group's boards and the ranks in every group read many players' results: a page
        // opened a few times a minute has room, a loop does not. Per address, room for a
        // household or a school behind one address.
        (Boards, Scope::Ip) => (600, 10 * MINUTE),
        (Boards, Scope::Account) => (120, 10 * MINUTE),
    };
    Rule { limit, window_secs }
}

/// One `--rate-limit` setting: `login-ip=30/5m` (units `s`, `m`, `h`, `d`; a bare number is
/// seconds; `0/…` or `off` turns the bucket off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSetting {
    pub bucket: Bucket,
    pub rule: Rule,
}

impl FromStr for RuleSetting {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (name, value) =
            s.trim().split_once('=').ok_or_else(|| format!("`{s}`: expected NAME=LIMIT/WINDOW"))?;
        let bucket = all_buckets()
            .find(|b| b.name() == name.trim())
            .ok_or_else(|| format!("unknown rate limit `{name}` (known: {})", bucket_names()))?;
        let rule =
            parse_rule(value.trim()).ok_or_else(|| format!("`{s}`: expected LIMIT/WINDOW, e.g. 30/5m"))?;
        Ok(RuleSetting { bucket, rule })
    }
}

impl fmt::Display for RuleSetting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}={}/{}s", self.bucket.name(), self.rule.limit, self.rule.window_secs)
    }
}

fn parse_rule(value: &str) -> Option<Rule> {
    if value == "off" {
        return Some(Rule { limit: 0, window_secs: 1 });
    }
    let (limit, window) = value.split_once('/')?;
    let (number, unit) = window.split_at(window.find(|c: char| !c.is_ascii_digit()).unwrap_or(window.len()));
    let scale = match unit {
        "" | "s" => 1,
        "m" => MINUTE,
        "h" => HOUR,
        "d" => 24 * HOUR,
        _ => return None,
    };
    let window_secs = number.parse::<u64>().ok()?.checked_mul(scale).filter(|w| *w > 0)?;
    Some(Rule { limit: limit.parse().ok()?, window_secs })
}

fn all_buckets() -> impl Iterator<Item = Bucket> {
    Endpoint::ALL
        .into_iter()
        .flat_map(|e| [Bucket::ip(e), Bucket::account(e)])
        .chain(CEILED.map(Bucket::account_all))
        .chain(GUESTED.map(Bucket::guest_ip))
}

/// The endpoints guests use with a key of their own choosing, with a `-guest-ip` bucket.
const GUESTED: [Endpoint; 2] = [Endpoint::Report, Endpoint::Dispute];

/// The endpoints with an `-account-all` bucket (per e-mail across every network).
const CEILED: [Endpoint; 3] = [Endpoint::Login, Endpoint::RequestCode, Endpoint::ForgotPassword];

/// The longest delay between failed logins from one network (`login-account`, past its limit).
pub const LOGIN_DELAY_MAX_SECS: u64 = 15 * MINUTE;

/// The bucket whose fullness is a growing delay rather than a sliding window.
const DELAYED: Bucket = Bucket::account(Endpoint::Login);

fn bucket_names() -> String {
    all_buckets().map(Bucket::name).collect::<Vec<_>>().join(", ")
}

/// The rules in force (defaults overridden by the settings) and the trusted proxies. Cheap to
/// clone: handlers move a copy onto the blocking pool.
#[derive(Debug, Clone)]
pub struct RateLimiter(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    rules: HashMap<Bucket, Rule>,
    trusted_proxies: Vec<IpNet>,
    /// The app's clock: windows are measured on the same time as every other rule.
    clock: Clock,
    /// Calls since start, to prune stale rows now and then.
    calls: AtomicU64,
    /// Requests each bucket refused since start, for the metrics endpoint.
    refused: HashMap<Bucket, AtomicU64>,
}

/// Every this many counted requests, rows older than the longest window are deleted.
const PRUNE_EVERY: u64 = 500;

impl RateLimiter {
    pub fn new(settings: &[RuleSetting], trusted_proxies: &[IpNet], clock: Clock) -> Self {
        let mut rules: HashMap<Bucket, Rule> = all_buckets().map(|b| (b, default_rule(b))).collect();
        for setting in settings {
            rules.insert(setting.bucket, setting.rule);
        }
        RateLimiter(Arc::new(Inner {
            rules,
            trusted_proxies: trusted_proxies.to_vec(),
            clock,
            calls: AtomicU64::new(0),
            refused: all_buckets().map(|b| (b, AtomicU64::new(0))).collect(),
        }))
    }

    pub fn rule(&self, bucket: Bucket) -> Rule {
        self.0.rules.get(&bucket).copied().unwrap_or_else(|| default_rule(bucket))
    }

    /// The per-address key of this request (trusted proxies applied).
    pub fn address_key(&self, req: &HttpRequest) -> String {
        client_ip::request_key(req, &self.0.trusted_proxies)
    }

    /// Checks every bucket and, when all have room, counts one event in each (all or
    /// nothing, in one write transaction). `Ok(Err(secs))`: full, retry in `secs`.
    pub fn take(
        &self,
        conn: &mut DbConn,
        hits: &[(Bucket, String)],
        now_ms: i64,
    ) -> Result<Result<(), u64>, AppError> {
        let buckets: Vec<Bucket> =
            hits.iter().map(|(bucket, _)| *bucket).filter(|b| self.rule(*b).limit > 0).collect();
        let delayed = DELAYED.name();
        let hits: Vec<(String, String, Rule)> = hits
            .iter()
            .map(|(bucket, key)| (bucket.name(), key.clone(), self.rule(*bucket)))
            .filter(|(_, _, rule)| rule.limit > 0)
            .collect();
        if hits.is_empty() {
            return Ok(Ok(()));
        }
        let outcome = write_transaction(conn, |conn| {
            lock_keys(conn, &hits)?;
            let mut wait_secs = None;
            let mut full = Vec::new();
            for ((bucket, key, rule), counted) in hits.iter().zip(&buckets) {
                let wait = if *bucket == delayed {
                    delay_for(conn, bucket, key, *rule, now_ms)?
                } else {
                    full_for(conn, bucket, key, *rule, now_ms)?
                };
                if let Some(secs) = wait {
                    wait_secs = wait_secs.max(Some(secs));
                    full.push(*counted);
                }
            }
            if let Some(secs) = wait_secs {
                return Ok::<_, AppError>(Err((secs, full)));
            }
            for (bucket, key, rule) in &hits {
                record(conn, bucket, key, *rule, now_ms)?;
            }
            Ok(Ok(()))
        })?;
        self.maybe_prune(conn, now_ms)?;
        // Counted once committed, so a refusal that ends in a busy error is not counted.
        Ok(outcome.map_err(|(secs, full)| {
            full.into_iter().for_each(|bucket| self.count_refusal(bucket));
            secs
        }))
    }

    fn count_refusal(&self, bucket: Bucket) {
        if let Some(count) = self.0.refused.get(&bucket) {
            count.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Requests refused since start, per bucket name (every bucket, zeros included).
    pub fn refusals(&self) -> Vec<(String, u64)> {
        let mut counts: Vec<(String, u64)> =
            self.0.refused.iter().map(|(b, n)| (b.name(), n.load(Ordering::Relaxed))).collect();
        counts.sort();
        counts
    }

    /// Deletes rows no window can count any more, once every `PRUNE_EVERY` calls.
    fn maybe_prune(&self, conn: &mut DbConn, now_ms: i64) -> Result<(), AppError> {
        if self.0.calls.fetch_add(1, Ordering::Relaxed) % PRUNE_EVERY != PRUNE_EVERY - 1 {
            return Ok(());
        }
        let longest = self.0.rules.values().map(|r| r.window_secs).max().unwrap_or(HOUR);
        let cutoff = SlidingWindow::from_secs(1, longest).cutoff(now_ms);
        diesel::delete(rate_events::table.filter(rate_events::at.le(cutoff))).execute(conn)?;
        Ok(())
    }
}

/// PostgreSQL: serialise concurrent checks of the same keys (an advisory lock per bucket and
/// key, taken in a fixed order), so two instances cannot both let the last request through.
/// SQLite's `BEGIN IMMEDIATE` already serialises every writer.
fn lock_keys(conn: &mut DbConn, hits: &[(String, String, Rule)]) -> Result<(), AppError> {
    let DbConn::Pg(pg) = conn else {
        return Ok(());
    };
    let mut ids: Vec<i64> = hits.iter().map(|(bucket, key, _)| lock_id(bucket, key)).collect();
    ids.sort_unstable();
    for id in ids {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)").bind::<BigInt, _>(id).execute(pg)?;
    }
    Ok(())
}

fn lock_id(bucket: &str, key: &str) -> i64 {
    let digest = Sha256::digest(format!("{bucket}\0{key}").as_bytes());
    i64::from_be_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// When the bucket is full for this key: the seconds until its oldest counted event leaves the
/// window. Looks only at the limit-th newest event, so the cost is bounded by the limit.
fn full_for(
    conn: &mut DbConn,
    bucket: &str,
    key: &str,
    rule: Rule,
    now_ms: i64,
) -> Result<Option<u64>, AppError> {
    let window = rule.window();
    let limit_th_newest: Option<i64> = rate_events::table
        .filter(rate_events::bucket.eq(bucket))
        .filter(rate_events::key.eq(key))
        .filter(rate_events::at.gt(window.cutoff(now_ms)))
        .order(rate_events::at.desc())
        .offset(window.deciding_offset())
        .select(rate_events::at)
        .first(conn)
        .optional()?;
    Ok(window.full_for(limit_th_newest, now_ms))
}

/// The growing delay of [`DELAYED`]: with `c` events in the window and `c >= limit`, the next
/// attempt must wait `2^(c - limit + 1)` seconds (at most [`LOGIN_DELAY_MAX_SECS`]) after the
/// newest one. `None` when it may go ahead.
fn delay_for(
    conn: &mut DbConn,
    bucket: &str,
    key: &str,
    rule: Rule,
    now_ms: i64,
) -> Result<Option<u64>, AppError> {
    let window = rule.window();
    let (count, newest): (i64, Option<i64>) = rate_events::table
        .filter(rate_events::bucket.eq(bucket))
        .filter(rate_events::key.eq(key))
        .filter(rate_events::at.gt(window.cutoff(now_ms)))
        .select((diesel::dsl::count_star(), diesel::dsl::max(rate_events::at)))
        .first(conn)?;
    Ok(growing_delay(rule.limit, count, newest, now_ms))
}

fn growing_delay(limit: u32, count: i64, newest: Option<i64>, now_ms: i64) -> Option<u64> {
    let newest = newest?;
    let over = u32::try_from(count - i64::from(limit) + 1).ok().filter(|k| *k > 0)?;
    let delay_secs = 2u64.checked_pow(over).map_or(LOGIN_DELAY_MAX_SECS, |d| d.min(LOGIN_DELAY_MAX_SECS));
    let wait_ms = (delay_secs * 1000) as i64 - now_ms.saturating_sub(newest).max(0);
    (wait_ms > 0).then(|| (wait_ms as u64).div_ceil(1_000).min(LOGIN_DELAY_MAX_SECS))
}

/// Counts one event, and drops this key's events that left the window (keeps rows per key
/// bounded by the limit).
fn record(conn: &mut DbConn, bucket: &str, key: &str, rule: Rule, now_ms: i64) -> Result<(), AppError> {
    let expired = rule.window().cutoff(now_ms);
    diesel::delete(
        rate_events::table
            .filter(rate_events::bucket.eq(bucket))
            .filter(rate_events::key.eq(key))
            .filter(rate_events::at.le(expired)),
    )
    .execute(conn)?;
    diesel::insert_into(rate_events::table)
        .values((rate_events::bucket.eq(bucket), rate_events::key.eq(key), rate_events::at.eq(now_ms)))
        .execute(conn)?;
    Ok(())
}

/// Account keys are stored hashed: the table needs no e-mail addresses in clear.
fn account_key(account: &str) -> String {
    hex::encode(Sha256::digest(account.as_bytes()))
}

/// The account key of a logged-in user, for [`limit`].
pub fn user_key(user_id: i64) -> String {
    format!("user:{user_id}")
}

/// The account bucket's key: e-mail-keyed endpoints count per e-mail and client network, so
/// one network cannot lock the account out of another.
fn scoped_account_key(endpoint: Endpoint, account: &str, network: &str) -> String {
    match endpoint {
        Endpoint::Login | Endpoint::RequestCode | Endpoint::ForgotPassword => {
            account_key(&format!("{account}\0{network}"))
        }
        _ => account_key(account),
    }
}

/// A login attempt counted by [`RateLimiter::limit_login`], as a failure until
/// [`RateLimiter::login_succeeded`] says otherwise.
#[derive(Debug, Clone)]
pub struct LoginAttempt {
    network_key: String,
    all_key: String,
    at_ms: i64,
}

impl RateLimiter {
    /// The per-network key of this request (trusted proxies applied).
    pub fn network_key(&self, req: &HttpRequest) -> String {
        client_ip::request_network_key(req, &self.0.trusted_proxies)
    }

    /// Login's check: every attempt counts in `login-ip`; `login-account` (per e-mail and
    /// network, growing delay) and `login-account-all` (per e-mail) are checked and the attempt
    /// counted as a failure up front, all or nothing, so parallel guesses cannot overshoot. A
    /// success then takes it back ([`Self::login_succeeded`]).
    pub async fn limit_login(
        &self,
        pool: &Pool,
        req: &HttpRequest,
        email: &str,
    ) -> Result<LoginAttempt, AppError> {
        let network = self.network_key(req);
        let attempt = LoginAttempt {
            network_key: scoped_account_key(Endpoint::Login, email, &network),
            all_key: account_key(email),
            at_ms: self.0.clock.now_ms(),
        };
        let hits = vec![
            (Bucket::ip(Endpoint::Login), self.address_key(req)),
            (Bucket::account(Endpoint::Login), attempt.network_key.clone()),
            (Bucket::account_all(Endpoint::Login), attempt.all_key.clone()),
        ];
        let limiter = self.clone();
        let at_ms = attempt.at_ms;
        let take_hits = hits.clone();
        let outcome = db::run(pool, move |conn| limiter.take(conn, &take_hits, at_ms)).await?;
        outcome.map_err(|retry_after_secs| {
            let buckets: Vec<String> = hits.iter().map(|(b, _)| b.name()).collect();
            tracing::warn!(buckets = %buckets.join(","), address = %hits[0].1, path = %req.path(), retry_after_secs, "rate limited");
            AppError::TooManyRequests { retry_after_secs }
        })?;
        Ok(attempt)
    }

    /// A successful login is not a failure: drops its event from `login-account-all` and clears
    /// this network's failures for the account (`login-ip` keeps counting it).
    pub async fn login_succeeded(&self, pool: &Pool, attempt: LoginAttempt) -> Result<(), AppError> {
        let network_bucket = Bucket::account(Endpoint::Login).name();
        let all_bucket = Bucket::account_all(Endpoint::Login).name();
        db::run(pool, move |conn| {
            diesel::delete(
                rate_events::table
                    .filter(rate_events::bucket.eq(&network_bucket))
                    .filter(rate_events::key.eq(&attempt.network_key)),
            )
            .execute(conn)?;
            let own: Option<i64> = rate_events::table
                .filter(rate_events::bucket.eq(&all_bucket))
                .filter(rate_events::key.eq(&attempt.all_key))
                .filter(rate_events::at.eq(attempt.at_ms))
                .select(rate_events::id)
                .first(conn)
                .optional()?;
            if let Some(id) = own {
                diesel::delete(rate_events::table.filter(rate_events::id.eq(id))).execute(conn)?;
            }
            Ok::<_, AppError>(())
        })
        .await
    }

    /// The one call a limited handler makes: counts this request in the endpoint's
    /// per-address bucket and, with `account`, in its per-account bucket (an e-mail,
    /// normalised, with the client network for login, request-code and forgot-password; or
    /// [`user_key`]) and, for request-code, its mailbox ceiling across networks. 429 with
    /// `Retry-After` when any is full.
    pub async fn limit(
        &self,
        pool: &Pool,
        req: &HttpRequest,
        endpoint: Endpoint,
        account: Option<&str>,
    ) -> Result<(), AppError> {
        let mut hits = vec![(Bucket::ip(endpoint), self.address_key(req))];
        if let Some(account) = account {
            hits.extend(self.account_hits(req, endpoint, account));
        }
        self.take_or_refuse(pool, req, hits).await
    }

    /// [`Self::limit`] for a route guests use with a userKey they choose (report, dispute):
    /// `account` is the user's key or the guest's; a guest also counts in the endpoint's
    /// `-guest-ip` bucket, shared by every key of the address.
    pub async fn limit_player(
        &self,
        pool: &Pool,
        req: &HttpRequest,
        endpoint: Endpoint,
        account: &str,
        guest: bool,
    ) -> Result<(), AppError> {
        let address = self.address_key(req);
        let mut hits = vec![(Bucket::ip(endpoint), address.clone())];
        if guest {
            hits.push((Bucket::guest_ip(endpoint), address));
        }
        hits.extend(self.account_hits(req, endpoint, account));
        self.take_or_refuse(pool, req, hits).await
    }

    /// Counts the hits (all or nothing); 429 with `Retry-After` when a bucket is full. The
    /// first hit is the address's.
    async fn take_or_refuse(
        &self,
        pool: &Pool,
        req: &HttpRequest,
        hits: Vec<(Bucket, String)>,
    ) -> Result<(), AppError> {
        let outcome = self.take_now(pool, hits.clone()).await?;
        outcome.map_err(|retry_after_secs| {
            let buckets: Vec<String> = hits.iter().map(|(b, _)| b.name()).collect();
            tracing::warn!(buckets = %buckets.join(","), address = %hits[0].1, path = %req.path(), retry_after_secs, "rate limited");
            AppError::TooManyRequests { retry_after_secs }
        })
    }

    /// Counts this request in the endpoint's per-account bucket only (per e-mail and network);
    /// `false` when it is full. For answers that must not change when a limit is hit
    /// (forgot-password).
    pub async fn account_has_room(
        &self,
        pool: &Pool,
        req: &HttpRequest,
        endpoint: Endpoint,
        account: &str,
    ) -> Result<bool, AppError> {
        let outcome = self.take_now(pool, self.account_hits(req, endpoint, account)).await?;
        if outcome.is_err() {
            tracing::warn!(bucket = %Bucket::account(endpoint).name(), "rate limited (answered as usual)");
        }
        Ok(outcome.is_ok())
    }

    /// The per-account buckets a request counts in: per account (and network, where the
    /// endpoint keys by e-mail), plus the mailbox ceiling across networks where there is one.
    fn account_hits(&self, req: &HttpRequest, endpoint: Endpoint, account: &str) -> Vec<(Bucket, String)> {
        let network = self.network_key(req);
        let mut hits = vec![(Bucket::account(endpoint), scoped_account_key(endpoint, account, &network))];
        if CEILED.contains(&endpoint) {
            hits.push((Bucket::account_all(endpoint), account_key(account)));
        }
        hits
    }

    async fn take_now(&self, pool: &Pool, hits: Vec<(Bucket, String)>) -> Result<Result<(), u64>, AppError> {
        let limiter = self.clone();
        db::run(pool, move |conn| limiter.take(conn, &hits, limiter.0.clock.now_ms())).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse() {
        let s: RuleSetting = "login-ip=30/5m".parse().unwrap();
        assert_eq!(s.bucket, Bucket::ip(Endpoint::Login));
        assert_eq!(s.rule, Rule { limit: 30, window_secs: 300 });
        let s: RuleSetting = "forgot-password-account=3/1h".parse().unwrap();
        assert_eq!(s.rule.window_secs, 3600);
        assert_eq!("upload-ip=2/90".parse::<RuleSetting>().unwrap().rule.window_secs, 90);
        assert_eq!("upload-ip=off".parse::<RuleSetting>().unwrap().rule.limit, 0);
        for bad in ["login=3/5m", "login-ip=3", "login-ip=x/5m", "login-ip=3/5w", "login-ip=3/0s", "nothing"]
        {
            assert!(bad.parse::<RuleSetting>().is_err(), "{bad}");
        }
    }

    #[test]
    fn settings_come_from_flags_and_the_environment() {
        use clap::Parser;
        let cli =
            crate::config::Cli::try_parse_from(["lavalist", "--rate-limit", "login-ip=5/1m,upload-ip=off"])
                .expect("valid settings");
        assert_eq!(cli.config.rate_limits.len(), 2);
        let err = crate::config::Cli::try_parse_from(["lavalist", "--rate-limit", "login=5/1m"]).unwrap_err();
        assert!(err.to_string().contains("unknown rate limit `login`"), "{err}");
    }

    #[test]
    fn the_login_delay_grows_and_is_capped() {
        let now = 1_700_000_000_000;
        assert_eq!(growing_delay(5, 4, Some(now), now), None, "under the limit");
        assert_eq!(growing_delay(5, 5, Some(now), now), Some(2));
        assert_eq!(growing_delay(5, 6, Some(now), now), Some(4));
        assert_eq!(growing_delay(5, 7, Some(now - 3_000), now), Some(5), "8 s less the 3 s waited");
        assert_eq!(growing_delay(5, 7, Some(now - 8_000), now), None, "waited long enough");
        assert_eq!(growing_delay(5, 50, Some(now), now), Some(LOGIN_DELAY_MAX_SECS));
        assert_eq!(growing_delay(5, 500, Some(now + 60_000), now), Some(LOGIN_DELAY_MAX_SECS));
        assert_eq!(growing_delay(5, 0, None, now), None);
    }

    #[test]
    fn settings_override_defaults() {
        let limiter = RateLimiter::new(&["login-ip=2/1m".parse().unwrap()], &[], Clock::system());
        assert_eq!(limiter.rule(Bucket::ip(Endpoint::Login)), Rule { limit: 2, window_secs: 60 });
        assert_eq!(limiter.rule(Bucket::account(Endpoint::Login)), Rule { limit: 5, window_secs: 3600 });
        assert_eq!(
            limiter.rule(Bucket::account_all(Endpoint::Login)),
            Rule { limit: 100, window_secs: 3600 }
        );
        assert!("login-account-all=3/1h".parse::<RuleSetting>().is_ok());
        assert!("upload-account-all=3/1h".parse::<RuleSetting>().is_err());
        assert_eq!(limiter.rule(Bucket::account(Endpoint::RequestCode)), Rule { limit: 3, window_secs: 600 });
    }
}
