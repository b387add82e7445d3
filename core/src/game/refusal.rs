//! Why an action is refused: a kind for programs beside a message for
//! people. Tests, bots and servers match the kind; the message says the
//! same in words and may grow clearer without breaking them.

/// Why an action was refused, as a value that tests, bots and servers can
/// match (the message beside it says the same for people).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RefusalKind {
    /// The game is over: no decision is pending.
    GameOver,
    /// The action answers another decision than the pending one (a pass
    /// while a tile is to be placed, an expansion's option out of turn …).
    WrongDecision,
    /// A whole move's second step does not match what follows its
    /// placement (a deployment where an expansion decides first, or
    /// `later` where a deployment or pass follows).
    WrongMoveShape,
    /// The cell already holds a tile.
    CellOccupied,
    /// The cell touches no placed tile.
    NotAdjacent,
    /// The tile's edges do not match its neighbours' in that rotation.
    TileDoesNotFit,
    /// An enabled expansion's rules forbid the placement.
    PlacementForbidden,
    /// No figure of that kind is in the game.
    UnknownFigure,
    /// The player has no figure of that kind left in supply.
    NoFigureLeft,
    /// Figures go on the tile placed this turn, and this is another cell.
    NotThisTile,
    /// The tile (or cell) has no such feature, corner or segment.
    NoSuchFeature,
    /// The feature already holds a follower.
    FeatureOccupied,
    /// The figure cannot stand there (a kind of feature or a spot it is
    /// not placed on).
    NotAnOption,
    /// An enabled expansion's rules forbid the deployment (its own reason
    /// is in the message).
    DeploymentForbidden,
    /// An expansion refused an answer to its own decision.
    Expansion,
    /// The pending decision has no legal option (an expansion offering
    /// nothing), so no option can be picked.
    NoOption,
    /// A move in record form names a tile that is in no tile set of the game.
    UnknownTile,
    /// A move in record form names another tile than the drawn one.
    NotTheDrawnTile,
    /// A move in record form names an expansion that is not enabled.
    UnknownExpansion,
    /// A move in record form is not well formed (what it lacks or has too
    /// much of is in the message).
    MalformedMove,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct IllegalAction {
    /// The reason, to match on.
    pub kind: RefusalKind,
    /// The reason in words, naming what was asked and what the rules allow.
    pub message: String,
}

impl IllegalAction {
    /// A refusal of `kind`, explained by `message`.
    pub fn new(kind: RefusalKind, message: String) -> IllegalAction {
        IllegalAction { kind, message }
    }
}
