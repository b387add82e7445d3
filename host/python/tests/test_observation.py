"""The observation and the flat action index (issue 41, items 1 and 3): the
observation tells states apart, its layout is named by the spec, deploy
indices mean the same thing on every tile, figure planes count seats from
the observer, masks are exact, and a Batch fills the same observations in
one array and seats the engine's bots."""

import numpy as np
import pytest

import carcassonne
from carcassonne import Batch, Bot, Game

R = 4
W = 2 * R + 1


def obs(game: Game, seat: int, radius: int = R) -> np.ndarray:
    return np.frombuffer(game.observation(seat, radius), dtype=np.float32)


def planes(game: Game, seat: int, radius: int = R) -> dict:
    """The observation's planes by name (each W × W, row y + R, column x + R)."""
    spec = game.observation_spec(radius)
    w = spec["width"]
    o = obs(game, seat, radius)
    stack = o[: len(spec["planes"]) * w * w].reshape(-1, w, w)
    return dict(zip(spec["planes"], stack))


def vector(game: Game, seat: int, name: str, radius: int = R) -> np.ndarray:
    start, stop = game.observation_spec(radius)["vectors"][name]
    return obs(game, seat, radius)[start:stop]


def test_the_spec_names_every_number_of_the_observation():
    for g in (Game(seed=1), Game(seed=1, players=4, expansions=["inns-and-cathedrals", "river", "abbot"])):
        spec = g.observation_spec(R)
        assert spec["width"] == W and spec["players"] == g.players
        assert spec["size"] == g.observation_size(R) == len(obs(g, 0))
        assert len(set(spec["planes"])) == len(spec["planes"])
        # The vector parts follow the planes without gap or overlap.
        at = len(spec["planes"]) * W * W
        for name, (start, stop) in spec["vectors"].items():
            assert start == at, name
            at = stop
        assert at == spec["size"]
        assert {t for t, _ in g.initial_bag()} <= set(spec["tiles"])
        assert spec["vectors"]["drawn-tile-code"][1] - spec["vectors"]["drawn-tile-code"][0] == 4 * len(
            spec["tile_code"]
        )
        assert spec["planes"][: len(spec["tile_code"])] == spec["tile_code"]


def test_drawn_tiles_i_and_n_give_different_observations():
    # I: two separate city caps (north, west); N: one city over north and
    # west. Their edges are the same; their identity and joins are not.
    i = Game(seed=3).with_draw_order(["I"])
    n = Game(seed=3).with_draw_order(["N"])
    assert i.decision.tile == "I" and n.decision.tile == "N"
    assert not np.array_equal(obs(i, 0), obs(n, 0))
    spec = i.observation_spec(R)
    tiles = spec["tiles"]
    assert vector(i, 0, "drawn-tile")[tiles.index("I")] == 1.0
    assert vector(n, 0, "drawn-tile")[tiles.index("N")] == 1.0
    assert vector(i, 0, "drawn-tile").sum() == vector(n, 0, "drawn-tile").sum() == 1.0
    code = spec["tile_code"]
    unturned_i = vector(i, 0, "drawn-tile-code")[: len(code)]
    unturned_n = vector(n, 0, "drawn-tile-code")[: len(code)]
    joined = code.index("joined:W-N")
    assert unturned_i[joined] == 0.0 and unturned_n[joined] == 1.0
    for side in ("city:N", "city:W"):
        assert unturned_i[code.index(side)] == unturned_n[code.index(side)] == 1.0
    # Turned a quarter clockwise, the city lies north and east.
    turned_n = vector(n, 0, "drawn-tile-code")[len(code) : 2 * len(code)]
    assert turned_n[code.index("city:E")] == 1.0 and turned_n[code.index("city:W")] == 0.0


