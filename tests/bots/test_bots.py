"""The random and heuristic bots, through the kernel."""

import pytest

import ratking
from ratking.bots import HeuristicBot, RandomBot, make_bot
from ratking.core import RatkingError
from ratking.games.rat_a_tat_roll.phases import CARD_OR_PILE, DISCARD, PEEK, SWAP
from ratking.sim import run_batch, summarize

from ..games.rat_a_tat_roll.helpers import arrange, script


def test_make_bot_by_name():
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert isinstance(make_bot("bot", 1), HeuristicBot)
    with pytest.raises(RatkingError, match="no bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_only_choose_legal_actions_and_are_repeatable(kind):
    game = ratking.make("rat-a-tat-roll")
    runs = []
    for _ in range(2):
        state = game.new_game(4, seed=9)
        bots = [make_bot(kind, 100 + i) for i in range(4)]
        while not state.is_over:
            choice = bots[state.to_move].choose(state)
            assert choice in state.legal_actions()
            state.apply(choice)
        runs.append(state.history)
    assert runs[0] == runs[1]


def test_heuristic_beats_random_clearly():
    results = run_batch("rat-a-tat-roll", 3, ["heuristic", "random", "random"], 150, seed=3)
    summary = summarize(results)
    assert summary.win_low[0] > 0.6  # the lower end of its 95% interval
    assert summary.mean_score[0] < min(summary.mean_score[1:]) - 5


# --- single decisions of the Rat-a-Tat Roll heuristic --------------------------------------------

def choose(state):
    return HeuristicBot(0).choose(state).id


def test_takes_a_low_face_up_card_rather_than_the_pile():
    s = arrange(faceup=(0, 9, 9, 6, 6), tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")
    assert s.phase == CARD_OR_PILE
    assert choose(s) == "take:face"


def test_draws_from_the_pile_rather_than_a_high_face_up_card():
    s = arrange(faceup=(8, 0, 0, 6, 6), tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")
    assert choose(s) == "take:pile"


def test_aims_for_the_lowest_card_within_reach():
    # a 0 face up one step away (red card-or-pile), 9s everywhere else
    s = arrange(faceup=(0, 9, 9, 9, 8), tokens=[0, 2, 2])
    assert choose(s) == "roll:1"


def test_peeks_at_its_own_unknown_cards():
    s = arrange(hands=[[5], [6], [7]], faceup=(1, 1, 2, 4, 4), tokens=[0, 2, 2])
    script(s, 3)
    s.apply("roll:1")
    assert s.phase == PEEK
    assert choose(s) == "peek:own"


def test_remembers_and_discards_its_highest_card():
    s = arrange(hands=[[1, 9, 2, 3], [0], [0]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c  # it has seen its cards
    script(s, "lowest")
    s.apply("wild")
    assert s.phase == DISCARD
    assert choose(s) == "discard:1"


def test_swaps_a_known_high_card_for_an_unknown_one():
    s = arrange(hands=[[9, 0], [4], [5]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    script(s, 4, "swap")
    s.apply("roll:1")
    assert s.phase == SWAP
    assert choose(s) == "swap:0"  # the known 9
    s.apply("swap:0")
    assert choose(s) in ("with:1.0", "with:2.0")


def test_does_not_swap_away_a_known_low_hand():
    s = arrange(hands=[[0, 1], [4], [5]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    script(s, 4, "swap")
    s.apply("roll:1")
    assert choose(s) == "swap:none"


def test_a_complete_player_with_a_good_hand_skips():
    s = arrange(hands=[[0, 0, 1, 1], [4], [5]], faceup=(3, 8, 2, 4, 6), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    assert choose(s) == "skip"


def test_a_complete_player_with_a_bad_hand_rolls_the_wild_die():
    s = arrange(hands=[[9, 9, 8, 9], [4], [5]], faceup=(0, 1, 2, 1, 0), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    assert choose(s) == "wild"


def test_equal_swap_targets_go_against_the_leader():
    # seat 1 showed a 9 and seat 2 a 6 (the leader); their other cards are unknown and equal
    # in expectation: the swap goes to the leader's unknown card
    s = arrange(hands=[[9, 0], [9, 5], [6, 5]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
    for c in s.hands[0]:
        s.known[0] |= 1 << c
    s.public |= 1 << s.hands[1][0] | 1 << s.hands[2][0]
    script(s, 4, "swap")
    s.apply("roll:1")
    assert choose(s) == "swap:0"
    s.apply("swap:0")
    assert {HeuristicBot(seed).choose(s).id for seed in range(12)} == {"with:2.1"}


def test_equal_swap_targets_are_not_chosen_by_seat_number():
    targets = set()
    for seed in range(12):
        s = arrange(hands=[[9, 0], [5], [5]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
        for c in s.hands[0]:
            s.known[0] |= 1 << c
        script(s, 4, "swap")
        s.apply("roll:1")
        s.apply("swap:0")
        targets.add(HeuristicBot(seed).choose(s).id)
    assert targets == {"with:1.0", "with:2.0"}
