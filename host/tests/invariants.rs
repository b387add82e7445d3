//! Invariants across all expansions: random games with random sets of the
//! linked expansions (whichever the setup library links: a newly linked
//! expansion is covered without editing this file) (each with random variant values, the others
//! sometimes shuffled in as tiles only, the base game's variants and the
//! figures per player drawn too), 1–6 players (solo games included) and random seeds, played
//! by a bot choosing uniformly among `legal_actions`. After every decision:
//!
//! - figures are conserved: for every player and figure kind, supply plus
//!   figures on the board make `per_player`;
//! - tiles are conserved: tiles from the bag on the board (the start tile
//!   included, tiles an expansion placed from outside the bag such as abbeys
//!   excluded) + discarded + drawn-but-unplaced + left in the bag make the bag
//!   size at setup plus the start tile; abbeys placed plus abbeys in hand
//!   make one per player;
//! - fruit tokens are conserved (24, 4 per fruit) and cloister tokens too (14);
//! - no player's eggs and no score ever decrease, and each score is the sum
//!   of its breakdown;
//! - every listed option is accepted by `play` (on a clone), and illegal
//!   actions (a pass while placing, a placement far from the board, a
//!   deployment off the tile, an expansion's move at the wrong moment) are
//!   refused and leave the game unchanged;
//! - the record written while playing survives JSON and replays to the
//!   identical final state, the expansions' full states included.
//!
//! A second test plays all the linked expansions together with the greedy bot.
//!
//! Run with `--nocapture` to see how many games and decisions were covered.

// The expansions every host links, as the setup library links them.
use carcassonne_bots::{Bot, GreedyBot, RandomBot};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::figures::FOLLOWER;
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::rng::GameRng;
use carcassonne_core::state::{Phase, Turn};
use carcassonne_core::{
    Action, BASE_ID, BASE_VARIANTS, Catalog, Decision, Deployment, Event, FeatureKind, Game, GameConfig, GameRecord,
    Move, Pos, Rotation, Rules, SetupError, TileSource,
};
use carcassonne_setup as _;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The expansions linked into the host, sorted by id.
fn ids() -> &'static [&'static str] {
    static IDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        let ids = Catalog::linked().expect("the linked expansions register cleanly").ids();
        assert!(
            !ids.is_empty() && ids.len() <= 64,
            "sets of linked expansions are bit sets of a u64: {ids:?}"
        );
        ids
    })
}

/// Fruit tokens in the game: 4 for each of the 6 fruits (rule book).
const FRUIT_TOKENS: u64 = 24;
/// Tokens of one fruit.
const TOKENS_PER_FRUIT: u64 = 4;
/// Cloister tokens in the game (Cleric and Serf rules).
const CLOISTER_TOKENS: u64 = 14;
/// Random choices drawn for variants: at least one per declared variant of
/// the linked expansions (checked below), so that every variant's value is
/// drawn on its own.
const VARIANT_CHOICES: usize = 256;

#[test]
fn every_declared_variant_gets_its_own_choice() {
    let catalog = catalog();
    let declared: usize = ids()
        .iter()
        .map(|id| catalog.get(id).expect("linked").variants.len())
        .sum::<usize>()
        + BASE_VARIANTS.len();
    // Easter 6, Cleric and Serf 4, Fruit-Bearing Trees 1 of the six in-tree.
    assert!(declared >= 11, "{declared} variants declared");
    assert!(declared <= VARIANT_CHOICES, "raise VARIANT_CHOICES to {declared}");
}

fn catalog() -> Catalog {
    let catalog = Catalog::linked().expect("the linked expansions register cleanly");
    assert_eq!(catalog.ids(), ids());
    catalog
}

/// A game to play, as drawn by the strategy.
#[derive(Clone, Debug)]
struct Setup {
    /// Bit `i` enables `ids()[i]`.
    enabled: u64,
    /// Bit `i` shuffles the tiles of `ids()[i]` in when its rules are off.
    tiles_only: u64,
    /// One choice per variant of every expansion, in declaration order; the
    /// last choice of each leaves the variant unset (its default).
    variant_choices: Vec<usize>,
    players: usize,
    seed: u64,
    bot_seed: u64,
}

/// How many of the linked expansions a drawn game turns on: each with
/// probability 1/2 in a quarter of the games, 1/4 in another quarter, 1/8
/// in the other half. A game's cost grows with the square of its
/// expansions (more tiles, each decision asking more of them), so with some
/// fifty linked, games of two dozen expansions all the time made this test
/// the fast suite's slowest by far; small sets play many more combinations
/// for the time, and a quarter of the games still mix two dozen.
fn thinned(enabled: u64, thin: u64, size_class: u8) -> u64 {
    match size_class % 4 {
        0 => enabled,
        1 => enabled & thin,
        _ => enabled & thin & thin.rotate_left(32),
    }
}

fn setups() -> impl Strategy<Value = Setup> {
    (
        (any::<u64>(), any::<u64>(), any::<u8>()),
        any::<u64>(),
        proptest::collection::vec(any::<usize>(), VARIANT_CHOICES),
        1usize..=6,
        any::<u64>(),
        any::<u64>(),
    )
        .prop_map(
            |((enabled, thin, size_class), tiles_only, variant_choices, players, seed, bot_seed)| Setup {
                enabled: thinned(enabled, thin, size_class),
                tiles_only,
                variant_choices,
                players,
                seed,
                bot_seed,
            },
        )
}

