"""Trains a small policy against the engine's greedy bot with the batched interface.

    python host/python/examples/train_vs_greedy.py              # about 3 minutes on 2 cores
    python host/python/examples/train_vs_greedy.py --minutes 0.2 --csv curve.csv

numpy only (matplotlib, if installed, draws ``--png``). A base game of two
seats: the learner sits at seat 0, ``carcassonne.Batch(..., opponents={1:
"greedy"})`` plays the greedy bot's turns in Rust inside ``Batch.step``. Every
step fills all games' observations into one preallocated array
(``Batch.observations(out)``) and reads the legal indices of all games
(``Batch.legal()``).

The policy is a linear softmax over each game's legal flat indices, whose
logits are ``w · phi(observation, index)`` with a few hand-made features of
an index read from the observation (a window of radius 5 is enough):

* a placement: how many neighbours the cell has; how many of the drawn
  tile's road and city edges (turned as the index says) meet a tile, and
  how many meet a feature on which the learner's figures, or the
  opponent's, stand; whether a cloister gets neighbours;
* a deployment: which figure kind on which spot (``action_spec["spots"]``),
  alone, times the share of tiles left, and when the feature at that spot is
  already complete (it scores at once);
* pass, with the figures left in supply and the tiles left.

It is trained by REINFORCE with a baseline: each decision's return is the
learner's score change minus the opponent's from that decision to the end
of the game (points / 50), less a running mean of that return by the share
of tiles left. Weights start at zero, so the first interval is the uniform
random policy. It first measures uniform random play against greedy, then
every ``--interval`` training games prints a row of the curve: the win rate
and mean margin of the training games that ended in the interval (played by
the sampling policy), and the win rate of the current policy played by its
argmax on ``--eval-games`` fresh games (the same games every time). The
evaluations' time is not counted in ``--minutes``.
"""

from __future__ import annotations

import argparse
import csv
import time

import numpy as np

import carcassonne as cc

SIDES = "NESW"
# Row and column offsets of the neighbour on each side (row = y + R: north is y - 1).
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


