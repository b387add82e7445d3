"""Registers ``carcassonne/Carcassonne-v0`` with Gymnasium (kept light: no engine import).

Called by ``import carcassonne.gym``, by ``import carcassonne`` when Gymnasium
is already imported, and by Gymnasium versions before 1.0 through the
``gymnasium.envs`` entry point in ``pyproject.toml``.
"""

from __future__ import annotations

ENV_ID = "carcassonne/Carcassonne-v0"


def register_envs() -> None:
    """Registers the environment once; keyword arguments of ``gymnasium.make`` reach its constructor."""
    from gymnasium.envs.registration import register, registry

    if ENV_ID in registry:
        return
    register(id=ENV_ID, entry_point="carcassonne.gym:CarcassonneGymEnv")
