//! The pictures: every tile, a contact sheet, a finished game's board and a
//! replay page are well-formed XML and show what they should.
//!
//! Set `RENDER_CHECK_DIR` to a directory to also write the pictures there
//! for a look (tiles, contact sheet, boards and replays).

// Link the expansion crates so that `Catalog::linked()` finds them.
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::rules::BASE_TILES;
use carcassonne_core::tiles::{Landscape, Segments, TileType, parse_tile_set};
use carcassonne_core::{
    Action, Catalog, CounterPlace, CounterReadings, Game, GameConfig, GameRecord, Pos, Rotation, Rules, Segment,
    TileSource,
};
use carcassonne_render::{
    Glossary, attribute_label, board_svg, contact_sheet_html, feature_point, replay_html, tile_group, tile_svg,
    tile_svg_in,
};
use roxmltree::{Document, Node, ParsingOptions};
use std::path::PathBuf;
use std::sync::Arc;

fn base_tiles() -> Vec<TileType> {
    let set = TileSource::default()
        .load("base.toml", BASE_TILES, &Catalog::default())
        .expect("base tiles load");
    set.tiles
        .into_iter()
        .enumerate()
        .map(|(i, def)| TileType::new(i as u16, "base", def, &Landscape::base()))
        .collect()
}

fn tile<'a>(tiles: &'a [TileType], id: &str) -> &'a TileType {
    tiles.iter().find(|t| t.id() == id).expect("tile exists")
}

/// Parses `text` as XML (HTML pages are XHTML-compatible, with a doctype).
fn parse(text: &str) -> Document<'_> {
    let opts = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    match Document::parse_with_options(text, opts) {
        Ok(doc) => doc,
        Err(e) => {
            let line = e.pos().row as usize;
            let context: Vec<&str> = text.lines().skip(line.saturating_sub(2)).take(3).collect();
            panic!("not well-formed XML: {e}\n{}", context.join("\n"))
        }
    }
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|c| c == class)))
        .collect()
}

fn check_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("RENDER_CHECK_DIR")?);
    std::fs::create_dir_all(&dir).expect("create RENDER_CHECK_DIR");
    Some(dir)
}

fn play_random(config: GameConfig, catalog: &Catalog, seed: u64) -> (Game, GameRecord) {
    play_random_until(config, catalog, seed, |_| false)
}

/// A random game played until `stop` says so (or to its end).
fn play_random_until(
    config: GameConfig,
    catalog: &Catalog,
    seed: u64,
    stop: impl Fn(&Game) -> bool,
) -> (Game, GameRecord) {
    let rules = Arc::new(Rules::new(catalog, &config, &TileSource::default()).expect("rules"));
    let mut game = Game::new(rules).expect("game starts");
    let mut record = GameRecord::new(config);
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    let mut options: Vec<Action> = Vec::new();
    while !game.is_over() && !stop(&game) {
        game.legal_actions(&mut options);
        assert!(!options.is_empty());
        let i = bot.choose(&game, &options);
        record.moves.push(game.move_of(&options[i]));
        game.play(&options[i]).expect("legal");
    }
    (game, record)
}

