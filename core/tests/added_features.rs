//! Features added to tiles on the board (`Ctx::add_feature`) and
//! placements legal only because an expansion will make their edges good
//! (`Expansion::relaxed_placement`), with a test expansion that lays a
//! road across a tile's two field sides the way a bridge does.
//!
//! Base tiles, edges N E S W: D `CRFR` (the start, at (0,0)), B `FFFF`
//! (cloister), A `FFRF` (cloister with a road south), U `FRFR`, H `CFCF`.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    Action, BuildContext, Catalog, CoreState, Ctx, Decision, Deployment, EdgeKind, Expansion, ExpansionInfo,
    FeatureKind, Game, GameConfig, Hooks, Pos, RefusalKind, Rotation, Rules, Side, TileSource, TileType,
};
use std::sync::Arc;

/// Lays a road across a tile's two field sides of one axis wherever a road
/// would otherwise end against a field: on the tile just placed (its field
/// side meets a road) or on the neighbour its road meets.
///
/// `new_tile_only` makes it tell the game (`relaxes_edges`) that it makes
/// good only a field side of the new tile against a road, though its
/// `relaxed_placement` still says yes to the neighbour's case: the game then
/// never asks about that case.
struct Overpass {
    new_tile_only: bool,
}

/// The edge the tile at `p` shows on `side`, added features included.
fn edge_at(view: &CoreState, p: Pos, side: Side) -> Option<EdgeKind> {
    let t = view.board().get(p)?;
    Some(
        view.added_edge(p, side)
            .unwrap_or_else(|| view.tables().tile(t.tile).edge(t.rotation, side)),
    )
}

/// Whether the axis through `side` of the tile at `p` may take a road:
/// both its sides are fields and nothing was added across them.
fn axis_free(view: &CoreState, p: Pos, side: Side) -> bool {
    [side, side.opposite()]
        .into_iter()
        .all(|s| edge_at(view, p, s) == Some(EdgeKind::FIELD))
}

fn axis_bits(side: Side) -> u8 {
    (1 << side as u8) | (1 << side.opposite() as u8)
}

impl Expansion for Overpass {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::RELAXED_PLACEMENT
    }

    fn relaxes_edges(&self, mine: EdgeKind, theirs: EdgeKind) -> bool {
        !self.new_tile_only || (mine, theirs) == (EdgeKind::FIELD, EdgeKind::ROAD)
    }

    fn relaxed_placement(
        &self,
        _: &(),
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
        sides: u8,
    ) -> bool {
        // One mismatch, made good by one road: across the new tile (its
        // field axis) or across the neighbour (its field axis).
        if sides.count_ones() != 1 {
            return false;
        }
        let side = Side::ALL[sides.trailing_zeros() as usize];
        let mine = tile.edge(rotation, side);
        let across = pos.step(side);
        match (mine, edge_at(view, across, side.opposite())) {
            (EdgeKind::FIELD, Some(EdgeKind::ROAD)) => tile.edge(rotation, side.opposite()) == EdgeKind::FIELD,
            (EdgeKind::ROAD, Some(EdgeKind::FIELD)) => axis_free(view, across, side.opposite()),
            _ => false,
        }
    }

    fn tile_placed(&self, _: &mut (), ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let view = ctx.view();
        for side in Side::ALL {
            let across = placed.pos.step(side);
            let (mine, theirs) = (edge_at(view, placed.pos, side), edge_at(view, across, side.opposite()));
            if mine == Some(EdgeKind::FIELD) && theirs == Some(EdgeKind::ROAD) && axis_free(view, placed.pos, side) {
                ctx.add_feature(placed.pos, FeatureKind::ROAD, axis_bits(side), EdgeKind::ROAD);
                return;
            }
            if mine == Some(EdgeKind::ROAD) && theirs == Some(EdgeKind::FIELD) && axis_free(view, across, side) {
                ctx.add_feature(across, FeatureKind::ROAD, axis_bits(side), EdgeKind::ROAD);
                return;
            }
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Overpass { new_tile_only: false }))
}

fn build_new_tile_only(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Overpass { new_tile_only: true }))
}

static OVERPASS: ExpansionInfo = ExpansionInfo {
    id: "test-overpass",
    name: "Overpass",
    version: "0.0.0",
    description: "roads laid across field sides where a road meets a field",
    check_attributes: no_attributes,
    build,
    ..ExpansionInfo::EMPTY
};

static NEW_TILE_OVERPASS: ExpansionInfo = ExpansionInfo {
    id: "test-new-tile-overpass",
    name: "Overpass on the new tile",
    version: "0.0.0",
    description: "roads laid across field sides of the new tile where they meet a road",
    check_attributes: no_attributes,
    build: build_new_tile_only,
    ..ExpansionInfo::EMPTY
};

