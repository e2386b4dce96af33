"""The search bot (ISMCTS) in every game: legal choices within budget, repeatable, blind to what
its seat cannot see, and finding a clearly winning move that the random bot mostly misses."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import RandomBot, SearchBot, SearchSettings, make_bot
from ratking.core import RatkingError
from ratking.core.rng import new_rng
from ratking.sim import random_play

from ..games.rat_a_tat_roll import helpers as roll
from ..games.rat_and_duck import helpers as duck
from ..games.target_rats import helpers as rats
from ..games.target_rats_simplified import helpers as simple
from ..games.you_dirty_rat import helpers as dirty
from ..own import own_games

GAMES = [info.id for info in ratking.list_games()]
HIDDEN = [g for g in GAMES if g != "target-rats-simplified"]  # games with hidden information


def positions(game_id: str, count: int, seed: int = 0) -> list:
    """Positions after some random play (round-capped games), each with a real choice."""
    game = ratking.make(game_id, max_rounds=30)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_game(rng.choice(game.player_counts()), seed=rng.randrange(10**9))
        random_play(state, rng, rng.randrange(120))
        while not state.over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.over:
            out.append(state)
    return out


def visits(root) -> list[tuple[str, int]]:
    return [(a.id, child.visits) for a, child in root.children.items()]


# --- budget, repeatability ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_legal_choice_within_an_iteration_budget(game_id):
    for state in positions(game_id, 3):
        bot = make_bot("ismcts:iters=30:depth=8", 1)
        before = json.dumps(state.to_json(), sort_keys=True)
        choice = bot.choose(state)
        assert choice in state.legal_actions()
        assert bot.last_iterations == 30
        assert json.dumps(state.to_json(), sort_keys=True) == before  # the real game untouched


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_every_rollout_kind_makes_legal_choices(rollout):
    for game_id in GAMES:
        state = positions(game_id, 1, seed=5)[0]
        bot = make_bot(f"ismcts:iters=12:rollout={rollout}:depth=6:eps=0.2", 2)
        assert bot.choose(state) in state.legal_actions()


def test_a_time_budget_stops_the_search():
    state = positions("rat-a-tat-roll", 1)[0]
    bot = make_bot("ismcts:ms=20", 1)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_a_single_legal_action_is_played_without_search():
    game = ratking.make("target-rats-simplified", max_rounds=30)
    state = game.new_game(2, seed=1)
    rng = random.Random(2)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot("ismcts:iters=50", 1)
    assert bot.choose(state) is state.legal_actions()[0]
    assert bot.last_iterations == 0


@pytest.mark.parametrize("split", ["action", "seen"])
@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_iterations_give_the_same_choice(game_id, split):
    for state in positions(game_id, 2, seed=3):
        trees = []
        for _ in range(2):
            bot = make_bot(f"ismcts:iters=60:depth=10:split={split}", 7)
            choice = bot.choose(state)
            trees.append((choice.id, visits(bot.search(state))))
        assert trees[0] == trees[1]


# --- what the seat cannot see ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_depends_only_on_what_the_seat_knows(game_id):
    """Two states that differ only in what seat p cannot see determinize alike for p."""
    for state in positions(game_id, 6, seed=11):
        p = state.to_move
        other = state.determinize(p, 12345)  # differs from state only in what p cannot see
        a = state.determinize(p, 99).to_json()
        b = other.determinize(p, 99).to_json()
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("split", ["action", "seen"])
@pytest.mark.parametrize("game_id", HIDDEN)
def test_identical_choices_for_states_that_differ_only_in_hidden_information(game_id, split):
    differed = 0
    for state in positions(game_id, 6, seed=21):
        p = state.to_move
        other = state.determinize(p, 4242)
        differed += json.dumps(other._dump(), sort_keys=True) != \
            json.dumps(state._dump(), sort_keys=True)
        first = make_bot(f"ismcts:iters=50:depth=10:split={split}", 5)
        second = make_bot(f"ismcts:iters=50:depth=10:split={split}", 5)
        assert first.choose(state).id == second.choose(other).id
        assert visits(first.search(state)) == visits(second.search(other))
    assert differed  # the hidden cards really were dealt differently somewhere


# --- a clearly winning move, per game -----------------------------------------------------------


def roll_final_discard():
    """Rat-a-Tat Roll, the last turn of the final round (seed 004: lowest total wins): seat 0
    took a 0 with the Wild die and must discard one older card. Its known hand is 9 0 1 1 2;
    seat 1's cards, all seen, total 6. Discarding the 9 leaves 4 and wins; any other discard
    loses."""
    s = roll.arrange(players=2, hands=[[9, 0, 1, 1, 2], [1, 1, 2, 2, 0]],
                     faceup=(0, 5, 6, 7, 8), tokens=[0, 0])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    for c in s.hands[1]:
        s.public |= 1 << c  # seat 1's cards were all taken face up: everyone knows them
    s.final_left = 1
    roll.script(s, "lowest")
    s.apply("wild")
    s.rng = new_rng(5)  # the scripted Wild die has rolled; chance from here on as usual
    return s, "discard:0"


def dirty_heist():
    """You Dirty Rat, 2 players: the Town Stash holds $300 and seat 0 ($400) trails seat 1
    ($600). Seat 0's hand can staff the first yellow Heist (three Stealth), which takes the
    last $300 from the stash: the game ends (seed 002, END GAME SCORING) with seat 0 ahead.
    Its other plays move no money and leave the game going with seat 1 ahead."""
    s = dirty.new(2, seed=1)
    heist = s.game.deck.heists[0]
    assert s.tops[heist.chain] == heist.index and heist.team == (0, 3, 0)
    assert (heist.reward, heist.amount) == ("stash", 300)
    dirty.set_hand(s, 0, "Lookout", "Lookout", "Poacher", "Snitch")
    s.stash, s.money = 300, [400, 600]
    s.total = s.stash + sum(s.money)
    dirty.ready(s, 0)
    return s, "heist:0"


def duck_research():
    """Rat & Duck, 2 players: the government (seat 1) has 3 Bio-Sci, its Scientist in the Lab
    with a kidnapped civilian. Research wins at once (seed 003, 4); anything else lets the
    dissent, next to move, Speak the 15th unrest."""
    from ratking.games.rat_and_duck.phases import PRE_ACTION

    s = duck.new(players=2)
    duck.civilian_at(s, "hotel", "lab")
    s.biosci = 3
    duck.arrange(s, active="s1", phase=PRE_ACTION, places={"s1": "lab", "p1": "prison",
                                                          "d1": "bar", "d2": "church"},
                 unrest={"bar": 2, "hotel": 3, "pharmacy": 3, "dining-place": 3, "factory": 3},
                 played=("d1", "d2", "p1"))
    s.held = []
    return s, f"research:{s.game.city.slugs[duck.P['hotel']]}"


def simple_last_rat():
    """Target: Rats Simplified: seat 0 is Da Big Cheese with eleven of its twelve rats out of the
    nest. Moving the last one out wins at once (seed 001, VICTORY); the roll of 1 can move
    only one rat."""
    home = simple.B.ids[simple.B.homes[0]]
    out = ["RC", "RC", "S1", "S2", "S3", "S4", "S5", "S7", "S8", "S9", "S10"]
    s = simple.new(players=2)
    simple.arrange(s, rats={0: [(x, 0) for x in out] + [(home, 0)], 1: [("S15", 0)]},
                   dice=(1,), cheese=0)
    s.target = False
    return s, f"rat:{home}:unfed"


def rats_third_nest():
    """Target: Rats: seat 0, Da Big Cheese with two nest tokens, acts with two fed rats on a free
    space. Nesting there makes three: marked at the victory check, it wins when its next turn
    begins (seed 000, VICTORY), as seat 1's lone rat far away cannot undo it."""
    s = rats.new(players=2)
    rats.arrange(s, rats={0: [("RC", 0), ("S3", 1), ("S3", 1), ("S9", 0), ("S10", 0)],
                          1: [(rats.B.ids[rats.B.homes[2]], 0), (rats.B.ids[rats.B.homes[2]], 0)]},
                 tokens={"S9": 0, "S10": 0}, cheese=0)
    from ratking.games.target_rats.full.phases import ACT, END_TURN, EXT_PHASE, VICTORY

    s.tasks = [(END_TURN,), (VICTORY,), (EXT_PHASE,), (ACT, 0)]
    s.action_spaces = [rats.sp("S3")]
    s.moved = [True] * len(s.rats[0])
    s._legal = None
    return s, "nest:S3"


