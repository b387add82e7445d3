//! The Ferries' JCloisterZone mapping (`jcz.toml`) checks against the
//! engine: its set, its three lake tiles and the `ferry` element.

use carcassonne_core::TileSource;
use carcassonne_testkit::Kit;
use carcassonne_the_ferries::INFO;

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).catalog(),
        &TileSource::default(),
        "(the-ferries): 1 sets, 3 tiles, 1 elements, 0 rule options, 0 actions",
    );
}
