"""The rules: what may be done now, what a move does, and why a move is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratking.core import Action

from .phases import CHOOSE, TAKE

if TYPE_CHECKING:
    from .state import CrumbsState


def legal_actions(s: CrumbsState) -> list[Action]:
    g = s.game
    out = [a for a in g.takes if a.key <= s.pile]
    if s.phase == CHOOSE and not s.swapped[s.to_move] and s.deck:
        out.append(g.swap)
    return out


def why_illegal(s: CrumbsState, action: Action) -> str:
    if action.key == 0:
        if s.phase == TAKE:
            return "you have swapped this turn: take crumbs now"
        return "each player swaps at most once, while the deck has cards"
    return f"only {s.pile} crumb{'s are' if s.pile != 1 else ' is'} left"


def apply(s: CrumbsState, action: Action) -> None:
    p = s.to_move
    if action.key == 0:  # rules.md: swap, then take
        old, new = s.secret[p], s.draw("deck")
        s.discard.append(old)  # face up, for everyone to see
        s.secret[p] = new
        s.swapped[p] = True
        s.phase = TAKE
        s.emit("swap", p, {"old": old}, {"new": new}, 1 << p)
        return
    s.pile -= action.key
    s.crumbs[p] += action.key
    s.emit("take", p, {"n": action.key, "left": s.pile})
    if s.pile == 0:
        finish(s, "finished")
        return
    s.phase = CHOOSE
    s.to_move = (p + 1) % s.players
    if s.to_move == 0:
        cap = s.game.rules.max_rounds
        if cap is not None and s.round >= cap:
            finish(s, "round-cap")
            return
        s.round += 1


def winners(scores: list[float], reason: str) -> list[int]:
    """The seats with the best score; none in a game stopped by the round cap (a draw)."""
    if reason == "round-cap":
        return []
    return [i for i, x in enumerate(scores) if x == max(scores)]


def finish(s: CrumbsState, reason: str) -> None:
    """The end: every card shown; the best score wins (ties share), a capped game is a draw."""
    scores = s.scores()
    won = winners(scores, reason)
    share = won or list(range(s.players))
    s.emit("end", None, {"scores": [int(x) for x in scores], "cards": s.secret[:],
                          "winners": won, "reason": reason})
    s.finish([1 / len(share) if i in share else 0.0 for i in range(s.players)], reason)
