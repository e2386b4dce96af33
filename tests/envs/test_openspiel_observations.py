"""OpenSpiel's observation types on the ratking games (ratking.envs.openspiel): public only,
private only and both, with perfect recall or not. A public observation is the same for every
seat and every determinization; a private one holds only what the seat knows beyond the table;
the two together are the seat's whole observation."""

from __future__ import annotations

import itertools

import numpy as np
import pyspiel
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from open_spiel.python.observation import make_observation

import ratking
from ratking.core.spaces import public_observation
from ratking.envs.openspiel import short_name

from ..own import is_own

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)
NONE, SINGLE = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
# the slices a seat's private tensor may touch: what its view shows and a spectator's does not
PRIVATE_SLICES = {
    # seed 004: a seat looks at cards the others do not see
    "rat-a-tat-roll": {f"seat{k}.cards" for k in range(5)},
    # seed 002: the government's location cards are its own
    "rat-and-duck": {"held", "reach"},
    # seed 001: nothing but the order of the draw piles is hidden, and no tensor holds it
    "target-rats": set(),
    "target-rats-simplified": set(),
    # seed 003: a hand is its owner's, and so are the Mastermind's drawn cards
    "you-dirty-rat": {"seat0.hand", "drawn"},
}


def observers(game: pyspiel.Game) -> dict[tuple[bool, str], object]:
    out = {}
    for recall, part in itertools.product((False, True), ("public", "private", "both")):
        kind = pyspiel.IIGObservationType(perfect_recall=recall,
                                          public_info=part != "private",
                                          private_info=NONE if part == "public" else SINGLE)
        out[recall, part] = make_observation(game, kind)
    return out


def read(observer, state, player) -> tuple[np.ndarray, str]:
    observer.set_from(state, player)
    return observer.tensor.copy(), observer.string_from(state, player)


def slice_of(layout, index: int) -> str:
    return next(name for name, start, stop, _ in layout.describe() if start <= index < stop)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), big=st.booleans(), aid=st.booleans())
def test_every_observation_type_is_honoured(game_id, seed, big, aid):
    info = INFO[game_id]
    players = info.max_players if big else info.min_players
    rules = {"memory_aid": aid} if game_id == "rat-a-tat-roll" else {}
    game = pyspiel.load_game(short_name(game_id),
                             {"players": players, "seed": seed, "max_rounds": 3, **rules})
    obs = observers(game)
    layout = ratking.make(game_id, **rules).observation_layout(players)
    rng = np.random.default_rng(seed)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0, 1)
    state = game.new_initial_state()
    touched = set()
    while not state.is_terminal():
        for recall in (False, True):
            public = read(obs[recall, "public"], state, 0)
            for p in range(players):
                both, _ = read(obs[recall, "both"], state, p)
                whole = state.information_state_tensor(p) if recall else \
                    state.observation_tensor(p)
                assert np.array_equal(both, np.array(whole, np.float32))
                private, private_string = read(obs[recall, "private"], state, p)
                # the public observation is the same whoever reads it...
                mine = read(obs[recall, "public"], state, p)
                assert np.array_equal(mine[0], public[0]) and mine[1] == public[1]
                # ...and whichever world the seat might be in, as is the private one
                twin = state.resample_from_infostate(p, sampler)
                again = read(obs[recall, "public"], twin, p)
                assert np.array_equal(again[0], public[0]) and again[1] == public[1]
                twin_private = read(obs[recall, "private"], twin, p)
                assert np.array_equal(twin_private[0], private)
                assert twin_private[1] == private_string
                # the private part holds nothing the table knows: where the seat knows no
                # more, it is zero, and it is the whole tensor less the public part
                touched |= {slice_of(layout, i) for i in np.flatnonzero(private)}
                inner = state.ratking_state()
                assert np.array_equal(private + public_observation(inner, p, recall), both)
        state.apply_action(int(rng.choice(state.legal_actions())))
    if is_own(game_id):  # PRIVATE_SLICES knows ratking's own games
        assert touched <= PRIVATE_SLICES[game_id]


def test_private_parts_show_what_the_seat_alone_knows():
    # seed 003: a You Dirty Rat hand is seen by its owner alone
    game = pyspiel.load_game("ratking_you_dirty_rat", {"players": 2, "seed": 4})
    state = game.new_initial_state()
    private = observers(game)[False, "private"]
    tensor, text = read(private, state, 0)
    hand = state.ratking_state().view(0)["seats"][0]["hand"]
    layout = ratking.make("you-dirty-rat").observation_layout(2)
    assert {slice_of(layout, i) for i in np.flatnonzero(tensor)} == {"seat0.hand"}
    assert text.startswith("seats[0].hand=") and all(card["name"] in text for card in hand)
    public = observers(game)[False, "public"]
    assert all(card["name"] not in read(public, state, 0)[1].split('"hand"')[1][:20]
               for card in hand)
    # nothing is private in Target: Rats Simplified
    simple = pyspiel.load_game("ratking_target_rats_simplified", {"players": 2, "seed": 4})
    tensor, text = read(observers(simple)[True, "private"], simple.new_initial_state(), 1)
    assert not tensor.any() and text == "seat 1 private\n"


def test_strings_are_words_a_person_reads():
    game = pyspiel.load_game("ratking_rat_a_tat_roll", {"players": 2, "seed": 9})
    state = game.new_initial_state()
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    text = state.information_state_string(0)
    lines = text.split("\n")
    assert lines[0] == "seat 0"
    told = [e.text for e in state.ratking_state().events_for(0)]
    assert [line.split(": ", 1)[1] for line in lines[1:-1]] == told
    assert lines[-1] == state.observation_string(0)


def test_all_players_private_information_is_refused():
    game = pyspiel.load_game("ratking_you_dirty_rat", {"players": 2})
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="all players"):
        make_observation(game, kind)
