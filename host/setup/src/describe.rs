//! Games in words for people and in JSON for programs: event lines of the
//! turn log, the score table, the final summary and the expansions listing.
//! Front ends print or send what these return.

use carcassonne_core::{Action, Deployment, Event, ExpansionGroup, Game};
use serde_json::{Value, json};

/// " at (1,0)" after a label of a figure on this turn's tile, for the
/// log's readers who place tiles by coordinates; nothing when the label
/// already says where the tile lies from this turn's ("…, 2 tiles west of
/// the new tile").
fn coordinates(game: &Game, pos: carcassonne_core::Pos) -> String {
    match game.state().placed_this_turn() {
        Some(t) if t.pos != pos => String::new(),
        _ => format!(" at {pos}"),
    }
}

/// "the bought tile " before a placed tile's id when it is the turn's
/// supplied tile (`Event::TileSupplied`), in its supplier's words;
/// nothing for a drawn tile.
fn supplied_words(game: &Game, tile: u16) -> String {
    let turn = game.state().turn();
    match (turn.supplied, game.rules().supply_words(turn.supplier)) {
        (Some(s), Some(words)) if s.tile == tile => format!("{words} "),
        _ => String::new(),
    }
}

/// One event as a line of the turn log (as `play` prints it).
pub fn describe(game: &Game, event: &Event) -> Option<String> {
    let s = game.state();
    let rules = game.rules();
    let name = |p: u8| s.player_name(p).to_string();
    Some(match event {
        Event::TurnStarted { player } => format!("Turn {} · {}", s.turn().number, name(*player)),
        // The id for players who know the tiles by letter, and what it shows.
        Event::TileDrawn { tile, .. } => {
            let t = rules.tile(*tile);
            match &t.def.name {
                Some(name) => format!("    draws {} ({name})", t.id()),
                None => format!("    draws {}", t.id()),
            }
        }
        Event::TileSupplied { tile, slot, .. } => format!(
            "    takes {} {} instead of drawing",
            rules.supply_words(*slot).unwrap_or("a tile held"),
            rules.tile(*tile).id()
        ),
        Event::TileDiscarded { tile } => {
            format!("    discards {} (it fits nowhere)", rules.tile(*tile).id())
        }
        Event::TilePutAside { tile, slot, .. } => format!(
            "    puts {} aside: it fits only with {}",
            rules.tile(*tile).id(),
            rules.put_aside_words(*slot).unwrap_or("what is optional")
        ),
        Event::TileSetAside { tile } => {
            format!("    sets {} aside and draws again", rules.tile(*tile).id())
        }
        Event::DeploymentOffered { .. } => "    may deploy once more this turn".to_string(),
        Event::PennantsChanged { added, void, .. } => match (added, void) {
            (_, true) => "    a feature's coats of arms count for nothing from now on".to_string(),
            (1, false) => "    a feature gains a coat of arms".to_string(),
            (n, false) => format!("    a feature gains {n} coats of arms"),
        },
        Event::FeaturesConnected { .. } => {
            "    two features are joined into one (they do not meet across an edge)".to_string()
        }
        Event::FeaturesLinked { linked: true, .. } => "    two features are linked into one inside a tile".to_string(),
        Event::FeaturesLinked { linked: false, .. } => {
            "    a link inside a tile is taken back (the feature may split in two)".to_string()
        }
        // Unseen: which tile it was is not told.
        Event::TileBuried { .. } => "    a tile from the bag goes out of play unseen".to_string(),
        Event::FeatureAdded { kind, pos, .. } => {
            format!("    a {} is added to the tile at {pos}", rules.kind_label(*kind))
        }
        Event::TileReturned { tile } => format!("    {} goes back into the bag", rules.tile(*tile).id()),
        Event::TilePlaced {
            player: None,
            tile,
            pos,
            ..
        } => format!("Start tile {} at {pos}", rules.tile(*tile).id()),
        Event::TilePlaced {
            tile, pos, rotation, ..
        } => format!(
            "    places {}{} at {pos} turned {}°",
            supplied_words(game, *tile),
            rules.tile(*tile).id(),
            rotation.degrees()
        ),
        Event::FigureDeployed { kind, pos, spot, .. } => {
            let deployment = Deployment {
                figure: *kind,
                pos: *pos,
                spot: *spot,
            };
            let label = game.deployment_label(&deployment);
            format!("    deploys: {label}{}", coordinates(game, *pos))
        }
        Event::FeatureCompleted { kind, .. } => format!("    completes a {}", rules.kind_label(*kind)),
        // Its points were told already; this says whose rule scored it.
        Event::FeatureScoredByExpansion { slot, kind, .. } => format!(
            "    the {} is scored by {}'s rule",
            rules.kind_label(*kind),
            rules.expansions().get(*slot as usize)?.info.name
        ),
        Event::FigureMoved { figure, pos, spot } => {
            let f = s.figure(*figure)?;
            let label = game.deployment_label(&Deployment {
                figure: f.kind,
                pos: *pos,
                spot: *spot,
            });
            format!("    moves: {label}{}", coordinates(game, *pos))
        }
        Event::Scored {
            player, points, source, ..
        } => format!(
            "    {} scores {points} ({})",
            name(*player),
            // In the words players read ("King", not its key).
            rules
                .score_source_word(*source as usize)
                .unwrap_or_else(|| "points".to_string())
        ),
        Event::FigureReturned { owner, kind, .. } if *owner == carcassonne_core::figures::NEUTRAL => {
            format!("    the {} leaves the board", rules.figures()[*kind as usize].id)
        }
        Event::FigureReturned { owner, kind, .. } => format!(
            "    {}'s {} returns to supply",
            name(*owner),
            rules.figures()[*kind as usize].id
        ),
        Event::Expansion { slot, detail } => format!("    {}", game.expansion_log_line(*slot, detail).to_text(name)),
        Event::FigureCaptured {
            owner, kind, pos, by, ..
        } => format!(
            "    {} takes {}'s {} at {pos} prisoner",
            name(*by),
            name(*owner),
            rules.figures()[*kind as usize].name.to_lowercase()
        ),
        Event::FigureReleased { owner, kind, by } => format!(
            "    {}'s {} goes home from {}",
            name(*owner),
            rules.figures()[*kind as usize].name.to_lowercase(),
            name(*by)
        ),
        Event::ExtraTurn { player } => format!("    {} plays another turn next", name(*player)),
        Event::FinalScoring => "Final scoring".to_string(),
        Event::GameEnded => "Game over".to_string(),
    })
}

