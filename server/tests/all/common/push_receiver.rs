//! A push service on loopback for the reminder tests, and browsers that subscribe to it: the
//! receiver records every request; a browser holds a real P-256 key pair and auth secret, and
//! opens a delivery the way a browser would, after checking its VAPID signature (RFC 8292)
//! against the server's public key and its aes128gcm encoding (RFC 8291). Paths under `/gone/`
//! answer 410, under `/missing/` 404, others 201.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use actix_web::dev::ServerHandle;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use lavalist_api::reminders::ReminderPush;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use serde_json::{json, Value};

#[derive(Debug, Clone)]
pub struct Delivery {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Delivery {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// The receiver runs on a thread of its own (its own actix system), so that both the test's
/// in-process scheduler and real server processes reach it.
pub struct Receiver {
    pub port: u16,
    seen: Arc<Mutex<Vec<Delivery>>>,
    handle: ServerHandle,
}

impl Receiver {
    pub fn start() -> Receiver {
        let seen: Arc<Mutex<Vec<Delivery>>> = Arc::default();
        let recorded = seen.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(move || {
                    let recorded = recorded.clone();
                    App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                        let recorded = recorded.clone();
                        async move {
                            let headers = req
                                .headers()
                                .iter()
                                .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
                                .collect();
                            let path = req.path().to_string();
                            recorded.lock().unwrap().push(Delivery {
                                path: path.clone(),
                                headers,
                                body: body.to_vec(),
                            });
                            if path.starts_with("/gone/") {
                                HttpResponse::Gone().finish()
                            } else if path.starts_with("/missing/") {
                                HttpResponse::NotFound().finish()
                            } else {
                                HttpResponse::Created().finish()
                            }
                        }
                    }))
                })
                .workers(1)
                .bind(("127.0.0.1", 0))
                .expect("bind the push receiver");
                let port = server.addrs()[0].port();
                let server = server.run();
                tx.send((port, server.handle())).expect("hand over the port");
                let _ = server.await;
            });
        });
        let (port, handle) = rx.recv().expect("the receiver starts");
        Receiver { port, seen, handle }
    }

    pub fn deliveries(&self) -> Vec<Delivery> {
        self.seen.lock().unwrap().clone()
    }

    /// Deliveries to one path.
    pub fn to(&self, path: &str) -> Vec<Delivery> {
        self.deliveries().into_iter().filter(|d| d.path == path).collect()
    }

    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        drop(self.handle.stop(false));
    }
}

