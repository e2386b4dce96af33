"""Target: Rats' heuristic bot: legal, ends games, fights it can win, builds, throne."""

from __future__ import annotations

import random

import ratking
from ratking.bots import HeuristicBot, make_bot

from .helpers import arrange, dice, new, play


def choose(s):
    return s.game.heuristic(s, random.Random(0)).id


def test_heuristic_games_end_with_a_winner():
    # DESIGN: a heuristic bot per game, that plays sensibly
    game = ratking.make("target-rats", max_rounds=150)
    finished = 0
    for seed in range(6):
        s = game.new_game(2 + seed % 3, seed=seed)
        bots = [HeuristicBot(seed + i) for i in range(s.players)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s))
        finished += s.end_reason == "finished"
    assert finished >= 5


def test_heuristic_beats_random():
    game = ratking.make("target-rats", max_rounds=100)
    wins = 0.0
    for seed in range(12):
        s = game.new_game(2, seed=seed)
        bots = [make_bot("heuristic", seed), make_bot("random", seed + 50)]
        if seed % 2:
            bots.reverse()
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s))
        wins += s.returns()[seed % 2]
    assert wins >= 10


def test_it_builds_a_nest_with_two_fed_rats_and_claims_the_throne():
    # (the brief: feeds/breeds/nests, goes for the throne when it holds nests)
    s = arrange(new(2), {0: [("S1", 1), ("S2", 1)], 1: [("S13", 0)] * 2})
    play(s, "group:S1", "take:1:0", "step:S2", "stop", "end-moves")
    assert choose(s) == "nest:S2"
    s = arrange(new(2), {0: [("U0", 0)] * 2, 1: [("S13", 0)] * 2}, tokens={"S3": 0})
    play(s, "group:U0", "take:0:2", "step:RC", "stop")
    assert choose(s) == "claim:RC"


def test_it_sends_the_exterminator_at_the_biggest_enemy_group():
    s = arrange(new(3), {0: [("S1", 0)], 1: [("S9", 0)] * 3, 2: [("S15", 0)] * 2})
    dice(s, 1)
    play(s, "end-moves")
    assert choose(s) == "ext:S9"


def test_it_attacks_a_weaker_group_and_feeds_when_hungry():
    # (the brief: fights it can win, feeds)
    s = arrange(new(2), {0: [("S1", 0)] * 3, 1: [("S3", 0)]})
    play(s, "group:S1", "take:0:3", "step:S2")
    assert choose(s) == "step:S3"
    s = arrange(new(2), {0: [("S1", 0), ("S2", 0)], 1: [("S13", 0)] * 2}, tokens={"S2": "food"})
    play(s, "group:S1", "take:0:1", "step:S2", "stop", "end-moves")
    assert choose(s) == "feed:S2"


def test_heuristic_play_keeps_every_invariant():
    # (the property tests play randomly; this covers the paths the bot prefers: items,
    # nests taken back and forth, the throne)
    from .invariants import check

    game = ratking.make("target-rats", max_rounds=60)
    for seed in range(3):
        s = game.new_game(2 + seed, seed=seed + 10)
        bots = [HeuristicBot(seed + i) for i in range(s.players)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s))
            check(s)


def test_it_scavenges_where_a_token_can_go_rather_than_on_a_corridor():
    # (a food, nest or sewer card drawn on an access corridor space places nothing)
    s = arrange(new(2), {0: [("S1", 0)], 1: [("S13", 0)] * 2})
    play(s, "group:S1", "take:0:1", "step:S0")
    assert choose(s) != "stop"  # on to S23, or U0 then U1
    play(s, choose(s))
    assert s.game.board.token_slot[s.grp_path[-1]] or choose(s) != "stop"


def test_it_keeps_a_guard_on_a_threatened_nest_token():
    # a lone rat on our nest token stays while an enemy group is within reach
    s = arrange(new(2), {0: [("S2", 0), ("S20", 0)], 1: [("S5", 0)] * 2}, tokens={"S2": 0})
    assert choose(s) != "group:S2"
    # a group leaving such a nest leaves one rat behind
    s = arrange(new(2), {0: [("S2", 0)] * 3, 1: [("S5", 0)] * 2}, tokens={"S2": 0})
    play(s, "group:S2")
    assert choose(s) == "take:0:2"


def test_it_keeps_pushed_losers_off_its_own_group_that_has_still_to_act():
    # RULINGS, Target: Rats, one action per group: losers pushed onto a group of ours that
    # moved this turn make it fight there, which is its action; with both spaces two steps
    # away holding our rats, the push goes onto the rats that have no action to lose
    for seed in range(8):
        rats = {0: [("S1", 0)] * 2 + [("S5", 0), ("S0", 0)], 1: [("S2", 0)] * 3}
        s = arrange(new(2), rats)
        play(s, "group:S5", "take:0:1", "step:S4", "stop")
        play(s, "group:S1", "take:0:2", "step:S2")
        dice(s, 6, 6, 1, 1, 1)
        play(s, "fight:S2")
        assert s.game.heuristic(s, random.Random(seed)).id == "push:S0"