/// The configuration of `setup`, made consistent with the expansions'
/// declared requirements and conflicts (requirements are added, an
/// expansion conflicting with one already on is dropped).
fn config_of(catalog: &Catalog, setup: &Setup) -> GameConfig {
    let on: Vec<&str> = ids()
        .iter()
        .enumerate()
        .filter(|(i, _)| setup.enabled & (1 << i) != 0)
        .map(|(_, id)| *id)
        .collect();
    let kept = carcassonne_testkit::consistent_expansions(catalog, on);
    let mut config = GameConfig::with_players(setup.players);
    config.seed = setup.seed;
    config.expansions = kept.iter().map(|s| s.to_string()).collect();
    config.tiles_only = ids()
        .iter()
        .enumerate()
        .filter(|(i, id)| setup.tiles_only & (1 << i) != 0 && !kept.contains(id))
        .map(|(_, id)| id.to_string())
        .collect();
    let mut choice = setup.variant_choices.iter().cycle();
    let declared = kept
        .iter()
        .map(|id| (*id, catalog.get(id).expect("linked").variants))
        .chain([(BASE_ID, BASE_VARIANTS)]);
    for (id, variants) in declared {
        for v in variants {
            let values = v.kind.examples();
            let c = choice.next().expect("cycled") % (values.len() + 1);
            if let Some(value) = values.get(c) {
                config
                    .variants
                    .entry(id.to_string())
                    .or_default()
                    .insert(v.name.to_string(), value.clone());
            }
        }
    }
    // Parts: each off a third of the time, one kept on at least; the
    // figures of parts that are off get no count below.
    let mut figures_off: Vec<&str> = Vec::new();
    for id in &kept {
        let parts = catalog.get(id).expect("linked").parts;
        let off: Vec<_> = parts
            .iter()
            .filter(|_| choice.next().expect("cycled").is_multiple_of(3))
            .collect();
        for part in off.iter().take(parts.len().saturating_sub(1)) {
            config
                .parts
                .entry(id.to_string())
                .or_default()
                .insert(part.id.to_string(), false);
            figures_off.extend(part.figures);
        }
    }
    // Figures per player: the core's follower and the kept expansions'
    // figures, each at its default half the time, else 0, 1 or 2.
    let figures = std::iter::once(&FOLLOWER)
        .chain(kept.iter().flat_map(|id| catalog.get(id).expect("linked").figures))
        .filter(|f| !figures_off.contains(&f.id));
    for f in figures {
        let count = [None, None, None, Some(0), Some(1), Some(2)][choice.next().expect("cycled") % 6];
        if let Some(count) = count {
            config.figures.insert(f.id.to_string(), count);
        }
    }
    config
}

/// The rules for `config`. The one combination of declared variant values
/// an expansion refuses — Cleric and Serf's barn Serf without the Abbey &
/// Mayor barn — must be refused with a message naming the fix; the game is
/// then played with that variant at its default.
/// Also says whether the configuration was refused so.
fn rules_for(catalog: &Catalog, config: &mut GameConfig) -> (Arc<Rules>, bool) {
    match Rules::new(catalog, config, &TileSource::default()) {
        Ok(rules) => (Arc::new(rules), false),
        Err(SetupError::Expansion(id, message))
            if id == "cleric-and-serf"
                && config.variants.get(&id).and_then(|v| v.get("serf")) == Some(&"barn".into())
                && (!config.expansions.iter().any(|e| e == "abbey-and-mayor")
                    || config.figures.get("barn") == Some(&0)
                    || config.parts.get("abbey-and-mayor").and_then(|p| p.get("barn")) == Some(&false)) =>
        {
            assert!(message.contains("abbey-and-mayor"), "unhelpful refusal: {message}");
            config.variants.get_mut(&id).expect("checked").remove("serf");
            let rules = Rules::new(catalog, config, &TileSource::default()).expect("the default Serf rule loads");
            (Arc::new(rules), true)
        }
        Err(e) => panic!("a consistent configuration was refused: {e}\n{config:?}"),
    }
}

/// Everything a host can observe of a game, for "nothing changed" and
/// "replays identically" checks. The expansions' states are compared
/// separately, in full (see [`same_expansion_states`]).
#[derive(Debug, PartialEq)]
struct Snapshot {
    scores: Vec<i32>,
    breakdowns: Vec<Vec<i32>>,
    tiles: Vec<PlacedTile>,
    figures: Vec<PlacedFigure>,
    supply: Vec<Vec<u8>>,
    tiles_left: usize,
    discarded: Vec<u16>,
    turn: Turn,
    phase: Phase,
    decision: Option<Decision>,
    public: Vec<Value>,
    last_events: Vec<Event>,
}

fn snapshot(game: &Game) -> Snapshot {
    let s = game.state();
    let players = 0..s.players() as u8;
    Snapshot {
        scores: players.clone().map(|p| s.score(p)).collect(),
        breakdowns: players.clone().map(|p| s.breakdown(p).to_vec()).collect(),
        tiles: s.board().tiles().to_vec(),
        figures: s.figures().to_vec(),
        supply: players
            .map(|p| {
                (0..game.rules().figures().len() as u8)
                    .map(|k| s.supply(p, k))
                    .collect()
            })
            .collect(),
        tiles_left: s.tiles_left(),
        discarded: s.discarded().to_vec(),
        turn: s.turn().clone(),
        phase: s.phase(),
        decision: game.decision(),
        public: (0..game.rules().expansions().len() as u8)
            .map(|slot| game.public_expansion_state(slot))
            .collect(),
        last_events: game.last_events().to_vec(),
    }
}

/// Whether every expansion's full state (hidden parts included) is equal.
fn same_expansion_states(a: &Game, b: &Game) -> bool {
    (0..a.rules().expansions().len() as u8).all(|slot| a.expansion_state(slot).eq_dyn(b.expansion_state(slot)))
}

/// The public state of expansion `id`, if its rules are on.
fn public_of(game: &Game, id: &str) -> Option<Value> {
    game.rules()
        .expansion_slot(id)
        .map(|slot| game.public_expansion_state(slot))
}

fn as_u64(v: &Value, what: &str) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("{what} is not a count: {v}"))
}

fn array<'a>(v: &'a Value, what: &str) -> &'a Vec<Value> {
    v.as_array().unwrap_or_else(|| panic!("{what} is not a list: {v}"))
}

/// What must hold between one decision and the next.
#[derive(Default)]
struct Watch {
    scores: Vec<i32>,
    /// Points the expansions paid to nobody so far (`paid_to_nobody` in
    /// their public states: Bridges, Castles & Bazaars' unraised bids).
    paid: i64,
    eggs: Vec<u64>,
    titles: Vec<u64>,
    /// Trade goods tokens held, per player and good.
    goods: Vec<u64>,
    /// Expansion moves seen so far, replayed at moments they do not belong to.
    expansion_moves: Vec<Move>,
}

