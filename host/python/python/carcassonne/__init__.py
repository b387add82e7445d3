"""carcassonne-rs for Python: the Rust rules engine with its expansions and plugins.

>>> import carcassonne
>>> game = carcassonne.Game({"players": [{"name": "Ann"}, {"name": "Bob"}]}, seed=7)
>>> options = game.legal_actions()
>>> game.play(options[0])

See ``carcassonne.env`` (PettingZoo: ``env()``, ``parallel_env()``),
``carcassonne.gym`` (Gymnasium, registered as ``carcassonne/Carcassonne-v0``),
``carcassonne.openspiel`` (pyspiel) and ``carcassonne.ray_simulate``.
"""

from carcassonne._core import (
    BOT_NAMES,
    MAX_SEATS,
    OVERFLOW,
    Action,
    Batch,
    Bot,
    ConfigError,
    Decision,
    ExpansionError,
    Game,
    IllegalActionError,
    RecordError,
    __version__,
    expansions,
    merge_shards,
    restore,
    simulate_shard,
)

__all__ = [
    "BOT_NAMES",
    "MAX_SEATS",
    "OVERFLOW",
    "Action",
    "Batch",
    "Bot",
    "ConfigError",
    "Decision",
    "ExpansionError",
    "Game",
    "IllegalActionError",
    "RecordError",
    "__version__",
    "expansions",
    "merge_shards",
    "play_out",
    "restore",
    "simulate_shard",
]


def _register_with_gymnasium() -> None:
    # `import gymnasium, carcassonne` is enough for gymnasium.make; gymnasium
    # is optional, so it is not imported here when the program has not.
    import sys

    if "gymnasium" in sys.modules:
        from carcassonne._gym_register import register_envs

        register_envs()


_register_with_gymnasium()


def play_out(game: Game, bots: "list[Bot]") -> Game:
    """Plays ``game`` to its end, seat ``i`` deciding with ``bots[i]``; returns it."""
    while (player := game.current_player) is not None:
        bots[player].play(game)
    return game
