//! The lobby's API through real HTTP on loopback: the expansions on offer
//! (as `carcassonne expansions --json` lists them), games created from a
//! JSON configuration with their seat links, every configuration error
//! answered 400 with the command line's message, the bound on the number
//! of games, and bot seats that think off the request threads.

mod common;

use carcassonne_core::{Catalog, TileSource};
use carcassonne_serve::editor::Editor;
use carcassonne_serve::http;
use carcassonne_serve::lobby::{Lobby, Offer};
use carcassonne_setup as _;
use common::{request, serve_on_loopback};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An empty lobby of at most `max_games` games on a free loopback port.
fn lobby(max_games: usize) -> (SocketAddr, Arc<http::Server>) {
    let editor = Editor::new(Catalog::linked().unwrap(), TileSource::default());
    let server = http::Server::with_lobby(Lobby::new(Offer::default(), max_games), editor);
    (serve_on_loopback(server.clone()), server)
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn create(addr: SocketAddr, config: &Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", "/api/games", Some(config));
    (status, json_of(&text))
}

fn carcassonne() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

#[test]
fn the_expansions_on_offer_are_those_the_command_line_lists() {
    let (addr, _server) = lobby(2);
    let (status, text) = request(addr, "GET", "/api/expansions", None);
    assert_eq!(status, 200, "{text}");
    let out = carcassonne().args(["expansions", "--json"]).output().unwrap();
    assert!(out.status.success());
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json_of(&text), listed);
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["id"].as_str())
        .collect();
    assert!(ids.contains(&"easter") && ids.contains(&"fruit-trees"), "{ids:?}");
}

/// Each expansion says the shelf it comes from (`group`) and its year; the
/// base game's entry lists the groups in the order hosts show them, with
/// their headings; `carcassonne expansions` lists them under those
/// headings, by year (not known last) and then name.
#[test]
fn expansions_are_grouped_by_shelf_and_year() {
    let out = carcassonne().args(["expansions", "--json"]).output().unwrap();
    assert!(out.status.success());
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = listed.as_array().unwrap();
    let groups: Vec<(&str, &str)> = list[0]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["id"].as_str().unwrap(), g["heading"].as_str().unwrap()))
        .collect();
    let want: Vec<(&str, &str)> = carcassonne_core::ExpansionGroup::ALL
        .iter()
        .map(|g| (g.id(), g.heading()))
        .collect();
    assert_eq!(groups, want);
    let info = |id: &str| {
        let e = list.iter().find(|e| e["id"] == json!(id)).unwrap();
        (e["group"].as_str().unwrap().to_string(), e["year"].as_u64().unwrap())
    };
    assert_eq!(info("base"), ("base-game".to_string(), 2000));
    assert_eq!(info("river"), ("base-game".to_string(), 2001));
    assert_eq!(info("inns-and-cathedrals"), ("big-box".to_string(), 2002));
    assert_eq!(info("river-ii"), ("mini".to_string(), 2005));
    assert_eq!(info("fruit-trees"), ("fan".to_string(), 0));
    // Every entry has both, from the catalog's declarations.
    let catalog = Catalog::linked().unwrap();
    for e in &list[1..] {
        let decl = catalog.get(e["id"].as_str().unwrap()).unwrap();
        assert_eq!(e["group"], json!(decl.group.id()));
        assert_eq!(e["year"], json!(decl.year));
    }

    // For people: the headings in order, each group's expansions under it.
    let out = carcassonne().arg("expansions").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let at = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle:?} in\n{text}"));
    let headings: Vec<usize> = [
        "In the base game's box\n",
        "Big boxes\n",
        "Mini expansions\n",
        "Promos\n",
        "Fan expansions\n",
    ]
    .iter()
    .map(|h| at(h))
    .collect();
    assert!(
        headings.windows(2).all(|w| w[0] < w[1]),
        "headings in order: {headings:?}"
    );
    // Within a group by year, then name; an unknown year last.
    let order = |ids: &[&str]| {
        let places: Vec<usize> = ids.iter().map(|id| at(&format!("\n{id} "))).collect();
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{ids:?} in that order:\n{text}");
    };
    order(&["base", "river", "abbot"]);
    order(&[
        "inns-and-cathedrals",
        "traders-and-builders",
        "the-princess-and-the-dragon",
        "the-tower",
        "abbey-and-mayor",
    ]);
    order(&["king-and-robber-baron", "river-ii"]);
    order(&["easter", "cleric-and-serf", "fruit-trees"]);
    assert!(headings[1] < at("\ninns-and-cathedrals ") && at("\nabbey-and-mayor ") < headings[2]);
    assert!(
        text.contains("Inns & Cathedrals (2002; 18 tiles, linked)"),
        "the year beside the tiles"
    );
}

