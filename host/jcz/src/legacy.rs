//! JCZ 4.x saves, read as the 5.x save that describes the same game.
//!
//! A 4.x save names its seats in `slots` (`nickname`, seat `number`), its
//! tile sets by expansion (`setup.expansions`, `{"BASIC": 1}`), what is on
//! by capability (`setup.capabilities`, `["Abbey", "Barn"]`) and rule
//! (`setup.rules`, `{"FARMERS": true}`), its tiles with a dot (`BA.Rr`,
//! `R1.I.s`), its pointers without `feature`, and its forced draws in
//! `annotations.tilePack.params.drawOrder`, where `#END` marks the end of
//! the game. The mappings' `legacy` keys say what each name is in 5.x.

use crate::JczError;
use crate::config::known_sets;
use crate::mapping::{Mappings, toml_to_json};
use crate::save::{Annotations, Player, ReplayAction, Save, Setup};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// 4.x rules that do not change the game.
const IGNORED_RULES: [&str; 2] = ["RANDOM_SEATING_ORDER", "CLOCK_PLAYER_TIME"];

/// The 4.x rule of the base game's farmers, which JCZ switches on for
/// every save written before 4.6.0 (its own reader does so).
const FARMERS_RULE: &str = "FARMERS";

fn malformed(what: impl Into<String>) -> JczError {
    JczError::Malformed(what.into())
}

fn unsupported(what: impl Into<String>) -> JczError {
    JczError::Unsupported { what: what.into() }
}

/// Whether `version` (`4.4.0`) is before 4.6.0; `dev-snapshot` is not.
fn before_4_6(version: &str) -> bool {
    let parts: Vec<u32> = version.split('.').map_while(|p| p.parse().ok()).collect();
    match parts.as_slice() {
        [] => false,
        [major, rest @ ..] => (*major, rest.first().copied().unwrap_or(0)) < (4, 6),
    }
}

