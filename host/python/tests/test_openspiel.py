import pytest

pyspiel = pytest.importorskip("pyspiel")
import carcassonne.openspiel  # noqa: E402,F401


def test_random_sim_test():
    game = pyspiel.load_game("python_carcassonne")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_random_sim_test_serialized_three_players():
    game = pyspiel.load_game("python_carcassonne(players=3)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_chance_outcomes_are_the_bag():
    game = pyspiel.load_game("python_carcassonne")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    state.apply_action(outcomes[0][0])
    assert state.current_player() == 0
    assert state.legal_actions()


def _play_out(state, rng, choose=None, limit=None):
    """Plays `state` on: chance by its odds, decisions by `choose` (random
    when None); stops at the end or after `limit` decisions."""
    decisions = 0
    while not state.is_terminal() and (limit is None or decisions < limit):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(actions, p=probs))
        else:
            action = choose(state) if choose else int(rng.choice(state.legal_actions()))
            assert action in state.legal_actions()
            decisions += 1
        state.apply_action(action)
    return decisions


def test_rewards_come_at_the_end_only():
    import numpy as np

    game = pyspiel.load_game("python_carcassonne(players=2,utility=win)")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    rng = np.random.RandomState(7)
    state = game.new_initial_state()
    _play_out(state, rng, limit=6)
    assert state.returns() == [0.0, 0.0] and state.rewards() == [0.0, 0.0]
    _play_out(state, rng)
    assert state.is_terminal()
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9 and max(returns) > 0
    assert state.rewards() == returns


def test_openspiels_own_mcts_bot_plays_the_game():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_carcassonne(players=2,utility=win,radius=8)")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game, uct_c=1.4, max_simulations=6, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    state = game.new_initial_state()
    assert _play_out(state, rng, choose=bot.step, limit=4) == 4


def test_the_game_string_takes_several_expansions_and_variants():
    game = pyspiel.load_game(
        "python_carcassonne(expansions=easter+fruit-trees,variants=easter.die:d6+base.farmers:false)"
    )
    config = game.template.config()
    assert config["expansions"] == ["easter", "fruit-trees"]
    assert config["variants"]["easter"]["die"] == "d6"
    assert config["variants"]["base"]["farmers"] is False
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="EXPANSION.NAME:VALUE"):
        pyspiel.load_game("python_carcassonne(variants=easter.die)")


def test_a_chance_outcome_is_the_tile_drawn():
    import numpy as np

    game = pyspiel.load_game("python_carcassonne(players=2)")
    rng = np.random.RandomState(11)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 30:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(actions, p=probs))
            left = state._left()[action]
            state.apply_action(action)
            if state.is_chance_node():
                # It fit nowhere: the next draw is from the bag without it.
                assert state._left()[action] == left - 1
            if not state.is_chance_node():
                # The engine's pending placement is of the tile chosen.
                assert state._game.decision.tile == game.tile_ids[action]
                seen += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert seen == 30
    # The state's game replays from its record: the draws as chosen.
    from carcassonne import Game

    assert Game.load(state._game.record()).record() == state._game.record()


def test_zero_sum_returns_are_plus_and_minus_one():
    import numpy as np

    game = pyspiel.load_game("python_carcassonne(players=2,utility=zero-sum,radius=5)")
    state = game.new_initial_state()
    _play_out(state, np.random.RandomState(2))
    returns = state.returns()
    assert sum(returns) == 0.0 and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert (returns[0] > 0) == (state._last[0] > state._last[1])


def test_the_game_pickles_with_its_engine_game():
    import pickle

    game = pyspiel.load_game("python_carcassonne(players=2,utility=zero-sum,radius=5)")
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game) and copy.radius == 5 and copy.utility == "zero-sum"
    assert copy.new_initial_state().is_chance_node()