class Features:
    """phi(observation, index) for every legal index of every game at once."""

    def __init__(self, game: cc.Game, radius: int) -> None:
        spec = game.observation_spec(radius)
        act = game.action_spec(radius)
        self.R, self.W = radius, spec["width"]
        self.planes = {name: i for i, name in enumerate(spec["planes"])}
        self.n_planes = len(spec["planes"])
        self.vectors = spec["vectors"]
        self.code = {name: i for i, name in enumerate(spec["tile_code"])}
        self.n_code = len(spec["tile_code"])
        self.pass_index = act["pass"]
        self.deploy0, self.overflow0 = act["deploy"]
        self.spots = list(act["spots"])
        self.n_deploy = self.overflow0 - self.deploy0
        # The side whose `complete:` plane tells whether the feature at a spot is complete.
        self.spot_side = np.full(self.n_deploy, -1)
        complete = ["complete:" + s for s in SIDES] + ["complete:inner"]
        for j in range(self.n_deploy):
            spot = self.spots[j % len(self.spots)]
            kind, _, where = spot.partition(":")
            if kind in ("road", "city") and where in SIDES:
                self.spot_side[j] = self.planes[f"complete:{where}"]
            elif kind == "cloister":
                self.spot_side[j] = self.planes["complete:inner"]
        assert all(c in self.planes for c in complete)
        # Layout of phi.
        self.names: list[str] = ["place", "pass", "deploy", "overflow"]
        self.names += [f"neighbours={k}" for k in range(5)]
        self.names += ["road-joins", "city-joins", "joins-mine", "joins-theirs", "cloister-neighbours"]
        self.names += ["pass*supply", "pass*tiles-left", "deploy*supply"]
        self.names += [f"deploy:{j}" for j in range(self.n_deploy)]
        self.names += [f"deploy:{j}*tiles-left" for j in range(self.n_deploy)]
        self.names += [f"deploy:{j}*complete" for j in range(self.n_deploy)]
        self.size = len(self.names)

    def __call__(self, obs: np.ndarray, game_of: np.ndarray, index: np.ndarray) -> np.ndarray:
        W, n = self.W, obs.shape[0]
        pl = obs[:, : self.n_planes * W * W].reshape(n, self.n_planes, W, W)
        vec = lambda name: obs[:, slice(*self.vectors[name])]  # noqa: E731
        tiles_left = vec("tiles-left")[:, 0]
        supply = vec("supply")[:, 0]  # the first figure kind (followers), mine
        drawn = vec("drawn-tile-code").reshape(n, 4, self.n_code)
        tile = pl[:, self.planes["tile"]]
        pad = lambda a: np.pad(a, ((0, 0), (1, 1), (1, 1)))  # noqa: E731

        phi = np.zeros((len(index), self.size), np.float32)
        place = index < self.pass_index
        deploy = (index >= self.deploy0) & (index < self.overflow0)
        phi[:, 0] = place
        phi[:, 1] = index == self.pass_index
        phi[:, 2] = deploy
        phi[:, 3] = index >= self.overflow0
        g = game_of

        # Placements.
        gp, a = g[place], index[place]
        cell, rot = a // 4, a % 4
        row, col = cell // W + 1, cell % W + 1  # in the padded grid
        tp = pad(tile)
        neighbours = np.zeros(len(a), np.int64)
        road = np.zeros(len(a), np.float32)
        city = np.zeros(len(a), np.float32)
        joins_mine = np.zeros(len(a), np.float32)
        joins_theirs = np.zeros(len(a), np.float32)
        for s in SIDES:
            dr, dc = DELTA[s]
            there = tp[gp, row + dr, col + dc] > 0
            neighbours += there
            # The drawn tile turned `rot` has a road / city on side s.
            r_s = drawn[gp, rot, self.code[f"road:{s}"]] > 0
            c_s = drawn[gp, rot, self.code[f"city:{s}"]] > 0
            road += there & r_s
            city += there & c_s
            # My figure, or theirs, stands on the neighbour's feature facing us.
            side = OPPOSITE[s]
            facing_mine = pad(pl[:, self.planes[f"figure-on:{side}:me"]])[gp, row + dr, col + dc] > 0
            facing_theirs = pad(pl[:, self.planes[f"figure-on:{side}:+1"]])[gp, row + dr, col + dc] > 0
            edge = there & (r_s | c_s)
            joins_mine += edge & facing_mine
            joins_theirs += edge & facing_theirs
        around = np.zeros(len(a), np.float32)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    around += tp[gp, row + dr, col + dc] > 0
        cloister = drawn[gp, rot, self.code["cloister"]] > 0 if "cloister" in self.code else 0
        rows = np.flatnonzero(place)
        phi[rows, 4 + neighbours] = 1
        phi[rows, 9] = road
        phi[rows, 10] = city
        phi[rows, 11] = joins_mine
        phi[rows, 12] = joins_theirs
        phi[rows, 13] = cloister * around / 8

        # Pass and deployments.
        phi[:, 14] = phi[:, 1] * supply[g]
        phi[:, 15] = phi[:, 1] * tiles_left[g]
        phi[:, 16] = deploy * supply[g]
        rows = np.flatnonzero(deploy)
        j = index[deploy] - self.deploy0
        gd = g[deploy]
        base = 17
        phi[rows, base + j] = 1
        phi[rows, base + self.n_deploy + j] = tiles_left[gd]
        # The tile just placed, and the completion of the feature at the spot.
        placed = pl[:, self.planes["placed-this-turn"]].reshape(n, -1).argmax(1)
        side = self.spot_side[j]
        has = side >= 0
        flat = pl.reshape(n, self.n_planes, -1)
        done = np.zeros(len(j), np.float32)
        done[has] = flat[gd[has], side[has], placed[gd[has]]]
        phi[rows, base + 2 * self.n_deploy + j] = done
        return phi


