//! The Fruit-Bearing Trees (`fruit-trees`), as the rules digest states it
//! (`shared/rules/RULES.md`, section "The Fruit-Bearing Trees"; user page
//! `docs/expansions/fruit-trees.md`).
//!
//! - Six Tree tiles (`[tile.fruit-trees] tree = "apple"`). Setup shuffles
//!   each fruit's four tokens (5, 4, 3, 2) into a face-down stack; placing a
//!   Tree tile puts its own fruit's stack on it.
//! - After a follower-class figure is deployed on the tile just placed, and
//!   that tile is a Tree tile or touches one orthogonally or diagonally, the
//!   player may take fruit actions: *harvest* (top token of a tree within
//!   reach, scored at its value) or *sell* (1–4 held tokens of pairwise
//!   different fruits for 3 / 6 / 10 / 15). Variant `actions`: `per-tree`
//!   (one action per tree within reach, default) or `one` (one per turn).
//! - Final scoring: 1 point per token still held.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::rng::GameRng;
use carcassonne_core::tiles::{AttributeProblem, FeatureKind, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionInfo, FigureClass, Pos, TileFile, VariantDecl, register_expansion,
};
use carcassonne_core::{serde_json, toml};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Fruit-Bearing Trees",
    version: env!("CARGO_PKG_VERSION"),
    description: "Tree tiles carry fruit stacks; deploying a follower near a tree lets you harvest or sell fruit",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "fruit-trees.toml",
        embedded: include_str!("../../../tiles/fruit-trees.toml"),
    }],
    variants: &[VariantDecl {
        name: "actions",
        values: &["per-tree", "one"],
        default: "per-tree",
        description: "fruit actions a qualifying deployment allows: one per tree within reach, or one per turn",
    }],
    figures: &[],
    score_sources: &[HARVEST, SELL, HELD],
    check_attributes,
    build,
};

register_expansion!(INFO);

/// The expansion's id, also the key of its tile attribute table.
pub const ID: &str = "fruit-trees";
/// Score source of harvested token values (`fruit-trees.harvest`).
pub const HARVEST: &str = "harvest";
/// Score source of sold sets (`fruit-trees.sell`).
pub const SELL: &str = "sell";
/// Score source of tokens still held at the end (`fruit-trees.held`).
pub const HELD: &str = "held";

/// The values printed on the back of each fruit's four tokens.
pub const TOKEN_VALUES: [u8; 4] = [5, 4, 3, 2];

/// Points for selling a set of 1, 2, 3 or 4 different fruits (index = size).
pub const SALE_POINTS: [i32; 5] = [0, 3, 6, 10, 15];

/// The largest set one sale may hold.
pub const MAX_SALE: usize = 4;

/// A kind of fruit tree, and the fruit its tokens show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fruit {
    /// Quince.
    Quince,
    /// Apple.
    Apple,
    /// Apricot.
    Apricot,
    /// Cherry.
    Cherry,
    /// Plum.
    Plum,
    /// Elder.
    Elder,
}

impl Fruit {
    /// Every fruit, in the rule book's order.
    pub const ALL: [Fruit; 6] = [
        Fruit::Quince,
        Fruit::Apple,
        Fruit::Apricot,
        Fruit::Cherry,
        Fruit::Plum,
        Fruit::Elder,
    ];

