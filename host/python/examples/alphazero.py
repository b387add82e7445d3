"""OpenSpiel's AlphaZero (its JAX version, flax nnx) learning carcassonne-rs.

    pip install ./host/python "open_spiel" "jax[cpu]" flax optax chex orbax-checkpoint
    python host/python/examples/alphazero.py --steps 100 --path /tmp/az

It plays the 2-player base game through the OpenSpiel game this package
registers (``python_carcassonne``, ``utility=zero-sum``: +1 to the winner,
-1 to the loser, the value AlphaZero learns), with self-play actors and
evaluators in worker processes, and writes checkpoints and a learner log
(``learner.jsonl``: losses, value accuracy, game lengths) into ``--path``.
CPU only; no GPU stack is needed. The defaults are small, to see it run in
minutes; a network that plays well wants far more steps and simulations.

The import below registers the game in this process and in AlphaZero's
workers, which import this file again as their main module.
"""

from __future__ import annotations

import argparse
import tempfile

import carcassonne.openspiel  # noqa: F401  (registers python_carcassonne)
from open_spiel.python.algorithms.alpha_zero import alpha_zero
from open_spiel.python.utils import spawn


def config(args: argparse.Namespace) -> alpha_zero.Config:
    return alpha_zero.Config(
        game=f"python_carcassonne(players=2,utility=zero-sum,radius={args.radius},seed={args.seed})",
        path=args.path or tempfile.mkdtemp(prefix="carcassonne-az-"),
        learning_rate=1e-3,
        weight_decay=1e-4,
        decouple_weight_decay=True,
        train_batch_size=args.batch,
        replay_buffer_size=args.buffer,
        replay_buffer_reuse=4,
        max_steps=args.steps,
        checkpoint_freq=max(1, args.steps // 4),
        actors=args.actors,
        evaluators=args.evaluators,
        evaluation_window=10,
        eval_levels=2,
        uct_c=1.4,
        max_simulations=args.simulations,
        policy_alpha=1.0,
        policy_epsilon=0.25,
        temperature=1.0,
        temperature_drop=20,
        nn_model="mlp",
        nn_width=args.width,
        nn_depth=2,
        observation_shape=None,
        output_size=None,
        verbose=False,
        quiet=True,
        nn_api_version="nnx",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20, help="learning steps before it stops")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations a decision")
    parser.add_argument("--actors", type=int, default=1, help="self-play worker processes")
    parser.add_argument("--evaluators", type=int, default=1, help="evaluation worker processes")
    parser.add_argument("--batch", type=int, default=64, help="training batch size")
    parser.add_argument("--buffer", type=int, default=1024, help="replay buffer size (states)")
    parser.add_argument("--width", type=int, default=128, help="width of the network's layers")
    parser.add_argument("--radius", type=int, default=5, help="board window around the start tile")
    parser.add_argument("--seed", type=int, default=0, help="seed of the expansions' dice")
    parser.add_argument("--path", default=None, help="where checkpoints and logs go (default: a new temporary directory)")
    args = parser.parse_args()
    with spawn.main_handler():
        alpha_zero.alpha_zero(config(args))


if __name__ == "__main__":
    main()
