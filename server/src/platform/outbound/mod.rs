//! Requests the server makes to addresses its users chose (a group's webhook, a browser's push
//! endpoint): the one place that decides which addresses may be reached and how.
//!
//! * `https://` only, no user name or password in the URL ([`parse`]).
//! * The host is resolved here and **every** address it resolves to must be public
//!   ([`is_public`]): private, loopback, link-local, unique-local, shared (CGNAT), multicast,
//!   unspecified, documentation, benchmarking and reserved ranges are refused, IPv4 inside IPv6
//!   (mapped, compatible, NAT64, 6to4) is judged by its IPv4 address, and only IPv6's global
//!   unicast block (`2000::/3`) is admitted at all.
//! * The request connects to the address that was checked ([`post_json`] hands it to awc with
//!   `ClientRequest::address`, so awc resolves nothing itself): a DNS answer that changes
//!   between the check and the connection (rebinding) cannot move it.
//! * No redirect is followed: a 3xx is a failure. Short timeouts (connect and TLS handshake,
//!   and the whole exchange) and a small read of the answer's body.
//!
//! [`AddressPolicy::allow_loopback_http`] admits `http://` and loopback addresses (and only
//! those in addition), for receivers the test suites run on 127.0.0.1; only debug builds accept
//! the setting that turns it on.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs};
use std::time::Duration;

use serde::Serialize;
use url::{Host, Url};

/// Which addresses may be reached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddressPolicy {
    /// Tests only: also `http://`, and loopback addresses.
    pub allow_loopback_http: bool,
}

/// How long an exchange may take, and how much of the answer is read.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// TCP connect and, apart, the TLS handshake.
    pub connect: Duration,
    /// The whole exchange, connection included.
    pub total: Duration,
    /// At most this much of the answer's body is read (and then dropped).
    pub max_body: usize,
}

/// Why an address is refused or a request failed. [`OutboundError::sentence`] is for the
/// operator's log; owners read [`OutboundError::owner_sentence`], which never says what a host
/// resolves to or how a connection ended (that would make the server a scanner of networks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutboundError {
    NotAUrl,
    NotHttps,
    Credentials,
    NoHost,
    /// The host does not resolve (or the lookup failed).
    Unresolvable(String),
    /// It resolves to an address that is not public.
    NotPublic(IpAddr),
    /// Connecting, the TLS handshake or the exchange failed.
    Request(String),
    Timeout,
    /// A 3xx answer: never followed.
    Redirect(u16),
    /// Any other answer outside 2xx.
    Status(u16),
}

impl OutboundError {
    /// Whether the address itself is refused (as opposed to a request that failed).
    pub fn is_address(&self) -> bool {
        matches!(self, OutboundError::Unresolvable(_) | OutboundError::NotPublic(_))
    }

    /// The error as a sentence with every detail: for the operator's log.
    pub fn sentence(&self) -> String {
        let text = self.to_string();
        let mut chars = text.chars();
        let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
        format!("{first}{}.", chars.as_str())
    }

    /// The error as the owner who chose the address reads it: the rule the address breaks, or
    /// the answer of the receiver; never what the host resolves to, whether it resolves at all
    /// or how a connection failed.
    pub fn owner_sentence(&self) -> String {
        match self {
            OutboundError::Unresolvable(_) | OutboundError::NotPublic(_) => {
                "This address is not allowed: the host must be on the public internet.".into()
            }
            OutboundError::Request(_) | OutboundError::Timeout => "The message was not delivered.".into(),
            other => other.sentence(),
        }
    }

    /// Whether the URL's form is refused (not parsed, not https, credentials, no host).
    pub fn is_form(&self) -> bool {
        matches!(
            self,
            OutboundError::NotAUrl
                | OutboundError::NotHttps
                | OutboundError::Credentials
                | OutboundError::NoHost
        )
    }
}

