//! `carcassonne use-engine`: where a crate outside the engine (a plugin
//! made by `carcassonne new-expansion`) gets the engine's crates until they
//! are on crates.io.
//!
//! Its `Cargo.toml` depends on them by version (`carcassonne-core =
//! "=0.2.0"`), as a published crate does. Its `.cargo/config.toml` patches
//! them (`[patch.crates-io]`, one path a crate) either to a checkout of the
//! engine, or to the crates `cargo package` makes of that checkout, unpacked:
//! exactly what crates.io will serve. Cargo reads that file for every command
//! run in the crate's directory, including the build `cargo package` makes of
//! the packed crate, and never packs it; a `[patch]` in `Cargo.toml` would be
//! left out of that build (`no matching package named carcassonne-core`).
//!
//! Only the engine's crates the crate names (as a dependency of any kind) and
//! the engine's crates those depend on are patched: a patch cargo does not
//! use is a warning on every build.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What went wrong; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum UseEngineError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A manifest or configuration file is not TOML.
    #[error("{path}: {message}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
    /// The directory holds no engine workspace.
    #[error(
        "{0} is not a checkout of the engine (its Cargo.toml names no carcassonne-core in [workspace.dependencies])"
    )]
    NotACheckout(PathBuf),
    /// The crate depends on none of the engine's crates.
    #[error("{0} depends on none of the engine's crates (carcassonne-core, carcassonne-testkit, …): nothing to patch")]
    NoEngineDependency(PathBuf),
    /// The crate depends on an engine crate that is never published.
    #[error("`{0}` is not published (`publish = false`): a published crate cannot depend on it")]
    NotPublished(String),
    /// A program could not be started.
    #[error("cannot run {program}: {source}")]
    Run {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// `cargo package` or `tar` failed.
    #[error("{what} failed:\n{output}")]
    Failed {
        /// The command.
        what: String,
        /// What it printed on standard error.
        output: String,
    },
}

/// One of the engine's crates, as the checkout's manifests declare it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCrate {
    /// Its package name (`carcassonne-core`).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its directory, relative to the checkout (`core`, `host/testkit`).
    pub dir: PathBuf,
    /// Whether it is published (no `publish = false`).
    pub published: bool,
    /// The engine's crates it depends on (normal dependencies).
    pub depends_on: Vec<String>,
}

/// Where the patch points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineForm {
    /// The checkout's sources: edits to the engine apply at the next build.
    #[default]
    Checkout,
    /// The crates `cargo package` makes of the checkout, unpacked under its
    /// `target/engine-packages/`: what crates.io will serve.
    Packaged,
}

/// What [`use_engine`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patched {
    /// The configuration file written.
    pub config: PathBuf,
    /// Each patched crate and the directory it now comes from.
    pub crates: Vec<(String, PathBuf)>,
}

fn read(path: &Path) -> Result<String, UseEngineError> {
    std::fs::read_to_string(path).map_err(|source| UseEngineError::Read {
        path: path.to_path_buf(),
        source,
    })
}

