//! `setup` and `players` of a save → this engine's game configuration,
//! read through the mappings (`[[set]]`, `[[element]]`, `[[rule]]`).

use crate::JczError;
use crate::mapping::{ElementEntry, Mappings, SetRef, variant_value};
use crate::save::Save;
use carcassonne_core::figures::FOLLOWER;
use carcassonne_core::{BASE_ID, BASE_VARIANTS, Catalog, GameConfig, PlayerConfig, Rotation, Rules, TileSource};
use serde_json::Value;
use std::collections::BTreeMap;

/// The configuration, and what the importer learnt making it.
pub(crate) struct Plan {
    pub config: GameConfig,
    /// The set entries of the save's tile sets.
    pub sets: Vec<SetRef>,
    /// How far JCZ's board is turned clockwise to be this engine's, whose
    /// start tile lies unturned.
    pub board_turn: Rotation,
    /// Whether JCZ's game was over at the last action (forced end or empty bag).
    pub finished: bool,
    pub notes: Vec<String>,
}

fn unsupported(what: impl Into<String>) -> JczError {
    JczError::Unsupported { what: what.into() }
}

/// A rule option's value as text (`2` and `"2"` alike).
pub(crate) fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A key of `setup.sets` as its name and edition (`basic:1`; no edition
/// is the first).
pub(crate) fn split_set_key(key: &str) -> Result<(&str, u32), JczError> {
    match key.split_once(':') {
        None => Ok((key, 1)),
        Some((name, edition)) => edition.parse().map(|e| (name, e)).map_err(|_| JczError::Invalid {
            place: format!("setup.sets.{key}"),
            message: format!("edition `{edition}`: JCZ writes NAME:EDITION, e.g. basic:1"),
        }),
    }
}

/// What the save's elements say, read once.
struct Elements<'a> {
    save: &'a BTreeMap<String, Value>,
}

impl Elements<'_> {
    fn present(&self, key: &str) -> bool {
        self.save.contains_key(key)
    }

    /// A figure element's count (`"big-follower": 1`; `true` reads as 1).
    fn count(&self, key: &str) -> Result<i64, JczError> {
        match self.save.get(key) {
            None => Ok(0),
            Some(Value::Number(n)) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.is_finite() && f.abs() < 1e9).map(|f| f as i64))
                .ok_or_else(|| JczError::Invalid {
                    place: format!("setup.elements.{key}"),
                    message: format!("{n}: JCZ writes a number of figures here"),
                }),
            Some(Value::Bool(_) | Value::Null) => Ok(1),
            Some(other) => Err(JczError::Invalid {
                place: format!("setup.elements.{key}"),
                message: format!("{other}: JCZ writes a number of figures here"),
            }),
        }
    }

    /// Whether the save names the element: present, and for a figure's
    /// element with a count above 0.
    fn named(&self, key: &str, entry: &ElementEntry) -> Result<bool, JczError> {
        if entry.figure.is_some() {
            Ok(self.count(key)? > 0)
        } else {
            Ok(self.present(key))
        }
    }
}

