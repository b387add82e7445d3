#!/usr/bin/env bash
# CI of the Python package: a fresh virtual environment, the test
# dependencies from PyPI by name, the wheel built and installed with pip
# (maturin), then pytest. Called at the end of .ci/run; run it alone from
# anywhere. $PYTHON picks the interpreter (default python3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
start=$SECONDS

venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT
"$python" -m venv "$venv"
# The maturin build backend runs the `maturin` binary from PATH.
export PATH="$venv/bin:$PATH"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q maturin pytest hypothesis numpy pettingzoo gymnasium open-spiel ray mypy
# OpenSpiel's AlphaZero (its JAX version), run on the game by a test: CPU only.
"$venv/bin/python" -m pip install -q "jax[cpu]" flax optax chex orbax-checkpoint
# The wheel as a user gets it (`pip install ./host/python`); maturin is
# already in the environment, so no isolated build environment is needed.
"$venv/bin/python" -m pip install -q --no-build-isolation "$here"
echo "python package built and installed in $((SECONDS - start)) s"

# The hand-written stubs must match the extension module.
(cd "$here/tests" && "$venv/bin/python" -m mypy.stubtest carcassonne._core)

# The Ray test also compares with the command line's own summary.
if [ -z "${CARCASSONNE_BIN:-}" ] && [ -x "$root/target/debug/carcassonne" ]; then
    export CARCASSONNE_BIN="$root/target/debug/carcassonne"
fi
# From the tests' directory so that the installed package, not the source
# tree, is imported.
cd "$here/tests"
set +e
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests in $here/tests" >&2
    exit 1
fi
echo "python tests finished in $((SECONDS - start)) s"
exit "$status"
