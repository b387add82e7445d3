//! The static site (`carcassonne serve site`, docs/web.md) in chromium: the
//! server's own lobby and game page with the engine compiled to
//! WebAssembly in the page, served as plain files. A whole game with bots
//! (which think in a Web Worker) is played by clicking, with undo, the
//! final scores, the record's download (continued again from its file),
//! the replay and a reload; the tile editor draws a set of one's own kept
//! in the browser; axe-core checks its pages; it times the first move and measures the search bot
//! in WebAssembly. Skipped, saying so, without a site: `.ci/release` builds
//! one and `.ci/run` names it in `CARCASSONNE_SITE`.

use super::{Browser, Played, axe_script, browser_missing, kinds, play_by_clicking};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The built site (`$CARCASSONNE_SITE`), or None, saying the test is skipped.
fn site() -> Option<PathBuf> {
    let Ok(dir) = std::env::var("CARCASSONNE_SITE") else {
        eprintln!(
            "SKIPPED: the static site's test needs a built site: `.ci/release` builds one (it needs the \
             wasm32-unknown-unknown target and wasm-bindgen-cli, docs/web.md) and `.ci/run` sets \
             CARCASSONNE_SITE=target/release-artifacts/site"
        );
        return None;
    };
    let dir = PathBuf::from(dir);
    for file in [
        "index.html",
        "game.html",
        "web.js",
        "worker.js",
        "carcassonne_web_bg.wasm",
    ] {
        assert!(
            dir.join(file).is_file(),
            "CARCASSONNE_SITE={}: no {file}",
            dir.display()
        );
    }
    Some(dir)
}

/// Serves the files of `dir` over HTTP on a free loopback port, as any
/// static web server would (GET only, each file with its content type).
fn serve_files(dir: &Path) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                // The headers, up to the blank line.
                let mut header = String::new();
                while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                    header.clear();
                }
                let path = line.split_whitespace().nth(1).unwrap_or("/");
                let path = path.split('?').next().unwrap_or("/").trim_start_matches('/');
                let name = if path.is_empty() { "index.html" } else { path };
                let file = (!name.contains("..")).then(|| dir.join(name));
                let (status, body, kind) = match file.and_then(|f| std::fs::read(f).ok()) {
                    Some(body) => {
                        let kind = match name.rsplit('.').next() {
                            Some("html") => "text/html; charset=utf-8",
                            Some("js") => "text/javascript",
                            Some("wasm") => "application/wasm",
                            _ => "application/octet-stream",
                        };
                        ("200 OK", body, kind)
                    }
                    None => ("404 Not Found", b"not found".to_vec(), "text/plain"),
                };
                let mut out = &stream;
                let _ = write!(
                    out,
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = out.write_all(&body);
            });
        }
    });
    addr
}

impl Browser {
    /// Runs `script` (its last argument is the callback to call with the
    /// answer) and waits for the answer.
    fn async_script(&self, script: &str) -> Value {
        let (status, v) = self.cmd("POST", "/timeouts", Some(&json!({"script": 120_000})));
        assert_eq!(status, 200, "{v}");
        let (status, v) = self.cmd("POST", "/execute/async", Some(&json!({"script": script, "args": []})));
        assert_eq!(status, 200, "{v}");
        v["value"].clone()
    }

    /// The state of the game this page shows, from the page's backend.
    fn page_state(&self) -> Value {
        self.async_script(
            "const done = arguments[arguments.length - 1]; \
             backend.state(gameId, token).then((a) => done(a.body), (e) => done({error: String(e)}));",
        )
    }

    /// Types `text` into `element` (for a file input: picks the file at that path).
    fn send_keys(&self, element: &str, text: &str) {
        let (status, v) = self.cmd(
            "POST",
            &format!("/element/{element}/value"),
            Some(&json!({ "text": text })),
        );
        assert_eq!(status, 200, "{v}");
    }

