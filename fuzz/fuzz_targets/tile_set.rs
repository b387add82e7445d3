//! The tile TOML loader on arbitrary text (see `harness::tile_set`).

#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = harness::tile_set(data);
});
