//! Events: the only way the core state changes. A command is checked, then
//! executed into events, and each event is applied to the state and shown
//! to expansions that observe.

use crate::features::NodeId;
use crate::figures::{FigureId, Spot};
use crate::geometry::{Pos, Rotation};
use crate::tiles::{EdgeKind, FeatureKind};
use serde::Serialize;

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Event {
    /// A new turn began.
    TurnStarted {
        /// Whose turn.
        player: u8,
    },
    /// A tile was drawn.
    TileDrawn {
        /// Who drew it.
        player: u8,
        /// Tile type index.
        tile: u16,
        /// Where in the bag it was (the bag keeps its order otherwise).
        bag_index: u32,
    },
    /// An expansion handed the turn's player a tile it holds as the turn's
    /// tile, instead of a draw from the bag (`Expansion::supplied_tile`: a
    /// tile bought at a bazaar). It is placed as a drawn tile is, or
    /// discarded when it fits nowhere (and the player then draws). A copy
    /// of it among the tiles set aside (`CoreState::set_aside`, where
    /// [`Ctx::bury_tile`](crate::Ctx::bury_tile) put it) leaves them.
    TileSupplied {
        /// Whose turn.
        player: u8,
        /// Tile type index.
        tile: u16,
        /// The slot of the expansion that supplied it
        /// ([`Rules::supply_words`] has its words).
        ///
        /// [`Rules::supply_words`]: crate::Rules::supply_words
        slot: u8,
        /// Whether it must be placed this turn (`SuppliedTile::mandatory`).
        mandatory: bool,
    },
    /// An expansion took a tile from the bag unseen and put it out of play
    /// (Hills & Sheep's tile under a hill): [`Ctx::bury_tile`](crate::Ctx::bury_tile).
    /// It joins the tiles set aside (`CoreState::set_aside`).
    TileBuried {
        /// Tile type index.
        tile: u16,
        /// Where in the bag it was.
        bag_index: u32,
    },
    /// A drawn tile fit nowhere and left the game.
    TileDiscarded {
        /// Tile type index.
        tile: u16,
    },
    /// The turn's player put the drawn tile aside instead of placing it:
    /// it fit only by an expansion's optional relaxation
    /// (`Expansion::optional_relaxation`, a bridge). It leaves the game as
    /// a tile that fits nowhere does (it joins `CoreState::discarded`), and
    /// the player draws again.
    TilePutAside {
        /// Who put it aside.
        player: u8,
        /// Tile type index.
        tile: u16,
        /// The slot of the expansion whose relaxation alone would have let
        /// it be placed ([`Rules::put_aside_words`] has its words).
        ///
        /// [`Rules::put_aside_words`]: crate::Rules::put_aside_words
        slot: u8,
    },
    /// The drawn tile was set aside by an expansion's rules (a dragon
    /// tile before the dragon is in play): out of the bag, not placed;
    /// the turn's player draws again.
    TileSetAside {
        /// Tile type index.
        tile: u16,
    },
    /// A tile set aside earlier went back into the bag, among the tiles
    /// of the draw phase being drawn.
    TileReturned {
        /// Tile type index.
        tile: u16,
    },
    /// A tile was placed.
    TilePlaced {
        /// Who placed it (`None` for the start tile).
        player: Option<u8>,
        /// Tile type index.
        tile: u16,
        /// Where.
        pos: Pos,
        /// How turned.
        rotation: Rotation,
    },
    /// A figure left supply for the board.
    FigureDeployed {
        /// Its id while on the board.
        figure: FigureId,
        /// Owner.
        owner: u8,
        /// Figure kind index.
        kind: u8,
        /// Tile.
        pos: Pos,
        /// Spot on the tile.
        spot: Spot,
    },
    /// A figure on the board moved (a neutral figure an expansion moves, or
    /// any figure an expansion's rules move).
    FigureMoved {
        /// Its id.
        figure: FigureId,
        /// Where it went.
        pos: Pos,
        /// Its spot there.
        spot: Spot,
    },
    /// A feature was completed this turn.
    FeatureCompleted {
        /// A node of it.
        feature: NodeId,
        /// Its kind.
        kind: FeatureKind,
    },
    /// Points were given.
    Scored {
        /// To whom.
        player: u8,
        /// How many.
        points: i32,
        /// Score source index (breakdown key).
        source: u16,
        /// The feature scored, if the points are for one.
        feature: Option<NodeId>,
    },
    /// A figure went back to supply.
    FigureReturned {
        /// Its id while it was on the board.
        figure: FigureId,
        /// Owner.
        owner: u8,
        /// Figure kind index.
        kind: u8,
        /// Tile it left.
        pos: Pos,
        /// Spot it left.
        spot: Spot,
    },
    /// A figure left the board into another player's hands (a tower's
    /// prisoner): it is in nobody's supply until released.
    FigureCaptured {
        /// Its id while it was on the board.
        figure: FigureId,
        /// Owner.
        owner: u8,
        /// Figure kind index.
        kind: u8,
        /// Tile it left.
        pos: Pos,
        /// Spot it left.
        spot: Spot,
        /// Who holds it now.
        by: u8,
    },
    /// A held figure went back to its owner's supply (exchanged or
    /// ransomed).
    FigureReleased {
        /// Owner.
        owner: u8,
        /// Figure kind index.
        kind: u8,
        /// Who held it.
        by: u8,
    },
    /// An expansion recorded what it did.
    Expansion {
        /// Which enabled expansion.
        slot: u8,
        /// What, as the expansion describes it.
        detail: serde_json::Value,
    },
    /// The player whose turn it is takes another turn after this one (a
    /// builder's second tile): the next turn is theirs, not the next
    /// player's.
    ExtraTurn {
        /// Who plays again.
        player: u8,
    },
    /// An expansion scored a feature by its own rule (a barn cashing in a
    /// farm's farmers: [`Ctx::score_feature`](crate::Ctx::score_feature)),
    /// after the `Scored` events of its points: every expansion then hears
    /// it in `feature_scored`, as a feature the core scores.
    FeatureScoredByExpansion {
        /// The expansion that scored it.
        slot: u8,
        /// A node of the feature.
        feature: NodeId,
        /// Its kind.
        kind: FeatureKind,
        /// Points each winner received.
        points: i32,
        /// The winners, a bit per seat (bit 0: seat 0).
        winners: u8,
        /// The expansion completed the feature by its own rule
        /// ([`Ctx::score_completed_feature`](crate::Ctx::score_completed_feature)):
        /// it is heard as complete; otherwise as the core sees it.
        completed_by_rule: bool,
    },
    /// An expansion lets the turn's player deploy once more this turn, one
    /// of these figures (a bit per figure kind), after the deployment and
    /// its hooks: [`Ctx::offer_another_deployment`](crate::Ctx::offer_another_deployment).
    DeploymentOffered {
        /// The figure kinds, a bit each.
        figures: u32,
    },
    /// An expansion changed the coats of arms (pennants) of a feature:
    /// [`Ctx::add_pennants`](crate::Ctx::add_pennants) added some (a token
    /// printed with them), [`Ctx::void_pennants`](crate::Ctx::void_pennants)
    /// made them count for nothing, in the feature and in every feature it
    /// joins later.
    PennantsChanged {
        /// The expansion that changed them.
        slot: u8,
        /// A node of the feature.
        feature: NodeId,
        /// Pennants added.
        added: u32,
        /// Whether they are voided.
        void: bool,
    },
    /// An expansion joined two features of one kind that do not meet
    /// across an edge ([`Ctx::connect_features`](crate::Ctx::connect_features):
    /// a tunnel's two openings): they are one feature, each having lost one
    /// open side.
    FeaturesConnected {
        /// The expansion that joined them.
        slot: u8,
        /// A node of the first feature.
        a: NodeId,
        /// A node of the second.
        b: NodeId,
    },
    /// An expansion joined two features through ends that meet inside a
    /// tile ([`Ctx::link_features`](crate::Ctx::link_features): a ferry
    /// between two road ends; no open side is used), or took such a join
    /// back ([`Ctx::unlink_features`](crate::Ctx::unlink_features)), which
    /// splits the feature in two when nothing else holds it together.
    FeaturesLinked {
        /// The expansion that did it.
        slot: u8,
        /// A node at one end.
        a: NodeId,
        /// A node at the other.
        b: NodeId,
        /// Joined (`true`) or taken back (`false`).
        linked: bool,
    },
    /// An expansion added a feature to a tile on the board
    /// ([`Ctx::add_feature`](crate::Ctx::add_feature): a bridge's road):
    /// a new node of `kind` on that tile that takes the centre of each of
    /// `sides`, joined to what lies across them; those sides show `edge`
    /// from then on. The tile's own features stay as they are.
    FeatureAdded {
        /// The expansion that added it.
        slot: u8,
        /// The tile's place.
        pos: Pos,
        /// Its kind.
        kind: FeatureKind,
        /// The board sides whose centres it takes, a bit each (bit 0 north,
        /// clockwise).
        sides: u8,
        /// The edge those sides show from then on (matched by later
        /// placements).
        edge: EdgeKind,
    },
    /// The bag is empty and final scoring begins.
    FinalScoring,
    /// Final scoring is done.
    GameEnded,
}