    /// The name used in tile files, records and public state.
    pub fn name(self) -> &'static str {
        match self {
            Fruit::Quince => "quince",
            Fruit::Apple => "apple",
            Fruit::Apricot => "apricot",
            Fruit::Cherry => "cherry",
            Fruit::Plum => "plum",
            Fruit::Elder => "elder",
        }
    }

    /// The fruit named `name`.
    pub fn parse(name: &str) -> Option<Fruit> {
        Fruit::ALL.into_iter().find(|f| f.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Fruit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The fruits of one sale: 1 to 4, pairwise different. A set cannot hold a
/// fruit twice, so a sale with a repeated fruit cannot even be written down;
/// reading one from a record fails with a message that says why.
///
/// Written in records as a list of fruit names in any order
/// (`["cherry", "apple"]`); equal sets compare equal whatever the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Fruit>", into = "Vec<Fruit>")]
pub struct FruitSet(u8);

/// Why a list of fruits is not a sellable set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaleError {
    /// No fruit named.
    Empty,
    /// A fruit named twice.
    Duplicate(Fruit),
    /// More than four fruits.
    TooMany(usize),
}

impl fmt::Display for SaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaleError::Empty => write!(f, "a sale names 1 to {MAX_SALE} fruits, got none"),
            SaleError::Duplicate(fruit) => write!(
                f,
                "a sale must be of pairwise different fruits, but `{fruit}` is named twice \
                 (one set per action: sell the second {fruit} in another action)"
            ),
            SaleError::TooMany(n) => write!(f, "a sale names at most {MAX_SALE} different fruits, got {n}"),
        }
    }
}

impl std::error::Error for SaleError {}

impl FruitSet {
    /// The set of `fruits`, refused if empty, repeated or larger than 4.
    pub fn new(fruits: &[Fruit]) -> Result<FruitSet, SaleError> {
        let mut bits = 0u8;
        for &f in fruits {
            if bits & f.bit() != 0 {
                return Err(SaleError::Duplicate(f));
            }
            bits |= f.bit();
        }
        match fruits.len() {
            0 => Err(SaleError::Empty),
            n if n > MAX_SALE => Err(SaleError::TooMany(n)),
            _ => Ok(FruitSet(bits)),
        }
    }

    /// Number of fruits (1–4).
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no fruit (never true of a sale).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `fruit` is in the set.
    pub fn contains(self, fruit: Fruit) -> bool {
        self.0 & fruit.bit() != 0
    }

    /// The fruits, in the rule book's order.
    pub fn iter(self) -> impl Iterator<Item = Fruit> {
        Fruit::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    /// Points the sale scores (3 / 6 / 10 / 15).
    pub fn points(self) -> i32 {
        SALE_POINTS[self.len().min(MAX_SALE)]
    }
}

impl TryFrom<Vec<Fruit>> for FruitSet {
    type Error = SaleError;
    fn try_from(fruits: Vec<Fruit>) -> Result<Self, SaleError> {
        FruitSet::new(&fruits)
    }
}

impl From<FruitSet> for Vec<Fruit> {
    fn from(set: FruitSet) -> Self {
        set.iter().collect()
    }
}

/// A fruit token: its fruit and the value on its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Token {
    /// Which fruit.
    pub fruit: Fruit,
    /// Its value (2–5).
    pub value: u8,
}

/// A Tree tile on the board and the stack on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tree {
    /// Where the tile lies.
    pub at: Pos,
    /// The tree printed on the tile.
    pub tree: Fruit,
    /// The fruit of the stack put on it; `None` when no stack was left (only
    /// possible with a tile file holding more than six Tree tiles).
    pub fruit: Option<Fruit>,
    /// Token values, top of the stack last.
    pub tokens: Vec<u8>,
}

/// One player's fruit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Grower {
    /// Tokens harvested and not sold, in the order taken.
    pub held: Vec<Token>,
    /// Tokens sold (out of the game; kept so every token is accounted for).
    pub sold: Vec<Token>,
    /// Points from harvesting.
    pub harvest_points: i32,
    /// Points from selling.
    pub sell_points: i32,
    /// Points from tokens held at the end (set at final scoring).
    pub held_points: i32,
}

/// The fruit actions a player is taking this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// Who acts.
    pub player: u8,
    /// Positions of the trees within reach of the tile just placed.
    pub reach: Vec<Pos>,
    /// Actions still allowed this turn.
    pub actions_left: u32,
    /// Trees already harvested this turn (each tree gives one action).
    pub harvested: Vec<Pos>,
}

