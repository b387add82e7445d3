//! A library that claims a plugin ABI the host does not speak.

/// Laid out like the start of every plugin declaration.
#[repr(C)]
pub struct Declaration {
    abi_version: u32,
    fingerprint: *const u8,
    fingerprint_len: usize,
    register: usize,
}

// SAFETY: immutable static data.
unsafe impl Sync for Declaration {}

/// ABI 999: the host must refuse before reading further.
#[unsafe(no_mangle)]
pub static CARCASSONNE_PLUGIN: Declaration =
    Declaration { abi_version: 999, fingerprint: b"none".as_ptr(), fingerprint_len: 4, register: 0 };