    fn wait_css(&self, css: &str) {
        let start = Instant::now();
        while self.find_all(css).is_empty() {
            assert!(start.elapsed() < Duration::from_secs(60), "the page never showed {css}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A whole game in the static site: Ann at this screen against two bots
/// (a search bot thinking in the Web Worker, and a greedy one), made in
/// the lobby's form, played by clicking with an undo on the way, to the
/// final scores; the record's download holds every move, the replay
/// draws, and the game outlives a reload. axe-core checks the pages on the
/// way, the first move is timed, and the search bot's speed in
/// WebAssembly is measured (docs/web.md).
#[test]
#[ignore = "slow suite: drives chromium on the static site built by .ci/release"]
fn the_static_site_plays_a_whole_game_with_bots_in_chromium() {
    if browser_missing() {
        return;
    }
    let Some(site) = site() else { return };
    let addr = serve_files(&site);
    let browser = Browser::start();
    let axe = axe_script();
    let mut violations = Vec::new();
    let mut check = |what: &str| {
        if let Some(axe) = &axe {
            for v in browser.axe_violations(axe) {
                violations.push(format!("{what}: {v}"));
            }
        }
    };
    let shots = std::env::var("CARCASSONNE_SCREENSHOTS").is_ok();

    // The lobby: loaded, its engine fetched and started, the expansions listed.
    browser.resize(1280, 800);
    let opened = Instant::now();
    browser.go(&format!("http://{addr}/index.html"));
    browser.wait_css(".exp[data-expansion=\"easter\"]");
    let lobby_ready = opened.elapsed();
    let games_title = browser.text(&browser.find_all("#games-title")[0]);
    assert_eq!(games_title, "Games in this browser");
    check("the lobby");
    if shots {
        browser.screenshot("web-lobby.png");
        browser.resize(390, 844);
        browser.screenshot("web-phone-lobby.png");
        check("the lobby on a phone");
        browser.resize(1280, 800);
    }

    // Seats: Ann, a Normal bot (the search) and an Easy bot; undo allowed.
    assert!(browser.click_first("#add-seat"));
    for (seat, level) in [(1, "mcts:300"), (2, "greedy")] {
        assert!(browser.click_first(&format!(".seat[data-seat=\"{seat}\"] select.who")));
        assert!(browser.click_first(&format!(
            ".seat[data-seat=\"{seat}\"] select.who option[value=\"{level}\"]"
        )));
    }
    browser.script("document.getElementById('undo').click(); return null;");
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
    assert!(summary.starts_with("3 players · 0 expansions"), "{summary}");
    assert!(browser.click_first("#create"));
    browser.wait_css("#created a.play.hotseat");

    // The hot-seat link opens the game page; Ann's first decision shows.
    let clicked = Instant::now();
    assert!(browser.click_first("#created a.play.hotseat"));
    browser.wait_css("rect.target");
    let first_decision = clicked.elapsed();
    let url = browser.script("return location.href;");
    assert!(url.as_str().unwrap().contains("game.html?game="), "{url}");
    check("a placement");
    if shots {
        browser.screenshot("web-game.png");
        browser.resize(390, 844);
        browser.screenshot("web-phone-game.png");
        check("a placement on a phone");
        browser.resize(1280, 800);
    }

    // A placement taken back.
    let v = browser.page_state()["version"].as_u64().unwrap();
    assert!(browser.click_first("rect.target"));
    assert!(browser.click_first("#confirm"));
    browser.wait_version(v + 1);
    assert!(browser.click_first("#undo"));
    browser.wait_version(v + 2);
    assert_eq!(browser.page_state()["moves"], json!(0), "the placement was taken back");

    // The game played out by clicking; the bots move in between.
    let state = || browser.page_state();
    let played = play_by_clicking(&browser, &state);
    let Played {
        placed, saw_thinking, ..
    } = played;
    assert!(placed >= 10, "Ann placed {placed} tiles");
    assert!(saw_thinking, "the page never said a bot was thinking");
    let end = browser.page_state();
    assert_eq!(end["over"], json!(true));
    let log = end["log"].as_array().unwrap();
    for bot in ["Bot 2", "Bot 3"] {
        assert!(log.iter().any(|l| l.as_str().unwrap().contains(bot)), "{bot} played");
    }

    // The final scores; the record's download holds every move.
    browser.wait_css("#final-winner");
    check("the final scores");
    if shots {
        browser.screenshot("web-final-scores.png");
        browser.resize(390, 844);
        browser.screenshot("web-phone-final-scores.png");
        browser.resize(1280, 800);
    }
    // As text, as the file is saved: JavaScript's numbers would round the
    // record's 64-bit seed.
    let record_text = browser.async_script(
        "const done = arguments[arguments.length - 1]; \
         fetch(document.getElementById('final-record').href).then((r) => r.text()).then(done, (e) => done(String(e)));",
    );
    let record_text = record_text.as_str().expect("the record's text").to_string();
    let record: Value = serde_json::from_str(&record_text).expect("the record's download is JSON");
    assert_eq!(
        record["config"]["seed"].as_u64(),
        end["seed"].as_str().and_then(|s| s.parse().ok()),
        "the record keeps the seed whole"
    );
    assert_eq!(
        record["moves"].as_array().map(Vec::len),
        end["moves"].as_u64().map(|n| n as usize),
        "the record's download"
    );

    // A reload: the game is still there (kept in the browser).
    browser.go(browser.script("return location.href;").as_str().unwrap());
    browser.wait_css("#final-winner");
    assert_eq!(browser.page_state()["moves"], end["moves"]);

    // The record's download continued as a new game: "Continue a record"
    // in the lobby, its file picked; the game comes back finished.
    let id = end_id(&browser);
    let file = std::env::temp_dir().join(format!("carcassonne-web-record-{}.json", std::process::id()));
    std::fs::write(&file, &record_text).unwrap();
    browser.go(&format!("http://{addr}/index.html"));
    browser.wait_css("#import-file");
    let input = browser.find_all("#import-file").remove(0);
    browser.send_keys(&input, file.to_str().unwrap());
    let start = Instant::now();
    while browser.find_all("#import-play").is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the record was not continued: {}",
            browser.script("return document.getElementById('import-note').textContent;")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::fs::remove_file(&file).unwrap();
    assert!(browser.click_first("#import-play"));
    browser.wait_css("#final-winner");
    let continued = browser.page_state();
    assert_ne!(end_id(&browser), id, "a new game");
    assert_eq!(continued["moves"], end["moves"]);
    assert_eq!(continued["over"], json!(true));

    // The replay, drawn by the engine in the page.
    browser.go(&format!("http://{addr}/replay.html?game={id}"));
    browser.wait_for("the replay", &|b| {
        b.script("return document.title;")
            .as_str()
            .unwrap_or("")
            .to_lowercase()
            .contains("replay")
            && !b.find_all("svg").is_empty()
    });

    // The first move of a game a bot begins: from opening its page to
    // Ann's decision, the engine loaded twice (the page's and the
    // worker's) and the search run in between.
    browser.go(&format!("http://{addr}/index.html"));
    browser.wait_css(".exp[data-expansion=\"easter\"]");
    let made = browser.async_script(
        "const done = arguments[arguments.length - 1]; \
         backend.create({players: [{name: 'Robo', bot: 'mcts:300'}, {name: 'Ann'}], seed: '1'}) \
           .then((a) => done(a.body), (e) => done(String(e)));",
    );
    let hotseat = made["hotseat"].as_str().expect("a game made").to_string();
    let opened = Instant::now();
    browser.go(&format!(
        "http://{addr}/{}",
        browser
            .script(&format!("return backend.link({});", json!(hotseat)))
            .as_str()
            .unwrap()
    ));
    browser.wait_css("rect.target");
    let first_bot_move = opened.elapsed();
    let after = browser.page_state();
    assert_eq!(after["decision"]["player"], json!(1), "Ann decides after Robo's move");

    // The search bot's speed in WebAssembly, in the worker.
    let rate = browser.async_script(
        "const done = arguments[arguments.length - 1]; \
         backend.searchRate(1000, 10).then((m) => done(m.result || m), (e) => done(String(e)));",
    );
    let per_second = rate["per_second"].as_f64().unwrap_or(0.0);
    assert!(per_second > 0.0, "{rate}");
    println!(
        "static site: lobby ready {:.2} s after opening it; a game's first decision {:.2} s after \
         following its link; a game a search bot (mcts:300) begins: Ann's decision {:.2} s after opening \
         its page; search bot in WebAssembly: {per_second:.0} iterations/s ({} iterations over {} \
         decisions in {:.2} s)",
        lobby_ready.as_secs_f64(),
        first_decision.as_secs_f64(),
        first_bot_move.as_secs_f64(),
        rate["iterations"],
        rate["decisions"],
        rate["seconds"].as_f64().unwrap_or(0.0),
    );
    assert!(violations.is_empty(), "axe-core found:\n{}", violations.join("\n"));
}

/// The tile editor in the static site, as a person without a server uses
/// it: the built-in sets listed and read-only, a new set of one's own made,
/// a city drawn on its tile by clicking (the picture and features answered
/// by the engine in the page), saved in this browser, and back, as drawn,
/// after the page is opened again; the lobby link leads to the site's
/// lobby; axe-core checks the page.
#[test]
#[ignore = "slow suite: drives chromium on the static site built by .ci/release"]
fn the_static_sites_tile_editor_draws_a_set_kept_in_the_browser() {
    if browser_missing() {
        return;
    }
    let Some(site) = site() else { return };
    assert!(site.join("editor.html").is_file(), "the site has no editor.html");
    let addr = serve_files(&site);
    let browser = Browser::start();
    browser.resize(1280, 800);
    browser.go(&format!("http://{addr}/index.html"));
    browser.wait_css("#editor-link");
    let to_editor = browser.script("return document.getElementById('editor-link').getAttribute('href');");
    assert_eq!(to_editor, json!("editor.html"), "the lobby leads to the editor");
    browser.go(&format!("http://{addr}/editor.html?file=base.toml"));
    browser.wait_for("the base tiles", &|b| {
        !b.find_all("#tiles button[data-id='E']").is_empty()
    });
    let note = browser.script("return document.getElementById('note').textContent;");
    assert!(note.as_str().unwrap().contains("read-only"), "{note}");
    let lobby = browser.script("return document.querySelector('header a').getAttribute('href');");
    assert_eq!(lobby, json!("index.html"));

    // A new set of one's own: the page asks for its name.
    browser.script("window.prompt = () => 'Test Tiles'; return null;");
    assert!(browser.click_first("#new-set"));
    browser.wait_for("the new set", &|b| {
        b.script("return typeof work === 'undefined' ? null : work.file;") == json!("test-tiles.toml")
            && !b.find_all("#tiles button[data-id='TT-1']").is_empty()
    });
    assert_eq!(kinds(&browser.parts()), ["field"], "a blank tile: one field all round");
    browser.edit_with("city", "N");
    assert_eq!(kinds(&browser.parts()), ["field", "city"]);
    assert!(browser.click_first("#save"));
    browser.wait_for("saved", &|b| {
        b.script("return document.getElementById('status').textContent;") == json!("saved")
    });
    if std::env::var("CARCASSONNE_SCREENSHOTS").is_ok() {
        browser.screenshot("web-editor.png");
        browser.resize(390, 844);
        browser.screenshot("web-phone-editor.png");
        browser.resize(1280, 800);
    }
    let violations = axe_script().map(|axe| browser.axe_violations(&axe)).unwrap_or_default();

    // Opened again: the set comes back from this browser's keeping.
    browser.go(&format!("http://{addr}/editor.html?file=test-tiles.toml"));
    browser.wait_for("the kept set", &|b| {
        b.script("return typeof work === 'undefined' ? null : work.file;") == json!("test-tiles.toml")
            && !b.find_all("#tiles button[data-id='TT-1']").is_empty()
    });
    assert_eq!(kinds(&browser.parts()), ["field", "city"], "the city was kept");
    assert_eq!(browser.script("return work.editable;"), json!(true));
    assert!(violations.is_empty(), "axe-core found:\n{}", violations.join("\n"));
}

/// The id of the game the page shows.
fn end_id(browser: &Browser) -> String {
    browser.script("return gameId;").as_str().unwrap().to_string()
}
