//! The rules of one game, assembled from the configuration: tile table,
//! figures, score sources and the enabled expansions' hooks. Shared by every
//! state of that game (and its clones) behind an `Arc`.

use crate::base_game::{BASE_ID, BASE_VARIANTS, BaseRules};
use crate::config::GameConfig;
use crate::diagnostic::Diagnostics;
use crate::expansion::{BuildContext, DynExpansion, ExpansionInfo, Hooks, VariantDecl};
use crate::figures::{FOLLOWER, FigureClass, FigureDecl, FigurePlacement};
use crate::registry::Catalog;
use crate::tables::{Companion, ExpansionSources, KindTables, Tables};
use crate::text_file::{MAX_TILE_FILE_BYTES, TextFileError, read_text_file};
use crate::tiles::{
    EdgeCoding, FeatureKind, KindScoring, Landscape, TileArrangement, TileMarks, TileSet, TileType, parse_tile_marks,
    parse_tile_set,
};
use crate::values::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The base game's tile file, built in; `tiles/base.toml` on disk wins.
pub const BASE_TILES: &str = include_str!("../tiles/base.toml");

/// Score sources of the base game, in breakdown order.
pub const CORE_SOURCES: [&str; 4] = ["roads", "cities", "cloisters", "farms"];

/// Score source index of road points.
pub const ROADS: u16 = 0;
/// Score source index of city points.
pub const CITIES: u16 = 1;
/// Score source index of cloister points.
pub const CLOISTERS: u16 = 2;
/// Score source index of farm points.
pub const FARMS: u16 = 3;

/// Why a game could not be set up. Every message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// No players or more than [`MAX_PLAYERS`].
    #[error("a game needs 1 to {MAX_PLAYERS} players (1 for a solo game), got {0}")]
    PlayerCount(usize),
    /// A player name that is empty, too long or holds control characters.
    #[error(
        "player {seat}'s name (`{start}…`, {chars} characters) must be 1 to {MAX_PLAYER_NAME_CHARS} characters \
         without line breaks or other control characters"
    )]
    PlayerName {
        /// 1-based seat.
        seat: usize,
        /// Its length in characters.
        chars: usize,
        /// Its first characters, for the message.
        start: String,
    },
    /// No such expansion.
    #[error("unknown expansion `{id}`; known expansions: {known}")]
    UnknownExpansion {
        /// The id asked for.
        id: String,
        /// The ids that exist.
        known: String,
    },
    /// Named twice.
    #[error("expansion `{0}` is enabled twice")]
    Duplicate(String),
    /// A requirement is off.
    #[error("expansion `{id}` requires `{requires}`, which is not enabled; add it to the expansions")]
    MissingRequirement {
        /// The expansion.
        id: String,
        /// What it needs.
        requires: String,
    },
    /// Two enabled expansions exclude each other.
    #[error("expansions `{0}` and `{1}` cannot be played together")]
    Conflict(String, String),
    /// Variants for an expansion that is not on.
    #[error(
        "variants are given for `{0}`, which is not enabled; enable it too (`--expansions {0}`, or `expansions = [\"{0}\"]` in a configuration)"
    )]
    VariantsForDisabled(String),
    /// No such variant.
    #[error("expansion `{id}` has no variant `{name}`; its variants: {known}")]
    UnknownVariant {
        /// The expansion.
        id: String,
        /// The variant asked for.
        name: String,
        /// Its variants.
        known: String,
    },
    /// No such base-game variant.
    #[error("the base game has no variant `{name}`; its variants: {known}")]
    UnknownBaseVariant {
        /// The variant asked for.
        name: String,
        /// The base game's variants.
        known: String,
    },
    /// Value not allowed.
    #[error("variant `{id}.{name}` cannot be `{value}`; allowed: {allowed}")]
    BadVariantValue {
        /// The expansion.
        id: String,
        /// The variant.
        name: String,
        /// The value given.
        value: String,
        /// Allowed values.
        allowed: String,
    },
    /// The expansion refused its configuration.
    #[error("expansion `{0}`: {1}")]
    Expansion(String, String),
    /// `[parts]` names an expansion that is not on.
    #[error(
        "[parts]: parts are given for `{0}`, which is not enabled; enable it too (`--expansions {0}`, or \
         `expansions = [\"{0}\"]` in a configuration)"
    )]
    PartsForDisabled(String),
    /// `[parts]` names a part the expansion does not declare.
    #[error("[parts]: expansion `{id}` has no part `{part}`; its parts: {known}")]
    UnknownPart {
        /// The expansion.
        id: String,
        /// The part asked for.
        part: String,
        /// Its parts (`none` when it is all or nothing).
        known: String,
    },
    /// `[parts]` switches every part of an expansion off.
    #[error(
        "[parts]: every part of `{0}` is off; keep one on, or take `{0}` out of `expansions` (put it under \
         `tiles_only` to play its tiles with none of its rules)"
    )]
    NoPartOn(String),
    /// `[parts]` switches on a part that another enabled expansion needs
    /// off (`ExpansionInfo::parts_off`).
    #[error(
        "[parts]: `{expansion}.{part}` is switched on, but `{by}` needs it off (its rules replace it); leave \
         `{part}` out of [parts.{expansion}], or take `{by}` out of `expansions`"
    )]
    PartNeededOff {
        /// The expansion declaring the part.
        expansion: String,
        /// The part.
        part: String,
        /// The enabled expansion that needs it off.
        by: String,
    },
    /// Two enabled expansions refine the same feature kind
    /// (`ExpansionInfo::refines`).
    #[error("expansions `{first}` and `{second}` both refine feature kind `{kind}`; they cannot be played together")]
    RefinedTwice {
        /// The kind's name.
        kind: String,
        /// The first expansion, by id.
        first: String,
        /// The second.
        second: String,
    },
    /// An enabled expansion refines a feature kind that no expansion in
    /// the catalog declares, or refines it badly.
    #[error("expansion `{id}` refines feature kind `{kind}`: {problem}")]
    BadRefinement {
        /// The refining expansion.
        id: String,
        /// The kind's name.
        kind: String,
        /// What is wrong.
        problem: String,
    },
    /// `[figures]` gives a figure of a part that is off.
    #[error(
        "[figures]: figure `{id}` comes with the part `{expansion}.{part}`, which is off in this game; switch the \
         part on ([parts.{expansion}] {part} = true) or leave the figure out of [figures]"
    )]
    FigureOfPartOff {
        /// The figure.
        id: String,
        /// Its expansion.
        expansion: String,
        /// The part it comes with.
        part: String,
    },
    /// `[figures]` names a figure that no part of this game declares.
    #[error("[figures]: unknown figure `{id}`; the figures of this game: {known}")]
    UnknownFigure {
        /// The id given.
        id: String,
        /// The figures of this game.
        known: String,
    },
    /// `[figures]` names a figure of an expansion whose rules are off.
    #[error(
        "[figures]: figure `{id}` belongs to `{expansion}`, whose rules are not on in this game; enable it \
         (expansions = [\"{expansion}\"]), and leave its tiles out with [tiles.sets] {expansion} = 0 if you want \
         the figure without them"
    )]
    FigureOfDisabledExpansion {
        /// The figure.
        id: String,
        /// The expansion that declares it.
        expansion: String,
    },
    /// A count of `[figures]` is negative or too large.
    #[error(
        "[figures]: `{id}` = {count}: must be between 0 and {MAX_FIGURES_PER_PLAYER} (0 takes the figure out of the game)"
    )]
    BadFigureCount {
        /// The figure.
        id: String,
        /// The count given.
        count: i64,
    },
    /// A tile file is broken.
    #[error(transparent)]
    Tiles(#[from] Diagnostics),
    /// A tile file is not a readable text file of a sensible size.
    #[error(transparent)]
    File(#[from] TextFileError),
    /// A tile's picture (`art`) cannot be read, or is no SVG picture.
    #[error("{file}: tile `{tile}`: its picture `art = {path:?}`: {why}")]
    TileArt {
        /// The tile file.
        file: String,
        /// The tile.
        tile: String,
        /// The picture's path as written.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// A draw order names a tile that is not in the game.
    #[error(
        "draw order: unknown tile id `{id}`: no tile set of this game ({sets}) has it; \
         it may belong to another tile set or to an expansion that is not enabled"
    )]
    UnknownTile {
        /// The id.
        id: String,
        /// The ids of the game's tile sets.
        sets: String,
    },
    /// A draw order names a tile that is never shuffled into the bag.
    #[error(
        "draw order: tile `{0}` is not drawn from the bag (`bag = false`: an expansion hands it out), \
         so it cannot be in a draw order"
    )]
    DrawOrderNotInBag(String),
    /// Two sets define the same tile id.
    #[error("tile id `{id}` is defined by both `{first}` and `{second}`")]
    TileIdClash {
        /// The id.
        id: String,
        /// One set.
        first: String,
        /// The other.
        second: String,
    },
    /// No start tile.
    #[error("no tile set in this game names a start tile")]
    NoStartTile,
    /// The game's tiles show more kinds of edge than a game codes.
    #[error(
        "the game's tiles show more than {} kinds of edge that match only some edges; \
         leave out a tile set or an expansion",
        crate::tiles::MAX_CODED_EDGE_KINDS
    )]
    TooManyEdgeKinds,
    /// A figure's placement names a feature kind that no one declared.
    #[error(
        "figure `{figure}` may stand on feature kind `{kind}`, which neither the base game nor \
         an expansion in the catalog declares (known: {known})"
    )]
    UnknownFigureKind {
        /// The figure's id.
        figure: String,
        /// The kind's name as written.
        kind: String,
        /// The kinds there are.
        known: String,
    },
    /// More tile types than a game indexes.
    #[error(
        "the game's tile sets have more than {} tile types together; use fewer or smaller sets",
        u16::MAX
    )]
    TooManyTileTypes,
    /// `[tiles] sets` names a set that is not in the game.
    #[error("[tiles] sets: unknown tile set `{id}`; the sets in this game: {sets}")]
    UnknownSet {
        /// The set id asked for.
        id: String,
        /// The ids of the game's tile sets.
        sets: String,
    },
    /// `[tiles] counts` names a tile that no set of the game has.
    #[error(
        "[tiles] counts: unknown tile id `{id}`: no tile set of this game ({sets}) has it; \
         it may belong to another tile set or to an expansion that is not enabled"
    )]
    UnknownMixTile {
        /// The id.
        id: String,
        /// The ids of the game's tile sets.
        sets: String,
    },
    /// A multiplicity or count of `[tiles]` is negative or too large.
    #[error("[tiles] {table}: `{key}` = {value}: must be between 0 and {max} (0 removes {what})")]
    BadCount {
        /// `sets` or `counts`.
        table: &'static str,
        /// The set or tile id.
        key: String,
        /// The value given.
        value: i64,
        /// The largest allowed value.
        max: i64,
        /// What 0 removes ("the set's tiles", "the tile").
        what: &'static str,
    },
    /// `[tiles] counts` names a tile that is not shuffled into the bag.
    #[error(
        "[tiles] counts: tile `{0}` is not shuffled into the bag (its file says `bag = false`: \
         an expansion hands it out), so its count cannot be changed here"
    )]
    NotInBag(String),
    /// A tile of an extra file carries attributes, or uses kinds of feature
    /// or edge, of an expansion that is off.
    #[error(
        "[tiles] files: tile `{tile}` in {file} has `{expansion}` attributes or kinds, but `{expansion}` \
         is not in this game; enable it (expansions = [\"{expansion}\"]) or shuffle in its \
         tiles with its rules off (tiles_only = [\"{expansion}\"])"
    )]
    ExpansionOff {
        /// The tile id.
        tile: String,
        /// The extra file.
        file: String,
        /// The expansion whose table the tile has.
        expansion: String,
    },
    /// Two tile sets of the game share an id.
    #[error("tile set `{id}` from {file} is already in this game; give the set in that file another id")]
    DuplicateSet {
        /// The set id.
        id: String,
        /// The file that brought the second one.
        file: String,
    },
}

