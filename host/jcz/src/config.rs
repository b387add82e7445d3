//! `setup` and `players` of a save → this engine's game configuration.

use crate::JczError;
use crate::save::Save;
use crate::tile_table::TileTable;
use carcassonne_core::figures::FOLLOWER;
use carcassonne_core::values::Value as VariantValue;
use carcassonne_core::{BASE_ID, BASE_VARIANTS, Catalog, GameConfig, PlayerConfig, Rotation};
use serde_json::Value;
use std::collections::BTreeMap;

/// The JCZ tile id of the abbey, which players hold instead of drawing.
pub(crate) const ABBEY_TILE: &str = "AM/A";

/// The JCZ start tile of a game without The River, and of one with it.
const BASE_START: &str = "BA/RCr";
const RIVER_START: &str = "RI/s";

/// Variants of an expansion whose rules come with a JCZ tile set
/// (`with_rules` in the table), set as JCZ plays them: set, expansion,
/// variant, value. JCZ starts a River game with the spring and keeps all
/// four `BA/RCr` in the bag (its start options place only `RI/s`), and
/// refuses a river placement by looking ahead for the square the river
/// would need (this engine's `u_turn = "lookahead"`, docs/expansions/river.md).
const SET_VARIANTS: [(&str, &str, &str, &str); 4] = [
    ("river/1", "river", "start_tile", "shuffled"),
    ("river/1", "river", "u_turn", "lookahead"),
    ("river/2", "river-ii", "start_tile", "shuffled"),
    ("river/2", "river-ii", "u_turn", "lookahead"),
];

/// The JCZ tile sets of a save, by name without the edition (`river/1`).
pub(crate) fn set_names(save: &Save) -> Vec<String> {
    save.setup
        .sets
        .keys()
        .map(|key| key.split_once(':').map_or(key.as_str(), |(n, _)| n).to_string())
        .collect()
}

/// The configuration, and what the importer learnt making it.
pub(crate) struct Plan {
    pub config: GameConfig,
    /// How far JCZ's board is turned clockwise to be this engine's, whose
    /// start tile lies unturned: JCZ starts The River with its spring
    /// unturned, which sends the river east; this engine's spring sends it
    /// south.
    pub board_turn: Rotation,
    /// Whether JCZ's game was over at the last action (forced end or empty bag).
    pub finished: bool,
    pub notes: Vec<String>,
}

/// JCZ's figure elements and this engine's figure ids.
const FIGURES: [(&str, &str); 7] = [
    ("small-follower", "follower"),
    ("big-follower", "big-follower"),
    ("barn", "barn"),
    ("mayor", "mayor"),
    ("wagon", "wagon"),
    ("builder", "builder"),
    ("pig", "pig"),
];

/// JCZ's game elements that are parts of this engine's expansions:
/// element, expansion, part.
const PARTS: [(&str, &str, &str); 12] = [
    ("abbey", "abbey-and-mayor", "abbey"),
    ("barn", "abbey-and-mayor", "barn"),
    ("mayor", "abbey-and-mayor", "mayor"),
    ("wagon", "abbey-and-mayor", "wagon"),
    ("inn", "inns-and-cathedrals", "inns"),
    ("cathedral", "inns-and-cathedrals", "cathedrals"),
    ("big-follower", "inns-and-cathedrals", "big-follower"),
    ("king", "king-and-robber-baron", "king"),
    ("robber", "king-and-robber-baron", "robber-baron"),
    // JCZ's `traders` element is its trade goods (TradeGoodsCapability).
    ("traders", "traders-and-builders", "goods"),
    ("builder", "traders-and-builders", "builder"),
    ("pig", "traders-and-builders", "pig"),
];

