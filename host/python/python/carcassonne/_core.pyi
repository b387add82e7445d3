"""Type stubs of carcassonne._core, the Rust extension (PyO3)."""

from os import PathLike
from typing import Any, Final, final

__all__ = [
    "BOT_NAMES", "MAX_SEATS", "OVERFLOW", "Action", "Batch", "Bot", "ConfigError",
    "Decision", "ExpansionError", "Game", "IllegalActionError", "RecordError", "__version__", "expansions",
    "merge_shards", "restore", "simulate_shard",
]

_Path = str | PathLike[str]
_Variants = dict[str, dict[str, str | int | bool]] | list[str]
_Parts = dict[str, dict[str, bool]] | list[str]

BOT_NAMES: Final[list[str]]
OVERFLOW: Final[int]
MAX_SEATS: Final[int]
__version__: Final[str]

class ConfigError(ValueError):
    """The configuration cannot make a game."""

class IllegalActionError(ValueError):
    """The action is not legal now; the game is unchanged."""

    kind: str
    """Why, as the engine's refusal kind in the words the server uses too:
    `"tile-does-not-fit"`, `"feature-occupied"`, `"game-over"` …"""

class RecordError(ValueError):
    """A game record cannot be read or replayed."""

class ExpansionError(RuntimeError):
    """An expansion failed while playing an action."""

@final
class Action:
    """One legal option of the pending decision."""

    @property
    def index(self) -> int:
        """Position in the legal list it came from."""
    @property
    def label(self) -> str:
        """What it does, in words."""
    @property
    def record(self) -> Any:
        """The move as written in game records."""
    @property
    def record_json(self) -> str:
        """The record form as one line of JSON."""
    @property
    def kind(self) -> str:
        """'place', 'deploy', 'pass' or 'expansion'."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Decision:
    """Whose decision it is and of what kind."""

    @property
    def kind(self) -> str: ...
    @property
    def player(self) -> int: ...
    @property
    def tile(self) -> str | None: ...
    @property
    def at(self) -> tuple[int, int] | None: ...
    @property
    def expansion(self) -> str | None: ...
    @property
    def label(self) -> str | None: ...

@final
class Game:
    """A game with the engine's rules, expansions and plugins."""

    def __new__(
        cls,
        config: dict[str, Any] | _Path | None = None,
        *,
        players: int | None = None,
        seed: int | None = None,
        expansions: list[str] | None = None,
        variants: _Variants | None = None,
        parts: _Parts | None = None,
        tiles_only: list[str] | None = None,
        plugins: list[_Path] = ...,
        tiles: _Path | None = None,
    ) -> Game: ...
    @staticmethod
    def load(record: str | dict[str, Any] | PathLike[str], *, plugins: list[_Path] = ..., tiles: _Path | None = None) -> Game:
        """The game a record (JSON text, dict or file) describes, replayed."""
    @property
    def decision(self) -> Decision | None: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def players(self) -> int: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def score_sources(self) -> list[str]: ...
    @property
    def turn(self) -> int: ...
    @property
    def tiles_left(self) -> int: ...
    @property
    def next_draws(self) -> list[str] | None: ...
    @property
    def last_draws(self) -> int: ...
    @property
    def last_drawn(self) -> list[str]: ...
    def bag_counts(self) -> list[tuple[str, int]]: ...
    @property
    def figure_kinds(self) -> list[str]: ...
    def breakdown(self, player: int) -> dict[str, int]: ...
    def state(self) -> dict[str, Any]: ...
    def config(self) -> dict[str, Any]: ...
    def legal_actions(self) -> list[Action]: ...
    def play(self, action: Action | int | str | dict[str, Any]) -> None: ...
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def determinized(self, seed: int) -> Game: ...
    def record(self) -> str: ...
    def save(self, path: _Path) -> None: ...
    def svg(self) -> str: ...
    def events(self) -> list[str]: ...
    def score_table(self) -> str: ...
    def action_space_size(self, radius: int = 15) -> int: ...
    def action_mask(self, radius: int = 15) -> bytes: ...
    def action_indices(self, radius: int = 15) -> list[int | None]: ...
    def unindexed(self, radius: int = 15) -> int: ...
    def play_index(self, index: int, radius: int = 15) -> None: ...
    def observation(self, player: int, radius: int = 15) -> bytes: ...
    def observation_size(self, radius: int = 15) -> int: ...
    def counters(self) -> dict[str, Any]: ...
    def observation_spec(self, radius: int = 15) -> dict[str, Any]:
        """Plane names, vector slices, tile-code channel names, tile ids, figures, players, size."""
    def action_spec(self, radius: int = 15) -> dict[str, Any]:
        """Blocks of the flat action index and the names of the deploy spots."""
    def initial_bag(self) -> list[tuple[str, int]]: ...
    def draw_phases(self) -> list[list[tuple[str, int]]]: ...
    def with_draw_order(self, draws: list[str]) -> Game: ...
    def redraw(self, draws: list[str]) -> int: ...
    def note_rolls(self, on: bool = True) -> None: ...
    @property
    def last_rolls(self) -> list[tuple[int, int]]: ...
    def reroll(self, rolls: list[int]) -> list[tuple[int, int]]:
        """Plays the last decision again with its first rolls chosen; returns last_rolls."""
    def compact_observation(self, player: int, radius: int = 15) -> dict[str, Any]:
        """tiles (k, 4) int32, figures (m, 5) int32, numbers float32: the observation without planes."""
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...