/// Longest player name, in characters: names are shown in tables, logs and
/// on the board.
pub const MAX_PLAYER_NAME_CHARS: usize = 64;

/// The most players a game seats (the fewest is 1, a solo game): hooks may
/// keep per-seat counts in arrays this long.
pub const MAX_PLAYERS: usize = 6;

/// Most figures of one kind a player may have (`[figures]`): a figure's
/// supply is a byte, and no published rule set comes near.
pub const MAX_FIGURES_PER_PLAYER: i64 = 30;

/// Largest multiplicity of a set in `[tiles] sets`.
pub const MAX_SET_COPIES: i64 = 100;
/// Largest count of a tile in `[tiles] counts` (as in tile files).
pub const MAX_TILE_COUNT: i64 = 10_000;

/// Where tile files are read from: a directory (files there win, so hand
/// edits apply at once) and the copies built into the binary.
#[derive(Clone, Debug, Default)]
pub struct TileSource {
    /// Directory holding `base.toml` and expansion tile files.
    pub dir: Option<PathBuf>,
}

impl TileSource {
    /// Reads `file_name` from the directory, or returns the built-in text.
    pub fn read(&self, file_name: &str, embedded: &'static str) -> Result<(String, String), SetupError> {
        self.read_from(file_name, embedded, "")
    }

    /// Reads an expansion's tile file: from the directory, else from where
    /// it was when the expansion was built (edits there apply without a
    /// rebuild), else the built-in text. Returns the path read (or
    /// `<built-in>/NAME`) and the text.
    pub fn read_file(&self, file: &crate::TileFile) -> Result<(String, String), SetupError> {
        self.read_from(file.file_name, file.embedded, file.source)
    }

    fn read_from(&self, file_name: &str, embedded: &str, source: &str) -> Result<(String, String), SetupError> {
        if let Some(dir) = &self.dir {
            let path = dir.join(file_name);
            if path.exists() {
                let text = read_text_file(&path, MAX_TILE_FILE_BYTES, "tile file")?;
                return Ok((path.display().to_string(), text));
            }
        }
        let built_at = Path::new(source);
        if !source.is_empty() && built_at.is_file() {
            let text = read_text_file(built_at, MAX_TILE_FILE_BYTES, "tile file")?;
            // The path the file really has: an expansion of this checkout
            // embeds its tile file through a link in its crate
            // (`tiles/river.toml` there, so that the packaged crate holds
            // it), and the file to edit is the one in the checkout's `tiles/`.
            let shown = std::fs::canonicalize(built_at).unwrap_or_else(|_| built_at.to_path_buf());
            return Ok((shown.display().to_string(), text));
        }
        Ok((format!("<built-in>/{file_name}"), embedded.to_string()))
    }

    /// Loads and checks one tile file.
    pub fn load(&self, file_name: &str, embedded: &'static str, catalog: &Catalog) -> Result<TileSet, SetupError> {
        let (path, text) = self.read(file_name, embedded)?;
        attach_art(parse_tile_set(&path, &text, catalog)?, &path, &[])
    }

    /// Loads and checks an expansion's tile file (see [`TileSource::read_file`]).
    pub fn load_file(&self, file: &crate::TileFile, catalog: &Catalog) -> Result<TileSet, SetupError> {
        let (path, text) = self.read_file(file)?;
        attach_art(parse_tile_set(&path, &text, catalog)?, &path, file.art)
    }

    /// Loads and checks a marks file of expansion `owner`
    /// ([`ExpansionInfo::tile_marks`]), read as its tile files are.
    pub fn load_marks(&self, file: &crate::TileFile, owner: &str, catalog: &Catalog) -> Result<TileMarks, SetupError> {
        let (path, text) = self.read_file(file)?;
        Ok(parse_tile_marks(&path, &text, owner, catalog)?)
    }

    /// Loads a tile file at an explicit path.
    pub fn load_path(path: &Path, catalog: &Catalog) -> Result<TileSet, SetupError> {
        let text = read_text_file(path, MAX_TILE_FILE_BYTES, "tile file")?;
        let name = path.display().to_string();
        attach_art(parse_tile_set(&name, &text, catalog)?, &name, &[])
    }
}

