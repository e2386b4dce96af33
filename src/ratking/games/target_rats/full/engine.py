"""Target: Rats' forward model: the task stack run to the next decision, the legal actions of
each decision, applying one, and why an action is refused.

The rules themselves live in movement.py, acting.py, scavenge.py, fights.py, exterminator.py
and turn.py; this module only routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action, plural
from . import actions as A
from . import cards as C
from .acting import (
    act,
    breed_chosen,
    breed_pairs,
    can_claim,
    can_feed,
    can_nest,
    can_scavenge,
    contested,
    do_retreat,
    do_spawn,
    pending,
    retreat_places,
    spawn_places,
)
from .exterminator import land, open_phase, pigeon_call
from .exterminator import move as ext_move
from .fights import open_fight, push, push_choices, roll
from .movement import (
    end_moves,
    group_starts,
    group_steps,
    startable,
    step,
    stop,
    take,
    take_options,
)
from .phases import (
    ACT,
    AUTO,
    CARD,
    END_TURN,
    EXT,
    EXT_MOVE,
    EXT_PHASE,
    FIGHT,
    ITEM,
    KEEP,
    MOVE,
    ONE_RAT,
    PAIRS,
    PUSH,
    RELOCATE,
    RETREAT,
    ROLL,
    SPAWN,
    STEP,
    TAKE,
    TOKEN,
    USE,
    VICTORY,
    W_EXT,
    W_FIGHT,
    W_SCAVENGE,
)
from .rats import own, throne_fix, throne_rat
from .scavenge import (
    cancel,
    choose_item,
    effect,
    keep,
    relocate,
    relocate_choices,
    token_choice,
)
from .turn import end_turn, reinforce, victory_check

if TYPE_CHECKING:
    from .state import FullState


def run(s: FullState) -> None:
    """Run automatic tasks until a decision is on top (or the game is over)."""
    tasks = s.tasks
    while not s.over:
        throne_fix(s)
        tasks = s.tasks
        top = tasks[-1]
        code = top[0]
        if code < AUTO:
            if code == ACT:
                spaces = pending(s)
                if not spaces:
                    tasks.pop()
                    continue
                s.to_move = top[1]
                s._legal = _act_actions(s, spaces)  # computed once: the kernel's cache
                return
            elif code == MOVE:
                f = top[1]
                starts = group_starts(s, f)
                extra = _extra_group(s, starts)
                if not starts and not extra:
                    end_moves(s)
                    continue
                s.to_move = f
                s._legal = _move_actions(s, f, starts, extra)
                return
            elif code == SPAWN:
                if len(s.rats[top[1]]) >= s.game.rules.max_rats:
                    tasks.pop()
                    continue
            elif code == USE:
                f = top[1]
                if not s.item_ready[f] or s.item[f] < 0:
                    tasks.pop()  # the item went (used, lost or swapped) since the prompt
                    continue
            elif code == PUSH:
                if not _push_side(s, top):
                    tasks.pop()
                    continue
            elif code == RETREAT and not _on(s, top[1], top[2]):
                tasks.pop()
                continue
            s.to_move = top[1]
            return
        tasks.pop()
        if code == FIGHT:
            open_fight(s, top[1], top[2])
        elif code == ROLL:
            roll(s, top[1], top[2])
        elif code == CARD:
            effect(s, top[1], top[2], top[3])
        elif code == EXT_PHASE:
            open_phase(s)
        elif code == EXT_MOVE:
            ext_move(s)
        elif code == VICTORY:
            victory_check(s)
        elif code == END_TURN:
            end_turn(s)


def _on(s: FullState, f: int, sp: int) -> bool:
    a = sp * 2
    rats = s.rats[f]
    return a in rats or a + 1 in rats


def _push_side(s: FullState, top: tuple) -> bool:
    """Are there still rats to push (the throne rat stays)?"""
    _, _chooser, side, sp, _ = top
    return own(s, side, sp) > throne_rat(s, side, sp)


def _usable(s: FullState, power: int) -> bool:
    f = s.turn
    return s.item_ready[f] and s.item[f] >= 0 and s.game.cards.power[s.item[f]] == power


def _extra_group(s: FullState, starts: list[int]) -> bool:
    """Is an extra-group item worth offering: ready, and some group could start with it (not
    once every rat has moved, where it would only add a pointless prompt). `starts`: the
    spaces a group may start from now (group_starts)."""
    return _usable(s, C.EXTRA_GROUP) and bool(starts or startable(s, s.turn, True))


def _move_actions(s: FullState, f: int, starts: list[int], extra: bool) -> list[Action]:
    cat = s.game.catalogue
    out = [cat.group[x] for x in starts]
    if extra:
        out.append(cat.use[s.game.cards.type_of[s.item[f]]])
    out.append(cat.end_moves)
    return out


def _step_actions(s: FullState, f: int, options: list[tuple[int, int]]) -> list[Action]:
    cat = s.game.catalogue
    out = [cat.step[to] for to, _ in options]
    if _usable(s, C.EXTRA_STEPS):
        out.append(cat.use[s.game.cards.type_of[s.item[f]]])
    if len(s.grp_path) > 1:
        out.append(cat.stop)
    return out


def _act_actions(s: FullState, spaces: list[int]) -> list[Action]:
    """seed 000, ACTIONS: "you must declare an action for each group": fights first; a space
    may rest only where no action is open to it."""
    cat = s.game.catalogue
    fights = contested(s, spaces)
    if fights:
        return [cat.fight[x] for x in fights]
    out = []
    for x in spaces:
        n = len(out)
        if can_scavenge(s, x):
            out.append(cat.scavenge[x])
        if can_feed(s, x):
            out.append(cat.feed[x])
        if breed_pairs(s, x):
            out.append(cat.breed[x])
        if can_nest(s, x):
            out.append(cat.nest[x])
        if can_claim(s, x):
            out.append(cat.claim)
        if len(out) == n:
            out.append(cat.rest[x])
    return out


def legal_actions(s: FullState) -> list[Action]:
    cat = s.game.catalogue
    top = s.tasks[-1]
    code = top[0]
    f = top[1]
    if code == MOVE:
        starts = group_starts(s, f)
        return _move_actions(s, f, starts, _extra_group(s, starts))
    if code == STEP:
        return _step_actions(s, f, group_steps(s))
    if code == TAKE:
        take_ = cat.take
        return [take_[a][u] for a, u in take_options(s, f, top[2])]
    if code == ACT:
        return _act_actions(s, pending(s))
    if code == SPAWN:
        return [cat.spawn[x] for x in spawn_places(s, f)]
    if code == PUSH:
        return [cat.push[x] for x in push_choices(s, f, top[2], top[3], top[4])]
    if code == EXT:
        return [cat.ext[x] for x in top[2:]]
    if code == USE:
        return [cat.use[s.game.cards.type_of[s.item[f]]], cat.pass_]
    if code == KEEP:
        type_of = s.game.cards.type_of
        seen: list[int] = []
        for c in top[3:]:
            if type_of[c] not in seen:
                seen.append(type_of[c])
        return [cat.keep[t] for t in seen]
    if code == ITEM:
        type_of = s.game.cards.type_of
        old, new = type_of[s.item[f]], type_of[top[2]]
        return [cat.item[old]] if old == new else [cat.item[old], cat.item[new]]
    if code == TOKEN:
        return [cat.token_keep, cat.token_new]
    if code == RELOCATE:
        return [cat.relocate[x] for x in relocate_choices(s)]
    if code == RETREAT:
        return [cat.retreat[x] for x in retreat_places(s, f, top[2])]
    if code == ONE_RAT:
        return [cat.reinforce, cat.play_on]
    if code == PAIRS:
        return cat.pairs[1:top[3] + 1]
    raise AssertionError(f"no decision on top: {top!r}")


def apply(s: FullState, action: Action) -> None:
    key = action.key
    kind = key[0]
    tasks = s.tasks
    if kind == A.STEP:
        options = step(s, key[1])
        if options is not None:
            # the group goes on: its next steps are the decision (run() only checks the
            # throne, which changes no step), so they are computed once, here
            run(s)
            top = s.tasks[-1]
            if not s.over and top[0] == STEP:
                s._legal = _step_actions(s, top[1], options)
            return
    elif kind == A.GROUP:
        tasks.append((TAKE, s.turn, key[1]))
    elif kind == A.TAKE:
        take(s, tasks[-1][2], key[1], key[2])
    elif kind == A.STOP:
        stop(s)
    elif kind == A.END_MOVES:
        end_moves(s)
    elif kind in A.ACT_KINDS:
        act(s, kind, key[1])
    elif kind == A.SPAWN:
        do_spawn(s, key[1])
    elif kind == A.PUSH:
        push(s, key[1])
    elif kind == A.EXT:
        top = tasks.pop()
        land(s, key[1], top[1])
    elif kind == A.USE:
        _use(s)
    elif kind == A.PASS:
        tasks.pop()
    elif kind == A.KEEP:
        keep(s, key[1])
    elif kind == A.ITEM:
        choose_item(s, key[1])
    elif kind == A.TOKEN_KEEP or kind == A.TOKEN_NEW:
        token_choice(s, kind == A.TOKEN_NEW)
    elif kind == A.RELOCATE:
        relocate(s, key[1])
    elif kind == A.RETREAT:
        do_retreat(s, key[1])
    elif kind == A.REINFORCE:
        reinforce(s)
    elif kind == A.PLAY_ON:
        tasks.pop()
    elif kind == A.PAIRS:
        breed_chosen(s, key[1])
    run(s)


def _use(s: FullState) -> None:
    """seed 000, SPECIAL ITEM CARDS: an item's power, once a round."""
    top = s.tasks[-1]
    f = top[1]
    card = s.item[f]
    cs = s.game.cards
    power = cs.power[card]
    s.item_ready[f] = False
    s.emit("use", f, {"card": card})
    if top[0] == USE:
        s.tasks.pop()
        window = top[2]
        if window == W_FIGHT:
            s.bonus[f] += cs.n[card]
        elif window == W_EXT:
            pigeon_call(s, f)
        elif window == W_SCAVENGE:
            cancel(s)
    elif power == C.EXTRA_GROUP:
        s.groups_left += 1
    elif power == C.EXTRA_STEPS:
        s.grp_steps += cs.n[card]