/// What a set of games exercised, so the tests can show that the
/// expansion-specific invariants were not checked on empty states.
#[derive(Debug, Default)]
struct Coverage {
    games: usize,
    decisions: usize,
    /// Decisions taken, by kind (`place`, `deploy`, or the expansion's id).
    by_kind: BTreeMap<String, usize>,
    /// Deployments of figures other than the follower, by figure id.
    special_figures: BTreeMap<String, usize>,
    /// Score sources that gave points, with the total.
    sources: BTreeMap<String, i64>,
    /// Illegal actions tried (each refused with the game unchanged).
    refused: usize,
    /// Configurations refused for a variant needing an expansion that is off.
    refused_setups: usize,
    /// Tiles placed from outside the bag (abbeys).
    abbeys: usize,
    /// Scored wagons moved on to another feature.
    wagon_moves: usize,
    /// Fruit tokens harvested, cloister tokens taken and eggs earned.
    fruit_harvested: u64,
    cloister_tokens: u64,
    eggs: u64,
    /// Decisions after which someone held a prisoner.
    prisoners: usize,
}

impl Coverage {
    fn add(&mut self, other: Coverage) {
        self.games += other.games;
        self.decisions += other.decisions;
        for (k, n) in other.by_kind {
            *self.by_kind.entry(k).or_default() += n;
        }
        for (k, n) in other.special_figures {
            *self.special_figures.entry(k).or_default() += n;
        }
        for (k, n) in other.sources {
            *self.sources.entry(k).or_default() += n;
        }
        self.refused += other.refused;
        self.refused_setups += other.refused_setups;
        self.abbeys += other.abbeys;
        self.wagon_moves += other.wagon_moves;
        self.fruit_harvested += other.fruit_harvested;
        self.cloister_tokens += other.cloister_tokens;
        self.eggs += other.eggs;
        self.prisoners += other.prisoners;
    }

    /// Notes what the finished `game` holds.
    fn finished(&mut self, game: &Game) {
        let s = game.state();
        let rules = game.rules();
        self.games += 1;
        for p in 0..s.players() as u8 {
            for (i, &points) in s.breakdown(p).iter().enumerate() {
                if points != 0 {
                    *self.sources.entry(rules.score_sources()[i].clone()).or_default() += i64::from(points);
                }
            }
        }
        self.abbeys += s
            .board()
            .tiles()
            .iter()
            .filter(|t| t.placer.is_some() && !rules.tile(t.tile).def.in_bag)
            .count();
        if let Some(fruit) = public_of(game, "fruit-trees") {
            for grower in array(&fruit["players"], "players") {
                self.fruit_harvested +=
                    (array(&grower["held"], "held").len() + array(&grower["sold"], "sold").len()) as u64;
            }
        }
        if let Some(cs) = public_of(game, "cleric-and-serf") {
            self.cloister_tokens += array(&cs["cloister_tokens"]["held"], "held tokens")
                .iter()
                .map(|n| as_u64(n, "held tokens"))
                .sum::<u64>();
        }
        if let Some(easter) = public_of(game, "easter") {
            self.eggs += array(&easter["eggs"], "eggs")
                .iter()
                .map(|n| as_u64(n, "eggs"))
                .sum::<u64>();
        }
    }

    /// Checks that the games made the expansions' rules come into play:
    /// decisions of each kind in `kinds` were taken, each figure in
    /// `figures` was deployed, and each score source in `sources` gave points.
    fn assert_exercised(&self, kinds: &[&str], figures: &[&str], sources: &[&str]) {
        for kind in ["place", "deploy"].iter().chain(kinds) {
            assert!(
                self.by_kind.get(*kind).is_some_and(|&n| n > 0),
                "no {kind} decision in {self:#?}"
            );
        }
        for figure in figures {
            assert!(
                self.special_figures.contains_key(*figure),
                "no {figure} deployed in {self:#?}"
            );
        }
        for source in sources {
            assert!(
                self.sources.contains_key(*source),
                "no points from {source} in {self:#?}"
            );
        }
        assert!(self.fruit_harvested > 0, "no fruit harvested");
        assert!(self.eggs > 0, "no egg earned");
        assert!(self.refused > 0, "no illegal action tried");
    }
}