/// JCZ's rule options this importer knows, each with the elements (or tile
/// sets) it depends on: an option of an element the game does not have
/// changes nothing, and JCZ writes every option into every save.
const KNOWN_RULES: [(&str, &[&str]); 24] = [
    ("princess-action", &["princess"]),
    ("fairy-placement", &["fairy"]),
    ("dragon-move", &["dragon"]),
    ("barn-placement", &["barn"]),
    ("wagon-move", &["wagon"]),
    ("bazaar-no-auction", &["bazaar"]),
    ("hill-tiebreaker", &["hill"]),
    ("espace-variant", &["escape"]),
    ("gq11-pig-herd", &["gq11"]),
    ("tunnelize-other-expansions", &["tunnel"]),
    ("more-tunnel-tokens", &["tunnel"]),
    ("festival-return", &["festival"]),
    ("keep-monasteries", &["monasteries"]),
    ("labyrinth-variant", &["labyrinth"]),
    ("coc-final-scoring", &["count"]),
    ("count-move", &["count"]),
    ("little-buildings-scoring", &["little-buildings"]),
    ("king-and-robber-scoring", &["king", "robber"]),
    ("tiny-city-scoring", &[]),
    ("inn-and-cathedral-final-scoring", &["inn", "cathedral"]),
    ("vineyards-for-garden", &["vineyard"]),
    ("robbers-son-action", &["robbers-son"]),
    ("meteorite-impact", &["meteorite"]),
    ("black-fairy-placement", &["black-fairy"]),
];

fn unsupported(what: impl Into<String>) -> JczError {
    JczError::Unsupported { what: what.into() }
}

