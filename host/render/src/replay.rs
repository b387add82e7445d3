//! A whole game as one self-contained HTML page that steps through it.

use super::board::{
    BoardFigure, Marker, Scene, added_features_svg, background, highlight_svg, markers_of, markers_svg, player_name,
    svg_open, view_box,
};
use super::sheet::page_head;
use super::tokens::{TileToken, tile_tokens, tokens_svg};
use super::{escape_xml, player_colour};
use carcassonne_core::figures::{FigureId, NEUTRAL};
use carcassonne_core::{Catalog, Event, Game, GameRecord, Pos, RecordError, ReplayStep, Rotation, Rules, TileSource};
use std::ops::ControlFlow;

/// The state shown at one step.
#[derive(Clone, Debug)]
pub(crate) struct Snapshot {
    /// Tiles on the board (the first `tiles` of the placement order).
    pub tiles: usize,
    /// Figures on the board, with their ids.
    pub figures: Vec<(FigureId, BoardFigure)>,
    pub scores: Vec<i32>,
    /// players × score sources.
    pub breakdown: Vec<Vec<i32>>,
    pub markers: Vec<Marker>,
    /// The tokens of tile counters on the board.
    pub tokens: Vec<TileToken>,
    /// The tile placed by a player during this step.
    pub highlight: Option<Pos>,
    /// The features expansions have added to placed tiles (bridges).
    pub added: Vec<carcassonne_core::state::AddedFeature>,
}

/// One step of the replay: the start, a turn, or final scoring.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub title: String,
    pub player: Option<u8>,
    pub lines: Vec<String>,
    pub snap: Snapshot,
}

/// Follows a game's events and cuts them into steps.
struct Recorder {
    tiles: Vec<(u16, Pos, Rotation)>,
    figures: Vec<(FigureId, BoardFigure)>,
    scores: Vec<i32>,
    breakdown: Vec<Vec<i32>>,
    turns: u32,
    title: String,
    player: Option<u8>,
    lines: Vec<String>,
    highlight: Option<Pos>,
    steps: Vec<Step>,
}

impl Recorder {
    fn new(rules: &Rules) -> Recorder {
        let players = rules.config.players.len();
        let sources = rules.score_sources().len();
        Recorder {
            tiles: Vec::new(),
            figures: Vec::new(),
            scores: vec![0; players],
            breakdown: vec![vec![0; sources]; players],
            turns: 0,
            title: "Start".into(),
            player: None,
            lines: Vec::new(),
            highlight: None,
            steps: Vec::new(),
        }
    }

    /// Closes the step in progress with the state as it stands.
    fn close(&mut self, game: &Game) {
        self.steps.push(Step {
            title: std::mem::take(&mut self.title),
            player: self.player,
            lines: std::mem::take(&mut self.lines),
            snap: Snapshot {
                tiles: self.tiles.len(),
                figures: self.figures.clone(),
                scores: self.scores.clone(),
                breakdown: self.breakdown.clone(),
                markers: markers_of(game),
                tokens: tile_tokens(game),
                highlight: self.highlight.take(),
                added: game.state().added_features().to_vec(),
            },
        });
    }

    /// Takes in the events of the last play; `game` is the state after it.
    fn feed(&mut self, game: &Game, events: &[Event]) {
        for e in events {
            match *e {
                Event::TurnStarted { player } => {
                    self.close(game);
                    self.turns += 1;
                    self.title = format!("Turn {} · {}", self.turns, player_name(game.rules(), player));
                    self.player = Some(player);
                }
                Event::FinalScoring => {
                    self.close(game);
                    self.title = "Final scoring".into();
                    self.player = None;
                }
                _ => {
                    self.apply(e);
                    if let Some(line) = describe(game, e) {
                        self.lines.push(line);
                    }
                }
            }
        }
    }

