"""carcassonne-rs as an OpenSpiel game written in Python: ``python_carcassonne``.

Importing this module registers the game with ``pyspiel``::

    import carcassonne.openspiel, pyspiel
    game = pyspiel.load_game("python_carcassonne(players=2,seed=1)")

Each tile draw is an explicit chance node: the outcomes are the tile types
left in the bag, each with probability count / tiles left (a tile that fits
nowhere is discarded and the next draw is one more chance node). Player
actions are the flat action index of ``Game.action_mask`` (window of
``radius`` around the start tile).

A chance node costs one decision, not a replay: the engine game has a draw
order (the bag as a stack), and an outcome takes back the decision that
drew and plays it again with the chosen tile on top (``Game.redraw``).
The outcomes of a draw are the tiles in the bag as the engine has it
(``Game.bag_counts``, with the draws of the pending decision not yet
chosen put back), so tiles an expansion sets aside and returns (The
Princess & the Dragon's dragon tiles) are drawn as in play. Expansions
that order the bag in phases (The River) are followed: the outcomes are
the tiles of the first phase that has any left (``Game.draw_phases``), so
the river is drawn before the rest and its lake last of the river.

Rewards come at the end only (OpenSpiel's terminal reward model, which its
``MCTSBot`` and AlphaZero require): the returns of a finished game, 0 for
every seat before. ``utility=points`` (the default) returns the final
scores; ``utility=win`` returns 1 to the winner (1/k to each of k tied
winners) and 0 to the others, a bounded value for search;
``utility=zero-sum`` returns that share less the mean share, scaled so that
a 2-player game returns +1 and -1 (0 each for a tie): what OpenSpiel's
AlphaZero learns from (its value is player 1's return, in [-1, 1]).

Expansions' rolls are chance nodes too: a die (Easter's), a token drawn
from a bag (Hills & Sheep's sheep and wolves, Under the Big Top's animal
tokens), anything an expansion draws from the game's random stream during
play (``Ctx::random_below``). After a decision that rolled, each roll is a
chance node whose outcomes are ``0 … n-1``, each with probability 1/n (the
engine's own uniform draw), chosen the way draws are: the decision is
taken back and played again with the rolls chosen (``Game.note_rolls``,
``Game.last_rolls``, ``Game.reroll``). A decision's rolls come before its
draws. So no copy of a state knows the dice ahead, and a search (OpenSpiel's
``MCTSBot``, AlphaZero) samples them as it samples draws. Only what the
setup shuffles (Fruit Trees' face-down stacks) comes from ``seed``.

A placement outside the window (``radius``) has no action: a game that
outgrows it (a decision none of whose options has an index) ends there,
terminal with the scores so far, with a ``RuntimeWarning``.

Parameters: ``players``, ``seed`` (the setup's shuffles), ``expansions``
(joined with ``+``, since OpenSpiel's game strings split parameters on
commas: ``expansions=easter+fruit-trees``), ``variants``
(``EXPANSION.NAME:VALUE`` joined with ``+``:
``variants=easter.die:d6+base.farmers:false``), ``radius``, ``utility``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pyspiel

from carcassonne._core import Game, RecordError

# The widest roll a chance node offers (the sheep bag holds 18 tokens, a die 6).
MAX_ROLL = 64

_DEFAULTS = {"players": 2, "seed": 0, "expansions": "", "variants": "", "radius": 15, "utility": "points"}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_carcassonne",
    long_name="Python Carcassonne (carcassonne-rs)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class CarcassonneGame(pyspiel.Game):
    """The game: its template engine game, action count and chance outcomes."""

    def __init__(self, params: dict | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        # `+` in game strings; `,` too when the parameters come as a dict.
        expansions = [e.strip() for e in str(params["expansions"]).replace(",", "+").split("+") if e.strip()]
        variants = []
        for v in str(params["variants"]).split("+"):
            if not v.strip():
                continue
            name, sep, value = v.strip().partition(":")
            if not sep:
                raise ValueError(f"variants: {v!r} is not EXPANSION.NAME:VALUE")
            variants.append(f"{name}={value}")
        self.utility = str(params["utility"])
        if self.utility not in ("points", "win", "zero-sum"):
            raise ValueError(f"utility: {self.utility!r}; expected points, win or zero-sum")
        self.radius = int(params["radius"])
        self.template = Game(
            players=int(params["players"]), seed=int(params["seed"]), expansions=expansions, variants=variants
        )
        bag = self.template.initial_bag()
        self.tile_ids = [t for t, _ in bag]
        self.tile_index = {t: i for i, t in enumerate(self.tile_ids)}
        # Per draw phase (first drawn first), the copies of each tile type,
        # and the phase of each tile type.
        self.phase_counts = []
        self.phase_of = [0] * len(self.tile_ids)
        for p, phase in enumerate(self.template.draw_phases()):
            counts = [0] * len(self.tile_ids)
            for t, n in phase:
                counts[self.tile_index[t]] += n
                if any(earlier[self.tile_index[t]] for earlier in self.phase_counts):
                    raise ValueError(
                        f"tile {t} lies in two draw phases of the bag; the OpenSpiel game draws "
                        "each tile type in one phase"
                    )
                self.phase_of[self.tile_index[t]] = p
            self.phase_counts.append(counts)
        bag_size = sum(map(sum, self.phase_counts))
        # The engine game every state starts from: the bag as a stack in a
        # fixed order, phase by phase, whose draws the chance outcomes then
        # choose (a chosen tile is swapped up from the nearest copy, which
        # lies in the phase being drawn).
        self.start = self.template.with_draw_order(
            [t for counts in self.phase_counts for t, n in zip(self.tile_ids, counts) for _ in range(n)]
        )
        # Every decision's rolls are chance nodes.
        self.start.note_rolls()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.template.action_space_size(self.radius),
            # A draw's outcomes are tile types; a roll's, 0 … n-1.
            max_chance_outcomes=max(len(self.tile_ids), MAX_ROLL),
            num_players=int(params["players"]),
            min_utility={"win": 0.0, "zero-sum": -1.0}.get(self.utility, -1000.0),
            max_utility={"win": 1.0, "zero-sum": 1.0}.get(self.utility, 2000.0),
            utility_sum=None,
            # Place, deploy and expansions' decisions per tile drawn.
            max_game_length=bag_size * 8 + 8,
        )
        super().__init__(_GAME_TYPE, info, params)

    def __reduce__(self):
        # A copy in another process (AlphaZero's workers get the game
        # pickled) is the game loaded again from its string, so that it has
        # its engine game too; pyspiel's own pickling restores only the
        # C++ side.
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> "CarcassonneState":
        return CarcassonneState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CarcassonneObserver":
        return CarcassonneObserver(self)


class CarcassonneState(pyspiel.State):
    """A state: the engine game, and the draws chosen so far."""

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        self._radius = game.radius
        self._utility = game.utility
        self._tile_ids = game.tile_ids
        self._tile_index = game.tile_index
        self._phase_of = game.phase_of
        self._draws: list[str] = []
        self._game: Game = game.start.clone()
        # The draws and rolls of the pending chance node's decision chosen
        # so far: the setup (or the last decision) drew and rolled, and each
        # chance outcome decides one roll, then one draw.
        self._chosen: list[str] = []
        self._rolls: list[int] = []
        self._chance = self._pending()
        self._last = [0] * game.num_players()
        self._outgrown = False

    def _pending_roll(self) -> int | None:
        """The range n of the next roll to choose, or None."""
        made = self._game.last_rolls
        return made[len(self._rolls)][0] if len(self._rolls) < len(made) else None

    def _pending(self) -> bool:
        return self._pending_roll() is not None or len(self._chosen) < self._game.last_draws

    def _at_chance(self) -> bool:
        return self._chance

    def current_player(self) -> int:
        if self._chance:
            return pyspiel.PlayerId.CHANCE
        if self._game.current_player is None or self._outgrown:
            return pyspiel.PlayerId.TERMINAL
        return self._game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(i for i in self._game.action_indices(self._radius) if i is not None)

    def _left(self) -> list[int]:
        """The copies of each tile type the pending draw may give: the
        engine's bag with the draws of the decision not chosen yet put back,
        in the first draw phase that has any."""
        left = [0] * len(self._tile_ids)
        for t, n in self._game.bag_counts():
            left[self._tile_index[t]] += n
        for t in self._game.last_drawn[len(self._chosen) :]:
            left[self._tile_index[t]] += 1
        phase = min((self._phase_of[i] for i, n in enumerate(left) if n), default=0)
        return [n if self._phase_of[i] == phase else 0 for i, n in enumerate(left)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._pending_roll()
        if n is not None:
            if n > MAX_ROLL:
                raise ValueError(f"a roll of {n} outcomes; the OpenSpiel game offers at most {MAX_ROLL}")
            return [(v, 1.0 / n) for v in range(n)]
        left = self._left()
        total = sum(left)
        return [(i, n / total) for i, n in enumerate(left) if n > 0]

    def _settle(self) -> None:
        """The scores once a decision or the end is reached."""
        if not self._chance:
            self._last = self._game.scores
            # A decision none of whose options has an index (every
            # placement outside the window) ends the game here.
            self._outgrown = (
                self._game.current_player is not None and b"\x01" not in self._game.action_mask(self._radius)
            )
            if self._outgrown:
                warnings.warn(
                    f"the game outgrew the window of radius {self._radius}: no legal placement has an index, "
                    "so the state is terminal (a larger radius avoids it)",
                    RuntimeWarning,
                    stacklevel=2,
                )

    def _apply_action(self, action: int) -> None:
        if self._chance:
            if self._pending_roll() is not None:
                self._rolls.append(int(action))
                self._game.reroll(self._rolls)
            else:
                tile = self._tile_ids[action]
                self._draws.append(tile)
                self._chosen.append(tile)
                # Still a chance node when the chosen tile fit nowhere and
                # the game drew again.
                self._game.redraw(self._chosen)
            self._chance = self._pending()
        else:
            self._game.play_index(action, self._radius)
            self._chosen, self._rolls = [], []
            self._chance = self._pending()
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = self._pending_roll()
            if n is not None:
                return f"roll {action} of {n}"
            return f"draw {self._tile_ids[action]}"
        labels = dict(zip(self._game.action_indices(self._radius), self._game.legal_actions()))
        a = labels.get(action)
        return a.label if a is not None else f"action {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        # Terminal reward model: nothing before the end.
        if not self.is_terminal():
            return [0.0] * len(self._last)
        if self._utility in ("win", "zero-sum"):
            best = max(self._last)
            winners = [s == best for s in self._last]
            shares = [1.0 / sum(winners) if w else 0.0 for w in winners]
            if self._utility == "win":
                return shares
            n = len(shares)
            return [n / (n - 1) * (share - 1.0 / n) for share in shares]
        return [float(s) for s in self._last]

    def rewards(self) -> list[float]:
        # All of it on the move into the end, as the returns.
        return self.returns()

    def __str__(self) -> str:
        try:
            moves = self._game.record()
        except RecordError as e:
            # Draws chosen after a tile went back into the bag: no record.
            moves = str(e)
        return f"draws {' '.join(self._draws)}\n{moves}"


class CarcassonneObserver:
    """Observation tensor (``Game.observation``, ego-centric) and string.

    ``dict`` holds views that partition the tensor, in its order: the
    planes as ``(planes, W, W)``, then each vector part by name. OpenSpiel
    builds a state's ``observation_tensor`` by concatenating every entry of
    ``dict``, so no entry may overlap another (a view of the whole tensor
    beside its parts made OpenSpiel's tensor twice the observation)."""

    def __init__(self, game: CarcassonneGame) -> None:
        self._radius = game.radius
        spec = game.template.observation_spec(game.radius)
        self.tensor = np.zeros(spec["size"], np.float32)
        w = spec["width"]
        planes = len(spec["planes"])
        self.dict = {"planes": self.tensor[: planes * w * w].reshape(planes, w, w)}
        at = planes * w * w
        for name, (start, stop) in spec["vectors"].items():
            assert start == at, "the vector parts follow the planes without gap"
            self.dict[name] = self.tensor[start:stop]
            at = stop
        assert at == spec["size"]

    def set_from(self, state: CarcassonneState, player: int) -> None:
        if state._game is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = np.frombuffer(state._game.observation(player, self._radius), dtype=np.float32)

    def string_from(self, state: CarcassonneState, player: int) -> str:
        return str(state)


pyspiel.register_game(_GAME_TYPE, CarcassonneGame)