/// Reads the pictures the tiles of `set` name (`art`), failing on the
/// first that cannot be read (see [`read_art`]).
fn attach_art(mut set: TileSet, read_at: &str, built_in: &[(&str, &str)]) -> Result<TileSet, SetupError> {
    match read_art(&mut set, read_at, built_in).into_iter().next() {
        Some(problem) => Err(problem),
        None => Ok(set),
    }
}

/// Reads the pictures the tiles of `set` name (`art`): beside the tile file
/// when it was read from disk (`read_at`, its path), else from the pictures
/// built in with it (`built_in`; a picture not built in leaves the tile
/// drawn from its features). Returns what could not be read: a picture
/// named but missing on disk, too large, or not SVG, each naming the file,
/// the tile and the path (the tile is then drawn from its features). Games
/// refuse such a file; the tile editor shows the problems and goes on.
pub fn read_art(set: &mut TileSet, read_at: &str, built_in: &[(&str, &str)]) -> Vec<SetupError> {
    let dir = (!read_at.starts_with("<built-in>/"))
        .then(|| Path::new(read_at).parent().map(Path::to_path_buf).unwrap_or_default());
    let mut problems = Vec::new();
    // Each picture is read once, however many tiles name it, and the set's
    // pictures are at most `MAX_SET_ART_BYTES` in all.
    let mut read: std::collections::HashMap<String, Option<std::sync::Arc<str>>> = std::collections::HashMap::new();
    let mut total: u64 = 0;
    for def in &mut set.tiles {
        let tile = def.id.clone();
        let Some(art) = &mut def.art else { continue };
        let problem = |why: String| SetupError::TileArt {
            file: read_at.to_string(),
            tile: tile.clone(),
            path: art.path.clone(),
            why,
        };
        if let Some(svg) = read.get(&art.path) {
            art.svg = svg.clone();
            continue;
        }
        let svg = match &dir {
            Some(dir) => match read_text_file(&dir.join(&art.path), crate::tiles::MAX_ART_BYTES, "tile picture") {
                Ok(text) => Some(text),
                Err(e) => {
                    problems.push(problem(e.to_string()));
                    None
                }
            },
            None => built_in
                .iter()
                .find(|(p, _)| *p == art.path)
                .map(|(_, t)| (*t).to_string()),
        };
        let svg = match svg {
            Some(text) if !text.contains("<svg") => {
                problems.push(problem("not an SVG picture (it has no <svg> element)".to_string()));
                None
            }
            Some(text) if total + text.len() as u64 > crate::tiles::MAX_SET_ART_BYTES => {
                problems.push(problem(format!(
                    "the set's pictures would come to {} bytes with this one; a set's pictures are at most {} bytes \
                     in all (tiles may share a picture: it counts once)",
                    total + text.len() as u64,
                    crate::tiles::MAX_SET_ART_BYTES
                )));
                None
            }
            other => other.map(|text| {
                total += text.len() as u64;
                std::sync::Arc::from(text)
            }),
        };
        read.insert(art.path.clone(), svg.clone());
        art.svg = svg;
    }
    problems
}

/// An expansion whose rules are on in this game.
pub struct EnabledExpansion {
    /// Its declaration.
    pub info: &'static ExpansionInfo,
    /// Its hooks, built for this game's variants.
    pub hooks: Box<dyn DynExpansion>,
    /// Chosen variant values, as canonical text (`"one"`, `"3"`, `"true"`).
    pub variants: BTreeMap<String, String>,
    /// Ids of its parts that are on (every declared one unless switched off).
    pub parts: Vec<String>,
    pub(crate) first_source: u16,
    /// What it arms by the placed tile's type, by tile index
    /// (`Expansion::armed_by_tile`); empty when it arms nothing so.
    pub(crate) armed_by_tile: Vec<Hooks>,
    /// By tile index, whether its veto concerns that type
    /// (`Expansion::vetoes_tile`); empty when it concerns every type.
    pub(crate) vetoes_tile: Vec<bool>,
    /// By tile index, whether its deployment veto concerns the turns of
    /// that type (`Expansion::vetoes_deployments_after`); empty when it
    /// concerns every type.
    pub(crate) vetoes_deployments: Vec<bool>,
}

impl EnabledExpansion {
    /// The chosen variants as typed values, for the configuration as played
    /// (a record then states `points = 3`, not `"3"`).
    pub fn typed_variants(&self) -> BTreeMap<String, Value> {
        typed_variants(self.info.variants, &self.variants)
    }

    /// Every declared part with whether it is on, for the configuration as
    /// played.
    pub fn part_switches(&self) -> BTreeMap<String, bool> {
        self.info
            .parts
            .iter()
            .map(|p| (p.id.to_string(), self.parts.iter().any(|o| o == p.id)))
            .collect()
    }
}

/// Canonical texts of variants as typed values, by their declarations.
fn typed_variants(decls: &[VariantDecl], variants: &BTreeMap<String, String>) -> BTreeMap<String, Value> {
    variants
        .iter()
        .map(|(name, text)| {
            let kind = decls.iter().find(|d| d.name == name).map(|d| d.kind);
            let value = kind.and_then(|k| k.check(&Value::Text(text.clone())).ok());
            (name.clone(), value.unwrap_or_else(|| Value::Text(text.clone())))
        })
        .collect()
}

/// Checks the variants `given` for `id` (an expansion, or the base game)
/// against their declarations and returns every declared variant's value as
/// canonical text, defaults filled in: what a build reads.
fn chosen_variants(
    id: &str,
    decls: &[VariantDecl],
    given: Option<&BTreeMap<String, Value>>,
) -> Result<BTreeMap<String, String>, SetupError> {
    let empty = BTreeMap::new();
    let given = given.unwrap_or(&empty);
    for (name, value) in given {
        let Some(decl) = decls.iter().find(|v| v.name == name) else {
            let known = decls.iter().map(|v| v.name).collect::<Vec<_>>().join(", ");
            let known = if known.is_empty() { "none".into() } else { known };
            return Err(if id == BASE_ID {
                SetupError::UnknownBaseVariant {
                    name: name.clone(),
                    known,
                }
            } else {
                SetupError::UnknownVariant {
                    id: id.into(),
                    name: name.clone(),
                    known,
                }
            });
        };
        if decl.kind.check(value).is_err() {
            return Err(SetupError::BadVariantValue {
                id: id.into(),
                name: name.clone(),
                value: value.to_string(),
                allowed: decl.kind.describe(),
            });
        }
    }
    Ok(decls
        .iter()
        .map(|v| {
            let value = given.get(v.name).and_then(|value| v.kind.check(value).ok());
            (
                v.name.to_string(),
                value.map_or_else(|| v.default.to_string(), |c| c.to_string()),
            )
        })
        .collect())
}

/// The settings of the expansions `info` reads (its `companions` and
/// `requires`) that are on in this game, for its build.
fn companions_of(info: &ExpansionInfo, settings: &BTreeMap<String, Companion>) -> BTreeMap<String, Companion> {
    info.companions
        .iter()
        .chain(info.requires)
        .filter_map(|&id| Some((id.to_string(), settings.get(id)?.clone())))
        .collect()
}

/// An expansion's rules built for a game, with what it arms by tile type
/// and whether its vetoes concern each type (each by tile index, empty
/// when nothing is armed so, or every type may be vetoed).
struct Built {
    hooks: Box<dyn DynExpansion>,
    armed_by_tile: Vec<Hooks>,
    vetoes_tile: Vec<bool>,
    vetoes_deployments: Vec<bool>,
}

