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