def place_and_deploy_options(game: Game, tile_rotation_ok):
    """Plays the first placement whose deploy options satisfy
    `tile_rotation_ok(labels)`; returns the deploy decision's options with
    their flat indices."""
    for k, a in enumerate(game.legal_actions()):
        trial = game.clone()
        trial.play(k)
        options = trial.legal_actions()
        if tile_rotation_ok(options):
            return trial, list(zip(trial.action_indices(R), options))
    return None, []


def test_a_deploy_index_means_the_same_spot_on_every_tile():
    # Every deployment on the tile just placed gets the index of its
    # figure, its feature's kind and where that feature lies as placed;
    # the engine's own label names the same kind and side.
    side_words = {"N": "north", "E": "east", "S": "south", "W": "west"}
    seen: dict[int, set[str]] = {}
    for seed in range(12):
        g = Game(seed=seed, players=2)
        spec = g.action_spec(R)
        spots = spec["spots"]
        lo, hi = spec["deploy"]
        rng = np.random.default_rng(seed)
        while not g.is_over:
            if g.decision.kind == "deploy":
                for i, a in zip(g.action_indices(R), g.legal_actions()):
                    if a.kind != "deploy" or i is None or not lo <= i < hi:
                        continue
                    figure, spot = divmod(i - lo, len(spots))
                    name = spots[spot]
                    kind, _, where = name.partition(":")
                    assert spec["figures"][figure] == "follower"
                    label = a.label.lower()
                    if kind == "corner":
                        continue
                    assert kind in label, (name, a.label)
                    assert a.record["deploy"]["feature"].split(":")[0] == kind, (name, a.record)
                    if kind in ("city", "road") and where:
                        # The first side clockwise from the north the label names.
                        sides = [s for s in "NESW" if side_words[s] in label] or ["N"]
                        assert "all sides" in label or where == sides[0], (name, a.label)
                        assert "all sides" not in label or where == "N", (name, a.label)
                    seen.setdefault(i, set()).add(name)
            legal = [k for k, i in enumerate(g.action_indices(R)) if i is not None]
            if not legal:
                break  # the game outgrew the window: every placement is outside it
            g.play(int(rng.choice(legal)))
    city_east = spec["deploy"][0] + spots.index("city:E")
    assert city_east in seen, "no follower was offered a city whose first side is east"


def test_the_same_deploy_index_on_tiles_i_and_n():
    # The field south-east of both tiles' cities has one index on both; the
    # old index by position in the tile's feature list gave I's west city
    # the index N gave its field.
    idx = {}
    for tile in ("I", "N"):
        g = Game(seed=3).with_draw_order([tile])
        g.play(g.legal_actions()[0])
        lo = g.action_spec(R)["deploy"][0]
        spots = g.action_spec(R)["spots"]
        names = {}
        for i, a in zip(g.action_indices(R), g.legal_actions()):
            if a.kind == "deploy":
                names[spots[i - lo]] = a.label
        idx[tile] = names
    fields_i = {k for k in idx["I"] if k.startswith("field:")}
    fields_n = {k for k in idx["N"] if k.startswith("field:")}
    assert fields_i == fields_n and len(fields_i) == 1
    cities_i = {k for k in idx["I"] if k.startswith("city:")}
    cities_n = {k for k in idx["N"] if k.startswith("city:")}
    assert len(cities_i) == 2 and len(cities_n) == 1 and cities_n < cities_i


def test_figure_planes_count_seats_from_the_observer():
    g = Game(seed=5, players=3)
    bot = Bot("random", 1)
    owner = None
    while owner is None:
        bot.play(g)
        for seat in range(3):
            if planes(g, seat)["figure:follower:me"].any():
                owner = seat
    cells = planes(g, owner)["figure:follower:me"]
    # The owner's followers, seen by each seat: the owner's "me" plane,
    # at offset o = owner − observer in the others' planes.
    for o in range(3):
        observer = (owner - o) % 3
        name = "figure:follower:me" if o == 0 else f"figure:follower:+{o}"
        assert np.array_equal(planes(g, observer)[name], cells), (observer, name)
    # Supplies and scores too: the observer's own come first.
    mine = vector(g, owner, "supply")
    before_me = vector(g, (owner - 1) % 3, "supply")
    assert mine[0] == before_me[1] and mine[0] < 0.7
    assert vector(g, owner, "scores")[0] == g.scores[owner] / 100