#[test]
fn a_game_is_created_from_a_configuration_and_listed_with_its_links() {
    let (addr, server) = lobby(4);
    let config = json!({
        "players": [{"name": "Ann"}, {"name": "Robo", "bot": "greedy"}],
        "expansions": ["easter", "fruit-trees"],
        "variants": {"easter": {"die": "d6"}},
        "tiles": {"sets": {"base": 2}},
        "undo": true,
    });
    let (status, made) = create(addr, &config);
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_u64().unwrap();
    // The seed was drawn at random and is shown.
    let seed: u64 = made["seed"].as_str().unwrap().parse().unwrap();
    assert_eq!(made["watch"], json!(format!("/games/{id}/")));
    assert!(
        made["seats"][0]["link"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/games/{id}/?seat="))
    );
    assert_eq!(made["seats"][1]["link"], Value::Null, "a bot's seat has no link");
    assert_eq!(made["seats"][1]["bot"], json!("greedy"));

    // The game is the configured one: its record states it.
    let slot = server.game(id).unwrap();
    {
        let table = slot.table();
        let c = &table.record().config;
        assert_eq!(c.seed, seed);
        assert_eq!(c.expansions, ["easter", "fruit-trees"]);
        assert_eq!(c.variants["easter"]["die"].to_string(), "d6");
        assert_eq!(c.tiles.sets["base"], 2);
        assert!(c.undo);
    }

    // Its page and its state answer under its own address.
    let link = made["seats"][0]["link"].as_str().unwrap();
    let token = link.split("seat=").nth(1).unwrap();
    let (status, page) = request(addr, "GET", link, None);
    assert_eq!(status, 200);
    assert!(page.contains("/api/games/"));
    let (status, text) = request(addr, "GET", &format!("/api/games/{id}/state?token={token}"), None);
    assert_eq!(status, 200, "{text}");
    assert_eq!(json_of(&text)["you"]["name"], json!("Ann"));
    // An old-style link (`/?seat=`) finds its game.
    let (status, _) = request(addr, "GET", &format!("/?seat={token}"), None);
    assert_eq!(status, 303);

    // A given seed is kept, also as a string (JavaScript cannot hold 64 bits).
    let (status, made2) = create(
        addr,
        &json!({"players": [{"name": "A"}, {"name": "B"}], "seed": "18446744073709551615"}),
    );
    assert_eq!(status, 201, "{made2}");
    assert_eq!(made2["seed"], json!("18446744073709551615"));

    let (status, text) = request(addr, "GET", "/api/games", None);
    assert_eq!(status, 200);
    let list = json_of(&text);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["id"], json!(id));
    assert_eq!(games[0]["expansions"], json!(["easter", "fruit-trees"]));
    assert_eq!(games[0]["players"][1]["bot"], json!("greedy"));
    // The seat's bot in words in the game's state, and the levels on offer.
    let (status, text) = request(addr, "GET", &format!("/api/games/{id}/state"), None);
    assert_eq!(status, 200, "{text}");
    assert_eq!(json_of(&text)["players"][1]["bot_words"], json!("Easy bot"));
    let (status, text) = request(addr, "GET", "/api/bots", None);
    assert_eq!(status, 200, "{text}");
    let levels = json_of(&text);
    let specs: Vec<&str> = levels
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["spec"].as_str())
        .collect();
    assert_eq!(
        specs,
        ["random", "greedy", "lookahead", "mcts:300", "mcts", "mcts:12000"]
    );
    assert_eq!(levels[2]["name"], json!("Casual bot"));
    assert_eq!(levels[5]["name"], json!("Expert bot"));
    assert_eq!(games[0]["record"], json!(format!("/api/games/{id}/record")));
    assert!(!text.contains(token), "the listing holds no seat token");
    assert_eq!(list["max_games"], json!(4));

    // The record downloads and names the configuration.
    let (status, text) = request(addr, "GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert_eq!(json_of(&text)["config"]["seed"], json!(seed));
    let (status, text) = request(addr, "GET", "/api/games/99/state", None);
    assert_eq!(status, 404);
    assert!(json_of(&text)["error"].as_str().unwrap().contains("no game `99`"));
}