impl fmt::Display for OutboundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutboundError::NotAUrl => write!(f, "not a URL"),
            OutboundError::NotHttps => write!(f, "only https:// addresses are allowed"),
            OutboundError::Credentials => write!(f, "the address must not carry a user name or password"),
            OutboundError::NoHost => write!(f, "the address has no host"),
            OutboundError::Unresolvable(host) => write!(f, "the host {host} does not resolve"),
            OutboundError::NotPublic(ip) => {
                write!(f, "the host resolves to {ip}, which is not a public address")
            }
            OutboundError::Request(detail) => write!(f, "the request failed: {detail}"),
            OutboundError::Timeout => write!(f, "no answer in time"),
            OutboundError::Redirect(status) => {
                write!(f, "the webhook answered {status} (a redirect); redirects are not followed")
            }
            OutboundError::Status(status) => write!(f, "the webhook answered {status}"),
        }
    }
}

/// The URL if its form is acceptable: `https://` (or, with the test policy, `http://`), a
/// host, no credentials. Whether its host may be reached is [`resolve`]'s question.
pub fn parse(text: &str, policy: AddressPolicy) -> Result<Url, OutboundError> {
    let url = Url::parse(text.trim()).map_err(|_| OutboundError::NotAUrl)?;
    match url.scheme() {
        "https" => {}
        "http" if policy.allow_loopback_http => {}
        _ => return Err(OutboundError::NotHttps),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(OutboundError::Credentials);
    }
    if url.host().is_none() {
        return Err(OutboundError::NoHost);
    }
    Ok(url)
}

/// Resolves the URL's host and checks every address: the one to connect to (the first), or why
/// none may be used. A plain `http://` URL (test policy) must resolve to loopback only.
pub async fn resolve(url: &Url, policy: AddressPolicy) -> Result<SocketAddr, OutboundError> {
    let port = url.port_or_known_default().ok_or(OutboundError::NoHost)?;
    let addresses: Vec<SocketAddr> = match url.host() {
        Some(Host::Ipv4(ip)) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
        Some(Host::Ipv6(ip)) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
        Some(Host::Domain(domain)) => {
            let name = domain.to_string();
            let lookup = name.clone();
            // getaddrinfo blocks: on the blocking pool, like awc's own resolver.
            actix_web::rt::task::spawn_blocking(move || (lookup.as_str(), port).to_socket_addrs())
                .await
                .map_err(|_| OutboundError::Unresolvable(name.clone()))?
                .map_err(|_| OutboundError::Unresolvable(name.clone()))?
                .collect()
        }
        None => return Err(OutboundError::NoHost),
    };
    let Some(first) = addresses.first().copied() else {
        return Err(OutboundError::Unresolvable(url.host_str().unwrap_or_default().to_string()));
    };
    let plain_http = url.scheme() == "http";
    for address in &addresses {
        let ip = address.ip();
        let loopback_allowed = policy.allow_loopback_http && is_loopback(ip);
        if plain_http && !loopback_allowed {
            // http:// only to a loopback receiver, and only under the test policy.
            return Err(OutboundError::NotHttps);
        }
        if !is_public(ip) && !loopback_allowed {
            return Err(OutboundError::NotPublic(ip));
        }
    }
    Ok(first)
}

/// Checks the URL (form and addresses) as [`post_json`] would before sending.
pub async fn check(text: &str, policy: AddressPolicy) -> Result<Url, OutboundError> {
    let url = parse(text, policy)?;
    resolve(&url, policy).await?;
    Ok(url)
}

/// POSTs `body` as JSON to `url` under the rules above: the status of a 2xx answer, else why
/// it failed. The address is resolved and checked again for this request and pinned.
pub async fn post_json(
    url: &str,
    body: &impl Serialize,
    policy: AddressPolicy,
    limits: Limits,
) -> Result<u16, OutboundError> {
    let body = serde_json::to_vec(body).map_err(|e| OutboundError::Request(e.to_string()))?;
    post(url, &[("Content-Type", "application/json".to_string())], body, policy, limits).await
}

