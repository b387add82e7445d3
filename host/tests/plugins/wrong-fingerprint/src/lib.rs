//! A library with the right ABI version built by "another compiler".

/// The plugin declaration's layout (unchanged since ABI 3).
#[repr(C)]
pub struct Declaration {
    abi_version: u32,
    fingerprint: *const u8,
    fingerprint_len: usize,
    layout: u64,
    register: usize,
}

// SAFETY: immutable static data.
unsafe impl Sync for Declaration {}

const FINGERPRINT: &str = "carcassonne-core 0.0.1; rustc 1.10.0 (cfcb716cf 2016-07-03); commit cfcb716cf; host x86_64-unknown-linux-gnu";

/// Right ABI, wrong fingerprint: the host must refuse and never call `register`.
#[unsafe(no_mangle)]
pub static CARCASSONNE_PLUGIN: Declaration =
    Declaration {
        // The host's ABI (it was a number to raise at each step, and was
        // forgotten at ABI 10).
        abi_version: carcassonne_core::plugin::PLUGIN_ABI_VERSION,
        fingerprint: FINGERPRINT.as_ptr(),
        fingerprint_len: FINGERPRINT.len(),
        layout: 0,
        register: 0,
    };
