"""What must hold in every Rat-a-Tat Roll state."""

from ratking.games.rat_a_tat_roll.phases import DISCARD, REROLL, WILD_REROLL


def check(s) -> None:
    g = s.game
    cards = [c for h in s.hands for c in h] + [c for c in s.faceup if c >= 0] + s.pile
    assert sorted(cards) == list(range(len(g.values))), "every card exactly once"
    assert sum(s.tokens) + s.pool == g.rules.total_tokens, "tokens conserved"
    assert min(s.tokens) >= 0 and s.pool >= 0
    for seat, hand in enumerate(s.hands):
        extra = 1 if (s.phase == DISCARD and seat == s.to_move and not s.over) else 0
        assert len(hand) <= s.need + extra, "no hand above the cards to collect"
    assert 0 <= s.pawn < g.board.size
    for c in s.faceup:
        if c >= 0:
            assert s.public >> c & 1, "face-up cards are seen by everyone"
    for seat in range(s.players):
        assert s.knows(seat) & s.public == s.public, "everyone knows what is public"
    if not s.over:
        if s.phase in (REROLL, WILD_REROLL):
            assert s.tokens[s.to_move] > 0, "a re-roll choice needs a token"
        if s.phase == REROLL:
            assert 1 <= len(s.dice) <= g.rules.number_dice
    cap = g.rules.max_rounds
    assert cap is None or s.round <= cap
    if s.over:
        assert abs(sum(s.returns()) - 1.0) < 1e-9