def why_illegal(s: FullState, action: Action) -> str:
    kind = action.key[0]
    top = s.tasks[-1]
    code = top[0]
    names = s.game.board.names
    decide = {MOVE: "movement: start a group or end movement",
              TAKE: "how many fed and unfed rats go in the group",
              STEP: "where the group steps next, or stop",
              ACT: "the action of a space a group moved to",
              SPAWN: "where new rats appear", PUSH: "where the rats are pushed",
              EXT: "where the Exterminator goes", USE: "whether to use an item now",
              KEEP: "which drawn card to keep", ITEM: "which item to hold",
              TOKEN: "which token stays on the space", RELOCATE: "which token to move",
              RETREAT: "which nest the group retreats to",
              ONE_RAT: "whether to reinforce or play on with one rat",
              PAIRS: "how many of the fed pairs breed"}[code]
    now = f"now {s.voice(s.to_move).does(top[1], 'decide')} {decide}"  # told to the mover
    # the reasons speak to players; the rulebook sections are cited here only
    if kind == A.GROUP and code == MOVE:  # seed 000, MOVEMENT
        if s.groups_left <= 0:
            r = s.game.rules
            return (f"no group moves left this turn ({plural(r.base_groups, 'group')}, plus "
                    "one per nest token)")
        return (f"no group can start from {names[action.key[1]]}: it needs a rat of yours that "
                "has not moved and a first step it may take")
    if kind == A.STEP and code == STEP:  # seed 000, MOVEMENT
        r = s.game.rules
        return (f"the group cannot step to {names[action.key[1]]}: not next to it, already on "
                f"its path, no room ({r.space_limit} rats a space, {r.city_limit} in Rat City), "
                "the Exterminator's space, or not enough moves left")
    if kind == A.STOP and code == STEP:  # seed 000, MOVEMENT
        return "a group must move at least one space: you may not end where you began"
    if kind == A.TAKE and code == TAKE:  # seed 000, MOVEMENT
        return ("that split is not possible: not enough rats there, none that has not moved, "
                "or too many for any space it could step to")
    if kind in A.ACT_KINDS and code == ACT:  # seed 000, ACTIONS
        sp = action.key[1]
        if sp not in pending(s):
            return (f"{names[sp]} has no action left: only spaces a group moved to this turn "
                    "act, once each")
        if contested(s, pending(s)):
            return "fights come first: every fight is fought before other actions"
        why = {A.SCAVENGE: "there is nothing to scavenge there (no home nest; Rat City only "
                           "once the throne is claimed)",
               A.FEED: "feeding needs a food source on the space and an unfed rat",
               A.BREED: "breeding needs two fed rats and room under the rat limit",
               A.NEST: "a nest needs two fed rats, a space that takes tokens with no nest, "
                       "and a nest token left",
               A.CLAIM: "the throne can be claimed only in Rat City while it is empty",
               A.FIGHT: "there is no enemy there to fight"}
        return why.get(kind, "not legal now")
    if kind == A.PAIRS and code == PAIRS:  # seed 000, BREED
        return (f"only {plural(top[3], 'fed pair')} on {names[top[2]]} can breed (fed rats "
                "there, and room under the rat limit)")
    if kind == A.USE:  # seed 000, SPECIAL ITEM CARDS
        return ("the item cannot be used now: it is used once a round, when its moment comes "
                "(a fight, the Exterminator, scavenging or movement); " + now)
    return now