#[test]
fn every_base_tile_in_every_rotation_is_a_well_formed_svg() {
    let tiles = base_tiles();
    assert_eq!(tiles.len(), 24);
    let dir = check_dir();
    for t in &tiles {
        for r in Rotation::ALL {
            let svg = tile_svg(t, r);
            let doc = parse(&svg);
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
            assert_eq!(root.attribute("viewBox"), Some("-1 -1 102 102"));
            if let Some(dir) = &dir {
                let name = format!("tile-{}-{}.svg", t.id(), r.degrees());
                std::fs::write(dir.join(name), &svg).unwrap();
            }
        }
        // The group for boards parses inside an svg element too.
        let g = tile_group(t, Rotation::quarters(1), 300.0, -100.0);
        parse(&format!(r#"<svg xmlns="http://www.w3.org/2000/svg">{g}</svg>"#));
        assert!(g.contains(r#"transform="translate(300 -100)""#));
    }
}

#[test]
fn tiles_show_their_features() {
    let tiles = base_tiles();
    let count = |id: &str, class: &str| {
        let svg = tile_svg(tile(&tiles, id), Rotation::NONE);
        with_class(&parse(&svg), class).len()
    };
    // Pennants: a shield on C, F, M, O, Q and S; ten in the whole set.
    assert_eq!(count("C", "pennant"), 1);
    assert_eq!(count("D", "pennant"), 0);
    let pennants: usize = tiles
        .iter()
        .map(|t| t.def.count as usize * with_class(&parse(&tile_svg(t, Rotation::NONE)), "pennant").len())
        .sum();
    assert_eq!(pennants, 10);
    // Two separate caps on H and I; one city elsewhere.
    for id in ["H", "I"] {
        let svg = tile_svg(tile(&tiles, id), Rotation::NONE);
        let doc = parse(&svg);
        let cities = with_class(&doc, "city");
        assert_eq!(cities.len(), 2, "{id}: two city shapes");
        assert_ne!(cities[0].attribute("data-feature"), cities[1].attribute("data-feature"));
    }
    for id in ["C", "D", "E", "F", "M", "O", "Q", "S"] {
        assert_eq!(count(id, "city"), 1, "{id}");
    }
    assert_eq!(count("U", "city"), 0);
    // Cloisters, junctions and roads.
    assert_eq!(count("A", "cloister"), 1);
    assert_eq!(count("B", "cloister"), 1);
    assert_eq!(count("U", "cloister"), 0);
    for id in ["L", "W", "X"] {
        assert_eq!(count(id, "junction"), 1, "{id}: dead ends meet at a junction");
    }
    for id in ["A", "D", "S", "U", "V"] {
        assert_eq!(count(id, "junction"), 0, "{id}");
    }
    // Fields in the base set are divided by roads and cities, never hedges.
    for t in &tiles {
        assert_eq!(count(t.id(), "hedge"), 0, "{}", t.id());
    }
    assert_eq!(count("X", "road"), 4);
    assert_eq!(count("U", "road"), 1);
    assert_eq!(count("B", "road"), 0);
}

#[test]
fn feature_points_lie_on_their_features() {
    let tiles = base_tiles();
    // A cloister's figure stands in the centre, a cap's near its side.
    assert_eq!(feature_point(tile(&tiles, "B"), Rotation::NONE, 0), Some((50.0, 50.0)));
    let (_, y) = feature_point(tile(&tiles, "E"), Rotation::NONE, 0).unwrap();
    assert!(y < 28.0, "cap point {y} is inside the cap");
    // Turning the tile turns the point: E's cap goes east.
    let (x, _) = feature_point(tile(&tiles, "E"), Rotation::quarters(1), 0).unwrap();
    assert!(x > 72.0);
    // U's road runs along y = 50.
    let (_, y) = feature_point(tile(&tiles, "U"), Rotation::NONE, 0).unwrap();
    assert!((y - 50.0).abs() < 1.0);
    // D's two fields are on either side of the road.
    let (_, north) = feature_point(tile(&tiles, "D"), Rotation::NONE, 2).unwrap();
    let (_, south) = feature_point(tile(&tiles, "D"), Rotation::NONE, 3).unwrap();
    assert!(north < 45.0 && south > 55.0, "{north} {south}");
    // Points of one tile are apart, for every tile and rotation.
    for t in &tiles {
        for r in Rotation::ALL {
            let pts: Vec<(f64, f64)> = (0..t.def.features.len())
                .map(|i| feature_point(t, r, i).unwrap())
                .collect();
            for (i, a) in pts.iter().enumerate() {
                assert!((0.0..=100.0).contains(&a.0) && (0.0..=100.0).contains(&a.1));
                for b in &pts[i + 1..] {
                    let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                    assert!(d > 10.0, "{} {:?}: points {a:?} and {b:?} too close", t.id(), r);
                }
            }
        }
    }
    assert_eq!(feature_point(tile(&tiles, "B"), Rotation::NONE, 99), None);
    if let Some(dir) = check_dir() {
        // Every base tile in every rotation, each feature's point marked.
        let mut svg = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 2420 440" width="2420" height="440">"#,
        );
        for (i, t) in tiles.iter().enumerate() {
            for r in Rotation::ALL {
                let (x, y) = (i as f64 * 100.0, r.quarter_turns() as f64 * 105.0);
                svg.push_str(&tile_group(t, r, x, y));
                for fi in 0..t.def.features.len() {
                    let (px, py) = feature_point(t, r, fi).unwrap();
                    svg.push_str(&format!(
                        r#"<circle cx="{}" cy="{}" r="6" fill="magenta" stroke="white"/><text x="{}" y="{}" font-size="7" text-anchor="middle" fill="white">{fi}</text>"#,
                        x + px,
                        y + py,
                        x + px,
                        y + py + 2.5
                    ));
                }
            }
        }
        svg.push_str("</svg>");
        std::fs::write(dir.join("feature-points.svg"), svg).unwrap();
    }
}

#[test]
fn fields_that_nothing_divides_get_a_hedge() {
    let tiles = base_tiles();
    // E with its field cut in two: east, and west + south.
    let mut def = tile(&tiles, "E").def.clone();
    let mut east = def.features[1].clone();
    let mut rest = def.features[1].clone();
    east.segments = Segments::default();
    rest.segments = Segments::default();
    for s in ["EN", "E", "ES"] {
        east.segments.insert(Segment::parse(s).unwrap());
    }
    for s in ["SE", "S", "SW", "WS", "W", "WN"] {
        rest.segments.insert(Segment::parse(s).unwrap());
    }
    def.features = vec![def.features[0].clone(), east, rest];
    let t = TileType::new(0, "test", def, &Landscape::base());
    let svg = tile_svg(&t, Rotation::NONE);
    assert_eq!(with_class(&parse(&svg), "hedge").len(), 1);
    let (ex, _) = feature_point(&t, Rotation::NONE, 1).unwrap();
    let (wx, _) = feature_point(&t, Rotation::NONE, 2).unwrap();
    assert!(ex > wx, "the east field's point {ex} is east of the other's {wx}");
}

#[test]
fn expansion_attributes_show_as_badges() {
    let tiles = base_tiles();
    let mut def = tile(&tiles, "U").def.clone();
    let table = |text: &str| toml::Value::Table(text.parse::<toml::Table>().unwrap());
    def.attributes.insert("easter".into(), table(r#"symbol = "nest""#));
    def.attributes
        .insert("fruit-trees".into(), table("tree = \"apple\"\nfarmhouse = true"));
    def.attributes.insert("towers".into(), table("height = 2"));
    def.attributes.insert("fan".into(), table(r#"note = "<b>&'x'</b>""#));
    def.features[0]
        .attributes
        .insert("inns-and-cathedrals".into(), table("inn = true"));
    let t = TileType::new(0, "test", def, &Landscape::base());
    let svg = tile_svg(&t, Rotation::quarters(3));
    let doc = parse(&svg);
    let labels: Vec<String> = with_class(&doc, "badge")
        .iter()
        .map(|b| {
            b.descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text())
                .collect::<String>()
        })
        .collect();
    for want in ["nest", "apple · farmhouse", "height 2", "inn", "<b>&'x'</b>"] {
        assert!(labels.iter().any(|l| l == want), "badge {want:?} in {labels:?}");
    }
    assert_eq!(attribute_label("x", &table("")), "x");
    assert_eq!(attribute_label("x", &table("a = false")), "no a");
    assert_eq!(attribute_label("x", &table("pig-herd = true")), "pig herd");
    // On hover, each badge says in words what the attribute is: the
    // expansion's name and the description it declares, read from the
    // linked expansions' declarations (or the keys, for one unknown here).
    let titles: Vec<String> = with_class(&doc, "badge")
        .iter()
        .filter_map(|b| b.children().find(|n| n.has_tag_name("title")))
        .map(|t| t.text().unwrap_or_default().to_string())
        .collect();
    assert_eq!(titles.len(), labels.len(), "every badge has words on hover");
    for want in [
        "Easter in Carcassonne: symbol nest — the symbol printed on the tile: an Easter Nest or the Easter Bunny",
        "The Fruit-Bearing Trees: tree apple — the fruit tree printed on the tile; farmhouse — the picture shows a farmhouse",
        "towers: height 2",
        "Inns & Cathedrals: inn — an inn by the road",
    ] {
        assert!(
            titles.iter().any(|t| t.starts_with(want)),
            "hover {want:?} in {titles:?}"
        );
    }
    // Without declarations, the words come from the keys alone.
    let bare = tile_svg_in(&t, Rotation::NONE, &Glossary::default());
    assert!(bare.contains("<title>easter: symbol nest</title>"), "{bare}");
}

#[test]
fn the_contact_sheet_shows_every_base_tile() {
    let tiles = base_tiles();
    let with_counts: Vec<(TileType, u32)> = tiles.iter().map(|t| (t.clone(), t.def.count)).collect();
    let html = contact_sheet_html("Base game", &with_counts);
    let doc = parse(&html);
    let svgs = doc.descendants().filter(|n| n.has_tag_name("svg")).count();
    assert_eq!(svgs, 24);
    assert_eq!(with_class(&doc, "tile-card").len(), 24);
    assert!(html.contains("24 tile types, 72 tiles in all"));
    assert!(contact_sheet_html("Base <&>", &with_counts).contains("<h1>Base &lt;&amp;&gt;</h1>"));
    assert!(
        !html.contains("http://") || !html.contains("src="),
        "no external resources"
    );
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("base-contact-sheet.html"), &html).unwrap();
    }
}

#[test]
fn every_known_tile_set_renders() {
    let catalog = Catalog::linked().expect("linked expansions");
    let files = carcassonne_setup::tiles_cmd::known_files(&catalog, &TileSource::default()).expect("tile files");
    assert!(files.len() > 1);
    for (name, text) in files {
        let set = parse_tile_set(&name, &text, &catalog).expect("known sets load");
        let tiles: Vec<(TileType, u32)> = set
            .tiles
            .iter()
            .enumerate()
            .map(|(i, def)| {
                (
                    TileType::new(i as u16, &set.id, def.clone(), &Landscape::base()),
                    def.count,
                )
            })
            .collect();
        for (t, _) in &tiles {
            for r in Rotation::ALL {
                parse(&tile_svg(t, r));
            }
            // Every expansion table shows as a badge.
            let tables = t.def.attributes.len() + t.def.features.iter().map(|f| f.attributes.len()).sum::<usize>();
            let badges = with_class(&parse(&tile_svg(t, Rotation::NONE)), "badge").len();
            assert_eq!(badges, tables, "{}/{}", set.id, t.id());
        }
        let html = contact_sheet_html(&set.name, &tiles);
        parse(&html);
        if let Some(dir) = check_dir() {
            std::fs::write(dir.join(format!("{}-contact-sheet.html", set.id)), &html).unwrap();
        }
    }
}

#[test]
fn a_finished_random_games_board_shows_every_tile_and_figure() {
    let mut config = GameConfig::with_players(4);
    config.seed = 7;
    let (game, _) = play_random(config, &Catalog::default(), 7);
    let svg = board_svg(&game);
    let doc = parse(&svg);
    let s = game.state();
    let placed = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("tile"))
        .count();
    assert_eq!(placed, s.board().tiles().len());
    let figures = with_class(&doc, "figure");
    assert!(!s.figures().is_empty(), "a random game leaves figures on the board");
    assert_eq!(figures.len(), s.figures().len(), "one circle per figure");
    for f in s.figures() {
        assert!(
            figures
                .iter()
                .any(|n| n.attribute("data-owner") == Some(&f.owner.to_string())),
            "a circle for seat {}",
            f.owner
        );
    }
    assert_eq!(with_class(&doc, "last-placed").len(), 1);
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("board-base.svg"), &svg).unwrap();
    }
}

#[test]
fn the_replay_page_steps_through_every_turn() {
    let mut config = GameConfig::with_players(3);
    config.seed = 3;
    let (game, record) = play_random(config, &Catalog::default(), 3);
    let html = replay_html(&record, &Catalog::default(), &TileSource::default()).expect("replays");
    let doc = parse(&html);
    let steps = with_class(&doc, "step");
    let turns = game.state().turn().number as usize;
    assert_eq!(steps.len(), turns + 2, "start, one step per turn, final scoring");
    assert_eq!(with_class(&doc, "layer").len(), steps.len());
    let tiles = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("tile"))
        .count();
    assert_eq!(tiles, game.state().board().tiles().len());
    // Figures standing at the end are those shown in the final step.
    let at_end = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("figure-mark"))
        .filter(|n| n.attribute("data-to") == Some(&*steps.len().to_string()))
        .count();
    assert_eq!(at_end, game.state().figures().len());
    // Only the final step shows before the script runs.
    let visible: Vec<_> = steps.iter().filter(|s| s.attribute("hidden").is_none()).collect();
    assert_eq!(visible.len(), 1);
    assert_eq!(visible[0].attribute("data-step"), Some(&*(steps.len() - 1).to_string()));
    // The final step's table has the final scores, a column per player.
    let last = steps.last().unwrap();
    let total = last
        .descendants()
        .find(|n| n.attribute("class") == Some("total"))
        .expect("a total row");
    let cells: Vec<String> = total
        .children()
        .filter(|n| n.has_tag_name("td"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect();
    let scores: Vec<String> = (0..3u8).map(|p| game.state().score(p).to_string()).collect();
    assert_eq!(cells, scores);
    // Self-contained: no external scripts, styles or images.
    assert!(!html.contains(" src=") && !html.contains("<link"));
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("replay-base.html"), &html).unwrap();
        std::fs::write(dir.join("replay-base.json"), record.to_json()).unwrap();
    }
}

