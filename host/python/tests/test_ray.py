"""The Ray driver on a local Ray instance gives the single-machine summary byte for byte."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from carcassonne import merge_shards, simulate_shard  # noqa: E402
from carcassonne.ray_simulate import simulate  # noqa: E402

OPTIONS = {"players": 3, "seed": 12, "expansions": ["fruit-trees"], "bot": "random"}


def cli() -> str | None:
    """The `carcassonne` binary: $CARCASSONNE_BIN, the checkout's build, or PATH."""
    root = Path(__file__).resolve().parents[3]
    for candidate in [os.environ.get("CARCASSONNE_BIN"), root / "target/debug/carcassonne", root / "target/release/carcassonne"]:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return shutil.which("carcassonne")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024 * 1024, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("json", [True, False])
def test_ray_shards_merge_into_the_single_run_summary(local_ray, tmp_path, json):
    merged = simulate(30, 4, options=OPTIONS, out=tmp_path, json=json)
    assert len(list(tmp_path.glob("shard-*-of-00004.jsonl"))) == 4
    single = merge_shards([simulate_shard(30, **OPTIONS)], json)
    assert merged == single
    binary = cli()
    if binary is None:
        pytest.skip("no carcassonne binary to compare with (set CARCASSONNE_BIN)")
    args = [binary, "simulate", "--games", "30", "--players", "3", "--seed", "12", "--expansions", "fruit-trees"]
    out = subprocess.run(args + (["--json"] if json else []), check=True, capture_output=True, text=True).stdout
    assert merged == out
    # The shard files merge with the command line too.
    files = sorted(str(p) for p in tmp_path.glob("*.jsonl"))
    merged_cli = subprocess.run(
        [binary, "simulate", "merge", *files] + (["--json"] if json else []), check=True, capture_output=True, text=True
    ).stdout
    assert merged_cli == out


def test_written_shards_are_not_played_again(local_ray, tmp_path):
    simulate(10, 2, options=OPTIONS, out=tmp_path)
    first = tmp_path / "shard-00000-of-00002.jsonl"
    # A shard already written is read back, not replayed: tampering shows.
    first.write_text(first.read_text().replace('"seed":12,"scores":[', '"seed":12,"scores":[1000+', 1))
    with pytest.raises(ValueError):
        simulate(10, 2, options=OPTIONS, out=tmp_path)
