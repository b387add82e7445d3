//! Every decision's options read differently, in words: over random games
//! with every linked expansion (all together, and each on its own), no two
//! options of one decision share a label, and no label holds a number a
//! player never sees ("the field #1"), a record's JSON or a feature index.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use carcassonne_setup as _;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What is wrong with `label` as words for a player, if anything.
fn unreadable(label: &str) -> Option<&'static str> {
    let bytes = label.as_bytes();
    if bytes.windows(2).any(|w| w[0] == b'#' && w[1].is_ascii_digit()) {
        return Some("an internal number ('#' and a digit)");
    }
    if holds_coordinates(label) {
        return Some("board coordinates, which the board does not show");
    }
    if label.contains('{') || label.contains('[') || label.contains('"') {
        return Some("a record's JSON");
    }
    if label.contains("feature ")
        && label
            .split("feature ")
            .nth(1)
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    {
        return Some("a feature index");
    }
    None
}

/// What the games found wrong: one line per kind of fault and expansion
/// set, with its first example.
type Faults = BTreeMap<String, String>;

/// How many decisions each expansion asked for, by its name: the test
/// prints them, so a reader sees its reach.
type Asked = BTreeMap<String, usize>;

/// How many decisions each game plays at most: a whole game takes about
/// 200, so the cap only bounds a game that would run long.
const DECISIONS_PER_GAME: usize = 400;

/// Games per set of expansions: with every linked expansion alone and all
/// together, about 20,000 decisions in 2 seconds of a debug build. (40
/// games per set, about 200,000 decisions in 15 seconds, found nothing
/// more.)
const GAMES_PER_SET: u64 = 4;

/// Whether `label` holds a board position as the records write it:
/// "(1,0)", "(-2, 3)".
fn holds_coordinates(label: &str) -> bool {
    label.split('(').skip(1).any(|rest| {
        let Some((inside, _)) = rest.split_once(')') else {
            return false;
        };
        let number = |t: &str| {
            let t = t.trim();
            let t = t.strip_prefix('-').unwrap_or(t);
            !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
        };
        inside.split_once(',').is_some_and(|(x, y)| number(x) && number(y))
    })
}

/// Plays `config` at random for at most [`DECISIONS_PER_GAME`] decisions,
/// checking every decision's labels and noting each fault in `faults`;
/// returns how many decisions were checked.
fn play_checked(
    catalog: &Catalog,
    config: &GameConfig,
    bot_seed: u64,
    faults: &mut Faults,
    asked: &mut Asked,
) -> usize {
    let rules = Arc::new(Rules::new(catalog, config, &TileSource::default()).expect("the configuration loads"));
    let mut game = Game::new(rules).expect("the game starts");
    let mut rng = GameRng::new(bot_seed);
    let mut options = Vec::new();
    let mut decisions = 0;
    while !game.is_over() && decisions < DECISIONS_PER_GAME {
        game.legal_actions(&mut options);
        if options.is_empty() {
            break;
        }
        let mut seen: BTreeMap<String, &Action> = BTreeMap::new();
        for action in &options {
            let label = game.action_label(action);
            if let Some(why) = unreadable(&label) {
                faults
                    .entry(format!("{:?}: a label holds {why}", config.expansions))
                    .or_insert_with(|| format!("{label:?} for {}", describe(action)));
            }
            if let Some(other) = seen.insert(label.clone(), action) {
                faults
                    .entry(format!("{:?}: two options read the same", config.expansions))
                    .or_insert_with(|| format!("{label:?}: {} and {}", describe(other), describe(action)));
            }
        }
        decisions += 1;
        if let Some(Action::Expansion { slot, .. }) = options.iter().find(|a| matches!(a, Action::Expansion { .. })) {
            *asked
                .entry(game.rules().expansions()[*slot as usize].info.name.to_string())
                .or_default() += 1;
        }
        let pick = rng.below(options.len() as u32) as usize;
        game.play(&options[pick]).expect("a listed option is accepted");
    }
    decisions
}

#[test]
fn every_decisions_options_read_differently_in_words() {
    let catalog = Catalog::linked().expect("the linked expansions register cleanly");
    let ids = catalog.ids();
    let mut sets: Vec<Vec<&str>> = ids.iter().map(|id| vec![*id]).collect();
    sets.push(ids.clone());
    let mut decisions = 0;
    let mut faults = Faults::new();
    let mut asked = Asked::new();
    for (n, set) in sets.iter().enumerate() {
        for seed in 0..GAMES_PER_SET {
            let mut config = GameConfig::with_players(2 + (seed as usize + n) % 3);
            config.seed = seed * 97 + n as u64;
            config.expansions = carcassonne_testkit::consistent_expansions(&catalog, set.iter().copied())
                .iter()
                .map(|s| s.to_string())
                .collect();
            decisions += play_checked(&catalog, &config, seed + 11 * n as u64, &mut faults, &mut asked);
        }
    }
    eprintln!(
        "{decisions} decisions' labels checked over {} sets; the expansions' decisions: {asked:?}",
        sets.len()
    );
    let report: Vec<String> = faults.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
    assert!(decisions > 10_000);
}

#[test]
fn unreadable_labels_are_caught() {
    assert!(unreadable("Farmer on the field #1 (north)").is_some());
    assert!(unreadable("Dragon: {\"move\":1}").is_some());
    assert!(unreadable("Follower on feature 3").is_some());
    assert!(unreadable("Place the tile at (1,0) turned 90°").is_some());
    assert!(unreadable("Place the tile at (-2, 3)").is_some());
    assert!(unreadable("Farmer on the field (south-east, touching no city)").is_none());
    assert!(unreadable("Farmer on the field (north), 1 tile east of the new tile").is_none());
}

/// An option in its record form, for a failure message.
fn describe(action: &Action) -> String {
    match action {
        Action::Expansion { slot, action } => format!("slot {slot}: {}", action.to_json()),
        other => format!("{other:?}"),
    }
}