/// Configurations that cannot make a game, in JSON and as the TOML file
/// the command line reads.
fn broken_configurations() -> Vec<(&'static str, Value)> {
    let two = json!([{"name": "Ann"}, {"name": "Bob"}]);
    vec![
        ("unknown expansion", json!({"players": two, "expansions": ["no-such"]})),
        (
            "expansion twice",
            json!({"players": two, "expansions": ["easter", "easter"]}),
        ),
        (
            "unknown tiles-only expansion",
            json!({"players": two, "tiles_only": ["nope"]}),
        ),
        (
            "base variant value",
            json!({"players": two, "variants": {"base": {"tiny_city": "yes"}}}),
        ),
        (
            "seven players",
            json!({"players": (1..=7).map(|i| json!({"name": format!("P{i}")})).collect::<Vec<_>>()}),
        ),
        ("empty name", json!({"players": [{"name": ""}, {"name": "Bob"}]})),
        (
            "unknown bot",
            json!({"players": [{"name": "Ann"}, {"name": "Robo", "bot": "clever"}]}),
        ),
        (
            "bad bot budget",
            json!({"players": [{"name": "Ann"}, {"name": "Robo", "bot": "mcts:0"}]}),
        ),
        (
            "unknown variant",
            json!({"players": two, "expansions": ["easter"], "variants": {"easter": {"colour": "red"}}}),
        ),
        (
            "bad variant value",
            json!({"players": two, "expansions": ["easter"], "variants": {"easter": {"die": "d20"}}}),
        ),
        (
            "variant of an expansion that is off",
            json!({"players": two, "variants": {"easter": {"die": "d6"}}}),
        ),
        ("unknown key", json!({"players": two, "colour": "red"})),
        (
            "unknown player key",
            json!({"players": [{"name": "Ann", "age": 9}, {"name": "Bob"}]}),
        ),
        ("seed not a number", json!({"players": two, "seed": "soon"})),
        (
            "negative set copies",
            json!({"players": two, "tiles": {"sets": {"base": -1}}}),
        ),
        (
            "unknown tile set",
            json!({"players": two, "tiles": {"sets": {"easter": 2}}}),
        ),
        (
            "unknown tile count",
            json!({"players": two, "tiles": {"counts": {"ZZ": 2}}}),
        ),
        (
            "draw order of an unknown tile",
            json!({"players": two, "draw_order": ["ZZ"]}),
        ),
    ]
}

#[test]
fn every_configuration_error_is_a_400_with_the_command_lines_message() {
    let (addr, server) = lobby(4);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lobby-config-errors");
    std::fs::create_dir_all(&dir).unwrap();
    for (what, config) in broken_configurations() {
        let (status, reply) = create(addr, &config);
        assert_eq!(status, 400, "{what}: {reply}");
        let error = reply["error"].as_str().unwrap();
        // The same configuration as a file, given to `carcassonne play`.
        let file = dir.join("game.toml");
        let toml_text = toml::to_string(&toml::Value::try_from(&config).unwrap()).unwrap();
        std::fs::write(&file, &toml_text).unwrap();
        let out = carcassonne()
            .args(["play", "--config"])
            .arg(&file)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{what}: the command line played {toml_text}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Structural mistakes are the TOML reader's: the command line adds
        // the file, line and column, the server the key's place (`in
        // players`); the message itself is the same.
        let message = error.strip_prefix("game configuration: ").unwrap_or(error);
        let message = message.lines().next().unwrap();
        assert!(
            stderr.contains(message),
            "{what}: the server says\n  {error}\nthe command line says\n  {stderr}"
        );
        // The check route answers the same without creating anything.
        let (status, text) = request(addr, "POST", "/api/games/check", Some(&config));
        assert_eq!(
            (status, json_of(&text)["error"].as_str().unwrap()),
            (400, error),
            "{what}"
        );
    }
    assert!(server.lobby().all().is_empty(), "no game was created");
}