/// The expansion's state. The full state (with the hidden stack order) is
/// what records compare; [`Expansion::public_state`] hides the values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Stacks not yet put on a tree, by fruit; token values, top last.
    pub supply: BTreeMap<Fruit, Vec<u8>>,
    /// Tree tiles on the board, in placement order.
    pub trees: Vec<Tree>,
    /// Each player's tokens and points, by seat.
    pub growers: Vec<Grower>,
    /// The fruit actions in progress.
    pub pending: Option<Pending>,
    /// Whether this turn's deployment may trigger fruit actions (a
    /// follower-class figure went on the tile just placed).
    pub triggered: bool,
}

/// Where all 24 tokens are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenCount {
    /// In stacks not yet put on a tree.
    pub supply: usize,
    /// On Tree tiles.
    pub on_trees: usize,
    /// Held by players.
    pub held: usize,
    /// Sold (out of the game).
    pub sold: usize,
}

impl TokenCount {
    /// All tokens.
    pub fn total(self) -> usize {
        self.supply + self.on_trees + self.held + self.sold
    }
}

impl State {
    /// Counts the tokens wherever they are.
    pub fn token_count(&self) -> TokenCount {
        TokenCount {
            supply: self.supply.values().map(Vec::len).sum(),
            on_trees: self.trees.iter().map(|t| t.tokens.len()).sum(),
            held: self.growers.iter().map(|g| g.held.len()).sum(),
            sold: self.growers.iter().map(|g| g.sold.len()).sum(),
        }
    }

    /// Every token of the game as (fruit, value), wherever it is; a tree's
    /// tokens count under the fruit of its stack.
    pub fn all_tokens(&self) -> Vec<Token> {
        let mut all: Vec<Token> = Vec::new();
        for (&fruit, stack) in &self.supply {
            all.extend(stack.iter().map(|&value| Token { fruit, value }));
        }
        for t in &self.trees {
            if let Some(fruit) = t.fruit {
                all.extend(t.tokens.iter().map(|&value| Token { fruit, value }));
            }
        }
        for g in &self.growers {
            all.extend(g.held.iter().chain(&g.sold).copied());
        }
        all
    }

    /// The tree at `at`, if a Tree tile lies there.
    pub fn tree_at(&self, at: Pos) -> Option<&Tree> {
        self.trees.iter().find(|t| t.at == at)
    }

    /// The fruits `player` holds at least one token of.
    pub fn held_fruits(&self, player: u8) -> FruitSet {
        FruitSet(
            self.growers
                .get(player as usize)
                .map_or(0, |g| g.held.iter().fold(0, |bits, t| bits | t.fruit.bit())),
        )
    }

    /// The trees `pending` may still harvest: within reach, not harvested
    /// this turn, with a token left. An emptied tree offers no harvest (it
    /// would take nothing), though under `per-tree` it still gives its action.
    fn harvestable<'a>(&'a self, pending: &'a Pending) -> impl Iterator<Item = Pos> + 'a {
        pending
            .reach
            .iter()
            .copied()
            .filter(|at| !pending.harvested.contains(at))
            .filter(|&at| self.tree_at(at).is_some_and(|t| !t.tokens.is_empty()))
    }

    /// Whether `pending` offers anything besides stopping.
    fn has_choice(&self, pending: &Pending) -> bool {
        pending.actions_left > 0
            && (self.harvestable(pending).next().is_some() || !self.held_fruits(pending.player).is_empty())
    }
}

/// How many fruit actions a qualifying deployment allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionsVariant {
    /// One action per tree within reach (the default).
    PerTree,
    /// One action per turn.
    One,
}