WINNING = {"rat-a-tat-roll": roll_final_discard, "you-dirty-rat": dirty_heist,
           "rat-and-duck": duck_research, "target-rats-simplified": simple_last_rat,
           "target-rats": rats_third_nest}


def test_every_game_of_ratkings_own_has_a_winning_move_position():
    assert sorted(WINNING) == sorted(own_games())


@pytest.mark.parametrize("game_id", sorted(WINNING))
def test_search_finds_the_winning_move_that_random_play_mostly_misses(game_id):
    state, winning = WINNING[game_id]()
    ids = [a.id for a in state.legal_actions()]
    assert winning in ids and len(ids) >= 2
    # the move really wins: played, then any play to the end gives seat to_move the win
    seat = state.to_move
    bot = SearchBot(SearchSettings(iters=200, depth=20), seed=1)
    assert bot.choose(state).id == winning
    # the random bot's rate, measured over many seeds
    hits = sum(RandomBot(seed).choose(state).id == winning for seed in range(300))
    assert hits / 300 < 0.5
    after = state.clone()
    after.apply(winning)
    random_play(after, random.Random(0), 5000)
    assert after.returns()[seat] == 1.0


# --- property: never raises, always legal -------------------------------------------------------


@st.composite
def search_cases(draw):
    game_id = draw(st.sampled_from(GAMES))
    game = ratking.make(game_id, max_rounds=20)
    players = draw(st.sampled_from(game.player_counts()))
    state = game.new_game(players, seed=draw(st.integers(0, 2**40)))
    random_play(state, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(0, 300)))
    spec = draw(st.sampled_from(["ismcts:iters=6", "ismcts:iters=6:depth=0",
                                 "ismcts:iters=5:rollout=heuristic:depth=4",
                                 "ismcts:iters=8:depth=3:c=0", "easy"]))
    return state, spec, draw(st.integers(0, 2**32))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(search_cases())