#[test]
fn a_game_with_expansions_renders_badges_and_special_figures() {
    let catalog = Catalog::linked().expect("linked expansions");
    let mut config = GameConfig::with_players(2);
    config.seed = 21;
    config.expansions = vec![
        "inns-and-cathedrals".into(),
        "abbey-and-mayor".into(),
        "easter".into(),
        "fruit-trees".into(),
    ];
    let (game, record) = play_random(config, &catalog, 21);
    let svg = board_svg(&game);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "figure").len(), game.state().figures().len());
    assert!(!with_class(&doc, "badge").is_empty(), "expansion symbols show");
    let html = replay_html(&record, &catalog, &TileSource::default()).expect("replays");
    let doc = parse(&html);
    // The header names the expansions as players know them, never their ids.
    let meta = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("meta"))
        .and_then(|n| n.text())
        .expect("the replay's summary line");
    for name in [
        "Inns & Cathedrals",
        "Abbey & Mayor",
        "Easter in Carcassonne",
        "The Fruit-Bearing Trees",
    ] {
        assert!(meta.contains(name), "{name} missing: {meta}");
    }
    assert!(!meta.contains("abbey-and-mayor"), "{meta}");
    // So does the score table: each source as players read it ("Barns"),
    // never its key (`abbey-and-mayor.barn`).
    let rows: std::collections::BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("th"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect()
        })
        .collect();
    for word in game.rules().score_source_words() {
        assert!(rows.contains(&word), "{word} missing from the score table: {rows:?}");
    }
    assert!(!rows.iter().any(|r| r.contains("abbey-and-mayor")), "{rows:?}");
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("board-expansions.svg"), &svg).unwrap();
        std::fs::write(dir.join("replay-expansions.html"), &html).unwrap();
    }
}