    fn apply(&mut self, e: &Event) {
        match *e {
            Event::TilePlaced {
                player,
                tile,
                pos,
                rotation,
            } => {
                self.tiles.push((tile, pos, rotation));
                if player.is_some() {
                    self.highlight = Some(pos);
                }
            }
            Event::FigureDeployed {
                figure,
                owner,
                kind,
                pos,
                spot,
            } => self.figures.push((figure, BoardFigure { owner, kind, pos, spot })),
            Event::FigureReturned { figure, .. } => {
                if let Some(i) = self.figures.iter().position(|(id, _)| *id == figure) {
                    self.figures.remove(i);
                }
            }
            Event::FigureMoved { figure, pos, spot } => {
                if let Some((_, f)) = self.figures.iter_mut().find(|(id, _)| *id == figure) {
                    f.pos = pos;
                    f.spot = spot;
                }
            }
            Event::Scored {
                player, points, source, ..
            } => {
                if let Some(s) = self.scores.get_mut(player as usize) {
                    *s += points;
                }
                if let Some(b) = self
                    .breakdown
                    .get_mut(player as usize)
                    .and_then(|row| row.get_mut(source as usize))
                {
                    *b += points;
                }
            }
            _ => {}
        }
    }
}

/// A line of text for an event, in plain words.
fn describe(game: &Game, event: &Event) -> Option<String> {
    let rules = game.rules();
    let name = |p: u8| player_name(rules, p);
    // A tile by id and what it shows ("E (city cap)").
    let tile = |t: u16| {
        rules
            .tiles()
            .get(t as usize)
            .map_or("?".to_string(), |t| match &t.def.name {
                Some(name) => format!("{} ({name})", t.id()),
                None => t.id().to_string(),
            })
    };
    let figure = |k: u8| {
        rules
            .figures()
            .get(k as usize)
            .map_or("figure".to_string(), |f| f.name.to_lowercase())
    };
    Some(match event {
        Event::TurnStarted { .. } | Event::FinalScoring => return None,
        Event::TileDrawn { player, tile: t, .. } => format!("{} draws {}", name(*player), tile(*t)),
        Event::TileSupplied {
            player, tile: t, slot, ..
        } => format!(
            "{} takes {} {} instead of drawing",
            name(*player),
            rules.supply_words(*slot).unwrap_or("a tile held"),
            tile(*t)
        ),
        Event::TileDiscarded { tile: t } => format!("{} fits nowhere and is discarded", tile(*t)),
        Event::TilePutAside { player, tile: t, slot } => format!(
            "{} puts {} aside: it fits only with {}",
            name(*player),
            tile(*t),
            rules.put_aside_words(*slot).unwrap_or("what is optional")
        ),
        Event::TileSetAside { tile: t } => format!("{} is set aside; another tile is drawn", tile(*t)),
        Event::TileReturned { tile: t } => format!("{} goes back into the bag", tile(*t)),
        Event::DeploymentOffered { .. } => "The player may deploy once more this turn".to_string(),
        Event::PennantsChanged { added, void, .. } => pennants_changed(*added, *void),
        Event::FeaturesConnected { a, .. } => format!(
            "Two {}s are joined into one",
            rules.kind_label(game.state().features().kind(*a))
        ),
        Event::FeaturesLinked { a, linked, .. } => format!(
            "Two {}s are {}",
            rules.kind_label(game.state().features().kind(*a)),
            if *linked { "linked into one" } else { "no longer linked" }
        ),
        Event::TileBuried { .. } => "A tile from the bag goes out of play unseen".to_string(),
        Event::FeatureAdded { kind, pos, .. } => format!("A {} is added to the tile at {pos}", rules.kind_label(*kind)),
        Event::TilePlaced {
            player: None,
            tile: t,
            pos,
            ..
        } => format!("Start tile {} at {pos}", tile(*t)),
        Event::TilePlaced {
            player: Some(p),
            tile: t,
            pos,
            rotation,
        } => {
            // A supplied tile (a bought one) in its supplier's words.
            let turn = game.state().turn();
            let supplied = match (turn.supplied, rules.supply_words(turn.supplier)) {
                (Some(s), Some(words)) if s.tile == *t => format!("{words} "),
                _ => String::new(),
            };
            format!(
                "{} places {supplied}{} at {pos}, turned {}°",
                name(*p),
                tile(*t),
                rotation.degrees()
            )
        }
        // A figure of nobody's (a dragon) comes or moves by the rules.
        Event::FigureDeployed { owner, kind, pos, .. } if *owner == NEUTRAL => {
            format!("The {} comes onto the board at {pos}", figure(*kind))
        }
        Event::FigureReturned { owner, kind, .. } if *owner == NEUTRAL => {
            format!("The {} leaves the board", figure(*kind))
        }
        Event::FigureDeployed {
            owner, kind, pos, spot, ..
        } => {
            let label = game.deployment_label(&carcassonne_core::Deployment {
                figure: *kind,
                pos: *pos,
                spot: *spot,
            });
            // The label names the tile only when it is not the last one placed.
            let at = if label.ends_with(&format!(" at {pos}")) {
                String::new()
            } else {
                format!(" at {pos}")
            };
            format!("{} deploys: {label}{at}", name(*owner))
        }
        Event::FeatureCompleted { kind, .. } => format!("A {} is completed", rules.kind_label(*kind)),
        Event::FeatureScoredByExpansion { slot, kind, .. } => format!(
            "The {} is scored by {}'s rule",
            rules.kind_label(*kind),
            rules
                .expansions()
                .get(*slot as usize)
                .map_or("an expansion", |e| e.info.name)
        ),
        Event::FigureMoved { pos, .. } => format!("A figure moves to {pos}"),
        Event::Scored {
            player, points, source, ..
        } => {
            // The source in the words players read ("King", not its key).
            let source = rules
                .score_source_word(*source as usize)
                .unwrap_or_else(|| "points".to_string());
            let unit = if points.abs() == 1 { "point" } else { "points" };
            format!("{} scores {points} {unit} ({source})", name(*player))
        }
        Event::FigureReturned { owner, kind, pos, .. } => {
            format!("{}'s {} at {pos} goes back to supply", name(*owner), figure(*kind))
        }
        Event::Expansion { slot, detail } if (*slot as usize) < rules.expansions().len() => {
            let mut text = game.expansion_log_line(*slot, detail).to_text(name);
            if text.chars().count() > 160 {
                text = text.chars().take(157).collect::<String>() + "…";
            }
            text
        }
        Event::Expansion { detail, .. } => detail.to_string(),
        Event::FigureCaptured {
            owner, kind, pos, by, ..
        } => format!(
            "{} takes {}'s {} at {pos} prisoner",
            name(*by),
            name(*owner),
            figure(*kind)
        ),
        Event::FigureReleased { owner, kind, by } => {
            format!("{}'s {} goes home from {}", name(*owner), figure(*kind), name(*by))
        }
        Event::ExtraTurn { player } => format!("{} plays another turn next", name(*player)),
        Event::GameEnded => "Game over".to_string(),
    })
}