fn game(order: &[&str]) -> Game {
    game_with(&OVERPASS, order)
}

fn game_with(info: &'static ExpansionInfo, order: &[&str]) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(info).expect("a new id");
    let mut config = GameConfig::with_players(2);
    config.expansions = vec![info.id.into()];
    config.draw_order = Some(order.iter().map(|s| s.to_string()).collect());
    let rules = Rules::new(&catalog, &config, &TileSource::default()).expect("rules");
    Game::new(Arc::new(rules)).expect("game")
}

fn place(game: &mut Game, x: i32, y: i32, degrees: i64) {
    let action = Action::Place {
        pos: Pos::new(x, y),
        rotation: Rotation::from_degrees(degrees).expect("a quarter turn"),
    };
    game.play(&action)
        .unwrap_or_else(|e| panic!("place at ({x},{y}) {degrees}°: {e}"));
}

fn drawn(game: &Game) -> u16 {
    match game.decision() {
        Some(Decision::Place { tile, .. }) => tile,
        other => panic!("a placement is pending, not {other:?}"),
    }
}

/// `check` accepts a placement exactly when `placements` lists it (in its
/// canonical rotation), on every frontier cell and rotation.
fn listing_agrees_with_check(game: &Game) {
    let tile = drawn(game);
    let tt = game.rules().tile(tile);
    let mut listed = Vec::new();
    game.placements(tile, |p, r| listed.push((p, r)));
    for &p in game.state().board().frontier() {
        for r in Rotation::ALL {
            let ok = game.check(&Action::Place { pos: p, rotation: r }).is_ok();
            assert_eq!(ok, listed.contains(&(p, tt.canonical(r))), "{} at {p} {r:?}", tt.id());
        }
    }
}

#[test]
fn a_road_added_on_the_new_tile_carries_a_road_keeps_the_field_whole_and_takes_a_follower() {
    // B at (1,0) meets D's road with its field side: legal only with the road.
    let mut g = game(&["B", "E", "A", "A"]);
    listing_agrees_with_check(&g);
    let field_d_north = g.state().node_at(Pos::new(0, 0), 2).expect("D's features");
    place(&mut g, 1, 0, 0);
    let s = g.state();
    let added = s.added_features().to_vec();
    assert_eq!(added.len(), 1, "one road added");
    assert_eq!((added[0].pos, added[0].sides), (Pos::new(1, 0), 0b1010));
    // Feature index 2 on B (after its cloister and field) is the added road.
    let road = s.node_at(Pos::new(1, 0), 2).expect("the added road");
    assert_eq!(road, added[0].node);
    assert_eq!(s.feature_index(road), 2);
    assert_eq!(s.feature_name(Pos::new(1, 0), 2), "road+EW");
    assert_eq!(g.feature_by_name(Pos::new(1, 0), "road+EW").expect("named"), 2);
    let d_road = s.node_at(Pos::new(0, 0), 1).expect("D's road");
    assert_eq!(s.features().root(d_road), s.features().root(road), "joined to D's road");
    assert_eq!(s.features().open_sides(road), 2, "D's west end and B's east end");
    // The field under the road stays one, and joins both of D's fields.
    let b_field = s.node_at(Pos::new(1, 0), 1).expect("B's field");
    let d_fields: Vec<_> = (0..4)
        .filter_map(|fi| s.node_at(Pos::new(0, 0), fi))
        .filter(|&n| s.features().kind(n) == FeatureKind::FIELD)
        .map(|n| s.features().root(n))
        .collect();
    assert_eq!(d_fields.len(), 2);
    assert!(d_fields.iter().all(|&r| r == s.features().root(b_field)));
    assert_eq!(s.features().root(field_d_north), s.features().root(b_field));
    // A follower may stand on the added road, and records name it.
    let mut options = Vec::new();
    g.legal_actions(&mut options);
    let on_road = Action::Deploy(Deployment {
        figure: 0,
        pos: Pos::new(1, 0),
        spot: Spot::Feature(2),
    });
    assert!(options.contains(&on_road), "{options:?}");
    let json = serde_json::to_value(g.move_of(&on_road)).expect("a move");
    assert_eq!(json["deploy"]["feature"], "road+EW", "{json}");
    g.play(&on_road).expect("deploy on the road");
    // East of B the road's end demands a road: E's city there is refused,
    // and so is its field side, since E's other side on that axis is its
    // city (no road can cross it).
    listing_agrees_with_check(&g);
    for degrees in [90, 270] {
        let refused = g
            .check(&Action::Place {
                pos: Pos::new(2, 0),
                rotation: Rotation::from_degrees(degrees).expect("a quarter turn"),
            })
            .expect_err("no road can make E good against the road's end");
        assert_eq!(refused.kind, RefusalKind::TileDoesNotFit);
        assert!(refused.message.contains("Road"), "{}", refused.message);
    }
    place(&mut g, 1, -1, 0);
    g.play(&Action::Pass).expect("pass");
    assert_eq!(
        g.state().added_features().len(),
        1,
        "E meets B's field: nothing to make good"
    );
    // A with its road to the west ends the road's east end.
    place(&mut g, 2, 0, 90);
    g.play(&Action::Pass).expect("pass");
    // A at (-1,0) ends the road's west end: D, B and two As, 4 points to
    // the follower on the added road (B counted once).
    place(&mut g, -1, 0, 270);
    g.play(&Action::Pass).expect("pass");
    assert_eq!(g.state().score(0), 4, "the road of four tiles");
    assert!(g.state().figures().is_empty(), "the follower went home");
}