/// A fruit-action decision, as written in records under `"fruit-trees"`:
/// `{"harvest": [x, y]}`, `{"sell": ["apple", "cherry"]}` or `"done"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Take the top token of the tree on the tile at this position.
    Harvest(Pos),
    /// Sell one held token of each of these (pairwise different) fruits.
    //
    // A sale names fruits, not tokens: its points depend only on how many
    // fruits it holds, and a held token is worth 1 point at the end whatever
    // its value, so which token of a fruit leaves the game changes no score.
    // Naming tokens would only multiply equivalent options.
    Sell(FruitSet),
    /// Take no (further) fruit action this turn.
    Done,
}

/// Checks `[tile.fruit-trees]`: `tree` (one of the six fruits) is required;
/// `farmhouse` and `highwaymen` are optional booleans (illustrations).
fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    if feature.is_some() {
        return vec![AttributeProblem::new(
            &[],
            "a fruit tree stands on a tile, not on a feature; put `fruit-trees` in the tile's table",
        )];
    }
    let Some(table) = table.as_table() else {
        return vec![AttributeProblem::new(&[], "`fruit-trees` must be a table")];
    };
    let fruits = || Fruit::ALL.map(Fruit::name).join(", ");
    let mut problems = Vec::new();
    for (key, value) in table {
        match key.as_str() {
            "tree" => match value.as_str() {
                Some(name) if Fruit::parse(name).is_some() => {}
                Some(name) => problems.push(AttributeProblem::new(
                    &["tree"],
                    format!("unknown tree `{name}`; expected one of {}", fruits()),
                )),
                None => problems.push(AttributeProblem::new(
                    &["tree"],
                    format!("`tree` must be a string: one of {}", fruits()),
                )),
            },
            "farmhouse" | "highwaymen" if value.as_bool().is_none() => problems.push(AttributeProblem::new(
                &[key.as_str()],
                format!("`{key}` must be true or false"),
            )),
            "farmhouse" | "highwaymen" => {}
            other => problems.push(AttributeProblem::new(
                &[other],
                format!("unknown key `{other}`; expected `tree`, `farmhouse` or `highwaymen`"),
            )),
        }
    }
    if !table.contains_key("tree") {
        problems.push(AttributeProblem::new(
            &[],
            format!("a Tree tile needs `tree`: one of {}", fruits()),
        ));
    }
    problems
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let actions = match ctx.variant("actions") {
        "per-tree" => ActionsVariant::PerTree,
        "one" => ActionsVariant::One,
        other => return Err(format!("variant `actions` cannot be `{other}`; use per-tree or one")),
    };
    Ok(expansion::boxed(FruitTrees {
        actions,
        trees: ctx.tiles.iter().map(tree_of).collect(),
    }))
}

/// The tree printed on a tile, if it is a Tree tile.
pub fn tree_of(tile: &TileType) -> Option<Fruit> {
    tile.def
        .attribute(ID)
        .and_then(|t| t.get("tree"))
        .and_then(toml::Value::as_str)
        .and_then(Fruit::parse)
}

/// The rules for one game.
struct FruitTrees {
    actions: ActionsVariant,
    /// The tree on each tile type, by index: read once here rather than
    /// from the attribute table at every placement.
    trees: Vec<Option<Fruit>>,
}

