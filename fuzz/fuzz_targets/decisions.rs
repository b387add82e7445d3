//! Random decision sequences against `Game::play` (see `harness::decisions`).

#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::decisions(data);
});