def check_exact(game: Game, radius: int) -> None:
    options = game.legal_actions()
    indices = game.action_indices(radius)
    mask = np.frombuffer(game.action_mask(radius), dtype=np.uint8)
    given = [i for i in indices if i is not None]
    assert len(indices) == len(options)
    assert len(set(given)) == len(given), "an index stands for two options"
    assert sorted(given) == list(np.flatnonzero(mask))
    assert game.unindexed(radius) == sum(
        1 for i in indices if i is None or i >= game.action_spec(radius)["overflow"][0]
    )


@pytest.mark.parametrize(
    "expansions",
    [[], ["inns-and-cathedrals", "traders-and-builders"], ["abbey-and-mayor", "abbot", "river"], ["the-tower"]],
)
def test_masks_are_exact_over_random_games(expansions):
    for seed in range(3):
        g = Game(seed=seed, players=3, expansions=expansions)
        rng = np.random.default_rng(seed)
        steps = 0
        while not g.is_over:
            check_exact(g, R)
            indices = g.action_indices(R)
            legal = [(k, i) for k, i in enumerate(indices) if i is not None]
            if not legal:
                break  # the game outgrew the window
            k, i = legal[int(rng.integers(len(legal)))]
            if steps % 7 == 0:
                # The index plays exactly the option it stands for.
                by_option = g.clone()
                by_option.play(k)
                g.play_index(i, R)
                assert g.record() == by_option.record()
            else:
                g.play_index(i, R)
            steps += 1


def test_expansion_kinds_and_tile_attributes_get_channels_from_their_declarations():
    base = Game(seed=1).observation_spec(R)["tile_code"]
    river = Game(seed=1, expansions=["river"])
    code = river.observation_spec(R)["tile_code"]
    assert "river:S" in code and "river:S" not in base
    # The spring lies at the window's centre and sends its river south.
    p = planes(river, 0)
    assert p["river:S"][R, R] == 1.0 and p["river:N"][R, R] == 0.0
    inns = Game(seed=1, expansions=["inns-and-cathedrals"])
    listing = {e["id"]: e for e in carcassonne.expansions()}
    declared = [a["key"] for a in listing["inns-and-cathedrals"].get("attributes", [])]
    names = inns.observation_spec(R)["tile_code"]
    for key in declared:
        assert any(n.startswith(f"inns-and-cathedrals.{key}") for n in names), key
    assert not any(n.startswith("inns-and-cathedrals.") for n in base)


def test_prisoners_and_points_by_source_are_counted_from_the_observer():
    g = Game(seed=2, players=2, expansions=["the-tower"])
    rng = np.random.default_rng(2)
    held = False
    while not g.is_over and not held:
        g.play(int(rng.integers(len(g.legal_actions()))))
        held = vector(g, 0, "captives").sum() > 0
    assert held, "no prisoner was taken in the game"
    sources = len(g.score_sources)
    for seat in range(2):
        points = vector(g, seat, "score-breakdown").reshape(sources, 2)
        assert points[:, 0].sum() * 100 == pytest.approx(g.scores[seat])
        assert points[:, 1].sum() * 100 == pytest.approx(g.scores[1 - seat])
    # A prisoner's owner and holder swap places for the other seat.
    mine = vector(g, 0, "captives").reshape(len(g.figure_kinds), 2, 2)
    theirs = vector(g, 1, "captives").reshape(len(g.figure_kinds), 2, 2)
    assert np.array_equal(mine, theirs[:, ::-1, ::-1])


