//! `carcassonne new-expansion`: a new expansion crate that builds, loads and
//! plays as it is (a tile file with one tile carrying an attribute the
//! expansion checks, one hook, a variant, a test replaying a hand-written
//! record, a README), either out of tree (its own workspace, a plugin) or
//! linked into this checkout's host.

use anyhow::{Context, Result, bail};
use std::path::{Component, Path, PathBuf};

const LIB: &str = include_str!("scaffold/lib.rs.tmpl");
const TILES: &str = include_str!("scaffold/tiles.toml.tmpl");
const RECORD_TEST: &str = include_str!("scaffold/record.rs.tmpl");
const RANDOM_TEST: &str = include_str!("scaffold/random_games.rs.tmpl");
const README: &str = include_str!("scaffold/README.md.tmpl");
/// The first tile's own picture (see `art` in the tile file): a straight
/// road with a star for the bonus, to be redrawn by the author.
const ART: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">
  <!-- {NAME}'s bonus tile, drawn by hand: draw your own (100 x 100, north up).
       The game outlines the tile's features over it on hover. -->
  <rect width=\"100\" height=\"100\" fill=\"#8fbf5a\"/>
  <path d=\"M0 50 H100\" stroke=\"#6b5a3a\" stroke-width=\"12\"/>
  <path d=\"M0 50 H100\" stroke=\"#f3ead2\" stroke-width=\"8\"/>
  <polygon points=\"50,10 54,20 65,20 56,27 59,38 50,31 41,38 44,27 35,20 46,20\" fill=\"#f2c200\" stroke=\"#7a5c00\" stroke-width=\"1.5\"/>
</svg>
";

/// What to write.
#[derive(Debug, Clone)]
pub struct NewExpansion {
    /// The expansion's id, kebab-case (`moonlit-meadows`).
    pub id: String,
    /// The directory the crate's directory is made in (default: the current
    /// directory, or the checkout's `expansions/` when linked).
    pub dir: Option<PathBuf>,
    /// Link it into the checkout's host instead of making a plugin.
    pub linked: bool,
    /// Where a plugin's crate gets the engine's crates from (ignored when
    /// linked).
    pub engine: EngineSource,
}

/// Where a new plugin crate gets `carcassonne-core` and the test kit: it
/// always depends on them by version (the release of the host that will
/// load it), and may patch them to a local checkout of the engine in its
/// `.cargo/config.toml` ([`crate::use_engine`]), where `cargo package` sees
/// the patch too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum EngineSource {
    /// The checkout this binary was built from, when it still exists; else
    /// the release on crates.io.
    #[default]
    ThisCheckout,
    /// A checkout of the engine at this path (`--engine DIR`).
    Checkout(PathBuf),
    /// The release on crates.io only, no `.cargo/config.toml` (`--crates-io`).
    CratesIo,
}

/// The engine checkout this binary was built from, when it still exists.
pub fn this_checkout() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent()?.parent()?;
    root.join("host/setup/src/linked.rs")
        .is_file()
        .then(|| root.to_path_buf())
}

/// The checkout that holds `dir`: the nearest ancestor with the setup library.
fn checkout_of(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join("host/setup/src/linked.rs").is_file())
        .map(Path::to_path_buf)
}

