//! Who is the client, for per-address limits: the socket peer, unless that peer is a trusted
//! proxy, in which case the right-most `X-Forwarded-For` entry that is not a trusted proxy.
//! Anything left of that entry was written by the client and cannot be believed.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use actix_web::HttpRequest;

/// An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    addr: IpAddr,
    prefix: u8,
}

impl IpNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                same_prefix(u32::from(net).into(), u32::from(ip).into(), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => same_prefix(net.into(), ip.into(), 128, self.prefix),
            _ => false,
        }
    }
}

fn same_prefix(a: u128, b: u128, bits: u8, prefix: u8) -> bool {
    let host_bits = u32::from(bits - prefix);
    a.checked_shr(host_bits).unwrap_or(0) == b.checked_shr(host_bits).unwrap_or(0)
}

impl FromStr for IpNet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (s, None),
        };
        let addr =
            canonical(addr.parse::<IpAddr>().map_err(|_| format!("`{s}` is not an IP address or CIDR"))?);
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => {
                p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(|| format!("bad prefix in `{s}`"))?
            }
            None => max,
        };
        Ok(IpNet { addr, prefix })
    }
}

impl fmt::Display for IpNet {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The client's IP address as this server can know it (see the module comment); `None` only
/// when the request has no peer (in-process tests).
pub fn client_ip(req: &HttpRequest, trusted: &[IpNet]) -> Option<IpAddr> {
    let peer = canonical(req.peer_addr()?.ip());
    if !is_trusted(peer, trusted) {
        return Some(peer);
    }
    // Every hop a trusted proxy appended, right to left; several headers are one list.
    let hops: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            // A trusted proxy wrote garbage: keep the last address we could believe.
            break;
        };
        client = ip;
        if !is_trusted(ip, trusted) {
            break;
        }
    }
    Some(client)
}

fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    trusted.iter().any(|net| net.contains(ip))
}

/// `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:5678`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>().or_else(|_| hop.parse::<SocketAddr>().map(|s| s.ip())).ok().map(canonical)
}

/// The key per-address limits count under: IPv4 as is, IPv6 by its /64 (one household or
/// device typically holds a whole /64, and rotating within it must not dodge a limit).
pub fn address_key(ip: Option<IpAddr>) -> String {
    match ip.map(canonical) {
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            let net = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
            format!("{net}/64")
        }
        None => "unknown".to_string(),
    }
}

/// The per-address key of a request, with the configured trusted proxies.
pub fn request_key(req: &HttpRequest, trusted: &[IpNet]) -> String {
    address_key(client_ip(req, trusted))
}

/// The client's network, wider than [`address_key`]: IPv4 by its /24, IPv6 by its /48 (what one
/// site or provider customer typically holds). Per-account limits count per account *and*
/// network, so guesses from one network cannot lock the owner out of another.
pub fn network_key(ip: Option<IpAddr>) -> String {
    match ip.map(canonical) {
        Some(IpAddr::V4(v4)) => {
            let o = v4.octets();
            format!("{}.{}.{}.0/24", o[0], o[1], o[2])
        }
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            format!("{}/48", Ipv6Addr::new(s[0], s[1], s[2], 0, 0, 0, 0, 0))
        }
        None => "unknown".to_string(),
    }
}

/// The network key of a request, with the configured trusted proxies.
pub fn request_network_key(req: &HttpRequest, trusted: &[IpNet]) -> String {
    network_key(client_ip(req, trusted))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    fn req(peer: &str, xff: &[&str]) -> HttpRequest {
        let mut r = TestRequest::get().peer_addr(peer.parse().unwrap());
        for v in xff {
            r = r.append_header(("x-forwarded-for", *v));
        }
        r.to_http_request()
    }

    #[test]
    fn cidr_parsing_and_matching() {
        let net: IpNet = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains("10.1.200.3".parse().unwrap()));
        assert!(!net.contains("10.2.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.1.0.9".parse().unwrap()));
        let all: IpNet = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains("8.8.8.8".parse().unwrap()));
        let v6: IpNet = "fd00::/8".parse().unwrap();
        assert!(v6.contains("fd12::1".parse().unwrap()));
        assert!(!v6.contains("2001:db8::1".parse().unwrap()));
        assert!("10.0.0.0/33".parse::<IpNet>().is_err());
        assert!("proxy".parse::<IpNet>().is_err());
    }

    #[test]
    fn an_untrusted_peer_cannot_spoof() {
        let r = req("203.0.113.7:5000", &["1.1.1.1"]);
        assert_eq!(client_ip(&r, &nets(&["10.0.0.0/8"])), Some("203.0.113.7".parse().unwrap()));
    }

    #[test]
    fn the_rightmost_untrusted_hop_behind_trusted_proxies() {
        let trusted = nets(&["10.0.0.0/8"]);
        let r = req("10.0.0.2:5000", &["6.6.6.6, 198.51.100.4", "10.0.0.9"]);
        assert_eq!(client_ip(&r, &trusted), Some("198.51.100.4".parse().unwrap()));
        // Only trusted hops: the left-most one is the best we know.
        let r = req("10.0.0.2:5000", &["10.0.0.5"]);
        assert_eq!(client_ip(&r, &trusted), Some("10.0.0.5".parse().unwrap()));
        let r = req("10.0.0.2:5000", &["[2001:db8::1]:443"]);
        assert_eq!(client_ip(&r, &trusted), Some("2001:db8::1".parse().unwrap()));
        let r = req("10.0.0.2:5000", &["not an address"]);
        assert_eq!(client_ip(&r, &trusted), Some("10.0.0.2".parse().unwrap()));
    }

    #[test]
    fn keys_group_ipv6_by_64_and_unmap_ipv4() {
        assert_eq!(address_key(Some("2001:db8:1:2:3:4:5:6".parse().unwrap())), "2001:db8:1:2::/64");
        assert_eq!(address_key(Some("::ffff:192.0.2.1".parse().unwrap())), "192.0.2.1");
        assert_eq!(address_key(None), "unknown");
    }

    #[test]
    fn network_keys_group_ipv4_by_24_and_ipv6_by_48() {
        assert_eq!(network_key(Some("198.51.100.77".parse().unwrap())), "198.51.100.0/24");
        assert_eq!(network_key(Some("::ffff:192.0.2.1".parse().unwrap())), "192.0.2.0/24");
        assert_eq!(network_key(Some("2001:db8:1:2:3:4:5:6".parse().unwrap())), "2001:db8:1::/48");
        assert_eq!(network_key(None), "unknown");
    }
}
