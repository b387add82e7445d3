//! What the server tests share: a server on a free loopback port and a
//! minimal HTTP/1.1 client (no client crate needed for a few requests).

#![allow(dead_code)]

use carcassonne_serve::http;
use serde_json::Value;
use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

/// Serves `server` on a free loopback port, on its own runtime thread
/// (which ends with the test process).
pub fn serve_on_loopback(server: Arc<http::Server>) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            http::run(listener, server).await.unwrap();
        });
    });
    rx.recv().unwrap()
}

/// One request on a fresh connection; the status and the body.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&serde_json::Value>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a complete response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(
        !head.to_ascii_lowercase().contains("transfer-encoding: chunked"),
        "responses have a length"
    );
    (status, rest.to_string())
}

/// A `carcassonne serve` child on a free loopback port.
pub struct ChildServer {
    child: std::process::Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// What it printed at start (the banner).
    pub banner: String,
}

impl ChildServer {
    /// Starts a server on `data`, with `extra` arguments (`--bind
    /// 127.0.0.1:0` unless they bind), and waits until it listens.
    pub fn start(data: &std::path::Path, extra: &[&str]) -> ChildServer {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["serve", "--data"])
            .arg(data)
            .args(if extra.contains(&"--bind") {
                &[][..]
            } else {
                &["--bind", "127.0.0.1:0"][..]
            })
            .args(extra)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut banner = String::new();
        let mut addr = None;
        // The banner ends with the tile editor's lines.
        while !banner.contains("Tile editor:") {
            let mut line = String::new();
            if out.read_line(&mut line).unwrap() == 0 {
                let mut err = String::new();
                let _ = child.stderr.take().unwrap().read_to_string(&mut err);
                let _ = child.wait();
                panic!("the server stopped before listening: {banner}{err}");
            }
            banner.push_str(&line);
            if let Some(rest) = line.strip_prefix("Serving the lobby on http://") {
                addr = Some(rest.split('/').next().unwrap().parse().unwrap());
            }
        }
        let addr = addr.expect("the banner names the address");
        // The rest of the output, read as it comes, so no pipe fills; what
        // the server says on standard error shows with a failing test.
        std::thread::spawn(move || {
            let mut rest = String::new();
            let _ = out.read_to_string(&mut rest);
        });
        let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
        std::thread::spawn(move || {
            let mut line = String::new();
            while err.read_line(&mut line).is_ok_and(|n| n > 0) {
                eprint!("server: {line}");
                line.clear();
            }
        });
        ChildServer { child, addr, banner }
    }

    /// SIGKILL: no clean-up of any kind.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        call(self.addr, "GET", path, None).expect("the server answers")
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        call(self.addr, "POST", path, Some(body)).expect("the server answers")
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on a fresh connection; `None` when the server went away
/// before answering (it was killed).
pub fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    let text = String::from_utf8(raw).ok()?;
    let (head, rest) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, serde_json::from_str(rest).unwrap_or(Value::Null)))
}
