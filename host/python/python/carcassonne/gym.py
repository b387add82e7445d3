"""A Gymnasium single-agent environment: one seat learns, built-in bots play the others.

``CarcassonneGymEnv(config, seat=0, opponents="random", radius=15)``: the
observation and action spaces are those of ``carcassonne.env`` for the
learner's seat; ``step`` plays the learner's action, then the bots until the
learner decides again or the game ends. An action the mask forbids ends
the episode with reward ``illegal_reward`` and ``info["illegal_action"]``
(as PettingZoo's TerminateIllegal does), or raises ``IllegalActionError``
with ``illegal="raise"``. The reward is the learner's score
change minus the mean change of the other seats over that span, so points
that go to opponents count against it.

Importing this module registers it with Gymnasium as
``carcassonne/Carcassonne-v0``: ``gymnasium.make("carcassonne/Carcassonne-v0",
seat=0, opponents="greedy", radius=5, players=2)`` (keywords go to the
constructor). Without importing it first:
``gymnasium.make("carcassonne.gym:carcassonne/Carcassonne-v0", ...)``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from carcassonne._core import Bot, Game, IllegalActionError
from carcassonne._gym_register import ENV_ID, register_envs

__all__ = ["ENV_ID", "CarcassonneGymEnv"]


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
            "observation": np.frombuffer(self.game.observation(self.seat, self._radius), dtype=np.float32),
            "action_mask": np.frombuffer(self.game.action_mask(self._radius), dtype=np.int8)
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
        return self._obs(), self._reward(before), terminated, False, {"scores": self.game.scores}

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (for MaskablePPO and the like)."""
        return self._obs()["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return self.game.svg()
        if self.render_mode == "ansi":
            return self.game.score_table()
        return None


register_envs()