/// POSTs `body` with `headers` to `url` under the rules above (a browser's push endpoint, a
/// webhook): the status of a 2xx answer, else why it failed ([`OutboundError::Status`] carries
/// any other status). The address is resolved and checked for this request and pinned.
pub async fn post(
    url: &str,
    headers: &[(&str, String)],
    body: Vec<u8>,
    policy: AddressPolicy,
    limits: Limits,
) -> Result<u16, OutboundError> {
    let url = parse(url, policy)?;
    let address = resolve(&url, policy).await?;
    let exchange = async {
        // A fresh client per request: no pooled connection to an address checked earlier.
        let connector = awc::Connector::new().timeout(limits.connect).handshake_timeout(limits.connect);
        let client =
            awc::Client::builder().connector(connector).disable_redirects().timeout(limits.total).finish();
        let mut request = client.post(url.as_str()).address(address);
        for (name, value) in headers {
            request = request.insert_header((*name, value.as_str()));
        }
        let mut response = request.send_body(body).await.map_err(|e| match e {
            awc::error::SendRequestError::Timeout => OutboundError::Timeout,
            other => OutboundError::Request(other.to_string()),
        })?;
        let status = response.status();
        // Read a little of the answer and drop it; a longer one is no failure of the delivery.
        let _ = response.body().limit(limits.max_body).await;
        if status.is_redirection() {
            return Err(OutboundError::Redirect(status.as_u16()));
        }
        if !status.is_success() {
            return Err(OutboundError::Status(status.as_u16()));
        }
        Ok(status.as_u16())
    };
    actix_web::rt::time::timeout(limits.total, exchange).await.map_err(|_| OutboundError::Timeout)?
}

fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()),
    }
}

