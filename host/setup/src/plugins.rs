//! Loading expansions from dynamic libraries, behind the ABI and
//! fingerprint checks of `carcassonne_core::plugin`.
#![allow(unsafe_code)]

use anyhow::{Context, Result, bail};
use carcassonne_core::Catalog;
#[cfg(not(target_family = "wasm"))]
use carcassonne_core::plugin::{
    BUILD_PROFILE, FINGERPRINT, LAYOUT, PLUGIN_ABI_VERSION, PLUGIN_SYMBOL, PROFILE_MARK, PluginDeclaration,
    PluginRegistrar,
};
use std::path::{Path, PathBuf};

/// Loads every library named by `paths` (files, or directories whose
/// `.so`/`.dylib`/`.dll` files are all loaded) into `catalog`. Returns the ids
/// of the expansions added.
pub fn load_all(paths: &[PathBuf], catalog: &mut Catalog) -> Result<Vec<&'static str>> {
    load_all_noting(paths, catalog, &mut Vec::new())
}

/// [`load_all`], adding to `notices` what a user should know about the
/// libraries that loaded (one built in debug mode for a release host, or
/// the reverse).
pub fn load_all_noting(
    paths: &[PathBuf],
    catalog: &mut Catalog,
    notices: &mut Vec<String>,
) -> Result<Vec<&'static str>> {
    let mut ids = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut libs: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read plugin directory {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("so" | "dylib" | "dll")))
                .collect();
            libs.sort();
            for lib in libs {
                ids.extend(load_noting(&lib, catalog, notices)?);
            }
        } else {
            ids.extend(load_noting(path, catalog, notices)?);
        }
    }
    Ok(ids)
}

/// Loads one library. It is never unloaded: its code and statics back the
/// expansions for the rest of the process.
pub fn load(path: &Path, catalog: &mut Catalog) -> Result<Vec<&'static str>> {
    load_noting(path, catalog, &mut Vec::new())
}

/// [`load`], adding a notice when the library's build profile (debug or
/// release) differs from the host's.
pub fn load_noting(path: &Path, catalog: &mut Catalog, notices: &mut Vec<String>) -> Result<Vec<&'static str>> {
    let shown = path.display().to_string();
    if !path.exists() {
        bail!("plugin {shown} does not exist");
    }
    // The file checked above, by its absolute path: a bare name (`libz.so`)
    // would make the dynamic loader search the system's libraries instead.
    let absolute = path
        .canonicalize()
        .with_context(|| format!("cannot resolve plugin {shown}"))?;
    if !absolute.is_file() {
        bail!("plugin {shown} is not a file");
    }
    load_library(&absolute, &shown, catalog, notices)
}

/// WebAssembly (the static site's engine) loads no dynamic library.
#[cfg(target_family = "wasm")]
fn load_library(
    _absolute: &Path,
    shown: &str,
    _catalog: &mut Catalog,
    _notices: &mut Vec<String>,
) -> Result<Vec<&'static str>> {
    bail!("plugin {shown}: this build of the engine (WebAssembly) cannot load dynamic libraries")
}

