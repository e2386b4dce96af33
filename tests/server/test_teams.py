"""A team for a heist in one gesture (server/play/teams.py): for the seat to move, each heist it
may commit with the teams that complete it, each made of the kernel's own `team:` decisions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.server.play.teams import HEIST, TEAM, teams


def _mid_game(seed: int, players: int, moves: int):
    s = ratking.make("you-dirty-rat").new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(0, 60))
def test_every_team_offered_completes_its_heist(seed, players, moves):
    # seed 002 (You Dirty Rat), COMMITTING A HEIST: the team must match the heist's archetypes
    s = _mid_game(seed, players, moves)
    seat = None if s.is_over else s.current_player
    found = teams(s, seat)
    legal = {a.id for a in s.legal_actions()} if seat is not None else set()
    assert set(found) <= {a for a in legal if a.startswith(HEIST)}
    for heist, options in found.items():
        sets = [tuple(sorted(t)) for t in options]
        assert len(sets) == len(set(sets)), "each set of cards is offered once"
        for team in options:
            probe = s.clone()
            probe.apply(heist)
            for action in team:
                assert action.startswith(TEAM)
                assert action in {a.id for a in probe.legal_actions()}
                probe.apply(action)
            # whole: the kernel asks for no further card of the team
            assert probe.is_over or not all(
                a.id.startswith(TEAM) for a in probe.legal_actions()) or (
                probe.current_player != seat)
    # nobody else is told a seat's teams, and what is found is the seat's to know: the same
    # for any deal of the cards it cannot see
    for other in range(players):
        if other != seat:
            assert teams(s, other) == {}
    if seat is not None:
        assert teams(s.determinize(seat, seed), seat) == found


def test_not_in_other_games_or_when_no_heist_may_be_committed():
    assert teams(ratking.make("target-rats").new_game(3, seed=1), 0) == {}
    s = ratking.make("you-dirty-rat").new_game(3, seed=1)
    assert teams(s, None) == {}
    if not any(a.id.startswith(HEIST) for a in s.legal_actions()):
        assert teams(s, s.current_player) == {}


def test_teams_are_found_in_play():
    found = [teams(s, s.current_player) for s in (_mid_game(seed, 3, seed % 40)
                                                  for seed in range(30)) if not s.is_over]
    assert sum(bool(f) for f in found) >= 5
