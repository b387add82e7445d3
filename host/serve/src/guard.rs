//! What keeps `carcassonne serve` standing on a LAN: connection limits and
//! timeouts, body limits, JSON for every error, and the check that a
//! request claiming to come from the server's own machine was not made by a
//! web page through DNS rebinding. The limits are stated in
//! `docs/serve-api.md`.

use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// The server's limits. [`Limits::default`] is what `carcassonne serve` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open connections at most; one more is answered 503 and closed.
    pub connections: usize,
    /// Open connections from one client address at most (an IPv6 client
    /// by its /64), well under `connections`: one more from it is answered
    /// 503 and closed, so one client cannot hold every connection.
    pub per_address: usize,
    /// Connections kept for addresses with none open: once only this many
    /// are left, an address that holds some already is refused, so that
    /// others still get in while a few clients hold the rest.
    pub reserved: usize,
    /// Time for a request's headers to arrive on a new connection.
    pub headers: Duration,
    /// Time a kept-alive connection may wait for its next request: then
    /// it is closed (an answer being sent, an event stream say, is not
    /// cut).
    pub idle: Duration,
    /// Time from a request's headers to its response's headers, body
    /// upload included (the event stream's body is not limited).
    pub request: Duration,
    /// Largest request body, in bytes.
    pub body: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 128,
            per_address: 24,
            reserved: 16,
            headers: Duration::from_secs(10),
            idle: Duration::from_secs(5),
            request: Duration::from_secs(30),
            body: 64 << 10,
        }
    }
}

/// A JSON error answer: `{"error": message}` with `status`.
pub fn json_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// A JSON error answer after which the connection is closed (`Connection:
/// close`): for refusals a client may repeat at once, such as an event
/// stream over the limit, so that the refused connection does not stay
/// open idle.
pub fn json_error_closing(status: StatusCode, message: impl Into<String>) -> Response {
    let mut response = json_error(status, message);
    response
        .headers_mut()
        .insert(header::CONNECTION, axum::http::HeaderValue::from_static("close"));
    response
}

/// Unknown routes: a JSON 404 that lists the API's entry points.
pub async fn not_found(request: Request) -> Response {
    json_error(
        StatusCode::NOT_FOUND,
        format!(
            "no such page or API route: {}; see docs/serve-api.md (/, /games/ID/, /editor, /api/expansions, /api/bots, \
             /api/games, /api/games/ID/state, /api/games/ID/move, /api/games/ID/events, /api/tiles …)",
            request.uri().path()
        ),
    )
}

/// A known route asked with the wrong method: a JSON 405.
pub async fn wrong_method(request: Request) -> Response {
    json_error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {}", request.uri().path(), request.method()),
    )
}

/// The body limits of the routes: `large` for the paths in `large_paths`
/// (the tile editor's whole-file routes), `body` for every other.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimits {
    /// Every route's limit but the large ones.
    pub body: usize,
    /// The large routes' limit.
    pub large: usize,
    /// The paths that take `large` bodies.
    pub large_paths: &'static [&'static str],
}

/// Refuses at once, with a JSON 413, a request whose declared body
/// (`Content-Length`) is over its route's limit: reading it first would
/// keep the connection until the body came or the request timed out (408
/// after 30 s), for an answer known from the headers.
pub async fn declared_size(State(limits): State<BodyLimits>, request: Request, next: Next) -> Response {
    let limit = if limits.large_paths.contains(&request.uri().path()) {
        limits.large
    } else {
        limits.body
    };
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(n) = declared
        && n > limit as u64
    {
        let path = request.uri().path().to_string();
        // What the client sends meanwhile is read and dropped, for a short
        // while and up to a bound: a client still writing its body when
        // the answer comes and the connection closes would see a broken
        // pipe instead of the answer. One that sends nothing is answered
        // when the short while is over, not at the request's time limit.
        let drain = async {
            use futures_util::StreamExt as _;
            let mut body = request.into_body().into_data_stream();
            let mut read: u64 = 0;
            while let Some(Ok(chunk)) = body.next().await {
                read += chunk.len() as u64;
                if read >= n.min(DRAIN_BYTES) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
        return json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is {n} bytes, over the length limit of {path} ({limit} bytes); send less"),
        );
    }
    next.run(request).await
}

/// How long a body declared over its limit is read and dropped before the
/// 413 (see [`declared_size`]).
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// How much of such a body is read and dropped at most.
const DRAIN_BYTES: u64 = 64 << 20;

/// Ends a request that takes longer than the limit (a body sent byte by
/// byte, say) with a JSON 408.
pub async fn time_limit(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => json_error(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request took longer than {} s; send it again", limit.as_secs()),
        ),
    }
}

