"""Random-play speed from Python: steps (decisions) per second, on one core
but for the observed mode (Batch threads: one per core).

    python host/python/bench.py [--seconds 3] [--radius 15] [--batch 256]
                                [--obs-radius 15,7,5,3] [--only-observed]

1. the PettingZoo AEC API (raw_env: last(), the mask, step) with a random
   legal action from the mask;
2. Game.action_mask + Game.play_index directly (no environment);
3. Batch: the legal indices of all games (sparse form of the masks), a
   random legal index per game chosen with numpy, one step call; and
   Batch.step_random (choice made in Rust).
4. observed: Batch.step_random and the observations of every game after
   every step, filled into one preallocated float32 array (the steps a
   learner sees), at each radius of --obs-radius; per second and per
   CPU-second of the process (steady when other work shares the cores);
5. the learner's steps against the greedy bot seated in a Batch (its turns
   played in Rust on the batch's threads);
6. observed without ``out`` (a new array per call) at the first radius of
   --obs-radius;
7. the observation's bytes per step at each radius, and the compact
   observation's (``Game.compact_observation``) over random games, and
   observed steps with ``Batch.compact_observations``;
8. OpenSpiel: a whole random 2-player game with its chance nodes, in ms
   (when pyspiel is installed).

Every figure the docs quote (host/python/README.md, docs/performance.md)
is one of these lines; CI runs this script (``ci.sh``) and prints them,
asserting nothing. The first line says the machine: cores and load.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from carcassonne import Batch, Game


def aec(seconds: float, radius: int) -> float:
    from carcassonne.env import raw_env

    env = raw_env(players=2, radius=radius)
    rng = np.random.default_rng(0)
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def direct(seconds: float, radius: int) -> float:
    rng = np.random.default_rng(0)
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(seed=seed)
        seed += 1
        while g.current_player is not None:
            legal = np.flatnonzero(np.frombuffer(g.action_mask(radius), dtype=np.uint8))
            g.play_index(int(legal[rng.integers(len(legal))]), radius)
            steps += 1
    return steps / (time.perf_counter() - start)


def batched(seconds: float, radius: int, n: int, rust_choice: bool) -> float:
    b = Batch(Game(seed=0), n, radius)
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if rust_choice:
            b.step_random()
        else:
            raw_indices, raw_offsets = b.legal()
            indices = np.frombuffer(raw_indices, dtype=np.int32)
            offsets = np.frombuffer(raw_offsets, dtype=np.int32)
            counts = offsets[1:] - offsets[:-1]
            pick = offsets[:-1] + (rng.random(n) * counts).astype(np.int64)
            b.step(indices[pick].tolist())
        steps += n
    return steps / (time.perf_counter() - start)


def observed_new_array(seconds: float, radius: int, n: int) -> float:
    """Observed steps per second when every call returns a new array."""
    b = Batch(Game(seed=0), n, radius)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        b.step_random()
        b.observations()
        steps += n
    return steps / (time.perf_counter() - start)


def compact_observed(seconds: float, n: int) -> float:
    """Observed steps per second with the compact observations of a Batch."""
    b = Batch(Game(seed=0), n, 15)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        b.step_random()
        b.compact_observations()
        steps += n
    return steps / (time.perf_counter() - start)


def compact_bytes(games: int = 8) -> tuple[float, float]:
    """Mean bytes of a compact observation over every decision of random
    games, and compact observations per second on one core."""
    rng = np.random.default_rng(0)
    total, count, spent = 0, 0, 0.0
    for seed in range(games):
        g = Game(seed=seed)
        while g.current_player is not None:
            start = time.perf_counter()
            c = g.compact_observation(g.current_player)
            spent += time.perf_counter() - start
            total += sum(a.nbytes for a in c.values())
            count += 1
            g.play(int(rng.integers(len(g.legal_actions()))))
    return total / count, count / spent


def openspiel_game_ms(seconds: float) -> float | None:
    """Milliseconds of a whole random 2-player OpenSpiel game, chance nodes included."""
    try:
        import pyspiel

        import carcassonne.openspiel  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_carcassonne(players=2)")
    rng = np.random.default_rng(0)
    games, start = 0, time.perf_counter()
    while games < 2 or time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
        games += 1
    return 1000 * (time.perf_counter() - start) / games


def observed(seconds: float, radius: int, n: int) -> tuple[float, float]:
    """Observed steps per second of wall-clock time, and per CPU-second of
    the process (all its threads): the second holds on a shared machine."""
    b = Batch(Game(seed=0), n, radius)
    try:
        out = np.empty((n, b.observation_size), dtype=np.float32)
        fill = lambda: b.observations(out)  # noqa: E731
    except AttributeError:  # an older package: bytes per call
        fill = lambda: np.frombuffer(b.observations(), dtype=np.float32)  # noqa: E731
    fill()
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        b.step_random()
        fill()
        steps += n
    return steps / (time.perf_counter() - start), steps / max(time.process_time() - cpu, 1e-9)


def against(seconds: float, radius: int, n: int, bot: str) -> float:
    """Learner's steps per second against a bot seated in the batch: seat 0
    at random (`step_random`), seat 1 the engine's bot, played in Rust."""
    b = Batch(Game(seed=0), n, radius, opponents={1: bot})
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        b.step_random()
        steps += n
    return steps / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--radius", type=int, default=15)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--obs-radius", default="15,7,5,3", help="radii of the observed mode, comma-separated")
    p.add_argument("--only-observed", action="store_true")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if not a.json:
        print(f"machine: {os.cpu_count()} cores, load average {load:.1f} before the run; {a.seconds} s a figure")
    figures = {"cores": float(os.cpu_count() or 0), "load_average_before": load}
    if not a.only_observed:
        figures["aec_steps_per_s"] = aec(a.seconds, a.radius)
        figures["game_steps_per_s"] = direct(a.seconds, a.radius)
        figures["batch_python_choice_steps_per_s"] = batched(a.seconds, a.radius, a.batch, False)
        figures["batch_step_random_steps_per_s"] = batched(a.seconds, a.radius, a.batch, True)
        figures["batch_vs_greedy_learner_steps_per_s"] = against(a.seconds, a.radius, a.batch, "greedy")
    radii = [int(x) for x in a.obs_radius.split(",") if x]
    for r in radii:
        wall, cpu = observed(a.seconds, r, a.batch)
        figures[f"batch_observed_r{r}_steps_per_s"] = wall
        figures[f"batch_observed_r{r}_steps_per_cpu_s"] = cpu
        figures[f"observation_r{r}_bytes"] = 4 * Game(seed=0).observation_size(r)
    if radii and not a.only_observed:
        r = radii[0]
        figures[f"batch_observed_r{r}_new_array_steps_per_s"] = observed_new_array(a.seconds, r, a.batch)
        figures["compact_observation_mean_bytes"], figures["compact_observations_per_s"] = compact_bytes()
        figures["batch_compact_observed_steps_per_s"] = compact_observed(a.seconds, a.batch)
        ms = openspiel_game_ms(a.seconds)
        if ms is not None:
            figures["openspiel_random_game_ms"] = ms
    if a.json:
        print(json.dumps({k: round(v, 1) for k, v in figures.items()}))
    else:
        for k, v in figures.items():
            print(f"{k:<42} {v:>12,.1f}" if v < 100 else f"{k:<42} {v:>12,.0f}")


if __name__ == "__main__":
    main()