/// The last value a counter of `expansion` has on a tile of `game` above 0.
fn tile_counter(game: &Game, expansion: &str, counter: &str) -> Option<(Pos, i32)> {
    let slot = game.rules().expansion_slot(expansion)?;
    let info = game.rules().expansions()[slot as usize].info;
    let index = info.counters.iter().position(|c| c.id == counter)?;
    let mut readings = CounterReadings::default();
    game.counters(slot, &mut readings);
    readings.readings.iter().find_map(|r| match r.place {
        CounterPlace::Tile(pos) if r.counter == index => {
            let n = readings.get(index, r.value, r.place);
            (n > 0).then_some((pos, n))
        }
        _ => None,
    })
}

/// A random game of `expansions` played until `stop`, trying seeds in turn.
fn a_game_where(expansions: &[&str], stop: impl Fn(&Game) -> bool) -> (Game, GameRecord) {
    let catalog = Catalog::linked().expect("linked expansions");
    for seed in 1..40 {
        let mut config = GameConfig::with_players(2);
        config.seed = seed;
        config.expansions = expansions.iter().map(|e| e.to_string()).collect();
        let (game, record) = play_random_until(config, &catalog, seed, &stop);
        if stop(&game) {
            return (game, record);
        }
    }
    panic!("no game of {expansions:?} came to the situation in 40 seeds");
}

