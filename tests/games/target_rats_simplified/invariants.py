"""What must hold in every Target: Rats Simplified state."""

from ratking.games.target_rats.board import HOME, SURFACE
from ratking.games.target_rats.simplified.phases import MOVING


def check(s) -> None:
    g = s.game
    b = g.board
    r = g.rules
    count = [0] * b.size
    for f, rats in enumerate(s.rats):
        assert len(rats) <= r.max_rats, "never more than 12 rats a faction"
        for c in rats:
            space = c >> 1
            count[space] += 1
            if b.kind[space] == HOME:
                assert space == b.homes[s.nests[f]], "a rat only ever in its own home nest"
    assert count == s.count, "every rat accounted for"
    assert all(b.unlimited[x] or n <= r.space_limit for x, n in enumerate(count)), \
        "never more than 4 rats on a limited space"
    if s.ext >= 0:
        assert b.kind[s.ext] == SURFACE and count[s.ext] == 0, "no rat under the Exterminator"
    cap = r.max_rounds
    assert cap is None or s.round <= cap
    if s.over:
        assert s.end_reason in ("finished", "round-cap")
        if s.end_reason == "finished":
            f = s.cheese
            assert f >= 0 and len(s.rats[f]) == r.max_rats
            assert all(c >> 1 != b.homes[s.nests[f]] for c in s.rats[f])
        return
    assert len(s.moved) == len(s.rats[s.to_move]), "one moved flag per rat of the mover"
    city_sides = {f for f, rats in enumerate(s.rats) if any(c >> 1 == b.city for c in rats)}
    if s.phase != MOVING and s.cheese >= 0:
        assert s.cheese in city_sides, "Da Big Cheese holds Rat City"
    if len(city_sides) > 1:
        assert s.to_move in city_sides, "a fight waits only for the current player's move"
    assert 0 <= s.pool <= 6 * len(s.dice)
    if s.phase == MOVING:
        assert s.mover >= 0 and s.moved[s.mover]
        assert len(set(s.path)) == len(s.path), "no doubling back"
        assert s.path[-1] == s.rats[s.to_move][s.mover] >> 1
