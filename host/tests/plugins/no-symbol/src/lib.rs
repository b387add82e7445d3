//! A dynamic library that is not a plugin at all.

/// Some unrelated export.
#[unsafe(no_mangle)]
pub extern "C" fn unrelated_function() -> u32 {
    7
}
