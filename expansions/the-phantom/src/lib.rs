//! The Phantom (docs/expansions/the-phantom.md): one translucent follower
//! per player, deployed as a second follower in the same turn.
//!
//! "After placing a tile, the player may deploy the phantom to it as a
//! second follower (on a second feature)." The phantom is a follower of
//! strength 1 in every other respect. After the turn's deployment (of any
//! figure, or a taking back; `phantom_after`), the player may deploy the
//! phantom once more that turn (the core's second deployment,
//! `Ctx::offer_another_deployment`): on an unoccupied feature of the tile
//! just placed, on an open tower, or through a magic portal the first
//! figure did not take. The phantom may also be the turn's only figure, in
//! the ordinary deployment; then there is no second one.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::serde::Serialize;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Event, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, FigureDecl,
    FigurePlacement, Phase, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "the-phantom";

/// The phantom: a follower, one per player, standing where a follower
/// stands.
pub const PHANTOM: FigureDecl = FigureDecl {
    id: "phantom",
    name: "Phantom",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(1),
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&["road", "city", "field", "cloister"]),
    recall: Recall::Never,
    neutral: 0,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Phantom",
    version: env!("CARGO_PKG_VERSION"),
    description: "A phantom for each player: a second follower deployed in the same turn",
    variants: &[VariantDecl {
        name: "phantom_after",
        label: "The phantom follows",
        kind: ValueKind::one_of(&["any-deployment", "figure-on-feature"]),
        default: "any-deployment",
        description: "any-deployment: after the turn's deployment of any figure or a taking back (Wikicarpedia's \
                      reading, as JCloisterZone plays); figure-on-feature: only after a figure placed on a feature \
                      (the official app)",
        earlier_defaults: &[],
    }],
    figures: &[PHANTOM],
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Mini,
    year: 2011,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(ThePhantom {
        on_features_only: ctx.variant("phantom_after") == "figure-on-feature",
    }))
}

/// The rules of one game.
struct ThePhantom {
    /// `phantom_after = "figure-on-feature"`.
    on_features_only: bool,
}

/// The phantom's place in the figure table, and whether the turn's
/// deployment was a taking back.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The phantom's index in the figure table.
    phantom: u8,
    /// The turn's player took a figure back instead of deploying (The
    /// Abbot's abbot): the phantom may follow that too.
    took_back: bool,
}

impl Expansion for ThePhantom {
    type State = State;
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        State {
            phantom: ctx.view().tables().figure_index(PHANTOM.id).unwrap_or(u8::MAX),
            took_back: false,
        }
    }

    fn hooks(&self) -> Hooks {
        if self.on_features_only {
            Hooks::AFTER_DEPLOY
        } else {
            Hooks::AFTER_DEPLOY | Hooks::OBSERVE
        }
    }

    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        if self.on_features_only {
            return; // a taking back is not followed then
        }
        match event {
            Event::TurnStarted { .. } => state.took_back = false,
            // A figure of the turn's player going home while they deploy is
            // taken back instead (nothing else returns figures then).
            Event::FigureReturned { owner, .. } if view.phase() == Phase::Deploy && *owner == view.turn().player => {
                state.took_back = true
            }
            _ => {}
        }
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        let view = ctx.view();
        // The second deployment's own end (deployed or passed) offers no
        // third.
        if view.turn().deploying_more || view.supply(view.turn().player, state.phantom) == 0 {
            return;
        }
        // A pass leaves nothing to follow (the phantom could have been the
        // deployment itself); a taking back is a figure's action too, and
        // so is a figure placed elsewhere than on a feature (a tower floor).
        let follows = match deployed {
            Some(f) if f.kind == state.phantom => false,
            Some(f) => !self.on_features_only || matches!(f.spot, Spot::Feature(_)),
            None => !self.on_features_only && state.took_back,
        };
        if follows {
            ctx.offer_another_deployment(&[state.phantom]);
        }
    }
}