#[test]
fn a_road_added_on_the_neighbour_joins_the_new_road_and_undo_takes_it_back() {
    let mut g = game(&["B", "U", "B", "H"]);
    place(&mut g, 0, 1, 0);
    g.play(&Action::Pass).expect("pass");
    assert!(
        g.state().added_features().is_empty(),
        "B under D's field: nothing to make good"
    );
    g.set_undoable(true);
    let before = g.state().clone();
    let mut listed_before = Vec::new();
    g.placements(drawn(&g), |p, r| listed_before.push((p, r)));
    listing_agrees_with_check(&g);
    // U's road west meets B's field east: a road is laid across B.
    place(&mut g, 1, 1, 0);
    let s = g.state();
    assert_eq!(s.added_features().len(), 1);
    let added = s.added_features()[0];
    assert_eq!((added.pos, added.sides), (Pos::new(0, 1), 0b1010));
    let u_road = s.node_at(Pos::new(1, 1), 0).expect("U's road");
    assert_eq!(s.features().kind(u_road), FeatureKind::ROAD);
    assert_eq!(s.features().root(u_road), s.features().root(added.node));
    // Undo takes the road back with the placement.
    assert!(g.undo());
    assert!(g.state().added_features().is_empty());
    assert_eq!(g.state().board().frontier(), before.board().frontier());
    let mut listed_after = Vec::new();
    g.placements(drawn(&g), |p, r| listed_after.push((p, r)));
    assert_eq!(listed_before, listed_after);
    // Again, then B west of the added road: its field side meets the road,
    // made good by a road across B; H turned with a city there is refused.
    place(&mut g, 1, 1, 0);
    g.play(&Action::Pass).expect("pass");
    listing_agrees_with_check(&g);
    place(&mut g, -1, 1, 0);
    g.play(&Action::Pass).expect("pass");
    assert_eq!(g.state().added_features().len(), 2);
    let roads: Vec<_> = g
        .state()
        .added_features()
        .iter()
        .map(|a| g.state().features().root(a.node))
        .collect();
    assert_eq!(roads[0], roads[1], "one road through both added pieces");
    let h_city_west = g.check(&Action::Place {
        pos: Pos::new(-2, 1),
        rotation: Rotation::from_degrees(90).expect("90"),
    });
    assert_eq!(
        h_city_west.expect_err("a city against a road").kind,
        RefusalKind::TileDoesNotFit
    );
    listing_agrees_with_check(&g);
}

#[test]
fn only_mismatches_an_expansion_relaxes_are_asked_about() {
    // B at (1,0): its field side meets D's road, a mismatch both accept.
    for info in [&OVERPASS, &NEW_TILE_OVERPASS] {
        let g = game_with(info, &["B", "U"]);
        let mut listed = Vec::new();
        g.placements(drawn(&g), |p, r| listed.push((p, r)));
        assert!(listed.contains(&(Pos::new(1, 0), Rotation::NONE)), "{}", info.id);
        listing_agrees_with_check(&g);
    }
    // U at (1,1): its road west meets B's field east, which only the
    // overpass that lays roads on neighbours relaxes. The other's
    // `relaxed_placement` would say yes, but is not asked.
    for (info, legal) in [(&OVERPASS, true), (&NEW_TILE_OVERPASS, false)] {
        let mut g = game_with(info, &["B", "U", "B"]);
        place(&mut g, 0, 1, 0);
        g.play(&Action::Pass).expect("pass");
        let mut listed = Vec::new();
        g.placements(drawn(&g), |p, r| listed.push((p, r)));
        let u = Action::Place {
            pos: Pos::new(1, 1),
            rotation: Rotation::NONE,
        };
        assert_eq!(listed.contains(&(Pos::new(1, 1), Rotation::NONE)), legal, "{}", info.id);
        assert_eq!(g.check(&u).is_ok(), legal, "{}", info.id);
        listing_agrees_with_check(&g);
    }
}