/// Builds expansion `info`'s rules for a game, with what it arms by tile
/// type and the types its veto concerns, refusing hooks it would have
/// called only when armed that cannot be (see `Expansion::armed_hooks`).
fn build_expansion(info: &ExpansionInfo, ctx: &BuildContext) -> Result<Built, SetupError> {
    let refuse = |problem: String| SetupError::Expansion(info.id.into(), problem);
    let hooks = (info.build)(ctx).map_err(refuse)?;
    let armed = hooks.armed_hooks();
    let not_armable = armed.difference(Hooks::ARMABLE);
    if not_armable != Hooks::NONE {
        return Err(refuse(format!(
            "`armed_hooks()` names {not_armable:?}, which cannot be armed (only hooks that come after another \
             in a turn can: {:?})",
            Hooks::ARMABLE
        )));
    }
    let undeclared = armed.difference(hooks.hooks());
    if undeclared != Hooks::NONE {
        return Err(refuse(format!(
            "`armed_hooks()` names {undeclared:?}, which `hooks()` does not list"
        )));
    }
    let mut armed_by_tile = Vec::new();
    for tile in ctx.tiles.iter() {
        let arms = hooks.armed_by_tile(tile);
        armed_by_tile.push(arms);
        let not_armed = arms.difference(armed);
        if not_armed != Hooks::NONE {
            return Err(refuse(format!(
                "`armed_by_tile` names {not_armed:?} for tile `{}` of set `{}`, which `armed_hooks()` does not list",
                tile.id(),
                tile.set
            )));
        }
    }
    if let Some(message) = hooks.take_failure() {
        return Err(refuse(message));
    }
    if armed_by_tile.iter().all(|&h| h == Hooks::NONE) {
        armed_by_tile = Vec::new();
    }
    let mut vetoes_tile: Vec<bool> = ctx.tiles.iter().map(|tile| hooks.vetoes_tile(tile)).collect();
    if let Some(message) = hooks.take_failure() {
        return Err(refuse(message));
    }
    if vetoes_tile.iter().all(|&v| v) {
        vetoes_tile = Vec::new();
    }
    let mut vetoes_deployments: Vec<bool> = ctx
        .tiles
        .iter()
        .map(|tile| hooks.vetoes_deployments_after(tile))
        .collect();
    if let Some(message) = hooks.take_failure() {
        return Err(refuse(message));
    }
    if vetoes_deployments.iter().all(|&v| v) {
        vetoes_deployments = Vec::new();
    }
    Ok(Built {
        hooks,
        armed_by_tile,
        vetoes_tile,
        vetoes_deployments,
    })
}

/// Which expansion slots the engine calls at each hook: those that declare
/// it (`Expansion::hooks`). Debug builds call every expansion at every hook,
/// so that a hook an expansion implements but left out of its declaration
/// fails its tests instead of being skipped in silence.
#[derive(Clone, Debug, Default)]
pub(crate) struct HookCalls {
    /// Per hook (by [`Hooks::index`]), the slots the engine calls, in
    /// slot order: a turn passes a dozen hook points, most of which few
    /// or no enabled expansions take.
    pub(crate) by_hook: Vec<Vec<Taker>>,
    /// The hooks any slot takes.
    pub(crate) any: Hooks,
    /// Whether any slot has hooks it has called only on turns it arms them
    /// (`Expansion::armed_hooks`): only then does a game keep track of
    /// what is armed.
    pub(crate) any_armable: bool,
    /// Slots that arm hooks by the type of the placed tile
    /// (`Expansion::armed_by_tile`), each with the hooks by tile index.
    pub(crate) armed_by_tile: Vec<(u8, Vec<Hooks>)>,
    /// Slots asked `placement_allowed`, for every fitting placement.
    pub(crate) vetoing: Vec<u8>,
    /// Slots that declare `RELAXED_PLACEMENT` (taken from the declarations
    /// even in debug builds, so the base game's listing never looks for
    /// placements whose edges do not match), asked about those.
    pub(crate) relaxing: Vec<u8>,
    /// Those of `relaxing` whose relaxation is optional
    /// (`Expansion::optional_relaxation`), with its words ("a bridge"): a
    /// tile that fits only by them may be put aside.
    pub(crate) optional_relaxing: Vec<(u8, &'static str)>,
    /// Slots that hand players tiles instead of draws
    /// (`Expansion::supplies_tiles`), with their words ("the bought tile"),
    /// asked `supplied_tile` when a turn starts.
    pub(crate) supplying: Vec<(u8, &'static str)>,
    /// By tile index, those of `vetoing` whose veto concerns that type
    /// (`Expansion::vetoes_tile`); empty when every one concerns every type.
    pub(crate) vetoing_by_tile: Vec<Vec<u8>>,
    /// Slots asked `feature_points`.
    pub(crate) adjusting: Vec<u8>,
    /// Slots shown every event.
    pub(crate) observing: Vec<u8>,
    /// Slots asked `deploy_options`.
    pub(crate) deploying: Vec<u8>,
    /// Slots asked `deployment_allowed`.
    pub(crate) deploy_vetoing: Vec<u8>,
    /// By tile index, those of `deploy_vetoing` whose veto concerns the
    /// turns of that type (`Expansion::vetoes_deployments_after`); empty
    /// when every one concerns every type.
    pub(crate) deploy_vetoing_by_tile: Vec<Vec<u8>>,
    /// Whether an enabled expansion declares a hook that runs between every
    /// placement and its deployment decision (`TILE_PLACED`, not armable)
    /// and may shape what follows (not `tile_placed_keeps_deployments`):
    /// then a placement's deployments are known only by playing it. (Those
    /// that offer or forbid deployments answer about a placement not made
    /// yet, through `AfterPlacement`.) Taken from the declarations even in
    /// debug builds (where every hook is called), so tests exercise the path
    /// release builds take; a hook acting outside its declaration fails
    /// those tests.
    pub(crate) deploys_need_play: bool,
    /// Slots whose `TILE_PLACED` is armable and may shape what follows: a
    /// placement's deployments are known only by playing it on the turns
    /// that hook runs (armed earlier in the turn, or by the placed tile's
    /// type).
    pub(crate) armable_tile_placed: Vec<u8>,
    /// By tile index, whether placing that type arms one of those slots'
    /// `TILE_PLACED` (empty when no type does).
    pub(crate) tile_placed_armed_by_tile: Vec<bool>,
}

/// A slot that takes a hook, and whether it takes it only on turns it
/// armed it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taker {
    pub(crate) slot: u8,
    pub(crate) armable: bool,
}

impl HookCalls {
    /// Whether an expansion offers or forbids deployments.
    #[inline]
    pub(crate) fn deploy_hooks(&self) -> bool {
        !(self.deploying.is_empty() && self.deploy_vetoing.is_empty())
    }

