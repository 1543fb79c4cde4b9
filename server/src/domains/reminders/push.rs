//! Web push to the browsers' push services: the VAPID key pair (RFC 8292), payloads encrypted
//! with aes128gcm (RFC 8291, by the `web-push-native` crate), TTL, Urgency and Topic headers
//! (RFC 8030), and the allow-list of push services a subscription may point at.
//!
//! A push endpoint is an address the browser chose, so the server would otherwise POST
//! wherever a client tells it to: only `https` endpoints on the default port whose host is one
//! of `--push-services` are stored or sent to, and each send goes through `outbound`: the host
//! resolved, every address public, the connection pinned to the checked one, no redirects.

use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::EncodePrivateKey;
use p256::{PublicKey, SecretKey};
use serde::Serialize;
use url::{Host, Url};

use crate::platform::config::Config;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::outbound::{self, OutboundError};

/// How long a VAPID token is valid (RFC 8292 allows at most 24 hours).
const VAPID_TOKEN_SECS: i64 = 12 * 3600;

/// The server's VAPID key and the rules for endpoints. Built once at start.
pub struct Pusher {
    signing: EncodingKey,
    /// The uncompressed public key, base64url: the browsers' `applicationServerKey`, and `k=`.
    public_key: String,
    subject: String,
    services: Vec<String>,
    test_receiver: bool,
    timeout: Duration,
}

/// A stored subscription, ready to encrypt for.
pub struct Target {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// What the push service answered.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// 404 or 410: the subscription is gone and is removed.
    Gone,
    Failed(String),
}

#[derive(Serialize)]
struct Claims<'a> {
    aud: String,
    exp: i64,
    sub: &'a str,
}

/// A fresh VAPID private key: the P-256 scalar, base64url.
pub fn new_private_key() -> String {
    // 32 random bytes are a valid scalar but with probability about 2^-32; draw again then.
    loop {
        let bytes: [u8; 32] = rand::random();
        if let Ok(key) = SecretKey::from_slice(&bytes) {
            return URL_SAFE_NO_PAD.encode(key.to_bytes());
        }
    }
}

impl Pusher {
    /// `private_key` is the base64url scalar (configured, or kept in the database).
    pub fn new(config: &Config, private_key: &str) -> Result<Self, AppError> {
        let settings = &config.reminders;
        if settings.push_test_receiver && !cfg!(debug_assertions) {
            return Err(AppError::internal("--push-test-receiver is only accepted by debug (test) builds"));
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(private_key.trim())
            .map_err(|_| AppError::internal("the VAPID private key is not base64url"))?;
        let secret = SecretKey::from_slice(&bytes)
            .map_err(|_| AppError::internal("the VAPID private key is not a P-256 scalar (32 bytes)"))?;
        let der = secret.to_pkcs8_der().map_err(AppError::internal)?;
        let public_key = URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        let subject = settings.vapid_subject.clone().unwrap_or_else(|| config.public_url.clone());
        let services = settings
            .push_services
            .iter()
            .map(|s| s.trim().to_ascii_lowercase())
            .filter(|s| !s.is_empty())
            .collect();
        Ok(Pusher {
            signing: EncodingKey::from_ec_der(der.as_bytes()),
            public_key,
            subject,
            services,
            test_receiver: settings.push_test_receiver,
            timeout: Duration::from_millis(settings.push_timeout_ms),
        })
    }

    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// The endpoint, parsed, when the server may send to it; else 400 `pushEndpointRefused`.
    pub fn check_endpoint(&self, endpoint: &str) -> Result<Url, AppError> {
        let refuse = |why: &str| {
            AppError::refused(
                ErrorCode::PushEndpointRefused,
                format!("This push service is not accepted: {why}."),
            )
        };
        let url = Url::parse(endpoint).map_err(|_| refuse("not an address"))?;
        if !url.username().is_empty() || url.password().is_some() {
            return Err(refuse("an address with a user name"));
        }
        if self.test_receiver
            && url.scheme() == "http"
            && url.host() == Some(Host::Ipv4([127, 0, 0, 1].into()))
        {
            return Ok(url);
        }
        if url.scheme() != "https" {
            return Err(refuse("only https"));
        }
        if url.port().is_some() {
            return Err(refuse("only the default port"));
        }
        let Some(Host::Domain(host)) = url.host() else {
            return Err(refuse("an IP address, not a push service"));
        };
        let host = host.to_ascii_lowercase();
        if self.services.iter().any(|allowed| host_matches(allowed, &host)) {
            Ok(url)
        } else {
            Err(refuse("not a known push service"))
        }
    }

    /// Encrypts `payload` for the subscription and posts it, signed for the endpoint's origin.
    pub async fn send(&self, target: &Target, payload: &[u8], ttl_secs: i64, now: DateTime<Utc>) -> Outcome {
        match self.request(target, payload, now) {
            Ok((url, headers, body)) => self.post(url, headers, body, ttl_secs).await,
            Err(err) => Outcome::Failed(err.to_string()),
        }
    }

    fn request(
        &self,
        target: &Target,
        payload: &[u8],
        now: DateTime<Utc>,
    ) -> Result<(Url, String, Vec<u8>), AppError> {
        let url = self.check_endpoint(&target.endpoint)?;
        let (ua_public, auth) = decode_keys(&target.p256dh, &target.auth)?;
        let body = web_push_native::encrypt(payload.to_vec(), &ua_public, &auth)
            .map_err(|e| AppError::internal(format!("push encryption: {e}")))?;
        let claims = Claims {
            aud: url.origin().ascii_serialization(),
            exp: now.timestamp() + VAPID_TOKEN_SECS,
            sub: &self.subject,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::ES256), &claims, &self.signing)
            .map_err(|e| AppError::internal(format!("VAPID token: {e}")))?;
        Ok((url, format!("vapid t={token}, k={}", self.public_key), body))
    }