/// One event as a line of the turn log for people looking at a board
/// without coordinates (the browser): tiles by what they show, not by id,
/// and places in steps from the start tile or the new tile, not
/// coordinates. Other events read as [`describe`] has them.
pub fn describe_in_words(game: &Game, event: &Event) -> Option<String> {
    let s = game.state();
    let rules = game.rules();
    let tile_words = |tile: u16| {
        let t = rules.tile(tile);
        t.def.name.clone().unwrap_or_else(|| format!("tile {}", t.id()))
    };
    let name = |p: u8| s.player_name(p).to_string();
    Some(match event {
        Event::TileDrawn { tile, .. } => format!("    draws {}", tile_words(*tile)),
        Event::TileSupplied { tile, slot, .. } => format!(
            "    takes {}, {}, instead of drawing",
            rules.supply_words(*slot).unwrap_or("a tile held"),
            tile_words(*tile)
        ),
        Event::TileDiscarded { tile } => format!("    discards {} (it fits nowhere)", tile_words(*tile)),
        Event::TilePutAside { tile, slot, .. } => format!(
            "    puts {} aside: it fits only with {}",
            tile_words(*tile),
            rules.put_aside_words(*slot).unwrap_or("what is optional")
        ),
        Event::TileSetAside { tile } => format!("    sets {} aside and draws again", tile_words(*tile)),
        Event::TileReturned { tile } => format!("    {} goes back into the bag", tile_words(*tile)),
        Event::TilePlaced { player: None, tile, .. } => format!("Start tile: {}", tile_words(*tile)),
        Event::TilePlaced { pos, rotation, .. } => {
            let turned = match rotation.degrees() {
                0 => String::new(),
                d => format!(", turned {d}°"),
            };
            format!("    places it {}{turned}", s.place_words_from_start(*pos))
        }
        Event::FigureDeployed { kind, pos, spot, .. } => format!(
            "    deploys: {}",
            game.deployment_label(&Deployment {
                figure: *kind,
                pos: *pos,
                spot: *spot,
            })
        ),
        Event::FigureMoved { figure, pos, spot } => {
            let f = s.figure(*figure)?;
            format!(
                "    moves: {}",
                game.deployment_label(&Deployment {
                    figure: f.kind,
                    pos: *pos,
                    spot: *spot,
                })
            )
        }
        Event::FigureCaptured { owner, kind, by, .. } => format!(
            "    {} takes {}'s {} prisoner",
            name(*by),
            name(*owner),
            rules.figures()[*kind as usize].name.to_lowercase()
        ),
        other => return describe(game, other),
    })
}