#[test]
fn what_belongs_to_whoever_starts_the_server_is_refused() {
    let (addr, server) = lobby(4);
    let two = json!([{"name": "Ann"}, {"name": "Robo", "bot": "mcts:1000000"}]);
    let cases = [
        (json!({"plugins": ["/tmp/libevil.so"]}), "`plugins` cannot be sent"),
        (
            json!({"tiles": {"files": ["/etc/passwd"]}}),
            "is not the name of a tile file in the server's tile directory",
        ),
        (
            json!({"tiles": {"files": ["../tiles/base.toml"]}}),
            "is not the name of a tile file",
        ),
        (json!({"players": two}), "thinks too long for this server"),
        (
            json!({"players": [{"name": "A"}, {"name": "B", "bot": "mcts:20s"}]}),
            "thinks too long",
        ),
        (
            json!({"players": [{"name": "A"}, {"name": "B", "bot": "mcts:threads=1000"}]}),
            "threads",
        ),
        (json!([1, 2]), "a JSON object"),
    ];
    for (config, expected) in cases {
        let (status, reply) = create(addr, &config);
        assert_eq!(status, 400, "{config}: {reply}");
        assert!(reply["error"].as_str().unwrap().contains(expected), "{config}: {reply}");
    }
    let (status, text) = request(addr, "POST", "/api/games", None);
    assert_eq!(status, 400, "{text}");
    assert!(server.lobby().all().is_empty());
}

