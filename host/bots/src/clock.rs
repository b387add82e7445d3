//! The clock of timed searches: the standard library's, except in a
//! browser (`wasm32-unknown-unknown`), whose standard library has no clock
//! and panics on `Instant::now`: there it is the page's (`performance.now()`).

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::Instant;
