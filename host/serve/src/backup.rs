//! Backups of the server's games (`carcassonne serve backup`): a copy of
//! `games.sqlite` made with SQLite's online backup API, by whoever holds
//! the database. A running server holds it (in exclusive locking mode:
//! `sqlite3 games.sqlite .backup` cannot read it meanwhile), so the
//! command asks the server for the copy over its API (`POST /api/backup`,
//! with the host token the server leaves for its owner in
//! `DATA/server.json`); with no server running it copies the file itself.
//! Either way the copy is `DATA/backups/games-YYYYMMDD-HHMMSS.sqlite` (or
//! the file asked for), whole and checked before it appears.

use crate::store::{DB_FILE, Store, StoreError};
use anyhow::{Context, Result, bail};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file a running server leaves in its data directory for its owner:
/// where it listens (a loopback address) and its host token, readable by
/// its owner only.
pub const SERVER_FILE: &str = "server.json";

/// Where backups go in a data directory.
pub fn backups_dir(data: &Path) -> PathBuf {
    data.join("backups")
}

/// A backup's file name for the time `secs` (seconds since 1970, UTC):
/// `games-20260512-083000.sqlite`, so that they sort by age.
pub fn backup_name(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "games-{year:04}{month:02}{day:02}-{:02}{:02}{:02}.sqlite",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// What a backup made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The copy.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The games it holds.
    pub games: u64,
    /// Whether the running server made it (else this process did).
    pub by_server: bool,
}

/// Copies `store` into its data directory's `backups/` under a name of now
/// ([`backup_name`]); what `POST /api/backup` does.
///
/// # Errors
/// The directory cannot be made or the copy cannot be written.
pub fn backup_store(store: &Store) -> Result<Made> {
    let data = store.path().parent().unwrap_or(Path::new("."));
    let dir = backups_dir(data);
    create_private_dir(&dir)?;
    let mut dest = dir.join(backup_name(carcassonne_table::now()));
    // Two backups in one second: the second gets a number.
    let mut n = 1;
    while dest.exists() {
        n += 1;
        dest = dir.join(backup_name(carcassonne_table::now()).replace(".sqlite", &format!("-{n}.sqlite")));
    }
    let (bytes, games) = store.backup_to(&dest)?;
    Ok(Made {
        path: dest,
        bytes,
        games,
        by_server: true,
    })
}

fn create_private_dir(dir: &Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(dir)
        .with_context(|| format!("cannot create {}", dir.display()))
}