/// A decision about to be played, as a line of the turn log: an
/// expansion's option in its own words ("    Ann chooses: Harvest the
/// apple tree"). The core's decisions show as the events they cause
/// (`describe`), so they give `None`.
pub fn decision(game: &Game, action: &Action) -> Option<String> {
    // Taking a figure back causes only a score and a return: say what it is.
    if let Action::Deploy(Deployment {
        spot: carcassonne_core::figures::Spot::Recall(_),
        ..
    }) = action
    {
        // The option reads "Take the abbot back from …, scoring 4"; the log
        // says who did it, and its next line gives the score.
        let label = game.action_label_for_others(action);
        let label = label.rsplit_once(", scoring").map_or(label.as_str(), |(what, _)| what);
        let done = label
            .strip_prefix("Take ")
            .map_or_else(|| lower_first(label), |rest| format!("takes {rest}"));
        return Some(format!("    {done}"));
    }
    let Action::Expansion { .. } = action else {
        return None;
    };
    let player = game.decision()?.player();
    Some(format!(
        "    {} chooses: {}",
        game.state().player_name(player),
        game.action_label_for_others(action)
    ))
}

/// `text` with its first letter in lower case ("takes the abbot back …").
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Each enabled expansion's public state for people: by id, its lines
/// (`Expansion::present`).
pub fn presented_json(game: &Game) -> serde_json::Map<String, Value> {
    game.rules()
        .expansions()
        .iter()
        .enumerate()
        .map(|(slot, e)| (e.info.id.to_string(), json!(game.presented_expansion_state(slot as u8))))
        .collect()
}

/// The final (or current) score table with points by source, each source
/// in the words players read (`Tables::score_source_words`: "Cities",
/// "Serf", not `cleric-and-serf.serf`); JSON and CSV keep the keys.
pub fn score_table(game: &Game) -> String {
    let s = game.state();
    let sources = game.rules().score_source_words();
    let width = (0..s.players() as u8)
        .map(|p| s.player_name(p).chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!("{:width$}  {:>5}", "Player", "Score");
    for src in &sources {
        out.push_str(&format!("  {src:>w$}", w = src.chars().count().max(4)));
    }
    out.push('\n');
    let mut order: Vec<u8> = (0..s.players() as u8).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(s.score(p)));
    for p in order {
        out.push_str(&format!("{:width$}  {:>5}", s.player_name(p), s.score(p)));
        for (i, src) in sources.iter().enumerate() {
            out.push_str(&format!("  {:>w$}", s.breakdown(p)[i], w = src.chars().count().max(4)));
        }
        out.push('\n');
    }
    out
}

