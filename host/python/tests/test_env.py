import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from carcassonne.env import env, raw_env  # noqa: E402
from carcassonne.gym import CarcassonneGymEnv  # noqa: E402


def play_masked_random_game(e, seed, rng_seed):
    """Plays `e` to the end with uniformly random masked actions; returns
    each agent's summed rewards and the agents that were asked to act."""
    e.reset(seed=seed)
    totals = {a: 0.0 for a in e.possible_agents}
    movers = set()
    rng = np.random.default_rng(rng_seed)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        movers.add(agent)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, movers


def test_pettingzoo_api_test():
    api_test(env(players=2), num_cycles=200)


def test_pettingzoo_api_test_with_expansions():
    api_test(env(players=3, expansions=["easter", "fruit-trees", "abbey-and-mayor"]), num_cycles=200)


def test_pettingzoo_api_test_with_second_turns_and_prisoners():
    # The builder gives a player two turns in a row; a tower's ransom takes
    # points away: the environment follows the engine's player to move.
    api_test(env(players=3, expansions=["traders-and-builders", "the-tower"]), num_cycles=300)


def test_a_game_with_second_turns_and_ransoms_ends_with_the_engines_scores():
    e = raw_env(players=3, expansions=["traders-and-builders", "the-tower"])
    totals, _ = play_masked_random_game(e, seed=5, rng_seed=1)
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.game.scores]


def test_dragon_flights_ask_every_player_and_end_with_the_engines_scores():
    # The dragon's flight asks each player in turn to move it, whoever's
    # turn it is; the fairy scores at the start of a turn.
    api_test(env(players=3, expansions=["the-princess-and-the-dragon"]), num_cycles=300)
    e = raw_env(players=3, expansions=["the-princess-and-the-dragon"])
    totals, movers = play_masked_random_game(e, seed=7, rng_seed=2)
    assert movers == set(e.possible_agents)
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.game.scores]


def test_pettingzoo_seed_test():
    seed_test(lambda: env(players=2), num_cycles=50)


def test_random_masked_game_ends_with_the_engines_scores():
    e = raw_env(players=2)
    totals, _ = play_masked_random_game(e, seed=3, rng_seed=0)
    assert [totals[a] for a in e.possible_agents] == [float(s) for s in e.game.scores]


def test_gymnasium_wrapper_against_bots():
    from gymnasium.utils.env_checker import check_env

    g = CarcassonneGymEnv(players=2, opponents="greedy")
    check_env(g, skip_render_check=True)
    obs, _ = g.reset(seed=1)
    done = False
    rng = np.random.default_rng(1)
    while not done:
        obs, reward, done, trunc, info = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert g.game.is_over


def test_gymnasium_observations_are_writable_arrays_of_their_own():
    from carcassonne.gym import CarcassonneGymEnv

    e = CarcassonneGymEnv(radius=4, opponents="greedy")
    obs, _ = e.reset(seed=1)
    assert obs["observation"].flags.writeable and obs["action_mask"].flags.writeable
    obs["observation"][:] = 5.0
    assert not (e._obs()["observation"] == 5.0).all()