fn parse(path: &Path) -> Result<toml::Table, UseEngineError> {
    read(path)?.parse::<toml::Table>().map_err(|e| UseEngineError::Toml {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// The engine's crates in the checkout at `checkout`, read from its
/// manifests: those `[workspace.dependencies]` names by path.
///
/// # Errors
/// No engine workspace there, or a manifest that cannot be read.
pub fn engine_crates(checkout: &Path) -> Result<Vec<EngineCrate>, UseEngineError> {
    let manifest = checkout.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(UseEngineError::NotACheckout(checkout.to_path_buf()));
    }
    let workspace = parse(&manifest)?;
    let ws = workspace.get("workspace").and_then(toml::Value::as_table);
    let deps = ws
        .and_then(|w| w.get("dependencies"))
        .and_then(toml::Value::as_table)
        .filter(|d| d.contains_key("carcassonne-core"))
        .ok_or_else(|| UseEngineError::NotACheckout(checkout.to_path_buf()))?;
    let ws_version = ws
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(toml::Value::as_str);
    let local: Vec<(String, PathBuf)> = deps
        .iter()
        .filter_map(|(name, spec)| Some((name.clone(), PathBuf::from(spec.get("path")?.as_str()?))))
        .collect();
    let names: BTreeSet<&str> = local.iter().map(|(n, _)| n.as_str()).collect();
    let mut out = Vec::new();
    for (name, dir) in &local {
        let path = checkout.join(dir).join("Cargo.toml");
        let crate_manifest = parse(&path)?;
        let package = crate_manifest.get("package").and_then(toml::Value::as_table);
        let version = match package.and_then(|p| p.get("version")) {
            Some(toml::Value::String(v)) => Some(v.as_str()),
            _ => ws_version,
        }
        .ok_or_else(|| UseEngineError::Toml {
            path: path.clone(),
            message: "no version".into(),
        })?
        .to_string();
        let published = !matches!(
            package.and_then(|p| p.get("publish")),
            Some(toml::Value::Boolean(false))
        );
        let depends_on = crate_manifest
            .get("dependencies")
            .and_then(toml::Value::as_table)
            .map(|d| d.keys().filter(|k| names.contains(k.as_str())).cloned().collect())
            .unwrap_or_default();
        out.push(EngineCrate {
            name: name.clone(),
            version,
            dir: dir.clone(),
            published,
            depends_on,
        });
    }
    Ok(out)
}

/// The engine's crates a manifest names as dependencies of any kind
/// (target-specific ones too), by package name.
fn named_in(manifest: &toml::Table, engine: &[EngineCrate]) -> BTreeSet<String> {
    fn collect(table: &toml::Table, into: &mut Vec<String>) {
        for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if let Some(deps) = table.get(kind).and_then(toml::Value::as_table) {
                for (key, spec) in deps {
                    // `name = { package = "carcassonne-core", … }` renames.
                    let package = spec.get("package").and_then(toml::Value::as_str).unwrap_or(key);
                    into.push(package.to_string());
                }
            }
        }
    }
    let mut names = Vec::new();
    collect(manifest, &mut names);
    if let Some(targets) = manifest.get("target").and_then(toml::Value::as_table) {
        for target in targets.values().filter_map(toml::Value::as_table) {
            collect(target, &mut names);
        }
    }
    names
        .into_iter()
        .filter(|n| engine.iter().any(|c| &c.name == n))
        .collect()
}

/// `named` and every engine crate they depend on, transitively.
fn closure(named: BTreeSet<String>, engine: &[EngineCrate]) -> BTreeSet<String> {
    let mut all = named;
    loop {
        let more: Vec<String> = engine
            .iter()
            .filter(|c| all.contains(&c.name))
            .flat_map(|c| c.depends_on.iter().cloned())
            .filter(|d| !all.contains(d))
            .collect();
        if more.is_empty() {
            return all;
        }
        all.extend(more);
    }
}

/// Where [`package_engine`] unpacks the engine's packages.
pub fn packages_dir(checkout: &Path) -> PathBuf {
    checkout.join("target").join("engine-packages")
}

/// Packs every published crate of the checkout with `cargo package
/// --no-verify` (the engine's CI builds each from its package) and unpacks
/// them under [`packages_dir`], one directory `NAME-VERSION` each (an
/// earlier copy is replaced). Returns the directory of each crate.
///
/// # Errors
/// Cargo or `tar` cannot run or fail.
pub fn package_engine(checkout: &Path, cargo: &str) -> Result<Vec<(String, PathBuf)>, UseEngineError> {
    let engine = engine_crates(checkout)?;
    let published: Vec<&EngineCrate> = engine.iter().filter(|c| c.published).collect();
    let out = packages_dir(checkout);
    let target = out.join("cargo");
    let mut command = Command::new(cargo);
    command
        .args(["package", "--no-verify", "--allow-dirty", "--quiet", "--target-dir"])
        .arg(&target)
        .current_dir(checkout);
    for c in &published {
        command.args(["-p", &c.name]);
    }
    run(&mut command, "cargo package of the engine's crates", cargo)?;
    let mut dirs = Vec::new();
    for c in published {
        let name = format!("{}-{}", c.name, c.version);
        let unpacked = out.join(&name);
        if unpacked.exists() {
            std::fs::remove_dir_all(&unpacked).map_err(|source| UseEngineError::Write {
                path: unpacked.clone(),
                source,
            })?;
        }
        let file = target.join("package").join(format!("{name}.crate"));
        run(
            Command::new("tar").arg("xzf").arg(&file).arg("-C").arg(&out),
            &format!("unpacking {}", file.display()),
            "tar",
        )?;
        dirs.push((c.name.clone(), unpacked));
    }
    Ok(dirs)
}

fn run(command: &mut Command, what: &str, program: &str) -> Result<(), UseEngineError> {
    let output = command.output().map_err(|source| UseEngineError::Run {
        program: program.to_string(),
        source,
    })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(UseEngineError::Failed {
            what: what.to_string(),
            output: String::from_utf8_lossy(&output.stderr).into_owned(),
        })
    }
}

