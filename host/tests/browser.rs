//! The `carcassonne serve` page in a real headless browser (Debian's chromium,
//! driven through chromedriver's WebDriver API): a whole hot-seat game with
//! Easter and Fruit-Bearing Trees played by clicking, then the final scores
//! read from the page; and the tile editor page, where a tile's edge is
//! changed, refused, fixed and saved. Skips itself, saying so, when chromium or
//! chromedriver is not installed (`apt-get install chromium chromium-driver`).
//! The static site, whose pages are the same with the engine in the page,
//! is driven the same way (`browser/web.rs`).

mod common;
/// The static site (the engine in the page), driven the same way.
#[path = "browser/web.rs"]
mod web;

use carcassonne_serve::{Table, http};
use carcassonne_setup::Overrides;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

// Link the expansion crates, as every host does (through the setup library), so they register.
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Whether chromium or chromedriver is missing; says the test is skipped.
fn browser_missing() -> bool {
    let missing = !std::path::Path::new(CHROMIUM).exists() || !std::path::Path::new(CHROMEDRIVER).exists();
    if missing {
        eprintln!(
            "SKIPPED: the browser test needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
    }
    missing
}

/// One HTTP/1.1 request; the status and the body parsed as JSON.
fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // Read by Content-Length: chromedriver keeps connections open.
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    let (head, rest) = loop {
        let n = stream.read(&mut buf).unwrap();
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).to_string();
        if let Some((head, rest)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse::<usize>().unwrap())
            });
            let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
            let done = match length {
                Some(len) => rest.len() >= len,
                None if chunked => rest.contains("\r\n0\r\n"),
                None => n == 0,
            };
            if done {
                let rest = if chunked { dechunk(rest) } else { rest.to_string() };
                break (head.to_string(), rest);
            }
        }
        assert!(n > 0, "the connection closed early: {text}");
    };
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(&rest).unwrap_or(Value::Null))
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A WebDriver session; the driver process ends with it.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
}