/// The tokens drawn in `doc`: (tile counter id, what the badge says, its
/// words on hover, its colour).
fn tokens_in(doc: &Document<'_>) -> Vec<(String, String, String, String)> {
    with_class(doc, "token")
        .iter()
        .map(|g| {
            let child = |tag: &str| g.children().find(|n| n.has_tag_name(tag));
            (
                g.attribute("data-counter").unwrap_or_default().to_string(),
                child("text").and_then(|t| t.text()).unwrap_or_default().to_string(),
                child("title").and_then(|t| t.text()).unwrap_or_default().to_string(),
                child("rect")
                    .and_then(|r| r.attribute("fill"))
                    .unwrap_or_default()
                    .to_string(),
            )
        })
        .collect()
}

#[test]
fn the_easter_bunny_on_its_tile_is_a_badge_with_words_on_hover() {
    let (game, record) = a_game_where(&["easter"], |g| tile_counter(g, "easter", "bunny").is_some());
    let svg = board_svg(&game);
    let doc = parse(&svg);
    let tokens = tokens_in(&doc);
    let bunny = tokens
        .iter()
        .find(|t| t.0 == "bunny")
        .unwrap_or_else(|| panic!("a bunny badge in {tokens:?}"));
    assert_eq!(bunny.1, "B", "the counter's mark");
    assert_eq!(bunny.2, "Easter in Carcassonne: The bunny sits here");
    assert_eq!(bunny.3, "#b98a5a", "the counter's colour");
    // Under the figures: the tokens come before them in the picture.
    let first_figure = svg.find("figure-mark").unwrap_or(svg.len());
    assert!(svg.find(r#"class="token""#).unwrap() < first_figure);
    // The replay viewer draws it too, in the step where it stands.
    let html = replay_html(&record, &Catalog::linked().unwrap(), &TileSource::default()).expect("replays");
    let page = parse(&html);
    assert!(
        tokens_in(&page)
            .iter()
            .any(|t| t.0 == "bunny" && t.1 == "B" && t.2 == bunny.2)
    );
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("board-easter-bunny.svg"), &svg).unwrap();
        std::fs::write(dir.join("replay-easter-bunny.html"), &html).unwrap();
    }
}