def test_openspiels_alphazero_learns_on_the_game(tmp_path):
    """OpenSpiel's AlphaZero (JAX, flax nnx; `ci.sh` installs jax[cpu]):
    self-play in a worker process, two learning steps, checkpoints."""
    import json
    import pathlib
    import subprocess
    import sys

    for module in ("jax", "flax", "optax", "chex", "orbax.checkpoint"):
        pytest.importorskip(module)
    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "alphazero.py"
    run = subprocess.run(
        [sys.executable, str(example), "--steps", "2", "--simulations", "2", "--batch", "8",
         "--buffer", "32", "--width", "16", "--evaluators", "0", "--path", str(tmp_path)],
        capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    steps = [json.loads(line) for line in (tmp_path / "learner.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert all(s["total_states"] > 0 for s in steps)
    assert (tmp_path / "checkpoint-2").exists()


def test_the_river_is_drawn_first_and_its_lake_last():
    import numpy as np

    pyspiel.random_sim_test(pyspiel.load_game("python_carcassonne(expansions=river)"), num_sims=2, serialize=False, verbose=False)
    game = pyspiel.load_game("python_carcassonne(expansions=river,players=3)")
    river, lake, rest = game.template.draw_phases()
    assert lake == [("RV-2", 1)]
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    draws = []
    n = sum(n for _, n in river)
    while not state.is_terminal() and len(draws) < n + 3:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(actions, p=probs))
            draws.append(game.tile_ids[action])
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    river_ids, lake_ids = {t for t, _ in river}, {t for t, _ in lake}
    assert set(draws[:n]) <= river_ids, draws
    assert draws[n] in lake_ids, draws
    assert not ({draws[n + 1], draws[n + 2]} & (river_ids | lake_ids)), draws


def test_tiles_set_aside_and_returned_are_drawn_again():
    # The Princess & the Dragon sets dragon tiles aside until the first
    # volcano and returns them then: the chance outcomes follow the
    # engine's bag, so every tile is drawn and placed (before, the
    # returned tiles were never offered and a game ran out of outcomes).
    import numpy as np

    from carcassonne import RecordError

    game = pyspiel.load_game("python_carcassonne(expansions=the-princess-and-the-dragon)")
    bag = sum(n for _, n in game.template.initial_bag())
    rng = np.random.RandomState(1)
    unrecordable = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                actions, probs = zip(*outcomes)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        g = state._game
        assert g.tiles_left == 0
        assert g.state()["tiles_placed"] + g.state()["tiles_discarded"] == bag + 1
        try:
            g.record()
        except RecordError as e:
            # Draws chosen after a tile came back: no draw order says them.
            assert "went back into the bag" in str(e)
            assert "went back into the bag" in str(state)
            unrecordable += 1
    assert unrecordable > 0, "no game had a tile come back before a chosen draw"


def test_the_observation_tensor_is_the_observation_once():
    # OpenSpiel concatenates every entry of the observer's dict: a view of
    # the whole tensor beside views of its parts doubled it (96,520 numbers
    # for an observation of 48,260), and AlphaZero's first layer with it.
    import numpy as np

    game = pyspiel.load_game("python_carcassonne(radius=15)")
    size = game.template.observation_size(15)
    assert size == 48_260  # base game, 2 seats: 50 planes of 31 × 31, 210 numbers
    assert game.observation_tensor_shape() == [size]
    assert game.observation_tensor_size() == size
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    for player in range(2):
        tensor = np.asarray(state.observation_tensor(player), np.float32)
        assert tensor.shape == (size,)
        assert np.array_equal(tensor, np.frombuffer(state._game.observation(player, 15), np.float32))


def _to_first_roll(state, rng):
    """Plays `state` on at random until a chance node over a roll."""
    while not state.is_terminal():
        if state.is_chance_node():
            if state.action_to_string(pyspiel.PlayerId.CHANCE, 0).startswith("roll"):
                return True
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return False


def test_expansion_dice_are_chance_nodes_that_copies_do_not_know():
    # Easter's die used to be rolled inside the engine from the game's seed,
    # so every copy of a state rolled the same future dice and a search knew
    # them; now each roll is a chance node over the die's faces.
    import numpy as np

    game = pyspiel.load_game("python_carcassonne(expansions=easter,seed=3)")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    assert _to_first_roll(state, rng), "no die was rolled in a whole game"
    outcomes = state.chance_outcomes()
    assert outcomes == [(v, pytest.approx(1 / 6)) for v in range(6)]
    rolled = {}
    for face in range(6):
        copy = state.clone()
        copy.apply_action(face)
        assert copy._game.last_rolls[0] == (6, face)
        # The copy's own copy rolled the same: the chosen roll is its state.
        again = copy.clone()
        assert again._game.last_rolls[0] == (6, face)
        assert again.observation_tensor(0) == copy.observation_tensor(0)
        rolled[face] = copy
    # What the bunny may hop depends on the face chosen.
    hops = {str(rolled[f]._game.counters()["easter.hops"]["numbers"]) for f in range(6)}
    assert len(hops) > 1, hops


def test_random_sim_test_with_dice_and_bags():
    for expansions in ("easter", "hills-and-sheep", "under-the-big-top"):
        game = pyspiel.load_game(f"python_carcassonne(expansions={expansions},seed=2)")
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_rolls_are_chosen_outcomes_of_the_game_itself():
    # Game.note_rolls / last_rolls / reroll: the engine's side of the chance node.
    import carcassonne as cc
    import numpy as np

    g = cc.Game(seed=4, expansions=["easter"])
    g.note_rolls()
    rng = np.random.default_rng(4)
    while not g.last_rolls and not g.is_over:
        g.play(int(rng.integers(len(g.legal_actions()))))
    (n, value), *_ = g.last_rolls
    assert n == 6 and 0 <= value < 6
    other = (value + 1) % 6
    assert g.reroll([other])[0] == (6, other)
    with pytest.raises(cc.RecordError, match="rolls were chosen"):
        g.record()
    # Pickled, the game rolls the chosen die again.
    import pickle

    assert pickle.loads(pickle.dumps(g)).counters() == g.counters()
    plain = cc.Game(seed=4)
    with pytest.raises(cc.IllegalActionError, match="note_rolls"):
        plain.reroll([0])
