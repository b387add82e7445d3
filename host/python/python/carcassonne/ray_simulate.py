"""Seeded bot games on a Ray cluster, merged into the single-machine summary.

    python -m carcassonne.ray_simulate --games 100000 --shards 64 --address auto \\
        --players 3 --expansions easter --out results/ --json

Each Ray task plays one shard (``carcassonne simulate --shard K/N --jsonl``
in-process: the same library code as the command line); the driver merges
the shards as ``carcassonne simulate merge`` does, so the printed summary is
byte for byte what ``carcassonne simulate --games N ... [--json]`` prints on
one machine. With ``--out DIR`` every shard is written to
``DIR/shard-KKKKK-of-NNNNN.jsonl`` (atomically) and shards already there are
not played again, so an interrupted run resumes; the files also merge with
``carcassonne simulate merge DIR/*.jsonl``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from carcassonne._core import merge_shards, simulate_shard


def shard_path(out: Path, k: int, n: int) -> Path:
    """Where shard ``k`` of ``n`` is written under ``out``."""
    return out / f"shard-{k:05d}-of-{n:05d}.jsonl"


def play_shard(games: int, k: int, n: int, options: dict[str, Any], out: str | None) -> str:
    """Plays shard ``k`` of ``n`` (or reads it back if already written); returns its JSON lines."""
    if out is not None:
        path = shard_path(Path(out), k, n)
        if path.exists():
            return path.read_text()
    text = simulate_shard(games, k, n, **options)
    if out is not None:
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(text)
        tmp.replace(path)
    return text


def simulate(
    games: int,
    shards: int,
    *,
    options: dict[str, Any] | None = None,
    out: str | Path | None = None,
    json: bool = False,
    address: str | None = None,
    progress: bool = False,
    init: dict[str, Any] | None = None,
) -> str:
    """Runs ``shards`` Ray tasks over ``games`` games and returns the merged summary text.

    ``options`` are ``Game``'s keyword arguments (``players``, ``seed``,
    ``expansions``, ``variants``, ``config`` …) plus ``bot`` and
    ``threads`` (per task, default 1). Connects to ``address`` (``"auto"``:
    the cluster this machine belongs to) unless Ray is already initialised;
    ``init`` holds further ``ray.init`` arguments.
    """
    import ray

    if shards < 1:
        raise ValueError("shards must be at least 1")
    if not ray.is_initialized():
        ray.init(address=address, **(init or {}))
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
        out = str(out)
    task = ray.remote(num_cpus=1, max_retries=2)(play_shard)
    pending = [task.remote(games, k, shards, dict(options or {}), out) for k in range(shards)]
    done: list[Any] = []
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        done.extend(ready)
        if progress:
            print(f"\r{len(done)}/{shards} shards", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return merge_shards(ray.get(done), json)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m carcassonne.ray_simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--shards", type=int, default=None, help="Ray tasks (default: the cluster's CPUs × 4)")
    p.add_argument("--address", default=None, help="Ray address ('auto' on a cluster; default: a local Ray)")
    p.add_argument("--out", default=None, help="directory for the shard files (resumable)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--config", default=None, help="game configuration file (TOML)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--expansions", default=None, help="comma-separated")
    p.add_argument("--tiles-only", default=None, help="comma-separated")
    p.add_argument("--variant", action="append", default=[], metavar="EXPANSION.NAME=VALUE")
    p.add_argument("--plugin", action="append", default=[], help="plugin library (visible to every worker)")
    p.add_argument("--tiles", default=None, help="tile directory (visible to every worker)")
    p.add_argument("--bot", default="random")
    p.add_argument("--threads", type=int, default=1, help="threads per task (default 1)")
    args = p.parse_args(argv)
    split = lambda s: [x for x in s.split(",") if x.strip()] if s is not None else None  # noqa: E731
    options = {
        "config": args.config,
        "players": args.players,
        "seed": args.seed,
        "expansions": split(args.expansions),
        "tiles_only": split(args.tiles_only),
        "variants": args.variant,
        "plugins": args.plugin,
        "tiles": args.tiles,
        "bot": args.bot,
        "threads": args.threads,
    }
    import ray

    ray.init(address=args.address)
    shards = args.shards or max(1, int(ray.cluster_resources().get("CPU", 1)) * 4)
    shards = min(shards, max(1, args.games))
    sys.stdout.write(simulate(args.games, shards, options=options, out=args.out, json=args.json, progress=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