/// A browser's push subscription: its endpoint on the receiver and its own keys.
pub struct Browser {
    pub endpoint: String,
    pub path: String,
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl Browser {
    pub fn new(receiver: &Receiver, path: &str) -> Browser {
        let secret = loop {
            if let Ok(key) = p256::SecretKey::from_slice(&rand::random::<[u8; 32]>()) {
                break key;
            }
        };
        Browser {
            endpoint: format!("{}{path}", receiver.origin()),
            path: path.to_string(),
            secret,
            auth: rand::random(),
        }
    }

    /// `PushSubscription.toJSON()`.
    pub fn subscription(&self) -> Value {
        let public = self.secret.public_key().to_encoded_point(false);
        json!({"endpoint": self.endpoint, "keys": {
            "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
            "auth": URL_SAFE_NO_PAD.encode(self.auth),
        }})
    }

    /// Checks the delivery's headers and VAPID token against `vapid_public` (base64url, the key
    /// `GET /api/reminders` gives browsers) at the app's `now`, and decrypts it.
    pub fn open(&self, delivery: &Delivery, vapid_public: &str, now: DateTime<Utc>) -> ReminderPush {
        assert_eq!(delivery.header("content-encoding"), Some("aes128gcm"));
        assert_eq!(delivery.header("content-type"), Some("application/octet-stream"));
        let ttl: i64 = delivery.header("ttl").expect("a TTL").parse().expect("a number");
        assert!((60..=25 * 3600).contains(&ttl), "TTL {ttl}");
        assert_eq!(delivery.header("urgency"), Some("normal"));
        let authorization = delivery.header("authorization").expect("a VAPID Authorization");
        let rest = authorization.strip_prefix("vapid ").expect("the vapid scheme (RFC 8292)");
        let (mut token, mut key) = (None, None);
        for part in rest.split(',') {
            let part = part.trim();
            if let Some(t) = part.strip_prefix("t=") {
                token = Some(t);
            } else if let Some(k) = part.strip_prefix("k=") {
                key = Some(k);
            }
        }
        let (token, key) = (token.expect("t="), key.expect("k="));
        assert_eq!(key, vapid_public, "signed with the key browsers were given");
        let point = URL_SAFE_NO_PAD.decode(key).expect("k is base64url");
        assert_eq!((point.len(), point[0]), (65, 4), "an uncompressed P-256 point");
        let decoding = DecodingKey::from_ec_components(
            &URL_SAFE_NO_PAD.encode(&point[1..33]),
            &URL_SAFE_NO_PAD.encode(&point[33..65]),
        )
        .expect("the public key");
        let mut validation = Validation::new(Algorithm::ES256);
        // The app runs on a test clock: `exp` is checked against it below, not the system's.
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["aud", "exp", "sub"]);
        let origin = delivery_origin(&self.endpoint);
        validation.set_audience(&[origin.as_str()]);
        let claims = jsonwebtoken::decode::<Value>(token, &decoding, &validation)
            .unwrap_or_else(|e| panic!("the VAPID token does not verify: {e}"))
            .claims;
        let exp = claims["exp"].as_i64().expect("exp");
        assert!(exp > now.timestamp() && exp <= now.timestamp() + 24 * 3600, "exp within 24 h (RFC 8292)");
        let sub = claims["sub"].as_str().expect("sub");
        assert!(sub.starts_with("mailto:") || sub.starts_with("https:") || sub.starts_with("http:"), "{sub}");
        // RFC 8188 header: salt (16), record size (4), key id length (1) = 65, the server's
        // ephemeral public key.
        assert!(delivery.body.len() > 21 + 65 + 16);
        assert_eq!((delivery.body[20], delivery.body[21]), (65, 4));
        let plain = self.decrypt(delivery).expect("decrypts with the subscription's private key");
        serde_json::from_slice(&plain).expect("a reminder payload")
    }

    /// The plaintext, when this browser's keys open the delivery. Written here from RFC 8291
    /// §3.4 and RFC 8188 with the primitives (HKDF-SHA-256, P-256 ECDH, AES-128-GCM), not with
    /// the crate the server encrypts with, so a mistake in how the server uses it shows.
    pub fn decrypt(&self, delivery: &Delivery) -> Option<Vec<u8>> {
        use aes_gcm::aead::{Aead, KeyInit};
        use hkdf::Hkdf;
        use sha2::Sha256;
        let body = &delivery.body;
        let salt = body.get(..16)?;
        let record_size = u32::from_be_bytes(body.get(16..20)?.try_into().ok()?) as usize;
        let key_id_len = usize::from(*body.get(20)?);
        let sender_public = body.get(21..21 + key_id_len)?;
        let ciphertext = body.get(21 + key_id_len..)?;
        // A reminder fits one record.
        if ciphertext.len() > record_size {
            return None;
        }
        let sender = p256::PublicKey::from_sec1_bytes(sender_public).ok()?;
        let shared = p256::ecdh::diffie_hellman(self.secret.to_nonzero_scalar(), sender.as_affine());
        let own_public = self.secret.public_key().to_encoded_point(false);
        let key_info = [b"WebPush: info\0".as_slice(), own_public.as_bytes(), sender_public].concat();
        let mut ikm = [0u8; 32];
        Hkdf::<Sha256>::new(Some(&self.auth), shared.raw_secret_bytes()).expand(&key_info, &mut ikm).ok()?;
        let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
        let (mut cek, mut nonce) = ([0u8; 16], [0u8; 12]);
        prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek).ok()?;
        prk.expand(b"Content-Encoding: nonce\0", &mut nonce).ok()?;
        let cipher = aes_gcm::Aes128Gcm::new_from_slice(&cek).ok()?;
        let mut plain = cipher.decrypt(aes_gcm::Nonce::from_slice(&nonce), ciphertext).ok()?;
        // Padding: the last record's delimiter 0x02, then zeros.
        while plain.last() == Some(&0) {
            plain.pop();
        }
        (plain.pop()? == 2).then_some(plain)
    }
}

fn delivery_origin(endpoint: &str) -> String {
    let url = url::Url::parse(endpoint).expect("an endpoint");
    url.origin().ascii_serialization()
}