/// A rule option's value as text (`2` and `"2"` alike).
fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub(crate) fn plan(save: &Save, catalog: &Catalog, table: &TileTable) -> Result<Plan, JczError> {
    let mut notes = Vec::new();
    let mut config = GameConfig::with_players(0);
    config.players = save
        .players
        .iter()
        .map(|p| PlayerConfig {
            name: p.name.clone(),
            bot: None,
        })
        .collect();

    // Tile sets with rules (The River) decide the start tile.
    let names = set_names(save);
    let river = names.iter().any(|n| table.set(n).is_some_and(|s| s.with_rules));
    let board_turn = check_start(save, table, if river { RIVER_START } else { BASE_START }, &names)?;

    // Tile sets.
    let mut bag: Vec<(String, u32)> = Vec::new(); // engine tile id, copies
    let mut jcz_sets: Vec<String> = Vec::new();
    let mut base_copies = 0;
    for (key, &copies) in &save.setup.sets {
        let (name, edition) = key.split_once(':').unwrap_or((key, "1"));
        let set = table
            .set(name)
            .filter(|_| edition == "1")
            .ok_or_else(|| unsupported(format!("the JCZ tile set `{key}` (setup.sets)")))?;
        let copies = u32::try_from(copies).map_err(|_| JczError::Invalid {
            place: format!("setup.sets.{key}"),
            message: format!("{copies} copies: must be 0 or more"),
        })?;
        jcz_sets.push(name.to_string());
        if set.engine == "base" {
            base_copies = copies;
        } else {
            if copies != 1 {
                config.tiles.sets.insert(set.engine.clone(), i64::from(copies));
            }
            config.tiles_only.push(set.engine.clone());
        }
        // A set with its rules (The River) is drawn first: its tiles lead.
        let at = if set.with_rules { 0 } else { bag.len() };
        let tiles = table
            .tiles_of(set)
            .map(|t| (t.engine.clone(), t.count.unwrap_or(0) * copies));
        bag.splice(at..at, tiles.collect::<Vec<_>>());
    }
    if base_copies != 1 {
        config.tiles.sets.insert("base".into(), i64::from(base_copies));
    }
    // Tiles a set replaces in another (both Rivers: one spring, one lake
    // fewer) are not in the bag.
    for set in table.sets.iter().filter(|s| jcz_sets.contains(&s.jcz)) {
        for gone in &set.replaces {
            for (id, n) in bag.iter_mut() {
                if id == gone {
                    *n = 0;
                }
            }
        }
    }

    // Elements: each part of an expansion is on when the save names its
    // element (a figure's with a count above 0); an expansion is on when
    // one of its parts is. JCZ writes inns and cathedrals as elements of
    // their own, so the Inns & Cathedrals tiles alone are tiles only.
    let elements = &save.setup.elements;
    let has = |e: &str| elements.contains_key(e);
    for key in elements.keys() {
        let known = FIGURES.iter().any(|(e, _)| e == key)
            || PARTS.iter().any(|(e, _, _)| e == key)
            || key == "farmers"
            || key == PIG_HERD;
        if !known {
            return Err(unsupported(format!("the JCZ element `{key}` (setup.elements)")));
        }
    }
    let mut expansions: Vec<&str> = Vec::new();
    for &(element, expansion, _) in &PARTS {
        if part_named(elements, element)? && !expansions.contains(&expansion) {
            expansions.push(expansion);
        }
    }
    for set in table.sets.iter().filter(|s| s.with_rules && jcz_sets.contains(&s.jcz)) {
        if !expansions.contains(&set.engine.as_str()) {
            expansions.push(set.engine.as_str());
        }
    }
    expansions.sort_unstable();
    for &e in &expansions {
        let Some(info) = catalog.get(e) else {
            return Err(unsupported(format!("expansion `{e}` (not in this build)")));
        };
        for &(element, expansion, part) in &PARTS {
            if expansion == e && !part_named(elements, element)? {
                if !info.parts.iter().any(|p| p.id == part) {
                    return Err(unsupported(format!(
                        "a game without the JCZ element `{element}` (setup.elements): this engine's {e} has no part `{part}` to switch off"
                    )));
                }
                config
                    .parts
                    .entry(e.to_string())
                    .or_default()
                    .insert(part.to_string(), false);
            }
        }
        // Its rules are on: its tiles are in the bag only when the save
        // has its set.
        config.tiles_only.retain(|s| s != e);
        let has_set = table.sets.iter().any(|s| s.engine == e && jcz_sets.contains(&s.jcz));
        if !has_set && !info.tile_files.is_empty() {
            config.tiles.sets.entry(e.to_string()).or_insert(0);
        }
    }
    pig_herds(&jcz_sets, &expansions, elements)?;
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    for (set, expansion, name, value) in SET_VARIANTS {
        if jcz_sets.iter().any(|s| s == set) {
            let place = format!("the JCZ tile set {set} (setup.sets), which JCZ plays with {name} = {value}");
            set_variant(&mut config, catalog, expansion, name, value, &place)?;
        }
    }
    figures(elements, catalog, &mut config)?;
    if !has("farmers") {
        base_variant(
            &mut config,
            "farmers",
            false,
            "the JCZ game without farmers (no `farmers` in setup.elements)",
        )?;
    }

    // Rule options.
    for (key, value) in &save.setup.rules {
        let Some((_, deps)) = KNOWN_RULES.iter().find(|(k, _)| k == key) else {
            return Err(unsupported(format!("the JCZ rule option `{key}` (setup.rules)")));
        };
        if !deps.is_empty() && !deps.iter().any(|d| has(d) || jcz_sets.iter().any(|s| s == d)) {
            continue;
        }
        let v = text_of(value);
        let place = format!("the JCZ rule option {key} = {v} (setup.rules)");
        match (key.as_str(), v.as_str()) {
            ("tiny-city-scoring", "4") => {}
            ("tiny-city-scoring", "2") => base_variant(&mut config, "tiny_city", true, &place)?,
            ("king-and-robber-scoring", "default" | "10/20" | "15/40" | "continuously") => {
                set_variant(&mut config, catalog, "king-and-robber-baron", "scoring", &v, &place)?
            }
            ("inn-and-cathedral-final-scoring", "zero") => set_variant(
                &mut config,
                catalog,
                "inns-and-cathedrals",
                "final_scoring",
                "normal",
                &place,
            )?,
            ("inn-and-cathedral-final-scoring", "ignore") => set_variant(
                &mut config,
                catalog,
                "inns-and-cathedrals",
                "final_scoring",
                "ignore",
                &place,
            )?,
            ("barn-placement", "not-occupied" | "occupied") => {
                set_variant(&mut config, catalog, "abbey-and-mayor", "barn_placement", &v, &place)?
            }
            // C2 (2nd edition): a feature on the wagon's tile or the eight
            // round it; C1 (1st edition): one connected to the scored
            // feature, as the tiles' `leads_into` draw it.
            ("wagon-move", "C1" | "C2") => {
                set_variant(&mut config, catalog, "abbey-and-mayor", "wagon_move", &v, &place)?
            }
            _ => return Err(unsupported(place)),
        }
    }

    // Draws.
    let start = table
        .tile_in(if river { RIVER_START } else { BASE_START }, &names)
        .map_or("D", |t| t.engine.as_str());
    let (draws, finished) = draw_order(save, table, &bag, start, &names, &mut notes)?;
    config.draw_order = Some(draws);
    Ok(Plan {
        config,
        board_turn,
        finished,
        notes,
    })
}