#[test]
fn the_number_of_games_is_bounded_and_a_finished_game_makes_room() {
    let (addr, server) = lobby(2);
    let people = json!({"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 3});
    assert_eq!(create(addr, &people).0, 201);
    let (status, first_bots) = create(
        addr,
        &json!({"players": [{"name": "R1", "bot": "random"}, {"name": "R2", "bot": "random"}], "seed": 4}),
    );
    assert_eq!(status, 201);
    // Two games in progress (or the bots' one just over): wait for the
    // bots to finish theirs.
    let bots_id = first_bots["id"].as_u64().unwrap();
    let start = Instant::now();
    while !server.game(bots_id).unwrap().table().game().is_over() {
        assert!(start.elapsed() < Duration::from_secs(60), "the bots' game does not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The finished game makes room for a new one...
    let (status, made) = create(addr, &people);
    assert_eq!(status, 201, "{made}");
    assert!(server.game(bots_id).is_none(), "the finished game was forgotten");
    // ...but two games in progress fill the server.
    let (status, reply) = create(addr, &people);
    assert_eq!(status, 429, "{reply}");
    assert!(reply["error"].as_str().unwrap().contains("--max-games"), "{reply}");
    let (status, text) = request(addr, "POST", "/api/games/check", Some(&people));
    assert_eq!(status, 200);
    assert_eq!(json_of(&text)["room"], json!(false));

    // The hot-seat link's holder may remove a game; others may not.
    let id = made["id"].as_u64().unwrap();
    let hot = made["hotseat"]
        .as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string();
    let (status, _) = request(
        addr,
        "DELETE",
        &format!("/api/games/{id}"),
        Some(&json!({"token": "guess"})),
    );
    assert_eq!(status, 403);
    let (status, _) = request(
        addr,
        "DELETE",
        &format!("/api/games/{id}"),
        Some(&json!({"token": hot})),
    );
    assert_eq!(status, 200);
    assert_eq!(create(addr, &people).0, 201);
}

#[test]
fn a_bot_thinks_off_the_request_threads_and_the_state_says_so() {
    let (addr, server) = lobby(2);
    // A bot with a time budget: while it thinks, the state still answers
    // at once and says who is thinking.
    let (status, made) = create(
        addr,
        &json!({"players": [{"name": "Robo", "bot": "mcts:1.5s"}, {"name": "Ann"}], "seed": 8}),
    );
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_u64().unwrap();
    let asked = Instant::now();
    let (status, text) = request(addr, "GET", &format!("/api/games/{id}/state"), None);
    assert_eq!(status, 200);
    assert!(
        asked.elapsed() < Duration::from_millis(1000),
        "the state waited for the bot"
    );
    let s = json_of(&text);
    assert_eq!(s["thinking"], json!({"seat": 0, "name": "Robo"}), "{}", s["log"]);
    assert_eq!(s["decision"]["bot"], json!(true));
    let (status, text) = request(addr, "GET", "/api/games", None);
    assert_eq!(status, 200);
    assert!(text.contains("Robo (bot) is thinking"), "{text}");
    // Then Robo moves by itself, and it is Ann's turn.
    let start = Instant::now();
    loop {
        let s = json_of(&request(addr, "GET", &format!("/api/games/{id}/state"), None).1);
        if s["thinking"].is_null() {
            assert_eq!(s["decision"]["player"], json!(1));
            assert!(s["moves"].as_u64().unwrap() >= 1);
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "Robo never moved");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The bot's moves are in the record, made by seat 0.
    assert!(!server.game(id).unwrap().table().record().moves.is_empty());
}

/// A set drawn in the tile editor is tried in a game by its file name in
/// the server's tile directory, the only files a client may name.
#[test]
fn a_tile_set_of_the_servers_tile_directory_is_shuffled_in_by_its_name() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lobby-tile-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples/my-tiles.toml");
    std::fs::copy(examples, dir.join("my-tiles.toml")).unwrap();
    let offer = Offer {
        tiles: Some(dir.clone()),
        ..Offer::default()
    };
    let editor = Editor::new(Catalog::linked().unwrap(), TileSource { dir: Some(dir.clone()) });
    let server = http::Server::with_lobby(Lobby::new(offer, 4), editor);
    let addr = serve_on_loopback(server.clone());

    let (status, reply) = create(addr, &json!({"tiles": {"files": ["no-such-set.toml"]}}));
    assert_eq!(status, 400, "{reply}");
    assert!(
        reply["error"].as_str().unwrap().contains("has no `no-such-set.toml`"),
        "{reply}"
    );

    let (status, reply) = create(addr, &json!({"seed": 3, "tiles": {"files": ["my-tiles.toml"]}}));
    assert_eq!(status, 201, "{reply}");
    let game = &server.lobby().all()[0];
    let files = game.table().game().rules().config.tiles.files.clone();
    assert_eq!(files, [dir.join("my-tiles.toml").to_string_lossy()]);
}

/// A removed game's bots stop after the decision they are thinking about,
/// and until they have, their work counts against the server's limit: a
/// loop of creating and removing games cannot pile up bot threads (issue
/// 40, item 3).
#[test]
fn a_removed_games_bots_stop_and_count_against_the_limit_until_they_do() {
    let (addr, server) = lobby(1);
    let bots = json!({"players": [{"name": "R1", "bot": "mcts:1s"}, {"name": "R2", "bot": "mcts:1s"}], "seed": 3});
    let (status, made) = create(addr, &bots);
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_u64().unwrap();
    let slot = server.game(id).unwrap();
    // The bots are at work (two bot seats: they play on and on).
    let started = Instant::now();
    while slot.table().version() < 1 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(slot.bots_running());
    let (status, _) = request(
        addr,
        "DELETE",
        &format!("/api/games/{id}"),
        Some(&json!({"token": server.host_token()})),
    );
    assert_eq!(status, 200);
    // While the last decision is thought about (a second each), the
    // removed game's bot work still fills the one place.
    let (status, reply) = create(addr, &bots);
    assert_eq!(status, 429, "a new game while the removed one's bots run: {reply}");
    // Then they stop, and the game moves no more.
    let stopping = Instant::now();
    while slot.bots_running() && stopping.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!slot.bots_running(), "the removed game's bots are still running");
    let version = slot.table().version();
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(slot.table().version(), version, "a removed game moved on");
    assert_eq!(create(addr, &bots).0, 201, "the place is free again");
}

/// One small request cannot ask for a game of days (issue 40, item 4): a
/// bag over the server's tile limit, or timed bots that would think for
/// more than an hour over the game, are refused with 400 and the reason.
#[test]
fn a_game_too_long_for_the_server_is_refused_with_the_reason() {
    let (addr, _server) = lobby(2);
    let (status, reply) = create(
        addr,
        &json!({"players": [{"name": "Ann"}, {"name": "Bob"}], "tiles": {"sets": {"base": 40}}}),
    );
    assert_eq!(status, 400, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("a bag of 2879 tiles; a game on this server has at most 2000"),
        "{reply}"
    );
    let six = |bot: &str| -> Value {
        json!({
            "players": (1..=6).map(|i| json!({"name": format!("R{i}"), "bot": bot})).collect::<Vec<_>>(),
            "tiles": {"sets": {"base": 20}},
        })
    };
    let (status, reply) = create(addr, &six("mcts:5s"));
    assert_eq!(status, 400, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("the bots would think for about"),
        "{reply}"
    );
    // A quick bot over the same bag is welcome.
    let (status, reply) = create(addr, &six("random"));
    assert_eq!(status, 201, "{reply}");
}

/// What the game page's final-scoring panel shows, for a real game played
/// to its end by bots: every score source in one expansion's group, whose
/// sums make each score; the scores turn by turn, checked against the
/// state as a replay of the record stands after every move; and the
/// configuration of "play again", which makes a game with the same
/// settings and a new seed.
#[test]
fn a_finished_game_has_what_the_final_scoring_panel_shows() {
    let (addr, server) = lobby(4);
    let config = json!({
        "players": [{"name": "Ann", "bot": "greedy"}, {"name": "Robo", "bot": "random"}, {"name": "Cid", "bot": "greedy"}],
        "expansions": ["easter", "cleric-and-serf", "abbot"],
        "variants": {"easter": {"die": "d6"}},
        "tiles": {"sets": {"base": 1}},
        "seed": "21",
    });
    let (status, made) = create(addr, &config);
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_u64().unwrap();
    let state = |id: u64| json_of(&request(addr, "GET", &format!("/api/games/{id}/state"), None).1);
    let start = Instant::now();
    let s = loop {
        let s = state(id);
        if s["over"] == json!(true) {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the bots never finished");
        std::thread::sleep(Duration::from_millis(50));
    };
    let players = s["players"].as_array().unwrap();
    let sources: Vec<&str> = s["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();

    // Every source in exactly one group; each group's sums make the score.
    let groups = s["source_groups"].as_array().unwrap();
    // The base game first, then the expansions in the game's order.
    let mut ids: Vec<&str> = groups.iter().map(|g| g["expansion"].as_str().unwrap()).collect();
    assert_eq!(ids[0], "base");
    ids.sort_unstable();
    assert_eq!(ids, ["abbot", "base", "cleric-and-serf", "easter"], "{groups:?}");
    let mut seen: Vec<usize> = groups
        .iter()
        .flat_map(|g| {
            g["sources"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_u64().unwrap() as usize)
        })
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..sources.len()).collect::<Vec<_>>());
    let abbot = groups.iter().find(|g| g["expansion"] == "abbot").unwrap();
    assert_eq!(abbot["name"], "The Abbot");
    assert_eq!(
        abbot["sources"],
        json!([sources.iter().position(|s| *s == "gardens").unwrap()])
    );
    for p in players {
        let by_group: i64 = groups
            .iter()
            .flat_map(|g| g["sources"].as_array().unwrap())
            .map(|i| p["breakdown"][sources[i.as_u64().unwrap() as usize]].as_i64().unwrap())
            .sum();
        assert_eq!(by_group, p["score"].as_i64().unwrap(), "{}", p["name"]);
    }
    assert!(
        players.iter().any(|p| p["breakdown"]["easter"].as_i64().unwrap() > 0),
        "the egg award scored: {players:?}"
    );

    // The scores turn by turn: the setup, one point a turn, final scoring.
    let points = s["score_over_turns"].as_array().unwrap();
    let turns = s["turn"].as_u64().unwrap();
    assert_eq!(points.len() as u64, turns + 2);
    for (k, point) in points.iter().enumerate().take(points.len() - 1) {
        assert_eq!(point["turn"], json!(k), "{point}");
        assert!(point.get("final").is_none());
    }
    let last = points.last().unwrap();
    assert_eq!(last["final"], json!(true));
    assert_eq!(last["turn"], json!(turns));
    let finals: Vec<i64> = players.iter().map(|p| p["score"].as_i64().unwrap()).collect();
    assert_eq!(last["scores"], json!(finals));
    // Against the record replayed apart: at the end of a move that starts
    // turn k + 1, the scores are those of the end of turn k.
    let record = server.game(id).unwrap().table().record().clone();
    let setup = carcassonne_setup::GameSetup::for_record(&record, &[], None).unwrap();
    let mut game = carcassonne_core::Game::new(std::sync::Arc::new(setup.rules().unwrap())).unwrap();
    let mut checked = 0;
    for m in &record.moves {
        let before = game.state().turn().number;
        let action = game.action_from_move(m).unwrap();
        game.play(&action).unwrap();
        let st = game.state();
        if st.turn().number != before && !game.is_over() {
            let end_of: usize = (st.turn().number - 1) as usize;
            let scores: Vec<i32> = (0..3).map(|p| st.score(p)).collect();
            assert_eq!(points[end_of]["scores"], json!(scores), "turn {end_of}");
            checked += 1;
        }
    }
    assert!(checked as u64 >= turns - 1, "{checked} turns checked of {turns}");
    // Scores only grow in these expansions, and final scoring adds farms.
    for w in points.windows(2) {
        let (a, b) = (w[0]["scores"].as_array().unwrap(), w[1]["scores"].as_array().unwrap());
        assert!(a.iter().zip(b).all(|(x, y)| x.as_i64() <= y.as_i64()), "{w:?}");
    }

    // Play again: the same settings, a new seed, a new game in progress.
    let again = &s["play_again"];
    assert!(again.get("seed").is_none(), "{again}");
    let (status, remade) = create(addr, again);
    assert_eq!(status, 201, "{remade}");
    let new_id = remade["id"].as_u64().unwrap();
    assert_ne!(new_id, id);
    let strip = |c: &carcassonne_core::GameConfig| {
        let mut v = serde_json::to_value(c).unwrap();
        v.as_object_mut().unwrap().remove("seed");
        v
    };
    let new_config = server.game(new_id).unwrap().table().record().config.clone();
    assert_eq!(strip(&new_config), strip(&record.config));
    assert_eq!(new_config.players[1].bot.as_deref(), Some("random"));
    assert_eq!(
        serde_json::to_value(&new_config.variants["easter"]["die"]).unwrap(),
        json!("d6")
    );

    // A game in progress (people's seats: it waits) has its first turn
    // begun, and no configuration to play again with yet (a hand-written
    // draw order would tell the tile order).
    let (status, waiting) = create(addr, &json!({"players": [{"name": "Ann"}, {"name": "Bo"}]}));
    assert_eq!(status, 201, "{waiting}");
    let fresh = state(waiting["id"].as_u64().unwrap());
    assert!(fresh["play_again"].is_null());
    assert_eq!(
        fresh["score_over_turns"],
        json!([{"turn": 0, "scores": [0, 0]}, {"turn": 1, "scores": [0, 0]}])
    );
}
