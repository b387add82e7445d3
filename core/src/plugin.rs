//! The declaration a dynamic expansion library exports, and the checks a
//! host makes before trusting it.
//!
//! A library built as a `cdylib` carries its own copy of the core and of
//! `inventory`, so the host cannot see its registrations directly. Instead
//! it exports one `#[repr(C)]` static, [`PluginDeclaration`], whose first
//! field is the ABI version and second a fingerprint of the core (version
//! and a hash of its sources), the crates whose types cross the boundary,
//! and the compiler. Only when both match does the host call `register`, which hands
//! the library's own registrations to the host. Authors write
//! [`register_expansion!`](crate::register_expansion) as for a linked
//! expansion, plus one [`export_plugin!`](crate::export_plugin).
#![allow(unsafe_code)]

use crate::board::{Board, PlacedTile};
use crate::config::GameConfig;
use crate::events::Event;
use crate::expansion::{Ctx, Deployment, ExpansionInfo, FeatureScoring, Hooks};
use crate::features::Features;
use crate::figures::PlacedFigure;
use crate::registry::Registration;
use crate::rng::GameRng;
use crate::state::CoreState;
use crate::tables::Tables;
use std::mem::{align_of, size_of};

/// Version of the declaration's layout and of the hook traits' contract.
pub const PLUGIN_ABI_VERSION: u32 = 16;

/// The layout of the types a plugin and its host share, as one number: the
/// size and alignment of each type the hooks hand across, and where each
/// field of the game state and of the rules' tables lies. A library whose
/// copy of the core lays them out otherwise (a build mixed from stale
/// objects, say, whose sources hash the same) would read the host's state
/// wrongly; the host refuses it before calling anything.
pub const LAYOUT: u64 = {
    let sizes = [
        size_of::<CoreState>(),
        align_of::<CoreState>(),
        size_of::<Tables>(),
        align_of::<Tables>(),
        size_of::<Board>(),
        size_of::<Features>(),
        size_of::<Ctx<'static>>(),
        size_of::<Event>(),
        size_of::<PlacedTile>(),
        size_of::<PlacedFigure>(),
        size_of::<Deployment>(),
        size_of::<FeatureScoring>(),
        size_of::<Hooks>(),
        size_of::<ExpansionInfo>(),
        size_of::<GameRng>(),
        size_of::<GameConfig>(),
        size_of::<serde_json::Value>(),
    ];
    let hash = fnv1a(FNV_OFFSET, &sizes);
    let hash = fnv1a(hash, &Tables::FIELD_OFFSETS);
    fnv1a(hash, &CoreState::FIELD_OFFSETS)
};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over the bytes of `values` (little-endian), from `hash`.
const fn fnv1a(mut hash: u64, values: &[usize]) -> u64 {
    let mut i = 0;
    while i < values.len() {
        let bytes = (values[i] as u64).to_le_bytes();
        let mut j = 0;
        while j < bytes.len() {
            hash ^= bytes[j] as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            j += 1;
        }
        i += 1;
    }
    hash
}

/// Name of the exported static.
pub const PLUGIN_SYMBOL: &str = "CARCASSONNE_PLUGIN";

/// What this copy of the core was built from: its version, a hash of its
/// sources (a core changed without a version bump is another ABI), the
/// versions of the crates whose types cross the library boundary, and the
/// compiler. Computed by the core's build script.
pub const FINGERPRINT: &str = concat!(
    "carcassonne-core ",
    env!("CARGO_PKG_VERSION"),
    " (sources ",
    env!("CARCASSONNE_CORE_SOURCES"),
    "); ",
    env!("CARCASSONNE_BOUNDARY_CRATES"),
    "; ",
    env!("CARCASSONNE_RUSTC")
);

/// How this copy of the core was compiled, after [`PROFILE_MARK`] at the end
/// of the fingerprint: a plugin built otherwise than its host still works
/// (the layout is the same), but a debug plugin is slow and checks hook
/// declarations, so hosts say so.
pub const BUILD_PROFILE: &str = env!("CARCASSONNE_PROFILE");

