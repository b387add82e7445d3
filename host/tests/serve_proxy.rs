//! `carcassonne serve` on the internet (docs/serve-behind-a-proxy.md),
//! through real HTTP on loopback: the scheme and host a trusted proxy names
//! (`X-Forwarded-*` or `Forwarded`) make the links the server hands out,
//! the same headers from an untrusted address are ignored, and
//! `--public-url` wins over both; `carcassonne serve backup` copies the
//! games of a running server, and of a stopped one.

mod common;

use carcassonne_serve::proxy::Proxies;
use carcassonne_serve::{Table, http};
use carcassonne_setup::Overrides;
use common::{ChildServer, call, serve_on_loopback};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

fn server(proxies: Proxies) -> SocketAddr {
    let args = Overrides {
        players: Some(2),
        seed: Some(1),
        ..Overrides::default()
    };
    let server = http::Server::new(Table::open(&args, None).unwrap());
    assert!(server.set_proxies(proxies));
    serve_on_loopback(server)
}

/// `GET /api/games` with `headers` (lines, each ending in CRLF); its `base`.
fn base_with(addr: SocketAddr, headers: &str) -> Value {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        stream,
        "GET /api/games HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let body: Value = serde_json::from_str(body).unwrap();
    body["base"].clone()
}

const X_FORWARDED: &str =
    "X-Forwarded-For: 203.0.113.7\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: carcassonne.example.org\r\n";
const FORWARDED: &str = "Forwarded: for=203.0.113.7;proto=https;host=play.example.net\r\n";

#[test]
fn a_trusted_proxy_names_the_address_links_are_made_with() {
    let addr = server(Proxies {
        trusted: vec!["127.0.0.1".parse().unwrap()],
        public_url: None,
    });
    assert_eq!(base_with(addr, X_FORWARDED), "https://carcassonne.example.org");
    assert_eq!(base_with(addr, FORWARDED), "https://play.example.net");
    // A request the proxy hands on without naming a scheme and host: the
    // pages use their own address.
    assert_eq!(base_with(addr, "X-Forwarded-For: 203.0.113.7\r\n"), Value::Null);
}

#[test]
fn forwarding_headers_from_an_address_not_trusted_are_ignored() {
    // Trusting another address (a proxy elsewhere): loopback's headers are anyone's.
    let addr = server(Proxies {
        trusted: vec!["10.0.0.0/8".parse().unwrap()],
        public_url: None,
    });
    for headers in [X_FORWARDED, FORWARDED] {
        let base = base_with(addr, headers);
        assert!(!base.as_str().unwrap_or("").contains("example"), "{headers}: {base}");
    }
}

#[test]
fn the_public_url_wins_over_what_a_proxy_says() {
    let addr = server(Proxies {
        trusted: vec!["127.0.0.1".parse().unwrap()],
        public_url: Some("https://games.example.com".into()),
    });
    assert_eq!(base_with(addr, X_FORWARDED), "https://games.example.com");
    assert_eq!(base_with(addr, ""), "https://games.example.com");
}

/// `carcassonne serve backup --data DIR` and what it printed.
fn backup(data: &std::path::Path, out: Option<&std::path::Path>) -> String {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    cmd.args(["serve", "backup", "--data"]).arg(data);
    if let Some(out) = out {
        cmd.arg("--out").arg(out);
    }
    let done = cmd.output().unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    String::from_utf8_lossy(&done.stdout).into_owned()
}

#[test]
fn a_backup_is_made_by_the_running_server_and_without_one() {
    let data = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve-backup");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    let server = ChildServer::start(&data, &[]);
    for _ in 0..2 {
        let (status, body) = call(server.addr, "POST", "/api/games", Some(&serde_json::json!({}))).unwrap();
        assert_eq!(status, 201, "{body}");
    }
    // While the server holds the database: the server makes the copy.
    let said = backup(&data, None);
    assert!(
        said.contains("backed up 2 games") && said.contains("by the running server"),
        "{said}"
    );
    let copies: Vec<_> = std::fs::read_dir(data.join("backups"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    // The copy is a database of the two games, which a server serves.
    let restored = data.join("restored");
    std::fs::create_dir_all(&restored).unwrap();
    std::fs::copy(&copies[0], restored.join("games.sqlite")).unwrap();
    let other = ChildServer::start(&restored, &[]);
    let (status, games) = call(other.addr, "GET", "/api/games", None).unwrap();
    assert_eq!(status, 200);
    assert_eq!(games["games"].as_array().map(Vec::len), Some(2), "{games}");
    drop(other);
    drop(server);
    // No server: the command copies the file itself; never over a file.
    let out = data.join("copy.sqlite");
    let said = backup(&data, Some(&out));
    assert!(
        said.contains("backed up 2 games") && !said.contains("running server"),
        "{said}"
    );
    assert!(out.is_file());
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["serve", "backup", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let _ = std::fs::remove_dir_all(&data);
}