/// Player `p`'s points by score source, as a JSON object (`{"cities": 12, …}`).
pub fn breakdown_json(game: &Game, p: u8) -> serde_json::Map<String, Value> {
    let breakdown = game.state().breakdown(p);
    game.rules()
        .score_sources()
        .iter()
        .zip(breakdown)
        .map(|(source, points)| (source.clone(), json!(points)))
        .collect()
}

/// Each enabled expansion's public state, by id.
pub fn expansions_json(game: &Game) -> serde_json::Map<String, Value> {
    game.rules()
        .expansions()
        .iter()
        .enumerate()
        .map(|(slot, e)| (e.info.id.to_string(), game.public_expansion_state(slot as u8)))
        .collect()
}

/// The state as JSON: players with score and breakdown, tile counts, and
/// each expansion's public state.
pub fn final_json(game: &Game) -> Value {
    let s = game.state();
    let players: Vec<Value> = (0..s.players() as u8)
        .map(|p| json!({ "name": s.player_name(p), "score": s.score(p), "breakdown": breakdown_json(game, p) }))
        .collect();
    let expansions = expansions_json(game);
    json!({
        "players": players,
        "over": game.is_over(),
        "turns": s.turn().number,
        "tiles_placed": s.board().tiles().len(),
        "tiles_discarded": s.discarded().len(),
        "tiles_left": s.tiles_left(),
        "seed": game.rules().config.seed,
        "expansions": expansions,
    })
}

/// A variant's declaration as JSON: name, label, kind, typed default, description,
/// earlier defaults (and the values of a one-of kind).
fn variant_json(v: &carcassonne_core::VariantDecl) -> Value {
    let earlier: Vec<Value> = v
        .earlier_defaults
        .iter()
        .map(|d| json!({ "until": d.until, "value": d.value }))
        .collect();
    // The default as a typed value (`3`, `true`, `"one"`), like the value a
    // configuration gives.
    let default = v
        .kind
        .parse_default(v.default)
        .map_or_else(|_| json!(v.default), |d| json!(d));
    let mut variant = json!({ "name": v.name, "label": v.label, "kind": v.kind, "default": default,
            "description": v.description, "earlier_defaults": earlier });
    if let carcassonne_core::ValueKind::OneOf { values } = v.kind {
        variant["values"] = json!(values);
    }
    variant
}

fn feature_kind_json(k: &carcassonne_core::tiles::FeatureKindDecl) -> Value {
    json!({
        "name": k.name,
        "label": k.label,
        "shape": k.shape,
        "scoring": k.scoring,
        "occupiable": k.occupiable,
        "invites": k.invites,
        "source": k.source,
        "colour": k.colour,
    })
}

fn edge_kind_json(k: &carcassonne_core::tiles::EdgeKindDecl) -> Value {
    use carcassonne_core::tiles::Matching;
    let matches = match k.matching {
        Matching::Itself => json!([k.name]),
        Matching::Also(others) => json!(
            std::iter::once(k.name)
                .chain(others.iter().copied())
                .collect::<Vec<_>>()
        ),
        Matching::Anything => json!("anything"),
    };
    json!({
        "name": k.name,
        "letter": k.letter.to_string(),
        "label": k.label,
        "segments": k.segments,
        "matches": matches,
    })
}

fn figure_json(f: &carcassonne_core::FigureDecl) -> Value {
    json!({ "id": f.id, "name": f.name, "per_player": f.per_player, "strength": f.strength, "class": f.class })
}

