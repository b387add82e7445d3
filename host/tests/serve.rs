//! `carcassonne serve` through real HTTP: a server on 127.0.0.1:0 in this process,
//! spoken to with a minimal HTTP/1.1 client over a TCP socket.

mod common;

// Link the expansion crates, as every host does (through the setup library), so they register.
// The expansions every host links, as the setup library links them.
use carcassonne_serve::{Table, http};
use carcassonne_setup as _;
use carcassonne_setup::Overrides;
use common::{request, serve_on_loopback};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Starts a server for `table` on a free loopback port, on its own runtime
/// thread (which ends with the test process).
fn start(table: Table) -> (SocketAddr, Arc<http::Server>) {
    let server = http::Server::new(table);
    (serve_on_loopback(server.clone()), server)
}

/// Gets `path` as JSON; a game's state is fetched again while a bot seat
/// is thinking (bots move on their own worker after the request that
/// handed them the turn), so the state a test sees is a person's to decide.
fn get_json(addr: SocketAddr, path: &str) -> Value {
    for _ in 0..2000 {
        let (status, body) = request(addr, "GET", path, None);
        assert_eq!(status, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        if v.get("thinking").is_none_or(Value::is_null) {
            return v;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("a bot thought for more than 20 s");
}

/// Posts a decision; one without `version` is sent with the current one
/// (`version` is required: see `a_move_without_a_version_is_refused`).
fn post(addr: SocketAddr, body: &Value) -> (u16, Value) {
    let mut body = body.clone();
    if body.get("version").is_none() {
        body["version"] = get_json(addr, "/api/games/1/state")["version"].clone();
    }
    let (status, text) = request(addr, "POST", "/api/games/1/move", Some(&body));
    (status, serde_json::from_str(&text).unwrap())
}

fn args(players: usize, seed: u64, expansions: &[&str]) -> Overrides {
    Overrides {
        players: Some(players),
        seed: Some(seed),
        expansions: Some(expansions.iter().map(|s| s.to_string()).collect()),
        ..Overrides::default()
    }
}

/// Removes a record written by a test and its seat tokens.
fn remove(record: &Path) {
    std::fs::remove_file(record).unwrap();
    std::fs::remove_file(carcassonne_serve::seats_path(record)).unwrap();
    let _ = std::fs::remove_file(carcassonne_setup::journal::journal_path(record));
}

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("carcassonne-serve-{}-{name}.json", std::process::id()));
    let _ = std::fs::remove_file(&p);
    let _ = std::fs::remove_file(carcassonne_serve::seats_path(&p));
    p
}

/// Plays with `token` choosing option `pick(options)` until the game ends;
/// returns the decision kinds seen.
fn play_to_end(addr: SocketAddr, token: &str, pick: impl Fn(usize) -> usize) -> Vec<String> {
    let mut kinds = Vec::new();
    for _ in 0..2000 {
        let s = get_json(addr, &format!("/api/games/1/state?token={token}"));
        let Some(d) = s["decision"].as_object() else {
            assert_eq!(s["over"], json!(true), "no decision means the game is over");
            return kinds;
        };
        kinds.push(d["kind"].as_str().unwrap().to_string());
        let n = d["options"].as_array().unwrap().len();
        assert!(n > 0);
        let (status, reply) = post(
            addr,
            &json!({ "token": token, "index": pick(n), "version": s["version"] }),
        );
        assert_eq!(status, 200, "{reply}");
    }
    panic!("the game did not end");
}

#[test]
fn a_hot_seat_game_plays_to_the_end_over_http_and_its_record_replays() {
    let record = temp("hotseat");
    let table = Table::open(&args(2, 3, &["fruit-trees", "inns-and-cathedrals"]), Some(&record)).unwrap();
    let hot = table.seats().unwrap().hotseat.clone();
    let (addr, server) = start(table);

    let (status, page) = request(addr, "GET", "/games/1/", None);
    assert_eq!(status, 200);
    assert!(page.contains("\"/api/games/\""), "the game page is served");
    let (status, lobby) = request(addr, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(lobby.contains("/api/games/check"), "the lobby is served");

    let kinds = play_to_end(addr, &hot, |_| 0);
    assert!(kinds.iter().any(|k| k == "place") && kinds.iter().any(|k| k == "deploy"));
    assert!(
        kinds.iter().any(|k| k == "expansion"),
        "fruit trees ask their own decisions: {kinds:?}"
    );
    let end = get_json(addr, "/api/games/1/state");
    assert_eq!(end["over"], json!(true));
    assert_eq!(end["tiles_left"], json!(0));
    assert!(end["board"]["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(end["expansions"]["fruit-trees"].is_object());

    // The saved record is the whole game: replayed, it gives the same scores.
    let saved = carcassonne_core::GameRecord::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.moves.len(), server.game(1).unwrap().table().record().moves.len());
    let catalog = carcassonne_setup::catalog(&saved.config, &[]).unwrap();
    let replayed = saved
        .replay(&catalog, &carcassonne_setup::tile_source(None).unwrap())
        .unwrap();
    for (p, player) in end["players"].as_array().unwrap().iter().enumerate() {
        assert_eq!(player["score"], json!(replayed.state().score(p as u8)));
    }
    let (status, reply) = post(addr, &json!({ "token": hot, "index": 0 }));
    assert_eq!(status, 409);
    assert!(reply["error"].as_str().unwrap().contains("over"));
    remove(&record);
}

#[test]
fn another_seats_link_is_refused_and_the_reason_names_whose_turn_it_is() {
    let table = Table::open(&args(3, 8, &[]), None).unwrap();
    let seats = table.seats().unwrap().clone();
    let (addr, _server) = start(table);
    let s = get_json(addr, &format!("/api/games/1/state?token={}", seats.seats[1]));
    assert_eq!(s["you"]["seat"], json!(1));
    assert_eq!(s["decision"]["player"], json!(0));
    let version = s["version"].clone();

    let (status, reply) = post(addr, &json!({ "token": seats.seats[1], "index": 0 }));
    assert_eq!(status, 403, "{reply}");
    let error = reply["error"].as_str().unwrap();
    assert!(error.contains("Player 1's turn (seat 1)"), "{error}");
    assert!(error.contains("Player 2's seat"), "{error}");
    assert_eq!(reply["turn"]["name"], json!("Player 1"));

    let (status, reply) = post(addr, &json!({ "token": "not-a-seat", "index": 0 }));
    assert_eq!(status, 401, "{reply}");
    let (status, _) = request(addr, "GET", "/api/games/1/state?token=not-a-seat", None);
    assert_eq!(status, 401);

    // Nothing was played by the refused requests.
    assert_eq!(get_json(addr, "/api/games/1/state")["version"], version);

    // The right seat may play, by index or by its record move; a stale
    // version or a bad option is refused with a reason.
    let (status, reply) = post(
        addr,
        &json!({ "token": seats.seats[0], "index": 100000, "version": version }),
    );
    assert_eq!(status, 400);
    assert!(reply["error"].as_str().unwrap().contains("does not exist"));
    assert_eq!(reply["kind"], json!(null), "the server's own refusal: {reply}");
    // A move the game refuses carries the game's reason as a kind.
    let (status, reply) = post(
        addr,
        &json!({ "token": seats.seats[0], "move": "pass", "version": version }),
    );
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["kind"], json!("wrong-decision"), "{reply}");
    let mv = s["decision"]["options"][0]["move"].clone();
    let (status, reply) = post(
        addr,
        &json!({ "token": seats.seats[0], "move": mv, "version": version }),
    );
    assert_eq!(status, 200, "{reply}");
    let (status, reply) = post(
        addr,
        &json!({ "token": seats.seats[0], "move": "pass", "version": version }),
    );
    assert_eq!(status, 409, "{reply}");
    let (status, reply) = post(addr, &json!({ "token": seats.seats[0], "bogus": 1 }));
    assert_eq!(status, 400, "{reply}");
}

#[test]
fn bot_seats_move_by_themselves_and_refuse_people() {
    let config = temp("bots-config").with_extension("toml");
    std::fs::write(
        &config,
        "seed = 11\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Robo\"\nbot = \"greedy\"\n",
    )
    .unwrap();
    let table = Table::open(
        &Overrides {
            config: Some(config.clone()),
            ..Overrides::default()
        },
        None,
    )
    .unwrap();
    let ann = table.seats().unwrap().seats[0].clone();
    let robo = table.seats().unwrap().seats[1].clone();
    let (addr, server) = start(table);
    // Whenever a person is asked, it is Ann: Robo's turns play themselves.
    let s = get_json(addr, "/api/games/1/state");
    assert_eq!(s["decision"]["player"], json!(0));
    let (status, reply) = post(addr, &json!({ "token": robo, "index": 0 }));
    assert_eq!(status, 403);
    assert!(reply["error"].as_str().unwrap().contains("Ann's turn"), "{reply}");
    let kinds = play_to_end(addr, &ann, |n| n - 1);
    let slot = server.game(1).unwrap();
    let table = slot.table();
    let s = table.state_json(None);
    assert!(kinds.len() < table.record().moves.len(), "Robo moved too");
    assert!(
        s["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.as_str().unwrap().contains("Robo"))
    );
    std::fs::remove_file(config).unwrap();
}

#[test]
fn a_restarted_server_continues_the_same_game_from_its_record() {
    let record = temp("restart");
    let game = args(2, 21, &["fruit-trees"]);
    let table = Table::open(&game, Some(&record)).unwrap();
    let hot = table.seats().unwrap().hotseat.clone();
    let seat0 = table.seats().unwrap().seats[0].clone();
    let (addr, first) = start(table);
    for _ in 0..15 {
        let s = get_json(addr, "/api/games/1/state");
        let n = s["decision"]["options"].as_array().unwrap().len();
        let (status, reply) = post(addr, &json!({ "token": hot, "index": n / 2, "version": s["version"] }));
        assert_eq!(status, 200, "{reply}");
    }
    let before = first.game(1).unwrap().table().state_json(None);

    // A new server from the record alone (even given other flags): the
    // same position, the same decision, the same seat links.
    assert!(Path::new(&record).exists());
    let other = args(4, 99, &[]);
    let table = Table::open(&other, Some(&record)).unwrap();
    assert_eq!(table.seats().unwrap().hotseat, hot);
    assert_eq!(table.seats().unwrap().seats[0], seat0);
    let (addr2, second) = start(table);
    let after = get_json(addr2, &format!("/api/games/1/state?token={seat0}"));
    for key in ["moves", "turn", "tiles_left", "players", "expansions", "decision"] {
        assert_eq!(after[key], before[key], "{key} differs after the restart");
    }
    assert_eq!(after["board"]["svg"], before["board"]["svg"]);

    // Both go on identically.
    for _ in 0..6 {
        let v1 = get_json(addr, "/api/games/1/state")["version"].clone();
        let v2 = get_json(addr2, "/api/games/1/state")["version"].clone();
        let (s1, _) = post(addr, &json!({ "token": hot, "index": 0, "version": v1 }));
        let (s2, _) = post(addr2, &json!({ "token": hot, "index": 0, "version": v2 }));
        assert_eq!((s1, s2), (200, 200));
    }
    assert_eq!(
        first.game(1).unwrap().table().record(),
        second.game(1).unwrap().table().record()
    );
    remove(&record);
}

#[test]
fn the_event_stream_announces_the_current_version() {
    let table = Table::open(&args(2, 1, &[]), None).unwrap();
    let (addr, _server) = start(table);
    let (seen, ended, _) = watch(addr, "data: 0");
    assert!(!ended, "the stream ended: {seen}");
    assert!(seen.contains("text/event-stream"), "{seen}");
    assert!(seen.contains("event: version"), "{seen}");
}

#[test]
fn a_person_takes_back_their_last_move_only_when_undo_is_on() {
    let config = temp("undo-config").with_extension("toml");
    std::fs::write(
        &config,
        "seed = 5\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n[[players]]\nname = \"Robo\"\nbot = \"random\"\n",
    )
    .unwrap();
    let game = Overrides {
        config: Some(config.clone()),
        ..Overrides::default()
    };
    let record = temp("undo");
    let off = Table::open(&game, None).unwrap();
    let ann_off = off.seats().unwrap().seats[0].clone();
    let (addr_off, _s) = start(off);
    let (status, _) = post(addr_off, &json!({ "token": ann_off, "index": 0 }));
    assert_eq!(status, 200);
    let v = get_json(addr_off, "/api/games/1/state")["version"].clone();
    let (status, text) = request(
        addr_off,
        "POST",
        "/api/games/1/undo",
        Some(&json!({ "token": ann_off, "version": v })),
    );
    assert_eq!(status, 403);
    assert!(text.contains("undo is off"), "{text}");

    let mut table = Table::open(&game, Some(&record)).unwrap();
    table.allow_undo(true);
    let ann = table.seats().unwrap().seats[0].clone();
    let bob = table.seats().unwrap().seats[1].clone();
    let (addr, _server) = start(table);
    let undo = |token: &str| {
        let v = get_json(addr, "/api/games/1/state")["version"].clone();
        let (status, text) = request(
            addr,
            "POST",
            "/api/games/1/undo",
            Some(&json!({ "token": token, "version": v })),
        );
        (status, serde_json::from_str::<Value>(&text).unwrap())
    };
    let (status, reply) = undo(&ann);
    assert_eq!(status, 409, "nothing to take back yet: {reply}");

    let before = get_json(addr, "/api/games/1/state");
    let (status, _) = post(addr, &json!({ "token": ann, "index": 1 }));
    assert_eq!(status, 200);
    let placed = get_json(addr, "/api/games/1/state");
    assert_eq!(placed["undo"]["last_mover"], json!(0));
    let (status, reply) = undo(&bob);
    assert_eq!(status, 403);
    assert!(reply["error"].as_str().unwrap().contains("only Ann"), "{reply}");
    let (status, reply) = undo(&ann);
    assert_eq!(status, 200, "{reply}");
    let back = get_json(addr, "/api/games/1/state");
    for key in ["moves", "turn", "tiles_left", "players", "decision", "board"] {
        assert_eq!(back[key], before[key], "{key} is not as before the move");
    }
    let saved = carcassonne_core::GameRecord::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.moves.len(), before["moves"].as_u64().unwrap() as usize);

    // Ann and Bob play their turns; once Robo (a bot) has moved, the last
    // move is his and nobody may take it back.
    while get_json(addr, "/api/games/1/state")["undo"]["last_mover"] != json!(2) {
        let s = get_json(addr, "/api/games/1/state");
        let token = if s["decision"]["player"] == json!(0) {
            &ann
        } else {
            &bob
        };
        let (status, reply) = post(addr, &json!({ "token": token, "index": 0 }));
        assert_eq!(status, 200, "{reply}");
    }
    let (status, reply) = undo(&ann);
    assert_eq!(status, 409);
    assert!(reply["error"].as_str().unwrap().contains("Robo's, a bot's"), "{reply}");
    std::fs::remove_file(config).unwrap();
    remove(&record);
}

#[test]
fn undo_can_be_allowed_by_the_game_configuration() {
    let config = temp("undo-in-config").with_extension("toml");
    std::fs::write(
        &config,
        "seed = 5\nundo = true\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n",
    )
    .unwrap();
    let game = Overrides {
        config: Some(config.clone()),
        ..Overrides::default()
    };
    let table = Table::open(&game, None).unwrap();
    let ann = table.seats().unwrap().seats[0].clone();
    let (addr, _server) = start(table);
    let (status, _) = post(addr, &json!({ "token": ann, "index": 0 }));
    assert_eq!(status, 200);
    let v = get_json(addr, "/api/games/1/state")["version"].clone();
    let (status, text) = request(
        addr,
        "POST",
        "/api/games/1/undo",
        Some(&json!({ "token": ann, "version": v })),
    );
    assert_eq!(status, 200, "{text}");
    let _ = std::fs::remove_file(&config);
}

/// The state speaks players' language: every option has a label in words
/// (the core's and the expansions' own), the expansions present their state
/// as lines (about a seat, with a die for a roll), seats have a shape beside
/// their colour, and the log is words.
#[test]
fn options_state_and_log_are_given_in_words() {
    let table = Table::open(&args(2, 4, &["easter", "fruit-trees"]), None).unwrap();
    let hot = table.seats().unwrap().hotseat.clone();
    let (addr, _server) = start(table);
    let mut seen_deploy = false;
    let mut seen_expansion = false;
    let mut seen_die = false;
    for _ in 0..2000 {
        let s = get_json(addr, &format!("/api/games/1/state?token={hot}"));
        for p in s["players"].as_array().unwrap() {
            assert!(p["shape"].is_string() && p["colour"].is_string(), "{p}");
        }
        // Score sources in words, one per key.
        let names: Vec<&str> = s["source_names"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|n| n.as_str())
            .collect();
        assert_eq!(names.len(), s["sources"].as_array().unwrap().len());
        assert_eq!(names[..4], ["Roads", "Cities", "Cloisters", "Farms"]);
        assert!(
            names.contains(&"Easter eggs") && names.contains(&"Fruit sold"),
            "{names:?}"
        );
        for (id, presented) in s["presented"].as_object().unwrap() {
            assert!(presented["name"].is_string());
            for line in presented["lines"].as_array().unwrap() {
                let text = line["text"].as_str().unwrap();
                assert!(!text.contains('{'), "{id}: {text}");
                seen_die |= line["die"].is_u64();
            }
        }
        for line in s["log"].as_array().unwrap() {
            assert!(!line.as_str().unwrap().contains('{'), "log: {line}");
        }
        let Some(d) = s["decision"].as_object() else { break };
        if d["kind"] == "place" {
            // The drawn tile in words: every shipped tile has a name.
            let name = d["tile_name"].as_str().unwrap();
            assert!(name != d["tile"].as_str().unwrap(), "{name}");
        }
        let options = d["options"].as_array().unwrap();
        for o in options {
            let label = o["label"].as_str().unwrap();
            assert!(!label.contains('{'), "{label}");
            match d["kind"].as_str().unwrap() {
                "place" => assert!(label.starts_with("Place the tile "), "{label}"),
                "deploy" => {
                    seen_deploy = true;
                    assert!(
                        label.starts_with("Skip")
                            || label.starts_with("Follower ")
                            || label.starts_with("Farmer on the field"),
                        "{label}"
                    );
                }
                _ => {
                    seen_expansion = true;
                    assert!(
                        label.starts_with("Bunny: ")
                            || label.starts_with("Harvest the ")
                            || label.starts_with("Sell ")
                            || label.starts_with("Done"),
                        "{label}"
                    );
                }
            }
        }
        // The last option: a deployment before the skip, the last path or "done".
        let pick = options
            .len()
            .saturating_sub(if d["kind"] == json!("deploy") && options.len() > 1 {
                2
            } else {
                1
            });
        let (status, reply) = post(addr, &json!({ "token": hot, "index": pick, "version": s["version"] }));
        assert_eq!(status, 200, "{reply}");
    }
    assert!(
        seen_deploy && seen_expansion && seen_die,
        "deploy {seen_deploy}, expansion {seen_expansion}, die {seen_die}"
    );
    let end = get_json(addr, "/api/games/1/state");
    let log: Vec<&str> = end["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        log.iter().any(|l| l.contains(" chooses: ")),
        "expansion decisions in words: {log:?}"
    );
    assert!(log.iter().any(|l| l.contains("deploys: ")), "{log:?}");
}

/// Opens an event stream of game 1 and reads until `until` shows (or the
/// stream ends); what was read, and whether the stream ended.
fn watch(addr: std::net::SocketAddr, until: &str) -> (String, bool, TcpStream) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(stream, "GET /api/games/1/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 1024];
    while !seen.contains(until) {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            return (seen, true, stream);
        }
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    (seen, false, stream)
}

/// Event streams cannot take the server (issue 40, item 5): one client
/// address keeps at most 8 open, a ninth is answered 503 while requests
/// are still served, and a closed stream gives its place back.
#[test]
fn one_address_cannot_open_more_than_eight_event_streams() {
    let table = Table::open(&args(2, 1, &[]), None).unwrap();
    let (addr, _server) = start(table);
    let mut open: Vec<TcpStream> = (0..8).map(|_| watch(addr, "event: version").2).collect();
    let (seen, _, _) = watch(addr, "\r\n\r\n");
    assert!(seen.starts_with("HTTP/1.1 503"), "{seen}");
    assert!(seen.contains("too many event streams"), "{seen}");
    assert_eq!(get_json(addr, "/api/games/1/state")["version"], json!(0));
    drop(open.pop());
    // The server notices the closed stream at its next write (a keep-alive
    // comes every 15 s); a new watcher gets the place once it is back.
    let started = std::time::Instant::now();
    loop {
        let (seen, _, s) = watch(addr, "\r\n\r\n");
        if seen.starts_with("HTTP/1.1 200") {
            open.push(s);
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "the place never came back: {seen}"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// A finished game's watchers are let go: the stream says `over` and ends.
#[test]
fn the_event_stream_of_a_finished_game_says_over_and_ends() {
    let config = temp("bots-only").with_extension("toml");
    std::fs::write(
        &config,
        "seed = 4\n[[players]]\nname = \"R1\"\nbot = \"random\"\n[[players]]\nname = \"R2\"\nbot = \"random\"\n",
    )
    .unwrap();
    let game = Overrides {
        config: Some(config.clone()),
        ..Overrides::default()
    };
    let table = Table::open(&game, None).unwrap();
    let (addr, server) = start(table);
    let started = std::time::Instant::now();
    while !server.game(1).unwrap().table().game().is_over() {
        assert!(started.elapsed() < Duration::from_secs(60), "the bots did not finish");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The stream's body ends after `over` (the chunked body's last,
    // empty chunk), long before any keep-alive would come.
    let (seen, _, _) = watch(addr, "\r\n0\r\n\r\n");
    assert!(seen.ends_with("\r\n0\r\n\r\n"), "{seen}");
    assert!(
        seen.contains("event: version") && seen.contains("event: over"),
        "{seen}"
    );
    std::fs::remove_file(config).unwrap();
}

/// A game of two random bots played to the end before it is served, with
/// `count` copies of each base tile in the bag.
fn big_game(count: i64) -> Table {
    let mut config = carcassonne_core::GameConfig::with_players(2);
    config.seed = 21;
    for p in &mut config.players {
        p.bot = Some("random".into());
    }
    let ids: Vec<String> = carcassonne_setup::GameSetup::for_config(config.clone(), &[], None)
        .unwrap()
        .rules()
        .unwrap()
        .tiles()
        .iter()
        .map(|t| t.id().to_string())
        .collect();
    for id in ids {
        config.tiles.counts.insert(id, count);
    }
    let setup = carcassonne_setup::GameSetup::for_config(config, &[], None).unwrap();
    let mut table = Table::new(&setup, None).unwrap();
    table.play_bots().unwrap();
    table
}

#[test]
fn a_large_board_is_served_by_window_and_its_replay_is_refused() {
    let table = big_game(500);
    let moves = table.record().moves.len();
    assert!(moves > carcassonne_serve::MAX_REPLAY_MOVES, "{moves} moves");
    let whole = carcassonne_render::board_svg(table.game()).len();
    let tiles: Vec<(i32, i32)> = table
        .game()
        .state()
        .board()
        .tiles()
        .iter()
        .map(|t| (t.pos.x, t.pos.y))
        .collect();
    let (addr, _server) = start(table);

    // Without a view: a window of at most MAX_VIEW_CELLS round the last tile.
    let (status, body) = request(addr, "GET", "/api/games/1/state", None);
    assert_eq!(status, 200);
    assert!(body.len() < 4 << 20, "a state of {} bytes", body.len());
    assert!(body.len() * 10 < whole, "{} bytes, the whole board {whole}", body.len());
    let s: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(s["board"]["complete"], json!(false));
    assert_eq!(s["board"]["max_view_cells"], json!(carcassonne_serve::MAX_VIEW_CELLS));
    let w: Vec<i64> = serde_json::from_value(s["board"]["window"].clone()).unwrap();
    assert!((w[2] - w[0] + 1) * (w[3] - w[1] + 1) <= carcassonne_serve::MAX_VIEW_CELLS);

    // A view draws the tiles in it and no others.
    let (status, body) = request(addr, "GET", "/api/games/1/state?view=-2,-1,3,2", None);
    assert_eq!(status, 200, "{body}");
    let s: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(s["board"]["window"], json!([-2, -1, 3, 2]));
    let svg = s["board"]["svg"].as_str().unwrap();
    let inside = tiles
        .iter()
        .filter(|(x, y)| (-2..=3).contains(x) && (-1..=2).contains(y))
        .count();
    assert!(inside > 0);
    assert_eq!(svg.matches(r#"<g class="tile" "#).count(), inside);
    // Every tile drawn is one of the window's.
    for (x, y) in tiles
        .iter()
        .filter(|(x, y)| !(-2..=3).contains(x) || !(-1..=2).contains(y))
        .take(50)
    {
        let at = format!(r#"translate({} {})"><title>"#, x * 100, y * 100);
        assert!(!svg.contains(&at), "{at} drawn outside the window");
    }

    // Too large, or not a window: 400 with the reason.
    for (view, says) in [
        ("0,0,50,49", "at most 2500"),
        ("-1000,-1000,1000,1000", "at most 2500"),
        ("1,2,3", "four whole numbers"),
        ("a,b,c,d", "four whole numbers"),
        ("3,0,1,1", "top left"),
    ] {
        let (status, body) = request(addr, "GET", &format!("/api/games/1/state?view={view}"), None);
        assert_eq!(status, 400, "{view}: {body}");
        let e: Value = serde_json::from_str(&body).unwrap();
        assert!(e["error"].as_str().unwrap().contains(says), "{view}: {e}");
    }

    // The replay of so long a game is refused; the record is there.
    let (status, body) = request(addr, "GET", "/api/games/1/replay", None);
    assert_eq!(status, 413, "{}", &body[..body.len().min(300)]);
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["error"].as_str().unwrap().contains("carcassonne render"), "{e}");
    let (status, _) = request(addr, "GET", "/api/games/1/record", None);
    assert_eq!(status, 200);
}

/// Plays with `token`, choosing options by a fixed pseudo-random sequence,
/// until the state satisfies `done`; returns that state (or `None` when the
/// game ended first).
fn play_until(addr: SocketAddr, token: &str, seed: u64, done: impl Fn(&Value) -> bool) -> Option<Value> {
    let mut r = seed;
    for _ in 0..2000 {
        let s = get_json(addr, &format!("/api/games/1/state?token={token}"));
        if done(&s) {
            return Some(s);
        }
        let n = s["decision"]["options"].as_array()?.len() as u64;
        r = r
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let (status, reply) = post(
            addr,
            &json!({ "token": token, "index": (r >> 33) % n, "version": s["version"] }),
        );
        assert_eq!(status, 200, "{reply}");
    }
    None
}

/// The tokens of `state`'s board with their counters' declarations:
/// (counter id, mark, label, fill, n).
fn tokens_of(state: &Value) -> Vec<(String, String, String, String, i64)> {
    let counters = state["board"]["counters"].as_array().unwrap();
    state["board"]["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let c = &counters[t["counter"].as_u64().unwrap() as usize];
            let s = |k: &str| c[k].as_str().unwrap().to_string();
            (s("id"), s("mark"), s("label"), s("fill"), t["n"].as_i64().unwrap())
        })
        .collect()
}

/// A game's state carries the tile counters of its expansions as data —
/// the declarations (mark, colour, label) and their values on the tiles
/// drawn — for the page to draw as badges; the board's picture leaves
/// them out, and a figure of nobody's is drawn with its name on hover.
#[test]
fn tokens_on_tiles_come_as_data_and_neutral_figures_by_name() {
    // Easter: the bunny sits on a tile.
    let mut found = None;
    for seed in 1..12 {
        let table = Table::open(&args(2, seed, &["easter"]), None).unwrap();
        let hot = table.seats().unwrap().hotseat.clone();
        let (addr, _server) = start(table);
        let s = play_until(addr, &hot, seed, |s| tokens_of(s).iter().any(|t| t.0 == "bunny"));
        if let Some(s) = s {
            found = Some(s);
            break;
        }
    }
    let s = found.expect("an Easter game where the bunny sits on a tile");
    let counters = s["board"]["counters"].as_array().unwrap();
    assert!(
        counters.iter().all(|c| c["expansion"] == json!("easter")),
        "the tile counters of the game's expansions: {counters:?}"
    );
    let bunny = counters.iter().find(|c| c["id"] == json!("bunny")).unwrap();
    assert_eq!(bunny["mark"], json!("B"));
    assert_eq!(bunny["colour"], json!("#b98a5a"));
    assert_eq!(bunny["fill"], json!("#b98a5a"));
    assert_eq!(bunny["label"], json!("The bunny sits here"));
    assert_eq!(bunny["expansion_name"], json!("Easter in Carcassonne"));
    assert!(bunny["ink"].as_str().unwrap().starts_with('#'));
    let tokens = s["board"]["tokens"].as_array().unwrap();
    let t = tokens
        .iter()
        .find(|t| counters[t["counter"].as_u64().unwrap() as usize]["id"] == json!("bunny"))
        .unwrap();
    assert_eq!(t["n"], json!(1));
    assert_eq!(t["at"].as_array().unwrap().len(), 2);
    let svg = s["board"]["svg"].as_str().unwrap();
    assert!(
        !svg.contains(r#"class="token""#),
        "the page draws the tokens, not the picture"
    );

    // The Princess & the Dragon: the dragon on the board, named on hover.
    let mut dragon = None;
    for seed in 1..12 {
        let table = Table::open(&args(2, seed, &["the-princess-and-the-dragon"]), None).unwrap();
        let hot = table.seats().unwrap().hotseat.clone();
        let (addr, _server) = start(table);
        if let Some(s) = play_until(addr, &hot, seed, |s| {
            s["board"]["svg"].as_str().unwrap().contains(r#"data-kind="dragon""#)
        }) {
            dragon = Some(s);
            break;
        }
    }
    let s = dragon.expect("a game with the dragon on the board");
    let svg = s["board"]["svg"].as_str().unwrap();
    assert!(svg.contains("<title>Dragon</title>"), "{svg}");
    assert!(!svg.contains("player 256"));
}