#[test]
fn fruit_tokens_on_a_tree_are_a_numbered_badge() {
    let (game, record) = a_game_where(&["fruit-trees"], |g| {
        tile_counter(g, "fruit-trees", "tokens-on-tree").is_some_and(|(_, n)| n > 1)
    });
    let (_, n) = tile_counter(&game, "fruit-trees", "tokens-on-tree").unwrap();
    let doc_text = board_svg(&game);
    let tokens = tokens_in(&parse(&doc_text));
    let want_words = format!("The Fruit-Bearing Trees: Fruit tokens left on the tree: {n}");
    assert!(
        tokens
            .iter()
            .any(|t| t.0 == "tokens-on-tree" && t.1 == n.to_string() && t.2 == want_words && t.3 == "#c8453a"),
        "{want_words} in {tokens:?}"
    );
    let html = replay_html(&record, &Catalog::linked().unwrap(), &TileSource::default()).expect("replays");
    assert!(tokens_in(&parse(&html)).iter().any(|t| t.2 == want_words));
}

#[test]
fn the_dragon_is_drawn_with_its_name_on_hover() {
    let dragon_on_board = |g: &Game| {
        g.state().figures().iter().any(|f| {
            f.owner == carcassonne_core::figures::NEUTRAL && g.rules().figures()[f.kind as usize].id == "dragon"
        })
    };
    let (game, record) = a_game_where(&["the-princess-and-the-dragon"], dragon_on_board);
    let svg = board_svg(&game);
    let doc = parse(&svg);
    let dragon = with_class(&doc, "figure-mark")
        .into_iter()
        .find(|g| g.descendants().any(|n| n.attribute("data-kind") == Some("dragon")))
        .expect("the dragon is drawn");
    let title = dragon
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|t| t.text());
    assert_eq!(title, Some("Dragon"), "its name, and no seat's");
    assert!(dragon.descendants().any(|n| n.text() == Some("dragon")), "labelled");
    let html = replay_html(&record, &Catalog::linked().unwrap(), &TileSource::default()).expect("replays");
    assert!(html.contains("<title>Dragon</title>"));
    assert!(
        !html.contains("player 256"),
        "a figure of nobody's is nobody's in the log too"
    );
    if let Some(dir) = check_dir() {
        std::fs::write(dir.join("board-dragon.svg"), &svg).unwrap();
    }
}

