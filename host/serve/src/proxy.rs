//! `carcassonne serve` behind a reverse proxy (Caddy, nginx) that ends TLS
//! and hands requests on over loopback (`docs/serve-behind-a-proxy.md`).
//!
//! The proxy's connection comes from its own address, so the server would
//! take every player for one client on its own machine: one client's
//! limit on event streams for everyone, and the tile editor's "from this
//! machine" open to the internet. A proxy says who the client is in the
//! `Forwarded` header (RFC 7239) or `X-Forwarded-For`, `-Proto` and
//! `-Host`; anyone can write those headers, so they are believed only
//! from the addresses given with `--trust-proxy` ([`Proxies`]). A request
//! from such an address is taken as its client's ([`client_of`]): the
//! client's address for the limits, and never "this machine" for the
//! editor, whose checks also refuse any request that names a proxy at all,
//! trusted or not ([`forwarded`]).

use axum::http::HeaderMap;
use std::net::IpAddr;
use std::str::FromStr;

/// A trusted proxy's address, or a range of them (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

impl FromStr for Net {
    type Err = String;

    fn from_str(text: &str) -> Result<Net, String> {
        let text = text.trim();
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        let addr: IpAddr = addr
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse()
            .map_err(|_| {
                format!("`{text}` is not an IP address or a range (write 127.0.0.1, ::1, 10.0.0.0/8 or fd00::/8)")
            })?;
        let most = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= most)
                .ok_or_else(|| format!("`{text}`: the prefix length after `/` is 0 to {most}"))?,
        };
        Ok(Net { addr, prefix })
    }
}

impl Net {
    /// Whether `ip` is in this range (an IPv4 address written as IPv6,
    /// `::ffff:a.b.c.d`, counts as the IPv4 one).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// The proxies whose forwarding headers are believed, and the address
/// people reach the server at through them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies {
    /// The trusted proxies' addresses (`--trust-proxy`).
    pub trusted: Vec<Net>,
    /// The public address of the server (`--public-url`,
    /// `https://carcassonne.example.org`): the links it prints and answers
    /// are made with it.
    pub public_url: Option<String>,
}

impl Proxies {
    /// Whether `ip` is a trusted proxy's.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|n| n.contains(ip))
    }
}

/// Who a request comes from, as far as the server can tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    /// The client's address: the connection's, or for a connection from a
    /// trusted proxy the one the proxy names.
    pub ip: IpAddr,
    /// Whether a trusted proxy handed the request on.
    pub via_proxy: bool,
    /// The scheme the client used (`https`), as the proxy says.
    pub proto: Option<String>,
    /// The host the client asked for, as the proxy says.
    pub host: Option<String>,
}

/// Whether a request names a proxy at all: a `Forwarded`, `X-Forwarded-For`
/// or `X-Real-IP` header, believed or not. Such a request did not come
/// from a person at the server's machine, whatever the connection's address.
pub fn forwarded(headers: &HeaderMap) -> bool {
    ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|h| headers.contains_key(*h))
}

/// The addresses a request passed through, client first, as the proxies
/// wrote them (`Forwarded`'s `for=`, else `X-Forwarded-For`); `None` for
/// a hop whose address is hidden or does not read (`unknown`, `_hidden`).
fn hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let all = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let forwarded = all("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, v)| node_ip(v.trim()))
            })
            .collect();
    }
    all("x-forwarded-for").iter().map(|s| node_ip(s)).collect()
}

/// The address of a node as proxies write it: `192.0.2.60`,
/// `"[2001:db8::17]:4711"`, `192.0.2.60:8080`.
fn node_ip(node: &str) -> Option<IpAddr> {
    let node = node.trim_matches('"');
    if let Ok(ip) = node.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    node.rsplit_once(':').and_then(|(ip, _)| ip.parse().ok())
}

/// A parameter of the `Forwarded` element nearest the server (`proto`,
/// `host`), else the `X-Forwarded-` header of that name (its last value).
fn forwarded_param(headers: &HeaderMap, name: &str) -> Option<String> {
    let last_element = headers
        .get_all("forwarded")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .last()
        .map(str::to_string);
    if let Some(element) = last_element {
        return element
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().trim_matches('"').to_string())
            .filter(|v| !v.is_empty());
    }
    headers
        .get_all(format!("x-forwarded-{name}"))
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .rfind(|v| !v.is_empty())
        .map(str::to_string)
}

