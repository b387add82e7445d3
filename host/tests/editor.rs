//! The tile editor of `carcassonne serve` through real HTTP: a server on
//! 127.0.0.1:0 in this process, editing a temporary copy of the tiles
//! directory, spoken to with a minimal HTTP/1.1 client.

mod common;

use carcassonne_core::tiles::{EdgeKind, parse_tile_set};
use carcassonne_core::{Catalog, GameConfig, Rules, TileSource};
use carcassonne_serve::editor::{Editor, may_save};
use carcassonne_serve::{Table, http};
use carcassonne_setup::Overrides;
use common::{request, serve_on_loopback};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

// Linked so that their attribute checks and tile files are in the catalog.
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

fn catalog() -> Catalog {
    Catalog::linked().expect("linked catalog")
}

/// A fresh directory under the target dir holding copies of the project's
/// tile files named in `files` (all of them when empty).
fn tiles_copy(name: &str, files: &[&str]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("editor-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles"));
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        if file.ends_with(".toml") && (files.is_empty() || files.contains(&file.as_str())) {
            std::fs::copy(&path, dir.join(&file)).unwrap();
        }
    }
    dir
}

/// Starts a server whose editor writes into `dir`; returns its address and
/// the server's host token (which lets another machine save).
fn start(dir: &Path) -> (SocketAddr, String) {
    let args = Overrides {
        players: Some(2),
        seed: Some(1),
        tiles: Some(dir.to_path_buf()),
        ..Overrides::default()
    };
    let table = Table::open(&args, None).unwrap();
    let editor = Editor::new(
        catalog(),
        TileSource {
            dir: Some(dir.to_path_buf()),
        },
    );
    let server = http::Server::with_editor(table, editor);
    let host_token = server.host_token().to_string();
    (serve_on_loopback(server), host_token)
}

fn get(addr: SocketAddr, path: &str) -> Value {
    let (status, body) = request(addr, "GET", path, None);
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, Some(body));
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}")),
    )
}

fn tile<'v>(file: &'v Value, id: &str) -> &'v Value {
    file["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .unwrap_or_else(|| panic!("tile {id} listed"))
}

#[test]
fn the_page_and_the_listing_show_every_set_and_its_tiles() {
    let dir = tiles_copy("list", &[]);
    let (addr, _) = start(&dir);
    let (status, page) = request(addr, "GET", "/editor", None);
    assert_eq!(status, 200);
    assert!(page.contains("/api/tiles/preview") && page.contains("/api/tiles/save"));

    let list = get(addr, "/api/tiles");
    let files = list["files"].as_array().unwrap();
    let base = files.iter().find(|f| f["file"] == "base.toml").expect("base listed");
    assert_eq!(base["set"], "base");
    assert_eq!(base["editable"], true);
    assert!(files.iter().any(|f| f["file"] == "easter.toml"));

    let file = get(addr, "/api/tiles/file?file=base.toml");
    let text = std::fs::read_to_string(dir.join("base.toml")).unwrap();
    let set = parse_tile_set("base.toml", &text, &catalog()).unwrap();
    assert_eq!(file["tiles"].as_array().unwrap().len(), set.tiles.len());
    let d = tile(&file, "D");
    assert_eq!(d["count"], 4);
    assert_eq!(d["edges"], "CRFR");
    assert!(d["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(d["features"].as_str().unwrap().contains("city"));
    let block = d["toml"].as_str().unwrap();
    assert!(block.starts_with("[[tile]]\nid = \"D\""), "{block}");
    assert!(!block.contains("id = \"E\""), "one tile's block only: {block}");

    let (status, _) = request(addr, "GET", "/api/tiles/file?file=nope.toml", None);
    assert_eq!(status, 404);
}

#[test]
fn a_preview_renders_the_edit_and_an_invalid_edit_leaves_the_file_alone() {
    let dir = tiles_copy("preview", &[]);
    let (addr, _) = start(&dir);
    let path = dir.join("base.toml");
    let before = std::fs::read(&path).unwrap();
    let old_svg = tile(&get(addr, "/api/tiles/file?file=base.toml"), "B")["svg"].clone();

    // B is a cloister in fields; a road on the west with the default layout.
    let (status, answer) = post(
        addr,
        "/api/tiles/preview",
        &json!({ "file": "base.toml", "id": "B", "edges": "FFFR", "relayout": true }),
    );
    assert_eq!(status, 200, "{answer}");
    let t = &answer["tile"];
    assert_eq!(t["edges"], "FFFR");
    assert!(t["svg"].as_str().unwrap().starts_with("<svg"));
    assert_ne!(t["svg"], old_svg, "the picture shows the new edge");
    assert!(t["features"].as_str().unwrap().contains("road"));
    assert_eq!(std::fs::read(&path).unwrap(), before, "a preview writes nothing");

    // The same edges keeping B's features: the field names the road side.
    let invalid = json!({ "file": "base.toml", "id": "B", "edges": "FFFR" });
    let (status, answer) = post(addr, "/api/tiles/preview", &invalid);
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["ok"], false);
    let diags = answer["diagnostics"].as_array().unwrap();
    assert!(!diags.is_empty(), "{answer}");
    assert!(diags[0]["line"].as_u64().unwrap() > 1 && diags[0]["column"].as_u64().unwrap() >= 1);
    assert!(!diags[0]["message"].as_str().unwrap().is_empty());

    // Saving it is refused the same way.
    let (status, answer) = post(addr, "/api/tiles/save", &invalid);
    assert_eq!(status, 422, "{answer}");
    assert!(!answer["diagnostics"].as_array().unwrap().is_empty());

    // A TOML block that is not TOML, and a negative count.
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "B", "toml": "[[tile]]\nid = \"B\"\ncount = = 4\n" }),
    );
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "B", "count": -1 }),
    );
    assert_eq!(status, 422, "{answer}");
    let (status, _) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "ZZ", "count": 1 }),
    );
    assert_eq!(status, 422);
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file is byte-identical");
}