    fn new(expansions: &[EnabledExpansion]) -> HookCalls {
        let armable: Vec<Hooks> = expansions.iter().map(|e| e.hooks.armed_hooks()).collect();
        let by_slot: Vec<Hooks> = expansions
            .iter()
            .map(|e| {
                if cfg!(debug_assertions) {
                    Hooks::ALL
                } else {
                    e.hooks.hooks()
                }
            })
            .collect();
        let slots = |hook: Hooks| {
            (0..by_slot.len() as u8)
                .filter(|&s| by_slot[s as usize].contains(hook))
                .collect::<Vec<u8>>()
        };
        // A `tile_placed` that keeps the deployments as the board gives them
        // does not shape the moves.
        let declares_tile_placed = |slot: usize| {
            let e = &expansions[slot].hooks;
            e.hooks().contains(Hooks::TILE_PLACED) && !e.tile_placed_keeps_deployments()
        };
        let deploys_need_play =
            (0..expansions.len()).any(|slot| declares_tile_placed(slot) && !armable[slot].contains(Hooks::TILE_PLACED));
        let armable_tile_placed: Vec<u8> = (0..expansions.len() as u8)
            .filter(|&slot| declares_tile_placed(slot as usize) && armable[slot as usize].contains(Hooks::TILE_PLACED))
            .collect();
        let tile_types = expansions.iter().map(|e| e.armed_by_tile.len()).max().unwrap_or(0);
        let tile_placed_armed_by_tile: Vec<bool> = (0..tile_types)
            .map(|tile| {
                armable_tile_placed.iter().any(|&slot| {
                    expansions[slot as usize]
                        .armed_by_tile
                        .get(tile)
                        .is_some_and(|h| h.contains(Hooks::TILE_PLACED))
                })
            })
            .collect();
        let takers = |hook: Hooks| {
            slots(hook)
                .into_iter()
                .map(|slot| Taker {
                    slot,
                    armable: armable[slot as usize].contains(hook),
                })
                .collect::<Vec<Taker>>()
        };
        // Tabled once, when each expansion was built and checked.
        let armed_by_tile = expansions
            .iter()
            .zip(0u8..)
            .filter(|(e, _)| !e.armed_by_tile.is_empty())
            .map(|(e, slot)| (slot, e.armed_by_tile.clone()))
            .collect();
        let vetoing = slots(Hooks::PLACEMENT_ALLOWED);
        let relaxing: Vec<u8> = (0..expansions.len() as u8)
            .filter(|&s| expansions[s as usize].hooks.hooks().contains(Hooks::RELAXED_PLACEMENT))
            .collect();
        let optional_relaxing = relaxing
            .iter()
            .filter_map(|&s| Some((s, expansions[s as usize].hooks.optional_relaxation()?)))
            .collect();
        let supplying = (0..expansions.len() as u8)
            .filter_map(|s| Some((s, expansions[s as usize].hooks.supplies_tiles()?)))
            .collect();
        // By tile index, the slots of `vetoing` whose veto concerns that
        // type as `concerns` says (empty when every one concerns every type).
        let by_tile = |vetoing: &[u8], concerns: fn(&EnabledExpansion) -> &Vec<bool>| -> Vec<Vec<u8>> {
            if vetoing
                .iter()
                .all(|&slot| concerns(&expansions[slot as usize]).is_empty())
            {
                return Vec::new();
            }
            let tile_types = expansions.iter().map(|e| concerns(e).len()).max().unwrap_or(0);
            (0..tile_types)
                .map(|tile| {
                    vetoing
                        .iter()
                        .copied()
                        .filter(|&slot| {
                            let by_tile = concerns(&expansions[slot as usize]);
                            by_tile.is_empty() || by_tile.get(tile).copied().unwrap_or(true)
                        })
                        .collect()
                })
                .collect()
        };
        let vetoing_by_tile = by_tile(&vetoing, |e| &e.vetoes_tile);
        let deploy_vetoing = slots(Hooks::DEPLOYMENT_ALLOWED);
        let deploy_vetoing_by_tile = by_tile(&deploy_vetoing, |e| &e.vetoes_deployments);
        HookCalls {
            by_hook: Hooks::each().map(takers).collect(),
            armed_by_tile,
            any: by_slot.iter().fold(Hooks::NONE, |all, &h| all | h),
            any_armable: armable.iter().any(|&h| h != Hooks::NONE),
            deploys_need_play,
            armable_tile_placed,
            tile_placed_armed_by_tile: if tile_placed_armed_by_tile.contains(&true) {
                tile_placed_armed_by_tile
            } else {
                Vec::new()
            },
            vetoing,
            relaxing,
            optional_relaxing,
            supplying,
            vetoing_by_tile,
            adjusting: slots(Hooks::FEATURE_POINTS),
            observing: slots(Hooks::OBSERVE),
            deploying: slots(Hooks::DEPLOY_OPTIONS),
            deploy_vetoing,
            deploy_vetoing_by_tile,
        }
    }
}

/// By tile index, the rotations of each tile a relaxing expansion may make
/// legal at a frontier cell of each demand, with their mismatched sides:
/// those whose every mismatched side is a pair of edges one of them accepts
/// (`Expansion::relaxes_edges`, asked once per pair of the game's coded edge
/// kinds). Empty when no expansion relaxes placements, so the base game
/// tables nothing.
fn relaxable_rotations(
    expansions: &[EnabledExpansion],
    called: &HookCalls,
    tiles: &[TileType],
    coding: &EdgeCoding,
) -> Arc<[Box<[u16]>]> {
    if called.relaxing.is_empty() {
        return Arc::from(Vec::new());
    }
    let kinds = coding.coded_kinds();
    let mut pairs = Vec::new();
    for &mine in kinds {
        for &theirs in kinds {
            if called
                .relaxing
                .iter()
                .any(|&slot| expansions[slot as usize].hooks.relaxes_edges(mine, theirs))
            {
                pairs.push((mine, theirs));
            }
        }
    }
    tiles
        .iter()
        .map(|t| t.relaxable_sides(coding, |mine, theirs| pairs.contains(&(mine, theirs))))
        .collect()
}

/// One flag that every expansion's hooks raise when they panic.
fn failure_flag(expansions: &[EnabledExpansion]) -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    for e in expansions {
        e.hooks.raise_on_failure(Arc::clone(&flag));
    }
    flag
}

/// The assembled rules of one game.
///
/// Its [`Tables`] (tiles, figures, score sources, configuration) are what
/// states and expansions read; `Rules` adds the enabled expansions' hooks,
/// and reads as its tables too (it dereferences to them), so
/// `rules.tile(i)` and `rules.config` work on either.
pub struct Rules {
    /// Shared with every state of the game.
    pub(crate) tables: Arc<Tables>,
    pub(crate) expansions: Vec<EnabledExpansion>,
    pub(crate) called: HookCalls,
    /// Whether an enabled expansion comes from a dynamic library (actions
    /// are then played on a snapshot that a plugin failure rolls back).
    pub(crate) isolated: bool,
    /// Raised by any expansion's hook that panics (see `Game::failure`).
    pub(crate) failed: Arc<AtomicBool>,
    /// The base game's variants as this game plays them.
    pub(crate) base: BaseRules,
    /// By tile index, then by frontier demand, the mismatched sides of
    /// each rotation that a relaxing expansion may make good, four bits a
    /// rotation (`Expansion::relaxes_edges`, `TileType::relaxable_sides`);
    /// empty when no expansion relaxes placements.
    pub(crate) relaxable: Arc<[Box<[u16]>]>,
}

impl std::ops::Deref for Rules {
    type Target = Tables;

    fn deref(&self) -> &Tables {
        &self.tables
    }
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules")
            .field("tiles", &self.tiles.len())
            .field(
                "expansions",
                &self.expansions.iter().map(|e| e.info.id).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Rules {
    /// The words of the optional relaxation of the expansion in `slot`
    /// ("a bridge", `Expansion::optional_relaxation`), for telling why a
    /// tile was put aside ([`Event::TilePutAside`](crate::Event::TilePutAside));
    /// `None` when it declares none.
    pub fn put_aside_words(&self, slot: u8) -> Option<&'static str> {
        self.called
            .optional_relaxing
            .iter()
            .find(|&&(s, _)| s == slot)
            .map(|&(_, words)| words)
    }

    /// The words of the expansion in `slot` for the tiles it hands players
    /// instead of draws ("the bought tile", `Expansion::supplies_tiles`),
    /// for the log ([`Event::TileSupplied`](crate::Event::TileSupplied));
    /// `None` when it declares none.
    pub fn supply_words(&self, slot: u8) -> Option<&'static str> {
        self.called
            .supplying
            .iter()
            .find(|&&(s, _)| s == slot)
            .map(|&(_, words)| words)
    }

