//! Figures off the features, on a toy expansion: a neutral wolf (one in the
//! game, belonging to nobody) that the expansion places on the start tile
//! and moves onto every tile placed, and a scout each player may deploy on
//! the tile just placed itself rather than on one of its features.
//!
//! Base tiles drawn in order; the start tile D lies at (0, 0) with its road
//! west-east, so a straight road U at (1, 0) and (2, 0) continues it.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::{NEUTRAL, Spot};
use carcassonne_core::{
    Action, AfterPlacement, BuildContext, Catalog, CoreState, Ctx, Deployment, Expansion, ExpansionInfo, FigureClass,
    FigureDecl, FigurePlacement, Game, GameConfig, GameRecord, Hooks, Pos, Recall, Rotation, Rules, Strength,
    TileSource,
};
use std::sync::Arc;

struct Wolves;

/// The figure table's index of `id` (the follower is 0, then the
/// expansions' figures).
fn index(view: &CoreState, id: &str) -> u8 {
    view.tables().figure_index(id).expect("declared")
}

impl Wolves {
    fn the_wolf(&self, view: &CoreState) -> Option<u32> {
        let wolf = index(view, "wolf");
        view.figures()
            .iter()
            .find(|f| f.owner == NEUTRAL && f.kind == wolf)
            .map(|f| f.id)
    }
}

impl Expansion for Wolves {
    type State = ();
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) {
        let wolf = index(ctx.view(), "wolf");
        assert_eq!(ctx.view().neutral_supply(wolf), 1);
        ctx.place_neutral(wolf, Pos::new(0, 0), Spot::Tile);
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::DEPLOY_OPTIONS
    }

    fn tile_placed(&self, _: &mut (), ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if let Some(wolf) = self.the_wolf(ctx.view()) {
            ctx.move_figure(wolf, placed.pos, Spot::Tile);
        }
    }

    fn deploy_options(&self, _: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let view = after.view();
        let player = view.turn().player;
        let scout = index(view, "scout");
        let placed = after.placed();
        if view.supply(player, scout) > 0 {
            out.push(Deployment {
                figure: scout,
                pos: placed.pos,
                spot: Spot::Tile,
            });
        }
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    // A figure that belongs to nobody is in the game as well.
    if !(ctx.has_figure("wolf") && ctx.has_figure("scout")) {
        return Err("figures missing".into());
    }
    Ok(expansion::boxed(Wolves))
}

static WOLVES: ExpansionInfo = ExpansionInfo {
    id: "wolves",
    name: "Wolves",
    version: "0.1.0",
    description: "a wolf follows the tiles; scouts stand on tiles",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[
        FigureDecl {
            id: "wolf",
            name: "Wolf",
            per_player: 0,
            by_players: &[],
            strength: Strength::Fixed(0),
            class: FigureClass::Special,
            placement: FigurePlacement::ByExpansion,
            recall: Recall::Never,
            neutral: 1,
        },
        FigureDecl {
            id: "scout",
            name: "Scout",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(0),
            class: FigureClass::Special,
            placement: FigurePlacement::ByExpansion,
            recall: Recall::Never,
            neutral: 0,
        },
    ],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn rules() -> Rules {
    let mut catalog = Catalog::default();
    catalog.add(&WOLVES).expect("a new id");
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["wolves".into()];
    config.draw_order = Some(vec!["U".into(), "U".into(), "U".into()]);
    Rules::new(&catalog, &config, &TileSource::default()).expect("rules")
}

fn place(game: &mut Game, x: i32) {
    game.play(&Action::Place {
        pos: Pos::new(x, 0),
        rotation: Rotation::NONE,
    })
    .expect("a straight road continues D's");
}

fn wolf_at(game: &Game) -> Option<(Pos, Spot, Option<u32>)> {
    game.state()
        .figures()
        .iter()
        .find(|f| f.owner == NEUTRAL)
        .map(|f| (f.pos, f.spot, f.node))
}

#[test]
fn a_neutral_figure_is_placed_and_moved_by_its_expansion_and_undone_with_the_game() {
    let mut game = Game::new(Arc::new(rules())).expect("a game");
    let wolf = game.rules().figure_index("wolf").expect("declared");
    assert_eq!(
        wolf_at(&game),
        Some((Pos::new(0, 0), Spot::Tile, None)),
        "on the start tile"
    );
    assert_eq!(game.state().neutral_supply(wolf), 0);
    // Nobody's supply holds a wolf, and nobody is offered one.
    assert_eq!((game.state().supply(0, wolf), game.state().supply(1, wolf)), (0, 0));
    game.set_undoable(true);
    place(&mut game, 1);
    assert_eq!(
        wolf_at(&game).map(|w| w.0),
        Some(Pos::new(1, 0)),
        "it followed the tile"
    );
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    assert!(
        options
            .iter()
            .all(|a| !matches!(a, Action::Deploy(d) if d.figure == wolf))
    );
    assert!(game.undo(), "the placement is taken back");
    assert_eq!(
        wolf_at(&game).map(|w| w.0),
        Some(Pos::new(0, 0)),
        "and the wolf's move with it"
    );
}

#[test]
fn a_figure_stands_on_the_tile_itself_and_the_record_says_so() {
    let rules = Arc::new(rules());
    let mut record = GameRecord::of_rules(&rules);
    let mut game = Game::new(rules).expect("a game");
    let scout = game.rules().figure_index("scout").expect("declared");
    let mut play = |game: &mut Game, action: Action| {
        record.moves.push(game.move_of(&action));
        game.play(&action).expect("legal");
    };
    let east = |x: i32| Action::Place {
        pos: Pos::new(x, 0),
        rotation: Rotation::NONE,
    };
    play(&mut game, east(1));
    let on_tile = Action::Deploy(Deployment {
        figure: scout,
        pos: Pos::new(1, 0),
        spot: Spot::Tile,
    });
    assert_eq!(game.action_label(&on_tile), "Scout on the tile");
    let written = serde_json::to_value(game.move_of(&on_tile)).expect("a move");
    assert_eq!(
        written,
        serde_json::json!({ "deploy": { "figure": "scout", "spot": "tile" } })
    );
    play(&mut game, on_tile);
    let placed = game
        .state()
        .figures()
        .iter()
        .find(|f| f.kind == scout)
        .copied()
        .expect("on the board");
    assert_eq!(
        (placed.pos, placed.spot, placed.node),
        (Pos::new(1, 0), Spot::Tile, None)
    );
    play(&mut game, east(2));
    play(&mut game, Action::Pass);
    // The record replays to the same figures, the wolf's moves included.
    let text = record.to_json();
    let mut catalog = Catalog::default();
    catalog.add(&WOLVES).expect("a new id");
    let again = GameRecord::from_json(&text)
        .expect("reads back")
        .replay(&catalog, &TileSource::default())
        .expect("replays");
    assert_eq!(again.state().figures(), game.state().figures());
    assert_eq!(wolf_at(&again).map(|w| w.0), Some(Pos::new(2, 0)));
}
