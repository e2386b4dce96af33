"""What must hold in every You Dirty Rat state."""

from ratking.games.you_dirty_rat.components import PLACEHOLDER
from ratking.games.you_dirty_rat.rules import TOKEN


def check(s) -> None:
    ring = s.game.deck.ringleader
    cards = s.all_cards()
    specs = sorted(c for c in cards if 0 <= c < ring)
    assert specs == list(range(ring)), "all 48 Specialists accounted for, each once"
    placeholders = cards.count(PLACEHOLDER)
    assert s.stash + sum(s.money) + TOKEN * placeholders == s.total, "money conserved"
    assert s.stash >= 0 and min(s.money) >= 0
    for p in range(s.players):  # each player's three Ringleaders, never anyone else's
        mine = s.hands[p] + s.refresh[p] + [c for n in s.nights[p] for c in n]
        assert sorted(c for c in mine if c >= ring) == [ring, ring + 1, ring + 2]
    won = sorted(h for w in s.won for h in w)
    assert len(won) == len(set(won))
    cap = s.game.rules.max_rounds
    assert cap is None or s.round <= cap
    if s.over:
        assert abs(sum(s.returns()) - 1.0) < 1e-9
