"""The search never wastes moves in a no-op cycle: in Rat & Duck a Link undone by an Unlink
(immediate actions that leave the turn as it was) is pruned, in the tree and at the root."""

from __future__ import annotations

import pytest

import ratking
from ratking import Action, State
from ratking.bots import SearchBot, SearchSettings, make_bot
from ratking.bots.turns import position_key, repeats, taken_here, turn_so_far
from ratking.games.rat_and_duck.params import GOVERNMENT

BALANCED = {"bio_sci_to_win": 2, "unrest_to_win": 21}  # the lab's balanced numbers


def undone_pairs(game_id: str, rules: dict, level: str, seed: int, decisions: int) -> int:
    """Play the search (the government) against the heuristic (the dissent) for at most
    `decisions` decisions; count the search's Link/Unlink moves that undo its move before."""
    game = ratking.make(game_id, **rules)
    s = game.new_game(2, seed=seed)
    teams = game.seat_teams(2)
    bots = [make_bot(level if teams[seat] == GOVERNMENT else "heuristic", seed * 10 + seat)
            for seat in range(2)]
    pairs, last = 0, None
    for _ in range(decisions):
        if s.over:
            break
        seat = s.to_move
        action = bots[seat].choose(s)
        kind, _, civilian = action.id.partition(":")
        if teams[seat] == GOVERNMENT and last is not None and kind in ("link", "unlink") \
                and last[0] == seat and last[1] != kind and last[2] == civilian:
            pairs += 1
        last = (seat, kind, civilian) if kind in ("link", "unlink") else None
        s.apply(action)
    return pairs


@pytest.mark.timeout(1800)  # expert: some 40 searches of 4,000 iterations (15 min under load)
@pytest.mark.parametrize("level,seed,decisions", [("hard", 2, 120), ("expert", 3, 80)])
def test_the_levels_make_no_link_unlink_pairs(level, seed, decisions):
    # at the balanced numbers, with the goal-aware evaluation and no pruning, hard's government
    # made 32 such pairs in the first 120 decisions of seed 2 (414 Link and Unlink moves in
    # 500), expert's 56 in the first 80 of seed 3
    assert undone_pairs("rat-and-duck", BALANCED, level, seed, decisions) <= 2


def at_a_link(seed: int = 2) -> tuple[State, Action]:
    """A Rat & Duck game (balanced numbers) played by the heuristic up to the first position
    that offers a Link, and that Link."""
    s = ratking.make("rat-and-duck", **BALANCED).new_game(2, seed=seed)
    heuristic = make_bot("heuristic", 1)
    while not any(a.id.startswith("link:") for a in s.legal_actions()):
        s.apply(heuristic.choose(s))
    return s, next(a for a in s.legal_actions() if a.id.startswith("link:"))


def test_an_unlink_right_after_a_link_is_pruned_at_the_root():
    s, link = at_a_link()
    s.apply(link)
    undo = next(a for a in s.legal_actions() if a.id == "un" + link.id)
    assert s.to_move == s.clone().to_move
    before = s.clone()
    # the turn so far holds the position before the Link, which the Unlink returns to
    back = s.clone()
    back.apply(undo)
    assert position_key(back) in turn_so_far(s)
    root = SearchBot(SearchSettings(iters=300, depth=10), seed=5).search(s)
    assert undo not in root.children and undo in root.pruned
    assert s.to_json() == before.to_json()  # the search left the state alone


def test_turn_so_far_is_only_the_state_itself_at_a_new_turn():
    s = ratking.make("rat-and-duck").new_game(2, seed=4)
    assert turn_so_far(s) == {position_key(s)}


def test_repeats_tells_a_run_of_moves_about_to_be_played_a_third_time():
    assert repeats(["link:a", "unlink:a", "link:a", "unlink:a"], "link:a")
    assert not repeats(["link:a", "unlink:a", "link:a", "unlink:a"], "unlink:a")
    assert repeats(["roll", "roll"], "roll") and not repeats(["roll"], "roll")
    assert repeats(["a", "b", "c", "a", "b", "c"], "a") and not repeats([], "a")
    assert not repeats(["a", "b", "a"], "b")  # a run and a half: not yet a cycle


def test_taken_here_lists_the_moves_already_made_in_this_very_position():
    s, link = at_a_link()
    assert taken_here(s) == set()
    s.apply(link)
    s.apply("un" + link.id)  # back where the Link was made
    assert taken_here(s) == {link.id}
    s.apply(link)  # the position after the Link, where the Unlink was made
    assert taken_here(s) == {"un" + link.id}
