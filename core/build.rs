//! Computes what the plugin fingerprint is made of. A dynamic expansion
//! shares Rust types (trait objects, the game state, `serde_json` values)
//! with the host, so both must be built from the same core, the same
//! versions of the crates whose types cross the boundary, and the same
//! compiler. The core's version alone does not say that: a core changed
//! without a version bump would load and silently miscompute. So the
//! fingerprint holds a hash of the core's sources and manifest, the
//! boundary crates' version requirements (pinned exactly, so a requirement
//! is a version) and the compiler's version, commit and host triple.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Dependencies whose types cross the library boundary.
const BOUNDARY_CRATES: [&str; 6] = ["serde", "serde_json", "toml", "inventory", "rand_chacha", "rand_core"];

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    let workspace_manifest = workspace_manifest(&dir);
    let mut hash = Fnv64::default();
    hash.write(manifest.as_bytes());
    let mut files = Vec::new();
    sources(&dir.join("src"), &mut files);
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
        .map(|name| format!("{name} {}", requirement(name, &manifest, workspace_manifest.as_deref())))
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
    if workspace_manifest.is_some() {
        println!("cargo:rerun-if-changed=../Cargo.toml");
    }
}

/// The workspace manifest the core inherits its dependencies from, when it
/// is built from a checkout (a published core has them written out).
fn workspace_manifest(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.parent()?.join("Cargo.toml")).ok()?;
    text.contains("[workspace.dependencies]").then_some(text)
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

/// The version requirement of dependency `name`: the line of the core's
/// manifest, or of the workspace's `[workspace.dependencies]` when the core
/// inherits it.
fn requirement(name: &str, manifest: &str, workspace: Option<&str>) -> String {
    let line_of = |text: &str, section: &str| {
        let mut in_section = false;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                in_section = line == section;
                continue;
            }
            if in_section
                && let Some(rest) = line.strip_prefix(name)
                && let Some(value) = rest
                    .trim_start()
                    .strip_prefix('=')
                    .or_else(|| rest.strip_prefix(".workspace"))
            {
                return Some(value.trim().to_string());
            }
        }
        None
    };
    let own = line_of(manifest, "[dependencies]").unwrap_or_default();
    let value = if own.starts_with("= true") || own == "true" || own.contains("workspace") {
        workspace
            .and_then(|w| line_of(w, "[workspace.dependencies]"))
            .unwrap_or_default()
    } else {
        own
    };
    version_in(&value).unwrap_or_else(|| "unknown".into())
}

/// `"=1.0.2"` or `{ version = "=1.0.2", … }` → `=1.0.2`.
fn version_in(value: &str) -> Option<String> {
    let start = if value.starts_with('"') {
        0
    } else {
        value.find("version")? + value[value.find("version")?..].find('"')?
    };
    let rest = &value[start + 1..];
    Some(rest[..rest.find('"')?].to_string())
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