/// The start tile must be the one this engine starts the game with
/// (`expected`: `BA/RCr`, or the spring with The River), alone, at (0,0),
/// turned any way: the board is then turned as a whole so that it lies
/// unturned, as this engine's does. Returns that turn.
fn check_start(save: &Save, table: &TileTable, expected: &str, sets: &[String]) -> Result<Rotation, JczError> {
    let turn_of = |jcz: &str| table.tile_in(jcz, sets).map_or(Rotation::NONE, |t| t.turn());
    let Some(start) = &save.setup.start else {
        // Older saves name no start: JCZ's default, unturned.
        return Ok(turn_of(expected));
    };
    let turned = match start.as_slice() {
        [one] if one.tile == expected && one.x == 0 && one.y == 0 => {
            crate::replay::rotation(Some(&one.rotation), "setup.start").ok()
        }
        _ => None,
    };
    match turned {
        // The start tile turned by `r` on JCZ's board is this engine's
        // turned by `r - turn`; turning the board by `turn - r` makes it 0.
        Some(r) => Ok(Rotation::quarters(
            turn_of(expected).quarter_turns() + r.inverse().quarter_turns(),
        )),
        None => Err(unsupported(format!(
            "the start tiles {} (setup.start): this engine starts with {expected} alone at (0,0)",
            serde_json::to_string(
                &start
                    .iter()
                    .map(|s| format!("{} at ({},{}) {}", s.tile, s.x, s.y, s.rotation))
                    .collect::<Vec<_>>()
            )
            .unwrap_or_default()
        ))),
    }
}

/// JCZ's element for the pig-herds printed on fields (The River II's
/// `RI.2/II+`), which JCZ names on by default with Traders & Builders.
const PIG_HERD: &str = "pig-herd";

/// JCZ's tile sets whose fields show pig-herds.
const PIG_HERD_SETS: [&str; 1] = ["river/2"];

/// Whether the save's pig-herds score as this engine's would: here a
/// pig-herd scores with Traders & Builders' pig (docs/expansions/river.md),
/// in JCZ with its `pig-herd` element. Without a tile that shows one the
/// element changes nothing.
fn pig_herds(jcz_sets: &[String], expansions: &[&str], elements: &BTreeMap<String, Value>) -> Result<(), JczError> {
    if !jcz_sets.iter().any(|s| PIG_HERD_SETS.contains(&s.as_str())) {
        return Ok(());
    }
    let theirs = elements.contains_key(PIG_HERD);
    let ours = expansions.contains(&"traders-and-builders") && part_named(elements, "pig")?;
    if theirs == ours {
        return Ok(());
    }
    Err(unsupported(if theirs {
        "the JCZ element `pig-herd` (setup.elements) without Traders & Builders' pig: a pig-herd scores here only \
         with the pig"
            .to_string()
    } else {
        "a game with Traders & Builders' pig and The River II's pig-herd but without the JCZ element `pig-herd` \
         (setup.elements): a pig-herd scores here whenever the pig is in the game"
            .to_string()
    }))
}

/// A JCZ figure element's count (`"big-follower": 1`; `true` reads as 1).
fn element_count(elements: &BTreeMap<String, Value>, element: &str) -> Result<i64, JczError> {
    match elements.get(element) {
        None => Ok(0),
        Some(Value::Number(n)) if n.as_i64().is_some() => Ok(n.as_i64().unwrap_or(0)),
        Some(Value::Bool(_) | Value::Null) => Ok(1),
        Some(other) => Err(JczError::Invalid {
            place: format!("setup.elements.{element}"),
            message: format!("{other}: JCZ writes a number of figures here"),
        }),
    }
}

/// Whether the save names a part's element: present, and for a figure's
/// element with a count above 0.
fn part_named(elements: &BTreeMap<String, Value>, element: &str) -> Result<bool, JczError> {
    if FIGURES.iter().any(|(e, _)| *e == element) {
        Ok(element_count(elements, element)? > 0)
    } else {
        Ok(elements.contains_key(element))
    }
}