/// Checks the invariants that hold at every point of a game.
fn check_invariants(game: &Game, watch: &mut Watch) {
    let s = game.state();
    let rules = game.rules();
    let players = s.players() as u8;

    // What the expansions keep up from events agrees with a recount.
    if let Err(e) = game.check_kept_up() {
        panic!("kept-up values differ from the board: {e}");
    }

    // Figures.
    for p in 0..players {
        for (k, decl) in rules.figures().iter().enumerate() {
            let on_board = s
                .figures()
                .iter()
                .filter(|f| f.owner == p && f.kind as usize == k)
                .count();
            assert_eq!(
                s.supply(p, k as u8) as usize + on_board + s.held(p, k as u8),
                decl.per_player as usize,
                "player {p}'s {} are not conserved (supply {}, on the board {on_board}, held by others {})",
                decl.id,
                s.supply(p, k as u8),
                s.held(p, k as u8)
            );
        }
    }
    // Abbey & Mayor's figures stand where they may: a mayor only in a city,
    // a wagon never on a field (or waiting in a quarter of The Count of
    // Carcassonne's city, which it may enter by those same limits); scored
    // wagons wait for decisions only between a turn's scoring and its end.
    for f in s.figures() {
        let (Some(node), id) = (f.node, rules.figures()[f.kind as usize].id) else {
            continue;
        };
        let kind = s.features().kind(node);
        if rules.kind_name(kind) == "quarter" {
            continue;
        }
        match id {
            "mayor" => assert_eq!(kind, FeatureKind::CITY, "a mayor stands on a {kind}"),
            "wagon" => assert_ne!(kind, FeatureKind::FIELD, "a wagon stands on a field"),
            _ => {}
        }
    }
    if let Some(am) = public_of(game, "abbey-and-mayor")
        && let Some(waiting) = am.get("wagons_to_move")
    {
        assert!(
            matches!(game.decision(), Some(Decision::Expansion { .. })),
            "wagons wait for a move ({waiting}) but the decision is {:?}",
            game.decision()
        );
    }
    for f in s.figures() {
        if let Spot::Feature(_) = f.spot {
            assert!(f.node.is_some(), "figure on a feature without its node: {f:?}");
        }
        assert!(s.board().is_occupied(f.pos), "figure off the board: {f:?}");
    }
    // When a tile is to be placed, the last turn's scoring is over: no
    // figure may still stand in a completed road, city or cloister.
    if let Some(Decision::Place { .. }) = game.decision() {
        for f in s.figures() {
            if let Some(node) = f.node {
                assert!(
                    !s.is_complete(node),
                    "{f:?} stays on a completed {} after scoring",
                    s.features().kind(node)
                );
            }
        }
    }

    // Tiles. The bag holds every copy of every tile type marked `in_bag`
    // except the start tiles (the start tile and any laid with it, as The
    // Count of Carcassonne's city); tiles of other types (abbeys) come from
    // outside.
    let in_bag = |t: u16| rules.tile(t).def.in_bag;
    let from_bag_on_board = s.board().tiles().iter().filter(|t| in_bag(t.tile)).count();
    let starts = std::iter::once(rules.start_tile()).chain(rules.more_starts().iter().map(|m| m.tile));
    let start_from_bag = starts.clone().filter(|&t| in_bag(t)).count();
    let start_outside = starts.filter(|&t| !in_bag(t)).count();
    let outside = s.board().tiles().len() - from_bag_on_board - start_outside;
    let drawn = usize::from(s.turn().drawn.is_some());
    // A tile an expansion took from the bag (`Ctx::bury_tile`: a bazaar's
    // tiles) is set aside until supplied as a turn's tile
    // (`Expansion::supplied_tile`), which takes it from there: it is
    // counted once.
    assert_eq!(
        from_bag_on_board + s.discarded().len() + s.set_aside().len() + drawn + s.tiles_left(),
        rules.bag_size() + start_from_bag,
        "tiles are not conserved: {from_bag_on_board} on the board, {} discarded, {} set aside, {drawn} drawn, {} \
         in the bag; the bag held {}",
        s.discarded().len(),
        s.set_aside().len(),
        s.tiles_left(),
        rules.bag_size()
    );
    assert!(
        s.discarded().iter().all(|&t| in_bag(t)),
        "a tile from outside the bag was discarded"
    );
    match public_of(game, "abbey-and-mayor") {
        Some(abbey) => {
            let in_hand: u64 = array(&abbey["abbeys_left"], "abbeys_left")
                .iter()
                .map(|n| as_u64(n, "abbeys left"))
                .sum();
            // Each player holds one abbey when the game's tiles have one
            // and the abbeys are on (a part a game may switch off).
            let abbeys_on = rules
                .expansions()
                .iter()
                .any(|e| e.info.id == "abbey-and-mayor" && e.parts.iter().any(|p| p == "abbey"));
            let abbey_exists = abbeys_on
                && rules
                    .tiles()
                    .iter()
                    .any(|t| t.def.attribute("abbey-and-mayor").is_some());
            assert_eq!(
                outside as u64 + in_hand,
                if abbey_exists { u64::from(players) } else { 0 },
                "abbeys are not conserved: {outside} placed, {in_hand} in hand"
            );
        }
        None => assert_eq!(
            outside, 0,
            "a tile from outside the bag was placed with no expansion to place it"
        ),
    }

    // Fruit tokens.
    if let Some(fruit) = public_of(game, "fruit-trees") {
        let mut count: BTreeMap<String, u64> = BTreeMap::new();
        for (name, n) in fruit["supply"].as_object().expect("supply is a map") {
            *count.entry(name.clone()).or_default() += as_u64(n, "a supply stack");
        }
        for tree in array(&fruit["trees"], "trees") {
            let n = as_u64(&tree["tokens"], "a tree's stack");
            if n > 0 {
                let name = tree["fruit"].as_str().expect("a stack has a fruit").to_string();
                *count.entry(name).or_default() += n;
            }
        }
        for grower in array(&fruit["players"], "players") {
            for token in array(&grower["held"], "held")
                .iter()
                .chain(array(&grower["sold"], "sold"))
            {
                let name = token["fruit"].as_str().expect("a token has a fruit").to_string();
                *count.entry(name).or_default() += 1;
            }
        }
        // A harvest scores the token's value at once, so each player's
        // harvest points are the values of the tokens they took.
        let harvest = rules.score_sources().iter().position(|s| s == "fruit-trees.harvest");
        let harvest = harvest.expect("fruit-trees declares its harvest source");
        for (p, grower) in array(&fruit["players"], "players").iter().enumerate() {
            let taken: u64 = array(&grower["held"], "held")
                .iter()
                .chain(array(&grower["sold"], "sold"))
                .map(|t| as_u64(&t["value"], "a token's value"))
                .sum();
            assert_eq!(
                s.breakdown(p as u8)[harvest] as u64,
                taken,
                "player {p}'s harvest points are not the values of the tokens taken: {grower}"
            );
        }
        assert_eq!(count.values().sum::<u64>(), FRUIT_TOKENS, "fruit tokens: {count:?}");
        assert!(
            count.values().all(|&n| n == TOKENS_PER_FRUIT),
            "fruit tokens per fruit: {count:?}"
        );
    }

    // Cloister tokens.
    if let Some(cs) = public_of(game, "cleric-and-serf") {
        let tokens = &cs["cloister_tokens"];
        let held: u64 = array(&tokens["held"], "held tokens")
            .iter()
            .map(|n| as_u64(n, "held tokens"))
            .sum();
        assert_eq!(
            held + as_u64(&tokens["supply"], "token supply"),
            CLOISTER_TOKENS,
            "cloister tokens: {tokens}"
        );
    }

    // Eggs never decrease.
    if let Some(easter) = public_of(game, "easter") {
        let eggs: Vec<u64> = array(&easter["eggs"], "eggs")
            .iter()
            .map(|n| as_u64(n, "eggs"))
            .collect();
        assert_eq!(eggs.len(), players as usize, "eggs per player");
        if !watch.eggs.is_empty() {
            for p in 0..eggs.len() {
                assert!(
                    eggs[p] >= watch.eggs[p],
                    "player {p}'s eggs fell: {:?} → {eggs:?}",
                    watch.eggs
                );
            }
        }
        watch.eggs = eggs;
    }

    // The King's and the Robber Baron's records only grow.
    if let Some(kr) = public_of(game, "king-and-robber-baron") {
        let sizes: Vec<u64> = ["king_size", "robber_baron_size", "cities_completed", "roads_completed"]
            .iter()
            .map(|k| as_u64(&kr[*k], k))
            .collect();
        if !watch.titles.is_empty() {
            assert!(
                sizes.iter().zip(&watch.titles).all(|(now, before)| now >= before),
                "a King or Robber Baron record fell: {:?} → {sizes:?}",
                watch.titles
            );
        }
        watch.titles = sizes;
    }

    // Trade goods tokens only grow, and there are 20 (one per symbol on
    // Traders & Builders' tiles; other sets show none). Builders and pigs
    // never stay without a follower of their owner in their feature past
    // the turn that took it away.
    if let Some(tb) = public_of(game, "traders-and-builders") {
        let held: Vec<u64> = array(&tb["goods"], "goods")
            .iter()
            .flat_map(|g| ["wine", "grain", "cloth"].map(|k| as_u64(&g[k], k)))
            .collect();
        assert!(held.iter().sum::<u64>() <= 20, "more than 20 trade goods: {held:?}");
        if !watch.goods.is_empty() {
            assert!(
                held.iter().zip(&watch.goods).all(|(now, before)| now >= before),
                "trade goods fell: {:?} → {held:?}",
                watch.goods
            );
        }
        watch.goods = held;
        if s.phase() == carcassonne_core::Phase::Place {
            let special = |k: u8| {
                let id = rules.figures()[k as usize].id;
                id == "builder" || id == "pig"
            };
            // Only in a feature: a builder a trap took stands on the trap's
            // tile, off every feature, by The Russian Promos' rule ("The
            // affected followers and builders will be sent to the tree").
            for f in s.figures().iter().filter(|f| special(f.kind) && f.node.is_some()) {
                let root = f.node.map(|n| s.features().root(n));
                let beside = s.figures().iter().any(|g| {
                    g.owner == f.owner
                        && rules.figures()[g.kind as usize].class == carcassonne_core::FigureClass::Follower
                        && g.node.map(|n| s.features().root(n)) == root
                });
                assert!(beside, "a builder or pig alone in its feature: {f:?}");
            }
        }
    }

    // A prisoner is never its holder's own.
    for c in s.captives() {
        assert_ne!(c.owner, c.by, "a player holds their own figure: {c:?}");
    }

    // Scores add up, and their total never decreases.
    let scores: Vec<i32> = (0..players).map(|p| s.score(p)).collect();
    for p in 0..players {
        assert_eq!(
            s.score(p),
            s.breakdown(p).iter().sum::<i32>(),
            "player {p}'s score is not the sum of its breakdown {:?} ({:?})",
            s.breakdown(p),
            rules.score_sources()
        );
    }
    // Points are never destroyed: a score falls only when its player pays
    // another (a tower's ransom) or the bank, which an expansion counts in
    // its public state (`paid_to_nobody`: a bazaar's bid nobody raised), so
    // the total never falls by more than the bank took.
    let paid: i64 = (0..rules.expansions().len() as u8)
        .filter_map(|slot| game.public_expansion_state(slot).get("paid_to_nobody")?.as_i64())
        .sum();
    if !watch.scores.is_empty() {
        let before = i64::from(watch.scores.iter().sum::<i32>()) + watch.paid;
        let now = i64::from(scores.iter().sum::<i32>()) + paid;
        assert!(
            now >= before && paid >= watch.paid,
            "the total score fell: {:?} → {scores:?} ({} → {paid} paid to nobody)",
            watch.scores,
            watch.paid
        );
    }
    watch.scores = scores;
    watch.paid = paid;

    // Counters: only what each expansion declares, on tiles that lie on the
    // board (the engine counts every other write).
    for (slot, e) in rules.expansions().iter().enumerate() {
        let dropped = game.counters(slot as u8, &mut carcassonne_core::CounterReadings::default());
        assert_eq!(dropped, 0, "{} wrote counter values it does not declare", e.info.id);
    }
}

