//! The lobby's API with a whole-number rule variant: the example expansion
//! (`expansions/example-watchtower`, a plugin out of tree) is linked into
//! this test binary only, so the server offers it beside the linked ones.

mod common;

use carcassonne_core::{Catalog, TileSource};
use carcassonne_serve::editor::Editor;
use carcassonne_serve::http;
use carcassonne_serve::lobby::{Lobby, Offer};
use carcassonne_setup as _;
use carcassonne_watchtower as _;
use common::{request, serve_on_loopback};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

fn lobby(max_games: usize) -> (SocketAddr, Arc<http::Server>) {
    let editor = Editor::new(Catalog::linked().unwrap(), TileSource::default());
    let server = http::Server::with_lobby(Lobby::new(Offer::default(), max_games), editor);
    (serve_on_loopback(server.clone()), server)
}

fn create(addr: SocketAddr, config: &Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", "/api/games", Some(config));
    (status, serde_json::from_str(&text).unwrap())
}

#[test]
fn the_variant_is_offered_with_its_kind() {
    let (addr, _server) = lobby(2);
    let (status, text) = request(addr, "GET", "/api/expansions", None);
    assert_eq!(status, 200);
    let listing: Value = serde_json::from_str(&text).unwrap();
    let example = listing
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == json!("watchtower"))
        .expect("the example is offered");
    let variant = &example["variants"][0];
    assert_eq!(variant["kind"], json!({"type": "integer", "min": 1, "max": 2}));
    assert_eq!(variant["default"], json!(1));
}

#[test]
fn a_whole_number_variant_is_sent_as_a_number_and_checked_against_its_range() {
    let (addr, server) = lobby(4);
    let two = json!([{"name": "Ann"}, {"name": "Bob"}]);
    let (status, made) = create(
        addr,
        &json!({"players": two, "expansions": ["watchtower"], "variants": {"watchtower": {"points_per_follower": 2}}}),
    );
    assert_eq!(status, 201, "{made}");
    let slot = server.game(made["id"].as_u64().unwrap()).unwrap();
    assert_eq!(
        slot.table().record().config.variants["watchtower"]["points_per_follower"],
        carcassonne_core::Value::Integer(2)
    );
    let (status, reply) = create(
        addr,
        &json!({"players": two, "expansions": ["watchtower"], "variants": {"watchtower": {"points_per_follower": 3}}}),
    );
    assert_eq!(status, 400, "{reply}");
    let error = reply["error"].as_str().unwrap();
    assert!(
        error.contains("points_per_follower") && error.contains("1 to 2"),
        "{error}"
    );
}