impl Browser {
    fn start() -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let start = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"]
        }}}});
        let (status, v) = call(addr, "POST", "/session", Some(&caps));
        assert_eq!(status, 200, "new session: {v}");
        let session = v["value"]["sessionId"].as_str().unwrap().to_string();
        Browser { driver, addr, session }
    }

    fn cmd(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        call(self.addr, method, &format!("/session/{}{path}", self.session), body)
    }

    fn go(&self, url: &str) {
        let (status, v) = self.cmd("POST", "/url", Some(&json!({ "url": url })));
        assert_eq!(status, 200, "{v}");
    }

    fn find_all(&self, css: &str) -> Vec<String> {
        let (status, v) = self.cmd(
            "POST",
            "/elements",
            Some(&json!({"using": "css selector", "value": css})),
        );
        assert_eq!(status, 200, "{v}");
        v["value"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e[ELEMENT].as_str().unwrap().to_string())
            .collect()
    }

    /// Clicks the element as a person would; false when the browser
    /// refused (hidden or covered).
    fn click_first(&self, css: &str) -> bool {
        // Retried: an element found just as the page redraws goes stale.
        (0..5).any(|_| self.find_all(css).iter().any(|e| self.click(e)))
    }

    fn click(&self, element: &str) -> bool {
        let (status, v) = self.cmd("POST", &format!("/element/{element}/click"), Some(&json!({})));
        if status != 200 {
            eprintln!("click refused: {}", v["value"]["message"]);
        }
        status == 200
    }

    /// Presses and releases `key` (a character, or a WebDriver key code
    /// such as `"\u{E007}"` for Enter) as a keyboard would.
    fn key(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        let (status, v) = self.cmd("POST", "/actions", Some(&actions));
        assert_eq!(status, 200, "{v}");
    }

    fn text(&self, element: &str) -> String {
        self.cmd("GET", &format!("/element/{element}/text"), None).1["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    fn script(&self, script: &str) -> Value {
        let (status, v) = self.cmd("POST", "/execute/sync", Some(&json!({"script": script, "args": []})));
        assert_eq!(status, 200, "{v}");
        v["value"].clone()
    }

    /// Waits until the page shows state `version`.
    fn wait_version(&self, version: u64) {
        let start = Instant::now();
        loop {
            if self.script("return document.body.dataset.version || null;") == json!(version.to_string()) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the page never showed version {version}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.cmd("DELETE", "", None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn start_server(table: Table) -> SocketAddr {
    common::serve_on_loopback(http::Server::new(table))
}

/// Where the fruit trees stand, from the expansion's public state.
fn trees(state: &Value) -> Vec<(i64, i64)> {
    state["expansions"]["fruit-trees"]["trees"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| Some((t["at"][0].as_i64()?, t["at"][1].as_i64()?)))
        .collect()
}

/// Waits until `check` holds, for at most 30 s.
fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    let start = Instant::now();
    while !check() {
        assert!(start.elapsed() < Duration::from_secs(30), "never: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The chat between seats: Ann types a line with markup into her page and
/// sends it with Enter; her page shows it as text (no element made of
/// it); Bob's line, said through the API, reaches her open page by the
/// event stream without changing the game's version; a watcher reads the
/// lines and has no box to write in.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn the_seats_chat_and_each_page_shows_the_lines_as_plain_text() {
    if browser_missing() {
        return;
    }
    let args = Overrides {
        players: Some(2),
        seed: Some(9),
        ..Overrides::default()
    };
    let table = Table::open(&args, None).unwrap();
    let seats = table.seats().unwrap().clone();
    let server = start_server(table);
    let state = || call(server, "GET", "/api/games/1/state", None).1;
    let version = state()["version"].as_u64().unwrap();
    let browser = Browser::start();
    browser.go(&format!("http://{server}/games/1/?seat={}", seats.seats[0]));
    browser.wait_version(version);
    let lines = || browser.text(&browser.find_all("#chat-lines")[0]);

    let input = browser.find_all("#chat-text")[0].clone();
    let markup = "<img src=x onerror=\"document.title='owned'\"> nice city";
    let (status, v) = browser.cmd(
        "POST",
        &format!("/element/{input}/value"),
        Some(&json!({ "text": format!("{markup}\u{E007}") })),
    );
    assert_eq!(status, 200, "{v}");
    wait_until("Ann's line is kept", || state()["chat_count"] == json!(1));
    wait_until("Ann's line shows on her page", || lines().contains(markup));
    assert!(
        browser.find_all("#chat-lines img").is_empty(),
        "the line is text, not markup"
    );
    assert_ne!(browser.script("return document.title;"), json!("owned"));
    assert_eq!(
        browser.script("return document.getElementById('chat-text').value;"),
        json!(""),
        "the box is emptied once the line is said"
    );

    let (status, v) = call(
        server,
        "POST",
        "/api/games/1/chat",
        Some(&json!({ "token": seats.seats[1], "text": "thanks, Ann" })),
    );
    assert_eq!(status, 200, "{v}");
    wait_until("Bob's line reaches Ann's open page", || lines().contains("thanks, Ann"));
    assert_eq!(state()["version"], json!(version), "chat is not a move");

    browser.go(&format!("http://{server}/games/1/"));
    browser.wait_version(version);
    assert!(lines().contains("thanks, Ann"), "{}", lines());
    assert_eq!(
        browser.script("return document.getElementById('chat-form').hidden;"),
        json!(true),
        "a watcher reads only"
    );
}

/// A tile set of the player's own, in the server's tile directory, whose
/// tiles carry Easter's attributes: the lobby lists it; ticking it
/// switches Easter on (the attributes count only then), and the game made
/// has its tiles; a `#config=` link naming it keeps it ticked.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_tile_set_of_ones_own_is_picked_in_the_lobby_with_the_expansion_its_tiles_need() {
    if browser_missing() {
        return;
    }
    use carcassonne_serve::lobby::{Lobby, Offer};
    let dir = std::env::temp_dir().join(format!("carcassonne-lobby-tiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tiles = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tiles");
    for entry in std::fs::read_dir(&tiles).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::write(
        dir.join("my-eggs.toml"),
        "[set]\nid = \"my-eggs\"\nname = \"My egg nests\"\n\n[[tile]]\nid = \"ME-1\"\ncount = 3\nedges = \"FFFF\"\n\
         name = \"nest: cloister\"\nfeatures = [\n  { kind = \"cloister\" },\n  { kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] },\n]\n\
         [tile.easter]\nsymbol = \"nest\"\n",
    )
    .unwrap();
    let offer = Offer {
        tiles: Some(dir.clone()),
        ..Offer::default()
    };
    let editor = carcassonne_serve::editor::Editor::new(
        carcassonne_core::Catalog::linked().unwrap(),
        carcassonne_core::TileSource { dir: Some(dir.clone()) },
    );
    let server = http::Server::with_lobby(Lobby::new(offer, 4), editor);
    let addr = common::serve_on_loopback(server.clone());
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/"));
    let file = "[data-file=\"my-eggs.toml\"]";
    wait_until("the lobby lists the set", || !browser.find_all(file).is_empty());
    let listed = browser.text(&browser.find_all("#tile-files")[0]);
    assert!(listed.contains("My egg nests") && listed.contains("Easter"), "{listed}");
    assert!(
        browser.find_all("#tile-files [data-file=\"easter.toml\"]").is_empty(),
        "an expansion's own set is under its expansion"
    );
    browser.script("document.getElementById('tile-files').scrollIntoView({block: 'center'}); return null;");
    assert!(browser.click_first(file));
    wait_until("Easter is switched on", || {
        !browser.find_all(".exp.on[data-expansion=\"easter\"]").is_empty()
    });
    wait_until("Create is enabled", || {
        browser.script("return document.getElementById('create').disabled;") == json!(false)
    });
    assert!(browser.click_first("#create"));
    wait_until("the game is made", || server.lobby().all().len() == 1);
    {
        let slot = server.lobby().all()[0].clone();
        let table = slot.table();
        let config = &table.record().config;
        assert_eq!(config.expansions, ["easter"]);
        assert!(
            config.tiles.files.iter().any(|f| f.ends_with("my-eggs.toml")),
            "{:?}",
            config.tiles.files
        );
        assert!(
            table.game().state().tables().tile_by_id("ME-1").is_some(),
            "its tiles are in the game"
        );
    }

    // A shared setup naming the file keeps it.
    let config = json!({"players": [{"name": "Ann"}, {"name": "Bob"}], "expansions": ["easter"],
        "tiles": {"files": ["my-eggs.toml"]}});
    let hash: String = config
        .to_string()
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    browser.go(&format!("http://{addr}/#config={hash}"));
    browser.script("location.reload(); return null;");
    wait_until("the link's file is ticked", || {
        browser.script("const c = document.querySelector('[data-file=\"my-eggs.toml\"]'); return !!(c && c.checked);")
            == json!(true)
    });
    drop(browser);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_hot_seat_game_is_played_to_the_end_by_clicking_in_chromium() {
    if browser_missing() {
        return;
    }
    let args = Overrides {
        players: Some(2),
        seed: Some(4),
        expansions: Some(vec!["easter".into(), "fruit-trees".into()]),
        ..Overrides::default()
    };
    let mut table = Table::open(&args, None).unwrap();
    table.allow_undo(true);
    let seats = table.seats().unwrap().clone();
    let server = start_server(table);
    let state = || call(server, "GET", "/api/games/1/state", None).1;
    let browser = Browser::start();

    // Bob's link while Ann decides: the page offers Bob nothing to click,
    // and the server refuses a move sent from it, naming whose turn it is.
    browser.go(&format!("http://{server}/games/1/?seat={}", seats.seats[1]));
    browser.wait_version(state()["version"].as_u64().unwrap());
    assert!(browser.find_all("rect.target").is_empty());
    let decision = browser.text(&browser.find_all("#decision")[0]);
    assert!(decision.contains("Waiting for Player 1"), "{decision}");
    // The tile being placed is open: Bob sees it, named in words.
    let drawn = browser.text(&browser.find_all("#drawn-name")[0]);
    let tile_name = state()["decision"]["tile_name"].as_str().unwrap().to_string();
    assert_eq!(drawn, format!("Player 1 drew {tile_name}"));
    assert_eq!(browser.find_all("#drawn .tile svg").len(), 1, "and its picture");
    let refused = browser.script(&format!(
        "const r = new XMLHttpRequest(); r.open('POST', '/api/games/1/move', false); \
         r.setRequestHeader('Content-Type', 'application/json'); \
         r.send(JSON.stringify({{token: '{}', index: 0}})); return [r.status, JSON.parse(r.responseText).error];",
        seats.seats[1]
    ));
    assert_eq!(refused[0], json!(403));
    assert!(refused[1].as_str().unwrap().contains("Player 1's turn"), "{refused}");

    // The hot-seat screen plays the whole game by clicking.
    browser.go(&format!("http://{server}/games/1/?seat={}", seats.hotseat));
    // Place a tile, take it back with the page's undo button.
    let wait_change = |version: u64| {
        let start = Instant::now();
        while state()["version"].as_u64().unwrap() == version {
            assert!(start.elapsed() < Duration::from_secs(30), "the click played nothing");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let v = state()["version"].as_u64().unwrap();
    browser.wait_version(v);
    assert!(browser.find_all("#undo").is_empty(), "nothing to take back yet");

    // Every place where the tile fits in some rotation is highlighted, with
    // the number of rotations that fit there, whichever rotation is shown;
    // the brighter ones (`now`) are those of the shown rotation, and follow
    // the rotate buttons.
    let options = state()["decision"]["options"].clone();
    let places = places_of(&options);
    for _ in 0..4 {
        let rot = browser.script("return rot;").as_u64().unwrap();
        assert_eq!(shown_places(&browser), places, "rotation {}", rot * 90);
        let mut now: Vec<(i64, i64)> = serde_json::from_value(browser.script(
            "return [...document.querySelectorAll('rect.target.now')].map(r => [+r.dataset.x, +r.dataset.y]);",
        ))
        .unwrap();
        now.sort();
        let legal: Vec<(i64, i64)> = places
            .iter()
            .filter(|(_, rotations)| rotations.contains(&(rot * 90)))
            .map(|(at, _)| *at)
            .collect();
        assert_eq!(now, legal, "rotation {}", rot * 90);
        assert!(browser.click_first("#rot-right"));
        assert_eq!(browser.script("return rot;").as_u64().unwrap(), (rot + 1) % 4);
    }
    // A place is chosen, then confirmed: the first click only shows the tile there.
    assert!(browser.click_first("rect.target"));
    assert!(
        browser.find_all("#confirm").len() == 1,
        "a chosen place asks for confirmation"
    );
    assert_eq!(
        state()["version"].as_u64().unwrap(),
        v,
        "nothing played on the first click"
    );
    assert!(browser.click_first("#confirm"));
    wait_change(v);
    browser.wait_version(v + 1);
    assert!(browser.click_first("#undo"));
    wait_change(v + 1);
    assert_eq!(state()["moves"], json!(0));

    // Answers that overtake each other: a state request that is slow to
    // come back (held for a second here), then a move made elsewhere and
    // announced. The page ends on the newer version; an older answer
    // arriving last must not be drawn over it, since no event follows.
    let v = state()["version"].as_u64().unwrap();
    browser.wait_version(v);
    browser.script(
        "const real = window.fetch; let held = false; \
         window.fetch = (url, opts) => { \
           const answer = real(url, opts); \
           if (held || !String(url).includes('/state')) return answer; \
           held = true; \
           return answer.then((r) => new Promise((done) => setTimeout(() => done(r), 1000))); \
         }; \
         load(); return null;",
    );
    let (status, moved) = call(
        server,
        "POST",
        "/api/games/1/move",
        Some(&json!({"token": seats.hotseat, "index": 0, "version": v})),
    );
    assert_eq!(status, 200, "{moved}");
    std::thread::sleep(Duration::from_millis(1500));
    browser.wait_version(v + 1);
    assert!(browser.click_first("#undo"));
    wait_change(v + 1);
    browser.wait_version(v + 2);
    assert_eq!(state()["moves"], json!(0));

    let Played {
        placed,
        deployed,
        skipped,
        expansion_choices,
        ..
    } = play_by_clicking(&browser, &state);
    assert!(placed > 50 && deployed > 0 && skipped > 0);
    assert!(
        expansion_choices.iter().any(|e| e == "easter"),
        "a bunny path was taken"
    );
    assert!(
        expansion_choices.iter().any(|e| e == "fruit-trees"),
        "a fruit action was taken"
    );

    // The final scores, read from the page, are the server's.
    let end = state();
    assert_eq!(end["over"], json!(true));
    let banner = browser.text(&browser.find_all("#banner")[0]);
    assert!(banner.starts_with("Game over"), "{banner}");
    for p in end["players"].as_array().unwrap() {
        let cell = browser.find_all(&format!("td.score[data-seat=\"{}\"]", p["seat"]));
        assert_eq!(browser.text(&cell[0]), p["score"].to_string());
    }
    // The game ended with the page open: the final-scoring panel shows
    // the same totals and takes the focus, for a screen reader to read on.
    browser.wait_for("the final-scoring panel", &|b| !b.find_all("#final-winner").is_empty());
    assert_eq!(
        browser.script("return document.activeElement.id;"),
        json!("final-title")
    );
    for p in end["players"].as_array().unwrap() {
        let cell = browser.find_all(&format!("td.final-score[data-seat=\"{}\"]", p["seat"]));
        assert_eq!(browser.text(&cell[0]), p["score"].to_string());
    }
}

/// The places of a placement decision's options: each cell with the
/// rotations (degrees) that fit there, sorted.
fn places_of(options: &Value) -> Vec<((i64, i64), Vec<u64>)> {
    let mut places: std::collections::BTreeMap<(i64, i64), Vec<u64>> = Default::default();
    for o in options.as_array().into_iter().flatten() {
        let place = &o["move"]["place"];
        if let (Some(x), Some(y)) = (place["at"][0].as_i64(), place["at"][1].as_i64()) {
            places
                .entry((x, y))
                .or_default()
                .push(place["rotation"].as_u64().unwrap_or(0));
        }
    }
    places
        .into_iter()
        .map(|(at, mut rotations)| {
            rotations.sort();
            (at, rotations)
        })
        .collect()
}

/// The places the page highlights, as [`places_of`] gives them; checks that
/// each shows its number of rotations on the board and says it in words
/// (its `aria-label` and title).
fn shown_places(browser: &Browser) -> Vec<((i64, i64), Vec<u64>)> {
    let shown = browser.script(
        "return [...document.querySelectorAll('rect.target')].map(r => { \
           const badge = document.querySelector('g.count[data-x=\"' + r.dataset.x + '\"][data-y=\"' + r.dataset.y + '\"]'); \
           return [+r.dataset.x, +r.dataset.y, r.dataset.rotations.split(' ').map(Number), +r.dataset.count, \
             r.getAttribute('aria-label'), r.querySelector('title').textContent, r.getAttribute('role'), \
             badge ? badge.textContent : null, r.classList.contains('chosen')]; });",
    );
    let mut places = Vec::new();
    for p in shown.as_array().unwrap() {
        let rotations: Vec<u64> = serde_json::from_value(p[2].clone()).unwrap();
        let count = rotations.len();
        assert_eq!(p[3], json!(count), "{p}");
        let words = format!("({count} {})", if count == 1 { "rotation" } else { "rotations" });
        let label = p[4].as_str().unwrap();
        assert!(
            label.starts_with("Place the tile here") && label.ends_with(&words),
            "{p}"
        );
        assert_eq!(p[5], p[4], "the title says it too");
        assert_eq!(p[6], json!("button"));
        if p[8] != json!(true) {
            assert_eq!(p[7], json!(count.to_string()), "the count on the board: {p}");
        }
        places.push(((p[0].as_i64().unwrap(), p[1].as_i64().unwrap()), rotations));
    }
    places.sort();
    places
}

/// The on-screen boxes (CSS pixels: left, top, right, bottom) of the
/// elements `css` selects and of the board.
fn boxes(browser: &Browser, css: &str) -> (Vec<[f64; 4]>, [f64; 4]) {
    let v = browser.script(&format!(
        "const box = (e) => {{ const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }}; \
         return [[...document.querySelectorAll('{css}')].map(box), box(document.getElementById('board'))];"
    ));
    serde_json::from_value(v).unwrap()
}

/// Checks that every highlighted place lies inside the board's box, the
/// places centred across it, and a tile at least 32 px wide.
fn assert_places_in_view(browser: &Browser, what: &str) {
    let (places, board) = boxes(browser, "rect.target");
    assert!(!places.is_empty());
    for p in &places {
        assert!(
            p[0] >= board[0] && p[1] >= board[1] && p[2] <= board[2] && p[3] <= board[3],
            "{what}: a place at {p:?} is outside the board's box {board:?}"
        );
        assert!(
            p[2] - p[0] >= 32.0 * 0.94 - 0.5,
            "{what}: a place {p:?} is drawn too small"
        );
    }
    let left = places.iter().map(|p| p[0]).fold(f64::MAX, f64::min);
    let right = places.iter().map(|p| p[2]).fold(f64::MIN, f64::max);
    let middle = (board[0] + board[2]) / 2.0;
    assert!(
        ((left + right) / 2.0 - middle).abs() < 8.0,
        "{what}: the places ({left}..{right}) are not centred in the board ({board:?})"
    );
}

/// Places for every rotation, on a real game: a two-person base game played
/// on through the API (the first place, no figures) until the drawn tile
/// fits different places in different rotations on a board larger than the
/// screen. Every place is highlighted with its count, whatever rotation is
/// shown; a click on a place where the shown rotation does not fit turns
/// the tile to the first rotation that fits there, R to the next one there,
/// and Enter places it so; a reload after zooming in centres the board on
/// the places again; and at a phone's size the deploy spots that follow
/// are at least 24 px across, at the fitted zoom and with the whole board shown.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn every_place_is_highlighted_with_its_rotations_and_a_click_turns_the_tile_to_fit() {
    if browser_missing() {
        return;
    }
    let args = Overrides {
        players: Some(2),
        seed: Some(7),
        ..Overrides::default()
    };
    let table = Table::open(&args, None).unwrap();
    let seats = table.seats().unwrap().clone();
    let server = start_server(table);
    let state = || call(server, "GET", "/api/games/1/state", None).1;
    let play = |s: &Value, index: &Value| {
        let (status, v) = call(
            server,
            "POST",
            "/api/games/1/move",
            Some(&json!({"token": seats.hotseat, "index": index, "version": s["version"]})),
        );
        assert_eq!(status, 200, "{v}");
    };
    // The first rotation that fits somewhere, as the page starts with it.
    let first_rotation = |places: &[((i64, i64), Vec<u64>)]| places.iter().flat_map(|(_, r)| r.clone()).min();
    let (s, places) = loop {
        let s = state();
        let d = &s["decision"];
        assert!(!d.is_null(), "the game ended before a fitting decision");
        if d["kind"] == json!("place") {
            let places = places_of(&d["options"]);
            let first = first_rotation(&places).unwrap_or(0);
            let counts: std::collections::BTreeSet<usize> = places.iter().map(|(_, r)| r.len()).collect();
            if s["turn"].as_u64().unwrap() >= 24 && counts.len() > 1 && places.iter().any(|(_, r)| !r.contains(&first))
            {
                break (s, places);
            }
            play(&s, &json!(0));
        } else {
            // Keep the figures: a deploy decision comes later.
            let pass = d["options"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["move"] == json!("pass"))
                .map_or(json!(0), |o| o["index"].clone());
            play(&s, &pass);
        }
    };
    let version = s["version"].as_u64().unwrap();

    let browser = Browser::start();
    let (status, v) = browser.cmd("POST", "/window/rect", Some(&json!({"width": 1280, "height": 800})));
    assert_eq!(status, 200, "{v}");
    let link = format!("http://{server}/games/1/?seat={}", seats.hotseat);
    browser.go(&link);
    browser.wait_version(version);
    // The board is larger than the screen at 100 px a tile: the view is the places'.
    let (_, board) = boxes(&browser, "#board");
    let b = &s["board"]["bounds"];
    let (cols, rows) = (
        b[2].as_i64().unwrap() - b[0].as_i64().unwrap() + 1,
        b[3].as_i64().unwrap() - b[1].as_i64().unwrap() + 1,
    );
    assert!(
        cols as f64 * 100.0 > board[2] - board[0] || rows as f64 * 100.0 > board[3] - board[1],
        "a board of {cols}×{rows} tiles fits the screen: no test of centring"
    );
    assert_eq!(shown_places(&browser), places);
    assert_places_in_view(&browser, "the page opened mid-game");
    let n = places.len();
    assert_eq!(
        browser.text(&browser.find_all("#place-count")[0]),
        format!("{n} places"),
        "every place is counted"
    );
    browser.screenshot("places-desktop.png");
    // On a phone too: every place on the screen (none cut off at an edge).
    browser.resize(390, 844);
    browser.wait_for("the phone layout", &|b| {
        b.script("return getComputedStyle(document.getElementById('page')).flexDirection;") == json!("column")
    });
    browser.wait_for("the places drawn", &|b| b.find_all("rect.target").len() == n);
    assert_places_in_view(&browser, "on a phone");
    browser.screenshot("places-phone.png");
    browser.resize(1280, 800);
    browser.wait_for("the desktop layout", &|b| {
        b.script("return getComputedStyle(document.getElementById('page')).flexDirection;") == json!("row")
    });

    // A click on a place where the shown rotation does not fit turns the
    // tile to the first rotation that fits there, counted on from the shown one.
    let rot = browser.script("return rot;").as_u64().unwrap();
    let ((x, y), fits) = places
        .iter()
        .find(|(_, r)| !r.contains(&(rot * 90)))
        .cloned()
        .expect("a place where the shown rotation does not fit");
    let turned = (1..4)
        .map(|i| (rot + i) % 4)
        .find(|q| fits.contains(&(q * 90)))
        .unwrap();
    assert!(browser.click_first(&format!("rect.target[data-x=\"{x}\"][data-y=\"{y}\"]")));
    assert_eq!(browser.script("return rot;").as_u64().unwrap(), turned);
    assert_eq!(
        browser.find_all("#confirm").len(),
        1,
        "a chosen place asks for confirmation"
    );
    assert_eq!(
        browser.script("return document.querySelector('#drawn .tile').title;"),
        json!(format!(
            "{} turned {}°",
            s["decision"]["tile"].as_str().unwrap(),
            turned * 90
        ))
    );
    assert_eq!(
        state()["version"].as_u64().unwrap(),
        version,
        "nothing played on the first click"
    );
    // Still every place highlighted, and still all counted.
    assert_eq!(shown_places(&browser), places);
    assert_eq!(
        browser.text(&browser.find_all("#place-count")[0]),
        format!("{n} places")
    );
    browser.screenshot("places-chosen-desktop.png");
    // R turns the tile through the rotations that fit there only.
    let at_place: Vec<u64> = fits.iter().map(|d| d / 90).collect();
    let mut seen = vec![turned];
    for _ in 0..at_place.len() {
        browser.key("r");
        seen.push(browser.script("return rot;").as_u64().unwrap());
    }
    assert!(seen.iter().all(|q| at_place.contains(q)), "{seen:?} at {fits:?}");
    assert_eq!(seen.first(), seen.last(), "R comes round: {seen:?}");
    let mut distinct = seen.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct, at_place);

    // Zoomed in, the places leave the screen; a reload centres on them again.
    for _ in 0..4 {
        assert!(browser.click_first("#zin"));
    }
    let (zoomed, board) = boxes(&browser, "rect.target");
    assert!(
        zoomed
            .iter()
            .any(|p| p[0] < board[0] || p[1] < board[1] || p[2] > board[2] || p[3] > board[3]),
        "zoomed in, every place is still in view"
    );
    browser.go(&link);
    browser.wait_version(version);
    assert_places_in_view(&browser, "after a reload");

    // From the keyboard this time: Tab's focus on the place, Enter chooses
    // it (the focus stays on it as the page redraws), Enter again places
    // it: there, in the rotation shown.
    let place_css = format!("rect.target[data-x=\"{x}\"][data-y=\"{y}\"]");
    browser.script(&format!("document.querySelector('{place_css}').focus(); return null;"));
    browser.key("\u{E007}");
    let rot = browser.script("return rot;").as_u64().unwrap();
    assert_eq!(rot, turned, "the same first fit after the reload");
    assert_eq!(browser.find_all("#confirm").len(), 1, "chosen from the keyboard");
    assert_eq!(
        browser.script(
            "const e = document.activeElement; return [e.dataset.x, e.dataset.y, e.classList.contains('chosen')];"
        ),
        json!([x.to_string(), y.to_string(), true])
    );
    assert_eq!(state()["version"].as_u64().unwrap(), version);
    browser.key("\u{E007}");
    browser.wait_version(version + 1);
    let record = call(server, "GET", "/api/games/1/record", None).1;
    let placed = record["moves"].as_array().unwrap().last().unwrap()["place"].clone();
    assert_eq!(placed["at"], json!([x, y]));
    assert_eq!(placed["rotation"], json!(rot * 90));

    // A deploy decision follows. At a phone's size its spots are at least
    // 24 px across, at the fitted zoom and with the whole board shown.
    let s = state();
    assert_eq!(s["decision"]["kind"], json!("deploy"), "{}", s["decision"]);
    let spots = s["decision"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["point"].is_array())
        .count();
    assert!(spots > 0, "a figure may be deployed");
    browser.screenshot("deploy-desktop.png");
    let (status, v) = browser.cmd("POST", "/window/rect", Some(&json!({"width": 390, "height": 844})));
    assert_eq!(status, 200, "{v}");
    browser.wait_for("the phone layout", &|b| {
        b.script("return getComputedStyle(document.getElementById('page')).flexDirection;") == json!("column")
    });
    for how in ["fitted", "whole board"] {
        if how == "whole board" {
            assert!(browser.click_first("#zfit"));
        }
        browser.wait_for("the spots drawn", &|b| b.find_all("g.spot").len() == spots);
        let (shown, board) = boxes(&browser, "g.spot");
        for p in shown {
            let (w, h) = (p[2] - p[0], p[3] - p[1]);
            assert!(w >= 24.0 && h >= 24.0, "{how}: a spot is {w}×{h} px");
            assert!(
                p[0] >= board[0] && p[2] <= board[2] && p[1] >= board[1] && p[3] <= board[3],
                "{how}: a spot at {p:?} is off the board's box {board:?}"
            );
        }
        browser.screenshot(&format!("deploy-phone-{}.png", how.replace(' ', "-")));
    }
}

/// A deploy whose spots lie on other tiles too (The Tower's floors on every
/// tower in reach): the page frames the tile and every tile with a spot, so
/// each spot is on the screen, on a desktop and on a phone; and with more
/// than a handful of spots their buttons are folded into one list (the
/// board shows them), each still a button of its own.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_deploy_frames_every_spot_and_folds_a_long_list() {
    if browser_missing() {
        return;
    }
    let args = Overrides {
        players: Some(2),
        seed: Some(5),
        expansions: Some(vec!["the-tower".into()]),
        ..Overrides::default()
    };
    let table = Table::open(&args, None).unwrap();
    let seats = table.seats().unwrap().clone();
    let server = start_server(table);
    let state = || call(server, "GET", "/api/games/1/state", None).1;
    // Through the API (a fixed walk over the options) until a deploy offers
    // more spots than the page lists unfolded, on at least two tiles.
    let mut pick = 7u64;
    let (pointed, tiles) = loop {
        let s = state();
        let d = &s["decision"];
        assert!(
            !d.is_null(),
            "the game ended before a deploy with spots on several tiles"
        );
        let options = d["options"].as_array().unwrap();
        let pointed: Vec<&Value> = options.iter().filter(|o| o["point"].is_array()).collect();
        let tiles: std::collections::BTreeSet<(i64, i64)> = pointed
            .iter()
            .map(|o| {
                let p = o["point"].as_array().unwrap();
                let c = |v: &Value| (v.as_f64().unwrap() / 100.0).floor() as i64;
                (c(&p[0]), c(&p[1]))
            })
            .collect();
        if d["kind"] == json!("deploy") && pointed.len() > 6 && tiles.len() > 1 {
            break (pointed.len(), tiles.len());
        }
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let index = (pick >> 33) % options.len() as u64;
        let (status, v) = call(
            server,
            "POST",
            "/api/games/1/move",
            Some(&json!({"token": seats.hotseat, "index": index, "version": s["version"]})),
        );
        assert_eq!(status, 200, "{v}");
    };
    eprintln!("a deploy with {pointed} spots on {tiles} tiles");
    let browser = Browser::start();
    browser.go(&format!("http://{server}/games/1/?seat={}", seats.hotseat));
    for size in ["desktop", "phone"] {
        if size == "phone" {
            browser.resize(390, 844);
            browser.wait_for("the phone layout", &|b| {
                b.script("return getComputedStyle(document.getElementById('page')).flexDirection;") == json!("column")
            });
        }
        browser.wait_for("the spots drawn", &|b| b.find_all("g.spot").len() == pointed);
        let (shown, board) = boxes(&browser, "g.spot");
        for p in shown {
            assert!(
                p[0] >= board[0] && p[2] <= board[2] && p[1] >= board[1] && p[3] <= board[3],
                "{size}: a spot at {p:?} is off the board's box {board:?}"
            );
        }
        // One folded list holds a button for every spot.
        assert_eq!(browser.find_all("#decision details.spots").len(), 1);
        assert_eq!(
            browser.script("return document.querySelectorAll('#decision details.spots button.opt').length;"),
            json!(pointed)
        );
        assert_eq!(
            browser.script("return document.querySelector('#decision details.spots').open;"),
            json!(false)
        );
        browser.screenshot(&format!("deploy-tower-{size}.png"));
    }
}

/// Where to click on the editor's picture for segment `name`, as an offset
/// in CSS pixels from the picture's centre: most of the way from the
/// tile's middle to the segment's stretch of the border.
fn segment_offset(name: &str) -> (i64, i64) {
    const NAMES: [&str; 12] = ["NW", "N", "NE", "EN", "E", "ES", "SE", "S", "SW", "WS", "W", "WN"];
    let i = NAMES.iter().position(|n| *n == name).unwrap();
    let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
    let (a, b): ((f64, f64), (f64, f64)) = (corners[i / 3], corners[(i / 3 + 1) % 4]);
    let f = (i % 3) as f64 / 3.0 + 1.0 / 6.0;
    let border = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f);
    // 300 CSS pixels show 102 units of the picture.
    let scale = 300.0 / 102.0;
    (
        ((border.0 - 50.0) * 0.7 * scale).round() as i64,
        ((border.1 - 50.0) * 0.7 * scale).round() as i64,
    )
}

impl Browser {
    /// Clicks at an offset from the centre of `element`, as a mouse would.
    fn click_at(&self, element: &str, (x, y): (i64, i64)) {
        let (status, v) = self.cmd(
            "POST",
            "/actions",
            Some(
                &json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: element}, "x": x, "y": y},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0}
                ]}]}),
            ),
        );
        assert_eq!(status, 200, "{v}");
    }

    fn wait_for(&self, what: &str, check: &dyn Fn(&Browser) -> bool) {
        let start = Instant::now();
        while !check(self) {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the page never showed {what}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// How many working-copy changes the editor page has had answered.
    fn answered(&self) -> u64 {
        self.script("return Number(document.body.dataset.answered || 0);")
            .as_u64()
            .unwrap()
    }

    /// Does `act` and waits until the editor page has its answer.
    fn editor_step(&self, what: &str, act: impl FnOnce(&Browser)) {
        let before = self.answered();
        act(self);
        self.wait_for(what, &|b| b.answered() > before);
    }

    /// Picks tool `tool`, then clicks segment `segment` of the picture.
    fn use_tool(&self, tool: &str, segment: &str) {
        assert!(self.click_first(&format!("#tool-{tool}")), "tool {tool}");
        let overlay = self.find_all("#overlay")[0].clone();
        self.click_at(&overlay, segment_offset(segment));
    }

    /// Like [`Browser::use_tool`], waiting for the server's answer.
    fn edit_with(&self, tool: &str, segment: &str) {
        self.editor_step(&format!("{tool} on {segment}"), |b| b.use_tool(tool, segment));
    }

    /// The selected tile's features as the page holds them.
    fn parts(&self) -> Value {
        self.script("return tileNow().parts;")
    }

    /// Saves a screenshot as `name` under the test's directory, and into
    /// `$CARCASSONNE_SCREENSHOTS` when set (docs/serve holds the editor's).
    fn screenshot(&self, name: &str) {
        use base64::Engine as _;
        let (status, v) = self.cmd("GET", "/screenshot", None);
        assert_eq!(status, 200);
        let png = base64::engine::general_purpose::STANDARD
            .decode(v["value"].as_str().unwrap())
            .unwrap();
        let dir = std::env::var("CARCASSONNE_SCREENSHOTS")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|_| std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")));
        std::fs::write(dir.join(name), png).unwrap();
    }
}

fn kinds(parts: &Value) -> Vec<String> {
    parts
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["kind"].as_str().unwrap().to_string())
        .collect()
}