pub(crate) fn convert(value: &Value, mappings: &Mappings) -> Result<Save, JczError> {
    let app_version = value.get("appVersion").and_then(Value::as_str).map(str::to_string);

    // Seats in seat order.
    let mut slots: Vec<(i64, String)> = value
        .get("slots")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed("a JCZ 4.x save without `slots`"))?
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let number = s.get("number").and_then(Value::as_i64).unwrap_or(i as i64);
            let name = s
                .get("nickname")
                .and_then(Value::as_str)
                .map_or_else(|| format!("Player {}", i + 1), str::to_string);
            (number, name)
        })
        .collect();
    slots.sort_by_key(|(n, _)| *n);
    let players = slots.into_iter().map(|(_, name)| Player { name }).collect();

    let setup = value
        .get("setup")
        .ok_or_else(|| malformed("a JCZ 4.x save without `setup`"))?;

    // Expansions → tile sets.
    let mut sets = BTreeMap::new();
    if let Some(expansions) = setup.get("expansions").and_then(Value::as_object) {
        for (name, count) in expansions {
            let set = mappings
                .list
                .iter()
                .flat_map(|m| m.sets.iter().map(|s| s.get_ref()))
                .find(|s| s.legacy.as_deref() == Some(name.as_str()))
                .ok_or_else(|| unsupported(format!("the JCZ 4.x expansion `{name}` (setup.expansions)")))?;
            let copies = count.as_i64().ok_or_else(|| JczError::Invalid {
                place: format!("setup.expansions.{name}"),
                message: format!("{count}: JCZ writes a number of copies"),
            })?;
            let edition = set.editions.first().copied().unwrap_or(1);
            sets.insert(format!("{}:{edition}", set.jcz.get_ref()), copies);
        }
    }

    // Capabilities → elements.
    let mut elements: BTreeMap<String, Value> = BTreeMap::new();
    let capabilities = setup
        .get("capabilities")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed("a JCZ 4.x save without `setup.capabilities`: which rules were on is not known"))?;
    for cap in capabilities {
        let name = cap.as_str().unwrap_or_default();
        let mut found = false;
        for (_, e) in mappings.elements() {
            if e.legacy.as_deref() == Some(name) {
                found = true;
                let v = match &e.legacy_value {
                    Some(v) => toml_to_json(v),
                    None if e.figure.is_some() => Value::from(1),
                    None => Value::Bool(true),
                };
                elements.insert(e.jcz.get_ref().clone(), v);
            }
        }
        if !found {
            return Err(unsupported(format!(
                "the JCZ 4.x capability `{name}` (setup.capabilities)"
            )));
        }
    }

    // Rules → rule options, or elements a rule switched on.
    let mut rules_4x: Map<String, Value> = setup
        .get("rules")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    if app_version.as_deref().is_some_and(before_4_6) {
        rules_4x.insert(FARMERS_RULE.into(), Value::Bool(true));
    }
    let mut rules = BTreeMap::new();
    for (key, v) in &rules_4x {
        if IGNORED_RULES.contains(&key.as_str()) {
            continue;
        }
        let on = v.as_bool().unwrap_or(!v.is_null());
        if let Some((_, e)) = mappings
            .elements()
            .find(|(_, e)| e.legacy_rule.as_deref() == Some(key.as_str()))
        {
            if on {
                elements.insert(e.jcz.get_ref().clone(), Value::Bool(true));
            }
            continue;
        }
        let rule = mappings
            .list
            .iter()
            .flat_map(|m| m.rules.iter().map(|r| r.get_ref()))
            .find(|r| r.legacy.as_ref().is_some_and(|l| l.key == *key));
        match rule.and_then(|r| Some((r, r.legacy.as_ref()?))) {
            Some((r, legacy)) => {
                let value = if on { &legacy.on } else { &legacy.off };
                let value = value.as_ref().map_or(Value::Bool(on), |s| Value::from(s.as_str()));
                rules.insert(r.jcz.get_ref().clone(), value);
            }
            None if !on => {}
            None => return Err(unsupported(format!("the JCZ 4.x rule `{key}` (setup.rules)"))),
        }
    }
    // A 4.x rule left out was off: its `off` value, not the 5.x default a
    // `when_absent` gives a 5.x save without the option.
    for r in mappings.list.iter().flat_map(|m| m.rules.iter().map(|r| r.get_ref())) {
        if let (Some(_), Some(legacy)) = (&r.when_absent, &r.legacy)
            && !rules_4x.contains_key(&legacy.key)
            && let Some(off) = &legacy.off
        {
            rules
                .entry(r.jcz.get_ref().clone())
                .or_insert_with(|| Value::from(off.as_str()));
        }
    }

    // The replay, tile ids in 5.x's writing.
    let mut replay = Vec::new();
    for (i, a) in value
        .get("replay")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let kind = a
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| malformed(format!("replay action {} has no `type`", i + 1)))?
            .to_string();
        let mut payload = a.get("payload").cloned().unwrap_or(Value::Object(Map::new()));
        if let Some(id) = payload.get("tileId").and_then(Value::as_str) {
            let place = format!("replay action {} ({kind})", i + 1);
            payload["tileId"] = Value::from(tile_id(id, mappings, &place)?);
        }
        replay.push(ReplayAction {
            kind,
            payload,
            player: None,
            rest: Map::new(),
        });
    }

    // Forced draws; `#END` ends the game there.
    let mut annotations = None;
    if let Some(params) = value.pointer("/annotations/tilePack/params") {
        let mut draw_order = Vec::new();
        let mut end_turn = params.get("drawLimit").and_then(Value::as_u64).map(|n| n as usize);
        for (k, id) in params
            .get("drawOrder")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let id = id.as_str().unwrap_or_default();
            if id == "#END" {
                end_turn = Some(k);
                break;
            }
            draw_order.push(tile_id(
                id,
                mappings,
                &format!("annotations.tilePack.params.drawOrder, draw {}", k + 1),
            )?);
        }
        annotations = Some(Annotations {
            draw_order: Some(draw_order),
            end_turn,
        });
    }

    Ok(Save {
        app_version,
        setup: Setup {
            sets,
            elements,
            rules,
            start: None,
        },
        players,
        replay,
        annotations,
    })
}

/// A 4.x tile id (`BA.Rr`, `R1.I.s`) in 5.x's writing (`BA/Rr`, `RI/s`).
fn tile_id(id: &str, mappings: &Mappings, place: &str) -> Result<String, JczError> {
    for m in &mappings.list {
        if let Some(t) = m.tiles.iter().find(|t| t.get_ref().legacy.iter().any(|l| l == id)) {
            return Ok(t.get_ref().jcz.get_ref().clone());
        }
    }
    if let Some((prefix, rest)) = id.split_once('.') {
        for m in &mappings.list {
            for s in &m.sets {
                let s = s.get_ref();
                if s.legacy_prefix.as_deref().unwrap_or(&s.prefix) == prefix {
                    let new = format!("{}/{rest}", s.prefix);
                    if m.tiles.iter().any(|t| *t.get_ref().jcz.get_ref() == new) {
                        return Ok(new);
                    }
                }
            }
        }
    }
    Err(JczError::UnknownTile {
        place: place.to_string(),
        id: id.to_string(),
        sets: known_sets(mappings),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn versions_before_4_6() {
        for (v, before) in [
            ("4.4.0", true),
            ("4.5.9", true),
            ("4.6.0", false),
            ("5.7.0", false),
            ("dev-snapshot", false),
        ] {
            assert_eq!(super::before_4_6(v), before, "{v}");
        }
    }
}
