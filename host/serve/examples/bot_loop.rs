//! How fast a server game of random bots moves as its board grows.
//!
//! ```text
//! cargo run --release -p carcassonne-serve --example bot_loop -- [COUNT] [SECONDS] [--data DIR | --engine]
//! ```
//!
//! Builds a lobby game of two random bots with `COUNT` copies of each of
//! the base game's 24 tiles in the bag (default 5,000: 120,000 tiles, far
//! past the lobby's tile cap, which only games made through the API face), lets
//! its bot worker play it as the server does (with `--data DIR`, every
//! move saved in a database there) and prints the moves per second every
//! second, until the game ends or `SECONDS` (default 60) have passed.
//! The rate should stay flat as the board grows. At the end it prints the
//! size of a state answer (the board in its default window) beside that
//! of the whole board's SVG. With `--engine` it plays the same game with
//! the engine alone (as `carcassonne play` does, no table, lock or save),
//! for comparison: what grows there grows in the engine.

use carcassonne_core::GameConfig;
use carcassonne_serve::Table;
use carcassonne_serve::lobby::{Lobby, Offer};
use carcassonne_serve::store::Store;
use carcassonne_setup::setup::GameSetup;
use std::time::{Duration, Instant};

fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let data = match args.iter().position(|a| a == "--data") {
        Some(i) if i + 1 < args.len() => {
            let dir = args.remove(i + 1);
            args.remove(i);
            Some(std::path::PathBuf::from(dir))
        }
        _ => None,
    };
    let engine = match args.iter().position(|a| a == "--engine") {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let count: i64 = args.first().map_or(Ok(5_000), |a| a.parse())?;
    let seconds: u64 = args.get(1).map_or(Ok(60), |a| a.parse())?;
    let mut config = GameConfig::with_players(2);
    config.seed = 7;
    for (i, p) in config.players.iter_mut().enumerate() {
        p.bot = Some("random".into());
        p.name = format!("Bot {}", i + 1);
    }
    let ids: Vec<String> = GameSetup::for_config(config.clone(), &[], None)?
        .rules()?
        .tiles()
        .iter()
        .map(|t| t.id().to_string())
        .collect();
    for id in ids {
        config.tiles.counts.insert(id, count);
    }
    let setup = GameSetup::for_config(config, &[], None)?;
    if engine {
        return engine_alone(&setup, seconds);
    }
    let table = Table::new(&setup, None)?;
    let tiles = table.game().state().tiles_left();
    let lobby = match &data {
        Some(dir) => Lobby::with_store(Offer::default(), 4, Store::open(dir)?, None)?.0,
        None => Lobby::new(Offer::default(), 4),
    };
    println!(
        "{tiles} tiles, two random bots{}",
        if data.is_some() { ", saved in a database" } else { "" }
    );
    let start = Instant::now();
    let slot = lobby.add(table).map_err(|r| anyhow::anyhow!(r.error))?;
    let mut last = (start, 0usize);
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let (moves, placed, over) = {
            let t = slot.table();
            (
                t.record().moves.len(),
                t.game().state().board().tiles().len(),
                t.game().is_over(),
            )
        };
        let now = Instant::now();
        let rate = (moves - last.1) as f64 / (now - last.0).as_secs_f64();
        println!(
            "{:>5.1} s  {moves:>8} moves  {placed:>7} tiles placed  {rate:>8.0} moves/s",
            (now - start).as_secs_f64()
        );
        last = (now, moves);
        if over || now - start > Duration::from_secs(seconds) {
            break;
        }
    }
    let table = slot.table();
    let t = Instant::now();
    let state = table.state_json(None).to_string().len();
    let state_ms = t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    let whole = carcassonne_render::board_svg(table.game()).len();
    let whole_ms = t.elapsed().as_secs_f64() * 1000.0;
    drop(table);
    println!(
        "a state answer: {state} bytes in {state_ms:.0} ms; the whole board's SVG: {whole} bytes in {whole_ms:.0} ms"
    );
    lobby.remove(slot.id()).map_err(|r| anyhow::anyhow!(r.error))?;
    Ok(())
}

/// The same game played by the engine alone, with the rates printed as
/// `main` prints them.
fn engine_alone(setup: &GameSetup, seconds: u64) -> anyhow::Result<()> {
    let mut game = carcassonne_core::Game::new(std::sync::Arc::new(setup.rules()?))?;
    let mut bots = carcassonne_setup::session::bots_for(&setup.config, "random")?;
    println!("{} tiles, two random bots, the engine alone", game.state().tiles_left());
    let start = Instant::now();
    let mut last = (start, 0usize);
    let mut moves = 0usize;
    let mut options = Vec::new();
    while let Some(d) = game.decision() {
        options.clear();
        game.legal_actions(&mut options);
        let choice = bots[d.player() as usize].choose(&game, &options);
        game.play(&options[choice])?;
        moves += 1;
        let now = Instant::now();
        if now - last.0 >= Duration::from_secs(1) {
            let rate = (moves - last.1) as f64 / (now - last.0).as_secs_f64();
            println!(
                "{:>5.1} s  {moves:>8} moves  {:>7} tiles placed  {rate:>8.0} moves/s",
                (now - start).as_secs_f64(),
                game.state().board().tiles().len()
            );
            last = (now, moves);
            if now - start > Duration::from_secs(seconds) {
                break;
            }
        }
    }
    println!("{moves} moves in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}