def test_the_search_never_raises_and_always_chooses_a_legal_action(case):
    state, spec, seed = case
    if state.over:
        return
    bot = make_bot(spec, seed)
    for _ in range(3):  # a few decisions in a row, whoever is to move
        if state.over:
            break
        choice = bot.choose(state)
        assert choice in state.legal_actions()
        state.apply(choice)


def test_rollout_heuristic_needs_a_game_heuristic(monkeypatch):
    game = ratking.make("rat-a-tat-roll")
    state = game.new_game(2, seed=1)
    monkeypatch.setattr(type(game), "heuristic", None)
    with pytest.raises(RatkingError, match="has no heuristic"):
        make_bot("ismcts:iters=5:rollout=heuristic", 1).choose(state)


def test_split_seen_learns_each_roll_apart():
    """With split=seen the decisions after a roll of the dice hang below what the roll showed:
    one action node of the root leads to as many branches as outcomes were seen."""
    state = positions("rat-a-tat-roll", 1, seed=4)[0]
    while not any(a.id.startswith("roll:") for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    root = make_bot("ismcts:iters=300:depth=6:split=seen", 3).search(state)
    rolled = [child for a, child in root.children.items() if a.id in ("roll:2", "roll:3")]
    assert any(child.branches and len(child.branches) > 1 for child in rolled)
    open_loop = make_bot("ismcts:iters=300:depth=6", 3).search(state)
    assert all(child.branches is None for child in open_loop.children.values())
