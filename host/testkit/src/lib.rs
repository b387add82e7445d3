//! Testing an expansion: what every expansion's tests otherwise copy.
//!
//! - [`Kit`]: a catalog holding the expansion (and any it plays with), the
//!   tile directory, and records replayed by file name from `tests/records/`;
//! - [`RecordBuilder`]: a hand-written record in code, move by move;
//! - [`points`]: a player's points by score source (`"fruit-trees.harvest"`,
//!   `"roads"`), not by index;
//! - [`options`] and [`action`]: the pending decision's options and a move,
//!   in record form;
//! - [`random_games`]: random games that check, after every decision, what
//!   must hold in any game (figures and tiles conserved, scores never
//!   falling and adding up, every listed option accepted) and that the
//!   record replays to the identical game. Tests run in debug builds, where
//!   the engine also calls every hook whether declared or not and fails a
//!   game whose undeclared hook acts, so the harness checks an expansion's
//!   `hooks()` declaration too ([`HOOK_DECLARATIONS_CHECKED`]).
//!
//! ```
//! use carcassonne_testkit::RecordBuilder;
//! let record = RecordBuilder::new(&["Ann", "Bob"])
//!     .draw_order(&["D"])
//!     .place("D", (1, 0), 0)
//!     .pass()
//!     .build();
//! let game = record.replay(&Default::default(), &Default::default()).unwrap();
//! assert!(game.is_over());
//! ```

