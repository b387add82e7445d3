//! The game record reader, `GameRecord::from_json` → `replay` (see `harness::record`).

#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = harness::record(data);
});