/// Whether a request from the server's own machine was really made there:
/// its `Host` is a loopback name and its `Origin`, when sent, is a page of
/// a loopback name too. A web page elsewhere that resolved its own name to
/// 127.0.0.1 (DNS rebinding) sends its own name in both, and is refused.
pub fn local_request(headers: &HeaderMap) -> Result<(), String> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !is_loopback_name(host) {
        return Err(format!(
            "the request names host `{host}`, not this machine (localhost, 127.0.0.1 or [::1]): \
             a page from another site cannot save tiles; use http://localhost:PORT or the hot-seat token"
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let local = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .is_some_and(is_loopback_name);
        if !local {
            return Err(format!(
                "the request comes from a page of `{origin}`, not of this server: refused"
            ));
        }
    }
    Ok(())
}

/// `localhost`, `127.x.y.z` or `[::1]`, with or without a port: nothing
/// but a port number may follow the name (`localhost:evil.example` or
/// `[::1]x` name something else, which a browser would not send for this
/// server).
fn is_loopback_name(host_port: &str) -> bool {
    let (host, port) = match host_port.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((host, after)) => (host, after),
            None => return false,
        },
        None => {
            let end = host_port.find(':').unwrap_or(host_port.len());
            host_port.split_at(end)
        }
    };
    let port_ok = port.is_empty()
        || port.strip_prefix(':').is_some_and(|digits| {
            (1..=5).contains(&digits.len())
                && digits.bytes().all(|b| b.is_ascii_digit())
                && digits.parse::<u16>().is_ok()
        });
    let host_ok =
        host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
    port_ok && host_ok
}

/// Serves `app` on `listener` under `limits` until the process ends. Each
/// connection is HTTP/1.1 with a header timeout and an idle timeout; beyond
/// `limits.connections` open ones, or `limits.per_address` from one client
/// address, or when only `limits.reserved` are left and the address holds
/// some already, a new connection gets a 503 and is closed, so slow, idle
/// or greedy clients cannot use up the file descriptors or lock others out.
pub async fn serve(listener: tokio::net::TcpListener, app: Router, limits: Limits) -> std::io::Result<()> {
    let open = Arc::new(Connections::default());
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a little and go on rather than stop serving.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let place = match open.take(peer.ip(), &limits) {
            Ok(place) => place,
            Err(why) => {
                tokio::spawn(refuse_busy(stream, why));
                continue;
            }
        };
        let app = app.clone();
        tokio::spawn(async move {
            let activity = Arc::new(Activity::default());
            let seen = activity.clone();
            let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
                // The peer address decides who may save tile edits.
                request.extensions_mut().insert(ConnectInfo(peer));
                let busy = Busy::start(&seen);
                let answer = app.clone().oneshot(request.map(axum::body::Body::new));
                async move {
                    let response = answer.await;
                    drop(busy);
                    response
                }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.headers)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(connection);
            // Idle once its first answer is out and no request is being
            // answered: closed after `limits.idle` (hyper lets an answer
            // being sent finish, and closes a connection waiting for a
            // request at once).
            let tick = (limits.idle / 4).max(Duration::from_millis(20));
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = connection.as_mut() => break,
                    () = tokio::time::sleep(tick), if !closing => {
                        if activity.idle_for().is_some_and(|d| d >= limits.idle) {
                            connection.as_mut().graceful_shutdown();
                            closing = true;
                        }
                    }
                }
            }
            drop(place);
        });
    }
}

/// The open connections, in all and by client address.
#[derive(Default)]
struct Connections {
    open: std::sync::Mutex<(usize, std::collections::HashMap<std::net::IpAddr, usize>)>,
}

/// One open connection's place, given back when it closes.
struct Place {
    connections: Arc<Connections>,
    address: std::net::IpAddr,
}

