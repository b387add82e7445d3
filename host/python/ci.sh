#!/usr/bin/env bash
# CI of the Python package: a fresh virtual environment, the test
# dependencies from PyPI by name, the manylinux wheel a release would upload
# built with maturin and installed from the file with pip, then pytest.
# Called at the end of .ci/run; run it alone from anywhere. $PYTHON picks
# the interpreter (default python3).
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
# The wheel a release uploads (docs/releasing.md): manylinux2014 (glibc
# 2.17 and newer, one abi3 wheel for every CPython from 3.10), linked with
# zig from PyPI so that no manylinux container is needed; maturin checks
# the symbols it uses. Then installed from the file, as a user would.
"$venv/bin/python" -m pip install -q ziglang
dist="$(dirname "$venv")/dist"
(cd "$here" && maturin build --release --zig --compatibility manylinux2014 --out "$dist")
"$venv/bin/python" -m pip install -q "$dist"/carcassonne-*-manylinux*.whl
echo "python wheel $(basename "$dist"/carcassonne-*.whl) ($(du -k "$dist"/carcassonne-*.whl | cut -f1) KiB) built and installed in $((SECONDS - start)) s"

# The wheel as a user without Rust has it: a second fresh venv, the wheel
# installed from the file (numpy from PyPI, wheels only: nothing compiles),
# then a whole game with bots,
# in an empty environment whose PATH holds the venv and the system's
# directories only (no cargo, no rustc, no maturin).
bare="$(dirname "$venv")/bare"
"$python" -m venv "$bare"
bare_path="$bare/bin:/usr/bin:/bin"
if env -i PATH="$bare_path" sh -c 'command -v cargo || command -v rustc || command -v maturin' >/dev/null; then
    echo "error: a Rust tool is on the system PATH; the wheel cannot be checked without Rust" >&2
    exit 1
fi
env -i HOME="$(dirname "$venv")" PATH="$bare_path" "$bare/bin/python" -m pip install -q --only-binary :all: "$dist"/carcassonne-*-manylinux*.whl
env -i HOME="$(dirname "$venv")" PATH="$bare_path" "$bare/bin/python" -c '
import carcassonne
g = carcassonne.Game({"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 3}, expansions=["inns-and-cathedrals"])
carcassonne.play_out(g, [carcassonne.Bot("greedy"), carcassonne.Bot("greedy")])
assert g.is_over, "the game did not end"
print("the wheel played a game without Rust:", g.scores)
'

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
# The figures the docs quote, as this machine gives them (printed, never
# asserted: CI machines vary); short runs.
"$venv/bin/python" "$here/bench.py" --seconds 1 || status=1
exit "$status"
