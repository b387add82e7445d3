"""Fuzzing the Python API (issue 40, item 8): whatever numbers, strings
and structures an entry point is handed, it answers or raises a Python
exception carrying the engine's message. It never panics (pyo3 turns a
Rust panic into a PanicException, a BaseException, which these tests
would not catch), never aborts the interpreter and never allocates
without bound."""

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcassonne
from carcassonne import Batch, Game

# A few dozen examples each keep the suite quick; the strategies reach
# the edges (huge, negative, empty) on purpose.
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

EXPECTED = (ValueError, TypeError, IndexError, OverflowError, KeyError, RuntimeError, OSError)

numbers = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 6, 7, 255, 256, 10**8, 2**31, 2**63, 2**64 - 1]),
)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(players=2, seed=3)


def answers_or_raises(call):
    """Runs `call`; a Python exception of the expected kinds is fine."""
    try:
        call()
    except EXPECTED as e:
        assert str(e), "an exception says why"


@FUZZ
@given(players=numbers, seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_a_game_of_any_number_of_players(players, seed):
    answers_or_raises(lambda: Game(players=players, seed=seed))


@FUZZ
@given(player=numbers, radius=numbers)
def test_observations_of_any_seat_and_radius(game, player, radius):
    answers_or_raises(lambda: game.observation(player, radius))
    answers_or_raises(lambda: game.observation_size(radius))
    answers_or_raises(lambda: game.action_mask(radius))
    answers_or_raises(lambda: game.breakdown(player))


@FUZZ
@given(n=st.one_of(st.integers(min_value=0, max_value=3), numbers), radius=st.integers(-3, 40))
def test_a_batch_of_any_size(game, n, radius):
    answers_or_raises(lambda: Batch(game, n, radius))


@FUZZ
@given(index=numbers, radius=st.integers(-3, 40))
def test_playing_any_index(index, radius):
    g = Game(players=2, seed=5)
    answers_or_raises(lambda: g.play_index(index, radius))
    answers_or_raises(lambda: g.play(index))


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=300),
        st.dictionaries(st.text(max_size=10), st.integers() | st.text(max_size=10), max_size=5).map(json.dumps),
    )
)
def test_loading_any_record_text(text):
    answers_or_raises(lambda: Game.load(text if text.lstrip().startswith("{") else "{" + text))
    answers_or_raises(lambda: carcassonne._core.restore(text))


@FUZZ
@given(lines=st.lists(st.text(max_size=200), max_size=4), forge=st.integers(0, 5), value=numbers)
def test_merging_any_shard_text(lines, forge, value):
    answers_or_raises(lambda: carcassonne.merge_shards(["\n".join(lines)]))
    # A real shard with one number forged.
    shard = carcassonne.simulate_shard(2, players=2, seed=1)
    parsed = [json.loads(line) for line in shard.splitlines() if line.strip()]
    header, first = parsed[0]["shard"], parsed[1]
    target = [
        lambda: header.__setitem__("games", value),
        lambda: header.__setitem__("of", value),
        lambda: first.__setitem__("turns", value),
        lambda: first["scores"].__setitem__(0, value),
        lambda: first.__setitem__("scores", [value] * 7),
        lambda: first["breakdown"][0].__setitem__(0, value),
    ][forge]
    target()
    forged = "\n".join(json.dumps(p) for p in parsed)
    answers_or_raises(lambda: carcassonne.merge_shards([forged]))


@FUZZ
@given(games=numbers, shard=numbers, of=numbers, threads=st.integers(-1, 2000))
def test_simulating_any_shard_numbers(games, shard, of, threads):
    # Only runs that are refused or tiny are actually played.
    if 0 <= games <= 3 or not (0 <= shard < of):
        answers_or_raises(lambda: carcassonne.simulate_shard(games, shard, of, threads=threads))


@FUZZ
@given(name=st.text(max_size=40), seed=numbers)
def test_any_bot_name(name, seed):
    answers_or_raises(lambda: carcassonne.Bot(name, seed))


@FUZZ
@given(radius=numbers)
def test_layout_specs_of_any_radius(game, radius):
    answers_or_raises(lambda: game.observation_spec(radius))
    answers_or_raises(lambda: game.action_spec(radius))


@FUZZ
@given(
    opponents=st.dictionaries(st.one_of(st.integers(-3, 8), numbers), st.text(max_size=12) | st.sampled_from(
        ["random", "greedy", "mcts:2", "mcts:0"]), max_size=4),
    threads=st.one_of(st.integers(0, 4), numbers),
)
def test_a_batch_with_any_opponents_and_threads(game, opponents, threads):
    def run():
        b = Batch(game, 2, 2, opponents=opponents, threads=threads)
        b.step_random()
        b.observations()

    answers_or_raises(run)


@FUZZ
@given(
    out=st.one_of(
        st.binary(max_size=64).map(bytearray),
        st.sampled_from(["float32", "float64", "int32", "uint8"]).flatmap(
            lambda dt: st.tuples(st.integers(0, 3), st.integers(0, 3000)).map(lambda s: np.zeros(s, dtype=dt))
        ),
        st.sampled_from([None, 0, "x", b"abc", [1.0, 2.0]]),
    )
)
def test_batch_observations_into_any_buffer(game, out):
    b = Batch(game, 2, 2)
    answers_or_raises(lambda: b.observations(out))
    # A read-only or strided array is refused, never written.
    ro = np.zeros((2, b.observation_size), dtype=np.float32)
    ro.setflags(write=False)
    answers_or_raises(lambda: b.observations(ro))
    assert not ro.any()
    strided = np.zeros((2, 2 * b.observation_size), dtype=np.float32)[:, ::2]
    answers_or_raises(lambda: b.observations(strided))
    assert not strided.any()


@FUZZ
@given(player=numbers, radius=numbers)
def test_compact_observations_of_any_seat_and_radius(game, player, radius):
    answers_or_raises(lambda: game.compact_observation(player, radius))


@FUZZ
@given(rolls=st.lists(numbers, max_size=8), noting=st.booleans())
def test_rerolls_of_any_values(rolls, noting):
    g = Game(players=2, seed=5, expansions=["easter"])
    if noting:
        g.note_rolls()
    answers_or_raises(lambda: g.reroll(rolls))  # nothing played yet
    for _ in range(6):
        g.play(0)
    answers_or_raises(lambda: g.reroll(rolls))
    # Whatever was handed, the game goes on: a chosen roll is held in range.
    assert all(0 <= v < n for n, v in g.last_rolls)
    assert g.legal_actions() or g.is_over


@FUZZ
@given(radius=st.one_of(st.integers(-2, 3), numbers), record=st.booleans())
def test_a_batch_of_any_radius_with_records_and_compact_observations(game, radius, record):
    def run():
        b = Batch(game, 2, radius, record=record)
        for _ in range(3):
            b.step_random()
        b.compact_observations()
        b.ended()
        list(b.seeds)

    answers_or_raises(run)