/// What `.cargo/config.toml` says above the patch when it is made.
const HEADER: &str = "\
# Where this crate gets the engine's crates until they are on crates.io
# (written by `carcassonne use-engine`; see \"Sharing your expansion\" in the
# engine's docs/authoring-expansions.md). Cargo.toml depends on them by
# version, as a published crate does; this patch points them at a local
# copy. Cargo reads it for every command run in this directory (`cargo
# package` too) and never packs it. Delete this file once the engine's
# release is on crates.io.
";

/// Writes `crate_dir/.cargo/config.toml` so that the engine's crates the
/// crate's `Cargo.toml` names (and those they depend on) come from the
/// checkout at `checkout`, as sources or as packages (`form`). Other
/// settings in the file are kept; an engine crate the crate no longer names
/// loses its patch. `cargo` runs `cargo package` for [`EngineForm::Packaged`].
///
/// # Errors
/// No engine there, a crate that names none of its crates or one that is
/// never published (as packages), a file that cannot be read or written,
/// or packing that fails.
pub fn use_engine(crate_dir: &Path, checkout: &Path, form: EngineForm, cargo: &str) -> Result<Patched, UseEngineError> {
    let engine = engine_crates(checkout)?;
    let manifest_path = crate_dir.join("Cargo.toml");
    let named = named_in(&parse(&manifest_path)?, &engine);
    if named.is_empty() {
        return Err(UseEngineError::NoEngineDependency(manifest_path));
    }
    let wanted = closure(named.clone(), &engine);
    if form == EngineForm::Packaged {
        let unpublished = |names: &BTreeSet<String>| {
            engine
                .iter()
                .find(|c| names.contains(&c.name) && !c.published)
                .map(|c| UseEngineError::NotPublished(c.name.clone()))
        };
        // A crate it names first, then one of theirs.
        if let Some(e) = unpublished(&named).or_else(|| unpublished(&wanted)) {
            return Err(e);
        }
    }
    let checkout = checkout.canonicalize().map_err(|source| UseEngineError::Read {
        path: checkout.to_path_buf(),
        source,
    })?;
    let crates: Vec<(String, PathBuf)> = match form {
        EngineForm::Checkout => engine
            .iter()
            .filter(|c| wanted.contains(&c.name))
            .map(|c| (c.name.clone(), checkout.join(&c.dir)))
            .collect(),
        EngineForm::Packaged => package_engine(&checkout, cargo)?
            .into_iter()
            .filter(|(name, _)| wanted.contains(name))
            .collect(),
    };

    let config = crate_dir.join(".cargo").join("config.toml");
    let mut doc: toml_edit::DocumentMut = if config.is_file() {
        read(&config)?
            .parse()
            .map_err(|e: toml_edit::TomlError| UseEngineError::Toml {
                path: config.clone(),
                message: e.to_string(),
            })?
    } else {
        format!("{HEADER}[patch.crates-io]\n").parse().unwrap_or_default()
    };
    let patch = doc
        .entry("patch")
        .or_insert_with(|| {
            let mut t = toml_edit::Table::new();
            t.set_implicit(true);
            toml_edit::Item::Table(t)
        })
        .as_table_mut()
        .ok_or_else(|| UseEngineError::Toml {
            path: config.clone(),
            message: "`patch` is not a table".into(),
        })?;
    let crates_io = patch
        .entry("crates-io")
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .ok_or_else(|| UseEngineError::Toml {
            path: config.clone(),
            message: "`patch.crates-io` is not a table".into(),
        })?;
    for c in &engine {
        crates_io.remove(&c.name);
    }
    for (name, dir) in &crates {
        let mut spec = toml_edit::InlineTable::new();
        spec.insert("path", dir.display().to_string().into());
        crates_io.insert(name, toml_edit::value(spec));
    }
    let parent = crate_dir.join(".cargo");
    std::fs::create_dir_all(&parent).map_err(|source| UseEngineError::Write { path: parent, source })?;
    std::fs::write(&config, doc.to_string()).map_err(|source| UseEngineError::Write {
        path: config.clone(),
        source,
    })?;
    Ok(Patched { config, crates })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn the_engine_crates_are_read_from_the_checkout_manifests() {
        let crates = engine_crates(&root()).unwrap();
        let core = crates.iter().find(|c| c.name == "carcassonne-core").unwrap();
        assert_eq!(core.dir, Path::new("core"));
        assert_eq!(core.version, env!("CARGO_PKG_VERSION"));
        assert!(core.published && core.depends_on.is_empty());
        let testkit = crates.iter().find(|c| c.name == "carcassonne-testkit").unwrap();
        assert_eq!(testkit.depends_on, ["carcassonne-core"]);
        assert!(crates.iter().any(|c| c.name == "carcassonne-serve" && !c.published));
        assert!(matches!(
            engine_crates(&root().join("core")),
            Err(UseEngineError::NotACheckout(_))
        ));
    }

    #[test]
    fn only_the_named_crates_and_their_engine_dependencies_are_patched() {
        let dir = std::env::temp_dir().join(format!("carcassonne-use-engine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".cargo")).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"x\"\n[dependencies]\nsetup = { package = \"carcassonne-setup\", version = \"0.2\" }\n[dev-dependencies]\ncarcassonne-testkit = \"0.2\"\nserde = \"1\"\n",
        )
        .unwrap();
        // Settings of the author's own stay; a stale engine patch goes.
        std::fs::write(
            dir.join(".cargo/config.toml"),
            "[build]\njobs = 1\n\n[patch.crates-io]\ncarcassonne-river = { path = \"/old\" }\nother = { path = \"/mine\" }\n",
        )
        .unwrap();
        let patched = use_engine(&dir, &root(), EngineForm::Checkout, "cargo").unwrap();
        let names: Vec<&str> = patched.crates.iter().map(|(n, _)| n.as_str()).collect();
        // The setup library's own engine dependencies (bots, the linked
        // expansions) come with it; the host and the server do not.
        for name in [
            "carcassonne-setup",
            "carcassonne-testkit",
            "carcassonne-core",
            "carcassonne-bots",
            "carcassonne-river",
        ] {
            assert!(names.contains(&name), "{name} in {names:?}");
        }
        assert!(!names.contains(&"carcassonne-serve"), "{names:?}");
        let text = std::fs::read_to_string(&patched.config).unwrap();
        assert!(text.contains("[build]\njobs = 1"), "{text}");
        assert!(text.contains("other = { path = \"/mine\" }"), "{text}");
        assert!(!text.contains("/old"), "{text}");
        let core = root().canonicalize().unwrap().join("core");
        assert!(
            text.contains(&format!(
                "carcassonne-core = {{ path = {:?} }}",
                core.display().to_string()
            )),
            "{text}"
        );

        // A crate of no engine dependency, or of an unpublished one as packages, is refused.
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"x\"\n[dependencies]\nserde = \"1\"\n",
        )
        .unwrap();
        assert!(matches!(
            use_engine(&dir, &root(), EngineForm::Checkout, "cargo"),
            Err(UseEngineError::NoEngineDependency(_))
        ));
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"x\"\n[dependencies]\ncarcassonne-serve = \"0.2\"\n",
        )
        .unwrap();
        assert!(matches!(
            use_engine(&dir, &root(), EngineForm::Packaged, "cargo"),
            Err(UseEngineError::NotPublished(n)) if n == "carcassonne-serve"
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
