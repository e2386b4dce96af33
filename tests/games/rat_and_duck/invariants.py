"""What must hold in every Rat & Duck state."""

from ratking.games.rat_and_duck.params import DISSENT
from ratking.games.rat_and_duck.phases import PRE_MOVE


def check(s) -> None:
    g = s.game
    city = g.city
    r = g.rules
    assert len(s.unrest) == city.civilian, "unrest only at civilian places"
    assert all(0 <= x <= r.max_unrest for x in s.unrest), "unrest 0 to the cap"
    assert len(s.held) <= r.max_location_cards, "at most 2 location cards held"
    cards = s.deck + s.held + s.used
    assert sorted(cards) == list(range(city.civilian)), "every location card once"
    assert all(0 <= p < city.size for p in s.pos), "units on valid places"
    assert all(w >= 0 for w in s.wanted)
    assert all(s.wanted[u] == 0 for u in g.government), "only dissents are wanted"
    on_map = [c for c in range(city.civilian) if s.civ_at[c] >= 0]
    assert sorted(s.civs) == on_map, "the civilian list matches the map"
    assert set(on_map) <= set(s.used), "a civilian appears only by a played card"
    # every played card made one civilian: on the map, released or researched
    researched = s.biosci // r.research_gain
    assert len(s.used) == len(on_map) + s.released + researched, "civilians accounted for"
    for c in range(city.civilian):
        holder = s.link[c]
        if holder >= 0:
            assert s.civ_at[c] == s.pos[holder], "a linked civilian stands with its unit"
            assert g.roles[holder] != DISSENT
        links = sum(1 for c in s.civs if s.link[c] >= 0)
        assert links <= r.links_per_unit * len(g.government)
    assert s.played >> s.active & 1 == 0 or s.over, "the active unit has not played yet"
    cap = r.max_rounds
    assert cap is None or s.round <= cap
    if s.over:
        assert s.biosci >= r.bio_sci_to_win or sum(s.unrest) >= r.unrest_to_win \
            or s.end_reason == "round-cap"
        returns = s.returns()
        assert all(x in (0.0, 1.0) for x in returns) or \
            all(abs(x - 1 / s.players) < 1e-9 for x in returns)
    else:
        assert s.biosci < r.bio_sci_to_win and sum(s.unrest) < r.unrest_to_win
        assert s.to_move == g.owners(s.players)[s.active]
        if s.phase == PRE_MOVE:
            pass