#[test]
fn a_broken_record_is_an_error_not_a_panic() {
    let mut record = GameRecord::new(GameConfig::with_players(2));
    record.moves.push(carcassonne_core::Move::Pass);
    assert!(replay_html(&record, &Catalog::default(), &TileSource::default()).is_err());
}

/// Figures of one kind on one spot (a tower's floors) share one worded
/// label with their count, right of the spot's last figure: over random
/// games with The Tower, no two labels on the board overlap.
#[test]
fn labels_of_figures_on_one_spot_do_not_pile_up() {
    let catalog = Catalog::linked().expect("linked expansions");
    let mut counted = 0;
    for seed in 0..6 {
        let mut config = GameConfig::with_players(2);
        config.seed = seed;
        config.expansions = vec!["the-tower".into()];
        let (game, _) = play_random(config, &catalog, seed);
        let svg = board_svg(&game);
        let doc = parse(&svg);
        let boxes: Vec<[f64; 4]> = with_class(&doc, "pill")
            .iter()
            .map(|g| {
                let r = g.children().find(|n| n.has_tag_name("rect")).expect("a pill's box");
                let v = |a: &str| r.attribute(a).and_then(|v| v.parse::<f64>().ok()).expect("a number");
                [v("x"), v("y"), v("x") + v("width"), v("y") + v("height")]
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
                assert!(apart, "seed {seed}: labels overlap: {a:?} and {b:?}");
            }
        }
        counted += doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|t| t.contains(" ×")))
            .count();
    }
    assert!(
        counted > 0,
        "no spot held two alike figures: the test saw no shared label"
    );
}

/// A feature an expansion added to a placed tile (a bridge's road) is drawn
/// over its tile on the board and in the replay from the step it was laid,
/// saying what it is on hover.
#[test]
fn a_bridge_is_drawn_across_its_tile() {
    let (game, record) = a_game_where(&["bridges-castles-and-bazaars", "inns-and-cathedrals"], |g| {
        !g.state().added_features().is_empty()
    });
    let added = game.state().added_features().len();
    let svg = board_svg(&game);
    let doc = parse(&svg);
    let drawn = with_class(&doc, "added");
    assert_eq!(drawn.len(), added, "{svg}");
    for g in &drawn {
        let title: String = g
            .descendants()
            .filter(|n| n.has_tag_name("title"))
            .filter_map(|n| n.text())
            .collect();
        assert!(
            title == "road added, north–south" || title == "road added, east–west",
            "{title}"
        );
    }
    let html = replay_html(&record, &Catalog::linked().expect("linked"), &TileSource::default()).expect("replays");
    let doc = parse(&html);
    let last_layer = doc
        .descendants()
        .rfind(|n| n.attribute("class") == Some("layer"))
        .expect("a layer per step");
    let in_last = last_layer
        .descendants()
        .filter(|n| n.attribute("class") == Some("added"))
        .count();
    assert_eq!(in_last, added);
    let first_layer = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("layer"))
        .expect("a layer per step");
    assert_eq!(
        first_layer
            .descendants()
            .filter(|n| n.attribute("class") == Some("added"))
            .count(),
        0,
        "no bridge at the start"
    );
}