def test_completion_planes_follow_the_engine():
    g = Game(seed=2, players=2)
    rng = np.random.default_rng(0)
    complete_seen = False
    while not g.is_over:
        p = planes(g, g.current_player)
        if p["complete:N"].any() or p["complete:E"].any() or p["complete:inner"].any():
            complete_seen = True
            break
        g.play(int(rng.integers(len(g.legal_actions()))))
    assert complete_seen


@pytest.mark.parametrize("expansions", [[], ["inns-and-cathedrals", "the-princess-and-the-dragon", "abbot"]])
def test_observations_kept_up_to_date_equal_those_of_a_replayed_game(expansions):
    # A game's observation keeps which features are complete as tiles come;
    # the same game replayed from its record starts from nothing and must
    # see the same, completion planes included.
    g = Game(seed=4, players=2, expansions=expansions)
    rng = np.random.default_rng(4)
    steps = 0
    while not g.is_over:
        if steps % 5 == 0:
            obs(g, g.current_player)  # brought up to date now, not only at the checks
        if steps % 23 == 0:
            fresh = Game.load(g.record())
            for seat in range(2):
                assert np.array_equal(obs(g, seat), obs(fresh, seat))
        g.play(int(rng.integers(len(g.legal_actions()))))
        steps += 1
    fresh = Game.load(g.record())
    assert np.array_equal(obs(g, 0), obs(fresh, 0))
    p = planes(g, 0)
    assert sum(p[f"complete:{x}"].sum() for x in ("N", "E", "S", "W", "inner")) > 0


@pytest.mark.parametrize("expansions", [[], ["traders-and-builders", "easter", "fruit-trees"]])
def test_batch_observations_are_the_games_observations_in_one_array(expansions):
    # With expansions, their counters' planes and vectors too.
    n = 5
    b = Batch(Game(seed=10, players=2, expansions=expansions), n, radius=R)
    games = [Game(seed=10 + i, players=2, expansions=expansions) for i in range(n)]
    out = np.empty((n, b.observation_size), dtype=np.float32)
    rng = np.random.default_rng(1)
    for _ in range(40):
        assert b.observations(out) is out
        for g, row in zip(games, out):
            assert np.array_equal(row, obs(g, g.current_player))
        masks = b.masks()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        b.step(actions)
        for g, a in zip(games, actions):
            g.play_index(a, R)
    fresh = b.observations()
    assert fresh.shape == (n, b.observation_size) and fresh.dtype == np.float32
    b.observations(out)
    assert np.array_equal(fresh, out)
    raw = bytearray(out.nbytes)
    b.observations(raw)
    assert np.array_equal(np.frombuffer(raw, dtype=np.float32).reshape(n, -1), out)
    with pytest.raises(ValueError):
        b.observations(np.empty((n, 3), dtype=np.float32))
    with pytest.raises(TypeError):
        b.observations(np.empty((n, b.observation_size), dtype=np.float64))
    with pytest.raises(TypeError):
        b.observations(np.empty((b.observation_size, n), dtype=np.float32).T)
    with pytest.raises(TypeError):
        b.observations("no")


def test_batch_seats_the_engines_bots():
    n = 4
    b = Batch(Game(seed=0, players=3), n, radius=R, opponents={1: "greedy", 2: "random"})
    assert list(b.players()) == [0] * n
    finished = 0
    for _ in range(400):
        rewards, done = b.step_random()
        assert list(b.players()) == [0] * n
        r = rewards
        finished += sum(done)
    assert finished == b.finished > 0
    # The same seeds and actions give the same games, bots included.
    a1 = Batch(Game(seed=0, players=2), 3, radius=R, opponents={1: "mcts:20"})
    a2 = Batch(Game(seed=0, players=2), 3, radius=R, opponents={1: "mcts:20"})
    for _ in range(30):
        m = a1.masks()
        acts = [int(np.flatnonzero(x)[-1]) for x in m]
        r1, d1 = a1.step(acts)
        r2, d2 = a2.step(acts)
        assert np.array_equal(r1, r2) and np.array_equal(d1, d2)
        assert np.array_equal(a1.observations(), a2.observations())
    with pytest.raises(carcassonne.IllegalActionError):
        a1.step([a1.action_space_size - 1] * 3)
    with pytest.raises(ValueError, match="no seat 5"):
        Batch(Game(seed=0), 2, opponents={5: "greedy"})
    with pytest.raises(ValueError, match="learner"):
        Batch(Game(seed=0), 2, opponents={0: "greedy", 1: "random"})
    with pytest.raises(ValueError):
        Batch(Game(seed=0), 2, opponents={1: "nobody"})


