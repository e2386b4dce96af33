"""The native search (src/native/ismcts.hpp) against the Python search (bots/ismcts.py, the
reference): from the same position, seed and iteration budget both cores build the same tree
(every node's action, visits, availability and values, bit for bit), leave the bot's generator
at the same place and choose the same action, over the compiled games, player counts,
positions (random plays into the game, mid-turn ones included), the levels' settings and the
settings around them. A one-line change in either search fails it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratking.bots.ismcts import SearchBot, SearchSettings
from ratking.bots.specs import level_spec, make_bot, parse_spec
from ratking.core import RatkingError, make
from ratking.native import COMPILED, NativeUnavailable, load

pytestmark = pytest.mark.skipif(load() is None, reason="the compiled core is not built")

PLAYERS = {"rat-a-tat-roll": (2, 3, 4, 5), "you-dirty-rat": (2, 3, 4), "rat-and-duck": (2, 4),
           "target-rats-simplified": (2, 3, 4), "target-rats": (2, 3, 4)}
GAMES = sorted(COMPILED)
LEVELS = ("hard", "expert")
# the settings around the levels' own, each a one-option change (iterations set apart)
VARIANTS = st.fixed_dictionaries({}, optional={
    "rollout": st.sampled_from(("random", "heuristic")),
    "eps": st.sampled_from((0.0, 0.2, 1.0)),
    "depth": st.sampled_from((None, 0, 1, 4, 10)),
    "c": st.sampled_from((0.0, 0.7, 1.4)),
    "prior": st.sampled_from((0.0, 0.5, 2.0)),
    "margin": st.sampled_from((0.0, 0.3, 1.0)),
})


def position(game_id: str, players: int, seed: int, steps: int):
    """A game `steps` random decisions in (fewer if it ends first: the last one still on)."""
    state = make(game_id).new_game(players, seed=seed)
    picker = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        after = state.clone()
        after.apply(legal[int(picker.random() * len(legal))])
        if after.over:
            break
        state = after
    return state


def tree_rows(node, seat_count: int, at: str = "") -> list[tuple]:
    """Every node below `node`, depth first in action-id order: (path, visits, availability,
    values, the heuristic's choice there, the actions pruned there)."""
    rows = []
    for action, child in sorted(node.children.items(), key=lambda kv: kv[0].id):
        path = f"{at}/{action.id}"
        rows.append((path, child.visits, child.avail, tuple(child.total),
                     child.hint and child.hint.id, sorted(a.id for a in child.pruned or ())))
        rows.extend(tree_rows(child, seat_count, path))
    return rows


def both(state, options: dict, seed: int) -> list[tuple]:
    """The tree, generator state after the search, iterations and choice, per core."""
    out = []
    for core in ("python", "native"):
        bot = SearchBot(SearchSettings(**options, core=core), seed)
        root = bot.search(state)
        searched = (tree_rows(root, state.players),
                    (root.visits, root.hint, sorted(a.id for a in root.pruned or ())),
                    bot.rng.getstate(), bot.last_iterations)
        chooser = SearchBot(SearchSettings(**options, core=core), seed)
        out.append((*searched, chooser.choose(state)))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(GAMES), data=st.data(), seed=st.integers(0, 2**63 - 1),
       steps=st.integers(0, 120), level=st.sampled_from(LEVELS), iters=st.integers(1, 160),
       variant=VARIANTS)
def test_both_cores_grow_the_same_tree_and_choose_alike(game_id, data, seed, steps, level,
                                                        iters, variant):
    players = data.draw(st.sampled_from(PLAYERS[game_id]))
    state = position(game_id, players, seed, steps)
    _, options = parse_spec(level_spec(state.game, level))
    options = {**options, **variant, "iters": iters}
    python, native = both(state, options, seed)
    assert native[0] == python[0], "the tree"
    assert native[1:4] == python[1:4], "root visits, the generator after, iterations"
    assert native[4] is python[4], "the choice"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_level_chooses_alike_at_its_own_iterations(game_id):
    game = make(game_id)
    state = position(game_id, 2, 7, 9)
    for level in LEVELS:
        python = make_bot(level, 3).bot_for(game)
        native = make_bot(level, 3).bot_for(game)
        python.settings = SearchSettings(**{**vars(python.settings), "core": "python"})
        assert native.native(state) and not python.native(state)
        assert native.choose(state) is python.choose(state), level
        assert native.last_iterations == python.last_iterations > 0
        assert native.rng.getstate() == python.rng.getstate()