/// Plays `action`, which must be refused, and checks nothing changed.
/// Whether `action`, not listed, is accepted as one of the listed
/// `options` named another way (Mage & Witch takes a feature named by any
/// of its tiles, as JCloisterZone's saves name it): played, it leaves the
/// game exactly as that option does.
fn same_as_listed(game: &Game, options: &[Action], action: &Action) -> bool {
    let mut played = game.clone();
    if played.play(action).is_err() {
        return false;
    }
    let after = snapshot(&played);
    options.iter().any(|o| {
        let mut listed = game.clone();
        listed.play(o).is_ok() && snapshot(&listed) == after
    })
}

fn assert_refused(game: &mut Game, action: &Action) {
    let before = game.clone();
    let snap = snapshot(game);
    assert!(
        game.check(action).is_err(),
        "check accepted {action:?} at {:?}",
        snap.decision
    );
    assert!(
        game.play(action).is_err(),
        "play accepted {action:?} at {:?}",
        snap.decision
    );
    let after = snapshot(game);
    assert!(
        after == snap,
        "refused {action:?} changed the game:\nbefore {snap:?}\nafter {after:?}"
    );
    assert!(
        same_expansion_states(&before, game),
        "refused {action:?} changed an expansion's state"
    );
}

/// Tries illegal actions against the pending decision (listed `options`);
/// returns how many were tried.
fn try_illegal(game: &mut Game, options: &[Action], watch: &Watch, pick: usize) -> usize {
    // Far outside any board a game of these tile sets can build.
    let far = Pos::new(10_000, -10_000);
    let mut illegal: Vec<Action> = vec![Action::Place {
        pos: far,
        rotation: Rotation::NONE,
    }];
    match game.decision() {
        Some(Decision::Place { .. }) => {
            // A pass puts the tile aside only where it is listed (a tile
            // that fits by an optional relaxation alone).
            if !options.contains(&Action::Pass) {
                illegal.push(Action::Pass);
            }
            illegal.push(Action::Place {
                pos: Pos::new(0, 0),
                rotation: Rotation::NONE,
            });
        }
        Some(Decision::Deploy { pos, .. }) => {
            illegal.push(Action::Deploy(Deployment {
                figure: 0,
                pos: far,
                spot: Spot::Feature(0),
            }));
            illegal.push(Action::Deploy(Deployment {
                figure: game.rules().figures().len() as u8,
                pos,
                spot: Spot::Feature(0),
            }));
        }
        Some(Decision::Expansion { .. }) | None => illegal.push(Action::Pass),
    }
    // An expansion's move seen earlier in the game, well-formed, replayed
    // now: unless it is listed again it must be refused.
    if !watch.expansion_moves.is_empty() {
        let m = &watch.expansion_moves[pick % watch.expansion_moves.len()];
        let action = game.action_from_move(m).expect("a move read once reads again");
        if !options.contains(&action) && !same_as_listed(game, options, &action) {
            illegal.push(action);
        }
    }
    for action in &illegal {
        assert_refused(game, action);
    }
    illegal.len()
}