def test_a_batch_against_greedy_loses_with_random_play():
    # The learner's seat plays at random, seat 1 is the engine's greedy
    # bot: summed over each finished game, the rewards are the final
    # scores, and greedy wins most of them.
    n = 8
    b = Batch(Game(seed=7, players=2), n, radius=R, opponents={1: "greedy"})
    totals = np.zeros((n, 2), dtype=np.int64)
    wins = [0, 0]
    while sum(wins) < 12:
        rewards, done = b.step_random()
        totals += rewards
        for g in np.flatnonzero(done):
            wins[int(totals[g, 1] > totals[g, 0])] += 1
            totals[g] = 0
    assert wins[1] > wins[0], wins


def test_every_deployment_on_the_placed_tile_has_a_structured_index():
    # Every expansion's tiles (fields enclosed by cities, towers on the
    # tile itself …): a deployment on the tile just placed never needs an
    # overflow slot.
    # Each expansion with those it requires (Fish Huts needs The River).
    for x in carcassonne.expansions():
        e = x["id"]
        if e == "base":
            continue
        g = Game(seed=1, players=3, expansions=[e, *x.get("requires", [])])
        lo, hi = g.action_spec(R)["deploy"]
        rng = np.random.default_rng(1)
        deploys = 0
        while not g.is_over:
            if g.decision.kind == "deploy":
                for i, a in zip(g.action_indices(R), g.legal_actions()):
                    record = a.record.get("deploy") if isinstance(a.record, dict) else None
                    if record is not None and "at" not in record:
                        deploys += 1
                        assert i is not None and lo <= i < hi, (e, a.label, a.record)
            g.play(int(rng.integers(len(g.legal_actions()))))
        assert deploys > 0, e


