"""What must hold in every Target: Rats state."""

from ratking.games.target_rats.board import HOME, SURFACE
from ratking.games.target_rats.full.phases import (
    AUTO,
    CARD,
    FIGHT,
    ITEM,
    KEEP,
    MOVE,
    PUSH,
    ROLL,
    STEP,
)


def held_cards(s) -> list[int]:
    """Every card copy somewhere: decks, discards, held items, cards waiting in a prompt."""
    out = s.surface_deck + s.surface_discard + s.under_deck + s.under_discard
    out += [c for c in s.item if c >= 0]
    for t in s.tasks:
        if t[0] == KEEP:
            out += list(t[3:])
        elif t[0] in (ITEM, CARD):
            out.append(t[2])
    return out


def check(s) -> None:
    g = s.game
    b = g.board
    r = g.rules
    count = [0] * b.size
    per = [[0] * b.size for _ in range(s.players)]
    for f, rats in enumerate(s.rats):
        assert len(rats) <= r.max_rats, "never more than 12 rats a faction"
        for c in rats:
            space = c >> 1
            count[space] += 1
            per[f][space] += 1
            if b.kind[space] == HOME:
                assert space == b.homes[s.nests[f]], "a rat only ever in its own home nest"
    assert count == s.count, "every rat accounted for"
    fighting = {t[1] for t in s.tasks if t[0] in (FIGHT, ROLL)} | \
        {t[3] for t in s.tasks if t[0] == PUSH}
    for x in range(b.size):
        factions = [f for f in range(s.players) if per[f][x]]
        if len(factions) > 1:
            # contested: only where a fight is still to come this turn
            assert x in s.action_spaces or x in fighting, \
                "two factions share a space only to fight"
            continue
        if b.kind[x] == HOME:
            continue
        cap = r.city_limit if x == b.city else r.space_limit
        assert count[x] <= cap, f"space limit broken on {b.ids[x]}"
    for f in range(s.players):
        assert s.token.count(3 + f) <= r.max_nests, "at most 4 nest tokens a faction"
    assert s.token.count(1) <= r.food_tokens and s.token.count(2) <= r.sewer_tokens, \
        "tokens within the box supply"
    assert all(t == 0 or b.token_slot[x] for x, t in enumerate(s.token)), \
        "no tokens in corridors, Rat City or home nests"
    if s.ext >= 0:
        assert b.kind[s.ext] == SURFACE and count[s.ext] == 0, "no rat under the Exterminator"
        assert s.token[s.ext] == 0, "no token under the Exterminator"
    assert sorted(held_cards(s)) == list(range(g.cards.size)), "every card conserved"
    if s.cheese >= 0:
        assert per[s.cheese][b.city] >= 1, "Da Big Cheese keeps a rat in Rat City"
        assert (b.city * 2 + 1) in s.rats[s.cheese], "the throne rat is always fed"
    cap = r.max_rounds
    assert cap is None or s.round <= cap
    for f in range(s.players):
        if not s.rats[f]:
            assert s.item[f] < 0, "a wiped-out faction holds no item"
    if s.over:
        assert s.end_reason in ("finished", "round-cap")
        if s.end_reason == "finished":
            w = s.returns().index(1.0)
            assert s.cheese == w and s.token.count(3 + w) >= r.nests_to_win
        return
    assert s.tasks and s.tasks[-1][0] < AUTO, "a live game waits on a decision"
    assert s.to_move == s.tasks[-1][1]
    if any(t[0] == MOVE for t in s.tasks):
        assert len(s.moved) == len(s.rats[s.turn]), "one moved flag per rat of the mover"
    if s.tasks[-1][0] == STEP:
        assert len(set(s.grp_path)) == len(s.grp_path), "a group never revisits a space"
        assert all(s.rats[s.turn][i] >> 1 == s.grp_path[-1] for i in s.grp_idx)
