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

//!
//! The buckets and their defaults are one table (`buckets.rs`), a setting overrides a row
//! (`setting.rs`), and the counted events live in the database (`store.rs`).

mod buckets;
mod setting;
mod store;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::HttpRequest;
use diesel::prelude::*;
use sha2::{Digest, Sha256};

pub use buckets::{Bucket, Endpoint, Rule, Scope, LOGIN_DELAY_MAX_SECS};
pub use setting::RuleSetting;

use buckets::{all_buckets, default_rule, exists, DELAYED, HOUR};
use store::{delay_for, full_for, lock_keys, record};

use crate::platform::client_ip::{self, IpNet};
use crate::platform::clock::Clock;
use crate::platform::db::{self, unsynced_write_transaction, DbConn, Pool};
use crate::platform::error::AppError;
use crate::platform::schema::rate_events;
use crate::platform::window::SlidingWindow;

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
    /// On SQLite, this instance's counts queue here rather than at the database's write lock:
    /// SQLite lets one writer in and makes the others sleep and retry (1, 2, 5 … 100 ms), which
    /// put tails of 100–700 ms on reads as cheap as a board under four concurrent clients.
    /// Other instances and writers still meet at the write lock, with its busy timeout.
    sqlite_counts: Mutex<()>,
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
            sqlite_counts: Mutex::new(()),
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
        let _queued = matches!(conn, DbConn::Sqlite(_))
            .then(|| self.0.sqlite_counts.lock().unwrap_or_else(PoisonError::into_inner));
        // Events lost in a crash only let a few requests more through: no flush per request.
        let outcome = unsynced_write_transaction(conn, |conn| {
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
        if exists(Bucket::account_all(endpoint)) {
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