def test_a_time_budget_searches_and_chooses_a_legal_action():
    state = position("you-dirty-rat", 3, 5, 20)
    bot = SearchBot(SearchSettings(iters=None, ms=20.0, depth=10, prior=0.5), 1)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_a_single_legal_action_is_played_without_search():
    state = make("you-dirty-rat").new_game(2, seed=1)
    picker = random.Random(1)
    while len(state.legal_actions()) > 1:
        legal = state.legal_actions()
        state.apply(legal[int(picker.random() * len(legal))])
    assert not state.over, "this game meets a single legal action before its end"
    bot = SearchBot(SearchSettings(iters=50, core="native"), 1)
    before = bot.rng.getstate()
    assert bot.choose(state) is state.legal_actions()[0]
    assert bot.last_iterations == 0 and bot.rng.getstate() == before


def test_the_core_is_chosen_by_settings_then_the_environment(monkeypatch):
    state = position("rat-and-duck", 2, 2, 3)
    assert SearchBot(SearchSettings()).native(state)
    monkeypatch.setenv("RATKING_CORE", "python")
    assert not SearchBot(SearchSettings()).native(state)
    assert SearchBot(SearchSettings(core="native")).native(state)
    monkeypatch.setenv("RATKING_CORE", "fortran")
    with pytest.raises(RatkingError, match="RATKING_CORE must be one of python, native"):
        SearchBot(SearchSettings()).native(state)


def test_what_the_native_search_lacks_runs_on_python_or_is_refused(monkeypatch):
    state = position("rat-a-tat-roll", 2, 3, 4)
    seen = SearchSettings(iters=20, split="seen")
    assert not SearchBot(seen).native(state)  # the closed loop: the Python search
    assert SearchBot(seen, 1).choose(state) in state.legal_actions()
    with pytest.raises(NativeUnavailable, match="split=seen"):
        SearchBot(SearchSettings(iters=20, split="seen", core="native")).native(state)
    monkeypatch.delitem(COMPILED, "target-rats-simplified")  # as a game not compiled
    other = make("target-rats-simplified").new_game(2, seed=1)
    assert not SearchBot(SearchSettings()).native(other)
    with pytest.raises(NativeUnavailable, match="no compiled core"):
        SearchBot(SearchSettings(core="native")).native(other)
    with pytest.raises(RatkingError, match="core must be one of python, native"):
        SearchSettings(core="c++")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_is_the_same_on_both_cores(game_id, monkeypatch):
    from ratking.review.analysis import review

    game = make(game_id)
    state = game.new_game(2, seed=4)
    bots = [make_bot("heuristic", 40 + k) for k in range(2)]
    while not state.over:
        state.apply(bots[state.to_move].choose(state))
    record = state.record()
    reviews = {}
    for core in ("python", "native"):
        monkeypatch.setenv("RATKING_CORE", core)
        reviews[core] = review(record, seed=3, iters=40)
    assert reviews["native"] == reviews["python"]
    assert reviews["native"]["mistakes"] is not None


def test_rules_the_compiled_core_cannot_hold_search_on_python(monkeypatch):
    from ratking.native import search, you_dirty_rat

    def too_big(game):
        raise ValueError("the compiled core holds at most 256 cards")

    monkeypatch.setattr(you_dirty_rat, "compiled_game", too_big)
    monkeypatch.setattr(search, "_IDS", type(search._IDS)())
    state = position("you-dirty-rat", 2, 1, 5)
    assert not SearchBot(SearchSettings()).native(state)
    assert SearchBot(SearchSettings(iters=20), 1).choose(state) in state.legal_actions()
    with pytest.raises(NativeUnavailable, match=r"cannot hold this game: .* 256 cards"):
        SearchBot(SearchSettings(core="native")).native(state)


def test_a_game_compiled_without_the_search_searches_on_python(monkeypatch):
    from ratking.native import rat_and_duck

    monkeypatch.delattr(rat_and_duck, "Handle")
    state = position("rat-and-duck", 2, 1, 5)
    assert not SearchBot(SearchSettings()).native(state)
    assert SearchBot(SearchSettings(iters=20), 1).choose(state) in state.legal_actions()
    with pytest.raises(NativeUnavailable, match="compiled without the native search"):
        SearchBot(SearchSettings(core="native")).native(state)
