//! Figures in other players' hands (`Ctx::capture_figure`,
//! `Ctx::release_figure`, `CoreState::captives`, a tower's prisoners) and
//! figure counts by the number of players (`FigureDecl::by_players`).

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::{FOLLOWER, PlacedFigure};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, FeatureKind, FigureClass, FigureDecl, FigurePlacement, Game,
    GameConfig, Hooks, Recall, Rules, Strength, TileSource,
};
use std::sync::Arc;

/// Every follower deployed is taken prisoner by the next player at once;
/// at the start of each turn, the player whose turn it is gets back one of
/// their figures held by others (the first taken).
struct Jail;

impl Expansion for Jail {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FIGURE_DEPLOYED | Hooks::TURN_STARTED
    }

    fn figure_deployed(&self, _: &mut (), ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        let next = (figure.owner + 1) % ctx.view().players() as u8;
        ctx.capture_figure(figure.id, next);
    }

    fn turn_started(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        let me = ctx.view().turn().player;
        if let Some(c) = ctx.view().captives().iter().find(|c| c.owner == me).copied() {
            ctx.release_figure(c.owner, c.kind, c.by);
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Jail))
}

/// Shared out by the number of players, as The Tower's pieces are.
const PIECE: FigureDecl = FigureDecl {
    id: "piece",
    name: "Piece",
    per_player: 4,
    by_players: &[12, 6, 4],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

static JAIL: ExpansionInfo = ExpansionInfo {
    id: "jail",
    name: "Jail",
    version: "0.0.0",
    description: "every follower deployed is taken prisoner by the next player",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[PIECE],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn rules(players: usize, figures: &[(&str, i64)]) -> Arc<Rules> {
    let mut catalog = Catalog::default();
    catalog.add(&JAIL).expect("a new id");
    let mut config = GameConfig::with_players(players);
    config.seed = 3;
    config.expansions = vec!["jail".into()];
    for (id, n) in figures {
        config.figures.insert(id.to_string(), *n);
    }
    Arc::new(Rules::new(&catalog, &config, &TileSource::default()).expect("rules"))
}

#[test]
fn counts_by_the_number_of_players_unless_the_game_says_otherwise() {
    for (players, expected) in [(1, 12), (2, 6), (3, 4), (4, 4), (6, 4)] {
        let rules = rules(players, &[]);
        let game = Game::new(rules).expect("game");
        let kind = game.state().tables().figure_index("piece").expect("declared");
        assert_eq!(game.state().supply(0, kind), expected, "{players} players");
    }
    let game = Game::new(rules(2, &[("piece", 9)])).expect("game");
    let kind = game.state().tables().figure_index("piece").expect("declared");
    assert_eq!(game.state().supply(1, kind), 9, "`[figures]` overrides the table");
}

#[test]
fn a_prisoner_is_in_nobodys_supply_until_released_and_undo_takes_it_back() {
    let mut game = Game::new(rules(2, &[])).expect("game");
    game.set_undoable(true);
    let follower = game.state().tables().figure_index(FOLLOWER.id).expect("core figure");
    let mut options = Vec::new();
    let mut seen_held = false;
    for _ in 0..40 {
        game.legal_actions(&mut options);
        // The last option of a deployment decision is a deployment when
        // there is one: deploy whenever possible.
        let pick = options
            .iter()
            .position(|a| matches!(a, carcassonne_core::Action::Deploy(_)))
            .unwrap_or(0);
        let before = game.state().clone();
        game.play(&options[pick]).expect("legal");
        let s = game.state();
        for p in 0..2u8 {
            let on_board = s
                .figures()
                .iter()
                .filter(|f| f.owner == p && f.kind == follower)
                .count();
            assert_eq!(
                s.supply(p, follower) as usize + on_board + s.held(p, follower),
                7,
                "player {p}: supply + board + held"
            );
        }
        if let Some(c) = s.captives().first() {
            seen_held = true;
            assert_ne!(c.owner, c.by, "held by the other player");
            // Undo puts the figure back where it stood before the decision.
            assert!(game.undo());
            assert_eq!(game.state().captives(), before.captives());
            assert_eq!(game.state().figures(), before.figures());
            game.play(&options[pick]).expect("legal again");
        }
    }
    assert!(seen_held, "no follower was ever deployed and taken");
}