use carcassonne_core::serde_json::{self, Value, json};
use carcassonne_core::{
    Action, AfterPlacing, Catalog, Decision, ExpansionInfo, Game, GameConfig, GameRecord, IllegalAction, Move,
    PlayError, Rules, TileSource, WholeMove,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Whether this build checks hook declarations: the engine does so in
/// debug builds (where tests run by default), calling every hook and
/// failing a game in which one the expansion left out of `hooks()` acts.
pub const HOOK_DECLARATIONS_CHECKED: bool = cfg!(debug_assertions);

/// The expansions a test plays with, where its tiles and records are read.
#[derive(Clone, Debug)]
pub struct Kit {
    catalog: Catalog,
    tiles: TileSource,
    records: PathBuf,
}

impl Kit {
    /// A kit with `info` only, the built-in tile files, and records in the
    /// calling crate's `tests/records/` (pass `env!("CARGO_MANIFEST_DIR")`).
    ///
    /// # Panics
    /// If `info` cannot be registered (an id that is not kebab-case).
    pub fn new(info: &'static ExpansionInfo, manifest_dir: &str) -> Kit {
        Kit {
            catalog: Catalog::default(),
            tiles: TileSource::default(),
            records: Path::new(manifest_dir).join("tests/records"),
        }
        .with(info)
    }

    /// Adds another expansion to the catalog (one this one requires, or
    /// plays with in a test).
    ///
    /// # Panics
    /// If it cannot be registered (an id taken or not kebab-case).
    pub fn with(mut self, info: &'static ExpansionInfo) -> Kit {
        self.catalog.add(info).unwrap_or_else(|e| panic!("{}: {e}", info.id));
        self
    }

    /// Reads tile files from `dir` (a file there wins over an expansion's
    /// built-in copy), so that edits to them apply without a rebuild.
    pub fn tiles_dir(mut self, dir: impl Into<PathBuf>) -> Kit {
        self.tiles = TileSource { dir: Some(dir.into()) };
        self
    }

    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The tile source.
    pub fn tiles(&self) -> &TileSource {
        &self.tiles
    }

    /// The record `name` from the records directory.
    ///
    /// # Panics
    /// If it cannot be read or is not a record, naming the file.
    pub fn record(&self, name: &str) -> GameRecord {
        let path = self.records.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Replays the record `name`.
    ///
    /// # Panics
    /// If it does not replay, with the reason.
    pub fn replay(&self, name: &str) -> Game {
        self.replay_record(&self.record(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// Replays the first `moves` moves of the record `name`.
    ///
    /// # Panics
    /// If they do not replay, with the reason.
    pub fn replay_first(&self, name: &str, moves: usize) -> Game {
        let mut record = self.record(name);
        record.moves.truncate(moves);
        self.replay_record(&record).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// Replays `record`.
    ///
    /// # Errors
    /// Why it does not replay.
    pub fn replay_record(&self, record: &GameRecord) -> Result<Game, String> {
        record.replay(&self.catalog, &self.tiles).map_err(|e| e.to_string())
    }

    /// The rules of `config` with this kit's expansions and tiles.
    ///
    /// # Panics
    /// If the configuration cannot make a game.
    pub fn rules(&self, config: &GameConfig) -> Arc<Rules> {
        Arc::new(Rules::new(&self.catalog, config, &self.tiles).unwrap_or_else(|e| panic!("{e}\n{config:?}")))
    }
}

/// A player's points under breakdown key `source` (`"roads"`,
/// `"fruit-trees.harvest"`, or the expansion's id for its `""` source).
///
/// # Panics
/// If the game has no such score source, listing those it has.
pub fn points(game: &Game, player: u8, source: &str) -> i32 {
    let sources = game.rules().score_sources();
    let i = sources
        .iter()
        .position(|s| s == source)
        .unwrap_or_else(|| panic!("no score source `{source}`; the game has {sources:?}"));
    game.state().breakdown(player)[i]
}

/// The pending decision's options in record form, as JSON text
/// (`{"place":{…}}`, `"pass"`, `{"fruit-trees":…}`).
pub fn options(game: &Game) -> Vec<String> {
    let mut out: Vec<Action> = Vec::new();
    game.legal_actions(&mut out);
    out.iter()
        .map(|a| serde_json::to_string(&game.move_of(a)).expect("moves serialise"))
        .collect()
}

/// The record move `json` as an action of `game` now.
///
/// # Errors
/// Not a move, or not one the pending decision accepts, with the reason.
pub fn action(game: &Game, json: &str) -> Result<Action, String> {
    let m: Move = serde_json::from_str(json).map_err(|e| e.to_string())?;
    game.action_from_move(&m).map_err(|e| e.to_string())
}

/// Plays the record move `json` on `game`.
///
/// # Errors
/// Why it was refused; the game is then unchanged.
pub fn play(game: &mut Game, json: &str) -> Result<(), String> {
    let a = action(game, json)?;
    game.play(&a).map_err(|e| e.to_string())
}

/// Plays the record move `json` on `game`, keeping a refusal as a value, so
/// that a test can check its kind.
///
/// # Errors
/// Why it was refused; the game is then unchanged.
///
/// # Panics
/// If `json` is not a move in record form, or an expansion fails.
pub fn try_play(game: &mut Game, json: &str) -> Result<(), IllegalAction> {
    let m: Move = serde_json::from_str(json).unwrap_or_else(|e| panic!("not a move: {e}: {json}"));
    let a = game.action_from_move(&m)?;
    game.play(&a).map_err(|e| match e {
        PlayError::Illegal(i) => i,
        failed @ PlayError::ExpansionFailed { .. } => panic!("{failed}"),
    })
}

/// The full state of the expansion `id` in `game`, as its own type.
///
/// # Panics
/// If the expansion is not on or its state is not an `S`.
pub fn state<'g, S: 'static>(game: &'g Game, id: &str) -> &'g S {
    let slot = game
        .rules()
        .expansion_slot(id)
        .unwrap_or_else(|| panic!("{id} is not on in this game"));
    game.expansion_state(slot)
        .as_any()
        .downcast_ref::<S>()
        .unwrap_or_else(|| panic!("the state of {id} is not a {}", std::any::type_name::<S>()))
}

/// `record` with variant `name` of `id` (an expansion, or `base` for the
/// base game's own variants) set to `value`: a hand-worked record replayed
/// under another rule variant.
///
/// # Panics
/// If the changed record does not read back, naming why.
pub fn with_variant(record: &GameRecord, id: &str, name: &str, value: Value) -> GameRecord {
    let mut json: Value = serde_json::from_str(&record.to_json()).expect("a record writes JSON");
    json["config"]["variants"][id][name] = value;
    let text = json.to_string();
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// `record` with only the parts `on` of expansion `id` switched on (every
/// other part it declares off): a hand-worked record replayed with a part
/// alone, or without one.
///
/// # Panics
/// If `id` is not in `catalog`, or the changed record does not read back.
pub fn with_parts_only(record: &GameRecord, catalog: &Catalog, id: &str, on: &[&str]) -> GameRecord {
    let info = catalog
        .get(id)
        .unwrap_or_else(|| panic!("no expansion `{id}` in the kit's catalog"));
    let mut json: Value = serde_json::from_str(&record.to_json()).expect("a record writes JSON");
    for part in info.parts {
        json["config"]["parts"][id][part.id] = json!(on.contains(&part.id));
    }
    let text = json.to_string();
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A record written in code: players, expansions, variants, a draw order,
/// and moves in their record form.
#[derive(Clone, Debug)]
pub struct RecordBuilder {
    config: Value,
    moves: Vec<Value>,
}

impl RecordBuilder {
    /// A game between `players` (in turn order), base game, seed 0.
    pub fn new(players: &[&str]) -> RecordBuilder {
        let players: Vec<Value> = players.iter().map(|n| json!({ "name": n })).collect();
        RecordBuilder {
            config: json!({ "players": players }),
            moves: Vec::new(),
        }
    }

    fn push_to(&mut self, key: &str, value: Value) {
        let list = self.config[key].as_array_mut();
        match list {
            Some(list) => list.push(value),
            None => self.config[key] = json!([value]),
        }
    }

    /// Turns expansion `id`'s rules on.
    pub fn expansion(mut self, id: &str) -> Self {
        self.push_to("expansions", json!(id));
        self
    }

    /// Sets a variant of expansion `id` (`"d6"`, `3`, `true`).
    pub fn variant(mut self, id: &str, name: &str, value: impl Into<carcassonne_core::Value>) -> Self {
        self.config["variants"][id][name] = json!(value.into());
        self
    }

    /// Switches part `part` of expansion `id` on or off (every part is on
    /// unless switched off).
    pub fn part(mut self, id: &str, part: &str, on: bool) -> Self {
        self.config["parts"][id][part] = json!(on);
        self
    }

    /// The seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.config["seed"] = json!(seed);
        self
    }

    /// Draws these tiles in this order; the game ends when they run out.
    pub fn draw_order(mut self, tiles: &[&str]) -> Self {
        self.config["draw_order"] = json!(tiles);
        self
    }

    /// Places `tile` at `at` turned `rotation` degrees clockwise.
    pub fn place(self, tile: &str, at: (i32, i32), rotation: u16) -> Self {
        self.then(json!({ "place": { "tile": tile, "at": [at.0, at.1], "rotation": rotation } }))
    }

    /// Deploys a follower on `feature` of the tile just placed (`"road:E"`,
    /// `"city:N"`, `"cloister"`, `"field:NE"` …).
    pub fn deploy(self, feature: &str) -> Self {
        self.then(json!({ "deploy": { "feature": feature } }))
    }

    /// Passes (deploys nothing).
    pub fn pass(self) -> Self {
        self.then(json!("pass"))
    }

    /// Any move in record form (an expansion's decision: `json!({"watchtower": "survey"})`).
    pub fn then(mut self, record_move: Value) -> Self {
        self.moves.push(record_move);
        self
    }

    /// The record.
    ///
    /// # Panics
    /// If a move is not in record form, naming it.
    pub fn build(&self) -> GameRecord {
        let text = json!({ "format": 1, "config": self.config, "moves": self.moves }).to_string();
        GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }
}

/// What [`random_games`] played.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// Games played to the end.
    pub games: usize,
    /// Decisions taken.
    pub decisions: usize,
    /// Decisions by kind: `place`, `deploy`, `pass`, or an expansion's id.
    pub by_kind: std::collections::BTreeMap<String, usize>,
    /// Figures deployed, by figure id.
    pub deployed: std::collections::BTreeMap<String, usize>,
    /// Points given by each score source over all games.
    pub points_by_source: std::collections::BTreeMap<String, i64>,
}

/// The configuration of a random game: `players` players, the seed
/// `seed`, and the expansions `expansions` on (ids), every variant at its
/// default: what most calls of [`random_games`] start from.
pub fn game_config(players: usize, seed: u64, expansions: &[&str]) -> GameConfig {
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    config.expansions = expansions.iter().map(|e| (*e).to_string()).collect();
    config
}

/// `ids` made playable together: the expansions they require added, any
/// conflicting with one kept before it dropped, and then any whose
/// requirement was dropped (Fishermen needs The River, which The Count of
/// Carcassonne excludes). Unknown ids are left out. What harnesses that
/// switch many expansions on at once start from.
pub fn consistent_expansions<'a>(catalog: &Catalog, ids: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let mut on: Vec<&'static str> = ids.into_iter().filter_map(|id| catalog.get(id)).map(|e| e.id).collect();
    loop {
        let missing: Vec<&'static str> = on
            .iter()
            .filter_map(|id| catalog.get(id))
            .flat_map(|e| e.requires.iter().copied())
            .filter(|r| !on.contains(r))
            .filter_map(|r| catalog.get(r).map(|e| e.id))
            .collect();
        if missing.is_empty() {
            break;
        }
        on.extend(missing);
        on.sort_unstable();
        on.dedup();
    }
    let mut kept: Vec<&'static str> = Vec::new();
    for id in on {
        let Some(info) = catalog.get(id) else { continue };
        let clash = kept
            .iter()
            .any(|k| info.conflicts.contains(k) || catalog.get(k).is_some_and(|e| e.conflicts.contains(&id)));
        if !clash {
            kept.push(id);
        }
    }
    while let Some(at) = kept.iter().position(|id| {
        catalog
            .get(id)
            .is_some_and(|e| e.requires.iter().any(|r| !kept.contains(r)))
    }) {
        kept.remove(at);
    }
    kept
}

/// The whole moves of the pending placement found the slow way, through
/// the two-step decision API: each placement played on a copy, then its
/// deployment options listed. What `Game::moves` (which may read them
/// straight off the board) must equal, as a set, for an expansion whose
/// deployment hooks answer through `AfterPlacement`.
///
/// # Panics
/// The pending decision is not a placement, or a listed option is refused.
pub fn two_step_moves(game: &Game) -> Vec<WholeMove> {
    let (mut placements, mut options, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    game.legal_actions(&mut placements);
    for place in &placements {
        if matches!(place, Action::Pass) {
            // A tile that fits only by an optional relaxation, put aside.
            moves.push(WholeMove::put_aside());
            continue;
        }
        let Action::Place { pos, rotation } = *place else {
            panic!("a placement decision lists placements, got {place:?}");
        };
        let mut copy = game.clone();
        copy.play(place).expect("a listed placement plays");
        if !matches!(copy.decision(), Some(Decision::Deploy { .. })) {
            moves.push(WholeMove {
                pos,
                rotation,
                then: AfterPlacing::Later,
            });
            continue;
        }
        copy.legal_actions(&mut options);
        for o in &options {
            let then = match o {
                Action::Deploy(d) => AfterPlacing::Deploy(*d),
                Action::Pass => AfterPlacing::Pass,
                other => panic!("a deployment decision lists deployments, got {other:?}"),
            };
            moves.push(WholeMove { pos, rotation, then });
        }
    }
    moves
}

/// Plays `games` games of `config` (seeds `config.seed`, `+ 1` …) choosing
/// uniformly among the legal options, and checks after every decision:
///
/// - figures are conserved: for every player and figure kind, supply,
///   figures on the board and figures other players hold (prisoners) make
///   the declared number per player;
/// - every figure on the board stands on a placed tile;
/// - the bag never grows and no tile leaves the board;
/// - the players' total score never falls (a player pays another only,
///   or the bank what an expansion's public state counts under
///   `paid_to_nobody`: see [`paid_to_nobody`]), and each score is the sum
///   of its breakdown;
/// - every listed option is accepted (on a clone of the game);
/// - every counter value an expansion writes ([`Expansion::counters`](carcassonne_core::Expansion::counters))
///   is one it declares, of its scope, for a seat of the game or a tile on
///   the board;
/// - what each expansion keeps up from the events agrees with a recount
///   ([`Expansion::check_kept_up`](carcassonne_core::Expansion::check_kept_up));
///
/// and at the end, that the record written while playing survives JSON and
/// replays to the identical game (scores, board, figures, every
/// expansion's full state). In debug builds it also checks the expansions'
/// hook declarations ([`HOOK_DECLARATIONS_CHECKED`]): a game whose
/// undeclared hook acts fails with the engine's message.
///
/// # Panics
/// On the first broken invariant, naming the seed and the decision.
pub fn random_games(kit: &Kit, config: &GameConfig, games: u64) -> Played {
    let mut played = Played::default();
    for g in 0..games {
        let mut config = config.clone();
        config.seed = config.seed.wrapping_add(g);
        let seed = config.seed;
        let rules = kit.rules(&config);
        let mut game = Game::new(Arc::clone(&rules)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut record = GameRecord::new(rules.config.clone());
        let mut rng = carcassonne_core::rng::GameRng::new(seed ^ 0x5eed);
        let mut options = Vec::new();
        let mut scores: Vec<i32> = vec![0; config.players.len()];
        let mut paid = 0;
        check(&game, &mut scores, &mut paid, seed, 0);
        while !game.is_over() {
            game.legal_actions(&mut options);
            assert!(!options.is_empty(), "seed {seed}: a decision without options");
            for o in &options {
                let mut probe = game.clone();
                probe
                    .play(o)
                    .unwrap_or_else(|e| panic!("seed {seed}: listed option {o:?} refused: {e}"));
            }
            let choice = &options[rng.below(options.len() as u32) as usize];
            let m = game.move_of(choice);
            let kind = match serde_json::to_value(&m).expect("moves serialise") {
                Value::String(s) => s,
                Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
                other => other.to_string(),
            };
            *played.by_kind.entry(kind).or_default() += 1;
            if let Action::Deploy(d) = choice {
                *played
                    .deployed
                    .entry(rules.figures()[usize::from(d.figure)].id.to_string())
                    .or_default() += 1;
            }
            record.moves.push(m);
            let tiles_before = game.state().board().tiles().len();
            // A tile set aside may go back into the bag (a dragon tile).
            let bag_before = game.state().tiles_left() + game.state().set_aside().len();
            game.play(choice)
                .unwrap_or_else(|e| panic!("seed {seed}, decision {}: {e}", record.moves.len()));
            assert!(
                game.state().board().tiles().len() >= tiles_before,
                "seed {seed}: a tile left the board"
            );
            assert!(
                game.state().tiles_left() + game.state().set_aside().len() <= bag_before,
                "seed {seed}: the bag grew"
            );
            check(&game, &mut scores, &mut paid, seed, record.moves.len());
            played.decisions += 1;
        }
        let text = record.to_json();
        let replayed = kit
            .replay_record(&GameRecord::from_json(&text).expect("a written record reads back"))
            .unwrap_or_else(|e| panic!("seed {seed}: the record does not replay: {e}"));
        same_game(&game, &replayed, seed);
        for p in 0..config.players.len() as u8 {
            for (i, &points) in game.state().breakdown(p).iter().enumerate() {
                *played
                    .points_by_source
                    .entry(rules.score_sources()[i].clone())
                    .or_default() += i64::from(points);
            }
        }
        played.games += 1;
    }
    played
}

/// Points the enabled expansions' rules took from players and gave to
/// nobody so far (Bridges, Castles & Bazaars: a bid nobody raised is paid
/// to the bank): the sum of the numbers their public states show under the
/// top-level key `paid_to_nobody`. The invariant harnesses let the
/// players' total score fall by what this grows, and by nothing else.
pub fn paid_to_nobody(game: &Game) -> i64 {
    (0..game.rules().expansions().len() as u8)
        .filter_map(|slot| game.public_expansion_state(slot).get("paid_to_nobody")?.as_i64())
        .sum()
}

fn check(game: &Game, scores: &mut [i32], paid: &mut i64, seed: u64, decision: usize) {
    let s = game.state();
    let rules = game.rules();
    if let Err(e) = game.check_kept_up() {
        panic!("seed {seed}, decision {decision}: kept-up values differ from the board: {e}");
    }
    for p in 0..s.players() as u8 {
        for (k, decl) in rules.figures().iter().enumerate() {
            let on_board = s
                .figures()
                .iter()
                .filter(|f| f.owner == p && f.kind as usize == k)
                .count();
            assert_eq!(
                usize::from(s.supply(p, k as u8)) + on_board + s.held(p, k as u8),
                usize::from(decl.per_player),
                "seed {seed}, decision {decision}: player {p}'s {} are not conserved",
                decl.id
            );
        }
        let score = s.score(p);
        assert_eq!(
            s.breakdown(p).iter().sum::<i32>(),
            score,
            "seed {seed}, decision {decision}: player {p}'s score is not the sum of its breakdown"
        );
    }
    // Points are never destroyed: a player's score falls only when they pay
    // another (a tower's ransom) or the bank (an expansion counts those), so
    // the total never falls by more than the bank took.
    let before = i64::from(scores.iter().sum::<i32>()) + *paid;
    let paid_now = paid_to_nobody(game);
    let now = (0..s.players() as u8).map(|p| i64::from(s.score(p))).sum::<i64>() + paid_now;
    assert!(
        now >= before && paid_now >= *paid,
        "seed {seed}, decision {decision}: the players' total score fell from {before} to {now} (with {paid_now} paid \
         to nobody, {} before)",
        *paid
    );
    *paid = paid_now;
    for p in 0..s.players() as u8 {
        scores[p as usize] = s.score(p);
    }
    for f in s.figures() {
        assert!(
            s.board().is_occupied(f.pos),
            "seed {seed}, decision {decision}: figure off the board: {f:?}"
        );
    }
    for (slot, e) in rules.expansions().iter().enumerate() {
        let dropped = game.counters(slot as u8, &mut carcassonne_core::CounterReadings::default());
        assert_eq!(
            dropped, 0,
            "seed {seed}, decision {decision}: {} wrote {dropped} counter values it does not declare, or for a \
             place where no tile lies (see ExpansionInfo::counters)",
            e.info.id
        );
    }
}

fn same_game(a: &Game, b: &Game, seed: u64) {
    let (x, y) = (a.state(), b.state());
    assert_eq!(a.is_over(), b.is_over(), "seed {seed}: replay ends elsewhere");
    for p in 0..x.players() as u8 {
        assert_eq!(
            x.breakdown(p),
            y.breakdown(p),
            "seed {seed}: player {p}'s points differ on replay"
        );
    }
    assert_eq!(
        x.board().tiles(),
        y.board().tiles(),
        "seed {seed}: the board differs on replay"
    );
    assert_eq!(x.figures(), y.figures(), "seed {seed}: the figures differ on replay");
    for slot in 0..a.rules().expansions().len() as u8 {
        assert!(
            a.expansion_state(slot).eq_dyn(b.expansion_state(slot)),
            "seed {seed}: the state of {} differs on replay",
            a.rules().expansions()[slot as usize].info.id
        );
    }
}

/// The ids of the tiles drawn in a whole game of `game` played to the end by
/// choosing uniformly among the legal options (the choices seeded with
/// `seed`), in draw order: each turn's tile, and before it any tile that fit
/// nowhere and was discarded. What tests of the bag's order read (river
/// tiles first, the lake last).
///
/// # Panics
/// If a listed option is refused.
pub fn draws(mut game: Game, seed: u64) -> Vec<String> {
    let mut rng = carcassonne_core::rng::GameRng::new(seed ^ 0xd7a5);
    let mut options = Vec::new();
    let mut drawn = Vec::new();
    let mut turn = 0;
    let mut discarded = 0;
    while !game.is_over() {
        if game.state().turn().number != turn {
            turn = game.state().turn().number;
            // Tiles that fit nowhere were drawn (and set aside) before the turn's tile.
            for &t in &game.state().discarded()[discarded..] {
                drawn.push(game.rules().tile(t).id().to_string());
            }
            discarded = game.state().discarded().len();
            if let Some(t) = game.state().turn().drawn {
                drawn.push(game.rules().tile(t).id().to_string());
            }
        }
        options.clear();
        game.legal_actions(&mut options);
        let choice = options[rng.below(options.len() as u32) as usize].clone();
        game.play(&choice).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    drawn
}