/// The base game, then every expansion in `catalog`, as JSON: id, name,
/// version, origin, tile count, requirements, conflicts, figures, the parts
/// a game may switch off one by one, variants with defaults, the tile and feature attributes each
/// expansion reads (its attribute schema), the kinds of feature and edge
/// each declares, its counters (what a learning agent's observation
/// shows of its state; a tile counter's `mark` and `colour` say how
/// pictures draw its token), and the shelf it comes from for choosing
/// among many: `group` (the id of its [`ExpansionGroup`]) and `year` (first
/// published, 0 when not known). The base game's entry has the id `base`
/// (its variants go under `[variants.base]`), the origin `core` and the
/// group `base-game`; it is always on, so it is never named in
/// `expansions`. It also lists every group in the order hosts show them,
/// with its heading (`groups`: `[{"id": "base-game", "heading": "In the
/// base game's box"}, …]`). The expansions are listed by id.
pub fn expansions(catalog: &carcassonne_core::Catalog, tiles: &carcassonne_core::TileSource) -> anyhow::Result<Value> {
    let mut list = vec![json!({
        "id": carcassonne_core::BASE_ID,
        "name": "Base game",
        "version": carcassonne_core::record::ENGINE_VERSION,
        "description": "The base game's rules and 72 tiles; always on (its variants go under [variants.base])",
        "group": ExpansionGroup::BaseGame.id(),
        "year": BASE_GAME_YEAR,
        "groups": ExpansionGroup::ALL
            .iter()
            .map(|g| json!({ "id": g.id(), "heading": g.heading() }))
            .collect::<Vec<_>>(),
        "origin": "core",
        "tiles": tiles.load("base.toml", carcassonne_core::rules::BASE_TILES, catalog)?.total(),
        "requires": [],
        "conflicts": [],
        "figures": [figure_json(&carcassonne_core::figures::FOLLOWER)],
        "variants": carcassonne_core::BASE_VARIANTS.iter().map(variant_json).collect::<Vec<_>>(),
        "feature_kinds": carcassonne_core::tiles::BASE_FEATURE_KINDS.iter().map(feature_kind_json).collect::<Vec<_>>(),
        "edge_kinds": carcassonne_core::tiles::BASE_EDGE_KINDS.iter().map(edge_kind_json).collect::<Vec<_>>(),
    })];
    for e in catalog.all() {
        let mut count = 0;
        for f in e.tile_files {
            count += tiles.load_file(f, catalog)?.total();
        }
        list.push(json!({
            "id": e.id,
            "name": e.name,
            "version": e.version,
            "description": e.description,
            "group": e.group.id(),
            "year": e.year,
            "origin": catalog.library_of(e.id).map_or_else(|| "linked".to_string(), |p| format!("plugin {p}")),
            "tiles": count,
            "requires": e.requires,
            "conflicts": e.conflicts,
            "figures": e.figures.iter().map(figure_json).collect::<Vec<_>>(),
            "parts": e.parts.iter().map(|p| json!({
                "id": p.id,
                "name": p.name,
                "description": p.description,
                "figures": p.figures,
            })).collect::<Vec<_>>(),
            "variants": e.variants.iter().map(variant_json).collect::<Vec<_>>(),
            "score_sources": e.score_sources.iter().enumerate().map(|(i, k)| json!({
                "key": if k.is_empty() { e.id.to_string() } else { format!("{}.{k}", e.id) },
                "name": e.score_source_names.get(i).copied(),
            })).collect::<Vec<_>>(),
            "attributes": e.attributes,
            "feature_kinds": e.feature_kinds.iter().map(feature_kind_json).collect::<Vec<_>>(),
            "edge_kinds": e.edge_kinds.iter().map(edge_kind_json).collect::<Vec<_>>(),
            "counters": e.counters.iter().map(|c| json!({
                "id": c.id,
                "label": c.label,
                "scope": c.scope.name(),
                "values": c.values,
                "scale": c.scale,
                "mark": c.mark,
                "colour": c.colour,
            })).collect::<Vec<_>>(),
        }));
    }
    Ok(Value::Array(list))
}

/// A value kind as JSON (`{"type": "one-of", …}`) in words.
fn kind_text(kind: &Value) -> String {
    match kind["type"].as_str() {
        Some("one-of") => {
            let words: Vec<&str> = kind["values"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str())
                .collect();
            words.join(" | ")
        }
        Some("integer") => format!("{} to {}", kind["min"], kind["max"]),
        Some("bool") => "true | false".to_string(),
        _ => kind.to_string(),
    }
}

