//! Which expansions exist: those linked into the binary (registered through
//! `inventory`) and those loaded from dynamic libraries at run time.

use crate::expansion::ExpansionInfo;
use crate::tiles::{AttributeCheck, AttributeProblem, FeatureKind, KindError, Landscape};
use crate::values::is_kebab;
use std::sync::Arc;

/// A linked expansion's registration. Write it with [`register_expansion!`](crate::register_expansion).
pub struct Registration(pub &'static ExpansionInfo);

inventory::collect!(Registration);

/// Registers an expansion declared as a `static ExpansionInfo`.
///
/// ```text
/// carcassonne_core::register_expansion!(MY_EXPANSION);
/// ```
///
/// A crate that is only a Cargo dependency is not linked, and its
/// registration silently disappears: the binary must name each expansion
/// crate (`use my_expansion as _;`).
#[macro_export]
macro_rules! register_expansion {
    ($info:path) => {
        $crate::inventory::submit! { $crate::registry::Registration(&$info) }
    };
}

/// The expansions a host can offer, sorted by id.
#[derive(Clone, Debug)]
pub struct Catalog {
    expansions: Vec<&'static ExpansionInfo>,
    /// Ids of expansions loaded from dynamic libraries, with the library path.
    dynamic: Vec<(&'static str, String)>,
    /// The kinds of feature and edge of the base game and every expansion
    /// here, in the order of the expansions (by id).
    landscape: Arc<Landscape>,
}

impl Default for Catalog {
    fn default() -> Catalog {
        Catalog {
            expansions: Vec::new(),
            dynamic: Vec::new(),
            landscape: Landscape::base(),
        }
    }
}

/// An expansion could not be added to the catalog.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CatalogError {
    /// Two expansions claim one id.
    #[error("expansion id `{id}` is registered twice: {first} and {second}")]
    Duplicate {
        /// The id.
        id: String,
        /// Where the expansion already in the catalog came from.
        first: String,
        /// Where the second one came from.
        second: String,
    },
    /// The id is not kebab-case.
    #[error("expansion id `{0}` is not kebab-case (lower-case letters, digits and `-`)")]
    BadId(String),
    /// The id is the base game's (`base`), under which the core's own
    /// variants are set.
    #[error("expansion id `base` is the base game's (`[variants.base]`); give the expansion another id")]
    ReservedId,
    /// A variant's declared default (now or in an earlier version) is not a
    /// value of its own kind: a mistake in the declaration, caught when the
    /// expansion is registered rather than when a game uses the default.
    #[error("expansion `{id}` declares variant `{name}` with default `{default}`, which {problem}")]
    BadVariantDefault {
        /// The expansion.
        id: String,
        /// The variant.
        name: String,
        /// The default as declared.
        default: String,
        /// What is wrong with it.
        problem: String,
    },
    /// `score_source_names` is neither empty nor one name per score source.
    #[error(
        "expansion `{id}` names {names} score sources in `score_source_names` but declares {sources} in \
         `score_sources`; give one name per source, in the same order, or none"
    )]
    BadSourceNames {
        /// The expansion.
        id: String,
        /// Names given.
        names: usize,
        /// Sources declared.
        sources: usize,
    },
    /// A declared part is malformed: an id that is not kebab-case or is
    /// declared twice, a figure the expansion does not declare, or a figure
    /// claimed by two parts.
    #[error("expansion `{id}` declares part `{part}`, which {problem}")]
    BadPart {
        /// The expansion.
        id: String,
        /// The part.
        part: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A declared counter is malformed: an id or value name that is not
    /// kebab-case or is given twice, or a scale of 0.
    #[error("expansion `{id}` declares counter `{counter}`, which {problem}")]
    BadCounter {
        /// The expansion.
        id: String,
        /// The counter.
        counter: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A companion (`companions`) that is not a kebab-case id, is the
    /// expansion itself, is named twice or is among its `conflicts`.
    #[error("expansion `{id}` names companion `{companion}`, which {problem}")]
    BadCompanion {
        /// The expansion.
        id: String,
        /// The companion as named.
        companion: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A year of publication that is not 0 (unknown) or a year from 1990
    /// to 2100.
    #[error("expansion `{id}` declares year {year}; write 0 when it is not known, else a year from 1990 to 2100")]
    BadYear {
        /// The expansion.
        id: String,
        /// The year as declared.
        year: u16,
    },
    /// A refinement of another expansion's feature kind (`refines`) that
    /// names a kind of an expansion not among its `requires` or
    /// `companions`, or does not suit the kind.
    #[error("expansion `{id}` refines feature kind `{kind}`, which {problem}")]
    BadRefinement {
        /// The refining expansion.
        id: String,
        /// The kind's name.
        kind: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A part of another expansion it needs off (`parts_off`) whose
    /// expansion is not among its `requires` or `companions`, or which
    /// that expansion does not declare.
    #[error("expansion `{id}` needs part `{expansion}.{part}` off, which {problem}")]
    BadPartOff {
        /// The expansion that needs it off.
        id: String,
        /// The expansion declaring the part.
        expansion: String,
        /// The part.
        part: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A declared kind of feature or edge is malformed or clashes with one
    /// already in the catalog.
    #[error("expansion {0}")]
    BadKind(#[from] KindError),
}

impl Catalog {
    /// The expansions linked into this binary.
    pub fn linked() -> Result<Catalog, CatalogError> {
        let mut c = Catalog::default();
        for r in inventory::iter::<Registration> {
            c.add(r.0)?;
        }
        Ok(c)
    }

    /// Adds an expansion (linked, or from a test).
    pub fn add(&mut self, info: &'static ExpansionInfo) -> Result<(), CatalogError> {
        self.add_from(info, "linked into this host")
    }

    /// Where expansion `id` in the catalog came from, in words.
    fn origin_of(&self, id: &str) -> String {
        match self.library_of(id) {
            Some(library) => format!("loaded from {library}"),
            None => "linked into this host".to_string(),
        }
    }

    fn add_from(&mut self, info: &'static ExpansionInfo, origin: &str) -> Result<(), CatalogError> {
        let id = info.id;
        if !is_kebab(id) {
            return Err(CatalogError::BadId(id.to_string()));
        }
        if id == crate::base_game::BASE_ID {
            return Err(CatalogError::ReservedId);
        }
        for decl in info.variants {
            let defaults = std::iter::once(decl.default).chain(decl.earlier_defaults.iter().map(|d| d.value));
            for default in defaults {
                if let Err(problem) = decl.kind.parse_default(default) {
                    return Err(CatalogError::BadVariantDefault {
                        id: id.to_string(),
                        name: decl.name.to_string(),
                        default: default.to_string(),
                        problem,
                    });
                }
            }
        }
        check_parts(info)?;
        check_companions(info)?;
        if info.year != 0 && !(1990..=2100).contains(&info.year) {
            return Err(CatalogError::BadYear {
                id: id.to_string(),
                year: info.year,
            });
        }
        if let Err((counter, problem)) = crate::expansion::check_decls(info.counters) {
            return Err(CatalogError::BadCounter {
                id: id.to_string(),
                counter,
                problem,
            });
        }
        if !info.score_source_names.is_empty() && info.score_source_names.len() != info.score_sources.len() {
            return Err(CatalogError::BadSourceNames {
                id: id.to_string(),
                names: info.score_source_names.len(),
                sources: info.score_sources.len(),
            });
        }
        if self.get(id).is_some() {
            return Err(CatalogError::Duplicate {
                id: id.to_string(),
                first: self.origin_of(id),
                second: origin.to_string(),
            });
        }
        let at = self.expansions.partition_point(|e| e.id < id);
        let mut expansions = self.expansions.clone();
        expansions.insert(at, info);
        // Kinds are indexed in the order of the expansions' ids, whatever
        // order they were added in, so one set of expansions always gives
        // the same indices.
        let landscape = Catalog::landscape_of(&expansions)?;
        // Checked for every expansion, not only the new one: an expansion
        // building on another may come into the catalog before it.
        for e in &expansions {
            check_building_on(e, &expansions, &landscape)?;
        }
        self.expansions = expansions;
        self.landscape = Arc::new(landscape);
        Ok(())
    }

    fn landscape_of(expansions: &[&'static ExpansionInfo]) -> Result<Landscape, KindError> {
        let mut landscape = Landscape::clone(&Landscape::base());
        for e in expansions {
            landscape.declare(e.id, e.feature_kinds, e.edge_kinds)?;
        }
        Ok(landscape)
    }

    /// Every kind of feature and edge: the base game's and the expansions'.
    pub fn landscape(&self) -> &Arc<Landscape> {
        &self.landscape
    }

    /// Adds an expansion that a dynamic library at `library` registered.
    pub fn add_dynamic(&mut self, info: &'static ExpansionInfo, library: &str) -> Result<(), CatalogError> {
        self.add_from(info, &format!("loaded from {library}"))?;
        self.dynamic.push((info.id, library.to_string()));
        Ok(())
    }

    /// Whether expansion `id` came from a dynamic library.
    pub fn is_dynamic(&self, id: &str) -> bool {
        self.dynamic.iter().any(|(d, _)| *d == id)
    }

    /// The library expansion `id` was loaded from, if dynamic.
    pub fn library_of(&self, id: &str) -> Option<&str> {
        self.dynamic.iter().find(|(d, _)| *d == id).map(|(_, p)| p.as_str())
    }

    /// The expansion with `id`.
    pub fn get(&self, id: &str) -> Option<&'static ExpansionInfo> {
        self.expansions.iter().copied().find(|e| e.id == id)
    }

    /// All expansions, sorted by id.
    pub fn all(&self) -> &[&'static ExpansionInfo] {
        &self.expansions
    }

    /// The ids, sorted.
    pub fn ids(&self) -> Vec<&'static str> {
        self.expansions.iter().map(|e| e.id).collect()
    }
}

/// Checks what `info` changes of the expansions it builds on (`refines`,
/// `parts_off`) against those in the catalog: each belongs to an expansion
/// it names in `requires` or `companions`, a refined kind keeps its shape,
/// a part switched off is declared. What is not in the catalog yet is
/// checked when it comes (a game refuses a refinement of a kind that is
/// in no catalog).
fn check_building_on(
    info: &ExpansionInfo,
    expansions: &[&'static ExpansionInfo],
    landscape: &Landscape,
) -> Result<(), CatalogError> {
    let named = |id: &str| info.requires.contains(&id) || info.companions.contains(&id);
    for d in info.refines {
        let bad = |problem: String| CatalogError::BadRefinement {
            id: info.id.to_string(),
            kind: d.name.to_string(),
            problem,
        };
        if info.feature_kinds.iter().any(|k| k.name == d.name) {
            return Err(bad("it declares itself; declare it as it is meant".into()));
        }
        if info.refines.iter().filter(|r| r.name == d.name).count() > 1 {
            return Err(bad("it refines twice".into()));
        }
        let Some(kind) = landscape.feature_kind(d.name) else {
            continue;
        };
        let owner = landscape.feature_owner(kind);
        if !named(owner) {
            return Err(bad(format!(
                "belongs to `{owner}`; name `{owner}` in its `requires` or `companions`"
            )));
        }
        landscape.clone().refine(d).map_err(bad)?;
    }
    for p in info.parts_off {
        let bad = |problem: String| CatalogError::BadPartOff {
            id: info.id.to_string(),
            expansion: p.expansion.to_string(),
            part: p.part.to_string(),
            problem,
        };
        if !named(p.expansion) {
            return Err(bad(format!(
                "belongs to an expansion it does not name; name `{}` in its `requires` or `companions`",
                p.expansion
            )));
        }
        if let Some(other) = expansions.iter().find(|e| e.id == p.expansion)
            && !other.parts.iter().any(|q| q.id == p.part)
        {
            return Err(bad(format!("`{}` does not declare", p.expansion)));
        }
    }
    Ok(())
}

/// Checks an expansion's part declarations, so that a mistake in them is
/// caught when the expansion is registered, not in some later game.
fn check_companions(info: &ExpansionInfo) -> Result<(), CatalogError> {
    for (i, &companion) in info.companions.iter().enumerate() {
        let problem = if !is_kebab(companion) {
            "is not a kebab-case expansion id"
        } else if companion == info.id {
            "is the expansion itself"
        } else if info.companions[..i].contains(&companion) {
            "is named twice"
        } else if info.conflicts.contains(&companion) {
            "is also among its `conflicts`, so it is never on with it"
        } else {
            continue;
        };
        return Err(CatalogError::BadCompanion {
            id: info.id.to_string(),
            companion: companion.to_string(),
            problem: problem.to_string(),
        });
    }
    Ok(())
}

fn check_parts(info: &ExpansionInfo) -> Result<(), CatalogError> {
    let bad = |part: &str, problem: String| CatalogError::BadPart {
        id: info.id.to_string(),
        part: part.to_string(),
        problem,
    };
    for (i, part) in info.parts.iter().enumerate() {
        if !is_kebab(part.id) {
            return Err(bad(part.id, "is not kebab-case".into()));
        }
        if info.parts[..i].iter().any(|p| p.id == part.id) {
            return Err(bad(part.id, "is declared twice".into()));
        }
        for figure in part.figures {
            if !info.figures.iter().any(|f| f.id == *figure) {
                return Err(bad(
                    part.id,
                    format!("names figure `{figure}`, which the expansion does not declare"),
                ));
            }
            if let Some(other) = info.parts[..i].iter().find(|p| p.figures.contains(figure)) {
                return Err(bad(
                    part.id,
                    format!("names figure `{figure}`, which part `{}` names already", other.id),
                ));
            }
        }
    }
    Ok(())
}

impl AttributeCheck for Catalog {
    fn check(
        &self,
        expansion: &str,
        feature: Option<FeatureKind>,
        table: &toml::Value,
    ) -> Option<Vec<AttributeProblem>> {
        self.get(expansion).map(|e| {
            let problems = crate::tiles::check_by_schema(e.id, e.attributes, feature, table);
            if problems.is_empty() {
                (e.check_attributes)(feature, table)
            } else {
                problems
            }
        })
    }

    fn known(&self) -> Vec<String> {
        self.ids().into_iter().map(String::from).collect()
    }

    fn landscape(&self) -> Arc<Landscape> {
        Arc::clone(&self.landscape)
    }
}