impl Connections {
    /// A place for a connection from `peer`, or why there is none.
    fn take(self: &Arc<Self>, peer: std::net::IpAddr, limits: &Limits) -> Result<Place, &'static str> {
        let address = client_of(peer);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        let mine = by_address.get(&address).copied().unwrap_or(0);
        if *total >= limits.connections {
            return Err("the server has too many open connections; try again in a moment");
        }
        if mine >= limits.per_address {
            return Err(
                "too many open connections from your address; close some of this server's pages, \
                 or try again in a moment",
            );
        }
        if mine > 0 && *total + limits.reserved >= limits.connections {
            return Err("the server keeps its last connections for new clients; try again in a moment");
        }
        *total += 1;
        *by_address.entry(address).or_insert(0) += 1;
        Ok(Place {
            connections: self.clone(),
            address,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = self.connections.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(n) = by_address.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

/// The client a peer address counts as: itself, or for IPv6 its /64 (one
/// machine may have many addresses in it); an IPv4 address mapped into
/// IPv6 is that IPv4 address.
pub fn client_of(peer: std::net::IpAddr) -> std::net::IpAddr {
    match peer {
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => std::net::IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                std::net::IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

/// When a connection last finished answering, and how many requests it is
/// answering now.
#[derive(Default)]
struct Activity {
    state: std::sync::Mutex<(usize, Option<std::time::Instant>)>,
}

impl Activity {
    /// How long the connection has waited for a request since its last
    /// answer; `None` while it answers one, or before its first.
    fn idle_for(&self) -> Option<Duration> {
        let (busy, done) = *self.state.lock().unwrap_or_else(|e| e.into_inner());
        (busy == 0).then_some(done?.elapsed())
    }
}

/// A request being answered, for [`Activity`].
struct Busy(Arc<Activity>);

impl Busy {
    fn start(activity: &Arc<Activity>) -> Busy {
        activity.state.lock().unwrap_or_else(|e| e.into_inner()).0 += 1;
        Busy(activity.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut state = self.0.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 = state.0.saturating_sub(1);
        state.1 = Some(std::time::Instant::now());
    }
}

/// Answers a connection over a limit with a JSON 503 saying why and
/// closes it.
async fn refuse_busy(mut stream: tokio::net::TcpStream, why: &'static str) {
    let body = json!({ "error": why }).to_string();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\nretry-after: 5\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
    // Read what the client sent, briefly, so closing does not reset the
    // connection before it has read the answer.
    let mut sink = [0u8; 4096];
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
}

/// This machine's non-loopback addresses, for the links a LAN server
/// prints; empty when none can be found.
pub fn lan_addresses() -> Vec<std::net::IpAddr> {
    let mut found: Vec<std::net::IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
        // IPv6 link-local addresses need a zone in a URL: leave them out.
        .filter(|ip| !matches!(ip, std::net::IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().unwrap());
        }
        h
    }

    #[test]
    fn loopback_names_pass_and_rebound_names_do_not() {
        for host in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LOCALHOST",
            "127.1.2.3",
            "[::1]",
            "localhost:65535",
        ] {
            assert_eq!(local_request(&headers(host, None)), Ok(()), "{host}");
        }
        assert_eq!(
            local_request(&headers("localhost:8080", Some("http://localhost:8080"))),
            Ok(())
        );
        for (host, origin) in [
            ("evil.example:8080", None),
            ("localhost.evil.example", None),
            ("192.168.1.5:8080", None),
            ("localhost:8080", Some("http://evil.example:8080")),
            ("localhost:8080", Some("null")),
            // What follows the name is a port or nothing (issue 55, item 9).
            ("localhost:evil.example", None),
            ("127.0.0.1:80:80", None),
            ("localhost:", None),
            ("localhost:99999", None),
            ("localhost:+80", None),
            ("[::1]evil.example", None),
            ("[::1]:8080x", None),
            ("[::1", None),
            ("localhost:8080", Some("http://localhost:evil.example")),
            ("localhost:8080", Some("http://[::1]evil.example")),
        ] {
            assert!(local_request(&headers(host, origin)).is_err(), "{host} {origin:?}");
        }
    }
}