/// Writes the crate; returns the files written or changed, for the front end to list.
///
/// # Errors
/// An id that is not kebab-case, a crate directory that exists already, no
/// checkout to link into, or a file that cannot be written.
pub fn new_expansion(request: &NewExpansion) -> Result<Vec<PathBuf>> {
    let id = request.id.as_str();
    let kebab = !id.is_empty()
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !kebab {
        bail!(
            "`{id}` is not an expansion id: write it in kebab-case, lower-case letters, digits and `-` (e.g. moonlit-meadows)"
        );
    }
    let cwd = std::env::current_dir().context("cannot read the current directory")?;
    let words: Vec<&str> = id.split('-').collect();
    let name = words
        .iter()
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>();
    let type_name = name.concat();
    let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
    let crate_name = format!("carcassonne-{id}");
    let fill = |template: &str, tiles_path: &str, tiles_file: &str, build: &str| {
        template
            .replace("{ID}", id)
            .replace("{NAME}", &name.join(" "))
            .replace("{TYPE}", &type_name)
            .replace("{CONST}", &id.replace('-', "_").to_ascii_uppercase())
            .replace("{LIB}", &crate_name.replace('-', "_"))
            .replace("{TILE}", &format!("{}1", initials.to_ascii_uppercase()))
            .replace("{TILES_PATH}", tiles_path)
            // The picture beside the tile file, relative to the crate's root.
            .replace(
                "{ART_PATH}",
                &match tiles_path.rsplit_once('/') {
                    Some((dir, _)) => format!("{dir}/art/{}1.svg", initials.to_ascii_uppercase()),
                    None => format!("art/{}1.svg", initials.to_ascii_uppercase()),
                },
            )
            .replace("{TILES_FILE}", tiles_file)
            .replace("{BUILD}", build)
    };

    let mut written = Vec::new();
    if request.linked {
        let base = match &request.dir {
            Some(d) => cwd.join(d),
            None => checkout_of(&cwd)
                .or_else(this_checkout)
                .context("no carcassonne-rs checkout here to link into: run it inside one, or give --dir CHECKOUT/expansions")?
                .join("expansions"),
        };
        let root = checkout_of(&base).with_context(|| {
            format!(
                "{} is not inside a carcassonne-rs checkout to link into",
                base.display()
            )
        })?;
        let crate_dir = base.join(id);
        let tiles = root.join("tiles").join(format!("{id}.toml"));
        refuse_existing(&crate_dir)?;
        refuse_existing(&tiles)?;
        let member = relative(&crate_dir, &root)?;
        let up = "../".repeat(member.components().count());
        // Relative to the crate's root (`tile_file!`).
        let tiles_path = format!("{up}tiles/{id}.toml");
        let build = format!(
            "It is linked into the host: `cargo test -p {crate_name}`, and\n`carcassonne play --expansions {id}`."
        );
        let manifest = format!(
            "[package]\nname = \"{crate_name}\"\ndescription = \"{} (fan expansion)\"\nversion = \"0.1.0\"\nedition.workspace = true\nlicense.workspace = true\nrust-version.workspace = true\npublish = false\n\n[dependencies]\ncarcassonne-core.workspace = true\n\n[dev-dependencies]\ncarcassonne-testkit.workspace = true\n\n[lints]\nworkspace = true\n",
            name.join(" ")
        );
        write_new(&crate_dir.join("Cargo.toml"), &manifest, &mut written)?;
        let art = root
            .join("tiles/art")
            .join(format!("{}1.svg", initials.to_ascii_uppercase()));
        refuse_existing(&art)?;
        write_new(&tiles, &fill(TILES, "", "", ""), &mut written)?;
        write_new(&art, &fill(ART, "", "", ""), &mut written)?;
        write_crate(
            &crate_dir,
            &fill,
            &tiles_path,
            &format!("tiles/{id}.toml (in the checkout)"),
            &build,
            &mut written,
        )?;
        link(&root, &member, &crate_name, &mut written)?;
    } else {
        let crate_dir = request
            .dir
            .as_deref()
            .map_or_else(|| cwd.clone(), |d| cwd.join(d))
            .join(id);
        refuse_existing(&crate_dir)?;
        let engine = match &request.engine {
            EngineSource::ThisCheckout => this_checkout(),
            EngineSource::Checkout(dir) => {
                let dir = cwd.join(dir);
                if !dir.join("core/Cargo.toml").is_file() || !dir.join("host/testkit/Cargo.toml").is_file() {
                    bail!(
                        "{} is not a checkout of the engine (no core/Cargo.toml and host/testkit/Cargo.toml in it); nothing was written",
                        dir.display()
                    );
                }
                Some(dir)
            }
            EngineSource::CratesIo => None,
        };
        let version = env!("CARGO_PKG_VERSION");
        let patched = match &engine {
            Some(root) => format!(
                ", and `.cargo/config.toml`\npoints it at the engine's checkout at `{}` until the engine is on\ncrates.io. Cargo reads that file from the current directory only: run\ncargo here (not with `--manifest-path` from elsewhere). After adding a\ndependency on another of the engine's crates (an expansion your tests\nplay with), run `carcassonne use-engine` here to patch it too",
                root.display()
            ),
            None => String::new(),
        };
        let lib_file = format!(
            "{}{}{}",
            std::env::consts::DLL_PREFIX,
            crate_name.replace('-', "_"),
            std::env::consts::DLL_SUFFIX
        );
        let build = format!(
            "Test it, build the plugin and play a game with it, in this directory:\n\n```console\n$ cargo test\n$ cargo build\n$ carcassonne play --expansions {id} --plugin target/debug/{lib_file}\n```\n\n`carcassonne` is the engine's command line, installed once from the\nengine's checkout with `cargo install --path host --locked` (4½ minutes\non 2 cores, once). The plugin's debug build is quick (22 s the first\ntime, with the engine's core; a second or two after a change) and loads\ninto that release host with a note that it is slower: build it with\n`--release` (and load `target/release/{lib_file}`) for long games and\nsimulations.\n\nThe plugin must be built with the same Rust toolchain and `carcassonne-core`\nas the host that loads it (the host checks a fingerprint of both).\n`Cargo.toml` depends on the engine's release `={version}`{patched}.\nTo check its package (`carcassonne use-engine --packaged`, then\n`cargo package`) and publish it, see \"Sharing your expansion\" in the\nengine's `docs/authoring-expansions.md`."
        );
        let manifest = format!(
            "[package]\nname = \"{crate_name}\"\ndescription = \"{} (fan expansion)\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n[lib]\n# cdylib: loaded at run time with `--plugin`; rlib: linkable into a host and its tests.\ncrate-type = [\"cdylib\", \"rlib\"]\n\n[dependencies]\n# The release of the engine whose host loads the plugin: exactly that\n# version, since the host checks the core it was built with. (Until the\n# engine is on crates.io, `.cargo/config.toml` says where it comes from.)\ncarcassonne-core = \"={version}\"\n\n[dev-dependencies]\n# The test kit of the same release: records by name, the random-game harness.\ncarcassonne-testkit = \"={version}\"\n\n[lints.rust]\nmissing_docs = \"warn\"\n\n# A workspace of its own: it is not a member of the engine's.\n[workspace]\n",
            name.join(" ")
        );
        write_new(&crate_dir.join("Cargo.toml"), &manifest, &mut written)?;
        write_new(
            &crate_dir.join(format!("{id}.toml")),
            &fill(TILES, "", "", ""),
            &mut written,
        )?;
        write_new(
            &crate_dir
                .join("art")
                .join(format!("{}1.svg", initials.to_ascii_uppercase())),
            &fill(ART, "", "", ""),
            &mut written,
        )?;
        write_crate(
            &crate_dir,
            &fill,
            &format!("{id}.toml"),
            &format!("{id}.toml"),
            &build,
            &mut written,
        )?;
        if let Some(root) = &engine {
            let patched =
                crate::use_engine::use_engine(&crate_dir, root, crate::use_engine::EngineForm::Checkout, "cargo")?;
            written.push(patched.config);
        }
    }
    Ok(written)
}