/// How thoroughly a game checks the options it is offered.
#[derive(Clone, Copy)]
enum Options {
    /// Every option of every decision is played on a clone.
    All,
    /// Every option of deploy and expansion decisions; a few placements.
    Sampled,
    /// Every option of one decision in `n` (drawn at random), of whatever
    /// kind; a few of the others' (the first, the last and one drawn). With
    /// every expansion on, each option played on a clone is a game of fifty
    /// expansions run on to the next decision: trying every option of every
    /// decision doubled the greedy games' time, five minutes of the fast
    /// suite.
    AllOneIn(usize),
}

/// Checks that every listed option (or a sample, as `how` says) is accepted.
fn check_options(game: &Game, options: &[Action], how: Options, pick: usize) {
    assert!(
        !options.is_empty(),
        "a pending decision lists no option: {:?}",
        game.decision()
    );
    let sampled = match (how, game.decision()) {
        (Options::All, _) => false,
        (Options::Sampled, Some(Decision::Place { .. })) => true,
        (Options::Sampled, _) => false,
        (Options::AllOneIn(n), _) => !pick.is_multiple_of(n.max(1)),
    };
    let to_try: Vec<&Action> = match game.decision() {
        _ if sampled && options.len() > 3 => {
            // First, last and one in between (the bot's own choice is played for real).
            vec![&options[0], &options[options.len() - 1], &options[pick % options.len()]]
        }
        _ => options.iter().collect(),
    };
    for action in to_try {
        assert!(game.check(action).is_ok(), "check refused listed {action:?}");
        let mut copy = game.clone();
        if let Err(e) = copy.play(action) {
            panic!("play refused listed {action:?} at {:?}: {e}", game.decision());
        }
    }
}

/// Plays a game to the end with `bot`, checking the invariants after every
/// decision, then checks the record replays to the identical state.
fn play_checked(catalog: &Catalog, mut config: GameConfig, bot: &mut dyn Bot, how: Options, seed: u64) -> Coverage {
    let (rules, refused_setup) = rules_for(catalog, &mut config);
    let mut game = Game::new(rules).unwrap_or_else(|e| panic!("the game does not start: {e}\n{config:?}"));
    let mut record = GameRecord::new(config.clone());
    let mut watch = Watch::default();
    let mut coverage = Coverage {
        refused_setups: usize::from(refused_setup),
        ..Coverage::default()
    };
    // Picks which placements and illegal moves to try, apart from the bot.
    let mut picker = GameRng::new(seed ^ 0x5eed);
    let mut options = Vec::new();
    check_invariants(&game, &mut watch);
    while !game.is_over() {
        game.legal_actions(&mut options);
        let pick = picker.below(u32::MAX) as usize;
        check_options(&game, &options, how, pick);
        coverage.refused += try_illegal(&mut game, &options, &watch, pick);
        let choice = bot.choose(&game, &options);
        let action = &options[choice];
        let kind = match game.decision() {
            Some(Decision::Place { .. }) => "place",
            Some(Decision::Deploy { .. }) => "deploy",
            Some(Decision::Expansion { slot, .. }) => game.rules().expansions()[slot as usize].info.id,
            None => unreachable!("the game is not over"),
        };
        *coverage.by_kind.entry(kind.to_string()).or_default() += 1;
        if let Action::Deploy(d) = action
            && d.figure != 0
        {
            let id = game.rules().figures()[d.figure as usize].id.to_string();
            *coverage.special_figures.entry(id).or_default() += 1;
        }
        let m = game.move_of(action);
        if let Move::Expansion(answer) = &m {
            if answer.get("abbey-and-mayor").is_some_and(|a| a.get("wagon").is_some()) {
                coverage.wagon_moves += 1;
            }
            watch.expansion_moves.push(m.clone());
        }
        record.moves.push(m);
        if let Err(e) = game.play(action) {
            panic!("listed {action:?} was refused: {e}\n{config:?}");
        }
        coverage.decisions += 1;
        if !game.state().captives().is_empty() {
            coverage.prisoners += 1;
        }
        check_invariants(&game, &mut watch);
        assert!(coverage.decisions < 10_000, "the game does not end: {config:?}");
    }
    assert_eq!(game.decision(), None);
    coverage.refused += try_illegal(&mut game, &[], &watch, 0);

    let json = record.to_json();
    let parsed = GameRecord::from_json(&json).unwrap_or_else(|e| panic!("the record does not read back: {e}\n{json}"));
    assert_eq!(parsed, record, "the record changed through JSON");
    let replayed = parsed
        .replay(catalog, &TileSource::default())
        .unwrap_or_else(|e| panic!("the record does not replay: {e}\n{json}"));
    assert!(replayed.is_over(), "the replayed game is not over");
    assert_eq!(snapshot(&replayed), snapshot(&game), "the replay differs");
    assert!(
        same_expansion_states(&replayed, &game),
        "an expansion's state differs after replay"
    );
    coverage.finished(&game);
    coverage
}