impl Expansion for FruitTrees {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let mut supply = BTreeMap::new();
        for fruit in Fruit::ALL {
            let mut stack = TOKEN_VALUES.to_vec();
            shuffle(&mut stack, |n| ctx.random_below(n));
            supply.insert(fruit, stack);
        }
        State {
            supply,
            trees: Vec::new(),
            growers: vec![Grower::default(); ctx.view().players()],
            pending: None,
            triggered: false,
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::FIGURE_DEPLOYED | Hooks::AFTER_DEPLOY | Hooks::FINAL_SCORING
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let Some(tree) = self.trees.get(placed.tile as usize).copied().flatten() else {
            return;
        };
        // Which stack goes on which tree has no rules effect (the stacks are
        // alike and face down); the digest's default is the tree's own
        // fruit. Only a tile file with a second tree of one fruit reaches
        // the fallback, the first stack left in the rule book's order.
        let fruit = if state.supply.contains_key(&tree) {
            Some(tree)
        } else {
            state.supply.keys().next().copied()
        };
        let tokens = fruit.and_then(|f| state.supply.remove(&f)).unwrap_or_default();
        ctx.log_with(|| {
            serde_json::json!({
                "tree": { "at": placed.pos, "tree": tree, "fruit": fruit, "tokens": tokens.len() }
            })
        });
        state.trees.push(Tree {
            at: placed.pos,
            tree,
            fruit,
            tokens,
        });
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        let view = ctx.view();
        let is_follower = view
            .rules()
            .figures()
            .get(figure.kind as usize)
            .is_some_and(|d| d.class == FigureClass::Follower);
        let on_placed_tile = view.placed_this_turn().is_some_and(|p| p.pos == figure.pos);
        // Only a meeple put on the tile just placed counts: not a special
        // figure, nor a figure deployed elsewhere (source, footnotes 1 and 3).
        if is_follower && on_placed_tile && figure.owner == view.turn().player {
            state.triggered = true;
        }
    }