/// Figures per player: JCZ's elements, written into `[figures]` where they
/// differ from what the game's expansions give each player in this engine.
fn figures(elements: &BTreeMap<String, Value>, catalog: &Catalog, config: &mut GameConfig) -> Result<(), JczError> {
    let mut ours: BTreeMap<&str, i64> = BTreeMap::from([(FOLLOWER.id, i64::from(FOLLOWER.per_player))]);
    for e in &config.expansions {
        if let Some(info) = catalog.get(e) {
            for f in info.figures {
                ours.insert(f.id, i64::from(f.per_player));
            }
        }
    }
    for (element, figure) in FIGURES {
        let wanted = element_count(elements, element)?;
        match ours.get(figure) {
            Some(&have) if have == wanted => {}
            Some(_) => {
                config.figures.insert(figure.to_string(), wanted);
            }
            None if wanted == 0 => {}
            None => {
                return Err(unsupported(format!(
                    "the JCZ element `{element}` (setup.elements): no expansion of this game has a {figure}"
                )));
            }
        }
    }
    Ok(())
}

/// Sets a variant of the base game (`[variants.base]`).
fn base_variant(config: &mut GameConfig, name: &str, value: bool, what: &str) -> Result<(), JczError> {
    let checked = BASE_VARIANTS
        .iter()
        .find(|d| d.name == name)
        .and_then(|d| d.kind.check(&VariantValue::Bool(value)).ok())
        .ok_or_else(|| unsupported(format!("{what}: it needs the base-game variant {name} = {value}")))?;
    config
        .variants
        .entry(BASE_ID.to_string())
        .or_default()
        .insert(name.to_string(), checked);
    Ok(())
}

/// Sets an expansion's variant, when the engine has it.
fn set_variant(
    config: &mut GameConfig,
    catalog: &Catalog,
    expansion: &str,
    name: &str,
    value: &str,
    what: &str,
) -> Result<(), JczError> {
    let decl = catalog
        .get(expansion)
        .and_then(|info| info.variants.iter().find(|d| d.name == name));
    match decl.map(|d| d.kind.check(&VariantValue::from(value))) {
        Some(Ok(checked)) => {
            config
                .variants
                .entry(expansion.to_string())
                .or_default()
                .insert(name.to_string(), checked);
            Ok(())
        }
        // The engine's behaviour without the variant is JCZ's default.
        None if is_engine_behaviour(expansion, name, value) => Ok(()),
        _ => Err(unsupported(format!(
            "{what}: it needs the variant {expansion}.{name} = {value}"
        ))),
    }
}

/// What the engine does when it has no variant for a JCZ option: the
/// documented behaviour of each expansion (docs/expansions/).
fn is_engine_behaviour(expansion: &str, name: &str, value: &str) -> bool {
    matches!(
        (expansion, name, value),
        ("king-and-robber-baron", "scoring", "default")
            | ("inns-and-cathedrals", "final_scoring", "normal")
            | ("abbey-and-mayor", "barn_placement", "not-occupied")
    )
}

/// The tiles of `bag` (engine id, copies) not yet drawn in `drawn`, the
/// start tile (`start`: `D`, or The River's spring) left out, in the
/// bag's order (a set with its rules, The River, first: its tiles are
/// drawn before the rest).
fn tiles_left(bag: &[(String, u32)], drawn: &[String], start: &str) -> Vec<String> {
    let mut rest: Vec<(String, u32)> = bag.to_vec();
    if let Some(d) = rest.iter_mut().find(|(id, _)| id == start) {
        d.1 = d.1.saturating_sub(1); // the start tile
    }
    for id in drawn {
        if let Some(r) = rest.iter_mut().find(|(t, _)| t == id) {
            r.1 = r.1.saturating_sub(1);
        }
    }
    rest.into_iter()
        .flat_map(|(id, n)| std::iter::repeat_n(id, n as usize))
        .collect()
}