/// Games and decisions the proptest covered (it has no single place to sum them).
static PROPTEST_GAMES: AtomicUsize = AtomicUsize::new(0);
static PROPTEST_DECISIONS: AtomicUsize = AtomicUsize::new(0);

proptest! {
    // Each case is a whole game with every decision checked, from a few
    // seconds to a minute in a debug build (see `thinned`).
    // `PROPTEST_CASES=2000` soaks longer.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(64),
        // Beside this file: the default looks for a lib.rs next to it.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        // Shrinking a whole game can take many minutes, which looks like a
        // hang in CI: a minute of it, then the smallest case found so far.
        max_shrink_time: 60_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_with_random_expansions_keep_their_invariants(setup in setups()) {
        let catalog = catalog();
        let config = config_of(&catalog, &setup);
        // Shown only when the case fails: the game's configuration in the
        // form a record or `serde_json` reads, to replay it after the
        // linked expansions (and so the bits of `setup`) have changed.
        eprintln!("configuration: {}", serde_json::to_string(&config).unwrap_or_default());
        let mut bot = RandomBot::new(setup.bot_seed);
        let coverage = play_checked(&catalog, config, &mut bot, Options::Sampled, setup.bot_seed);
        let games = PROPTEST_GAMES.fetch_add(1, Ordering::Relaxed) + 1;
        let decisions = PROPTEST_DECISIONS.fetch_add(coverage.decisions, Ordering::Relaxed) + coverage.decisions;
        if games.is_multiple_of(16) {
            eprintln!("random sets of expansions: {games} games, {decisions} decisions so far");
        }
    }
}

/// Most sets of linked expansions this test plays (a game each).
const MOST_SETS: usize = 512;

/// The largest random set of expansions it plays besides all of them: a
/// game with every expansion costs many small ones, and interactions show
/// in small sets (every pair is played).
const LARGEST_RANDOM_SET: u32 = 6;

/// The sets of expansions (bit `i` for `ids()[i]`) the test below plays:
/// every set while there are at most `MOST_SETS`; beyond that, which each
/// new expansion doubles, each expansion alone, every pair (or as many
/// seeded random pairs as fit in three quarters of `MOST_SETS`), all of
/// them, and seeded random sets of three to `LARGEST_RANDOM_SET` up to
/// `MOST_SETS`, so that the test's time stays flat as expansions are added.
fn sets_to_play(n: usize, rng: &mut GameRng) -> Vec<u64> {
    let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    if n < 64 && (1usize << n) <= MOST_SETS {
        return (0..=full).collect();
    }
    let mut sets: std::collections::BTreeSet<u64> = std::collections::BTreeSet::from([0, full]);
    for i in 0..n {
        sets.insert(1 << i);
    }
    let pairs: Vec<u64> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (1u64 << i) | (1 << j)))
        .collect();
    if sets.len() + pairs.len() <= MOST_SETS * 3 / 4 {
        sets.extend(pairs);
    } else {
        while sets.len() < MOST_SETS * 3 / 4 {
            sets.insert(pairs[rng.below(pairs.len() as u32) as usize]);
        }
    }
    while sets.len() < MOST_SETS {
        let size = 3 + rng.below(LARGEST_RANDOM_SET - 2);
        let mut set = 0u64;
        while set.count_ones() < size.min(n as u32) {
            set |= 1 << rng.below(n as u32);
        }
        sets.insert(set);
    }
    sets.into_iter().collect()
}

#[test]
fn the_sets_played_stay_within_bounds_as_expansions_are_added() {
    for n in [3, 10, 11, 40, 64] {
        let sets = sets_to_play(n, &mut GameRng::new(65));
        assert!(sets.len() <= MOST_SETS.max(1 << n.min(10)), "{n}: {}", sets.len());
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        assert!(sets.contains(&full), "{n}: all of them");
        for i in 0..n {
            assert!(sets.contains(&(1 << i)), "{n}: expansion {i} alone");
        }
        if n <= 25 {
            assert!(sets.contains(&0b11), "{n}: every pair while they fit");
        }
        if n > 9 {
            let largest = sets.iter().filter(|&&s| s != full).map(|s| s.count_ones()).max();
            assert!(largest <= Some(LARGEST_RANDOM_SET.max(2)), "{n}: {largest:?}");
        }
    }
}

/// Every set of the linked expansions once (or, with many expansions, every
/// small and every nearly full set and random others: `sets_to_play`),
/// with random variants and random tiles-only sets: the proptest above
/// draws sets at random and may miss some.
#[test]
#[ignore = "slow suite: every set of expansions; the proptest samples them in the fast suite; run: cargo test --workspace -- --ignored"]
fn every_set_of_expansions_keeps_its_invariants() {
    let catalog = catalog();
    let mut rng = GameRng::new(64);
    let sets = sets_to_play(ids().len(), &mut GameRng::new(65));
    eprintln!(
        "{} sets of the {} linked expansions (of {} sets in all)",
        sets.len(),
        ids().len(),
        if ids().len() < 64 {
            (1u128 << ids().len()).to_string()
        } else {
            "2^64".to_string()
        }
    );
    let mut coverage = Coverage::default();
    let independent = catalog
        .all()
        .iter()
        .all(|e| e.requires.is_empty() && e.conflicts.is_empty());
    for enabled in sets {
        let setup = Setup {
            enabled,
            tiles_only: rng.next_u64(),
            variant_choices: (0..VARIANT_CHOICES).map(|_| rng.next_u64() as usize).collect(),
            players: 1 + rng.below(6) as usize,
            seed: rng.next_u64(),
            bot_seed: rng.next_u64(),
        };
        let config = config_of(&catalog, &setup);
        if independent {
            assert_eq!(config.expansions.len(), enabled.count_ones() as usize);
        }
        let mut bot = RandomBot::new(setup.bot_seed);
        coverage.add(play_checked(
            &catalog,
            config,
            &mut bot,
            Options::Sampled,
            setup.bot_seed,
        ));
    }
    eprintln!("every set of expansions: {coverage:#?}");
    coverage.assert_exercised(
        &[
            "abbey-and-mayor",
            "easter",
            "fruit-trees",
            "the-tower",
            "the-princess-and-the-dragon",
        ],
        &[
            "barn",
            "big-follower",
            "builder",
            "mayor",
            "pig",
            "tower-floor",
            "wagon",
        ],
        &[
            "abbey-and-mayor.barn",
            "cleric-and-serf.cleric",
            "cleric-and-serf.tokens",
            "easter",
            "fruit-trees.harvest",
            "king-and-robber-baron.king",
            "king-and-robber-baron.robber-baron",
            "the-princess-and-the-dragon.fairy",
            "traders-and-builders.goods",
            "traders-and-builders.pig",
        ],
    );
    assert!(coverage.abbeys > 0, "no abbey placed");
    assert!(coverage.prisoners > 0, "no tower took a prisoner");
    assert!(coverage.wagon_moves > 0, "no scored wagon moved on");
    assert!(coverage.cloister_tokens > 0, "no cloister token taken");
}

