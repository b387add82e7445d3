"""The PettingZoo Parallel environment and the Gymnasium registration."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
from pettingzoo.test import parallel_api_test  # noqa: E402

import carcassonne  # noqa: E402
from carcassonne.env import CarcassonneParallelEnv, parallel_env  # noqa: E402


def test_parallel_api_test():
    parallel_api_test(parallel_env(players=2), num_cycles=1000)


def test_parallel_api_test_with_expansions_and_second_turns():
    parallel_api_test(parallel_env(players=3, expansions=["traders-and-builders", "the-tower"]), num_cycles=1000)


def test_pettingzoos_parallel_seed_test_passes_when_illegal_actions_end_the_game():
    # It samples every agent's action without the masks: refused by default,
    # with illegal_reward an illegal action ends the game (TerminateIllegal).
    from pettingzoo.test import parallel_seed_test

    parallel_seed_test(lambda: parallel_env(players=2, radius=5, illegal_reward=-1.0), num_cycles=200)
    with pytest.raises(carcassonne.IllegalActionError):
        parallel_seed_test(lambda: parallel_env(players=2, radius=5), num_cycles=200)


def test_an_illegal_action_with_illegal_reward_ends_the_game_for_every_agent():
    e = parallel_env(players=3, radius=5, illegal_reward=-5.0)
    obs, _ = e.reset(seed=3)
    mover = e.agent_selection
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    obs, rewards, term, trunc, infos = e.step({mover: illegal})
    assert rewards == {a: (-5.0 if a == mover else 0.0) for a in rewards}
    assert all(term.values()) and not any(trunc.values())
    assert infos[mover]["illegal_action"] and not any(infos[a]["illegal_action"] for a in infos if a != mover)
    assert e.agents == []


def test_observations_are_writable_arrays_of_their_own():
    e = parallel_env(players=2, radius=5)
    obs, _ = e.reset(seed=1)
    for a in e.possible_agents:
        o = obs[a]["observation"]
        assert o.flags.writeable and obs[a]["action_mask"].flags.writeable
        o[:] = 7.0  # does not touch the next observation
    obs, *_ = e.step({e.agent_selection: int(np.flatnonzero(obs[e.agent_selection]["action_mask"])[0])})
    assert not (obs["player_0"]["observation"] == 7.0).all()


def test_a_game_that_outgrows_the_window_is_truncated_with_a_warning():
    # At radius 1 the window is the start tile and its 8 neighbours: soon
    # every legal placement lies outside it and has no index.
    e = parallel_env(players=2, radius=1)
    obs, _ = e.reset(seed=0)
    rng = np.random.default_rng(0)
    with pytest.warns(RuntimeWarning, match="outgrew the window of radius 1"):
        while e.agents:
            mover = e.agent_selection
            obs, rewards, term, trunc, infos = e.step({mover: int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))})
    assert all(trunc.values()) and not e.game.is_over
    assert all(i.get("outgrown") for i in infos.values())
    assert e.game.legal_actions() and e.game.unindexed(1) == len(e.game.legal_actions())


def test_parallel_same_seed_same_game():
    # The same check with masks.
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


def test_the_vector_environment_steps_a_batch_with_autoreset_seeds_and_final_records():
    import gymnasium

    import carcassonne.gym  # noqa: F401

    e = gymnasium.make_vec(
        "carcassonne/Carcassonne-v0",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        radius=6,
        opponents="greedy",
        record=True,
    )
    assert isinstance(e, carcassonne.gym.CarcassonneVectorEnv)
    assert e.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = e.reset(seed=20)
    assert obs in e.observation_space
    assert list(info["seed"]) == [20, 21, 22]
    assert obs["observation"].flags.writeable
    rng = np.random.default_rng(0)
    returns, finals = np.zeros(3), []
    while len(finals) < 4:
        actions = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
        obs, reward, term, trunc, info = e.step(actions)
        assert obs["action_mask"].any(axis=1).all(), "every game has a legal index: autoreset in the same step"
        returns += reward
        for g in np.flatnonzero(term | trunc):
            assert info["_final_scores"][g]
            # The record replays the finished game to its final scores.
            replayed = carcassonne.Game.load(info["final_record"][g])
            assert replayed.is_over and replayed.scores == list(info["final_scores"][g])
            scores = info["final_scores"][g]
            finals.append((returns[g], float(scores[0] - scores[1])))
            returns[g] = 0
    # The rewards over a game add up to the learner's final margin.
    for total, margin in finals:
        assert total == pytest.approx(margin)