/// The draw order in engine ids, and whether JCZ's game was over.
fn draw_order(
    save: &Save,
    table: &TileTable,
    bag: &[(String, u32)],
    start: &str,
    sets: &[String],
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, bool), JczError> {
    let engine_id = |id: &str, place: &str| -> Result<String, JczError> {
        table
            .tile_in(id, sets)
            .filter(|t| t.jcz != ABBEY_TILE)
            .map(|t| t.engine.clone())
            .ok_or_else(|| JczError::UnknownTile {
                place: place.to_string(),
                id: id.to_string(),
                sets: table.sets.iter().map(|s| s.jcz.as_str()).collect::<Vec<_>>().join(", "),
            })
    };
    // The tiles placed, in order (the abbey is held, not drawn).
    let mut placed: Vec<(usize, String)> = Vec::new();
    for (i, a) in save.replay.iter().enumerate() {
        if a.kind == "PLACE_TILE" {
            let fields = a.fields();
            let id = fields
                .get("tileId")
                .and_then(Value::as_str)
                .ok_or_else(|| JczError::Invalid {
                    place: format!("replay action {} (PLACE_TILE)", i + 1),
                    message: "no `tileId`".into(),
                })?;
            if id != ABBEY_TILE {
                placed.push((i, id.to_string()));
            }
        }
    }
    let annotations = save.annotations.as_ref();
    let forced = annotations.and_then(|a| a.draw_order.clone()).unwrap_or_default();
    let end = annotations.and_then(|a| a.end_turn);
    for (k, (i, id)) in placed.iter().enumerate() {
        if let Some(f) = forced.get(k)
            && f != id
        {
            return Err(JczError::Invalid {
                place: format!("replay action {} (PLACE_TILE)", i + 1),
                message: format!("places {id}, but gameAnnotations.drawOrder has {f} as draw {}", k + 1),
            });
        }
    }
    let mut draws: Vec<String> = placed.iter().map(|(_, id)| id.clone()).collect();
    if forced.len() > draws.len() {
        draws.extend(forced[draws.len()..].iter().cloned());
    }
    let mut ids = Vec::new();
    for (k, id) in draws.iter().enumerate() {
        let place = match placed.get(k) {
            Some((i, _)) => format!("replay action {} (PLACE_TILE)", i + 1),
            None => format!("gameAnnotations.drawOrder, draw {}", k + 1),
        };
        ids.push(engine_id(id, &place)?);
    }
    let bag_size: u32 = bag.iter().map(|(_, n)| n).sum::<u32>().saturating_sub(1);
    let finished = match end {
        Some(end) => {
            if placed.len() > end {
                return Err(JczError::Invalid {
                    place: "gameAnnotations.endTurn".into(),
                    message: format!("{end} draws, but the replay places {} tiles", placed.len()),
                });
            }
            ids.truncate(end);
            if placed.len() < end && ids.len() < end {
                // JCZ's game ends after `end` draws but the save stops
                // before, and its draw order does not reach there: without
                // more tiles the record would run out of draws where the
                // save stops and end the game with final scoring, which
                // JCZ's game never reached.
                let missing = end - ids.len();
                let rest = tiles_left(bag, &ids, start);
                let added = rest.len().min(missing);
                notes.push(format!(
                    "the save stops at draw {} of the {end} JCZ's game has (gameAnnotations.endTurn), and its draw \
                     order names {} draws: the record's draw order goes on with {added} tiles still in the bag, in \
                     a fixed order, not JCZ's random one, so the record ends there too, without final scoring",
                    placed.len(),
                    ids.len()
                ));
                ids.extend(rest.into_iter().take(missing));
            }
            placed.len() == end
        }
        None if ids.len() as u32 >= bag_size => true,
        None => {
            // A game saved before its end: the tiles still in the bag follow,
            // so that the replay stops where JCZ's game stood, before the
            // final scoring. JCZ draws them at random; their order here is
            // the table's.
            let rest = tiles_left(bag, &ids, start);
            notes.push(format!(
                "the save stops before the end of JCZ's game ({} tiles drawn, {} still in the bag): \
                 the record ends there too, without final scoring; the tiles still in the bag follow in the draw order \
                 in a fixed order, not JCZ's random one",
                ids.len(),
                rest.len()
            ));
            ids.extend(rest);
            false
        }
    };
    Ok((ids, finished))
}
