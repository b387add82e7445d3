//! Records the compiler that builds the core, for the plugin fingerprint: a
//! dynamic expansion must be built by the same rustc as the host, since
//! Rust trait objects cross the library boundary.

use std::process::Command;

fn main() {
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
    println!(
        "cargo:rustc-env=CARCASSONNE_RUSTC={version}; commit {}; host {}",
        field("commit-hash:"),
        field("host:")
    );
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-changed=build.rs");
}
