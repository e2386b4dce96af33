"""What each seat sees of a Target: Rats game (everything but the order of the draw piles),
and the game told in plain English. The SVG and text renderers read only `view()`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ....core import Action, plural
from ....core.tables import once
from .. import board_view
from ..board import Board
from . import actions as A
from .acting import retreat_places, spawn_places
from .cards import DECKS, EFFECTS
from .fights import push_choices
from .phases import (
    ACT,
    EXT,
    FOOD,
    ITEM,
    KEEP,
    MOVE,
    NEST0,
    ONE_RAT,
    PAIRS,
    PUSH,
    RELOCATE,
    RETREAT,
    SEWER,
    SPAWN,
    STEP,
    TAKE,
    TASK_NAMES,
    TOKEN,
    USE,
)
from .rats import nests

if TYPE_CHECKING:
    from .state import FullState

TOKEN_NAMES = {0: None, FOOD: "food", SEWER: "sewer"}
TOKEN_WORDS = {FOOD: "a food source", SEWER: "a sewer entrance"}


def card_view(s: FullState, card: int) -> dict[str, Any]:
    cs = s.game.cards
    t = cs.types[cs.type_of[card]]
    return {"id": t.id, "name": t.name, "deck": DECKS[t.deck], "text": t.text,
            "item": t.power >= 0, "kind": EFFECTS[t.effect]}


def pending_choice(s: FullState) -> tuple[str, Sequence[int], Sequence[int]] | None:
    """The choice the task on top of the stack asks for: (kind, cards, spaces), or None if
    it asks none (the view's `choice` and the observation tensor both read it here)."""
    top = s.tasks[-1]
    code = top[0]
    if code == KEEP:
        return "keep", top[3:], (top[2],)
    if code == ITEM:
        return "item", (s.item[top[1]], top[2]), ()
    if code == PUSH:
        return "push", (), push_choices(s, top[1], top[2], top[3], top[4])
    if code == SPAWN:
        return "spawn", (), spawn_places(s, top[1])
    if code == RETREAT:
        return "retreat", (), retreat_places(s, top[1], top[2])
    if code == TOKEN:
        return "token", (), (top[2],)
    if code == RELOCATE:
        return "token", (), [x for x, t in enumerate(s.token) if t == top[3] and x != top[2]]
    if code == EXT:
        return "ext", (), top[2:]
    if code == USE:
        return "use", (s.item[top[1]],), ()
    if code == PAIRS:
        return "breed", (), (top[2],)
    return None


def _choice(s: FullState) -> dict[str, Any] | None:
    if s.over or not s.tasks:
        return None
    pending = pending_choice(s)
    if pending is None:
        return None
    kind, cards, spaces = pending
    ids = s.game.board.ids
    return {"kind": kind, "cards": [card_view(s, c) for c in cards],
            "spaces": [ids[x] for x in spaces]}


def _prompt(s: FullState, seat: int | None) -> str:
    """What the seat to move decides, as "Name: what to do" (the name may be "You"), told to
    `seat`."""
    if s.over:
        return "The game is over."
    top = s.tasks[-1]
    return f"{s.names[top[1]]}: {_task_text(s, top, seat)}"


def _task_text(s: FullState, top: tuple[int, ...], seat: int | None) -> str:
    code = top[0]
    names = s.game.board.names
    cs = s.game.cards
    if code == ONE_RAT:
        return "one rat left: spawn two at home and skip the turn, or play on?"
    if code == MOVE:
        return f"start a group ({s.groups_left} left) or end movement."
    if code == TAKE:
        return f"choose how many fed and unfed rats go from {names[top[2]]}."
    if code == STEP:
        return f"step the group on ({plural(s.grp_steps, 'step')} left) or stop it."
    if code == ACT:
        return "choose an action for a space a group moved to (fights first)."
    if code == SPAWN:
        return f"choose where {top[2]} new rats appear."
    if code == KEEP:
        return "as Da Big Cheese, keep one of the cards drawn."
    if code == ITEM:
        return "only one item may be held: choose which to keep."
    if code == TOKEN:
        return f"{names[top[2]]} already holds a token: keep it, or put the new one?"
    if code == RELOCATE:
        return "no such token is left in the box: choose which one moves here."
    if code == PUSH:
        if top[1] == top[2]:
            return (f"the rats scatter {plural(top[4], 'space')} from {names[top[3]]}: "
                    "choose where.")
        return f"the fight is won: choose where {s.voice(seat).whose(top[2])} rats are pushed."
    if code == RETREAT:
        return "the claim failed: choose the nest the group retreats to."
    if code == EXT:
        return "choose where the Exterminator goes."
    if code == USE:
        item = cs.types[cs.type_of[s.item[top[1]]]].name
        return f"use {item} now, or pass."
    if code == PAIRS:
        return (f"choose how many of the {top[3]} fed pairs on {names[top[2]]} breed (the "
                "others stay fed).")
    return ""


def _template(b: Board) -> board_view.Template:
    """The board's spaces as this game's views list them, before tokens and the throne."""
    return board_view.template(
        b, {"token": None, "nest_seat": None, "throne": False},
        lambda sp: {"beneath": b.ids[b.beneath[sp]] if b.beneath[sp] >= 0 else None})


def view(s: FullState, seat: int | None) -> dict[str, Any]:
    g = s.game
    b = g.board
    r = g.rules
    spaces = board_view.spaces(once(b, _template), s.rats, s.ext)
    for sp, tok in enumerate(s.token):
        if tok:
            entry = spaces[sp]
            entry["token"] = "nest" if tok >= NEST0 else TOKEN_NAMES[tok]
            if tok >= NEST0:
                entry["nest_seat"] = tok - NEST0
    if s.cheese >= 0:
        spaces[b.city]["throne"] = True
    factions = []
    for f in range(s.players):
        entry = board_view.faction(b, s.names, s.nests, s.rats, f)
        entry.update({
            "nests": nests(s, f),
            "item": card_view(s, s.item[f]) if s.item[f] >= 0 else None,
            "item_ready": s.item_ready[f], "cheese": s.cheese == f,
            "pending_win": s.pending_win == f,
        })
        factions.append(entry)
    group = None
    if s.grp_path and not s.over:
        codes = [s.rats[s.turn][i] for i in s.grp_idx]
        group = {"from": b.ids[s.grp_path[0]], "path": [b.ids[x] for x in s.grp_path],
                 "fed": sum(c & 1 for c in codes), "unfed": sum(1 - (c & 1) for c in codes),
                 "steps_left": s.grp_steps}
    lf = s.last_fight
    fight = None
    if lf is not None:
        fight = {"space": b.ids[lf["space"]], "sides": dict(lf["sides"]),
                 "rolls": {k: list(v) for k, v in lf["rolls"].items()},
                 "winner": lf["winner"], "killed": dict(lf["killed"])}

    def deck(pile: list[int], used: list[int]) -> dict[str, Any]:
        return {"left": len(pile), "discards": len(used),
                "top": card_view(s, used[-1]) if used else None}

    out: dict[str, Any] = {
        "game": g.id, "seat": seat, "players": s.players, "to_move": s.current_player,
        "round": s.round, "max_rounds": r.max_rounds,
        "phase": "over" if s.over or not s.tasks else TASK_NAMES[s.tasks[-1][0]],
        "prompt": _prompt(s, seat), "spaces": spaces, "factions": factions,
        "exterminator": b.ids[s.ext] if s.ext >= 0 else None,
        "cheese": s.cheese if s.cheese >= 0 else None,
        "pending_win": s.pending_win if s.pending_win >= 0 else None,
        "decks": {"surface": deck(s.surface_deck, s.surface_discard),
                  "underground": deck(s.under_deck, s.under_discard)},
        "turn": {"groups_left": s.groups_left, "group": group,
                 "action_spaces": [b.ids[x] for x in s.action_spaces],
                 "done_spaces": [b.ids[x] for x in s.done_spaces]},
        "choice": _choice(s), "last_fight": fight,
        "limits": {"space": r.space_limit, "city": r.city_limit, "max_rats": r.max_rats,
                   "max_nests": r.max_nests, "nests_to_win": r.nests_to_win,
                   "move_range": r.move_range},
        "target_face": r.target_face, "over": s.over,
    }
    if s.over:
        out["result"] = {"returns": s.returns(), "end": s.end_reason}
    return out


def _card(s: FullState, card: int) -> str:
    cs = s.game.cards
    return cs.types[cs.type_of[card]].name


def _token(s: FullState, tok: int, seat: int | None, actor: int | None = None) -> str:
    """The token in words; the actor's own nest is "their nest" ("your nest")."""
    if tok >= NEST0:
        v = s.voice(seat)
        owner = tok - NEST0
        return f"{v.their(owner) if owner == actor else v.whose(owner)} nest"
    return TOKEN_WORDS.get(tok, "nothing")


def describe(s: FullState, kind: str, actor: int | None, d: dict[str, Any],
             seat: int | None) -> str:
    b = s.game.board
    names = b.names
    v = s.voice(seat)
    if kind == "setup":
        return f"A new game of Target: Rats for {d['players']} players"
    if kind == "turn":
        return f"began a turn (round {d['round']})"
    if kind == "win-lost":
        return f"no longer {v.verb(actor, 'hold')} three nests and the throne: no win this time"
    if kind == "reentry":
        n = d["rats"]
        return (f"had no rats left: {plural(n, 'rat')} {'re-enters' if n == 1 else 're-enter'} "
                "at the home nest")
    if kind == "reinforce":
        return (f"spawned {plural(d['rats'], 'rat')} at home and {v.verb(actor, 'skip')} the "
                "rest of the turn")
    if kind == "move":
        return f"moved {plural(d['rats'], 'rat')} " + " > ".join(b.ids[x] for x in d["path"])
    if kind == "end-moves":
        if not d["spaces"]:
            return "ended movement: no group takes an action"
        return "ended movement; actions on " + ", ".join(b.ids[x] for x in d["spaces"])
    if kind == "feed":
        return f"fed {plural(d['rats'], 'rat')} on {names[d['space']]}"
    if kind == "unfeed":
        return (f"lost {v.their(actor)} meal: {plural(d['rats'], 'rat')} on {names[d['space']]} "
                f"{'is' if d['rats'] == 1 else 'are'} unfed")
    if kind == "breed":
        return (f"bred {plural(d['pairs'], 'pair')} on "
                f"{names[d['space']]}: {plural(d['rats'], 'rat')} to be born")
    if kind == "spawn":
        return f"placed {plural(d['rats'], 'rat')} on {names[d['space']]}"
    if kind == "nest":
        return f"built a nest on {names[d['space']]}"
    if kind == "claim":
        dice = ", ".join(str(x) for x in d["dice"])
        if d["won"]:
            return (f"rolled {dice} for the throne: a Target! {v.they(actor).capitalize()} "
                    "are Da Big Cheese")
        return f"rolled {dice} for the throne: no Target, one rat dies"
    if kind == "retreat":
        return f"retreated {plural(d['rats'], 'rat')} to {names[d['to']]}"
    if kind == "rest":
        return f"rested on {names[d['space']]}"
    if kind == "discover":
        what = "took it over" if d["taken"] else "destroyed it"
        return f"found {v.whose(d['owner'])} undefended nest on {names[d['space']]} and {what}"
    if kind == "draw":
        return f"scavenged on {names[d['space']]} and drew {_card(s, d['card'])}"
    if kind == "reshuffle":
        return f"The {DECKS[d['deck']]} discards are shuffled into a new deck"
    if kind == "decks-empty":
        return f"scavenged on {names[d['space']]}, but both piles of that deck are empty"
    if kind == "keep":
        return f"kept {_card(s, d['card'])}"
    if kind == "item":
        return f"now {v.verb(actor, 'hold')} {_card(s, d['card'])}"
    if kind == "item-kept":
        return f"kept {_card(s, d['card'])} and discarded {_card(s, d['discarded'])}"
    if kind == "item-lost":
        return f"lost every rat and discarded {_card(s, d['card'])}"
    if kind == "use":
        return f"used {_card(s, d['card'])}"
    if kind == "cancel":
        return f"cancelled {_card(s, d['card'])}"
    if kind == "token":
        return f"placed {_token(s, d['token'], seat, actor)} on {names[d['space']]}"
    if kind == "token-kept":
        return f"kept {_token(s, d['token'], seat, actor)} on {names[d['space']]}"
    if kind == "no-token":
        return f"could place no token on {names[d['space']]}"
    if kind == "relocate":
        return (f"moved {_token(s, d['token'], seat, actor)} from {names[d['from']]} to "
                f"{names[d['space']]}")
    if kind == "killed":
        return f"lost {plural(d['rats'], 'rat')} on {names[d['space']]}"
    if kind == "fight":
        sides = ", ".join(f"{v.who(int(f))} {n}" for f, n in d["sides"].items())
        rolls = ", ".join(f"{v.who(int(f))} {sum(x)}" for f, x in d["rolls"].items())
        dead = ", ".join(f"{v.who(int(f))} {n}" for f, n in d["killed"].items())
        text = (f"won the fight on {names[d['space']]} (rats: {sides}; rolls {rolls}"
                + (f", then {len(d['rerolls'])} re-roll(s)" if d["rerolls"] else "")
                + f"; killed: {dead})")
        if d["throne"]:
            text += " and became Da Big Cheese"
        if d["nest"]:
            text += " and took the nest there"
        return text
    if kind == "push":
        return f"pushed {v.whose(d['side'])} {plural(d['rats'], 'rat')} to {names[d['to']]}"
    if kind == "exterminated":
        return f"lost {plural(d['rats'], 'rat')} to the Exterminator on {names[d['space']]}"
    if kind == "overflow":
        return (f"had too many rats on {names[d['from']]}: the extra ones move on to "
                + ", ".join(b.ids[x] for x in d["to"]))
    if kind == "infestation":
        return "found an infestation: the Exterminator is called"
    if kind == "ext-roll":
        return f"rolled {d['die']} for the Exterminator" + (": a Target!" if d["target"]
                                                             else "")
    if kind == "exterminator":
        dead = sum(d["killed"])
        done = [f"killing {plural(dead, 'rat')}"] if dead else []
        if d["token"]:
            done.append(f"destroying {_token(s, d['token'], seat, actor)}")
        text = f"sent the Exterminator to {names[d['space']]}"
        return text + (", " + " and ".join(done) if done else "")
    if kind == "pending-win":
        return (f"{v.verb(actor, 'hold')} {plural(d['nests'], 'nest')} and the throne: "
                f"{v.they(actor)} win if it still holds at {v.their(actor)} next turn")
    if kind == "throne-lost":
        return "lost the title of Da Big Cheese (no rat left in Rat City)"
    if kind == "end-game":
        if d["winner"] is None:
            return "The round limit is reached: a draw"
        w = d["winner"]
        return (f"{v.does(w, 'hold')} three nests and the throne as {v.their(w)} turn begins, "
                f"and {v.verb(w, 'win')}")
    return kind


def describe_action(s: FullState, action: Action) -> str:
    key = action.key
    kind = key[0]
    if kind == A.USE and not s.over and s.tasks[-1][0] == USE:
        return action.label + " now"
    if kind == A.PUSH and not s.over and s.tasks[-1][0] == PUSH:
        to = key[1]
        if to == s.ext:
            return action.label + " (the Exterminator: they die)"
        if s.count[to]:
            return action.label + f" ({plural(s.count[to], 'rat')} there)"
    return action.label


