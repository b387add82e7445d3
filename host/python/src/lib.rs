//! `carcassonne._core`: the carcassonne-rs engine for Python. Another host
//! beside the command line and the server: games are assembled by
//! `carcassonne-setup` exactly as they are there, drawn by
//! `carcassonne-render`, and played by the core. The Python package
//! (`python/carcassonne`) re-exports this module and adds the learning
//! environments.

mod encoding;
mod game;

use pyo3::prelude::*;

pyo3::create_exception!(
    carcassonne,
    ConfigError,
    pyo3::exceptions::PyValueError,
    "The configuration cannot make a game (unknown expansion, bad variant, tile file, plugin …)."
);
pyo3::create_exception!(
    carcassonne,
    IllegalActionError,
    pyo3::exceptions::PyValueError,
    "The action is not legal now; the game is unchanged."
);
pyo3::create_exception!(
    carcassonne,
    RecordError,
    pyo3::exceptions::PyValueError,
    "A game record cannot be read or replayed."
);
pyo3::create_exception!(
    carcassonne,
    ExpansionError,
    pyo3::exceptions::PyRuntimeError,
    "An expansion failed while playing an action."
);

/// The module: classes, exceptions and functions (see `_core.pyi`).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyAction>()?;
    m.add_class::<game::PyDecision>()?;
    m.add_class::<game::PyBot>()?;
    m.add_class::<game::PyBatch>()?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("ExpansionError", py.get_type::<ExpansionError>())?;
    m.add("BOT_NAMES", carcassonne_bots::BOT_NAMES.to_vec())?;
    m.add("OVERFLOW", encoding::OVERFLOW)?;
    m.add("MAX_SEATS", encoding::MAX_SEATS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(game::expansions, m)?)?;
    m.add_function(wrap_pyfunction!(game::restore, m)?)?;
    m.add_function(wrap_pyfunction!(game::simulate_shard, m)?)?;
    m.add_function(wrap_pyfunction!(game::merge_shards, m)?)?;
    Ok(())
}