/// The crate's sources, test and README.
fn write_crate(
    crate_dir: &Path,
    fill: &dyn Fn(&str, &str, &str, &str) -> String,
    tiles_path: &str,
    tiles_file: &str,
    build: &str,
    written: &mut Vec<PathBuf>,
) -> Result<()> {
    write_new(
        &crate_dir.join("src/lib.rs"),
        &fill(LIB, tiles_path, tiles_file, build),
        written,
    )?;
    write_new(
        &crate_dir.join("tests/record.rs"),
        &fill(RECORD_TEST, tiles_path, tiles_file, build),
        written,
    )?;
    write_new(
        &crate_dir.join("tests/random_games.rs"),
        &fill(RANDOM_TEST, tiles_path, tiles_file, build),
        written,
    )?;
    write_new(
        &crate_dir.join("README.md"),
        &fill(README, tiles_path, tiles_file, build),
        written,
    )
}

/// Makes the workspace build the crate and the host link it: a member of
/// the workspace, a dependency of the setup library, and named in its
/// `linked.rs` (a crate that is only a dependency is not linked).
fn link(root: &Path, member: &Path, crate_name: &str, written: &mut Vec<PathBuf>) -> Result<()> {
    let member = member.to_string_lossy().replace('\\', "/");
    let workspace = root.join("Cargo.toml");
    let mut doc = read_toml(&workspace)?;
    let members = doc["workspace"]["members"]
        .as_array_mut()
        .context("the workspace's Cargo.toml has no `members` list")?;
    // One member a line, as the list is written: the new one takes the
    // layout (the line break and indent) of the last.
    let decor = members.iter().last().map(|v| v.decor().clone());
    members.push(member.as_str());
    if let (Some(decor), Some(new)) = (decor, members.iter_mut().last()) {
        *new.decor_mut() = decor;
    }
    crate::write_atomically(&workspace, &doc.to_string())?;
    written.push(workspace);

    let setup = root.join("host/setup/Cargo.toml");
    let mut doc = read_toml(&setup)?;
    let mut dep = toml_edit::InlineTable::new();
    dep.insert("path", format!("../../{member}").into());
    doc["dependencies"][crate_name] = toml_edit::value(dep);
    crate::write_atomically(&setup, &doc.to_string())?;
    written.push(setup);

    let linked = root.join("host/setup/src/linked.rs");
    let mut text = std::fs::read_to_string(&linked).with_context(|| format!("cannot read {}", linked.display()))?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("use {} as _;\n", crate_name.replace('-', "_")));
    crate::write_atomically(&linked, &text)?;
    written.push(linked);
    Ok(())
}

fn read_toml(path: &Path) -> Result<toml_edit::DocumentMut> {
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .parse()
        .with_context(|| format!("{}", path.display()))
}

/// `path` relative to `root`, which holds it.
fn relative(path: &Path, root: &Path) -> Result<PathBuf> {
    let clean = |p: &Path| -> PathBuf {
        let mut out = PathBuf::new();
        for c in p.components() {
            match c {
                Component::ParentDir => {
                    out.pop();
                }
                Component::CurDir => {}
                c => out.push(c),
            }
        }
        out
    };
    clean(path)
        .strip_prefix(clean(root))
        .map(Path::to_path_buf)
        .with_context(|| format!("{} is not inside the checkout {}", path.display(), root.display()))
}

fn refuse_existing(path: &Path) -> Result<()> {
    if path.exists() {
        bail!("{} exists already; nothing was written", path.display());
    }
    Ok(())
}

fn write_new(path: &Path, text: &str, written: &mut Vec<PathBuf>) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    written.push(path.to_path_buf());
    Ok(())
}