#[test]
fn a_saved_edit_is_on_disk_and_in_a_new_game() {
    let dir = tiles_copy("save", &[]);
    let (addr, _) = start(&dir);
    let path = dir.join("base.toml");
    let before = std::fs::read_to_string(&path).unwrap();

    // E: a city cap; give it a second city side on the west, with a count of 7.
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "E", "edges": "CFFC", "relayout": true, "count": 7 }),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["tile"]["edges"], "CFFC");
    assert_eq!(answer["tile"]["count"], 7);

    let after = std::fs::read_to_string(&path).unwrap();
    assert_ne!(after, before);
    assert!(after.starts_with("# The Carcassonne base game"), "comments kept");
    // Only tile E's block changed.
    let block = |text: &str, id: &str| {
        let start = text.find(&format!("id = \"{id}\"")).unwrap();
        text[start..].split("[[tile]]").next().unwrap().to_string()
    };
    assert_eq!(block(&after, "D"), block(&before, "D"));
    assert_eq!(block(&after, "F"), block(&before, "F"));

    let set = parse_tile_set("base.toml", &after, &catalog()).expect("the saved file loads");
    let e = set.tile("E").unwrap();
    assert_eq!(
        e.edges,
        [EdgeKind::City, EdgeKind::Field, EdgeKind::Field, EdgeKind::City]
    );
    assert_eq!(e.count, 7);

    let config = GameConfig::with_players(2);
    let rules = Rules::new(&catalog(), &config, &TileSource { dir: Some(dir.clone()) }).expect("a new game");
    let e = rules.tile_by_id("E").expect("E in the game");
    assert_eq!(
        e.def.edges,
        [EdgeKind::City, EdgeKind::Field, EdgeKind::Field, EdgeKind::City]
    );
    let index = rules.tiles().iter().position(|t| t.def.id == "E").unwrap() as u16;
    assert_eq!(rules.initial_bag().iter().filter(|&&t| t == index).count(), 7);

    // A free TOML edit of the block: rename the tile's name line.
    let file = get(addr, "/api/tiles/file?file=base.toml");
    let text = tile(&file, "A")["toml"]
        .as_str()
        .unwrap()
        .replace("cloister, road south", "monastery lane");
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "A", "toml": text }),
    );
    assert_eq!(status, 200, "{answer}");
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.contains("name = \"monastery lane\""));
    assert!(
        after.contains("\n\n[[tile]]\nid = \"B\""),
        "the blank line before B stays"
    );
}

#[test]
fn built_in_sets_are_read_only() {
    let dir = tiles_copy("builtin", &["base.toml"]);
    let (addr, _) = start(&dir);
    let list = get(addr, "/api/tiles");
    let easter = list["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == "easter.toml")
        .unwrap();
    assert_eq!(easter["editable"], false);
    let file = get(addr, "/api/tiles/file?file=easter.toml");
    assert_eq!(file["editable"], false);
    assert!(file["note"].as_str().unwrap().contains("read-only"));
    let id = file["tiles"][0]["id"].as_str().unwrap().to_string();
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "easter.toml", "id": id, "count": 1 }),
    );
    assert_eq!(status, 409, "{answer}");
    assert!(!dir.join("easter.toml").exists(), "no file was made");
}

#[test]
fn only_loopback_or_the_hot_seat_token_may_save() {
    let lan: IpAddr = "192.168.1.20".parse().unwrap();
    let lo4: IpAddr = "127.0.0.1".parse().unwrap();
    let lo6: IpAddr = "::1".parse().unwrap();
    assert!(may_save(lo4, None, "secret"));
    assert!(may_save(lo6, None, "secret"));
    assert!(!may_save(lan, None, "secret"));
    assert!(!may_save(lan, Some(""), "secret"));
    assert!(!may_save(lan, Some("guess"), "secret"));
    assert!(may_save(lan, Some("secret"), "secret"));
    // The token also works over HTTP (from loopback here, where it is not needed).
    let dir = tiles_copy("token", &["base.toml"]);
    let (addr, hot) = start(&dir);
    let (status, answer) = post(
        addr,
        "/api/tiles/save",
        &json!({ "file": "base.toml", "id": "B", "count": 3, "token": hot }),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["tile"]["count"], 3);
}