/// Who sent a request that came on a connection from `peer` with
/// `headers`. Only a trusted proxy's headers are read: from the right (the
/// hop nearest the server), every trusted address is passed over, and the
/// first other one is the client's; when a hop's address is hidden, the
/// client is taken to be the trusted proxy that named it.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, proxies: &Proxies) -> Client {
    let direct = Client {
        ip: peer,
        via_proxy: false,
        proto: None,
        host: None,
    };
    if !proxies.trusts(peer) || !forwarded(headers) {
        return direct;
    }
    let mut client = peer;
    for hop in hops(headers).into_iter().rev() {
        match hop {
            Some(ip) => {
                client = ip;
                if !proxies.trusts(ip) {
                    break;
                }
            }
            None => break,
        }
    }
    Client {
        ip: client,
        via_proxy: true,
        proto: forwarded_param(headers, "proto"),
        host: forwarded_param(headers, "host"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn trusting(nets: &[&str]) -> Proxies {
        Proxies {
            trusted: nets.iter().map(|n| n.parse().unwrap()).collect(),
            public_url: None,
        }
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn ranges_read_and_hold_their_addresses() {
        let lan: Net = "10.0.0.0/8".parse().unwrap();
        assert!(lan.contains(ip("10.1.2.3")) && !lan.contains(ip("11.0.0.1")));
        assert!(lan.contains(ip("::ffff:10.9.9.9")));
        let one: Net = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: Net = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        let all: Net = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.9")));
        assert!("[::1]".parse::<Net>().unwrap().contains(ip("::1")));
        for bad in ["", "localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/x", "1.2.3.4/-1"] {
            assert!(bad.parse::<Net>().is_err(), "{bad}");
        }
    }

    #[test]
    fn headers_are_believed_only_from_a_trusted_proxy() {
        let h = headers(&[("x-forwarded-for", "203.0.113.9"), ("x-forwarded-proto", "https")]);
        // Not trusted: the connection's address, whatever the headers say.
        let c = client_of(ip("198.51.100.7"), &h, &trusting(&["127.0.0.1"]));
        assert_eq!(c.ip, ip("198.51.100.7"));
        assert!(!c.via_proxy);
        assert!(forwarded(&h));
        // Trusted: the client the proxy names.
        let c = client_of(ip("127.0.0.1"), &h, &trusting(&["127.0.0.1"]));
        assert_eq!(c.ip, ip("203.0.113.9"));
        assert!(c.via_proxy);
        assert_eq!(c.proto.as_deref(), Some("https"));
        // A trusted proxy's request without headers is its own.
        let c = client_of(ip("127.0.0.1"), &HeaderMap::new(), &trusting(&["127.0.0.1"]));
        assert_eq!(c.ip, ip("127.0.0.1"));
        assert!(!c.via_proxy);
    }

    #[test]
    fn a_client_cannot_hide_behind_an_address_it_writes_itself() {
        // The client wrote "1.1.1.1" itself; the proxy appended the address
        // it saw: the rightmost untrusted hop is the client.
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.9")]);
        assert_eq!(
            client_of(ip("127.0.0.1"), &h, &trusting(&["127.0.0.1"])).ip,
            ip("203.0.113.9")
        );
        // Two proxies in a row, both trusted.
        let h = headers(&[("x-forwarded-for", "203.0.113.9, 10.0.0.5")]);
        assert_eq!(
            client_of(ip("127.0.0.1"), &h, &trusting(&["127.0.0.1", "10.0.0.0/8"])).ip,
            ip("203.0.113.9")
        );
        // Every hop trusted: the first.
        let h = headers(&[("x-forwarded-for", "10.0.0.9, 10.0.0.5")]);
        assert_eq!(
            client_of(ip("127.0.0.1"), &h, &trusting(&["127.0.0.1", "10.0.0.0/8"])).ip,
            ip("10.0.0.9")
        );
        // A hidden hop: the proxy that named it.
        let h = headers(&[("x-forwarded-for", "unknown, 10.0.0.5")]);
        assert_eq!(
            client_of(ip("127.0.0.1"), &h, &trusting(&["127.0.0.1", "10.0.0.0/8"])).ip,
            ip("10.0.0.5")
        );
    }

    #[test]
    fn forwarded_is_read_before_x_forwarded_for() {
        let h = headers(&[
            (
                "forwarded",
                "for=192.0.2.60;proto=http, for=\"[2001:db8:cafe::17]:4711\";proto=https;host=games.example.org",
            ),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        let c = client_of(ip("::1"), &h, &trusting(&["::1"]));
        assert_eq!(c.ip, ip("2001:db8:cafe::17"));
        assert_eq!(c.proto.as_deref(), Some("https"));
        assert_eq!(c.host.as_deref(), Some("games.example.org"));
        let h = headers(&[("forwarded", "for=_hidden, for=192.0.2.43:8080")]);
        assert_eq!(client_of(ip("::1"), &h, &trusting(&["::1"])).ip, ip("192.0.2.43"));
        assert!(forwarded(&headers(&[("x-real-ip", "1.2.3.4")])));
        assert!(!forwarded(&HeaderMap::new()));
    }
}