def segments(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts = np.diff(offsets)
    return np.repeat(np.arange(len(counts)), counts), offsets[:-1]


def choose(phi, w, game_of, starts, rng, greedy=False):
    """Samples (or takes the argmax of) the softmax in every game; returns the
    chosen entries and each game's grad log pi of its choice."""
    logits = phi @ w
    m = np.maximum.reduceat(logits, starts)
    e = np.exp(logits - m[game_of])
    p = e / np.add.reduceat(e, starts)[game_of]
    z = logits if greedy else logits + rng.gumbel(size=len(logits))
    best = np.maximum.reduceat(z, starts)
    hit = np.flatnonzero(z == best[game_of])
    _, first = np.unique(game_of[hit], return_index=True)
    chosen = hit[first]
    expected = np.add.reduceat(p[:, None] * phi, starts)
    return chosen, phi[chosen] - expected


def evaluate(game, args, w, feats, games, greedy_policy=True, seed=10_000):
    """Win rate and mean margin at seat 0 against greedy over `games` fresh
    games (at least; the batch's games that end meanwhile count too) of a
    policy, or of uniform random play with w=None."""
    b = cc.Batch(game, args.batch, args.radius, seed=seed, opponents={1: args.opponent})
    obs = np.empty((len(b), b.observation_size), np.float32)
    rng = np.random.default_rng(seed)
    totals = np.zeros((len(b), 2))
    wins, played, margin = 0.0, 0, 0.0
    while played < games:
        if w is None:
            rew, done = b.step_random()
        else:
            b.observations(obs)
            idx, off = b.legal()
            game_of, starts = segments(off)
            chosen, _ = choose(feats(obs, game_of, idx), w, game_of, starts, rng, greedy_policy)
            rew, done = b.step(idx[chosen].tolist())
        totals += rew
        for g in np.flatnonzero(done):
            wins += 1.0 if totals[g, 0] > totals[g, 1] else 0.5 if totals[g, 0] == totals[g, 1] else 0.0
            played += 1
            margin += totals[g, 0] - totals[g, 1]
            totals[g] = 0
    return wins / played, margin / played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    ap.add_argument("--batch", type=int, default=64, help="games stepped together")
    ap.add_argument("--radius", type=int, default=5)
    ap.add_argument("--opponent", default="greedy", help="the bot at seat 1 (a Bot name, e.g. mcts:50)")
    ap.add_argument("--lr", type=float, default=20.0)
    ap.add_argument("--interval", type=int, default=1000, help="training games per row of the curve")
    ap.add_argument("--eval-games", type=int, default=128, help="games of each evaluation (0: none)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--csv", help="write the curve to this CSV file")
    ap.add_argument("--png", help="draw the curve into this PNG file (needs matplotlib)")
    args = ap.parse_args()

    game = cc.Game(players=2, seed=args.seed)
    feats = Features(game, args.radius)
    b = cc.Batch(game, args.batch, args.radius, seed=args.seed, opponents={1: args.opponent})
    n = len(b)
    obs = np.empty((n, b.observation_size), np.float32)
    rng = np.random.default_rng(args.seed)
    w = np.zeros(feats.size)
    # Running mean of the return by tenth of the game (the baseline).
    buckets = 10
    baseline = np.zeros(buckets)
    tl = slice(*feats.vectors["tiles-left"])
    # Per game: grad log pi, baseline bucket and reward of each decision.
    traj: list[list] = [[] for _ in range(n)]
    totals = np.zeros((n, 2))
    grad = np.zeros_like(w)
    grad_steps = 0
    curve = []
    interval = {"games": 0, "wins": 0.0, "margin": 0.0}
    finished = 0
    print(f"{n} games at once, radius {args.radius}, {feats.size} features; training for {args.minutes} min")
    random_rate, random_margin = evaluate(game, args, None, feats, max(args.eval_games, 1))
    print(f"uniform random play vs {args.opponent}: won {random_rate:.1%}, mean margin {random_margin:+.1f}")
    first_rate, first_margin = evaluate(game, args, w, feats, max(args.eval_games, 1))
    print(f"first legal option (argmax of zero weights) vs {args.opponent}: won {first_rate:.1%}, mean margin {first_margin:+.1f}")
    print(f"{'games':>7} {'seconds':>8} {'sampled':>8} {'margin':>7} {'argmax':>7} {'margin':>7}")
    start = time.perf_counter()
    deadline = start + 60 * args.minutes
    spent_evaluating = 0.0

    def report() -> None:
        nonlocal spent_evaluating
        t = time.perf_counter()
        trained = t - start - spent_evaluating
        rate, eval_margin = evaluate(game, args, w, feats, args.eval_games) if args.eval_games else (np.nan, np.nan)
        spent_evaluating += time.perf_counter() - t
        games = max(interval["games"], 1)
        row = (finished, trained, interval["wins"] / games, interval["margin"] / games, rate, eval_margin)
        curve.append(row)
        print(f"{row[0]:>7} {row[1]:>8.0f} {row[2]:>7.1%} {row[3]:>+7.1f} {row[4]:>6.1%} {row[5]:>+7.1f}", flush=True)
        interval.update(games=0, wins=0.0, margin=0.0)

    while time.perf_counter() < deadline + spent_evaluating:
        b.observations(obs)
        idx, off = b.legal()
        game_of, starts = segments(off)
        chosen, glogp = choose(feats(obs, game_of, idx), w, game_of, starts, rng)
        bucket = np.minimum((obs[:, tl.start] * buckets).astype(int), buckets - 1)
        rew, done = b.step(idx[chosen].tolist())
        totals += rew
        margin = (rew[:, 0] - rew[:, 1]) / 50.0
        for g in range(n):
            traj[g].append((glogp[g], bucket[g], margin[g]))
        for g in np.flatnonzero(done):
            steps = traj[g]
            returns = np.cumsum([r for _, _, r in steps][::-1])[::-1]
            for (gl, k, _), ret in zip(steps, returns):
                grad += (ret - baseline[k]) * gl
                baseline[k] += 0.01 * (ret - baseline[k])
            grad_steps += len(steps)
            traj[g] = []
            won = 1.0 if totals[g, 0] > totals[g, 1] else 0.5 if totals[g, 0] == totals[g, 1] else 0.0
            interval["games"] += 1
            interval["wins"] += won
            interval["margin"] += totals[g, 0] - totals[g, 1]
            totals[g] = 0
            finished += 1
            if interval["games"] == args.interval:
                report()
        if grad_steps >= 2000:  # an update every thirty-odd games
            w += args.lr * grad / grad_steps
            grad[:] = 0
            grad_steps = 0
    if interval["games"]:
        report()
    elapsed = time.perf_counter() - start
    print(f"trained on {finished} games in {elapsed - spent_evaluating:.0f} s")
    top = np.argsort(-np.abs(w))[:8]
    print("largest weights: " + ", ".join(f"{feats.names[i]} {w[i]:+.2f}" for i in top))
    print(f"evaluations took {spent_evaluating:.0f} s more")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["games", "seconds", "sampled_win_rate", "sampled_mean_margin", "argmax_win_rate", "argmax_mean_margin"])
            out.writerows(curve)
    if args.png:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("matplotlib is not installed: no PNG")
        else:
            fig, ax = plt.subplots(figsize=(6, 3.5))
            ax.plot([r[0] for r in curve], [r[2] for r in curve], marker=".", label="sampled (training games)")
            ax.plot([r[0] for r in curve], [r[4] for r in curve], marker="o", label="argmax (evaluation)")
            ax.axhline(random_rate, color="gray", linestyle="--", label="uniform random")
            ax.legend()
            ax.set_xlabel("training games")
            ax.set_ylabel(f"win rate vs {args.opponent}")
            ax.set_ylim(0, 1)
            ax.grid(True, alpha=0.3)
            fig.tight_layout()
            fig.savefig(args.png, dpi=100)


if __name__ == "__main__":
    main()