/// A replayed game: the final game, its steps and every tile placed (type,
/// position, rotation) in order.
pub(crate) type Replayed = (Game, Vec<Step>, Vec<(u16, Pos, Rotation)>);

/// Replays `record` and cuts it into steps; also returns the final game.
pub(crate) fn replay_steps(
    record: &GameRecord,
    catalog: &Catalog,
    tiles: &TileSource,
) -> Result<Replayed, RecordError> {
    let mut rec: Option<Recorder> = None;
    let game = record.replay_watched(catalog, tiles, |game, step| {
        let rec = rec.get_or_insert_with(|| Recorder::new(game.rules()));
        if !matches!(step, ReplayStep::Before(_)) {
            rec.feed(game, game.last_events());
        }
        ControlFlow::Continue(())
    })?;
    let mut rec = rec.unwrap_or_else(|| Recorder::new(game.rules()));
    rec.close(&game);
    Ok((game, rec.steps, rec.tiles))
}

const REPLAY_CSS: &str = "body { font-family: system-ui, sans-serif; margin: 0; background: #f6f3ec; color: #222; }
header { padding: .75rem 1.25rem .25rem; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
h1 { margin: 0; font-size: 1.35rem; }
p.meta { margin: .2rem 0 0; color: #555; font-size: .9rem; }
nav { display: flex; align-items: center; gap: .5rem; padding: .5rem 1.25rem; position: sticky; top: 0; background: #f6f3ecee; border-bottom: 1px solid #ddd; z-index: 1; }
nav button { font-size: 1rem; padding: .25rem .7rem; border-radius: 5px; border: 1px solid #999; background: #fff; cursor: pointer; }
nav input[type=range] { flex: 1; min-width: 8rem; }
#where { min-width: 16rem; font-weight: 600; }
#main { display: flex; flex-wrap: wrap; gap: 1rem; padding: 1rem 1.25rem; align-items: flex-start; }
#boardwrap { flex: 1 1 32rem; overflow: auto; background: #efe8d8; border: 1px solid #d6ccb6; border-radius: 6px; }
#board { display: block; width: 100%; height: auto; max-height: 82vh; }
#side { flex: 0 1 26rem; min-width: 18rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
div.scroll { overflow-x: auto; margin-bottom: .75rem; }
table.scores { border-collapse: collapse; font-size: .9rem; }
table.scores th, table.scores td { border-bottom: 1px solid #ddd; padding: .2rem .5rem; text-align: right; }
table.scores thead th { white-space: nowrap; vertical-align: bottom; }
table.scores tbody th { text-align: left; font-weight: normal; color: #444; font-size: .8rem; }
table.scores tr.total th, table.scores tr.total td { font-weight: bold; color: #222; font-size: .95rem; }
table.scores .current { background: #fff4d6; }
.sw { display: inline-block; width: .8em; height: .8em; border-radius: 50%; margin-right: .35em; border: 1px solid #0006; vertical-align: -0.05em; }
ul.events { margin: 0; padding-left: 1.2rem; font-size: .9rem; line-height: 1.45; }
p.keys { color: #595959; font-size: .8rem; }
@media (max-width: 44rem) {
  header, nav, #main { padding-left: .6rem; padding-right: .6rem; }
  nav { flex-wrap: wrap; gap: .35rem; }
  nav button { padding: .25rem .5rem; }
  nav input[type=range] { order: 5; flex-basis: 100%; min-width: 0; }
  #where { order: 6; min-width: 0; flex-basis: 100%; }
  #boardwrap { flex-basis: 100%; }
  #side { flex-basis: 100%; min-width: 0; }
}
@media (hover: none) { p.keys { display: none; } }
:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }";

const REPLAY_JS: &str = "(function () {
  var steps = document.querySelectorAll('section.step');
  var tiles = document.querySelectorAll('#board g.tile');
  var layers = document.querySelectorAll('#board g.layer');
  var figures = document.querySelectorAll('#board g.figure-mark');
  var slider = document.getElementById('slider');
  var where = document.getElementById('where');
  var current = steps.length - 1;
  function show(k) {
    if (steps.length === 0) { return; }
    k = Math.max(0, Math.min(steps.length - 1, k));
    current = k;
    var n = parseInt(steps[k].getAttribute('data-tiles'), 10);
    for (var i = 0; i < tiles.length; i++) {
      var shown = parseInt(tiles[i].getAttribute('data-n'), 10) < n;
      tiles[i].style.display = shown ? 'inline' : 'none';
    }
    for (var j = 0; j < layers.length; j++) {
      var on = parseInt(layers[j].getAttribute('data-step'), 10) === k;
      layers[j].style.display = on ? 'inline' : 'none';
    }
    for (var f = 0; f < figures.length; f++) {
      var from = parseInt(figures[f].getAttribute('data-from'), 10);
      var to = parseInt(figures[f].getAttribute('data-to'), 10);
      figures[f].style.display = (from <= k && k < to) ? 'inline' : 'none';
    }
    for (var s = 0; s < steps.length; s++) { steps[s].hidden = s !== k; }
    slider.value = String(k);
    where.textContent = 'Step ' + (k + 1) + ' of ' + steps.length + ': ' + steps[k].getAttribute('data-title');
  }
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('last').addEventListener('click', function () { show(steps.length - 1); });
  slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
  document.addEventListener('keydown', function (e) {
    if (e.target === slider) { return; }
    if (e.key === 'ArrowLeft') { show(current - 1); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { show(current + 1); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(steps.length - 1); e.preventDefault(); }
  });
  function fromHash() {
    var m = /^#step-([0-9]+)$/.exec(window.location.hash);
    if (m) { show(parseInt(m[1], 10)); }
  }
  window.addEventListener('hashchange', fromHash);
  show(current);
  fromHash();
})();";

/// Replays `record` (as [`GameRecord::replay`] does, with the same errors)
/// and returns one self-contained HTML page (inline CSS, SVG and script, no
/// external resources; it also parses as XML) that steps through the game:
/// buttons, a slider and the arrow keys (Home and End for the ends) move
/// between steps (`#step-N` in the address opens step N, from 0), each showing the board as it stood (the tile placed in
/// that step outlined), the score table with points by source and what
/// happened, in words; the tokens of tile counters as badges, as
/// [`crate::board_svg`] draws them.
///
/// The steps are: the start (the start tile and any set-up), one per turn
/// (a turn's step shows the board at its end), and final scoring when the
/// game is over; the last step is always the final state of the record.
/// The page holds each tile's drawing once and one small layer of figures
/// and markers per step, so it stays small.
pub fn replay_html(record: &GameRecord, catalog: &Catalog, tiles: &TileSource) -> Result<String, RecordError> {
    let (game, steps, placed) = replay_steps(record, catalog, tiles)?;
    Ok(render(&game, &steps, &placed))
}

/// Each figure's stays on the board: the figure and the steps `from..to`
/// in which it stands there.
fn figure_spans(steps: &[Step]) -> Vec<(BoardFigure, usize, usize)> {
    let mut open: Vec<(FigureId, BoardFigure, usize)> = Vec::new();
    let mut done: Vec<(BoardFigure, usize, usize)> = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        let now = &step.snap.figures;
        open.retain(|(id, f, from)| {
            let stays = now.iter().any(|(i, g)| i == id && g == f);
            if !stays {
                done.push((*f, *from, k));
            }
            stays
        });
        for (id, f) in now {
            if !open.iter().any(|(i, g, _)| i == id && g == f) {
                open.push((*id, *f, k));
            }
        }
    }
    done.extend(open.into_iter().map(|(_, f, from)| (f, from, steps.len())));
    done.sort_by_key(|(_, from, _)| *from);
    done
}

/// The scores at `step`: one column per player, the total then one row
/// per score source.
fn score_table(step: &Step, names: &[String], sources: &[String]) -> String {
    let cell = |p: usize, v: i32| {
        let current = if step.player == Some(p as u8) {
            " class=\"current\""
        } else {
            ""
        };
        format!("<td{current}>{v}</td>")
    };
    // The corner cell is named for screen readers (an empty header is
    // announced as nothing).
    let mut out = String::from(
        "<div class=\"scroll\"><table class=\"scores\"><thead><tr><th><span class=\"sr-only\">Points by source</span></th>",
    );
    for (p, name) in names.iter().enumerate() {
        let current = if step.player == Some(p as u8) {
            " class=\"current\""
        } else {
            ""
        };
        out.push_str(&format!(
            "<th{current}><span class=\"sw\" style=\"background:{}\"></span>{}</th>",
            player_colour(p as u8),
            escape_xml(name)
        ));
    }
    out.push_str("</tr></thead><tbody><tr class=\"total\"><th>Score</th>");
    for p in 0..names.len() {
        out.push_str(&cell(p, step.snap.scores.get(p).copied().unwrap_or(0)));
    }
    out.push_str("</tr>");
    for (i, source) in sources.iter().enumerate() {
        // Long source names may break after a dash.
        let label = escape_xml(source).replace('-', "-<wbr/>");
        out.push_str(&format!("<tr><th>{label}</th>"));
        for p in 0..names.len() {
            let v = step
                .snap
                .breakdown
                .get(p)
                .and_then(|row| row.get(i))
                .copied()
                .unwrap_or(0);
            out.push_str(&cell(p, v));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    out
}

fn render(game: &Game, steps: &[Step], placed: &[(u16, Pos, Rotation)]) -> String {
    let rules = game.rules();
    let players = rules.config.players.len();
    let names: Vec<String> = (0..players).map(|p| player_name(rules, p as u8)).collect();
    let title = format!("Carcassonne replay: {}", names.join(" vs "));
    let mut out = page_head(&title, REPLAY_CSS);
    out.push_str("<body>\n<header>");
    out.push_str(&format!("<h1>{}</h1>", escape_xml(&title)));
    // Names, as the lobby shows them: a player never sees the ids.
    let expansions: Vec<&str> = rules.expansions().iter().map(|e| e.info.name).collect();
    let turns = steps.iter().filter(|s| s.player.is_some()).count();
    out.push_str(&format!(
        "<p class=\"meta\">seed {} · {} · {turns} turn{} · {} tile{} placed</p></header>\n",
        rules.config.seed,
        if expansions.is_empty() {
            "base game".to_string()
        } else {
            format!("with {}", escape_xml(&expansions.join(", ")))
        },
        if turns == 1 { "" } else { "s" },
        placed.len(),
        if placed.len() == 1 { "" } else { "s" },
    ));
    let last = steps.len().saturating_sub(1);
    out.push_str(&format!(
        "<nav id=\"controls\"><button type=\"button\" id=\"first\" title=\"First step (Home)\">« First</button><button type=\"button\" id=\"prev\" title=\"Previous step (←)\">◀ Prev</button><input type=\"range\" id=\"slider\" min=\"0\" max=\"{last}\" value=\"{last}\" step=\"1\" aria-label=\"Step\"/><button type=\"button\" id=\"next\" title=\"Next step (→)\">Next ▶</button><button type=\"button\" id=\"last\" title=\"Last step (End)\">Last »</button><span id=\"where\">Step {} of {}</span></nav>\n",
        last + 1,
        steps.len()
    ));

    // The board: every tile once, tagged with its placement number, and one
    // layer of figures and markers per step.
    out.push_str("<main id=\"main\">\n<div id=\"boardwrap\">");
    let markers = steps.iter().flat_map(|s| s.snap.markers.iter().map(|m| m.pos));
    let vb = view_box(placed.iter().map(|t| t.1).chain(markers));
    out.push_str(&svg_open(vb, 1600.0, r#" id="board" role="img""#));
    out.push_str("<title>Board</title>");
    out.push_str(&background(vb));
    let mut scene = Scene::new(rules);
    let mut drawn = String::from(r#"<g class="tiles">"#);
    for (n, (tile, pos, rotation)) in placed.iter().enumerate() {
        drawn.push_str(&scene.tile(*tile, *pos, *rotation, &format!(r#" data-n="{n}""#)));
    }
    drawn.push_str("</g>");
    // Each tile picture once, before the tiles that use it.
    out.push_str(&scene.art_defs());
    out.push_str(&drawn);
    let name = |p: u8| player_name(rules, p);
    for (k, step) in steps.iter().enumerate() {
        let display = if k == last { "" } else { r#" display="none""# };
        out.push_str(&format!(r#"<g class="layer" data-step="{k}"{display}>"#));
        if let Some(p) = step.snap.highlight {
            out.push_str(&highlight_svg(p));
        }
        // Under the figures (drawn after every layer).
        out.push_str(&added_features_svg(rules, &step.snap.added));
        out.push_str(&tokens_svg(&step.snap.tokens));
        out.push_str(&markers_svg(&step.snap.markers));
        out.push_str("</g>");
    }
    // Each figure once, shown in the steps from `data-from` up to (not
    // including) `data-to`.
    let spans: Vec<(BoardFigure, String)> = figure_spans(steps)
        .into_iter()
        .map(|(f, from, to)| {
            let display = if to == steps.len() { "" } else { r#" display="none""# };
            (f, format!(r#" data-from="{from}" data-to="{to}"{display}"#))
        })
        .collect();
    out.push_str(r#"<g class="figures">"#);
    out.push_str(&scene.tagged_figures(&spans, &name));
    out.push_str("</g>");
    out.push_str("</svg></div>\n<div id=\"side\">\n");

    // What each step says; score sources in the words players read
    // ("Castles", not `bridges-castles-and-bazaars.castle`).
    let sources = rules.score_source_words();
    for (k, step) in steps.iter().enumerate() {
        let hidden = if k == last { "" } else { " hidden=\"hidden\"" };
        out.push_str(&format!(
            "<section class=\"step\" id=\"step-{k}\" data-step=\"{k}\" data-tiles=\"{}\" data-title=\"{}\"{hidden}>",
            step.snap.tiles,
            escape_xml(&step.title)
        ));
        let swatch = step.player.map_or(String::new(), |p| {
            format!("<span class=\"sw\" style=\"background:{}\"></span>", player_colour(p))
        });
        out.push_str(&format!("<h2>{swatch}{}</h2>", escape_xml(&step.title)));
        out.push_str(&score_table(step, &names, &sources));
        if step.lines.is_empty() {
            out.push_str("<p class=\"quiet\">Nothing else happened.</p>");
        } else {
            out.push_str("<ul class=\"events\">");
            for l in &step.lines {
                out.push_str(&format!("<li>{}</li>", escape_xml(l)));
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>\n");
    }
    out.push_str(
        "<p class=\"keys\">← and → step through the game; Home and End jump to the start and the end.</p>\n</div>\n</main>\n",
    );
    out.push_str(&format!("<script>//<![CDATA[\n{REPLAY_JS}\n//]]></script>\n"));
    out.push_str("</body>\n</html>\n");
    out
}

/// A feature's coats of arms changed by an expansion's rule, in words.
fn pennants_changed(added: u32, void: bool) -> String {
    match (added, void) {
        (_, true) => "A feature's coats of arms count for nothing from now on".to_string(),
        (1, false) => "A feature gains a coat of arms".to_string(),
        (n, false) => format!("A feature gains {n} coats of arms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_bots::{Bot, RandomBot};
    use carcassonne_core::GameConfig;
    use std::sync::Arc;

    #[test]
    fn steps_follow_the_game_and_end_at_its_final_state() {
        let mut config = GameConfig::with_players(3);
        config.seed = 11;
        let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).unwrap());
        let mut game = Game::new(rules).unwrap();
        let mut record = GameRecord::new(config);
        let mut bot = RandomBot::new(5);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            record.moves.push(game.move_of(&options[i]));
            game.play(&options[i]).unwrap();
        }
        let (replayed, steps, placed) = replay_steps(&record, &Catalog::default(), &TileSource::default()).unwrap();
        let s = replayed.state();
        assert_eq!(steps.len() as u32, s.turn().number + 2, "start + turns + final scoring");
        assert_eq!(steps[0].title, "Start");
        assert_eq!(steps.last().unwrap().title, "Final scoring");
        let fin = &steps.last().unwrap().snap;
        assert_eq!(fin.tiles, s.board().tiles().len());
        assert_eq!(placed.len(), s.board().tiles().len());
        for p in 0..3u8 {
            assert_eq!(fin.scores[p as usize], s.score(p));
            assert_eq!(fin.breakdown[p as usize], s.breakdown(p));
        }
        assert_eq!(fin.figures.len(), s.figures().len());
        for w in steps.windows(2) {
            assert!(w[1].snap.tiles >= w[0].snap.tiles);
            assert!(w[1].snap.tiles <= w[0].snap.tiles + 1, "one tile a turn");
        }
    }
}
