//! FanCloisterZone's own Village Life engine tests
//! (`engine-tests/village-life/*.jcz` in its repository), read where a
//! local mirror of it is (`$FANCLOISTERZONE_MIRROR`, a bare git directory,
//! by default `/work/.mirror/fancarpedia+FanCloisterZone/repo`; the test
//! is skipped without one, and nothing of the files is copied here). Each
//! save is imported with this engine's importer and replayed; the scores
//! its assertions state ("Ariel has 54 points.") are compared with this
//! engine's. docs/expansions/village-life.md says which reproduce and why
//! the others do not.

use carcassonne_core::TileSource;
use carcassonne_testkit::Kit;
use carcassonne_village_life::INFO;

/// The saves whose every stated score this engine reproduces, and the
/// others with the reason; the expected lists are in
/// docs/expansions/village-life.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = carcassonne_jcz::testing::fancloisterzone_saves(&["engine-tests/village-life/"]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let reproduced = carcassonne_jcz::testing::reproduced_saves(&saves, kit.catalog(), &TileSource::default());
    // The six whose sets and elements this engine reads (the others need
    // The Ferries, The River, The Tunnel, Abbey & Mayor, King & Robber
    // Baron or a castle, which this crate's tests do not load).
    assert_eq!(
        reproduced,
        [
            "flowers-no-flowers-scoring-city.jcz",
            "flowers-scoring-city.jcz",
            "marketplace-no-marketplace.jcz",
            "windmill-scoring-only-base.game.jcz",
            "windmill-scoring-with-flowers-without-mechanics.jcz",
            "windmill-scoring-with-flowers.jcz",
        ]
    );
}