    // Asked here rather than in `figure_deployed` so that other expansions'
    // reactions to the deployment come first; the trigger was noted at the
    // deployment itself, so a figure removed in between still counts
    // (source, footnote 4).
    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, _deployed: Option<&PlacedFigure>) {
        if !std::mem::take(&mut state.triggered) {
            return;
        }
        let Some(placed) = ctx.view().placed_this_turn().copied() else {
            return;
        };
        let reach: Vec<Pos> = std::iter::once(placed.pos)
            .chain(placed.pos.ring())
            .filter(|&p| state.tree_at(p).is_some())
            .collect();
        if reach.is_empty() {
            return;
        }
        let actions_left = match self.actions {
            ActionsVariant::PerTree => reach.len() as u32,
            ActionsVariant::One => 1,
        };
        let player = ctx.view().turn().player;
        let pending = Pending {
            player,
            reach,
            actions_left,
            harvested: Vec::new(),
        };
        // No decision when nothing can be done: every tree in reach is empty
        // and the player holds no token to sell.
        if state.has_choice(&pending) {
            state.pending = Some(pending);
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, _view: &CoreState, player: u8, out: &mut Vec<Action>) {
        let Some(pending) = state.pending.as_ref().filter(|p| p.player == player) else {
            return;
        };
        if pending.actions_left > 0 {
            out.extend(state.harvestable(pending).map(Action::Harvest));
            // Every set of 1–4 different fruits the player holds: the subsets
            // of the held fruits' bit mask.
            let held = state.held_fruits(player).0;
            let mut subset = held;
            let mut sales = Vec::new();
            while subset != 0 {
                if subset.count_ones() as usize <= MAX_SALE {
                    sales.push(FruitSet(subset));
                }
                subset = (subset - 1) & held;
            }
            sales.sort_by_key(|s| (s.len(), s.0));
            out.extend(sales.into_iter().map(Action::Sell));
        }
        out.push(Action::Done);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some(mut pending) = state.pending.take() else {
            return;
        };
        match *action {
            Action::Done => return,
            Action::Harvest(at) => {
                pending.harvested.push(at);
                let tree = state.trees.iter_mut().find(|t| t.at == at);
                let taken = tree.and_then(|t| Some((t.fruit?, t.tokens.pop()?)));
                if let (Some((fruit, value)), Some(grower)) = (taken, state.growers.get_mut(player as usize)) {
                    grower.held.push(Token { fruit, value });
                    grower.harvest_points += i32::from(value);
                    ctx.log_with(|| serde_json::json!({ "harvest": { "at": at, "fruit": fruit, "value": value } }));
                    ctx.score(player, i32::from(value), HARVEST);
                }
            }
            Action::Sell(set) => {
                let Some(grower) = state.growers.get_mut(player as usize) else {
                    return;
                };
                for fruit in set.iter() {
                    // Any token of the fruit will do (see `Action::Sell`);
                    // the earliest harvested goes.
                    if let Some(i) = grower.held.iter().position(|t| t.fruit == fruit) {
                        let token = grower.held.remove(i);
                        grower.sold.push(token);
                    }
                }
                grower.sell_points += set.points();
                ctx.log_with(|| serde_json::json!({ "sell": set, "points": set.points() }));
                ctx.score(player, set.points(), SELL);
            }
        }
        pending.actions_left = pending.actions_left.saturating_sub(1);
        if state.has_choice(&pending) {
            state.pending = Some(pending);
            ctx.ask(player);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        for (player, grower) in state.growers.iter_mut().enumerate() {
            let points = grower.held.len() as i32;
            grower.held_points = points;
            if points > 0 {
                ctx.score(player as u8, points, HELD);
            }
        }
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "fruit action (harvest, sell or done)"
    }

    // Face-down tokens of one fruit are indistinguishable to players: any
    // arrangement of the unseen values among that fruit's stacks is as
    // likely as the real one.
    fn resample_hidden(&self, state: &mut State, rng: &mut GameRng) {
        for fruit in Fruit::ALL {
            let mut unseen: Vec<u8> = state.supply.get(&fruit).cloned().unwrap_or_default();
            for t in state.trees.iter().filter(|t| t.fruit == Some(fruit)) {
                unseen.extend(&t.tokens);
            }
            // Sorted first so that the redraw depends on what players know
            // (which values are unseen), not on the hidden order it replaces.
            unseen.sort_unstable();
            shuffle(&mut unseen, |n| rng.below(n));
            let mut rest = unseen.into_iter();
            if let Some(stack) = state.supply.get_mut(&fruit) {
                for v in stack.iter_mut() {
                    *v = rest.next().unwrap_or(*v);
                }
            }
            for t in state.trees.iter_mut().filter(|t| t.fruit == Some(fruit)) {
                for v in t.tokens.iter_mut() {
                    *v = rest.next().unwrap_or(*v);
                }
            }
        }
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        // Stack values stay hidden until harvested: only sizes are shown.
        // Held and sold tokens show their values, which were scored openly.
        let supply: BTreeMap<Fruit, usize> = state.supply.iter().map(|(f, s)| (*f, s.len())).collect();
        let trees: Vec<serde_json::Value> = state
            .trees
            .iter()
            .map(|t| serde_json::json!({ "at": t.at, "tree": t.tree, "fruit": t.fruit, "tokens": t.tokens.len() }))
            .collect();
        let players: Vec<serde_json::Value> = state
            .growers
            .iter()
            .map(|g| {
                serde_json::json!({
                    "held": g.held,
                    "sold": g.sold,
                    "points": {
                        HARVEST: g.harvest_points,
                        SELL: g.sell_points,
                        HELD: g.held_points,
                    },
                })
            })
            .collect();
        serde_json::json!({
            "actions": match self.actions {
                ActionsVariant::PerTree => "per-tree",
                ActionsVariant::One => "one",
            },
            "supply": supply,
            "trees": trees,
            "players": players,
            "pending": state.pending,
            // Pictures draw each tree's stack size (the renderers' generic convention).
            "markers": state.trees.iter().map(|t| serde_json::json!({
                "pos": t.at,
                "label": format!("{} ×{}", serde_json::to_value(t.fruit).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default(), t.tokens.len()),
            })).collect::<Vec<_>>(),
        })
    }
}

/// Fisher–Yates, written out so the order depends only on the game RNG's
/// stream, not on a library's shuffle.
fn shuffle(stack: &mut [u8], mut below: impl FnMut(u32) -> u32) {
    for i in (1..stack.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        stack.swap(i, j);
    }
}
