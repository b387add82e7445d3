//! What the server tests share: a server on a free loopback port and a
//! minimal HTTP/1.1 client (no client crate needed for a few requests).

#![allow(dead_code)]

use carcassonne_serve::http;
use std::io::{Read, Write};
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