@final
class Bot:
    """A built-in bot with its own seeded stream: 'random', 'greedy', or the
    search bot 'mcts', 'mcts:N' (N iterations a decision) or 'mcts:0.5s'
    (time a decision), each mcts form optionally followed by ':threads=K'."""

    def __new__(cls, name: str = "random", seed: int = 0) -> Bot: ...
    def choose(self, game: Game) -> Action | None: ...
    def play(self, game: Game) -> Action | None: ...
    def analyse(self, game: Game) -> dict[str, Any]:
        """The search bot's view of each legal action: actions, visits, q, best, iterations."""

@final
class Batch:
    """Many games stepped together by flat action index."""

    def __new__(
        cls,
        game: Game,
        n: int,
        radius: int = 15,
        seed: int | None = None,
        *,
        opponents: dict[int, str] | None = None,
        threads: int = 0,
        record: bool = False,
    ) -> Batch: ...
    def __len__(self) -> int: ...
    @property
    def action_space_size(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def finished(self) -> int: ...
    @property
    def outgrown(self) -> int: ...
    @property
    def seeds(self) -> Any:
        """Each game's seed, a uint64 numpy array."""
    def ended(self) -> list[dict[str, Any]]:
        """The games the last step ended: game, seed, scores, outgrown, record."""
    def players(self) -> Any:
        """The deciding seat of each game, a uint8 numpy array."""
    def masks(self) -> Any:
        """A bool numpy array (n, action_space_size)."""
    def observations(self, out: Any = None) -> Any:
        """Every game's observation in one float32 array (n, observation_size), or filled into `out`."""
    def compact_observations(self) -> dict[str, Any]:
        """Every game's compact observation: tiles, tile_offsets, figures, figure_offsets, numbers."""
    def legal(self) -> tuple[Any, Any]:
        """(indices, offsets) as int32 numpy arrays."""
    def step(self, actions: list[int]) -> tuple[Any, Any]:
        """(rewards: int32 (n, seats), done: bool (n,)) numpy arrays."""
    def step_random(self) -> tuple[Any, Any]: ...

def expansions(plugins: list[_Path] = ..., tiles: _Path | None = None) -> list[dict[str, Any]]: ...
def restore(state: str) -> Game: ...
def simulate_shard(
    games: int,
    shard: int = 0,
    of: int = 1,
    *,
    config: dict[str, Any] | _Path | None = None,
    players: int | None = None,
    seed: int | None = None,
    expansions: list[str] | None = None,
    variants: _Variants | None = None,
    parts: _Parts | None = None,
    tiles_only: list[str] | None = None,
    plugins: list[_Path] = ...,
    tiles: _Path | None = None,
    bot: str = "random",
    threads: int = 1,
) -> str: ...
def merge_shards(texts: list[str], json: bool = False) -> str: ...
