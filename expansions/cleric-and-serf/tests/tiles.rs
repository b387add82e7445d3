//! The six tiles the rules describe join and separate features as described
//! (digest: "Cleric and Serf", "Tiles"), seen through the engine: feature
//! roots, completion and scoring. The start tile D at (0,0) has a city cap
//! north, a road west–east, a field between city and road and a field south.

mod common;

use carcassonne_core::{Action, Deployment, Pos, figures::Spot};
use common::{points, replay, replay_prefix, root};

/// CS-1, road split by bushes, at (1,0): its west–north road continues the
/// start tile's road. A at (-1,0) and A at (1,-1) end the road at their
/// cloisters, so the road A–D–CS-1–A is complete after move 5: 4 tiles,
/// 4 points for Ann's follower. The south–east road (with the inn) is
/// another road and stays open.
#[test]
fn split_road_bushes_end_the_road() {
    let game = replay("tile-cs1-split-road.json");
    assert_eq!(root(&game, 1, 0, "road:W"), root(&game, 1, 0, "road:N"));
    assert_ne!(root(&game, 1, 0, "road:W"), root(&game, 1, 0, "road:S"));
    assert_eq!(root(&game, 1, 0, "road:S"), root(&game, 1, 0, "road:E"));
    let south_east = game.state().node_at(Pos::new(1, 0), 1).unwrap();
    assert!(!game.state().is_complete(south_east));
    // 1 point a tile for the 4 tiles of the completed road.
    assert_eq!(points(&game, 0, "roads"), 4);
    assert_eq!(game.state().score(0), 4);
    // Bushes where the two roads meet: four corner fields. Looked at before
    // the A tiles go down (A's field wraps round its road's end and joins
    // the start tile's two fields).
    let game = replay_prefix("tile-cs1-split-road.json", 2);
    let corners = ["field:NW", "field:NE", "field:SE", "field:SW"].map(|f| root(&game, 1, 0, f));
    for (i, a) in corners.iter().enumerate() {
        for b in &corners[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // The inn is on the south-east road, in the Inns & Cathedrals table.
    let tile = game.rules().tile_by_id("CS-1").unwrap();
    let inn = |fi: usize| {
        tile.def.features[fi]
            .attributes
            .get("inns-and-cathedrals")
            .and_then(|t| t.get("inn"))
            .and_then(|v| v.as_bool())
            == Some(true)
    };
    assert!(!inn(0) && inn(1));
}

/// CS-2, road bridge, at (1,0) on the start tile's road. Its one field joins
/// the start tile's northern field (touching the start city) and southern
/// field under the bridge. Bob closes the start city with E at (0,-1); Ann
/// puts a farmer south of the road at (-1,0). At the end her farm reaches
/// the completed start city through the bridge: 3 points.
#[test]
fn road_bridge_does_not_split_the_farm() {
    let game = replay("tile-cs2-road-bridge.json");
    assert_eq!(root(&game, 0, 0, "field:EN"), root(&game, 0, 0, "field:S"));
    assert_eq!(root(&game, 1, 0, "road:W"), root(&game, 0, 0, "road:E"));
    assert_eq!(points(&game, 0, "farms"), 3);
}

/// Control for the test above: the same game with a plain straight road U
/// in place of the bridge. The road splits the farm, Ann's southern farm
/// touches no city and scores 0.
#[test]
fn straight_road_control_splits_the_farm() {
    let game = replay("tile-cs2-control-straight-road.json");
    assert_ne!(root(&game, 0, 0, "field:EN"), root(&game, 0, 0, "field:S"));
    assert_eq!(points(&game, 0, "farms"), 0);
}

/// CS-3, city bridge over a road, turned 90° at (1,0): the road runs west–
/// east on the start tile's road, the city north–south over it. E caps at
/// (1,-1) and (1,1) close both ends: one city of 3 tiles, 2 × 3 = 6 points
/// for Ann's follower (two separate cities would have been 2 + 2 tiles).
/// The road divides the field in two; each half runs under the bridge.
#[test]
fn city_bridge_with_road_joins_the_cities_and_the_road_divides_the_farm() {
    let game = replay("tile-cs3-city-bridge-road.json");
    assert_eq!(root(&game, 1, 0, "city:N"), root(&game, 1, 0, "city:S"));
    assert_eq!(root(&game, 1, 0, "road:W"), root(&game, 1, 0, "road:E"));
    assert_ne!(root(&game, 1, 0, "field:WN"), root(&game, 1, 0, "field:WS"));
    // The northern field passes under the bridge from the start tile's side
    // to the east side.
    assert_eq!(root(&game, 0, 0, "field:EN"), root(&game, 1, 0, "field:EN"));
    assert_eq!(root(&game, 0, 0, "field:S"), root(&game, 1, 0, "field:ES"));
    assert_eq!(points(&game, 0, "cities"), 6);
}

/// CS-4, city bridge, at (0,1) south of the start tile. E caps at (-1,1)
/// and (1,1) close the city: 3 tiles, 6 points for Ann (move 7). Bob's
/// farmer at (-1,0) is in the start tile's southern field, which runs under
/// the bridge to the tile south of it, U at (0,2): Ann may not put a farmer
/// there (the farm is taken). At the end Bob's farm touches the completed
/// bridge city: 3 points.
#[test]
fn city_bridge_joins_the_cities_and_the_farm_runs_under_it() {
    let game = replay("tile-cs4-city-bridge.json");
    assert_eq!(root(&game, 0, 1, "city:W"), root(&game, 0, 1, "city:E"));
    assert_eq!(root(&game, 0, 0, "field:S"), root(&game, 0, 2, "field:N"));
    assert_eq!(points(&game, 0, "cities"), 6);
    assert_eq!(points(&game, 1, "farms"), 3);

    // Move 9 placed U at (0,2); its northern field is in Bob's farm.
    let game = replay_prefix("tile-cs4-city-bridge.json", 9);
    let fi = game.feature_by_name(Pos::new(0, 2), "field:N").unwrap();
    let farmer = Action::Deploy(Deployment {
        figure: 0,
        pos: Pos::new(0, 2),
        spot: Spot::Feature(fi as u8),
    });
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(!legal.contains(&farmer));
    let south = game.feature_by_name(Pos::new(0, 2), "field:S").unwrap();
    assert!(legal.contains(&Action::Deploy(Deployment {
        figure: 0,
        pos: Pos::new(0, 2),
        spot: Spot::Feature(south as u8),
    })));
}

/// CS-5, crossroads with bushes, at (1,0): its west road, ended by the
/// bushes, continues the start tile's road; A at (-1,0) ends the other
/// side. Complete after move 3: A, D, CS-5 = 3 tiles, 3 points for Ann. The
/// road north–east–south is one road and stays open.
#[test]
fn crossroads_with_bushes_ends_the_west_road_and_continues_the_rest() {
    let game = replay("tile-cs5-crossroads-bushes.json");
    assert_ne!(root(&game, 1, 0, "road:W"), root(&game, 1, 0, "road:N"));
    assert_eq!(root(&game, 1, 0, "road:N"), root(&game, 1, 0, "road:E"));
    assert_eq!(root(&game, 1, 0, "road:N"), root(&game, 1, 0, "road:S"));
    assert_eq!(points(&game, 0, "roads"), 3);
    // The west road and its bushes part the two western fields (seen before
    // A, whose field wraps round its road's end, joins the start tile's).
    let game = replay_prefix("tile-cs5-crossroads-bushes.json", 2);
    assert_ne!(root(&game, 1, 0, "field:NW"), root(&game, 1, 0, "field:SW"));
}

/// CS-6, continuous four-way road, at (1,0): one road in all four
/// directions. A tiles end it west of the start tile and north, east and
/// south of CS-6; the last (move 9) completes one road of 6 tiles:
/// A, D, CS-6, A, A, A → 6 points for Ann.
#[test]
fn continuous_four_way_road_is_one_road() {
    let game = replay("tile-cs6-continuous-road.json");
    let n = root(&game, 1, 0, "road:N");
    for side in ["road:E", "road:S", "road:W"] {
        assert_eq!(root(&game, 1, 0, side), n);
    }
    assert_eq!(points(&game, 0, "roads"), 6);
    // Not complete one tile earlier (the south end was still open).
    let game = replay_prefix("tile-cs6-continuous-road.json", 8);
    assert_eq!(points(&game, 0, "roads"), 0);
}