/// The lobby in chromium: a game with two fan expansions, a rule variant
/// that is not the default and a bot seat is made by ticking and choosing
/// in the form, created, opened through its seat link and played to the
/// end by clicking while the bot thinks on the server.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_game_made_in_the_lobby_with_fan_expansions_a_variant_and_a_bot_is_played_to_the_end() {
    if browser_missing() {
        return;
    }
    use carcassonne_serve::lobby::{Lobby, Offer};
    let editor = carcassonne_serve::editor::Editor::new(
        carcassonne_core::Catalog::linked().unwrap(),
        carcassonne_core::TileSource::default(),
    );
    let server = http::Server::with_lobby(Lobby::new(Offer::default(), 4), editor);
    let addr = common::serve_on_loopback(server.clone());
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/"));
    let wait_for = |css: &str| {
        let start = Instant::now();
        while browser.find_all(css).is_empty() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the lobby never showed {css}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    wait_for(".exp[data-expansion=\"easter\"]");
    assert!(browser.text(&browser.find_all("#games")[0]).contains("No games yet"));

    // Two fan expansions on, by their "On" switches.
    for id in ["easter", "fruit-trees"] {
        // Brought to the middle of the window first: a player scrolls to
        // what they tick, and the fixed bar at the bottom covers the rest.
        browser.script(&format!(
            "document.querySelector('.exp[data-expansion=\"{id}\"]').scrollIntoView({{block: 'center'}}); return null;"
        ));
        assert!(browser.click_first(&format!(".exp[data-expansion=\"{id}\"] .modes label:nth-child(2)")));
        wait_for(&format!(".exp.on[data-expansion=\"{id}\"]"));
    }
    // Easter's die: a normal die instead of the special one.
    assert!(browser.click_first(".exp[data-expansion=\"easter\"] details.variants summary"));
    assert!(browser.click_first("select[data-exp=\"easter\"][data-name=\"die\"]"));
    assert!(browser.click_first("select[data-exp=\"easter\"][data-name=\"die\"] option[value=\"d6\"]"));
    wait_for(".variant.changed");
    // Seat 2 is a bot (the "Normal" level), renamed.
    assert!(browser.click_first(".seat[data-seat=\"1\"] select.who"));
    assert!(browser.click_first(".seat[data-seat=\"1\"] select.who option[value=\"mcts:300\"]"));
    let name = browser.find_all(".seat[data-seat=\"1\"] input.name")[0].clone();
    assert_eq!(
        browser.script("return document.querySelector('.seat[data-seat=\"1\"] input.name').value;"),
        json!("Bot 2")
    );
    let (status, _) = browser.cmd("POST", &format!("/element/{name}/clear"), Some(&json!({})));
    assert_eq!(status, 200);
    let (status, _) = browser.cmd(
        "POST",
        &format!("/element/{name}/value"),
        Some(&json!({"text": "Robo"})),
    );
    assert_eq!(status, 200);

    // A short game: the fan expansions' tiles without the base game's
    // (the start tile stays).
    let copies = browser.find_all("#copies-base")[0].clone();
    let (status, _) = browser.cmd("POST", &format!("/element/{copies}/clear"), Some(&json!({})));
    assert_eq!(status, 200);
    let (status, _) = browser.cmd("POST", &format!("/element/{copies}/value"), Some(&json!({"text": "0"})));
    assert_eq!(status, 200);

    // The server checks the configuration; then Create is enabled.
    let start = Instant::now();
    while browser.script("return document.getElementById('create').disabled;") != json!(false) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "Create never enabled: {}",
            browser.script("return document.getElementById('problem').textContent;")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let summary = browser.text(&browser.find_all("#summary")[0]);
    assert!(summary.starts_with("2 players · 2 expansions"), "{summary}");
    assert!(browser.click_first("#create"));
    wait_for("#created a.play[data-seat=\"0\"]");

    // The game is the one chosen in the form.
    let games = server.lobby().all();
    assert_eq!(games.len(), 1);
    let slot = games[0].clone();
    let id = slot.id();
    {
        let table = slot.table();
        let config = &table.record().config;
        assert_eq!(config.expansions, ["easter", "fruit-trees"]);
        assert_eq!(config.variants["easter"]["die"].to_string(), "d6");
        assert_eq!(config.players[1].name, "Robo");
        assert_eq!(config.players[1].bot.as_deref(), Some("mcts:300"));
        assert_eq!(config.tiles.sets["base"], 0);
        // The seed the page shows is the game's.
        let shown = browser.text(&browser.find_all("#created-seed")[0]);
        assert_eq!(shown, config.seed.to_string());
    }
    // The lobby lists it.
    wait_for(&format!(".game[data-id=\"{id}\"] a.watch"));

    // Ann's seat link, clicked, opens the game page; she plays it out.
    assert!(browser.click_first("#created a.play[data-seat=\"0\"]"));
    let state = || call(addr, "GET", &format!("/api/games/{id}/state"), None).1;
    let start = Instant::now();
    while browser
        .script("return document.body.dataset.version || null;")
        .is_null()
    {
        assert!(start.elapsed() < Duration::from_secs(30), "the game page never loaded");
        std::thread::sleep(Duration::from_millis(20));
    }
    let you = browser.text(&browser.find_all("#you")[0]);
    assert!(you.contains("Player 1"), "{you}");
    let played = play_by_clicking(&browser, &state);
    assert!(played.placed >= 10 && played.deployed + played.skipped >= 10);
    assert!(played.saw_thinking, "the page never said that Robo was thinking");
    let end = state();
    assert_eq!(end["over"], json!(true));
    let log = end["log"].as_array().unwrap();
    assert!(log.iter().any(|l| l.as_str().unwrap().contains("Robo")), "Robo played");

    // A seat link the game does not know falls back to watching, saying so.
    browser.go(&format!("http://{addr}/games/{id}/?seat=0123456789abcdef"));
    let start = Instant::now();
    while !browser.text(&browser.find_all("#you")[0]).contains("Watching") {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the page never fell back to watching"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let notice = browser.text(&browser.find_all("#notice")[0]);
    assert!(notice.contains("not valid for this game"), "{notice}");

    // Back in the lobby, the finished game offers its record and replay.
    browser.go(&format!("http://{addr}/"));
    wait_for(&format!(".game[data-id=\"{id}\"] a.record"));
    let (status, record) = call(addr, "GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert_eq!(
        record["moves"].as_array().unwrap().len(),
        end["moves"].as_u64().unwrap() as usize
    );
    assert!(browser.click_first(&format!(".game[data-id=\"{id}\"] a.replay")));
    let start = Instant::now();
    while !browser
        .script("return document.title;")
        .as_str()
        .unwrap_or("")
        .to_lowercase()
        .contains("replay")
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the replay viewer never opened"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the page shows a player is words, never a record's JSON: the
/// options (buttons and board spots), the turn log and the expansions'
/// panels (their JSON stays folded behind "details"); the server's option
/// labels too.
/// Whether `text` holds board coordinates such as `(1,-2)`.
fn has_coordinates(text: &str) -> bool {
    text.split('(').skip(1).any(|rest| {
        let Some((inside, _)) = rest.split_once(')') else {
            return false;
        };
        let mut parts = inside.split(',');
        let number = |p: Option<&str>| p.is_some_and(|p| p.trim_start_matches('-').parse::<u32>().is_ok());
        number(parts.next()) && number(parts.next()) && parts.next().is_none()
    })
}

fn assert_in_words(browser: &Browser, state: &Value) {
    for o in state["decision"]["options"].as_array().into_iter().flatten() {
        let label = o["label"].as_str().unwrap();
        assert!(!label.contains('{') && !label.is_empty(), "option label {label:?}");
        // Only a placement's label names coordinates (the page shows
        // placements on the board, not as words).
        if o["move"].get("place").is_none() {
            assert!(!has_coordinates(label), "option label with coordinates: {label:?}");
        }
    }
    for line in state["log"].as_array().into_iter().flatten() {
        let line = line.as_str().unwrap();
        assert!(!line.contains('{'), "log line {line}");
        // The core's lines name tiles by what they show and places in
        // steps, never by coordinates the board does not show.
        let core = ["Start tile", "draws ", "places it", "deploys:", "moves:"];
        if core.iter().any(|c| line.contains(c)) {
            assert!(!has_coordinates(line), "log line with coordinates: {line}");
        }
    }
    for css in ["#decision", "#log", "#expansions", "#banner"] {
        let shown = browser.text(&browser.find_all(css)[0]);
        assert!(!shown.contains('{'), "{css} shows JSON: {shown}");
    }
    let spots =
        browser.script("return [...document.querySelectorAll('g.spot title, rect.target')].map(e => e.textContent);");
    for t in spots.as_array().into_iter().flatten() {
        assert!(!t.as_str().unwrap_or("").contains('{'), "a board spot says {t}");
    }
    // Every expansion presents itself in lines of words.
    for (id, p) in state["presented"].as_object().into_iter().flatten() {
        assert!(!p["lines"].as_array().unwrap().is_empty(), "{id} presents nothing");
    }
}

/// What [`play_by_clicking`] did.
#[derive(Default)]
struct Played {
    placed: usize,
    deployed: usize,
    skipped: usize,
    steps: usize,
    /// The expansion of each expansion decision answered.
    expansion_choices: Vec<String>,
    /// The page showed a bot seat thinking.
    saw_thinking: bool,
}

/// Plays the game shown in `browser` to its end by clicking, for every
/// decision the page offers (`state` is the server's state for the
/// page's game); bot seats' turns are waited for.
fn play_by_clicking(browser: &Browser, state: &dyn Fn() -> Value) -> Played {
    let mut played = Played::default();
    let began = Instant::now();
    // At the default zoom a tile is drawn at least 100 px wide (labels and
    // figures legible); ⤢ then shows the whole board, so every place can be clicked.
    let start = Instant::now();
    while browser
        .script("return document.body.dataset.version || null;")
        .is_null()
    {
        assert!(start.elapsed() < Duration::from_secs(30), "the game page never loaded");
        std::thread::sleep(Duration::from_millis(20));
    }
    let tile_px = browser.script(
        "const svg = document.querySelector('#board svg'); const vb = svg.viewBox.baseVal; \
         const r = svg.getBoundingClientRect(); return 100 / Math.max(vb.width / r.width, vb.height / r.height);",
    );
    assert!(
        tile_px.as_f64().unwrap() >= 99.0,
        "a tile is {tile_px} px wide at the default zoom"
    );
    assert!(browser.click_first("#zfit"));
    let wait_change = |version: u64| {
        let start = Instant::now();
        while state()["version"].as_u64().unwrap() == version {
            assert!(start.elapsed() < Duration::from_secs(30), "the click played nothing");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    loop {
        let s = state();
        let version = s["version"].as_u64().unwrap();
        if let Some(bot) = s["thinking"]["name"].as_str() {
            // A bot seat is thinking on the server: the page says so.
            let banner = browser.script("return document.getElementById('banner').textContent;");
            played.saw_thinking |= banner
                .as_str()
                .is_some_and(|b| b.contains(&format!("{bot} is thinking")));
            assert!(began.elapsed() < Duration::from_secs(900), "{bot} thinks for ever");
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        browser.wait_version(version);
        assert_in_words(browser, &s);
        let Some(d) = s["decision"].as_object() else { break };
        played.steps += 1;
        assert!(played.steps < 4000, "the game does not end");
        let options = d["options"].as_array().unwrap();
        let clicked = match d["kind"].as_str().unwrap() {
            "place" => {
                played.placed += 1;
                // Next to a fruit tree when the page offers such a place.
                let offered = browser.script(
                    "return [...document.querySelectorAll('rect.target')].map(r => [+r.dataset.x, +r.dataset.y]);",
                );
                let trees = trees(&s);
                let near = offered.as_array().into_iter().flatten().find_map(|p| {
                    let (x, y) = (p[0].as_i64()?, p[1].as_i64()?);
                    trees
                        .iter()
                        .any(|&(tx, ty)| (tx - x).abs() <= 1 && (ty - y).abs() <= 1)
                        .then(|| format!("rect.target[data-x=\"{x}\"][data-y=\"{y}\"]"))
                });
                let chose = near.is_some_and(|css| browser.click_first(&css)) || browser.click_first("rect.target");
                // Confirmed in turn with ✓, with Enter, and by clicking the chosen place again;
                // R first, now and then, turns the tile to another rotation that fits there.
                if played.placed % 5 == 1 {
                    browser.key("r");
                }
                chose
                    && match played.placed % 3 {
                        0 => browser.click_first("#confirm"),
                        1 => {
                            browser.key("\u{E007}");
                            true
                        }
                        _ => browser.click_first("rect.target.chosen"),
                    }
            }
            "deploy" => {
                // A follower next to a fruit tree (a fruit action follows), or
                // while more than four are left (keeping some for the trees); else skip.
                let follower = options.iter().find(|o| {
                    o["move"]["deploy"].is_object() && o["move"]["deploy"]["figure"].is_null() && o["point"].is_array()
                });
                let at = (d["at"][0].as_i64().unwrap(), d["at"][1].as_i64().unwrap());
                let by_tree = trees(&s)
                    .iter()
                    .any(|&(x, y)| (x - at.0).abs() <= 1 && (y - at.1).abs() <= 1);
                let supply = s["players"][d["player"].as_u64().unwrap() as usize]["supply"]["follower"]
                    .as_u64()
                    .unwrap();
                match follower {
                    Some(o) if by_tree || supply > 4 => {
                        played.deployed += 1;
                        let css = format!("g.spot[data-index=\"{}\"]", o["index"]);
                        browser.click_first(&css)
                    }
                    _ => {
                        played.skipped += 1;
                        browser.click_first("#skip")
                    }
                }
            }
            _ => {
                played
                    .expansion_choices
                    .push(d["expansion"].as_str().unwrap().to_string());
                // The option buttons are the page's own list of the engine's options.
                let buttons = browser.find_all("#decision > button.opt");
                assert_eq!(buttons.len(), options.len());
                browser.click(&buttons[0])
            }
        };
        assert!(clicked, "nothing to click for {:?}", d["kind"]);
        wait_change(version);
    }
    played
}

/// The tile editor page: changes tile E's edges by typing in the page,
/// saves, and sees the new tile in `carcassonne tiles check` and in a new game.
/// The tile editor page: a new set, and in it a new tile drawn from the
/// blank one by clicking its picture (a city over two sides with a pennant,
/// a road ending in the middle, the fields split by them and touching the
/// city, an Easter nest, two copies), undo and redo, a refused click, the
/// save; then `carcassonne tiles check` passes the file and a game with the
/// set shuffled in places the new tile.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_new_tile_is_drawn_by_clicking_in_the_editor_page_saved_and_played() {
    use carcassonne_core::tiles::{EdgeKind, FeatureKind, parse_tile_set};
    use carcassonne_core::{Catalog, Game, GameConfig, GameRecord, Rules, TileSource};
    use carcassonne_serve::editor::Editor;
    use carcassonne_setup::session;
    use std::sync::Arc;

    if browser_missing() {
        return;
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-editor");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles/base.toml"),
        dir.join("base.toml"),
    )
    .unwrap();
    let catalog = Catalog::linked().unwrap();
    let args = Overrides {
        players: Some(2),
        seed: Some(4),
        ..Overrides::default()
    };
    let table = Table::open(&args, None).unwrap();
    let editor = Editor::new(catalog.clone(), TileSource { dir: Some(dir.clone()) });
    let addr = common::serve_on_loopback(http::Server::with_editor(table, editor));
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/editor?file=base.toml"));
    browser.wait_for("the base tiles", &|b| {
        !b.find_all("#tiles button[data-id='E']").is_empty()
    });

    // A new set: the page asks for its name.
    browser.script("window.prompt = () => 'Test Tiles'; return null;");
    assert!(browser.click_first("#new-set"));
    browser.wait_for("the new set", &|b| {
        b.script("return typeof work === 'undefined' ? null : work.file;") == json!("test-tiles.toml")
            && !b.find_all("#tiles button[data-id='TT-1']").is_empty()
    });
    let path = dir.join("test-tiles.toml");
    assert!(path.is_file());
    assert_eq!(kinds(&browser.parts()), ["field"], "a blank tile: one field all round");

    // A city on the north and east sides, joined into one, with a pennant.
    browser.edit_with("city", "N");
    browser.edit_with("city", "E");
    assert_eq!(kinds(&browser.parts()), ["field", "city", "city"]);
    browser.use_tool("select", "N");
    assert_eq!(browser.script("return feature;"), json!(1));
    browser.edit_with("join", "E");
    assert_eq!(kinds(&browser.parts()), ["field", "city"]);
    browser.edit_with("pennant", "NE");
    assert_eq!(browser.parts()[1]["pennants"], json!(1));
    // A road on the south side ending in the middle: it splits the field.
    browser.edit_with("road", "S");
    assert_eq!(kinds(&browser.parts()), ["field", "city", "road", "field"]);
    // Undo takes the road back, redo puts it again.
    browser.editor_step("undo", |b| assert!(b.click_first("#undo")));
    assert_eq!(kinds(&browser.parts()), ["field", "city"]);
    browser.editor_step("redo", |b| assert!(b.click_first("#redo")));
    assert_eq!(kinds(&browser.parts()), ["field", "city", "road", "field"]);
    // A road segment cannot join the city: refused in words, nothing changes.
    browser.use_tool("select", "N");
    browser.edit_with("join", "S");
    let status = browser.script("return document.getElementById('status').textContent;");
    assert!(status.as_str().unwrap().contains("cannot join"), "{status}");
    assert_eq!(kinds(&browser.parts()), ["field", "city", "road", "field"]);
    // Both fields touch the city: pick each, then click the city.
    for field in ["W", "SE"] {
        browser.use_tool("select", field);
        browser.edit_with("touches", "N");
    }
    let parts = browser.parts();
    assert_eq!(parts[0]["cities"], json!([1]), "{parts}");
    assert_eq!(parts[3]["cities"], json!([1]), "{parts}");
    // An Easter nest from the expansion's schema, and two copies.
    browser.editor_step("the nest", |b| {
        let options = b.find_all("#attr-easter-symbol option");
        assert!(b.click(&options[1]));
    });
    browser.editor_step("the count", |b| {
        let count = b.find_all("#count")[0].clone();
        b.cmd("POST", &format!("/element/{count}/clear"), Some(&json!({})));
        b.cmd(
            "POST",
            &format!("/element/{count}/value"),
            Some(&json!({"text": "2\u{E007}"})),
        );
    });
    browser.use_tool("select", "N");
    browser.screenshot("editor.png");
    let toml = browser.script("return document.getElementById('toml').value;");
    assert!(toml.as_str().unwrap().contains("[tile.easter]"), "{toml}");

    assert!(browser.click_first("#save"));
    browser.wait_for("saved", &|b| {
        b.script("return document.getElementById('status').textContent;") == json!("saved")
    });
    // Try it: without the lobby, the page says how to start a game with the set.
    assert!(browser.click_first("#try"));
    browser.wait_for("how to try it", &|b| {
        b.script("return document.getElementById('try-box').textContent;")
            .as_str()
            .is_some_and(|t| t.contains("test-tiles.toml"))
    });

    // A typing slip in the TOML block: the loader's problem is marked on the
    // picture where it points (the road's segment) and in the feature list,
    // and saving is off until an undo.
    browser.editor_step("the slip", |b| {
        b.script(
            "const t = document.getElementById('toml'); t.focus(); \
             t.value = t.value.replace('edges = [\"S\"]', 'edges = [\"Q\"]'); \
             t.dispatchEvent(new Event('input')); return null;",
        );
    });
    assert_eq!(browser.script("return document.body.dataset.valid;"), json!("no"));
    let shown = browser.script("return document.getElementById('diagnostics').textContent;");
    assert!(shown.as_str().unwrap().contains("unknown segment `Q`"), "{shown}");
    let marks =
        browser.script("return [...document.querySelectorAll('#overlay text.mark title')].map(t => t.textContent);");
    assert!(
        marks
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m.as_str().unwrap().contains("unknown segment `Q`")),
        "{marks}"
    );
    assert_eq!(browser.find_all("#feature-list li.bad").len(), 1);
    assert_eq!(
        browser.script("return document.getElementById('save').disabled;"),
        json!(true)
    );
    browser.script(
        "document.getElementById('toml').blur(); document.getElementById('detail').scrollTop = 0; return null;",
    );
    browser.screenshot("editor-problem.png");
    browser.editor_step("undo the slip", |b| assert!(b.click_first("#undo")));
    assert_eq!(browser.script("return document.body.dataset.valid;"), json!("yes"));

    let text = std::fs::read_to_string(&path).unwrap();
    let (report, problems) =
        carcassonne_setup::tiles_cmd::check(std::slice::from_ref(&path), &catalog, &TileSource::default()).unwrap();
    assert_eq!(problems, 0, "{report}");
    let set = parse_tile_set("test-tiles.toml", &text, &catalog).unwrap();
    let t = set.tile("TT-1").unwrap();
    assert_eq!(
        t.edges,
        [EdgeKind::CITY, EdgeKind::CITY, EdgeKind::ROAD, EdgeKind::FIELD]
    );
    assert_eq!(t.count, 2);
    let city = t.features.iter().find(|f| f.kind == FeatureKind::CITY).unwrap();
    assert_eq!((city.pennants, city.segments.sides().count()), (1, 2));
    let fields: Vec<_> = t.features.iter().filter(|f| f.kind == FeatureKind::FIELD).collect();
    assert_eq!(fields.len(), 2);
    assert!(fields.iter().all(|f| f.touches.len() == 1));
    assert_eq!(t.attribute("easter").unwrap()["symbol"].as_str(), Some("nest"));

    // A game with the set shuffled in plays the new tile.
    let mut config = GameConfig::with_players(2);
    config.seed = 3;
    config.expansions = vec!["easter".into()];
    config.tiles.files = vec![path.display().to_string()];
    let rules = Arc::new(Rules::new(&catalog, &config, &TileSource::default()).unwrap());
    let mut game = Game::new(rules.clone()).unwrap();
    let mut bots = session::bots_for(&config, "random").unwrap();
    let mut record = GameRecord::new(config.clone());
    session::play_out(&mut game, &mut bots, &mut record, |_, _, _| {}, |_| Ok(())).unwrap();
    let placed = game
        .state()
        .board()
        .tiles()
        .iter()
        .filter(|p| rules.tile(p.tile).def.id == "TT-1")
        .count();
    assert!(placed >= 1, "the new tile was placed");
}

/// A game page open while its server is killed (SIGKILL) and started again
/// on the same `--data` directory and port says it lost the connection,
/// then resumes by itself within a few seconds: the same seat, the state as
/// the database kept it, and the moves made after the restart as they come.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn an_open_page_resumes_by_itself_after_the_server_is_killed_and_restarted() {
    if browser_missing() {
        return;
    }
    let data = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-restart");
    let _ = std::fs::remove_dir_all(&data);
    let server = common::ChildServer::start(&data, &[]);
    let addr = server.addr;
    let (status, made) = server.post("/api/games", &json!({ "seed": "6" }));
    assert_eq!(status, 201, "{made}");
    let hot = made["hotseat"].as_str().unwrap().to_string();
    let token = hot.rsplit_once("seat=").unwrap().1.to_string();
    let state = |server: &common::ChildServer| server.get(&format!("/api/games/1/state?token={token}")).1;
    let play = |server: &common::ChildServer| {
        let v = state(server)["version"].as_u64().unwrap();
        let (status, body) = server.post(
            "/api/games/1/move",
            &json!({ "token": token, "index": 0, "version": v }),
        );
        assert_eq!(status, 200, "{body}");
        body["version"].as_u64().unwrap()
    };
    let browser = Browser::start();
    browser.go(&format!("http://{addr}{hot}"));
    browser.wait_version(state(&server)["version"].as_u64().unwrap());
    browser.wait_version(play(&server));

    server.kill();
    let offline = "return getComputedStyle(document.getElementById('offline')).display !== 'none';";
    browser.wait_for("the page to say it lost the server", &|b: &Browser| {
        b.script(offline) == json!(true)
    });
    std::thread::sleep(Duration::from_secs(1));
    let bind = addr.to_string();
    let restarted = Instant::now();
    let server = common::ChildServer::start(&data, &["--bind", &bind]);
    let version = state(&server)["version"].as_u64().unwrap();
    browser.wait_version(version);
    browser.wait_for("the page to say it is back", &|b: &Browser| {
        b.script(offline) == json!(false)
    });
    let resumed = restarted.elapsed();
    eprintln!("the page resumed {resumed:?} after the restart began");
    assert!(resumed < Duration::from_secs(8), "the page took {resumed:?} to resume");
    // Still the hot-seat, and following the game as it goes on.
    assert_eq!(browser.script("return token;"), json!(token));
    browser.wait_version(play(&server));

    // The browser that created a game may delete it from the lobby (the
    // game was made through the API here: the lobby is told its links as
    // it would have kept them), and it stays deleted across a restart.
    browser.go(&format!("http://{addr}/"));
    let mine = json!({ "1": { "seed": made["seed"], "seats": made["seats"], "hotseat": hot, "watch": made["watch"] } });
    browser.script(&format!(
        "localStorage.setItem('carcassonne-lobby-games', {}); window.confirm = () => true; return null;",
        serde_json::to_string(&mine.to_string()).unwrap()
    ));
    browser.go(&format!("http://{addr}/"));
    browser.script("window.confirm = () => true; return null;");
    browser.wait_for("the Delete button", &|b: &Browser| {
        !b.find_all("button.delete").is_empty()
    });
    assert!(browser.click_first("button.delete"));
    browser.wait_for("the game gone from the lobby", &|b: &Browser| {
        b.find_all(".game").is_empty()
    });
    assert_eq!(server.get("/api/games/1").0, 404);
    server.kill();
    let server = common::ChildServer::start(&data, &["--bind", &bind]);
    assert_eq!(server.get("/api/games/1").0, 404, "a deleted game stays deleted");
    server.kill();
    let _ = std::fs::remove_dir_all(&data);
}

/// The final-scoring panel of a finished game, opened on Ann's seat link:
/// the winner in words, the points by source grouped by expansion with
/// the server's totals, the chart with its text alternative, the record
/// and replay links, readable at phone width too; then "play again with
/// the same settings" makes game 2 with the same configuration (a new
/// seed) and opens it on Ann's seat there, a game in progress without the
/// panel.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_finished_game_shows_its_final_scores_and_plays_again_with_the_same_settings() {
    if browser_missing() {
        return;
    }
    let config = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("final-scoring-game.toml");
    std::fs::write(
        &config,
        "seed = 5\nexpansions = [\"easter\", \"abbot\"]\n[variants.easter]\ndie = \"d6\"\n\
         [[players]]\nname = \"Ann\"\n[[players]]\nname = \"Robo\"\nbot = \"greedy\"\n\
         [[players]]\nname = \"Cid\"\nbot = \"random\"\n",
    )
    .unwrap();
    let args = Overrides {
        config: Some(config),
        ..Overrides::default()
    };
    let mut table = Table::open(&args, None).unwrap();
    let seats = table.seats().unwrap().clone();
    // Ann takes the first option every time; the bots play on.
    loop {
        table.play_bots().unwrap();
        if table.game().is_over() {
            break;
        }
        let ann = carcassonne_serve::Submission {
            token: seats.seats[0].clone(),
            index: Some(0),
            mv: None,
            version: Some(table.version()),
        };
        table.submit(&ann).unwrap();
    }
    let played = table.record().config.clone();
    let server = http::Server::new(table);
    let addr = common::serve_on_loopback(server.clone());
    let end = call(addr, "GET", "/api/games/1/state", None).1;
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/games/1/?seat={}", seats.seats[0]));
    browser.wait_for("the final-scoring panel", &|b| !b.find_all("#final-winner").is_empty());

    // Who won, in words, and each total the server's.
    let scores: Vec<i64> = end["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].as_i64().unwrap())
        .collect();
    let best = *scores.iter().max().unwrap();
    let winners: Vec<&str> = end["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["score"].as_i64() == Some(best))
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let said = browser.text(&browser.find_all("#final-winner")[0]);
    match winners.as_slice() {
        [one] => assert_eq!(said, format!("{one} wins with {best} points")),
        many => assert_eq!(said, format!("{} share the win with {best} points", many.join(" and "))),
    }
    for (seat, score) in scores.iter().enumerate() {
        let cell = browser.find_all(&format!("#final-table td.final-score[data-seat=\"{seat}\"]"));
        assert_eq!(browser.text(&cell[0]), score.to_string());
    }
    // A heading a player, a row group an expansion, with its share.
    assert_eq!(browser.find_all("#final-table thead th[scope=col]").len(), 4);
    let groups = browser.script(
        "return [...document.querySelectorAll('#final-table tbody')].map(b => [b.dataset.expansion, b.querySelector('th[scope=rowgroup]').textContent]);",
    );
    assert_eq!(
        groups,
        json!([
            ["base", "Base game"],
            ["abbot", "The Abbot"],
            ["easter", "Easter in Carcassonne"]
        ]),
        "{groups}"
    );
    let egg_total = browser.text(&browser.find_all("#final-table tr.subtotal[data-expansion=easter]")[0]);
    assert!(egg_total.starts_with("Easter in Carcassonne: in all"), "{egg_total}");
    // The chart: a line per player, and words for those who cannot see it.
    assert_eq!(
        browser.find_all("#final-chart svg[role=img] polyline.score-line").len(),
        3
    );
    let desc = browser.script("return document.getElementById('chart-desc').textContent;");
    for name in ["Ann", "Robo", "Cid"] {
        assert!(desc.as_str().unwrap().contains(&format!("{name}: ")), "{desc}");
    }
    assert_eq!(
        browser.script("return document.querySelector('#final-chart svg').getAttribute('aria-labelledby');"),
        json!("chart-svg-title chart-desc")
    );
    let rows = browser.script("return document.querySelectorAll('#turns-table tbody tr').length;");
    assert_eq!(rows, json!(end["score_over_turns"].as_array().unwrap().len()));
    // The record and the replay.
    let href = |css: &str| browser.script(&format!("return document.querySelector('{css}').getAttribute('href');"));
    assert_eq!(href("#final-record"), json!("/api/games/1/record"));
    assert_eq!(href("#final-replay"), json!("/api/games/1/replay"));
    browser.screenshot("final-desktop.png");

    // "Show the board" puts the panel away; the decision panel brings it back.
    assert!(browser.click_first("#final-close"));
    assert_eq!(
        browser.script("return document.getElementById('final').hidden;"),
        json!(true)
    );
    assert!(browser.click_first("#final-open"));
    assert_eq!(
        browser.script("return document.getElementById('final').hidden;"),
        json!(false)
    );

    // At a phone's width the panel is above the board, nothing wider than the screen.
    let (status, v) = browser.cmd("POST", "/window/rect", Some(&json!({"width": 390, "height": 844})));
    assert_eq!(status, 200, "{v}");
    browser.wait_for("the phone layout", &|b| {
        b.script("return getComputedStyle(document.getElementById('final')).position;") == json!("static")
    });
    // The chart is drawn again to the new width (its text stays 12 px).
    browser.wait_for("the chart redrawn", &|b| {
        b.script("return +document.querySelector('#final-chart svg').getAttribute('width') <= window.innerWidth;")
            == json!(true)
    });
    let fits = browser.script(
        "return [document.documentElement.scrollWidth, window.innerWidth, document.querySelector('#final-chart svg').getBoundingClientRect().right];",
    );
    let (wide, screen, chart) = (
        fits[0].as_f64().unwrap(),
        fits[1].as_f64().unwrap(),
        fits[2].as_f64().unwrap(),
    );
    assert!(
        wide <= screen && chart <= screen,
        "the page is wider than the phone: {fits}"
    );
    browser.screenshot("final-phone.png");
    let (status, v) = browser.cmd("POST", "/window/rect", Some(&json!({"width": 1400, "height": 900})));
    assert_eq!(status, 200, "{v}");

    // Play again: game 2, the same settings, Ann's seat there.
    assert!(browser.click_first("#play-again"));
    browser.wait_for("the new game's page", &|b| {
        b.script("return location.pathname;") == json!("/games/2/")
            && b.script("return document.body.dataset.version || null;") != Value::Null
    });
    let slot = server.game(2).expect("game 2 was created");
    let made = slot.table().record().config.clone();
    let without_seed = |c: &carcassonne_core::GameConfig| {
        let mut v = serde_json::to_value(c).unwrap();
        v.as_object_mut().unwrap().remove("seed");
        v
    };
    assert_eq!(without_seed(&made), without_seed(&played));
    assert_eq!(made.players[1].bot.as_deref(), Some("greedy"));
    assert_eq!(
        browser.script("return st.you.seat;"),
        json!(0),
        "Ann's seat in the new game"
    );
    assert_eq!(
        browser.script("return document.getElementById('final').hidden;"),
        json!(true)
    );
    assert!(
        !browser
            .script("return document.getElementById('banner').textContent;")
            .as_str()
            .unwrap()
            .starts_with("Game over")
    );
    // The new game's links are kept for the lobby, as if created there.
    let kept = browser.script("return JSON.parse(localStorage.getItem('carcassonne-lobby-games'))['2'].seats[0].link;");
    assert!(kept.as_str().unwrap().starts_with("/games/2/?seat="), "{kept}");
}

/// A lobby server (games made through `POST /api/games`) with the editor.
fn lobby_server() -> SocketAddr {
    use carcassonne_serve::lobby::{Lobby, Offer};
    let editor = carcassonne_serve::editor::Editor::new(
        carcassonne_core::Catalog::linked().unwrap(),
        carcassonne_core::TileSource::default(),
    );
    common::serve_on_loopback(http::Server::with_lobby(Lobby::new(Offer::default(), 8), editor))
}

/// A game made through the lobby's API: its id and its hot-seat token.
fn create_game(addr: SocketAddr, config: &Value) -> (u64, String) {
    let (status, made) = call(addr, "POST", "/api/games", Some(config));
    assert_eq!(status, 201, "{made}");
    let token = made["hotseat"]
        .as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    (made["id"].as_u64().unwrap(), token)
}

/// A short base game for two people at one screen: six tiles, then final scoring.
fn short_game() -> Value {
    json!({
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "seed": 3,
        "draw_order": ["U", "E", "V", "K", "W", "L"],
    })
}

/// Plays option `index` of game `id`'s decision through the API (the
/// hot-seat token acts for every person's seat).
fn play_option(addr: SocketAddr, id: u64, token: &str, index: u64) {
    let version = call(addr, "GET", &format!("/api/games/{id}/state"), None).1["version"].clone();
    let (status, v) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(&json!({"token": token, "index": index, "version": version})),
    );
    assert_eq!(status, 200, "{v}");
}

/// Where axe-core's `axe.min.js` is: `$CARCASSONNE_AXE`, which `.ci/run`
/// sets after fetching it (so in CI the check always runs); None, saying
/// so, when it is not set. A path set but missing is an error.
fn axe_script() -> Option<String> {
    let Ok(path) = std::env::var("CARCASSONNE_AXE") else {
        eprintln!(
            "SKIPPED: the accessibility test needs axe-core: `npm install --no-save --prefix target/axe axe-core@4` \
             and CARCASSONNE_AXE=target/axe/node_modules/axe-core/axe.min.js (as .ci/run does)"
        );
        return None;
    };
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("CARCASSONNE_AXE={path}: {e}")))
}

