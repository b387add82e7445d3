//! The test fixture shared by the tests: a set of two base-game layouts
//! carrying the robber symbol (tests/tiles/robbers-fixture.toml), standing
//! in for The Robbers' own tiles, whose layouts are not written yet.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionGroup, ExpansionInfo};
use carcassonne_testkit::Kit;

/// The fixture's declaration: tiles only.
pub static FIXTURE: ExpansionInfo = ExpansionInfo {
    id: "robbers-fixture",
    name: "Robber symbol test fixture",
    version: "0.0.0",
    description: "two base-game layouts with the robber symbol, for tests",
    tile_files: &[carcassonne_core::tile_file!(
        "robbers-fixture.toml",
        "tests/tiles/robbers-fixture.toml"
    )],
    build,
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(TilesOnly))
}

/// No rules of its own.
struct TilesOnly;

impl Expansion for TilesOnly {
    type State = ();
    type Action = ();

    fn setup(&self, _: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }
}

/// The Robbers with the fixture's tiles.
pub fn kit() -> Kit {
    Kit::new(&carcassonne_the_robbers::INFO, env!("CARGO_MANIFEST_DIR")).with(&FIXTURE)
}
