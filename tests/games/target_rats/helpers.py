"""Set-ups for Target: Rats rules tests: rats, tokens, decks and dice arranged by hand."""

from __future__ import annotations

import ratking
from ratking.games.target_rats.board import board
from ratking.games.target_rats.full.phases import ACT, END_TURN, EXT_PHASE, MOVE, VICTORY

from ..cores import Script, start

# the board-level helpers are the same for both Target: Rats games
from ..target_rats_simplified.helpers import ids, play, where  # noqa: F401

B = board()
TOKENS = {"food": 1, "sewer": 2}


def sp(space_id: str) -> int:
    return B.index(space_id)


def new(players=4, seed=0, **rules):
    return start(ratking.make("target-rats", **rules), players, seed)


def face(n: int) -> float:
    """The generator's number that rolls an n on a die."""
    return (n - 1) / 6 + 0.01


def dice(s, *faces):
    """The next dice rolled in this game will be `faces` (then 3s)."""
    s.rng = Script([face(n) for n in faces], then=face(3))
    return s


def arrange(s, rats=None, to_move=0, tokens=None, ext=None, cheese=-1, items=None):
    """Clear the board and place `rats` ({seat: [(space_id, fed), ...]}) and `tokens`
    ({space_id: "food" | "sewer" | seat (a nest)}); seat `to_move` starts its movement."""
    s.rats = [[] for _ in range(s.players)]
    for seat, lst in (rats or {}).items():
        s.rats[seat] = [sp(x) * 2 + int(fed) for x, fed in lst]
    s.count = [0] * B.size
    for lst in s.rats:
        for c in lst:
            s.count[c >> 1] += 1
    s.token = [0] * B.size
    for x, t in (tokens or {}).items():
        s.token[sp(x)] = TOKENS[t] if isinstance(t, str) else 3 + t
    s.ext = sp(ext) if ext else -1
    s.cheese = cheese
    s.item = [-1] * s.players
    s.item_ready = [False] * s.players
    for seat, card_id in (items or {}).items():
        give_item(s, seat, card_id)
    s.turn = s.to_move = to_move
    s.pending_win = -1
    s.action_spaces, s.done_spaces = [], []
    s.grp_idx, s.grp_path, s.grp_steps = [], [], 0
    s.cheese_drew = False
    s.last_fight = None
    s.tasks = [(END_TURN,), (VICTORY,), (EXT_PHASE,), (ACT, to_move), (MOVE, to_move)]
    r = s.game.rules
    s.groups_left = r.base_groups + s.token.count(3 + to_move)
    s.moved = [False] * len(s.rats[to_move])
    s._legal = None
    return s


def copy_of(s, card_id: str) -> int:
    """A copy of that card still in a deck or discard pile (taken out of it)."""
    cs = s.game.cards
    t = cs.type_index(card_id)
    for pile in (s.surface_deck, s.under_deck, s.surface_discard, s.under_discard):
        for c in pile:
            if cs.type_of[c] == t:
                pile.remove(c)
                return c
    raise AssertionError(f"no free copy of {card_id}")


def stack(s, *card_ids):
    """Put these cards on top of their decks, the first named drawn first."""
    for card_id in reversed(card_ids):
        c = copy_of(s, card_id)
        (s.under_deck if s.game.cards.deck_of[c] else s.surface_deck).append(c)
    s._legal = None
    return s


def give_item(s, seat, card_id, ready=True):
    c = copy_of(s, card_id)
    s.item[seat] = c
    s.item_ready[seat] = ready
    s._legal = None


def texts(s, seat=None):
    return [e.text for e in s.events_for(seat)]


def until(s, prefix):
    """The ids offered now that start with `prefix`."""
    return [a for a in ids(s) if a.startswith(prefix)]


def top(s):
    """The name of the decision waiting now ("move", "step", "actions", "push"...)."""
    from ratking.games.target_rats.full.phases import TASK_NAMES

    return TASK_NAMES[s.tasks[-1][0]]
