//! Computes what the plugin fingerprint is made of. A dynamic expansion
//! shares Rust types (trait objects, the game state, `serde_json` values)
//! with the host, so both must be built from the same core, the same
//! versions of the crates whose types cross the boundary, and the same
//! compiler. The core's version alone does not say that: a core changed
//! without a version bump would load and silently miscompute. So the
//! fingerprint holds a hash of the core's sources and the files they embed
//! (`src/`, `tiles/`), the boundary crates' version requirements (pinned
//! exactly, so a requirement is a version) and the compiler's version,
//! commit and host triple.
//!
//! The manifest itself is not hashed: `cargo package` rewrites it, and a
//! core built from this checkout and the same release built from
//! crates.io must give the same fingerprint, so that a plugin built
//! against the published crate loads into a host built from the checkout's
//! tag. What of the manifest matters, the boundary crates' versions, is
//! read from it (or from the workspace's manifest it inherits them from).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Dependencies whose types cross the library boundary.
const BOUNDARY_CRATES: [&str; 6] = ["serde", "serde_json", "toml", "inventory", "rand_chacha", "rand_core"];

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let manifest = read_manifest(&dir.join("Cargo.toml"));
    let workspace = dir.parent().map(|up| up.join("Cargo.toml")).and_then(|path| {
        let text = read_manifest(&path)?;
        text.get("workspace").is_some().then_some(text)
    });
    let mut hash = Fnv64::default();
    let mut files = Vec::new();
    for part in ["src", "tiles"] {
        sources(&dir.join(part), &mut files);
    }
    files.sort();
    for file in &files {
        let relative = file.strip_prefix(&dir).unwrap_or(file);
        hash.write(relative.to_string_lossy().replace('\\', "/").as_bytes());
        hash.write(&[0]);
        hash.write(&std::fs::read(file).unwrap_or_default());
        hash.write(&[0]);
    }
    let crates: Vec<String> = BOUNDARY_CRATES
        .iter()
        .map(|name| format!("{name} {}", requirement(name, manifest.as_ref(), workspace.as_ref())))
        .collect();
    println!("cargo:rustc-env=CARCASSONNE_CORE_SOURCES={:016x}", hash.0);
    println!("cargo:rustc-env=CARCASSONNE_BOUNDARY_CRATES={}", crates.join(", "));
    println!("cargo:rustc-env=CARCASSONNE_RUSTC={}", rustc());
    // Debug assertions on or off in the core being built: what makes a
    // "debug build" differ in behaviour (hook declaration checks) and speed.
    let profile = if std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some() {
        "debug build"
    } else {
        "release build"
    };
    println!("cargo:rustc-env=CARCASSONNE_PROFILE={profile}");
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=tiles");
    // The embedded base tiles are a link into the checkout's `tiles/`:
    // watch the file itself, since a directory's time does not change when
    // the file a link in it points to does.
    for file in files.iter().filter(|f| f.starts_with(dir.join("tiles"))) {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    if workspace.is_some() {
        println!("cargo:rerun-if-changed=../Cargo.toml");
    }
}

/// A manifest, parsed; `None` when it is missing or unreadable.
fn read_manifest(path: &Path) -> Option<toml::Table> {
    std::fs::read_to_string(path).ok()?.parse().ok()
}

/// Every file under `dir`: the Rust sources and what they embed.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The version requirement of dependency `name`: from the core's manifest
/// (`name = "=1.0"`, `name = { version = "=1.0" }`, or the `[dependencies.name]`
/// table a packaged manifest writes), or from the workspace's
/// `[workspace.dependencies]` when the core inherits it.
fn requirement(name: &str, manifest: Option<&toml::Table>, workspace: Option<&toml::Table>) -> String {
    let version_of = |value: &toml::Value| match value {
        toml::Value::String(v) => Some(v.clone()),
        toml::Value::Table(t) => t.get("version").and_then(toml::Value::as_str).map(str::to_string),
        _ => None,
    };
    let own = manifest.and_then(|m| m.get("dependencies")?.get(name));
    let inherited = own
        .and_then(|v| v.get("workspace"))
        .and_then(toml::Value::as_bool)
        .unwrap_or(false);
    let value = if inherited {
        workspace.and_then(|w| w.get("workspace")?.get("dependencies")?.get(name))
    } else {
        own
    };
    value.and_then(version_of).unwrap_or_else(|| "unknown".into())
}

/// The compiler: a dynamic expansion must be built by the same rustc as the
/// host, since Rust trait objects cross the library boundary.
fn rustc() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let text = Command::new(&rustc)
        .arg("-vV")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::trim)
            .unwrap_or("unknown")
            .to_string()
    };
    let version = text.lines().next().unwrap_or("rustc unknown").trim().to_string();
    format!("{version}; commit {}; host {}", field("commit-hash:"), field("host:"))
}

/// FNV-1a, 64 bits: stable across compilers and platforms (unlike
/// `DefaultHasher`), which is all a fingerprint needs.
struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}