impl Browser {
    /// axe-core's violations on the page shown, of every impact (critical,
    /// serious, moderate and minor), each in a line (rule, what it asks, the first elements that break it).
    fn axe_violations(&self, axe: &str) -> Vec<String> {
        // Injected into each page (a navigation drops it).
        let injected = self.script(&format!("{axe}\n;return typeof window.axe;"));
        assert_eq!(injected, json!("object"), "axe-core did not load");
        let (status, v) = self.cmd("POST", "/timeouts", Some(&json!({"script": 120_000})));
        assert_eq!(status, 200, "{v}");
        let (status, v) = self.cmd(
            "POST",
            "/execute/async",
            Some(&json!({"args": [], "script":
                "const done = arguments[arguments.length - 1]; \
                 axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations \
                   .map((v) => v.id + ' (' + v.impact + '): ' + v.help + ': ' + v.nodes.slice(0, 4) \
                     .map((n) => n.target.join(' ') + ' — ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '))), \
                   (e) => done(['axe failed: ' + e]));"})),
        );
        assert_eq!(status, 200, "{v}");
        serde_json::from_value(v["value"].clone()).unwrap()
    }

    /// Resizes the window (CSS pixels).
    fn resize(&self, width: u32, height: u32) {
        let (status, v) = self.cmd("POST", "/window/rect", Some(&json!({"width": width, "height": height})));
        assert_eq!(status, 200, "{v}");
    }