/// Loads the library at `absolute` (shown to people as `shown`) and adds
/// its expansions to `catalog`, once its declaration is checked.
#[cfg(not(target_family = "wasm"))]
fn load_library(
    absolute: &Path,
    shown: &str,
    catalog: &mut Catalog,
    notices: &mut Vec<String>,
) -> Result<Vec<&'static str>> {
    // SAFETY: loading runs the library's initialisers; the user asked for
    // this library by name, which is the trust decision plugins need.
    let library =
        unsafe { libloading::Library::new(absolute) }.with_context(|| format!("cannot load plugin {shown}"))?;
    let symbol = format!("{PLUGIN_SYMBOL}\0");
    // SAFETY: the symbol is a data symbol; we only take its address here.
    let declaration: *const PluginDeclaration = match unsafe {
        library.get::<*const PluginDeclaration>(symbol.as_bytes())
    } {
        Ok(s) => *s,
        Err(_) => bail!(
            "{shown} is not a carcassonne-rs plugin: it exports no `{PLUGIN_SYMBOL}`. An expansion crate built as a plugin needs `carcassonne_core::export_plugin!();` in its lib.rs (beside `register_expansion!(…)` for each of its expansions) and `crate-type = [\"cdylib\", \"rlib\"]` in its Cargo.toml"
        ),
    };
    // SAFETY: every ABI version starts the declaration with a `u32`, so the
    // first field can be read before anything else is trusted.
    let abi = unsafe { std::ptr::read(declaration.cast::<u32>()) };
    if abi != PLUGIN_ABI_VERSION {
        bail!(
            "plugin {shown} was built for plugin ABI {abi}, this host speaks ABI {PLUGIN_ABI_VERSION}; rebuild the plugin against this version of carcassonne-core"
        );
    }
    // SAFETY: the ABI version matches, so the layout is this host's.
    let declaration = unsafe { &*declaration };
    // SAFETY: built by `FfiStr::new` from a static string in the library, which stays loaded.
    let exported = unsafe { declaration.fingerprint.as_str() };
    notices.extend(check_declaration(shown, exported, declaration.layout)?);
    let mut registrar = PluginRegistrar::default();
    (declaration.register)(&mut registrar);
    std::mem::forget(library);
    if registrar.expansions().is_empty() {
        bail!(
            "plugin {shown} registers no expansion: it exports the plugin declaration (`export_plugin!()`) but registers nothing; add `carcassonne_core::register_expansion!(YOUR_DECLARATION);` to its lib.rs, naming its `ExpansionInfo`"
        );
    }
    let mut ids = Vec::new();
    for info in registrar.expansions() {
        catalog
            .add_dynamic(info, shown)
            .with_context(|| format!("plugin {shown}"))?;
        ids.push(info.id);
    }
    Ok(ids)
}

/// Checks what a library of the host's plugin ABI declares: the
/// fingerprint of what it was built from, then the layout of the types it
/// shares with the host. Returns a notice when it fits but was built in the
/// other profile (debug or release).
#[cfg(not(target_family = "wasm"))]
fn check_declaration(shown: &str, exported: &str, layout: u64) -> Result<Option<String>> {
    let (theirs, profile) = match exported.rsplit_once(PROFILE_MARK) {
        Some((fingerprint, profile)) => (fingerprint, Some(profile)),
        None => (exported, None),
    };
    if theirs != FINGERPRINT {
        bail!(
            "plugin {shown} does not match this host:\n  plugin: {theirs}\n  host:   {FINGERPRINT}\nrebuild the plugin against the host's carcassonne-core (the same sources) with the same compiler"
        );
    }
    if layout != LAYOUT {
        bail!(
            "plugin {shown} claims this host's carcassonne-core and compiler, but its copy of the core lays out the shared types otherwise (layout {layout:016x}, host {LAYOUT:016x}): it was built from mixed or stale objects; rebuild it from clean (`cargo clean`, then build the plugin again)"
        );
    }
    Ok(profile.filter(|p| *p != BUILD_PROFILE).map(|profile| {
        format!(
            "plugin {shown} is a {profile}, this host a {BUILD_PROFILE}: it plays the same games, but a debug build is much slower (use --release for both)"
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declaration_is_checked_for_its_fingerprint_then_its_layout() {
        let ours = format!("{FINGERPRINT}{PROFILE_MARK}{BUILD_PROFILE}");
        assert_eq!(check_declaration("p.so", &ours, LAYOUT).unwrap(), None);
        let other_profile = format!("{FINGERPRINT}{PROFILE_MARK}another build");
        let notice = check_declaration("p.so", &other_profile, LAYOUT).unwrap().unwrap();
        assert!(notice.contains("is a another build"), "{notice}");
        let stale = check_declaration("p.so", &ours, LAYOUT ^ 1).unwrap_err().to_string();
        assert!(stale.contains("lays out the shared types otherwise"), "{stale}");
        assert!(stale.contains(&format!("{LAYOUT:016x}")), "{stale}");
        let foreign = check_declaration("p.so", "carcassonne-core 0.0.1 (sources 0)", LAYOUT)
            .unwrap_err()
            .to_string();
        assert!(foreign.contains("does not match this host"), "{foreign}");
    }
}
