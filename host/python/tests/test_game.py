import copy
import pickle
import random
import re

import pytest

import carcassonne
from carcassonne import Bot, Game, play_out


def test_config_dict_and_overrides_make_the_game():
    g = Game({"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], "seed": 5}, seed=9)
    assert g.names == ["Ann", "Bob", "Cy"]
    assert g.config()["seed"] == 9
    d = g.decision
    assert d.kind == "place" and d.player == 0 and d.tile


def test_toml_path_and_variants(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('seed = 4\nexpansions = ["easter"]\n[[players]]\nname = "A"\n[[players]]\nname = "B"\n')
    g = Game(str(path), variants={"easter": {"die": "d6"}})
    assert g.config()["variants"]["easter"]["die"] == "d6"
    assert "easter" in g.state()["expansions"]


def test_errors_are_python_exceptions_with_the_engines_messages():
    with pytest.raises(carcassonne.ConfigError, match="nope"):
        Game(expansions=["nope"])
    g = Game(seed=1)
    with pytest.raises(carcassonne.IllegalActionError) as refused:
        g.play({"place": {"at": [40, 40], "rotation": 0}})
    assert refused.value.kind == "not-adjacent"
    assert g.turn == 1 and g.decision.kind == "place"
    with pytest.raises(carcassonne.IllegalActionError) as refused:
        g.play(10_000)
    assert refused.value.kind == "not-an-option"
    with pytest.raises(carcassonne.IllegalActionError) as refused:
        g.play("pass")
    assert refused.value.kind == "wrong-decision"
    with pytest.raises(carcassonne.IllegalActionError) as refused:
        g.play({"place": 5})
    assert refused.value.kind == "malformed-move"


def test_actions_have_labels_and_record_forms_that_play():
    g = Game(seed=2)
    options = g.legal_actions()
    # Placements in words, in steps from a tile the player sees, with no
    # coordinates ("Place the tile 1 tile east of the last tile placed").
    assert all(a.label.startswith("Place the tile ") for a in options)
    assert not any(re.search(r"\(-?\d", a.label) for a in options)
    copy_ = g.clone()
    g.play(options[3])
    copy_.play(options[3].record)
    assert g.record() == copy_.record()
    deploy = g.legal_actions()
    assert any(a.kind == "pass" for a in deploy)
    assert "Skip: deploy nothing" in [a.label for a in deploy]
    g.play("pass")
    assert g.decision.kind == "place"


def test_expansion_options_are_labelled_in_words():
    # Easter's bunny paths and Fruit Trees' actions as players read them,
    # never as JSON.
    g = Game(seed=4, expansions=["easter", "fruit-trees"])
    seen = set()
    while not g.is_over:
        options = g.legal_actions()
        for a in options:
            assert "{" not in a.label, a.label
            if a.kind == "expansion":
                seen.add(a.label.split()[0])
        g.play(options[-1])
    assert seen, "the game asked no expansion decision"


def test_bots_play_a_whole_game_and_records_replay_it(tmp_path):
    g = Game(seed=11, players=3, expansions=["inns-and-cathedrals"])
    play_out(g, [Bot("greedy", 1), Bot("random", 2), Bot("random", 3)])
    assert g.is_over and g.decision is None and g.legal_actions() == []
    assert sum(g.breakdown(0).values()) == g.scores[0]
    path = tmp_path / "game.json"
    g.save(str(path))
    again = Game.load(str(path))
    assert again.scores == g.scores
    assert Game.load(g.record()).state() == g.state()
    assert "<svg" in g.svg()


def test_same_seed_and_decisions_give_the_same_game():
    a, b = Game(seed=21), Game(seed=21)
    play_out(a, [Bot("random", 1), Bot("random", 2)])
    play_out(b, [Bot("random", 1), Bot("random", 2)])
    assert a.record() == b.record() and a.scores == b.scores


def test_clone_pickle_and_determinized_copies():
    g = Game(seed=3)
    for _ in range(10):
        Bot("random", 4).play(g)
    c = copy.deepcopy(g)
    Bot("random", 5).play(c)
    assert g.record() != c.record()
    p = pickle.loads(pickle.dumps(g))
    assert p.record() == g.record() and p.state() == g.state()
    d = g.determinized(99)
    assert d.scores == g.scores
    dp = pickle.loads(pickle.dumps(d))
    assert dp.decision.kind == d.decision.kind
    assert [a.record for a in dp.legal_actions()] == [a.record for a in d.legal_actions()]
    # Different redraws lead to different bags ahead.
    futures = set()
    for seed in range(6):
        x = g.determinized(seed)
        while x.decision and x.decision.kind != "place" or x.turn == g.turn:
            Bot("random", 0).play(x)
        futures.add(x.decision.tile)
    assert len(futures) > 1


def test_flat_action_index_covers_the_legal_options():
    g = Game(seed=8)
    size = g.action_space_size()
    mask = g.action_mask()
    assert len(mask) == size
    indices = g.action_indices()
    assert sum(mask) == len([i for i in indices if i is not None]) == len(g.legal_actions())
    g.play_index(indices[-1])
    assert g.decision.kind == "deploy"
    with pytest.raises(carcassonne.IllegalActionError):
        g.play_index(0 if not g.action_mask()[0] else size - 1)


def test_batch_steps_many_games():
    import numpy as np

    b = carcassonne.Batch(Game(seed=0), 8)
    done_total = 0
    for _ in range(400):
        masks = b.masks()
        actions = [int(np.flatnonzero(m)[0]) for m in masks]
        rewards, done = b.step(actions)
        done_total += sum(done)
    for _ in range(400):
        b.step_random()
    assert b.finished >= done_total > 0


def test_batch_legal_indices_are_the_masks_in_sparse_form():
    import numpy as np

    b = carcassonne.Batch(Game(seed=4, players=3), 5, radius=7)
    for _ in range(30):
        masks = b.masks()
        raw_indices, raw_offsets = b.legal()
        indices = raw_indices
        offsets = raw_offsets
        for g in range(len(b)):
            assert sorted(indices[offsets[g] : offsets[g + 1]]) == list(np.flatnonzero(masks[g]))
        b.step([int(indices[offsets[g]]) for g in range(len(b))])
    obs = np.frombuffer(b.observations(), dtype=np.float32)
    assert obs.size == len(b) * Game(seed=4, players=3).observation_size(7)


def test_parts_switch_one_by_one():
    # Abbey & Mayor's barn alone: no abbey held, no wagon or mayor in supply.
    g = Game(players=2, seed=3, expansions=["abbey-and-mayor"],
             parts={"abbey-and-mayor": {"abbey": False, "mayor": False, "wagon": False}})
    assert g.config()["parts"]["abbey-and-mayor"] == {
        "abbey": False, "barn": True, "mayor": False, "wagon": False}
    same = Game(players=2, seed=3, expansions=["abbey-and-mayor"],
                parts=["abbey-and-mayor.abbey=off", "abbey-and-mayor.mayor=off", "abbey-and-mayor.wagon=off"])
    assert same.config() == g.config()
    with pytest.raises(carcassonne.ConfigError, match="has no part `tower`"):
        Game(expansions=["abbey-and-mayor"], parts={"abbey-and-mayor": {"tower": False}})
    with pytest.raises(TypeError, match="True or False"):
        Game(expansions=["abbey-and-mayor"], parts={"abbey-and-mayor": {"abbey": "no"}})


def test_the_search_bot_analyses_a_decision():
    g = Game(players=2, seed=5)
    a = Bot("mcts:200", seed=1).analyse(g)
    n = len(g.legal_actions())
    assert len(a["actions"]) == len(a["visits"]) == len(a["q"]) == n
    assert 0 < sum(a["visits"]) <= a["iterations"]
    assert a["visits"][a["best"]] == max(a["visits"])
    assert all(q != q or 0.0 <= q <= 1.0 for q in a["q"])  # NaN: never tried
    # The same search as choose: a bot with the same seed plays the best.
    assert Bot("mcts:200", seed=1).choose(g).index == a["best"]
    # Deterministic for a seed.
    b = Bot("mcts:200", seed=1).analyse(g)
    assert b["visits"] == a["visits"] and b["best"] == a["best"]
    with pytest.raises(ValueError, match="does not search"):
        Bot("greedy", seed=1).analyse(g)


def _bag_order(game):
    return [t for t, n in game.initial_bag() for _ in range(n)]


def test_redraw_chooses_the_draws_of_the_last_decision_without_a_replay():
    template = Game(players=2, seed=3)
    g = template.with_draw_order(_bag_order(template))
    assert g.last_draws == 1  # the setup drew the first tile
    assert g.next_draws[0] != "U" or g.next_draws[1] != "U"
    # The setup's draw chosen: the first tile is a U.
    assert g.redraw(["U"]) == 1
    assert g.decision.tile == "U"
    rng = random.Random(5)
    for _ in range(12):
        g.play(rng.choice(g.legal_actions()))
    while g.last_draws == 0:
        g.play(rng.choice(g.legal_actions()))
    before = g.record()
    wanted = g.next_draws[-1]  # a tile deep in the bag, not the one drawn
    assert g.redraw([wanted]) >= 1
    assert g.decision.tile == wanted
    # The same decisions, and a record that replays to this very game.
    assert g.record() != before
    again = Game.load(g.record())
    assert again.record() == g.record() and again.decision.tile == wanted
    # A copy keeps what was chosen.
    copied = pickle.loads(pickle.dumps(g))
    assert copied.record() == g.record() and copied.next_draws == g.next_draws


def test_redraw_refuses_what_it_cannot_do_and_changes_nothing():
    g = Game(seed=1)
    with pytest.raises(carcassonne.IllegalActionError, match="draw order"):
        g.redraw(["D"])
    assert g.next_draws is None
    template = Game(seed=1)
    g = template.with_draw_order(_bag_order(template))
    g.play(g.legal_actions()[0])
    while g.last_draws == 0:
        g.play(g.legal_actions()[0])
    before = g.record()
    with pytest.raises(carcassonne.IllegalActionError, match="no tile ZZ"):
        g.redraw(["ZZ"])
    counts = dict(g.initial_bag())
    with pytest.raises(carcassonne.IllegalActionError, match="left in the bag"):
        g.redraw(["C"] * (counts["C"] + 1))
    assert g.record() == before


def test_expansions_say_their_group_and_year():
    listing = carcassonne.expansions()
    base = listing[0]
    assert base["id"] == "base" and base["group"] == "base-game" and base["year"] == 2000
    # The groups in the order hosts show them, each with its heading.
    groups = [g["id"] for g in base["groups"]]
    assert groups == ["base-game", "big-box", "mini", "promo", "fan"]
    assert base["groups"][1]["heading"] == "Big boxes"
    by_id = {e["id"]: e for e in listing}
    assert (by_id["inns-and-cathedrals"]["group"], by_id["inns-and-cathedrals"]["year"]) == ("big-box", 2002)
    assert (by_id["river-ii"]["group"], by_id["river-ii"]["year"]) == ("mini", 2005)
    assert (by_id["fruit-trees"]["group"], by_id["fruit-trees"]["year"]) == ("fan", 0)  # 0: not known
    for e in listing:
        assert e["group"] in groups and isinstance(e["year"], int)
    # Listed under their headings as `carcassonne expansions` does: by
    # group, then year (not known last), then name.
    order = sorted(listing[1:], key=lambda e: (groups.index(e["group"]), e["year"] or 10**9, e["name"].lower()))
    assert [e["id"] for e in order][:3] == ["river", "abbot", "inns-and-cathedrals"]


def test_restore_is_exported_and_rebuilds_a_pickled_game():
    import carcassonne
    from carcassonne import _core

    assert "restore" in carcassonne.__all__ and carcassonne.restore is _core.restore
    g = carcassonne.Game(seed=6, expansions=["easter"])
    for _ in range(12):
        g.play(0)
    fn, (state,) = g.__reduce__()
    copy = carcassonne.restore(state)
    assert copy.record() == g.record() and copy.scores == g.scores