    /// Assembles the rules for `config` from the expansions in `catalog`,
    /// reading tile files from `tiles`. Every configuration mistake is
    /// reported before any game starts.
    ///
    /// # Errors
    /// A [`SetupError`] naming the mistake: an unknown, duplicated or
    /// conflicting expansion, a missing requirement, an unknown variant or
    /// value, a tile file that does not load, a tile mix that names unknown
    /// tiles, a `[figures]` count that is unknown or out of range, or a
    /// player count outside 1 to 6.
    pub fn new(catalog: &Catalog, config: &GameConfig, tiles: &TileSource) -> Result<Rules, SetupError> {
        let players = config.players.len();
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        for (i, p) in config.players.iter().enumerate() {
            let chars = p.name.chars().count();
            if chars == 0 || chars > MAX_PLAYER_NAME_CHARS || p.name.chars().any(char::is_control) {
                return Err(SetupError::PlayerName {
                    seat: i + 1,
                    chars,
                    start: p.name.chars().take(20).filter(|c| !c.is_control()).collect(),
                });
            }
        }
        let known = || catalog.ids().join(", ");
        let mut seen: Vec<&str> = Vec::new();
        for id in config.expansions.iter().chain(&config.tiles_only) {
            if catalog.get(id).is_none() {
                return Err(SetupError::UnknownExpansion {
                    id: id.clone(),
                    known: if catalog.all().is_empty() {
                        "none".into()
                    } else {
                        known()
                    },
                });
            }
            if seen.contains(&id.as_str()) {
                return Err(SetupError::Duplicate(id.clone()));
            }
            seen.push(id);
        }
        let mut enabled: Vec<&'static ExpansionInfo> =
            config.expansions.iter().filter_map(|id| catalog.get(id)).collect();
        enabled.sort_by_key(|e| e.id);
        for e in &enabled {
            for r in e.requires {
                if !enabled.iter().any(|o| o.id == *r) {
                    return Err(SetupError::MissingRequirement {
                        id: e.id.into(),
                        requires: (*r).into(),
                    });
                }
            }
            for c in e.conflicts {
                if enabled.iter().any(|o| o.id == *c) {
                    return Err(SetupError::Conflict(e.id.into(), (*c).into()));
                }
            }
        }
        for id in config.variants.keys() {
            if id != BASE_ID && !enabled.iter().any(|e| e.id == id) {
                return Err(SetupError::VariantsForDisabled(id.clone()));
            }
        }
        let mut parts = chosen_parts(&enabled, &config.parts)?;
        let forced_off = switch_off_parts_needed_off(&enabled, &mut parts, &config.parts)?;

        // Tile sets: base first, then each expansion's, in id order.
        let mut sets = vec![tiles.load("base.toml", BASE_TILES, catalog)?];
        let mut with_tiles: Vec<&'static ExpansionInfo> = enabled.clone();
        with_tiles.extend(config.tiles_only.iter().filter_map(|id| catalog.get(id)));
        with_tiles.sort_by_key(|e| e.id);
        // Set id → the expansion that ships it.
        let mut set_expansion: BTreeMap<String, &'static str> = BTreeMap::new();
        for e in &with_tiles {
            for f in e.tile_files {
                let set = tiles.load_file(f, catalog)?;
                set_expansion.insert(set.id.clone(), e.id);
                sets.push(set);
            }
        }
        let allowed: Vec<&str> = config
            .expansions
            .iter()
            .chain(&config.tiles_only)
            .map(String::as_str)
            .collect();
        for file in &config.tiles.files {
            let set = TileSource::load_path(Path::new(file), catalog)?;
            // The loader accepts any catalogued expansion's table; a game
            // only takes tiles whose expansions it has, or their rules would
            // silently not apply.
            let landscape = catalog.landscape();
            for def in &set.tiles {
                // Kinds declared by an expansion count like its attributes.
                let kind_owners = def
                    .features
                    .iter()
                    .map(|f| landscape.feature_owner(f.kind))
                    .chain(def.edges.iter().map(|&e| landscape.edge_owner(e)))
                    .filter(|&o| o != BASE_ID)
                    .map(String::from)
                    .collect::<Vec<_>>();
                let keys = def
                    .attributes
                    .keys()
                    .chain(def.features.iter().flat_map(|f| f.attributes.keys()))
                    .chain(kind_owners.iter());
                for key in keys {
                    if !allowed.contains(&key.as_str()) {
                        return Err(SetupError::ExpansionOff {
                            tile: def.id.clone(),
                            file: file.clone(),
                            expansion: key.clone(),
                        });
                    }
                }
            }
            if sets.iter().any(|s| s.id == set.id) {
                return Err(SetupError::DuplicateSet {
                    id: set.id,
                    file: file.clone(),
                });
            }
            sets.push(set);
        }
        // Marks the enabled expansions print on other sets' tiles, applied
        // where the marked set is in the game.
        for e in &enabled {
            for f in e.tile_marks {
                let marks = tiles.load_marks(f, e.id, catalog)?;
                if let Some(set) = sets.iter_mut().find(|s| s.id == marks.set) {
                    marks.apply(set, catalog.landscape(), catalog)?;
                }
            }
        }
        let set_list = || sets.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
        for (id, &copies) in &config.tiles.sets {
            if !sets.iter().any(|s| &s.id == id) {
                return Err(SetupError::UnknownSet {
                    id: id.clone(),
                    sets: set_list(),
                });
            }
            if !(0..=MAX_SET_COPIES).contains(&copies) {
                return Err(SetupError::BadCount {
                    table: "sets",
                    key: id.clone(),
                    value: copies,
                    max: MAX_SET_COPIES,
                    what: "the set's tiles",
                });
            }
        }
        for (id, &count) in &config.tiles.counts {
            let Some(def) = sets.iter().find_map(|s| s.tile(id)) else {
                return Err(SetupError::UnknownMixTile {
                    id: id.clone(),
                    sets: set_list(),
                });
            };
            if !(0..=MAX_TILE_COUNT).contains(&count) {
                return Err(SetupError::BadCount {
                    table: "counts",
                    key: id.clone(),
                    value: count,
                    max: MAX_TILE_COUNT,
                    what: "the tile",
                });
            }
            if !def.in_bag {
                return Err(SetupError::NotInBag(id.clone()));
            }
        }
        let landscape = refined_landscape(catalog.landscape(), &enabled)?;
        let coding = EdgeCoding::for_tiles(&landscape, sets.iter().flat_map(|s| &s.tiles))
            .ok_or(SetupError::TooManyEdgeKinds)?;
        let mut table: Vec<TileType> = Vec::new();
        let mut start = None;
        // Tile id → its set, to find a clash without rescanning the table.
        let mut owner: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
        for set in &sets {
            for def in &set.tiles {
                if let Some(first) = owner.insert(&def.id, &set.id) {
                    return Err(SetupError::TileIdClash {
                        id: def.id.clone(),
                        first: first.to_string(),
                        second: set.id.clone(),
                    });
                }
                let index = u16::try_from(table.len()).map_err(|_| SetupError::TooManyTileTypes)?;
                if start.is_none() && set.start.as_deref() == Some(def.id.as_str()) {
                    start = Some(index);
                }
                table.push(TileType::in_game(index, &set.id, def.clone(), &landscape, &coding));
            }
        }
        let mut start = start.ok_or(SetupError::NoStartTile)?;
        let base_start = start;
        // An enabled expansion's set that names a start tile replaces the
        // base game's (the river's spring); the last such set, in load
        // order, wins, and the expansions' arrangements may change it.
        for set in &sets {
            let on = set_expansion
                .get(&set.id)
                .is_some_and(|id| enabled.iter().any(|e| e.id == *id));
            if let (true, Some(id)) = (on, &set.start)
                && let Some(t) = table.iter().find(|t| t.set == set.id && &t.def.id == id)
            {
                start = t.index;
            }
        }
        let counts: Vec<u32> = table
            .iter()
            .map(|t| {
                // Both values were range-checked above, so the product fits.
                match config.tiles.counts.get(&t.def.id) {
                    Some(&n) => n as u32,
                    None => t.def.count * config.tiles.sets.get(&t.set).map_or(1, |&m| m as u32),
                }
            })
            .collect();

        let mut figures = vec![FOLLOWER];
        for e in &enabled {
            figures.extend_from_slice(e.figures);
        }
        // Counts by the number of players first; `[figures]` overrides them.
        for f in &mut figures {
            if let Some(&n) = f.by_players.get(config.players.len().saturating_sub(1)) {
                f.per_player = n;
            }
        }
        set_figure_counts(catalog, &mut figures, &config.figures)?;
        take_out_figures_of_parts_off(&enabled, &parts, &mut figures, &config.figures)?;
        let mut sources: Vec<String> = CORE_SOURCES.iter().map(|s| s.to_string()).collect();
        // A figure counted 0 is not in the game for the expansions' builds
        // (Cleric and Serf's `serf = "auto"` looks for the barn so).
        let figure_ids: Vec<String> = figures
            .iter()
            .filter(|f| f.per_player > 0 || f.neutral > 0)
            .map(|f| f.id.to_string())
            .collect();
        let enabled_ids: Vec<String> = enabled.iter().map(|e| e.id.to_string()).collect();
        let table: Arc<[TileType]> = table.into();
        let base_variants = chosen_variants(BASE_ID, BASE_VARIANTS, config.variants.get(BASE_ID))?;
        let base = BaseRules::from_variants(&base_variants);
        // Every enabled expansion's settings, which those naming it among
        // their companions read (and hooks, through the tables).
        let mut settings: BTreeMap<String, Companion> = BTreeMap::new();
        for (e, parts) in enabled.iter().zip(&parts) {
            let variants = chosen_variants(e.id, e.variants, config.variants.get(e.id))?;
            let companion = Companion {
                variants: typed_variants(e.variants, &variants),
                parts: parts.clone(),
                has_parts: !e.parts.is_empty(),
            };
            settings.insert(e.id.to_string(), companion);
        }
        let mut built = Vec::new();
        for (e, parts) in enabled.iter().zip(&parts) {
            let variants = chosen_variants(e.id, e.variants, config.variants.get(e.id))?;
            let ctx = BuildContext {
                variants: variants.clone(),
                enabled: enabled_ids.clone(),
                figures: figure_ids.clone(),
                parts: parts.clone(),
                players,
                tiles: Arc::clone(&table),
                landscape: Arc::clone(&landscape),
                companions: companions_of(e, &settings),
            };
            let Built {
                hooks,
                armed_by_tile,
                vetoes_tile,
                vetoes_deployments,
            } = build_expansion(e, &ctx)?;
            let first_source = sources.len() as u16;
            for s in e.score_sources {
                sources.push(if s.is_empty() {
                    e.id.to_string()
                } else {
                    format!("{}.{}", e.id, s)
                });
            }
            built.push(EnabledExpansion {
                info: e,
                hooks,
                variants,
                parts: parts.clone(),
                first_source,
                armed_by_tile,
                vetoes_tile,
                vetoes_deployments,
            });
        }
        let called = HookCalls::new(&built);
        let relaxable = relaxable_rotations(&built, &called, &table, &coding);

        // The expansions arrange the tiles (start tile, phases, tiles set
        // aside), in hook order; then the bag is made.
        let mut arrangement = TileArrangement::new(&table, counts, start, base_start, &enabled_ids);
        for e in &built {
            arrangement.arranging = e.info.id;
            e.hooks.arrange_tiles(&mut arrangement);
            if let Some(message) = e.hooks.take_failure() {
                return Err(SetupError::Expansion(e.info.id.into(), message));
            }
        }
        let arranged = arrangement.into_bag();
        let mixed_matching = coding.mixes_kinds(&landscape);
        let walls = table.iter().any(|t| t.wild_sides(crate::geometry::Rotation::NONE) != 0);
        let kinds = KindTables::new(&landscape);
        let mut kind_sources = [u16::MAX; FeatureKind::MAX];
        for (kind, decl) in landscape.feature_kinds() {
            let scored = !matches!(decl.scoring, KindScoring::None | KindScoring::Hook);
            let used = kind.is_base() || table.iter().any(|t| t.feature_kinds().contains(&kind));
            if !scored || !used {
                continue;
            }
            let at = match sources.iter().position(|s| s == decl.source) {
                Some(at) => at,
                None => {
                    sources.push(decl.source.to_string());
                    sources.len() - 1
                }
            };
            kind_sources[kind.index()] = at as u16;
        }
        let mut figure_kinds = Vec::with_capacity(figures.len());
        for f in &figures {
            let mut mask = 0u32;
            if let FigurePlacement::OnFeatures(names) = f.placement {
                for name in names {
                    let kind = landscape
                        .feature_kind(name)
                        .ok_or_else(|| SetupError::UnknownFigureKind {
                            figure: f.id.to_string(),
                            kind: name.to_string(),
                            known: landscape.feature_names(),
                        })?;
                    mask |= 1 << kind.index();
                }
            }
            for (kind, decl) in landscape.feature_kinds() {
                if decl.invites.contains(&f.id) {
                    mask |= 1 << kind.index();
                }
                if !decl.occupiable {
                    mask &= !(1 << kind.index());
                }
            }
            figure_kinds.push(mask);
        }

        // Resolved to indices once: a game starts from them without looking
        // ids up (a 1,000-tile order would otherwise search 1,000 times).
        let draw_order_bag = match &config.draw_order {
            None => None,
            Some(order) => {
                let by_id: std::collections::HashMap<&str, u16> =
                    table.iter().map(|t| (t.def.id.as_str(), t.index)).collect();
                let mut bag = Vec::with_capacity(order.len());
                for id in order {
                    match by_id.get(id.as_str()) {
                        // An abbey or other tile an expansion hands out is
                        // never drawn; drawing it would bypass its rules.
                        Some(&index) if !table[index as usize].def.in_bag => {
                            return Err(SetupError::DrawOrderNotInBag(id.clone()));
                        }
                        Some(&index) => bag.push(index),
                        None => {
                            return Err(SetupError::UnknownTile {
                                id: id.clone(),
                                sets: sets.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", "),
                            });
                        }
                    }
                }
                // Drawn from the end, so stored reversed.
                bag.reverse();
                Some(bag)
            }
        };
        let failed = failure_flag(&built);
        // The configuration as played: every variant of every enabled
        // expansion stated, so that a record written from it replays the
        // same game whatever defaults later versions choose.
        let mut played = config.clone();
        for e in built.iter().filter(|e| !e.variants.is_empty()) {
            played.variants.insert(e.info.id.to_string(), e.typed_variants());
        }
        // The base game's variants are stated once any is set: their
        // defaults are the published rules.
        if config.variants.contains_key(BASE_ID) {
            played
                .variants
                .insert(BASE_ID.to_string(), typed_variants(BASE_VARIANTS, &base_variants));
        }
        // Likewise an expansion's parts, once any is named: all on is how
        // every engine version played it, so a record needs say nothing
        // more until a part is switched.
        // A part another expansion switched off is stated too, so the
        // record says how the game was played.
        for e in built
            .iter()
            .filter(|e| config.parts.contains_key(e.info.id) || forced_off.contains(&e.info.id))
        {
            played.parts.insert(e.info.id.to_string(), e.part_switches());
        }
        let expansion_sources = built
            .iter()
            .map(|e| ExpansionSources {
                expansion: e.info.id,
                names: e.info.score_sources,
                words: e.info.score_source_names,
                title: e.info.name,
                first: e.first_source,
            })
            .collect();
        Ok(Rules {
            tables: Arc::new(Tables {
                tiles: table,
                start: arranged.start,
                bag: arranged.bag,
                figures,
                sources,
                expansion_sources,
                draw_order_bag,
                config: played,
                landscape,
                coding,
                sided: kinds.sided,
                complete_by_sides: kinds.complete_by_sides,
                complete_by_surroundings: kinds.complete_by_surroundings,
                land: kinds.land,
                kind_sources,
                figure_kinds,
                mixed_matching,
                relaxed_edges: !called.relaxing.is_empty(),
                walls,
                phases: arranged.phases,
                settings,
                more_starts: arranged.more_starts,
                tie_breakers: arranged.tie_breakers,
                tie_break: arranged.tie_break,
            }),
            base,
            failed,
            expansions: built,
            called,
            isolated: enabled.iter().any(|e| catalog.is_dynamic(e.id)),
            relaxable,
        })
    }

    /// The same rules for another seed, without reading the tile files
    /// again: each expansion's hooks are rebuilt from its chosen variants.
    /// Simulations of many seeds use it, since parsing tiles costs far more
    /// than a game.
    pub fn reseeded(&self, seed: u64) -> Result<Rules, SetupError> {
        let enabled: Vec<String> = self.expansions.iter().map(|e| e.info.id.to_string()).collect();
        let figures: Vec<String> = self
            .figures
            .iter()
            .filter(|f| f.per_player > 0 || f.neutral > 0)
            .map(|f| f.id.to_string())
            .collect();
        let mut expansions = Vec::with_capacity(self.expansions.len());
        for e in &self.expansions {
            let ctx = BuildContext {
                variants: e.variants.clone(),
                enabled: enabled.clone(),
                figures: figures.clone(),
                parts: e.parts.clone(),
                players: self.config.players.len(),
                tiles: Arc::clone(&self.tiles),
                landscape: Arc::clone(&self.landscape),
                companions: companions_of(e.info, &self.settings),
            };
            let Built {
                hooks,
                armed_by_tile,
                vetoes_tile,
                vetoes_deployments,
            } = build_expansion(e.info, &ctx)?;
            expansions.push(EnabledExpansion {
                info: e.info,
                hooks,
                variants: e.variants.clone(),
                parts: e.parts.clone(),
                first_source: e.first_source,
                armed_by_tile,
                vetoes_tile,
                vetoes_deployments,
            });
        }
        let mut tables = Tables::clone(&self.tables);
        tables.config.seed = seed;
        let failed = failure_flag(&expansions);
        let called = HookCalls::new(&expansions);
        Ok(Rules {
            tables: Arc::new(tables),
            base: self.base,
            failed,
            expansions,
            called,
            isolated: self.isolated,
            relaxable: Arc::clone(&self.relaxable),
        })
    }

    /// The base game's variants as this game plays them.
    pub fn base_rules(&self) -> BaseRules {
        self.base
    }

    /// Whether a figure of kind `decl` may stand on a feature of `kind` by
    /// the base game's variants: with `farmers = false` no follower-class
    /// figure goes on a field.
    pub fn may_stand(&self, decl: &FigureDecl, kind: FeatureKind) -> bool {
        self.base.farmers || kind != FeatureKind::FIELD || decl.class != FigureClass::Follower
    }

    /// Whether a figure in the game may be taken back instead of deploying
    /// ([`crate::Recall::Scoring`]).
    #[inline]
    pub fn any_recall(&self) -> bool {
        self.figures
            .iter()
            .any(|f| f.recall != crate::figures::Recall::Never && f.per_player > 0)
    }

    /// The enabled expansions, in hook order.
    pub fn expansions(&self) -> &[EnabledExpansion] {
        &self.expansions
    }

    /// The slot of enabled expansion `id`.
    pub fn expansion_slot(&self, id: &str) -> Option<u8> {
        self.expansions.iter().position(|e| e.info.id == id).map(|i| i as u8)
    }
}