pub(crate) fn plan(save: &Save, catalog: &Catalog, mappings: &Mappings, tiles: &TileSource) -> Result<Plan, JczError> {
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

    // Tile sets: every set entry of the name that reads the edition.
    let mut active: Vec<(SetRef, u32)> = Vec::new();
    // The save's key of each active set entry, for messages.
    let mut keys: Vec<&str> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (key, &copies) in &save.setup.sets {
        let (name, edition) = split_set_key(key)?;
        let refs = mappings.sets_named(name);
        if refs.is_empty() {
            return Err(unsupported(format!("the JCZ tile set `{key}` (setup.sets)")));
        }
        let reading: Vec<SetRef> = refs
            .iter()
            .copied()
            .filter(|&r| mappings.set(r).editions.contains(&edition))
            .collect();
        if reading.is_empty() {
            let mut editions: Vec<u32> = refs.iter().flat_map(|&r| mappings.set(r).editions.clone()).collect();
            editions.sort_unstable();
            editions.dedup();
            return Err(unsupported(format!(
                "the JCZ tile set `{key}` (setup.sets): this engine reads {}",
                editions
                    .iter()
                    .map(|e| format!("`{name}:{e}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let copies = u32::try_from(copies).map_err(|_| JczError::Invalid {
            place: format!("setup.sets.{key}"),
            message: format!("{copies} copies: must be 0 or more"),
        })?;
        names.push(name.to_string());
        keys.extend(reading.iter().map(|_| key.as_str()));
        active.extend(reading.into_iter().map(|r| (r, copies)));
    }
    let set_active = |name: &str| names.iter().any(|n| n == name);

    // Elements: each must be mapped; an expansion is on when the save names
    // one of its elements that switches something on, or a set of it that
    // brings its rules.
    let elements = Elements {
        save: &save.setup.elements,
    };
    for key in save.setup.elements.keys() {
        if mappings.element(key).is_none() {
            return Err(unsupported(format!("the JCZ element `{key}` (setup.elements)")));
        }
    }
    let mut expansions: Vec<String> = Vec::new();
    for (owner, e) in mappings.elements() {
        let switches = e.part.is_some() || e.figure.is_some() || e.expansion;
        if owner != BASE_ID && switches && elements.named(e.jcz.get_ref(), e)? && !expansions.iter().any(|x| x == owner)
        {
            expansions.push(owner.to_string());
        }
    }
    for &(r, _) in &active {
        let owner = &mappings.list[r.0].owner;
        if mappings.set(r).with_rules && owner != BASE_ID && !expansions.contains(owner) {
            expansions.push(owner.clone());
        }
    }
    expansions.sort_unstable();
    for e in &expansions {
        if catalog.get(e).is_none() {
            return Err(unsupported(format!("expansion `{e}` (not in this build)")));
        }
    }
    // An expansion on only through its set, whose save names none of the
    // elements that switch its parts on (FanCloisterZone's Village Life
    // set with none of its mechanisms), would have every part off, which
    // the engine refuses: JCZ plays its tiles alone, and so does the game.
    let mut tiles_alone: Vec<String> = Vec::new();
    for e in &expansions {
        let Some(info) = catalog.get(e) else { continue };
        if info.parts.is_empty() {
            continue;
        }
        // Every part switched by an element, and none of them named.
        let mut mapped: Vec<&str> = Vec::new();
        let mut switched_on = false;
        for (owner, el) in mappings.elements() {
            if owner == e.as_str()
                && let Some(part) = &el.part
            {
                mapped.push(part.get_ref().as_str());
                switched_on |= elements.named(el.jcz.get_ref(), el)?;
            }
        }
        if !switched_on && info.parts.iter().all(|p| mapped.contains(&p.id)) {
            tiles_alone.push(e.clone());
        }
    }
    expansions.retain(|e| !tiles_alone.contains(e));
    let on = |owner: &str| owner == BASE_ID || expansions.iter().any(|e| e == owner);

    // A set read only with some elements.
    for (&(r, _), key) in active.iter().zip(&keys) {
        let set = mappings.set(r);
        let missing: Vec<&str> = set
            .needs
            .iter()
            .map(|n| n.get_ref().as_str())
            .filter(|n| !elements.present(n))
            .collect();
        if !missing.is_empty() {
            return Err(unsupported(format!(
                "the JCZ tile set `{key}` (setup.sets) without the JCZ element{} {}: `{}` reads it only with them",
                if missing.len() == 1 { "" } else { "s" },
                missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "),
                mappings.list[r.0].owner
            )));
        }
    }

    // Parts: a part of an expansion that is on is off when the save does
    // not name its element.
    for (owner, e) in mappings.elements() {
        if owner == BASE_ID || !on(owner) {
            continue;
        }
        if let Some(part) = &e.part
            && !elements.named(e.jcz.get_ref(), e)?
        {
            config
                .parts
                .entry(owner.to_string())
                .or_default()
                .insert(part.get_ref().clone(), false);
        }
    }

    // Tile sets in the bag: the base game's copies; an expansion's set with
    // its rules when the expansion is on, its tiles alone when not; an
    // expansion on without a set of it in the save has its tiles left out.
    let mut base_copies = None;
    for &(r, copies) in &active {
        let owner = mappings.list[r.0].owner.as_str();
        let engine = mappings.engine_set(r);
        if owner == BASE_ID {
            base_copies = Some(copies);
            continue;
        }
        if copies != 1 {
            config.tiles.sets.insert(engine.clone(), i64::from(copies));
        }
        if !on(owner) && !config.tiles_only.iter().any(|t| t == owner) {
            // Its tiles alone: `tiles_only` names the expansion, and its
            // tile sets the save does not name stay out of the bag (an
            // expansion's arrangement, which picks one of its sets by a
            // variant, does not run for its tiles alone).
            config.tiles_only.push(owner.to_string());
            let index = mappings.index_of(owner);
            for si in 0..mappings.list[index].sets.len() {
                let other = mappings.engine_set((index, si));
                if !active.iter().any(|&(a, _)| mappings.engine_set(a) == other) {
                    config.tiles.sets.entry(other).or_insert(0);
                }
            }
        }
    }
    if let Some(copies) = base_copies
        && copies != 1
    {
        config.tiles.sets.insert(BASE_ID.into(), i64::from(copies));
    }
    if base_copies.is_none() {
        config.tiles.sets.insert(BASE_ID.into(), 0);
    }
    for e in &expansions {
        let Some(info) = catalog.get(e) else { continue };
        let has_set = active.iter().any(|&(r, _)| mappings.list[r.0].owner == *e);
        if !has_set && !info.tile_files.is_empty() {
            let mut ids: Vec<String> = mappings
                .of(e)
                .map(|m| {
                    (0..m.sets.len())
                        .map(|si| mappings.engine_set((mappings.index_of(e), si)))
                        .collect()
                })
                .unwrap_or_default();
            if ids.is_empty() {
                ids.push(e.clone());
            }
            for id in ids {
                config.tiles.sets.entry(id).or_insert(0);
            }
        }
    }

    // Elements this engine plays as others.
    for (owner, e) in mappings.elements() {
        let Some(same) = &e.same_as else { continue };
        let key = e.jcz.get_ref();
        if !e.matters_with.is_empty() && !e.matters_with.iter().any(|s| set_active(s)) {
            continue;
        }
        let theirs = elements.present(key);
        let ours = match mappings.element(same.get_ref()) {
            Some((o, other)) => on(o) && elements.named(same.get_ref(), other)?,
            None => false,
        };
        if theirs != ours {
            let with = if e.matters_with.is_empty() {
                String::new()
            } else {
                format!(" with {}", e.matters_with.join(", "))
            };
            return Err(unsupported(if theirs {
                format!(
                    "the JCZ element `{key}` (setup.elements) without the JCZ element `{}`: `{owner}` plays \
                     `{key}` as `{}`{with}, so the save must name both or neither",
                    same.get_ref(),
                    same.get_ref()
                )
            } else {
                format!(
                    "the JCZ element `{}` without the JCZ element `{key}` (setup.elements): `{owner}` plays `{key}` \
                     as `{}`{with}, so the save must name both or neither",
                    same.get_ref(),
                    same.get_ref()
                )
            }));
        }
    }
    config.expansions = expansions.clone();

    // Variants the sets are played with.
    for &(r, _) in &active {
        let owner = mappings.list[r.0].owner.as_str();
        if !on(owner) {
            continue;
        }
        let set = mappings.set(r);
        for (name, value) in &set.variants {
            let place = format!(
                "the JCZ tile set {} (setup.sets), which JCZ plays with {name} = {}",
                set.jcz.get_ref(),
                value.get_ref()
            );
            set_variant(&mut config, catalog, owner, name, value.get_ref(), &place)?;
        }
        // A start of this set's tiles alone: JCZ laid them as the start.
        let own_start = save.setup.start.as_ref().is_some_and(|tiles| {
            !tiles.is_empty()
                && tiles
                    .iter()
                    .all(|t| mappings.tiles_of(r).any(|e| *e.jcz.get_ref() == t.tile))
        });
        if own_start {
            for (name, value) in &set.start_variants {
                let place = format!(
                    "the JCZ tile set {} laid as the start (setup.start), which JCZ plays with {name} = {}",
                    set.jcz.get_ref(),
                    value.get_ref()
                );
                set_variant(&mut config, catalog, owner, name, value.get_ref(), &place)?;
            }
        }
    }

    figures(&elements, mappings, catalog, &mut config)?;

    // Variants of elements the save leaves out.
    for (owner, e) in mappings.elements() {
        if e.when_absent.is_empty() || elements.present(e.jcz.get_ref()) || !on(owner) {
            continue;
        }
        for (name, value) in &e.when_absent {
            let place = format!("the JCZ game without `{}` (setup.elements)", e.jcz.get_ref());
            set_variant(&mut config, catalog, owner, name, value.get_ref(), &place)?;
        }
    }

    // Rule options, with the values FanCloisterZone gives those the save
    // leaves out (`when_absent`: it fills them in when it loads a save).
    let mut rules = save.setup.rules.clone();
    for rule in mappings.list.iter().flat_map(|m| m.rules.iter().map(|r| r.get_ref())) {
        if let Some(value) = &rule.when_absent {
            rules
                .entry(rule.jcz.get_ref().clone())
                .or_insert_with(|| Value::from(value.get_ref().as_str()));
        }
    }
    for (key, value) in &rules {
        let Some((owner, rule)) = mappings.rule(key) else {
            return Err(unsupported(format!("the JCZ rule option `{key}` (setup.rules)")));
        };
        // An option of elements the game does not have changes nothing:
        // JCZ writes every option into every save.
        if !rule.needs.is_empty() && !rule.needs.iter().any(|d| elements.present(d) || set_active(d)) {
            continue;
        }
        if !on(owner) {
            continue;
        }
        let v = text_of(value);
        let place = format!("the JCZ rule option {key} = {v} (setup.rules)");
        if rule.unchanged.contains(&v) {
            continue;
        }
        match (rule.values.get(&v), &rule.variant) {
            (Some(target), Some(variant)) => {
                set_variant(&mut config, catalog, owner, variant.get_ref(), target.get_ref(), &place)?
            }
            _ => return Err(unsupported(place)),
        }
    }

    // The engine's start tile and bag for this configuration.
    let sets: Vec<SetRef> = active.iter().map(|&(r, _)| r).collect();
    let rules = Rules::new(catalog, &config, tiles).map_err(|e| JczError::Setup(e.to_string()))?;
    let board_turn = check_start(save, mappings, &sets, &rules)?;
    let (draws, finished) = draw_order(save, mappings, &sets, &rules, &mut notes)?;
    config.draw_order = Some(draws);
    Ok(Plan {
        config,
        sets,
        board_turn,
        finished,
        notes,
    })
}

/// Figures per player: JCZ's figure elements, written into `[figures]`
/// where they differ from what the game's expansions give each player.
fn figures(
    elements: &Elements<'_>,
    mappings: &Mappings,
    catalog: &Catalog,
    config: &mut GameConfig,
) -> Result<(), JczError> {
    let mut ours: BTreeMap<&str, i64> = BTreeMap::from([(FOLLOWER.id, i64::from(FOLLOWER.per_player))]);
    for e in &config.expansions {
        if let Some(info) = catalog.get(e) {
            for f in info.figures {
                ours.insert(f.id, i64::from(f.per_player));
            }
        }
    }
    for (_, e) in mappings.elements() {
        let Some(figure) = &e.figure else { continue };
        let element = e.jcz.get_ref();
        let figure = figure.get_ref().as_str();
        let wanted = elements.count(element)?;
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

/// Sets a variant of `owner` (an expansion, or the base game), checked
/// against its declaration.
fn set_variant(
    config: &mut GameConfig,
    catalog: &Catalog,
    owner: &str,
    name: &str,
    value: &toml::Value,
    what: &str,
) -> Result<(), JczError> {
    let decl = if owner == BASE_ID {
        BASE_VARIANTS.iter().find(|d| d.name == name)
    } else {
        catalog
            .get(owner)
            .and_then(|info| info.variants.iter().find(|d| d.name == name))
    };
    let checked = decl
        .zip(variant_value(value))
        .and_then(|(d, v)| d.kind.check(&v).ok())
        .ok_or_else(|| unsupported(format!("{what}: it needs the variant {owner}.{name} = {value}")))?;
    config
        .variants
        .entry(owner.to_string())
        .or_default()
        .insert(name.to_string(), checked);
    Ok(())
}

/// The start must be the engine's for this configuration: its start tile
/// at (0,0), turned any way, then the tiles the expansions lay beside it
/// before the first turn (`Tables::more_starts`), in the same order. The
/// board is turned as a whole so that the start tile lies unturned, as
/// this engine's does; every other start tile must then lie where and as
/// the engine lays it. Returns that turn.
fn check_start(save: &Save, mappings: &Mappings, sets: &[SetRef], rules: &Rules) -> Result<Rotation, JczError> {
    let start = rules.tile(rules.start_tile()).def.id.as_str();
    // The JCZ entries that are this engine's tile `engine`.
    let entries_of = |engine: &str| -> Vec<&crate::mapping::TileEntry> {
        sets.iter()
            .flat_map(|&r| mappings.tiles_of(r))
            .filter(|t| t.engine == engine)
            .collect()
    };
    let entries = entries_of(start);
    let jcz_name = |engine: &str| {
        entries_of(engine)
            .first()
            .map_or(engine.to_string(), |t| t.jcz.get_ref().clone())
    };
    let Some(tiles) = &save.setup.start else {
        // Older saves name no start: JCZ's default, unturned.
        return Ok(entries.first().map_or(Rotation::NONE, |t| t.turn()));
    };
    let more = rules.more_starts();
    // JCZ lists the start tiles in its own order (The Count's block from
    // its north-west corner): the one at (0,0) is the start tile, the others
    // are matched with this engine's whatever their order.
    let origin = tiles.iter().position(|t| t.x == 0 && t.y == 0);
    let others: Vec<&crate::save::StartTile> = tiles
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != origin)
        .map(|(_, t)| t)
        .collect();
    let turned = match origin.map(|i| &tiles[i]) {
        Some(one) if others.len() == more.len() => entries
            .iter()
            .find(|t| *t.jcz.get_ref() == one.tile)
            .and_then(|t| Some((t, crate::replay::rotation(Some(&one.rotation), "setup.start").ok()?))),
        _ => None,
    };
    // The start tile turned by `r` on JCZ's board is this engine's turned
    // by `r - turn`; turning the board by `turn - r` makes it 0.
    let board_turn =
        turned.map(|(entry, r)| Rotation::quarters(entry.turn().quarter_turns() + r.inverse().quarter_turns()));
    let fits = |s: &crate::save::StartTile, m: &carcassonne_core::tiles::MoreStart, turn: Rotation| {
        let engine = rules.tile(m.tile).def.id.as_str();
        let (Ok(x), Ok(y)) = (i32::try_from(s.x), i32::try_from(s.y)) else {
            return false;
        };
        let Ok(r) = crate::replay::rotation(Some(&s.rotation), "setup.start") else {
            return false;
        };
        entries_of(engine).iter().any(|e| {
            *e.jcz.get_ref() == s.tile
                && crate::replay::turned(carcassonne_core::Pos::new(x, y), turn) == m.pos
                && crate::replay::add(crate::replay::add(r, e.turn().inverse()), turn) == m.rotation
        })
    };
    // Each of this engine's further start tiles is one of JCZ's, each used
    // once (two start tiles never share a place, so a match is unique).
    let rest_fits = |turn: Rotation| {
        let mut used = vec![false; others.len()];
        more.iter().all(|m| {
            let found = others
                .iter()
                .enumerate()
                .find(|&(i, s)| !used[i] && fits(s, m, turn))
                .map(|(i, _)| i);
            found.map(|i| used[i] = true).is_some()
        })
    };
    match board_turn {
        Some(turn) if rest_fits(turn) => Ok(turn),
        _ => {
            let alone = if more.is_empty() { " alone" } else { "" };
            let mut expected = format!("{}{alone} at (0,0)", jcz_name(start));
            for m in more {
                expected.push_str(&format!(
                    ", then {} at ({},{}) turned {}°",
                    jcz_name(&rules.tile(m.tile).def.id),
                    m.pos.x,
                    m.pos.y,
                    u16::from(m.rotation.quarter_turns()) * 90
                ));
            }
            Err(unsupported(format!(
                "the start tiles {} (setup.start): this engine starts this game with {expected}",
                serde_json::to_string(
                    &tiles
                        .iter()
                        .map(|s| format!("{} at ({},{}) {}", s.tile, s.x, s.y, s.rotation))
                        .collect::<Vec<_>>()
                )
                .unwrap_or_default()
            )))
        }
    }
}

/// The JCZ sets the mappings know, for messages.
pub(crate) fn known_sets(mappings: &Mappings) -> String {
    let mut names: Vec<&str> = mappings
        .list
        .iter()
        .flat_map(|m| m.sets.iter().map(|s| s.get_ref().jcz.get_ref().as_str()))
        .collect();
    names.dedup();
    names.join(", ")
}

/// The draw order in engine ids, and whether JCZ's game was over.
fn draw_order(
    save: &Save,
    mappings: &Mappings,
    sets: &[SetRef],
    rules: &Rules,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, bool), JczError> {
    let entry = |id: &str, place: &str| {
        mappings.tile_anywhere(id, sets).ok_or_else(|| JczError::UnknownTile {
            place: place.to_string(),
            id: id.to_string(),
            sets: known_sets(mappings),
        })
    };
    // The tiles placed, in order; a tile nobody draws (the abbey) is no draw.
    let mut placed: Vec<(usize, String)> = Vec::new();
    for (i, a) in save.replay.iter().enumerate() {
        if a.kind == "PLACE_TILE" {
            let fields = a.fields();
            let place = format!("replay action {} (PLACE_TILE)", i + 1);
            let id = fields
                .get("tileId")
                .and_then(Value::as_str)
                .ok_or_else(|| JczError::Invalid {
                    place: place.clone(),
                    message: "no `tileId`".into(),
                })?;
            if entry(id, &place)?.count.is_some() {
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
        ids.push(entry(id, &place)?.engine.clone());
    }
    // The engine's bag, the start tile's placed copy left out: the tiles
    // not yet drawn follow in its order.
    let bag: Vec<String> = rules
        .initial_bag()
        .iter()
        .map(|&t| rules.tile(t).def.id.clone())
        .collect();
    // Every draw must be a tile of the engine's bag for this game.
    let mut in_bag = bag.clone();
    for (k, id) in ids.iter().enumerate() {
        match in_bag.iter().position(|t| t == id) {
            Some(i) => {
                in_bag.remove(i);
            }
            None => {
                let place = match placed.get(k) {
                    Some((i, _)) => format!("replay action {} (PLACE_TILE)", i + 1),
                    None => format!("gameAnnotations.drawOrder, draw {}", k + 1),
                };
                return Err(JczError::Invalid {
                    place,
                    message: format!(
                        "JCZ draws {} ({id}), and this engine's bag for this game holds no more of it",
                        draws[k]
                    ),
                });
            }
        }
    }
    let left = |drawn: &[String]| {
        let mut rest = bag.clone();
        for id in drawn {
            if let Some(i) = rest.iter().position(|t| t == id) {
                rest.remove(i);
            }
        }
        rest
    };
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
                let rest = left(&ids);
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
        None if ids.len() >= rules.bag_size() => true,
        None => {
            // A game saved before its end: the tiles still in the bag follow,
            // so that the replay stops where JCZ's game stood, before the
            // final scoring. JCZ draws them at random; their order here is
            // the engine's bag's.
            let rest = left(&ids);
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
