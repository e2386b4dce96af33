"""What each seat may see of a Rat-a-Tat Roll game, and the game told in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action, plural
from ...core.tables import once
from . import actions as A
from .components import FACE_NAMES, KIND_NAMES, Board
from .phases import PHASE_NAMES, SWAP_WITH, TIE

if TYPE_CHECKING:
    from .state import RollState

SPACE_WORDS = {"card-or-pile": "card-or-pile", "reroll": "re-roll", "peek": "peek"}


def view(s: RollState, seat: int | None) -> dict[str, Any]:
    """All that `seat` may know. Hidden cards are None; known values show only with the memory
    aid (players are shown cards in events and must remember them), and all at the end."""
    g = s.game
    values = g.values
    board = g.board
    knows = s.knows(seat)
    show_known = g.rules.memory_aid
    seats = []
    for i, hand in enumerate(s.hands):
        if s.over:
            cards = [values[c] for c in hand]
        elif show_known:
            cards = [values[c] if knows >> c & 1 else None for c in hand]
        else:
            cards = [None] * len(hand)
        seats.append({
            "name": s.names[i],
            "cards": cards,
            "count": len(hand),
            "tokens": s.tokens[i],
            "complete": len(hand) >= s.need,
        })
    out: dict[str, Any] = {
        "game": g.id,
        "seat": seat,
        "players": s.players,
        "to_move": s.current_player,
        "phase": PHASE_NAMES[s.phase],
        "round": s.round,
        "max_rounds": g.rules.max_rounds,
        "final_round": s.final_left > 0,
        "turns_left": s.final_left if s.final_left > 0 else None,
        "cards_needed": s.need,
        "memory_aid": show_known,
        "pawn": s.pawn,
        "board": list(map(dict.copy, once(board, _ring))),
        "regions": [{"colour": colour, "card": values[c] if c >= 0 else None}
                    for colour, c in zip(board.colours, s.faceup, strict=True)],
        "reroll_icon_from": g.rules.reroll_icon_from,
        "draw_pile": len(s.pile),
        "token_pool": s.pool,
        "dice": s.dice[:],
        "wild": FACE_NAMES[s.wild] if s.wild >= 0 else None,
        "choices": [board.colours[r] for r in s.choices] if s.phase == TIE else [],
        "offered": s.choices[0] if s.phase == SWAP_WITH and not s.over else None,
        "seats": seats,
        "over": s.over,
    }
    if s.over:
        out["result"] = {"scores": [int(x) for x in s.scores()], "returns": s.returns(),
                         "end": s.end_reason}
    return out


def open_view(s: RollState) -> dict[str, Any]:
    """The spectator's view with every card's value, for a finished game's replay only."""
    out = view(s, None)
    values = s.game.values
    for entry, hand in zip(out["seats"], s.hands, strict=True):
        entry["cards"] = [values[c] for c in hand]
    out["open"] = True
    return out


def _ring(board: Board) -> tuple[dict[str, Any], ...]:
    """The ring's spaces as a view lists them (worked out once per board; views get copies)."""
    return tuple({"kind": KIND_NAMES[k], "region": board.colours[r] if r >= 0 else None}
                 for k, r in zip(board.kinds, board.regions, strict=True))


def _space_words(s: RollState, space: int) -> str:
    board = s.game.board
    kind = KIND_NAMES[board.kinds[space]]
    if kind == "wild":
        return "a Wild space"
    return f"the {board.colours[board.regions[space]]} {SPACE_WORDS[kind]} space"


def _a(value: int) -> str:
    return f"an {value}" if value == 8 else f"a {value}"


