"""A PettingZoo AEC environment of carcassonne-rs.

Agents are ``player_0`` … ``player_{n-1}`` (seats). One agent may act several
times in a row (place the tile, then deploy, then expansions' decisions).

Action space: ``Discrete(game.action_space_size(radius))`` (see the package
README and ``game.action_spec(radius)``): window cell × 4 rotations for
placements, pass, figure kind × deploy spot on the tile just placed (a
spot is a feature's kind and where it lies, ``"city:E"``, or a corner), then
``OVERFLOW`` option slots for the decision's other options (expansion
decisions, deployments on other tiles), the ``k``-th of them in the engine's
order. A placement outside the window has no index: when a game outgrows
the window (a decision none of whose options has an index) every agent is
truncated, with a ``RuntimeWarning`` once per environment.

Observation: ``{"observation": Box(float32, (size,)), "action_mask":
Box(int8, (size,))}``: planes of W × W cells, then numbers, as
``env.observation_spec`` (``Game.observation_spec(radius)``) names them;
ego-centric (seats counted from the observer) and documented in the README.
Rewards are score changes of every seat on each step (scoring can pay
opponents); ``max_turns`` truncates every agent when reached. Observations
are writable arrays of their own.

An action the mask forbids raises ``IllegalActionError`` (the game is
unchanged); with ``illegal_reward=r`` it ends the game instead, as
PettingZoo's ``TerminateIllegalWrapper`` does: the agent that played it gets
``r``, the others 0, every agent is terminated and ``infos[agent]
["illegal_action"]`` is True for it. PettingZoo's ``parallel_seed_test``
samples actions without the masks, so it passes with ``illegal_reward``.

``parallel_env(...)`` is the same game as a PettingZoo ``ParallelEnv``:
Carcassonne is sequential, so each ``step`` plays one decision, that of the
agent to move (``env.agent_selection``, the one whose mask has a legal
index); every other agent's mask is all zeros and its action, if given, is
ignored. Observations, rewards, terminations and truncations are given to
every agent on every step.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from carcassonne._core import Game, IllegalActionError

DEFAULT_RADIUS = 15


class CarcassonneEnv(AECEnv):
    """Carcassonne as an agent-environment-cycle game (PettingZoo)."""

    metadata = {"render_modes": ["ansi", "svg"], "name": "carcassonne_v0", "is_parallelizable": False}

    def __init__(
        self,
        config: dict | str | None = None,
        *,
        radius: int = DEFAULT_RADIUS,
        max_turns: int | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        **overrides: Any,
    ) -> None:
        super().__init__()
        self._config = config
        self._illegal_reward = illegal_reward
        self._warned = False
        self._overrides = overrides
        self._radius = radius
        self.max_turns = max_turns
        self.render_mode = render_mode
        probe = Game(config, **overrides)
        self._seed = probe.config()["seed"]
        self.possible_agents = [f"player_{i}" for i in range(probe.players)]
        self._size = probe.action_space_size(radius)
        self._obs_size = probe.observation_size(radius)
        #: The observation's layout: plane names, vector slices … (``Game.observation_spec``).
        self.observation_spec = probe.observation_spec(radius)
        self._action_spaces = {a: spaces.Discrete(self._size) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self._obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed = seed
        overrides = dict(self._overrides)
        overrides["seed"] = self._seed
        self.game = Game(self._config, **overrides)
        # The next reset without a seed plays another game.
        self._seed += 1
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._scores = self.game.scores
        self._select()

    def _select(self) -> None:
        player = self.game.current_player
        mask = np.frombuffer(self.game.action_mask(self._radius), dtype=np.int8) if player is not None else None
        self.infos = {a: {} for a in self.agents}
        if player is not None:
            self.agent_selection = self.possible_agents[player]
            self.infos[self.agent_selection]["action_mask"] = mask
            self._mask = mask
            if not mask.any():
                # Every legal option is a placement outside the window.
                if not self._warned:
                    warnings.warn(
                        f"the game outgrew the window of radius {self._radius}: no legal placement has an "
                        "index, so the game is truncated (a larger radius avoids it)",
                        RuntimeWarning,
                        stacklevel=3,
                    )
                    self._warned = True
                self.truncations = {a: True for a in self.agents}
                for a in self.agents:
                    self.infos[a]["outgrown"] = True

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        # Its own writable copy (the engine's bytes are read-only).
        obs = np.frombuffer(bytearray(self.game.observation(seat, self._radius)), dtype=np.float32)
        if agent == self.agent_selection and self.game.current_player == seat and not self.truncations[agent]:
            mask = self._mask.copy()
        else:
            mask = np.zeros(self._size, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            self.game.play_index(int(action), self._radius)
        except IllegalActionError:
            if self._illegal_reward is None:
                raise
            # Ends the game (PettingZoo's TerminateIllegalWrapper).
            for a in self.agents:
                self.rewards[a] = float(self._illegal_reward) if a == agent else 0.0
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"illegal_action": a == agent} for a in self.agents}
            self._accumulate_rewards()
            return
        scores = self.game.scores
        for i, a in enumerate(self.agents):
            self.rewards[a] = float(scores[i] - self._scores[i])
        self._scores = scores
        if self.game.is_over:
            self.terminations = {a: True for a in self.agents}
        elif self.max_turns is not None and self.game.turn > self.max_turns:
            self.truncations = {a: True for a in self.agents}
        self._select()
        if self.game.is_over or any(self.truncations.values()) or any(self.terminations.values()):
            # Every agent steps once more with None to leave; keep the order stable.
            self.agent_selection = agent
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return self.game.svg()
        if self.render_mode == "ansi":
            return self.game.score_table()
        return None

    def close(self) -> None:
        pass


class CarcassonneParallelEnv(ParallelEnv):
    """Carcassonne as a PettingZoo ``ParallelEnv``: one decision a step.

    Only the agent to move (``agent_selection``) has a legal index in its
    mask; the actions of the others are ignored (they may be left out of the
    ``actions`` dict). Rewards are every seat's score change over the step.
    The game, its spaces and ``observation_spec`` are those of the AEC
    environment, which does the work (``self.aec``).
    """

    metadata = {"render_modes": ["ansi", "svg"], "name": "carcassonne_parallel_v0"}

    def __init__(self, config: dict | str | None = None, **kwargs: Any) -> None:
        #: The AEC environment played underneath.
        self.aec = CarcassonneEnv(config, **kwargs)
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode
        self.observation_spec = self.aec.observation_spec

    def observation_space(self, agent: str) -> spaces.Space:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self.aec.action_space(agent)

    @property
    def game(self) -> Game | None:
        """The engine game being played."""
        return self.aec.game

    @property
    def agent_selection(self) -> str:
        """The agent whose action the next ``step`` plays."""
        return self.aec.agent_selection

    def _observe_all(self) -> dict[str, dict]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict]:
        return {a: dict(self.aec.infos.get(a, {})) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observe_all(), self._infos()

    def step(self, actions: dict[str, Any]):
        if not self.agents:
            raise RuntimeError("step() after the game ended: call reset()")
        agent = self.aec.agent_selection
        if agent not in actions or actions[agent] is None:
            raise ValueError(f"{agent} is to move: its action is missing")
        self.aec.step(int(actions[agent]))
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terminations = {a: bool(self.aec.terminations[a]) for a in self.agents}
        truncations = {a: bool(self.aec.truncations[a]) for a in self.agents}
        observations = self._observe_all()
        infos = self._infos()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def env(**kwargs: Any) -> CarcassonneEnv:
    """The environment wrapped in PettingZoo's order enforcement."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(CarcassonneEnv(**kwargs))


def raw_env(**kwargs: Any) -> CarcassonneEnv:
    """The environment without wrappers (fastest)."""
    return CarcassonneEnv(**kwargs)


def parallel_env(**kwargs: Any) -> CarcassonneParallelEnv:
    """The game as a PettingZoo ``ParallelEnv`` (one decision a step, see the module)."""
    return CarcassonneParallelEnv(**kwargs)
