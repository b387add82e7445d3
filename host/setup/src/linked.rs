//! The expansion crates linked into every host.
//!
//! A crate that is only a Cargo dependency is not linked, and its
//! `register_expansion!` would silently vanish: naming each crate here keeps
//! it. `tests/registered.rs` checks the exact set of ids that results.

use carcassonne_abbey_and_mayor as _;
use carcassonne_abbot as _;
use carcassonne_bridges_castles_and_bazaars as _;
use carcassonne_cleric_and_serf as _;
use carcassonne_count_of_carcassonne as _;
use carcassonne_crop_circles as _;
use carcassonne_easter as _;
use carcassonne_fruit_trees as _;
use carcassonne_hills_and_sheep as _;
use carcassonne_inns_and_cathedrals as _;
use carcassonne_king_and_robber_baron as _;
use carcassonne_little_buildings as _;
use carcassonne_mage_and_witch as _;
use carcassonne_river as _;
use carcassonne_river_ii as _;
use carcassonne_the_festival as _;
use carcassonne_the_flier as _;
use carcassonne_the_gold_mines as _;
use carcassonne_the_phantom as _;
use carcassonne_the_princess_and_the_dragon as _;
use carcassonne_the_tower as _;
use carcassonne_traders_and_builders as _;
use carcassonne_under_the_big_top as _;
use carcassonne_watchtowers as _;
use carcassonne_wells as _;
use carcassonne_wind_roses as _;
