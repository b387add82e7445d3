"""The PettingZoo Parallel environment and the Gymnasium registration."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
from pettingzoo.test import parallel_api_test  # noqa: E402

from carcassonne.env import CarcassonneParallelEnv, parallel_env  # noqa: E402


def test_parallel_api_test():
    parallel_api_test(parallel_env(players=2), num_cycles=1000)


def test_parallel_api_test_with_expansions_and_second_turns():
    parallel_api_test(parallel_env(players=3, expansions=["traders-and-builders", "the-tower"]), num_cycles=1000)


def test_parallel_same_seed_same_game():
    # PettingZoo's parallel_seed_test samples actions without the masks, which
    # this game refuses (IllegalActionError), so the same check with masks.
    def run(seed):
        e = parallel_env(players=2, radius=5)
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = []
        while e.agents:
            mover = e.agent_selection
            action = int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))
            obs, rewards, *_ = e.step({mover: action})
            trace.append((mover, action, tuple(rewards.values()), obs[mover]["observation"].tobytes()))
        return trace, e.game.scores

    first, second, other = run(42), run(42), run(43)
    assert first == second
    assert first != other


def test_parallel_only_the_agent_to_move_has_a_legal_action_and_others_are_ignored():
    e = parallel_env(players=3, radius=5, expansions=["traders-and-builders"])
    assert isinstance(e, CarcassonneParallelEnv)
    obs, infos = e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    steps = 0
    while e.agents:
        mover = e.agent_selection
        for a in e.agents:
            assert obs[a]["action_mask"].any() == (a == mover)
        assert e.game.current_player == e.possible_agents.index(mover)
        legal = np.flatnonzero(obs[mover]["action_mask"])
        actions = {a: 0 for a in e.agents}  # the others' actions are ignored
        actions[mover] = int(rng.choice(legal))
        obs, rewards, term, trunc, infos = e.step(actions)
        for a, r in rewards.items():
            totals[a] += r
        steps += 1
    assert all(term.values())
    assert e.game.is_over
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.game.scores]
    assert steps > 50


def test_parallel_refuses_a_missing_action_of_the_agent_to_move():
    e = parallel_env(players=2, radius=5)
    e.reset(seed=1)
    with pytest.raises(ValueError, match="is to move"):
        e.step({})


def test_gymnasium_make_with_the_registered_id():
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import carcassonne.gym  # noqa: F401  registers carcassonne/Carcassonne-v0

    e = gymnasium.make("carcassonne/Carcassonne-v0", seat=1, opponents="greedy", radius=5, players=2)
    assert isinstance(e.unwrapped, carcassonne.gym.CarcassonneGymEnv)
    assert e.unwrapped.seat == 1
    check_env(e, skip_render_check=True)  # the made env (Gymnasium warns that it is wrapped)
    check_env(e.unwrapped, skip_render_check=True)
    obs, _ = e.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        obs, reward, done, trunc, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.unwrapped.game.is_over
    assert len(e.unwrapped.game.scores) == 2


def test_gymnasium_make_without_importing_the_module_first():
    # A fresh interpreter: gymnasium loads carcassonne.gym from the id's module part,
    # and `import gymnasium, carcassonne` alone registers the plain id.
    import subprocess
    import sys

    code = (
        "import gymnasium\n"
        "e = gymnasium.make('carcassonne.gym:carcassonne/Carcassonne-v0', radius=4)\n"
        "e.reset(seed=0)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    code = (
        "import gymnasium, carcassonne\n"
        "e = gymnasium.make('carcassonne/Carcassonne-v0', opponents='greedy', radius=4)\n"
        "e.reset(seed=0)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
