"""A Gymnasium single-agent environment: one seat learns, built-in bots play the others.

``CarcassonneGymEnv(config, seat=0, opponents="random", radius=15)``: the
observation and action spaces are those of ``carcassonne.env`` for the
learner's seat; ``step`` plays the learner's action, then the bots until the
learner decides again or the game ends. An action the mask forbids ends
the episode with reward ``illegal_reward`` and ``info["illegal_action"]``
(as PettingZoo's TerminateIllegal does), or raises ``IllegalActionError``
with ``illegal="raise"``. The reward is the learner's score
change minus the mean change of the other seats over that span, so points
that go to opponents count against it. When the game outgrows the window
(the learner's decision has legal options but none with an index: every
placement outside it), the episode is truncated (``info["outgrown"]``), with
a ``RuntimeWarning`` once per environment.

Importing this module registers it with Gymnasium as
``carcassonne/Carcassonne-v0``: ``gymnasium.make("carcassonne/Carcassonne-v0",
seat=0, opponents="greedy", radius=5, players=2)`` (keywords go to the
constructor). Without importing it first:
``gymnasium.make("carcassonne.gym:carcassonne/Carcassonne-v0", ...)``.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from carcassonne._core import Batch, Bot, Game, IllegalActionError
from carcassonne._gym_register import ENV_ID, register_envs

__all__ = ["ENV_ID", "CarcassonneGymEnv", "CarcassonneVectorEnv"]


class CarcassonneGymEnv(gymnasium.Env):
    """Carcassonne for one learner against built-in bots."""

    metadata = {"render_modes": ["ansi", "svg"]}

    def __init__(
        self,
        config: dict | str | None = None,
        *,
        seat: int = 0,
        opponents: str = "random",
        radius: int = 15,
        render_mode: str | None = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **overrides: Any,
    ) -> None:
        self._config = config
        self._overrides = overrides
        self._radius = radius
        self._opponents = opponents
        self.seat = seat
        self.render_mode = render_mode
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal={illegal!r}: 'terminate' or 'raise'")
        self._illegal = illegal
        self._illegal_reward = illegal_reward
        self._warned = False
        probe = Game(config, **overrides)
        if not 0 <= seat < probe.players:
            raise ValueError(f"seat {seat} does not exist: the game has {probe.players} seats")
        self._seed = probe.config()["seed"]
        size = probe.action_space_size(radius)
        #: The observation's layout: plane names, vector slices … (``Game.observation_spec``).
        self.observation_spec = probe.observation_spec(radius)
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (probe.observation_size(radius),), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.game: Game | None = None

    def _obs(self) -> dict:
        return {
            # Writable arrays of their own (the engine's bytes are read-only).
            "observation": np.frombuffer(bytearray(self.game.observation(self.seat, self._radius)), np.float32),
            "action_mask": np.frombuffer(bytearray(self.game.action_mask(self._radius)), dtype=np.int8)
            if self.game.current_player == self.seat
            else np.zeros(self.action_space.n, dtype=np.int8),
        }

    def _advance(self) -> None:
        while (p := self.game.current_player) is not None and p != self.seat:
            self._bots[p].play(self.game)

    def _reward(self, before: list[int]) -> float:
        after = self.game.scores
        gains = [a - b for a, b in zip(after, before)]
        others = [g for i, g in enumerate(gains) if i != self.seat]
        return float(gains[self.seat] - (sum(others) / len(others) if others else 0.0))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed = seed
        self.game = Game(self._config, **{**self._overrides, "seed": self._seed})
        self._seed += 1
        game_seed = self.game.config()["seed"]
        self._bots = [Bot(self._opponents, game_seed * 7 + i) for i in range(self.game.players)]
        self._advance()
        return self._obs(), {"scores": self.game.scores}

    def step(self, action: int):
        before = self.game.scores
        try:
            self.game.play_index(int(action), self._radius)
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            return self._obs(), self._illegal_reward, True, False, {"scores": before, "illegal_action": True}
        self._advance()
        terminated = self.game.is_over
        obs = self._obs()
        info = {"scores": self.game.scores}
        truncated = not terminated and not obs["action_mask"].any()
        if truncated:
            info["outgrown"] = True
            if not self._warned:
                warnings.warn(
                    f"the game outgrew the window of radius {self._radius}: no legal placement has an index, "
                    "so the episode is truncated (a larger radius avoids it)",
                    RuntimeWarning,
                    stacklevel=2,
                )
                self._warned = True
        return obs, self._reward(before), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (for MaskablePPO and the like)."""
        return self._obs()["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return self.game.svg()
        if self.render_mode == "ansi":
            return self.game.score_table()
        return None


class CarcassonneVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of one learner against built-in bots, stepped
    together by a ``Batch`` (the games and the bots' turns in Rust): the
    vector form of ``CarcassonneGymEnv`` (Gymnasium 1.x).

    Spaces, observations and rewards are ``CarcassonneGymEnv``'s, batched:
    observations ``{"observation": (n, size) float32, "action_mask": (n,
    actions) int8}``, writable arrays of their own. Autoreset is
    ``SAME_STEP``: a game that ends restarts within the step that ended it,
    with the next seed, so the observation returned for it is the new
    game's first (the final observation is not kept). ``infos`` holds, in
    Gymnasium's vector form (an array per key, with a ``_key`` mask of the
    games it applies to): ``seed`` (every game's seed, of the game now in
    that row), and for the games that ended, ``final_scores`` (n × seats)
    and, with ``record=True``, ``final_record`` (the finished game's record
    as JSON, as ``Game.record()`` gives it). ``reset(seed=s)`` gives game
    ``i`` the seed ``s + i`` (later games take the next seeds). A game that
    outgrows the window (its learner decision has no option with an index)
    is truncated.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int,
        config: dict | str | None = None,
        *,
        seat: int = 0,
        opponents: str = "random",
        radius: int = 15,
        threads: int = 0,
        record: bool = False,
        **overrides: Any,
    ) -> None:
        self._probe = Game(config, **overrides)
        if not 0 <= seat < self._probe.players:
            raise ValueError(f"seat {seat} does not exist: the game has {self._probe.players} seats")
        self.num_envs = num_envs
        self.seat = seat
        self._radius = radius
        self._threads = threads
        self._record = record
        self._opponents = {s: opponents for s in range(self._probe.players) if s != seat}
        self._seed = self._probe.config()["seed"]
        size = self._probe.action_space_size(radius)
        #: The observation's layout (``Game.observation_spec``).
        self.observation_spec = self._probe.observation_spec(radius)
        self.single_action_space = spaces.Discrete(size)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self._probe.observation_size(radius),), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.batch: Batch | None = None

    def _obs(self) -> dict:
        return {"observation": self.batch.observations(), "action_mask": self.batch.masks().astype(np.int8)}

    def _info(self) -> dict:
        n = self.num_envs
        return {"seed": self.batch.seeds, "_seed": np.ones(n, bool)}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seed = int(seed)
        self.batch = Batch(
            self._probe,
            self.num_envs,
            self._radius,
            seed=self._seed,
            opponents=self._opponents,
            threads=self._threads,
            record=self._record,
        )
        # The next reset without a seed plays other games.
        self._seed += self.num_envs
        return self._obs(), self._info()

    def step(self, actions):
        rewards, done = self.batch.step([int(a) for a in np.asarray(actions).reshape(-1)])
        others = np.delete(rewards, self.seat, axis=1)
        reward = rewards[:, self.seat] - (others.mean(axis=1) if others.shape[1] else 0.0)
        n = self.num_envs
        truncated = np.zeros(n, bool)
        info = self._info()
        ended = self.batch.ended()
        if ended:
            final = np.zeros((n, self._probe.players), np.int32)
            has = np.zeros(n, bool)
            records = np.full(n, None, dtype=object)
            for e in ended:
                final[e["game"]] = e["scores"]
                has[e["game"]] = True
                truncated[e["game"]] = e["outgrown"]
                records[e["game"]] = e["record"]
            info["final_scores"], info["_final_scores"] = final, has
            if self._record:
                info["final_record"], info["_final_record"] = records, has
        return self._obs(), reward.astype(np.float32), done & ~truncated, truncated, info

    def close_extras(self, **kwargs: Any) -> None:
        self.batch = None


register_envs()