/// The year the base game was first published.
const BASE_GAME_YEAR: u16 = 2000;

/// The entries of `listing` (of [`expansions`]) in the order people read
/// them: by group in the order of [`ExpansionGroup::ALL`] (a group not
/// known here after them, by id), then by year (0, not known, last), then
/// by name; each group with its heading.
pub fn grouped(listing: &Value) -> Vec<(String, Vec<&Value>)> {
    let entries: Vec<&Value> = listing.as_array().into_iter().flatten().collect();
    let rank = |id: &str| {
        ExpansionGroup::ALL
            .iter()
            .position(|g| g.id() == id)
            .unwrap_or(usize::MAX)
    };
    let mut groups: Vec<&str> = entries.iter().map(|e| e["group"].as_str().unwrap_or("")).collect();
    groups.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
    groups.dedup();
    groups
        .into_iter()
        .map(|id| {
            let heading = ExpansionGroup::ALL.iter().find(|g| g.id() == id).map_or_else(
                || {
                    if id.is_empty() {
                        "Others".to_string()
                    } else {
                        id.to_string()
                    }
                },
                |g| g.heading().to_string(),
            );
            let mut members: Vec<&Value> = entries
                .iter()
                .copied()
                .filter(|e| e["group"].as_str().unwrap_or("") == id)
                .collect();
            members.sort_by_key(|e| {
                let year = e["year"].as_u64().filter(|y| *y > 0).unwrap_or(u64::MAX);
                (year, e["name"].as_str().unwrap_or("").to_lowercase())
            });
            (heading, members)
        })
        .collect()
}

/// The listing for people: under each group's heading, its expansions by
/// year (not known last) and name ([`grouped`]).
pub fn expansions_text(listing: &Value) -> String {
    let mut out = String::new();
    for (heading, members) in grouped(listing) {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("{heading}\n{}\n", "=".repeat(heading.chars().count())));
        for e in members {
            entry_text(e, &mut out);
        }
    }
    if out.is_empty() {
        out.push_str("no expansions available\n");
    }
    out
}

