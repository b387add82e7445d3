//! The search bot's speed natively, on the positions the static site
//! measures in WebAssembly (`backend.searchRate`): compare the two in
//! docs/web.md. `cargo run --release -p carcassonne-web --example
//! search_rate -- [ITERATIONS] [DECISIONS]` (1000 and 10 by default).

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>());
    let iterations = args.next().and_then(Result::ok).unwrap_or(1000);
    let decisions = args.next().and_then(Result::ok).unwrap_or(10);
    match carcassonne_web::search_rate(iterations, decisions) {
        Ok(r) => println!(
            "native: {:.0} iterations/s ({} iterations over {} decisions in {:.3} s)",
            r.per_second(),
            r.iterations,
            r.decisions,
            r.seconds
        ),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }
}