def test_a_batch_plays_the_same_games_on_any_number_of_threads():
    runs = []
    for threads in (1, 2, 3):
        b = Batch(Game(seed=11, players=3), 5, radius=R, opponents={1: "greedy", 2: "mcts:10"}, threads=threads)
        seen = []
        for _ in range(25):
            m = b.masks()
            rewards, done = b.step([int(np.flatnonzero(x)[len(np.flatnonzero(x)) // 2]) for x in m])
            seen.append((rewards.tobytes(), done.tobytes(), b.observations().tobytes()))
        runs.append(seen)
    assert runs[0] == runs[1] == runs[2]


def test_an_illegal_index_in_a_batch_moves_only_the_games_before_it():
    b = Batch(Game(seed=12, players=2), 3, radius=R, opponents={1: "random"})
    before = b.observations().copy()
    m = b.masks()
    legal = [int(np.flatnonzero(x)[0]) for x in m]
    illegal = int(np.flatnonzero(m[1] == 0)[0])
    with pytest.raises(carcassonne.IllegalActionError):
        b.step([legal[0], illegal, legal[2]])
    after = b.observations()
    assert not np.array_equal(before[0], after[0])
    assert np.array_equal(before[1], after[1]) and np.array_equal(before[2], after[2])
    assert list(b.players()) == [0, 0, 0]
    # Game 0 placed its tile; the others still place theirs.
    spec = Game(seed=12, players=2).observation_spec(R)
    start, _ = spec["vectors"]["decision-kind"]
    assert after[0, start + 1] == 1.0 and after[1, start] == 1.0 and after[2, start] == 1.0


def counters(game: Game) -> dict:
    """The spec's counters by `expansion.id`."""
    return {f"{c['expansion']}.{c['id']}": c for c in game.observation_spec(R)["counters"]}


def play_until(game: Game, seed: int, done) -> None:
    rng = np.random.default_rng(seed)
    while not game.is_over and not done(game):
        game.play(int(rng.integers(len(game.legal_actions()))))
    assert done(game), "the game ended before it happened"


def test_expansion_counters_are_planes_and_vectors_the_expansions_declare():
    # No expansion, no counters; each enabled expansion's own, from its declaration.
    assert Game(seed=1).observation_spec(R)["counters"] == []
    g = Game(seed=4, players=3, expansions=["traders-and-builders", "easter", "fruit-trees"])
    spec = g.observation_spec(R)
    c = counters(g)
    assert c["traders-and-builders.goods"]["scope"] == "seat"
    assert c["traders-and-builders.goods"]["values"] == ["wine", "grain", "cloth"]
    assert "traders-and-builders.goods" in spec["vectors"]
    start, stop = spec["vectors"]["traders-and-builders.goods"]
    assert stop - start == 3 * 3, "three goods × three seats"
    assert "easter.bunny" in spec["planes"] and "fruit-trees.tokens-on-tree" in spec["planes"]
    assert "easter.eggs" in spec["vectors"] and "fruit-trees.supply" in spec["vectors"]
    listing = {e["id"]: e for e in carcassonne.expansions()}
    assert [x["id"] for x in listing["easter"]["counters"]] == [
        k.split(".", 1)[1] for k in c if k.startswith("easter.")
    ]


def test_goods_held_are_counted_from_the_observer():
    g = Game(seed=7, players=2, expansions=["traders-and-builders"])

    def held(game):
        return game.state()["expansions"]["traders-and-builders"]["goods"]

    play_until(g, 7, lambda game: any(sum(p.values()) for p in held(game)))
    goods = held(g)
    numbers = g.counters()["traders-and-builders.goods"]["numbers"]
    assert numbers == [[goods[seat][good] for good in ("wine", "grain", "cloth")] for seat in range(2)]
    for seat in range(2):
        v = vector(g, seat, "traders-and-builders.goods").reshape(3, 2) * 10
        for i, good in enumerate(["wine", "grain", "cloth"]):
            assert v[i, 0] == goods[seat][good], (seat, good)
            assert v[i, 1] == goods[1 - seat][good], (seat, good)


def test_the_bunny_and_fruit_tokens_lie_in_their_planes():
    g = Game(seed=3, players=2, expansions=["easter", "fruit-trees"])
    play_until(
        g,
        3,
        lambda game: game.state()["expansions"]["easter"].get("bunny") is not None
        and game.state()["expansions"]["fruit-trees"]["trees"],
    )
    state = g.state()["expansions"]
    p = planes(g, 0, radius=30)
    x, y = state["easter"]["bunny"]
    assert g.counters()["easter.bunny"]["numbers"] == [{"at": [x, y], "numbers": [1]}]
    assert p["easter.bunny"][y + 30, x + 30] == 1.0
    assert p["easter.bunny"].sum() == 1.0
    for tree in state["fruit-trees"]["trees"]:
        x, y = tree["at"]
        assert p["fruit-trees.tokens-on-tree"][y + 30, x + 30] * 4 == tree["tokens"]
    eggs = vector(g, 1, "easter.eggs", radius=30) * 20
    assert list(eggs) == [state["easter"]["eggs"][1], state["easter"]["eggs"][0]]


def test_the_kings_holder_changes_the_observation():
    g = Game(seed=8, players=2, expansions=["king-and-robber-baron"])
    play_until(g, 8, lambda game: game.state()["expansions"]["king-and-robber-baron"].get("king") is not None)
    king = g.state()["expansions"]["king-and-robber-baron"]["king"]
    for seat in range(2):
        titles = vector(g, seat, "king-and-robber-baron.titles").reshape(2, 2)
        assert titles[0, 0] == (1.0 if seat == king else 0.0)
        assert titles[0, 1] == (1.0 if seat != king else 0.0)
    largest = vector(g, 0, "king-and-robber-baron.largest") * 20
    assert largest[0] == g.state()["expansions"]["king-and-robber-baron"]["king_size"]


def test_where_figures_stand_is_told_by_owner():
    # A figure's place on its tile (a side, inside, a corner or the tile)
    # is in its owner's figure-on planes, counted from the observer.
    g = Game(seed=12, players=3, expansions=["abbey-and-mayor"])
    rng = np.random.default_rng(12)
    checked = 0
    while not g.is_over and checked < 60:
        for seat in range(3):
            p = planes(g, seat)
            for o, name in enumerate(["me", "+1", "+2"]):
                on = sum(p[k] for k in p if k.startswith("figure-on:") and k.endswith(f":{name}"))
                figures = sum(p[k] for k in p if k.startswith("figure:") and k.endswith(f":{name}"))
                assert np.array_equal(on > 0, figures > 0), (seat, name)
        checked += 1
        g.play(int(rng.integers(len(g.legal_actions()))))
    assert checked == 60
    spec = g.observation_spec(R)
    assert "figure-on:corner-or-tile:+2" in spec["planes"] and "figure-on:N" not in spec["planes"]


def _meaning(spec: dict, index: int | None):
    """What an index stands for, in words that do not depend on the radius."""
    if index is None:
        return None
    r, w = spec["radius"], spec["width"]
    deploy_lo, deploy_hi = spec["deploy"]
    if index < 4 * w * w:
        cell, rot = divmod(index, 4)
        y, x = divmod(cell, w)
        return ("place", x - r, y - r, rot)
    if index == 4 * w * w:
        return ("pass",)
    if index < deploy_hi:
        return ("deploy", *divmod(index - deploy_lo, len(spec["spots"])))
    return ("slot", index - spec["overflow"][0])


@pytest.mark.parametrize("expansions", [[], ["the-tower", "traders-and-builders"], ["abbey-and-mayor", "king-and-robber-baron"]])
def test_an_index_means_the_same_option_at_every_radius(expansions):
    # A placement outside the window has no index (it used to take an
    # overflow slot, so the slots' meaning shifted with the radius); every
    # other option means the same at radius 3, 5 and 15.
    radii = (3, 5, 15)
    outside = 0
    for seed in range(3):
        g = Game(seed=seed, players=2, expansions=expansions)
        specs = {r: g.action_spec(r) | {"radius": r, "width": 2 * r + 1} for r in radii}
        rng = np.random.default_rng(seed)
        while not g.is_over:
            options = g.legal_actions()
            meanings = {r: [_meaning(specs[r], i) for i in g.action_indices(r)] for r in radii}
            for k, a in enumerate(options):
                full = meanings[15][k]
                for r in (3, 5):
                    m = meanings[r][k]
                    if a.kind == "place":
                        x, y = a.record["place"]["at"] if "place" in a.record else (None, None)
                        inside = full is not None and max(abs(full[1]), abs(full[2])) <= r
                        assert m == (full if inside else None), (r, a.label, m, full)
                        outside += m is None
                    else:
                        assert m == full and m is not None, (r, a.label, m, full)
                        assert m[0] != "place"
            g.play(int(rng.integers(len(options))))
    assert outside > 0, "no placement fell outside a small window"


def test_batch_results_are_numpy_arrays_and_outgrown_games_restart():
    n = 6
    b = Batch(Game(seed=3, players=2), n, radius=1, opponents={1: "random"}, record=True)
    assert list(b.seeds) == list(range(3, 3 + n))
    masks = b.masks()
    assert masks.dtype == np.bool_ and masks.shape == (n, b.action_space_size)
    indices, offsets = b.legal()
    assert indices.dtype == offsets.dtype == np.int32 and offsets.shape == (n + 1,)
    assert b.players().dtype == np.uint8
    rng = np.random.default_rng(0)
    outgrown = []
    for _ in range(60):
        masks = b.masks()
        # Every game has a legal index: one that outgrew the window restarted.
        assert masks.any(axis=1).all()
        rewards, done = b.step([int(rng.choice(np.flatnonzero(m))) for m in masks])
        assert rewards.dtype == np.int32 and rewards.shape == (n, 2) and rewards.flags.writeable
        assert done.dtype == np.bool_ and done.shape == (n,)
        ended = b.ended()
        assert sorted(e["game"] for e in ended) == list(np.flatnonzero(done))
        outgrown += [e for e in ended if e["outgrown"]]
    assert outgrown and b.outgrown == len(outgrown) <= b.finished
    e = outgrown[0]
    replayed = Game.load(e["record"])
    assert not replayed.is_over and replayed.scores == e["scores"]
    assert replayed.unindexed(1) == len(replayed.legal_actions()) > 0
    with pytest.raises(ValueError, match="radius 0"):
        Batch(Game(seed=3), 2, radius=0)


def test_the_compact_observation_lists_the_board_and_holds_the_observations_numbers():
    g = Game(seed=5, players=3, expansions=["abbey-and-mayor"])
    rng = np.random.default_rng(5)
    for _ in range(40):
        g.play(int(rng.integers(len(g.legal_actions()))))
    r = 15
    spec = g.observation_spec(r)
    w = spec["width"]
    for seat in range(3):
        c = g.compact_observation(seat, r)
        full = np.frombuffer(g.observation(seat, r), np.float32)
        planes = len(spec["planes"]) * w * w
        assert np.array_equal(c["numbers"], full[planes:])
        assert c["tiles"].shape == (g.state()["tiles_placed"], 4)
        placed = {(t[0], t[1]) for t in c["tiles"].tolist()}
        tile_plane = full[: w * w].reshape(w, w)
        assert placed == {(int(x) - r, int(y) - r) for y, x in zip(*np.nonzero(tile_plane))}
        assert c["figures"].shape[1] == 5 and len(c["figures"]) > 0
        for x, y, kind, owner, spot in c["figures"].tolist():
            assert (x, y) in placed and 0 <= kind < len(spec["figures"])
            assert -1 <= owner < 3 and -1 <= spot < len(g.action_spec(r)["spots"])
        owners = sorted(o for *_, o, _ in c["figures"].tolist() if o >= 0)
        if seat == 0:
            first = owners
    # Seats are counted from the observer: the same figures, other offsets.
    assert sorted((o - 1) % 3 for o in first) == sorted(
        o for *_, o, _ in g.compact_observation(1, r)["figures"].tolist() if o >= 0
    )
    # Far smaller than the planes.
    assert c["numbers"].nbytes + c["tiles"].nbytes + c["figures"].nbytes < full.nbytes / 4


def test_a_batch_gives_every_games_compact_observation_at_once():
    b = Batch(Game(seed=8, players=2), 4, radius=R, opponents={1: "greedy"})
    for _ in range(15):
        b.step_random()
    c = b.compact_observations()
    assert c["tile_offsets"][0] == 0 and c["tile_offsets"][-1] == len(c["tiles"])
    assert c["figure_offsets"][-1] == len(c["figures"]) and c["numbers"].shape[0] == 4
    full = b.observations()
    # Each game's numbers are its observation's numbers after the planes.
    assert np.array_equal(c["numbers"], full[:, full.shape[1] - c["numbers"].shape[1] :])
    # Later steps placed tiles in every game: one row each, plus the start tile.
    counts = np.diff(c["tile_offsets"])
    assert (counts >= 2).all()