/// Writes [`SERVER_FILE`] into `data`: the server listening on `addr`
/// (reached over loopback when it listens on every interface) and its host
/// token, readable by its owner only.
///
/// # Errors
/// The file cannot be written.
pub fn write_server_file(data: &Path, addr: SocketAddr, host_token: &str) -> Result<()> {
    let ip = match addr.ip() {
        std::net::IpAddr::V4(v4) if v4.is_unspecified() => std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        std::net::IpAddr::V6(v6) if v6.is_unspecified() => std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let text = json!({
        "address": SocketAddr::new(ip, addr.port()).to_string(),
        "host_token": host_token,
        "pid": std::process::id(),
    })
    .to_string();
    carcassonne_setup::safe_file::write_private(&data.join(SERVER_FILE), &text)
}

/// Backs up the games of the data directory `data`: with no server
/// holding its database, by copying it here; else by asking the server
/// named in its [`SERVER_FILE`]. The copy goes to `data/backups/`, then to
/// `out` when given (never over an existing file).
///
/// # Errors
/// There is no database there, the copy fails, or a server holds the
/// database but cannot be asked.
pub fn backup(data: &Path, out: Option<&Path>) -> Result<Made> {
    if let Some(out) = out
        && out.exists()
    {
        bail!("{} already exists: a backup never replaces a file", out.display());
    }
    let db = data.join(DB_FILE);
    if !db.is_file() {
        bail!("{} does not exist: no games are kept there", db.display());
    }
    let made = match Store::open_file(&db) {
        Ok(store) => {
            let mut made = backup_store(&store)?;
            made.by_server = false;
            made
        }
        Err(StoreError::Busy { .. }) => ask_server(data)?,
        Err(e) => return Err(e.into()),
    };
    let Some(out) = out else {
        return Ok(made);
    };
    std::fs::copy(&made.path, out)
        .with_context(|| format!("cannot copy {} to {}", made.path.display(), out.display()))?;
    std::fs::remove_file(&made.path).with_context(|| format!("cannot remove {}", made.path.display()))?;
    Ok(Made {
        path: out.to_path_buf(),
        ..made
    })
}

/// Asks the server that holds `data`'s database for a backup.
fn ask_server(data: &Path) -> Result<Made> {
    let file = data.join(SERVER_FILE);
    let text = carcassonne_core::read_text_file(&file, 64 << 10, "server file").with_context(|| {
        format!(
            "the games of {} are held by a running server, and its {SERVER_FILE} cannot be read",
            data.display()
        )
    })?;
    let server: Value = serde_json::from_str(&text).with_context(|| format!("{}", file.display()))?;
    let (Some(address), Some(token)) = (server["address"].as_str(), server["host_token"].as_str()) else {
        bail!("{} names no address and host token", file.display());
    };
    let address: SocketAddr = address
        .parse()
        .with_context(|| format!("{}: `{address}` is not an address", file.display()))?;
    let (status, body) = post_json(address, "/api/backup", &json!({ "token": token }))
        .with_context(|| format!("the server that holds the games ({address}) does not answer"))?;
    if status != 200 {
        bail!(
            "the server ({address}) refused the backup ({status}): {}",
            body["error"].as_str().unwrap_or("no reason given")
        );
    }
    Ok(Made {
        path: PathBuf::from(body["path"].as_str().unwrap_or_default()),
        bytes: body["bytes"].as_u64().unwrap_or(0),
        games: body["games"].as_u64().unwrap_or(0),
        by_server: true,
    })
}

/// The most bytes of an answer read.
const MAX_ANSWER: u64 = 1 << 20;

/// POSTs `body` as JSON to `path` of the server at `address` (HTTP/1.1,
/// one request on its own connection); its status and JSON answer.
fn post_json(address: SocketAddr, path: &str, body: &Value) -> Result<(u16, Value)> {
    let timeout = Duration::from_secs(60);
    let mut stream = TcpStream::connect_timeout(&address, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    let body = body.to_string();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = Vec::new();
    stream.take(MAX_ANSWER).read_to_end(&mut answer)?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, rest) = answer.split_once("\r\n\r\n").context("the answer is not HTTP")?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .context("the answer has no status")?;
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase().starts_with("transfer-encoding:") && l.to_ascii_lowercase().contains("chunked")
    });
    let text = if chunked { unchunk(rest) } else { rest.to_string() };
    let value = serde_json::from_str(text.trim()).context("the answer is not JSON")?;
    Ok((status, value))
}

/// A chunked body's data.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_by_time() {
        assert_eq!(backup_name(0), "games-19700101-000000.sqlite");
        assert_eq!(backup_name(1_700_000_000), "games-20231114-221320.sqlite");
        assert_eq!(backup_name(951_782_400), "games-20000229-000000.sqlite");
        assert!(backup_name(1_700_000_000) < backup_name(1_700_000_001));
    }

    #[test]
    fn chunks_are_joined() {
        assert_eq!(unchunk("4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"), "{\"a\":1}");
    }

    #[test]
    fn a_store_no_server_holds_is_copied_here_and_reads_back() {
        let dir = std::env::temp_dir().join(format!("carcassonne-backup-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        {
            let store = Store::open(&dir).unwrap();
            let record = carcassonne_core::GameRecord::of_rules(
                &carcassonne_setup::GameSetup::base_game(&[], None)
                    .unwrap()
                    .rules()
                    .unwrap(),
            );
            store
                .insert(&crate::store::NewGame {
                    record: &record,
                    seats: &[],
                    seat_hashes: &["a".into(), "b".into()],
                    hotseat_hash: "h",
                    version: 3,
                    log: &[],
                    undo: false,
                    over: false,
                })
                .unwrap();
            // Held by this "server": the command cannot open it, and there
            // is no server file to ask.
            let e = backup(&dir, None).unwrap_err().to_string();
            assert!(e.contains(SERVER_FILE), "{e}");
            let made = backup_store(&store).unwrap();
            assert_eq!(made.games, 1);
            let copy = Store::open_file(&made.path).unwrap();
            assert_eq!(copy.load().unwrap().len(), 1);
        }
        let out = dir.join("copy.sqlite");
        let made = backup(&dir, Some(&out)).unwrap();
        assert!(!made.by_server && made.path == out && made.games == 1);
        assert!(backup(&dir, Some(&out)).is_err(), "never over a file");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