/// Whether an address is on the public internet: not in any special-purpose block of the IANA
/// registries that a webhook could never legitimately be at.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let special = a == 0                                  // "this network", 0.0.0.0 included
        || a == 10                                        // private
        || a == 127                                       // loopback
        || (a == 100 && (64..128).contains(&b))           // shared address space (CGNAT)
        || (a == 169 && b == 254)                         // link-local (cloud metadata too)
        || (a == 172 && (16..32).contains(&b))            // private
        || (a == 192 && b == 0 && c == 0)                 // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)                 // documentation
        || (a == 192 && b == 88 && c == 99)               // 6to4 relay anycast
        || (a == 192 && b == 168)                         // private
        || (a == 198 && (b == 18 || b == 19))             // benchmarking
        || (a == 198 && b == 51 && c == 100)              // documentation
        || (a == 203 && b == 0 && c == 113)               // documentation
        || a >= 224; // multicast, reserved, broadcast
    !special
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let segments = ip.segments();
    // IPv4 carried inside IPv6 is judged by its IPv4 address.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    if segments[..6] == [0, 0, 0, 0, 0, 0] {
        // ::/96, IPv4-compatible (deprecated), :: and ::1 included: never public.
        return false;
    }
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        // NAT64 well-known prefix.
        return is_public_v4(Ipv4Addr::new(
            (segments[6] >> 8) as u8,
            segments[6] as u8,
            (segments[7] >> 8) as u8,
            segments[7] as u8,
        ));
    }
    if segments[0] == 0x2002 {
        // 6to4: the IPv4 address is in bits 16–48.
        return is_public_v4(Ipv4Addr::new(
            (segments[1] >> 8) as u8,
            segments[1] as u8,
            (segments[2] >> 8) as u8,
            segments[2] as u8,
        ));
    }
    // Only global unicast (2000::/3); within it, the special blocks.
    let global_unicast = segments[0] & 0xe000 == 0x2000;
    // 2001::/23 (TEREDO, ORCHID, benchmarking, …) and 2001:db8::/32 and 3fff::/20
    // (documentation).
    let special = (segments[0] == 0x2001 && (segments[1] < 0x0200 || segments[1] == 0x0db8))
        || (segments[0] == 0x3fff && segments[1] < 0x1000);
    global_unicast && !special
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn special_addresses_are_not_public() {
        for refused in [
            "0.0.0.0",
            "10.0.0.1",
            "10.255.255.255",
            "127.0.0.1",
            "127.1.2.3",
            "100.64.0.1",
            "100.127.255.254",
            "169.254.169.254",
            "169.254.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.0.0.8",
            "192.0.2.1",
            "192.168.1.1",
            "198.18.0.1",
            "198.51.100.7",
            "203.0.113.9",
            "224.0.0.1",
            "239.1.1.1",
            "240.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "fe80::1",
            "febf::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a00:1",
            "2002:a00:1::1",
            "2001::1",
            "2001:db8::1",
            "fec0::1",
            "100::1",
            "3fff::1",
        ] {
            assert!(!is_public(ip(refused)), "{refused} must not be public");
        }
    }

    #[test]
    fn ordinary_addresses_are_public() {
        for allowed in [
            "1.1.1.1",
            "8.8.8.8",
            "162.159.128.233",
            "172.15.255.255",
            "172.32.0.1",
            "100.63.255.255",
            "100.128.0.1",
            "192.169.0.1",
            "2606:4700::6810:1",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(is_public(ip(allowed)), "{allowed} must be public");
        }
    }

    #[test]
    fn only_https_without_credentials() {
        let strict = AddressPolicy::default();
        assert_eq!(parse("http://example.com/x", strict), Err(OutboundError::NotHttps));
        assert_eq!(parse("ftp://example.com/x", strict), Err(OutboundError::NotHttps));
        assert_eq!(parse("https://user:pw@example.com/x", strict), Err(OutboundError::Credentials));
        assert_eq!(parse("not a url", strict), Err(OutboundError::NotAUrl));
        assert!(parse("https://discord.com/api/webhooks/1/x", strict).is_ok());
        let loopback = AddressPolicy { allow_loopback_http: true };
        assert!(parse("http://127.0.0.1:9/x", loopback).is_ok());
    }

    #[test]
    fn the_loopback_setting_is_hidden_off_by_default_and_for_debug_builds_only() {
        use clap::{CommandFactory, Parser};
        let default = crate::platform::config::Cli::try_parse_from(["lavalist"]).unwrap();
        assert_eq!(default.config.channels.policy().unwrap(), AddressPolicy::default());
        let cli =
            crate::platform::config::Cli::try_parse_from(["lavalist", "--channel-allow-loopback"]).unwrap();
        let policy = cli.config.channels.policy();
        if cfg!(debug_assertions) {
            assert!(policy.unwrap().allow_loopback_http);
        } else {
            assert!(policy.is_err(), "refused by a release build");
        }
        let help = crate::platform::config::Cli::command().render_long_help().to_string();
        assert!(!help.contains("channel-allow-loopback"), "hidden from --help");
    }

    #[actix_rt::test]
    async fn literals_and_names_are_checked_after_resolution() {
        let strict = AddressPolicy::default();
        for refused in [
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "https://10.1.2.3/x",
            "https://169.254.169.254/latest/meta-data",
            "https://[fe80::1]/x",
            "https://[::ffff:192.168.0.1]/x",
            "https://localhost/x",
            "https://0x7f000001/x",
            "https://2130706433/x",
        ] {
            let err = check(refused, strict).await.unwrap_err();
            assert!(err.is_address(), "{refused}: {err:?}");
        }
        let loopback = AddressPolicy { allow_loopback_http: true };
        assert!(check("http://127.0.0.1:9/x", loopback).await.is_ok());
        assert!(check("http://localhost:9/x", loopback).await.is_ok());
        // The test policy admits loopback, nothing else private.
        assert!(check("https://10.0.0.1/x", loopback).await.unwrap_err().is_address());
        assert_eq!(check("http://10.0.0.1/x", loopback).await, Err(OutboundError::NotHttps));
    }
}
