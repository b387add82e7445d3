//! Measuring games: seeded simulations on all cores summarised for balance
//! research ([`simulate`]), and the single-thread engine benchmark
//! ([`bench`](mod@bench)), and a simulation's summary as an HTML page of plots
//! ([`html_report`]). Both build their games through `carcassonne_setup`.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod arena;
pub mod bench;
pub mod compare;
pub mod html_report;
pub mod simulate;