    /// Sent through `outbound`: the push service's host is resolved, every address checked public
    /// and the connection pinned to it (the allow-list says which services; this says where they
    /// may be), no redirect followed, bounded in time.
    async fn post(&self, url: Url, authorization: String, body: Vec<u8>, ttl_secs: i64) -> Outcome {
        let headers = [
            ("Authorization", authorization),
            ("Content-Encoding", "aes128gcm".to_string()),
            ("Content-Type", "application/octet-stream".to_string()),
            ("TTL", ttl_secs.max(0).to_string()),
            ("Urgency", "normal".to_string()),
            // A newer reminder replaces one the push service still holds for an offline browser.
            ("Topic", "daily-reminder".to_string()),
        ];
        let policy = outbound::AddressPolicy { allow_loopback_http: self.test_receiver };
        let limits = outbound::Limits {
            connect: self.timeout.min(Duration::from_secs(3)),
            total: self.timeout,
            max_body: 4 * 1024,
        };
        match outbound::post(url.as_str(), &headers, body, policy, limits).await {
            Ok(_) => Outcome::Delivered,
            Err(OutboundError::Status(404 | 410)) => Outcome::Gone,
            Err(OutboundError::Status(status)) => Outcome::Failed(format!("push service answered {status}")),
            Err(err) => Outcome::Failed(format!("push service unreachable: {err}")),
        }
    }
}

/// `fcm.googleapis.com` matches itself; `*.push.apple.com` any name under `push.apple.com`.
fn host_matches(allowed: &str, host: &str) -> bool {
    match allowed.strip_prefix("*.") {
        Some(suffix) => host.len() > suffix.len() + 1 && host.ends_with(&format!(".{suffix}")),
        None => host == allowed,
    }
}

/// The browser's public key (65-byte uncompressed P-256 point) and its 16-byte auth secret.
pub fn decode_keys(p256dh: &str, auth: &str) -> Result<(PublicKey, web_push_native::Auth), AppError> {
    let invalid =
        || AppError::refused(ErrorCode::InvalidSubscription, "The push subscription's keys are not valid.");
    let point = URL_SAFE_NO_PAD.decode(p256dh.trim_end_matches('=')).map_err(|_| invalid())?;
    if point.len() != 65 {
        return Err(invalid());
    }
    let public = PublicKey::from_sec1_bytes(&point).map_err(|_| invalid())?;
    let secret = URL_SAFE_NO_PAD.decode(auth.trim_end_matches('=')).map_err(|_| invalid())?;
    if secret.len() != 16 {
        return Err(invalid());
    }
    Ok((public, web_push_native::Auth::clone_from_slice(&secret)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_subdomains_only() {
        assert!(host_matches("*.push.apple.com", "web.push.apple.com"));
        assert!(!host_matches("*.push.apple.com", "push.apple.com"));
        assert!(!host_matches("*.push.apple.com", "evilpush.apple.com"));
        assert!(host_matches("fcm.googleapis.com", "fcm.googleapis.com"));
        assert!(!host_matches("fcm.googleapis.com", "fcm.googleapis.com.evil.example"));
    }

    #[test]
    fn only_allow_listed_https_endpoints_pass() {
        let config = Config::for_database("unused.db");
        let pusher = Pusher::new(&config, &new_private_key()).unwrap();
        assert!(pusher.check_endpoint("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(pusher.check_endpoint("https://web.push.apple.com/QGx").is_ok());
        assert!(pusher.check_endpoint("https://updates.push.services.mozilla.com/wpush/v2/x").is_ok());
        for bad in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:8443/fcm/send/abc",
            "https://user@fcm.googleapis.com/x",
            "https://evil.example/x",
            "https://127.0.0.1/x",
            "https://10.0.0.7/x",
            "https://[::1]/x",
            "https://localhost/x",
            "http://127.0.0.1:9000/x",
            "not a url",
        ] {
            let err = pusher.check_endpoint(bad).expect_err(bad);
            assert_eq!(err.code(), ErrorCode::PushEndpointRefused, "{bad}");
        }
    }
}