/// Separates the fingerprint proper from the build profile: only the part
/// before it must match.
pub const PROFILE_MARK: &str = " | ";

/// The fingerprint with the build profile appended: what a library exports.
pub const FINGERPRINT_WITH_PROFILE: &str = concat!(
    "carcassonne-core ",
    env!("CARGO_PKG_VERSION"),
    " (sources ",
    env!("CARCASSONNE_CORE_SOURCES"),
    "); ",
    env!("CARCASSONNE_BOUNDARY_CRATES"),
    "; ",
    env!("CARCASSONNE_RUSTC"),
    " | ",
    env!("CARCASSONNE_PROFILE")
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exported_fingerprint_is_the_fingerprint_then_the_profile() {
        assert_eq!(
            FINGERPRINT_WITH_PROFILE,
            format!("{FINGERPRINT}{PROFILE_MARK}{BUILD_PROFILE}")
        );
        assert_eq!(BUILD_PROFILE == "debug build", cfg!(debug_assertions));
    }
}

/// A string as pointer and length, readable across the library boundary.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct FfiStr {
    ptr: *const u8,
    len: usize,
}

impl FfiStr {
    /// Wraps a static string.
    pub const fn new(s: &'static str) -> Self {
        FfiStr {
            ptr: s.as_ptr(),
            len: s.len(),
        }
    }

    /// The string.
    ///
    /// # Safety
    /// `self` must come from [`FfiStr::new`] in a library that is still loaded.
    pub unsafe fn as_str(&self) -> &str {
        // SAFETY: built from a `&'static str` by `new`; the library is never unloaded.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr, self.len) };
        std::str::from_utf8(bytes).unwrap_or("<not UTF-8>")
    }
}

/// What a dynamic expansion library exports under [`PLUGIN_SYMBOL`].
#[repr(C)]
pub struct PluginDeclaration {
    /// Read first; must equal the host's [`PLUGIN_ABI_VERSION`].
    pub abi_version: u32,
    /// Must equal the host's [`FINGERPRINT`] up to [`PROFILE_MARK`]; the
    /// build profile follows it.
    pub fingerprint: FfiStr,
    /// Must equal the host's [`LAYOUT`].
    pub layout: u64,
    /// Hands the library's registrations to the host.
    pub register: fn(&mut PluginRegistrar),
}

// SAFETY: the declaration is immutable and its string points at static data.
unsafe impl Sync for PluginDeclaration {}

impl PluginDeclaration {
    /// The declaration for the library this is compiled into.
    pub const fn current() -> Self {
        PluginDeclaration {
            abi_version: PLUGIN_ABI_VERSION,
            fingerprint: FfiStr::new(FINGERPRINT_WITH_PROFILE),
            layout: LAYOUT,
            register: register_linked,
        }
    }
}

/// Collects what a library registers.
#[derive(Default, Debug)]
pub struct PluginRegistrar {
    expansions: Vec<&'static ExpansionInfo>,
}

impl PluginRegistrar {
    /// Adds an expansion.
    pub fn add(&mut self, info: &'static ExpansionInfo) {
        self.expansions.push(info);
    }

    /// What was registered.
    pub fn expansions(&self) -> &[&'static ExpansionInfo] {
        &self.expansions
    }
}

/// Runs in the library: its own `inventory` holds its registrations.
fn register_linked(registrar: &mut PluginRegistrar) {
    for r in inventory::iter::<Registration> {
        registrar.add(r.0);
    }
}

/// Exports the plugin declaration from a `cdylib` expansion crate.
#[macro_export]
macro_rules! export_plugin {
    () => {
        // Hidden: the host reads it, not the author's users (and a crate
        // under `missing_docs` would otherwise have to document it).
        #[doc(hidden)]
        #[unsafe(no_mangle)]
        #[allow(unsafe_code)]
        pub static CARCASSONNE_PLUGIN: $crate::plugin::PluginDeclaration = $crate::plugin::PluginDeclaration::current();
    };
}