    /// The version of game `id` that the server has, once the page shows it.
    fn settle(&self, addr: SocketAddr, id: u64) -> Value {
        let state = call(addr, "GET", &format!("/api/games/{id}/state"), None).1;
        self.wait_version(state["version"].as_u64().unwrap());
        state
    }
}

/// axe-core, the standard accessibility rules engine (MPL-2.0, fetched at
/// test time by `.ci/run`, never kept here), finds no violation of any
/// impact (critical, serious, moderate or minor) on any page: the lobby, a game's page in a placement, a
/// deploy and an expansion's decision, watched, a seat's own page with the
/// chat, at a phone's size, after
/// the game (the final scores), the tile editor and a replay (also on a
/// phone, no wider than its screen). On the way,
/// a watcher's live line says a move made meanwhile.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn axe_finds_no_accessibility_violation_on_any_page() {
    if browser_missing() {
        return;
    }
    let Some(axe) = axe_script() else { return };
    let addr = lobby_server();
    let browser = Browser::start();
    let mut found = Vec::new();
    let mut check = |page: &str| {
        for v in browser.axe_violations(&axe) {
            found.push(format!("{page}: {v}"));
        }
    };

    browser.go(&format!("http://{addr}/"));
    browser.wait_for("the lobby's expansions", &|b| {
        !b.find_all(".exp[data-expansion=\"easter\"]").is_empty()
    });
    check("lobby");
    browser.resize(390, 844);
    check("lobby on a phone");
    browser.resize(1400, 900);

    // A game with Easter: a placement, a deploy and a bunny's decision.
    let (id, token) = create_game(
        addr,
        &json!({"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 4, "expansions": ["easter"], "undo": true}),
    );
    let page = format!("http://{addr}/games/{id}/?seat={token}");
    let state_of = |id: u64| call(addr, "GET", &format!("/api/games/{id}/state"), None).1;
    let kind = |s: &Value| s["decision"]["kind"].as_str().unwrap_or("").to_string();
    browser.go(&page);
    assert_eq!(kind(&browser.settle(addr, id)), "place");
    check("a placement");
    // A place chosen, its confirmation shown.
    assert!(browser.click_first("rect.target"));
    check("a placement with a place chosen");
    browser.resize(390, 844);
    check("a placement on a phone");
    browser.resize(1400, 900);
    browser.go(&format!("http://{addr}/games/{id}/"));
    browser.settle(addr, id);
    check("a placement, watched");
    // A watcher's live line says the move made meanwhile, in the log's words.
    play_option(addr, id, &token, 0);
    let newest = state_of(id)["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l.as_str().map(str::trim).filter(|l| !l.is_empty()))
        .next_back()
        .unwrap()
        .to_string();
    browser.wait_for("the move announced", &|b| {
        b.script("return document.getElementById('announce').textContent;") == json!(newest)
    });
    assert_eq!(
        browser.script("return document.title;"),
        json!("Carcassonne"),
        "no turn for a watcher"
    );
    // A seat's own link: the chat box, and a line said.
    {
        let config = json!({"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 5});
        let (status, made) = call(addr, "POST", "/api/games", Some(&config));
        assert_eq!(status, 201, "{made}");
        let chat_id = made["id"].as_u64().unwrap();
        let link = made["seats"][1]["link"].as_str().unwrap().to_string();
        let bob = link.split("seat=").nth(1).unwrap();
        let said = json!({"token": bob, "text": "good luck, Ann"});
        let (status, v) = call(addr, "POST", &format!("/api/games/{chat_id}/chat"), Some(&said));
        assert_eq!(status, 200, "{v}");
        browser.go(&format!("http://{addr}{link}"));
        browser.settle(addr, chat_id);
        assert_eq!(
            browser.script("return document.getElementById('chat-form').hidden;"),
            json!(false)
        );
        check("a seat's page with the chat");
    }
    browser.go(&page);
    assert_eq!(kind(&browser.settle(addr, id)), "deploy");
    check("a deploy");
    browser.resize(390, 844);
    check("a deploy on a phone");
    browser.resize(1400, 900);
    let mut moves = 0;
    while matches!(kind(&state_of(id)).as_str(), "place" | "deploy") {
        play_option(addr, id, &token, 0);
        moves += 1;
        assert!(moves < 400, "no expansion decision came");
    }
    let state = browser.settle(addr, id);
    assert_eq!(state["decision"]["expansion"], json!("easter"), "{}", state["decision"]);
    check("an expansion's decision");

    // A short game played to its end: the final scores, then the replay.
    let (id, token) = create_game(addr, &short_game());
    while state_of(id)["over"] != json!(true) {
        play_option(addr, id, &token, 0);
    }
    browser.go(&format!("http://{addr}/games/{id}/?seat={token}"));
    browser.wait_for("the final-scoring panel", &|b| !b.find_all("#final-winner").is_empty());
    check("the final scores");
    browser.resize(390, 844);
    check("the final scores on a phone");
    browser.resize(1400, 900);
    assert!(browser.click_first("#final-close"));
    check("a finished game's board");
    browser.go(&format!("http://{addr}/api/games/{id}/replay"));
    browser.wait_for("the replay", &|b| !b.find_all("svg").is_empty());
    check("the replay");
    // On a phone the replay is no wider than the screen (the step controls
    // wrap), and it names the expansions, not their ids.
    browser.resize(390, 844);
    check("the replay on a phone");
    let fits = browser.script("return [document.documentElement.scrollWidth, window.innerWidth];");
    assert!(
        fits[0].as_f64() <= fits[1].as_f64(),
        "the replay is wider than the phone: {fits}"
    );
    browser.screenshot("replay-phone.png");
    browser.resize(1400, 900);

    browser.go(&format!("http://{addr}/editor?file=base.toml"));
    browser.wait_for("the base tiles", &|b| {
        !b.find_all("#tiles button[data-id='E']").is_empty()
    });
    check("the editor");
    browser.resize(390, 844);
    check("the editor on a phone");
    browser.resize(1400, 900);

    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
}

/// A whole hot-seat game played with the keyboard only (no click after the
/// page loads): the arrows move between the highlighted places, Enter
/// tries the tile and places it, R turns it; in a deploy decision the
/// arrows and Enter deploy, or Tab reaches "skip". After every move the
/// focus is on the next decision's place or spot (or the final scores),
/// never on the page's body; the tab's title says whose turn it is. The
/// sound option is reached by Tab and remembered.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_hot_seat_game_is_played_to_the_end_with_the_keyboard_only() {
    if browser_missing() {
        return;
    }
    const ENTER: &str = "\u{E007}";
    const TAB: &str = "\u{E004}";
    const RIGHT: &str = "\u{E014}";
    const DOWN: &str = "\u{E015}";
    let addr = lobby_server();
    let (id, token) = create_game(addr, &short_game());
    let state = || call(addr, "GET", &format!("/api/games/{id}/state"), None).1;
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/games/{id}/?seat={token}"));
    let focused = || {
        browser.script(
            "const a = document.activeElement; \
             return !a || a === document.body ? 'body' : a.id ? '#' + a.id : a.tagName.toLowerCase() + '.' + a.classList[0];",
        )
    };
    let (mut placed, mut deployed, mut skipped, mut rotated) = (0, 0, 0, 0);
    for turn in 0.. {
        assert!(turn < 100, "the game did not end");
        let now = browser.settle(addr, id);
        if now["over"] == json!(true) {
            break;
        }
        if turn == 0 {
            // The page does not take the focus by itself: an arrow enters the board.
            assert_eq!(focused(), json!("body"));
            browser.key(RIGHT);
        }
        let at = focused();
        assert_ne!(at, json!("body"), "the focus fell to the page's body (turn {turn})");
        let title = browser.script("return document.title;");
        assert!(title.as_str().unwrap().starts_with("Your turn — "), "{title}");
        if turn == 0 {
            // The live line says it too, for a screen reader.
            browser.wait_for("the turn announced", &|b| {
                b.script("return document.getElementById('announce').textContent;")
                    .as_str()
                    .is_some_and(|t| t.starts_with("Your turn (Ann): place the tile"))
            });
        }
        let version = now["version"].as_u64().unwrap();
        match now["decision"]["kind"].as_str().unwrap() {
            "place" => {
                assert_eq!(at, json!("rect.target"), "turn {turn}");
                // Move along (when there is somewhere to go), try, turn, place.
                browser.key(if turn % 2 == 0 { RIGHT } else { DOWN });
                assert_eq!(focused(), json!("rect.target"));
                browser.key(ENTER);
                browser.wait_for("the tile tried there", &|b| !b.find_all("#confirm").is_empty());
                assert_eq!(
                    browser.script("return document.activeElement.classList.contains('chosen');"),
                    json!(true),
                    "the tried place keeps the focus"
                );
                let before = browser.script("return rot;");
                browser.key("r");
                if browser.script("return rot;") != before {
                    rotated += 1;
                }
                browser.key(ENTER);
                placed += 1;
            }
            "deploy" => {
                if deployed <= skipped && at == json!("g.spot") {
                    browser.key(RIGHT);
                    assert_eq!(focused(), json!("g.spot"));
                    browser.key(ENTER);
                    deployed += 1;
                } else {
                    // Tab on to the skip button, through everything actionable before it.
                    for _ in 0..60 {
                        if focused() == json!("#skip") {
                            break;
                        }
                        browser.key(TAB);
                    }
                    assert_eq!(focused(), json!("#skip"));
                    browser.key(ENTER);
                    skipped += 1;
                }
            }
            other => panic!("a base game has no {other} decision"),
        }
        let start = Instant::now();
        while state()["version"].as_u64().unwrap() == version {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "the keys played nothing (turn {turn})"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert_eq!(placed, 6, "every tile of the draw order placed");
    assert!(deployed > 0 && skipped > 0, "deployed {deployed}, skipped {skipped}");
    assert!(rotated > 0, "R turned the tile");
    browser.wait_for("the final-scoring panel", &|b| !b.find_all("#final-winner").is_empty());
    assert_eq!(
        browser.script("return document.activeElement.id;"),
        json!("final-title")
    );
    assert_eq!(browser.script("return document.title;"), json!("Carcassonne"));

    // The sound on the turn: off by default, switched on from the keyboard
    // (Tab to it, Space), remembered in this browser across a reload.
    const SPACE: &str = "\u{E00D}";
    assert_eq!(
        browser.script("return document.getElementById('sound').checked;"),
        json!(false)
    );
    for _ in 0..80 {
        if focused() == json!("#sound") {
            break;
        }
        browser.key(TAB);
    }
    assert_eq!(focused(), json!("#sound"), "the sound option is reached by Tab");
    browser.key(SPACE);
    assert_eq!(
        browser.script("return localStorage.getItem('carcassonne-turn-sound');"),
        json!("on")
    );
    browser.go(&format!("http://{addr}/games/{id}/?seat={token}"));
    browser.wait_for("the page again", &|b| !b.find_all("#final-winner").is_empty());
    assert_eq!(
        browser.script("return document.getElementById('sound').checked;"),
        json!(true)
    );
}

/// A board too large for the server to draw at once (a game of two random
/// bots with 300 copies of every base tile, played to the end before it is
/// served) comes in windows: the page draws the default window round the
/// last tile, asks for the window round its view when panned out of it,
/// and says that the board is drawn in part when zoomed out past the most
/// the server draws.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn a_board_too_large_to_draw_whole_comes_in_the_window_the_page_shows() {
    if browser_missing() {
        return;
    }
    let mut config = carcassonne_core::GameConfig::with_players(2);
    config.seed = 4;
    for p in &mut config.players {
        p.bot = Some("random".into());
    }
    for id in "ABCDEFGHIJKLMNOPQRSTUVWX".chars() {
        config.tiles.counts.insert(id.to_string(), 300);
    }
    let setup = carcassonne_setup::GameSetup::for_config(config, &[], None).unwrap();
    let mut table = Table::new(&setup, None).unwrap();
    table.play_bots().unwrap();
    // A tile far from the last one placed, out of the default window.
    let tiles = table.game().state().board().tiles();
    let last = tiles.last().unwrap().pos;
    let far = tiles
        .iter()
        .map(|t| t.pos)
        .find(|p| p.x.abs_diff(last.x) > 40 || p.y.abs_diff(last.y) > 40)
        .expect("a tile far from the last");
    let server = start_server(table);
    let state = call(server, "GET", "/api/games/1/state", None).1;
    assert_eq!(state["board"]["complete"], json!(false), "{}", state["board"]["bounds"]);
    let most = carcassonne_serve::MAX_VIEW_CELLS as u64;

    let browser = Browser::start();
    browser.go(&format!("http://{server}/games/1/"));
    browser.wait_version(state["version"].as_u64().unwrap());
    let drawn = || {
        browser
            .script("return document.querySelectorAll('#board g.tile').length;")
            .as_u64()
            .unwrap()
    };
    assert!((1..=most).contains(&drawn()), "{} tiles drawn", drawn());
    let covered = || {
        browser.script(
            "const c = viewCells(), w = st.board.window; \
             return c[0] >= w[0] && c[1] >= w[1] && c[2] <= w[2] && c[3] <= w[3];",
        ) == json!(true)
    };
    assert!(covered());
    assert_eq!(
        browser.script("return document.getElementById('partial').hidden;"),
        json!(true)
    );

    // Over to the far tile: out of the window drawn, so the page asks for
    // the window round its new view, and draws the tile.
    let far_tile = format!(
        r#"#board g.tile[transform="translate({} {})"]"#,
        far.x * 100,
        far.y * 100
    );
    assert!(browser.find_all(&far_tile).is_empty());
    let before = browser.script("return st.board.window;");
    browser.script(&format!(
        "view = [{} - view[2] / 2, {} - view[3] / 2, view[2], view[3]]; userView = true; applyView(); return null;",
        far.x * 100 + 50,
        far.y * 100 + 50
    ));
    wait_until("the page draws the window round its new view", || {
        browser.script("return st.board.window;") != before && covered()
    });
    assert_eq!(browser.find_all(&far_tile).len(), 1);
    assert!((1..=most).contains(&drawn()), "{} tiles drawn", drawn());

    // The whole board in view is more than the server draws: said so.
    browser.script("document.getElementById('zfit').click(); return null;");
    wait_until("the page says the board is drawn in part", || {
        browser.script("return document.getElementById('partial').hidden;") == json!(false)
    });
    assert!((1..=most).contains(&drawn()), "{} tiles drawn", drawn());
}

/// Plays the hot-seat game on `addr` through the API, choosing options by
/// a fixed pseudo-random sequence, until its state satisfies `done`;
/// `None` when the game ended first.
fn play_until(addr: SocketAddr, token: &str, seed: u64, done: impl Fn(&Value) -> bool) -> Option<Value> {
    let mut r = seed;
    for _ in 0..3000 {
        let s = call(addr, "GET", &format!("/api/games/1/state?token={token}"), None).1;
        if done(&s) {
            return Some(s);
        }
        let n = s["decision"]["options"].as_array()?.len() as u64;
        r = r
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let body = json!({"token": token, "index": (r >> 33) % n, "version": s["version"]});
        let (status, v) = call(addr, "POST", "/api/games/1/move", Some(&body));
        assert_eq!(status, 200, "{v}");
    }
    None
}

/// The tokens (tile counters' badges) of a board picture, from its SVG
/// text: (counter id, what the badge says, its words on hover, its colour).
fn tokens_in_svg(svg: &str) -> Vec<Vec<String>> {
    let between = |s: &str, a: &str, b: &str| -> String {
        s.split_once(a)
            .and_then(|(_, rest)| rest.split_once(b))
            .map_or_else(String::new, |(v, _)| v.to_string())
    };
    let unescape = |s: String| s.replace("&amp;", "&").replace("&apos;", "'").replace("&quot;", "\"");
    svg.split(r#"<g class="token" "#)
        .skip(1)
        .map(|g| {
            let g = g.split("</g>").next().unwrap_or("");
            vec![
                between(g, r#"data-counter=""#, "\""),
                unescape(
                    between(g, "<text", "</text>")
                        .rsplit_once('>')
                        .map_or_else(String::new, |(_, v)| v.to_string()),
                ),
                unescape(between(g, "<title>", "</title>")),
                between(between(g, "<rect", "/>").as_str(), r#"fill=""#, "\""),
            ]
        })
        .collect()
}

/// Tokens on tiles are drawn by the page from the declarations and values
/// the state sends, as `carcassonne render` draws them: the Easter bunny's
/// tile and the fruit left on the trees as badges in the counters'
/// colours with their labels on hover, under the figures and apart from
/// each other; and the dragon of The Princess & the Dragon, a figure of
/// nobody's, with its name on hover.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn tokens_on_tiles_and_the_dragon_are_drawn_on_the_board_with_words_on_hover() {
    if browser_missing() {
        return;
    }
    let browser = Browser::start();
    let page_tokens = "return [...document.querySelectorAll('#board g.token')].map((g) => \
        [g.dataset.counter, g.querySelector('text').textContent, g.querySelector('title').textContent, \
         g.querySelector('rect').getAttribute('fill')]);";

    // Easter and Fruit Trees: the bunny on its tile, fruit on the trees.
    let has = |s: &Value, id: &str| {
        let counters = s["board"]["counters"].as_array().cloned().unwrap_or_default();
        s["board"]["tokens"].as_array().into_iter().flatten().any(|t| {
            counters
                .get(t["counter"].as_u64().unwrap_or(99) as usize)
                .is_some_and(|c| c["id"] == json!(id))
        })
    };
    let mut found = None;
    for seed in 1..10 {
        let args = Overrides {
            players: Some(2),
            seed: Some(seed),
            expansions: Some(vec!["easter".into(), "fruit-trees".into()]),
            ..Overrides::default()
        };
        let table = Table::open(&args, None).unwrap();
        let hot = table.seats().unwrap().hotseat.clone();
        let server = http::Server::new(table);
        let addr = common::serve_on_loopback(server.clone());
        if let Some(s) = play_until(addr, &hot, seed, |s| has(s, "bunny") && has(s, "tokens-on-tree")) {
            found = Some((server, addr, hot, s));
            break;
        }
    }
    let (server, addr, hot, state) = found.expect("a game with the bunny and a fruit tree on the board");
    browser.go(&format!("http://{addr}/games/1/?seat={hot}"));
    browser.wait_version(state["version"].as_u64().unwrap());
    let mut shown: Vec<Vec<String>> = serde_json::from_value(browser.script(page_tokens)).unwrap();
    assert!(
        shown.contains(&vec![
            "bunny".to_string(),
            "B".to_string(),
            "Easter in Carcassonne: The bunny sits here".to_string(),
            "#b98a5a".to_string()
        ]),
        "{shown:?}"
    );
    assert!(
        shown.iter().any(|t| t[0] == "tokens-on-tree"
            && t[2].starts_with("The Fruit-Bearing Trees: Fruit tokens left on the tree: ")
            && t[2].ends_with(&t[1])),
        "{shown:?}"
    );
    // The same badges, words and colours as the renderer's picture.
    let drawn = carcassonne_render::board_svg(server.game(1).unwrap().table().game());
    let mut pictured = tokens_in_svg(&drawn);
    shown.sort();
    pictured.sort();
    assert_eq!(shown, pictured);
    // Under the figures, and apart from each other on a tile.
    let order = browser.script(
        "const t = document.querySelector('#board g.tokens'), f = document.querySelector('#board g.figure-mark'); \
         return !f || !!(t.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);",
    );
    assert_eq!(order, json!(true), "the figures are drawn over the tokens");
    let overlaps = browser.script(
        "const b = [...document.querySelectorAll('#board g.token rect')].map((r) => r.getBBox()); let n = 0; \
         b.forEach((p, i) => b.slice(0, i).forEach((q) => { if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) n++; })); return n;",
    );
    assert_eq!(overlaps, json!(0));

    // The Princess & the Dragon: the dragon on the board, named on hover.
    let mut dragon = None;
    for seed in 1..10 {
        let args = Overrides {
            players: Some(2),
            seed: Some(seed),
            expansions: Some(vec!["the-princess-and-the-dragon".into()]),
            ..Overrides::default()
        };
        let table = Table::open(&args, None).unwrap();
        let hot = table.seats().unwrap().hotseat.clone();
        let addr = start_server(table);
        let on_board = |s: &Value| {
            s["board"]["svg"]
                .as_str()
                .unwrap_or("")
                .contains(r#"data-kind="dragon""#)
        };
        if let Some(s) = play_until(addr, &hot, seed, on_board) {
            dragon = Some((addr, hot, s));
            break;
        }
    }
    let (addr, hot, state) = dragon.expect("a game with the dragon on the board");
    browser.go(&format!("http://{addr}/games/1/?seat={hot}"));
    browser.wait_version(state["version"].as_u64().unwrap());
    let titles = browser.script(
        "return [...document.querySelectorAll('#board g.figure-mark')].filter((g) => g.querySelector('[data-kind=dragon]')) \
         .map((g) => g.querySelector('title').textContent);",
    );
    assert_eq!(titles, json!(["Dragon"]));
}

/// The lobby lists the expansions on offer under the headings of their
/// groups, in the order `carcassonne expansions` lists them; the filter
/// box (with its label) hides those whose name does not match as one
/// types, says how many are shown, takes Enter to the first one shown and
/// Escape to show them all again; a mode switched with the keyboard keeps
/// the focus; and on a phone the list fits the screen's width.
#[test]
#[ignore = "slow suite: drives chromium; run: cargo test --workspace -- --ignored"]
fn the_lobby_groups_the_expansions_and_filters_them_by_name() {
    if browser_missing() {
        return;
    }
    let addr = lobby_server();
    let browser = Browser::start();
    browser.go(&format!("http://{addr}/"));
    browser.wait_for("the expansions", &|b: &Browser| {
        !b.find_all("#expansions .exp-group .exp").is_empty()
    });

    // The groups and their expansions, as the command line orders them.
    let listing = call(addr, "GET", "/api/expansions", None).1;
    let want: Vec<(String, Vec<String>)> = carcassonne_setup::describe::grouped(&listing)
        .into_iter()
        .map(|(heading, members)| {
            let ids = members
                .iter()
                .filter(|e| e["id"] != json!("base"))
                .map(|e| e["id"].as_str().unwrap().to_string())
                .collect::<Vec<_>>();
            (heading, ids)
        })
        .filter(|(_, ids)| !ids.is_empty())
        .collect();
    let shown: Vec<(String, Vec<String>)> = serde_json::from_value(browser.script(
        "return [...document.querySelectorAll('#expansions .exp-group')].map((s) => \
         [s.querySelector('h4').firstChild.textContent.trim(), [...s.querySelectorAll('.exp')].map((e) => e.dataset.expansion)]);",
    ))
    .unwrap();
    assert_eq!(shown, want);
    assert_eq!(shown[0].0, "In the base game's box");
    let total = want.iter().map(|(_, ids)| ids.len()).sum::<usize>();
    let visible = |b: &Browser| -> Vec<String> {
        serde_json::from_value(b.script(
            "return [...document.querySelectorAll('#expansions .exp')].filter((e) => e.offsetParent !== null).map((e) => e.dataset.expansion);",
        ))
        .unwrap()
    };
    assert_eq!(visible(&browser).len(), total);

    // The filter box has a label, and filters as one types.
    let label =
        browser.script("const l = document.querySelector('label[for=exp-filter]'); return l ? l.textContent : null;");
    assert_eq!(label, json!("Find an expansion by name"));
    assert!(browser.click_first("#exp-filter"));
    for c in "river".chars() {
        browser.key(&c.to_string());
    }
    browser.wait_for("the rivers alone", &|b: &Browser| visible(b) == ["river", "river-ii"]);
    let groups_shown = browser.script(
        "return [...document.querySelectorAll('#expansions .exp-group')].filter((s) => !s.hidden).map((s) => s.dataset.group);",
    );
    assert_eq!(
        groups_shown,
        json!(["base-game", "mini"]),
        "groups left empty are hidden"
    );
    let count = browser.text(&browser.find_all("#exp-count")[0]);
    assert_eq!(count, format!("2 of {total} shown"));
    // Case does not matter, nor where in the name the words are.
    browser.script("const f = document.getElementById('exp-filter'); f.value = ''; f.focus(); return null;");
    for c in "DRAGON".chars() {
        browser.key(&c.to_string());
    }
    browser.wait_for("the dragon's expansion", &|b: &Browser| {
        visible(b) == ["the-princess-and-the-dragon"]
    });

    // Enter goes to the first one shown; the arrows switch its mode, and
    // the focus stays on the switch once the list is drawn anew.
    browser.key("\u{E007}");
    let focused = browser.script("return [document.activeElement.name, document.activeElement.value];");
    assert_eq!(focused, json!(["mode-the-princess-and-the-dragon", "off"]));
    browser.key("\u{E014}"); // arrow right
    browser.wait_for("the expansion switched on", &|b: &Browser| {
        !b.find_all(".exp.on[data-expansion=\"the-princess-and-the-dragon\"]")
            .is_empty()
    });
    let focused = browser.script("return [document.activeElement.name, document.activeElement.value];");
    assert_eq!(focused, json!(["mode-the-princess-and-the-dragon", "on"]));
    assert_eq!(
        visible(&browser),
        ["the-princess-and-the-dragon"],
        "the filter holds after a redraw"
    );

    // Nothing matches: it says so. Escape shows them all again.
    browser.script("const f = document.getElementById('exp-filter'); f.value = ''; f.focus(); return null;");
    for c in "zzz".chars() {
        browser.key(&c.to_string());
    }
    browser.wait_for("no expansion", &|b: &Browser| visible(b).is_empty());
    let none = browser.text(&browser.find_all("#exp-none")[0]);
    assert!(none.contains("zzz"), "{none}");
    browser.key("\u{E00C}"); // Escape
    browser.wait_for("every expansion again", &|b: &Browser| visible(b).len() == total);
    assert_eq!(
        browser.script("return document.getElementById('exp-filter').value;"),
        json!("")
    );

    // A phone: the filter box and the list fit the screen's width.
    let (status, v) = browser.cmd("POST", "/window/rect", Some(&json!({"width": 390, "height": 844})));
    assert_eq!(status, 200, "{v}");
    let fits = browser.script(
        "const f = document.getElementById('exp-filter').getBoundingClientRect(); \
         return [document.documentElement.scrollWidth <= window.innerWidth, f.width > 200, f.right <= window.innerWidth];",
    );
    assert_eq!(fits, json!([true, true, true]));
}