def _listing(numbers: list[int]) -> str:
    words = [str(x) for x in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(s: RollState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    """The predicate of an event's sentence ("rolled 2 dice: 4 and 6"), as `seat` may know it."""
    colours = s.game.board.colours
    v = s.voice(seat)
    their = "" if actor is None else v.their(actor)
    if kind == "setup":
        return (f"A new game for {d['players']} players: each collects {d['cards']} cards, "
                f"lowest total wins")
    if kind == "first-card":
        if "value" in d:
            return f"looked at {their} first card: {_a(d['value'])}"
        return f"looked at {their} first card"
    if kind == "roll":
        dice = d["dice"]
        word = "die" if len(dice) == 1 else "dice"
        return f"rolled {len(dice)} {word}: {_listing(dice)}"
    if kind == "reroll":
        old = [d["before"][i] for i in d["which"]]
        new = [d["dice"][i] for i in d["which"]]
        return (f"spent a re-roll token on the {_listing(old)}, which came up {_listing(new)} "
                f"(total {sum(d['dice'])})")
    if kind == "move":
        return f"moved {plural(d['steps'], 'space')} to {_space_words(s, d['space'])}"
    if kind == "wild":
        face = FACE_NAMES[d["face"]]
        if d.get("again"):
            return f"spent a re-roll token on the Wild die: {face}"
        return f"rolled the Wild die: {face}"
    if kind == "take":
        return f"took the face-up {d['value']} from {colours[d['region']]}"
    if kind == "draw":
        if "value" in d:
            return f"drew {_a(d['value'])} from the draw pile"
        return "drew the top card of the draw pile"
    if kind == "tokens":
        if d["count"] == 0:
            return "earned a re-roll token, but the centre pile is empty"
        return f"took {plural(d['count'], 're-roll token')}"
    if kind == "nothing":
        return "found no card to take"
    if kind == "peek-own":
        if "values" in d:
            return f"looked at {their} cards: {_listing(d['values'])}"
        return f"looked at all {their} cards"
    if kind == "peek":
        target = v.whose(d["target"])
        if "value" in d:
            return f"looked at {target} card {d['slot'] + 1}: {_a(d['value'])}"
        return f"looked at {target} card {d['slot'] + 1}"
    if kind == "no-peek":
        return "chose not to look at any card"
    if kind == "swap":
        target = v.whose(d["target"])
        return (f"swapped {their} card {d['slot'] + 1} with {target} card "
                f"{d['their_slot'] + 1}, unseen")
    if kind == "no-swap":
        return "chose not to swap"
    if kind == "discard":
        return f"put {their} card {d['slot'] + 1} under the draw pile"
    if kind == "skip":
        return "skipped the turn"
    if kind == "deal":
        cards = [f"{_a(v)} to {colours[r]}" for r, v in d["cards"]]
        if len(cards) == 1:
            region, value = d["cards"][0]
            return f"{_a(value)} was dealt face up to {colours[region]}"
        return "Cards were dealt face up: " + ", ".join(cards[:-1]) + " and " + cards[-1]
    if kind == "reshuffle":
        return (f"{d['icons']} face-up cards showed the re-roll icon, so all of them were "
                f"shuffled back into the pile and new ones dealt")
    if kind == "final-round":
        last = v.who(actor)
        return (f"completed the last collection: the final round begins, and everyone has one "
                f"more turn, ending with {last}")
    if kind == "end":
        scores = d["scores"]
        winners = d["winners"]
        if d["reason"] == "round-cap":
            return f"The round limit was reached: the game is a draw (totals {_listing(scores)})"
        verb = "share the win" if len(winners) > 1 else v.verb(winners, "win")
        return f"Game over: {v.group(winners)} {verb} with {scores[winners[0]]} (totals " \
               f"{_listing(scores)})"
    return kind


def describe_action(s: RollState, action: Action) -> str:
    """An action's label with the state's names and values filled in, for people."""
    key = action.key
    kind = key[0]
    values = s.game.values
    p = s.to_move
    if kind == A.REROLL:
        which = key[1]
        dice = "die" if len(which) == 1 else "dice"
        shown = _listing([s.dice[d] for d in which])
        return (f"Spend a token to re-roll the {shown} ({dice} "
                f"{_listing([d + 1 for d in which])})")
    if kind == A.GO:
        board = s.game.board
        target = (s.pawn + sum(s.dice)) % board.size
        label = f"Move {plural(sum(s.dice), 'space')} to {_space_words(s, target)}"
        if board.regions[target] >= 0:
            card = s.faceup[board.regions[target]]
            label += " (no card there)" if card < 0 else f" ({_a(values[card])} face up)"
        return label
    if kind == A.KEEP:
        return f"Keep the Wild die: {FACE_NAMES[s.wild]}"
    if kind == A.TAKE_FACE:
        region = s.game.board.regions[s.pawn]
        return f"Take the face-up {values[s.faceup[region]]}"
    if kind == A.TAKE_REGION:
        return f"Take the {values[s.faceup[key[1]]]} from {s.game.board.colours[key[1]]}"
    if kind == A.PEEK:
        return f"Look at {s.voice(p).whose(key[1])} card {key[2] + 1}"
    if kind == A.SWAP_GIVE:
        return f"Offer your card {key[1] + 1} for a swap"
    if kind == A.SWAP:
        return (f"Swap your card {s.choices[0] + 1} for {s.voice(p).whose(key[1])} card "
                f"{key[2] + 1}")
    if kind == A.DISCARD:
        knows = s.knows(p)
        card = s.hands[p][key[1]]
        hint = f" ({_a(values[card])})" if s.game.rules.memory_aid and knows >> card & 1 else ""
        return f"Put your card {key[1] + 1}{hint} under the draw pile"
    return action.label
