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
    try:
        # Gymnasium 1.x: gymnasium.make_vec(ENV_ID, num_envs=n, vectorization_mode="vector_entry_point")
        # builds the Batch-backed vector environment.
        register(
            id=ENV_ID,
            entry_point="carcassonne.gym:CarcassonneGymEnv",
            vector_entry_point="carcassonne.gym:CarcassonneVectorEnv",
        )
    except TypeError:  # Gymnasium 0.29: no vector entry points
        register(id=ENV_ID, entry_point="carcassonne.gym:CarcassonneGymEnv")