/// All the linked expansions together, played by the greedy bot, every option of
/// one decision in eight tried, and three of each other's (the slow suite
/// tries them all, below).
#[test]
fn greedy_games_with_all_expansions_keep_their_invariants() {
    greedy_games_with_all_expansions(Options::AllOneIn(8));
}

/// The same games with every option of every decision tried.
#[test]
#[ignore = "slow suite: every placement of four games of every expansion; the fast suite tries every option of one decision in eight; run: cargo test --workspace -- --ignored"]
fn greedy_games_with_all_expansions_accept_every_listed_option() {
    greedy_games_with_all_expansions(Options::All);
}

fn greedy_games_with_all_expansions(how: Options) {
    let catalog = catalog();
    let mut coverage = Coverage::default();
    for (seed, players) in [(1u64, 2usize), (2, 4), (3, 6), (4, 1)] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = carcassonne_testkit::consistent_expansions(&catalog, ids().iter().copied())
            .iter()
            .map(|s| s.to_string())
            .collect();
        coverage.add(play_checked(&catalog, config, &mut GreedyBot::default(), how, seed));
    }
    eprintln!("greedy, all expansions: {coverage:#?}");
    // The greedy bot breaks ties by taking the first option, which grows a
    // sparse board: its games complete no cloister and place no abbey, so
    // cloister tokens and abbeys are exercised by the random games only.
    coverage.assert_exercised(
        &["abbey-and-mayor", "easter", "fruit-trees"],
        &["barn", "big-follower", "mayor", "wagon"],
        &[
            "easter",
            "fruit-trees.harvest",
            "king-and-robber-baron.king",
            "king-and-robber-baron.robber-baron",
        ],
    );
}

/// A game the proptest drew (twenty expansions, five players) where the
/// Vodyanoy's lake (Russian Promos) trapped a farmer: the move kept the
/// number of figures and the newest one, so Cleric and Serf's live farms
/// missed it and drifted from the board until they heard the move itself.
#[test]
fn a_farmer_moved_by_another_rule_is_heard_by_the_live_serf() {
    let catalog = catalog();
    let config: GameConfig = serde_json::from_str(MOVED_FARMER_GAME).expect("the configuration reads");
    let mut bot = RandomBot::new(13_428_030_559_367_405_727);
    let coverage = play_checked(&catalog, config, &mut bot, Options::Sampled, 13_428_030_559_367_405_727);
    assert!(coverage.decisions > 100, "the game was played");
}

/// The configuration of that game.
const MOVED_FARMER_GAME: &str = r#"{"players":[{"name":"Player 1"},{"name":"Player 2"},{"name":"Player 3"},{"name":"Player 4"},{"name":"Player 5"}],"seed":9694409919034911377,"expansions":["abbey-and-mayor","bridges-castles-and-bazaars","cleric-and-serf","cult","darmstadt-promos","decinsky-sneznik","family-feud","fruit-trees","inns-and-cathedrals","king-and-robber-baron","monasteries","obelisk","river","robbers-son","russian-promos","the-city-gates","the-princess-and-the-dragon","the-tunnel","traders-and-builders","under-the-big-top"],"tiles_only":["abbot","courier","easter","fish-huts","hills-and-sheep","siege","the-festival","the-flier","watchtowers","wells"],"variants":{"abbey-and-mayor":{"barn_placement":"occupied"},"base":{"farmers":true,"tiny_city":true},"bridges-castles-and-bazaars":{"bazaar_auction":"no-auction","bazaar_builder_order":"auction-first","bazaar_during_round":"delay","bid_range":25},"cleric-and-serf":{"serf":"no-barn","serf_size":"live","tokens":"any-completer"},"cult":{"tile_set":"heretics-and-shrines"},"darmstadt-promos":{"remove_cloisters":2},"decinsky-sneznik":{"placement":"free-field"},"inns-and-cathedrals":{"final_scoring":"normal"},"monasteries":{"base_cloisters":"keep","packs":1},"river":{"start_tile":"shuffled","u_turn":"immediate"},"robbers-son":{"action":"may"},"russian-promos":{"vodyanoy_special_figures":true},"the-princess-and-the-dragon":{"fairy_final_scoring":false,"fairy_placement":"on-tile","princess":"may"},"the-tunnel":{"token_sets":"1/1"},"under-the-big-top":{"acrobats_final_scoring":"none","tile_set":"fcz-c1"}},"parts":{"abbey-and-mayor":{"abbey":false,"wagon":false},"inns-and-cathedrals":{"cathedrals":false,"inns":false},"the-princess-and-the-dragon":{"portal":false},"traders-and-builders":{"pig":false},"under-the-big-top":{"acrobats":false}},"figures":{"builder":2,"dragon":0,"fairy":1,"follower":0,"observation-tower":2,"ringmaster":1}}"#;
