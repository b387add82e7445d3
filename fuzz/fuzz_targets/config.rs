//! The game configuration, TOML → `GameConfig` → `Rules::new` (see `harness::config`).

#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = harness::config(data);
});