/// One entry of the listing for people.
fn entry_text(e: &Value, out: &mut String) {
    let s = |k: &str| e[k].as_str().unwrap_or("").to_string();
    let list = |k: &str| {
        e[k].as_array()
            .map(|a| a.iter().filter_map(|x| x.as_str()).collect::<Vec<_>>().join(", "))
            .unwrap_or_default()
    };
    let year = match e["year"].as_u64() {
        Some(y) if y > 0 => format!("{y}; "),
        _ => String::new(),
    };
    out.push_str(&format!(
        "{} {} — {} ({year}{} tiles, {})\n",
        s("id"),
        s("version"),
        s("name"),
        e["tiles"],
        s("origin")
    ));
    out.push_str(&format!("    {}\n", s("description")));
    if !list("requires").is_empty() {
        out.push_str(&format!("    requires: {}\n", list("requires")));
    }
    if !list("conflicts").is_empty() {
        out.push_str(&format!("    conflicts with: {}\n", list("conflicts")));
    }
    let figures: Vec<String> = e["figures"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| format!("{} × {}", f["id"].as_str().unwrap_or(""), f["per_player"]))
        .collect();
    if !figures.is_empty() {
        out.push_str(&format!("    figures per player: {}\n", figures.join(", ")));
    }
    let parts: Vec<String> = e["parts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            format!(
                "    part {} ({}): {}\n",
                p["id"].as_str().unwrap_or(""),
                p["name"].as_str().unwrap_or(""),
                p["description"].as_str().unwrap_or("")
            )
        })
        .collect();
    if !parts.is_empty() {
        out.push_str(&format!(
            "    parts, each on unless switched off (--part {}.PART=off):\n",
            s("id")
        ));
        out.extend(parts);
    }
    // The kinds an expansion adds (the base game's four are known).
    if e["id"] != carcassonne_core::BASE_ID {
        let names = |key: &str| -> Vec<String> {
            e[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(|k| match k["letter"].as_str() {
                    Some(letter) => format!("{} (letter {letter})", k["name"].as_str().unwrap_or("")),
                    None => k["name"].as_str().unwrap_or("").to_string(),
                })
                .collect()
        };
        for (key, what) in [("feature_kinds", "feature kinds"), ("edge_kinds", "edge kinds")] {
            let kinds = names(key);
            if !kinds.is_empty() {
                out.push_str(&format!("    adds {what}: {}\n", kinds.join(", ")));
            }
        }
    }
    for v in e["variants"].as_array().into_iter().flatten() {
        let kind = &v["kind"];
        let values = match kind["type"].as_str() {
            Some("integer") => format!("{}..{}", kind["min"], kind["max"]),
            Some("bool") => "true | false".to_string(),
            _ => kind["values"]
                .as_array()
                .map(|a| a.iter().filter_map(|x| x.as_str()).collect::<Vec<_>>().join(" | "))
                .unwrap_or_default(),
        };
        // Records of older engines that leave the variant unstated replay
        // with the default they were played with.
        let earlier: String = v["earlier_defaults"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|d| format!(", {} before engine {}", d["value"], d["until"].as_str().unwrap_or("")))
            .collect();
        out.push_str(&format!(
            "    {} = {} (default {}{}): {}: {}\n",
            v["name"].as_str().unwrap_or(""),
            values,
            v["default"],
            earlier,
            v["label"].as_str().unwrap_or(""),
            v["description"].as_str().unwrap_or("")
        ));
    }
    for a in e["attributes"].as_array().into_iter().flatten() {
        let on: Vec<&str> = a["on"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p.as_str())
            .collect();
        out.push_str(&format!(
            "    attribute `{}` on {}{}: {} ({})\n",
            a["key"].as_str().unwrap_or(""),
            on.join(", "),
            if a["required"] == true { ", required" } else { "" },
            kind_text(&a["kind"]),
            a["description"].as_str().unwrap_or("")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_without_expansions_gets_no_heading() {
        let listing = json!([
            {"id": "b", "name": "B", "group": "fan", "year": 0},
            {"id": "a", "name": "A", "group": "mini", "year": 2012},
        ]);
        let headings: Vec<String> = grouped(&listing).into_iter().map(|(h, _)| h).collect();
        assert_eq!(headings, ["Mini expansions", "Fan expansions"]);
    }

    /// A tile put aside because it fits only with a bridge (Bridges,
    /// Castles & Bazaars' bridge_put_aside.json, three moves) is told with
    /// why, in both logs.
    #[test]
    fn a_tile_put_aside_is_told_with_why() {
        let record = carcassonne_core::GameRecord::from_json(
            r#"{"format": 1, "config": {"players": [{"name": "Ann"}, {"name": "Bob"}],
                "expansions": ["bridges-castles-and-bazaars"], "draw_order": ["W", "B", "U"]},
                "moves": [{"place": {"tile": "W", "at": [0, 1], "rotation": 0}}, "pass", "pass"]}"#,
        )
        .expect("the record reads");
        let catalog = crate::linked::linked_catalog().expect("the linked expansions");
        let game = record
            .replay(&catalog, &carcassonne_core::TileSource::default())
            .expect("the record replays");
        let lines: Vec<String> = game.last_events().iter().filter_map(|e| describe(&game, e)).collect();
        assert!(
            lines.contains(&"    puts B aside: it fits only with a bridge".to_string()),
            "{lines:?}"
        );
        let words: Vec<String> = game
            .last_events()
            .iter()
            .filter_map(|e| describe_in_words(&game, e))
            .collect();
        assert!(
            words.iter().any(|l| l.ends_with(" aside: it fits only with a bridge")),
            "{words:?}"
        );
    }
}