/// The parts that are on, per enabled expansion (in `enabled`'s order): every
/// declared part but those `[parts]` switches off. Refuses a table for an
/// expansion that is off, a part the expansion does not declare, and an
/// expansion with all its parts off.
fn chosen_parts(
    enabled: &[&'static ExpansionInfo],
    table: &BTreeMap<String, BTreeMap<String, bool>>,
) -> Result<Vec<Vec<String>>, SetupError> {
    for (id, switches) in table {
        let Some(info) = enabled.iter().find(|e| e.id == id) else {
            return Err(SetupError::PartsForDisabled(id.clone()));
        };
        for part in switches.keys() {
            if !info.parts.iter().any(|p| p.id == part) {
                return Err(SetupError::UnknownPart {
                    id: id.clone(),
                    part: part.clone(),
                    known: if info.parts.is_empty() {
                        "none (it is all or nothing)".into()
                    } else {
                        info.parts.iter().map(|p| p.id).collect::<Vec<_>>().join(", ")
                    },
                });
            }
        }
    }
    let mut chosen = Vec::with_capacity(enabled.len());
    for e in enabled {
        let switches = table.get(e.id);
        let on: Vec<String> = e
            .parts
            .iter()
            .filter(|p| switches.and_then(|s| s.get(p.id)).copied().unwrap_or(true))
            .map(|p| p.id.to_string())
            .collect();
        // A part another enabled expansion needs off may be stated off
        // (records state it so) even when it is the expansion's only one.
        let needed_off = enabled
            .iter()
            .any(|by| by.parts_off.iter().any(|p| p.expansion == e.id));
        if !e.parts.is_empty() && on.is_empty() && !needed_off {
            return Err(SetupError::NoPartOn(e.id.to_string()));
        }
        chosen.push(on);
    }
    Ok(chosen)
}

/// Switches off the parts that enabled expansions need off
/// (`ExpansionInfo::parts_off`) in the expansions that declare them, when
/// those are on; refuses a `[parts]` table that switches one on explicitly.
/// Returns the expansions whose parts it switched off.
fn switch_off_parts_needed_off(
    enabled: &[&'static ExpansionInfo],
    parts: &mut [Vec<String>],
    table: &BTreeMap<String, BTreeMap<String, bool>>,
) -> Result<Vec<&'static str>, SetupError> {
    let mut switched = Vec::new();
    for by in enabled {
        for off in by.parts_off {
            let Some(at) = enabled.iter().position(|e| e.id == off.expansion) else {
                continue;
            };
            if table.get(off.expansion).and_then(|s| s.get(off.part)) == Some(&true) {
                return Err(SetupError::PartNeededOff {
                    expansion: off.expansion.to_string(),
                    part: off.part.to_string(),
                    by: by.id.to_string(),
                });
            }
            parts[at].retain(|p| p != off.part);
            if !switched.contains(&enabled[at].id) {
                switched.push(enabled[at].id);
            }
        }
    }
    Ok(switched)
}

/// The game's kinds of feature: the catalog's, shared, or a copy with the
/// enabled expansions' refinements (`ExpansionInfo::refines`) when any is
/// on, so that games without one pay nothing. Refuses two expansions
/// refining one kind, and a refinement of a kind no expansion declares.
fn refined_landscape(
    catalog: &Arc<Landscape>,
    enabled: &[&'static ExpansionInfo],
) -> Result<Arc<Landscape>, SetupError> {
    if enabled.iter().all(|e| e.refines.is_empty()) {
        return Ok(Arc::clone(catalog));
    }
    let mut landscape = Landscape::clone(catalog);
    let mut by: Vec<(&str, &str)> = Vec::new();
    for e in enabled {
        for d in e.refines {
            if let Some(&(_, first)) = by.iter().find(|(kind, _)| *kind == d.name) {
                return Err(SetupError::RefinedTwice {
                    kind: d.name.to_string(),
                    first: first.to_string(),
                    second: e.id.to_string(),
                });
            }
            landscape.refine(d).map_err(|problem| SetupError::BadRefinement {
                id: e.id.to_string(),
                kind: d.name.to_string(),
                problem,
            })?;
            by.push((d.name, e.id));
        }
    }
    Ok(Arc::new(landscape))
}

/// Takes the figures of parts that are off out of every supply (their kinds
/// stay in the table, counted 0, as `[figures]` does). A `[figures]` count
/// for one of them is refused: the part's switch and the count would say
/// two things.
fn take_out_figures_of_parts_off(
    enabled: &[&'static ExpansionInfo],
    parts_on: &[Vec<String>],
    figures: &mut [FigureDecl],
    counts: &BTreeMap<String, i64>,
) -> Result<(), SetupError> {
    for (e, on) in enabled.iter().zip(parts_on) {
        for part in e.parts.iter().filter(|p| !on.iter().any(|o| o == p.id)) {
            for &id in part.figures {
                if counts.get(id).is_some_and(|&n| n > 0) {
                    return Err(SetupError::FigureOfPartOff {
                        id: id.to_string(),
                        expansion: e.id.to_string(),
                        part: part.id.to_string(),
                    });
                }
                for f in figures.iter_mut().filter(|f| f.id == id) {
                    f.per_player = 0;
                    f.neutral = 0;
                }
            }
        }
    }
    Ok(())
}

/// Applies the `[figures]` table to the game's figure kinds: each named
/// figure gets the count given (0 keeps the kind in the table, with none in
/// any supply, so figure indices do not depend on the counts).
fn set_figure_counts(
    catalog: &Catalog,
    figures: &mut [FigureDecl],
    counts: &BTreeMap<String, i64>,
) -> Result<(), SetupError> {
    for (id, &count) in counts {
        let Some(decl) = figures.iter_mut().find(|f| f.id == id) else {
            if let Some(owner) = catalog.all().iter().find(|e| e.figures.iter().any(|f| f.id == id)) {
                return Err(SetupError::FigureOfDisabledExpansion {
                    id: id.clone(),
                    expansion: owner.id.to_string(),
                });
            }
            return Err(SetupError::UnknownFigure {
                id: id.clone(),
                known: figures.iter().map(|f| f.id).collect::<Vec<_>>().join(", "),
            });
        };
        match u8::try_from(count) {
            Ok(n) if count <= MAX_FIGURES_PER_PLAYER => decl.per_player = n,
            _ => return Err(SetupError::BadFigureCount { id: id.clone(), count }),
        }
    }
    Ok(())
}
