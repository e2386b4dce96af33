"""Rat & Duck's forward model: which actions are legal, and what each one does.

Seed 003 (the rulebook) and RULINGS.md, Rat & Duck. One unit plays at a time; its turn passes
through the three turn states (phases.py). Immediate actions (Target, Link, Unlink) are offered
in every turn state and leave it unchanged (seed 003, 3.2.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from .actions import (
    ARREST,
    CONTROL,
    END,
    KIDNAP,
    LINK,
    MOVE,
    RELEASE,
    RESEARCH,
    SKIP_MOVE,
    SPEAK,
    TARGET,
    UNLINK,
)
from .params import DISSENT, DISSENT_TEAM, GOVERNMENT, POLICE, SCIENTIST
from .phases import AFTER_ACTION, PRE_ACTION, PRE_MOVE

if TYPE_CHECKING:
    from .state import DuckState


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(s: DuckState) -> list[Action]:
    g = s.game
    cat = g.catalogue
    u = s.active
    role = g.roles[u]
    here = s.pos[u]
    phase = s.phase
    r = g.rules
    if phase == PRE_MOVE:
        out = [cat.move[n] for n in s.layout.adj[here]]
        out.append(cat.skip_move)
    else:
        out = []
        if phase == PRE_ACTION:
            civilian = here < g.city.civilian
            if role == POLICE:
                pos, wanted, need = s.pos, s.wanted, r.arrest_wanted
                out.extend(cat.arrest[d] for d in g.dissents
                           if pos[d] == here and wanted[d] >= need)
                if civilian and s.unrest[here] > 0:
                    out.append(cat.control)
            elif role == SCIENTIST:
                if civilian and here in s.held:
                    out.append(cat.kidnap)
                if here == g.city.lab:
                    civ_at = s.civ_at
                    out.extend(cat.research[c] for c in s.civs if civ_at[c] == here)
            else:
                if civilian and s.unrest[here] < r.max_unrest:
                    out.append(cat.speak)
                civ_at = s.civ_at
                out.extend(cat.release[c] for c in s.civs if civ_at[c] == here)
    if role != DISSENT:
        if role == SCIENTIST and s.deck and len(s.held) < r.max_location_cards:
            out.append(cat.target)
        if s.civs:
            civ_at, link = s.civ_at, s.link
            mine = sum(1 for c in s.civs if link[c] == u)
            for c in s.civs:
                holder = link[c]
                if holder == u:
                    out.append(cat.unlink[c])
                elif holder < 0 and civ_at[c] == here and mine < r.links_per_unit:
                    out.append(cat.link[c])
    if phase != PRE_MOVE:
        out.extend(cat.end[v] for v in next_units(s))
    return out


def next_units(s: DuckState) -> list[int]:
    """Who may play next (seed 003, 3.3; RULINGS): an unplayed opponent unit; if there is none,
    an unplayed unit of one's own team; when everyone has played, a dissent opens the next round
    (chosen by whoever ends the round's last turn)."""
    g = s.game
    u = s.active
    done = s.played | 1 << u
    own = g.teams[u]
    mine, theirs = [], []
    for v in range(g.unit_count):
        if not done >> v & 1:
            (mine if g.teams[v] == own else theirs).append(v)
    if theirs:
        return theirs
    if mine:
        return mine
    return list(g.dissents)


def why_illegal(s: DuckState, action: Action) -> str:
    """A reason people can read for an action that is not legal now."""
    g = s.game
    kind = action.key[0]
    u = s.active
    role = g.roles[u]
    unit = g.unit_names[u]
    here = s.pos[u]
    r = g.rules
    # the reasons speak to players; the rulebook sections are cited here only
    if kind == MOVE:  # seed 003, 3.1
        if s.phase != PRE_MOVE:
            return f"{unit} has already moved or acted this turn"
        if action.key[1] == here:
            return f"{unit} is already at the {g.city.names[here]}: choose to stay instead"
        return f"the {g.city.names[action.key[1]]} is not next to the {g.city.names[here]}"
    if kind == SKIP_MOVE:
        return f"{unit} has already moved or stayed this turn"
    if kind == END:  # seed 003, 3.3
        if s.phase == PRE_MOVE:
            return "move, or choose to stay, before ending the turn"
        return "that unit may not play next: pass to an opponent unit that has not played"
    own_role = {ARREST: POLICE, CONTROL: POLICE, TARGET: SCIENTIST, KIDNAP: SCIENTIST,
                RESEARCH: SCIENTIST, SPEAK: DISSENT, RELEASE: DISSENT}.get(kind)
    if own_role is not None and own_role != role:
        return f"{unit} cannot do that: it is a {('police', 'scientist', 'dissent')[role]} unit"
    if kind in (LINK, UNLINK) and role == DISSENT:
        return "only police and scientists link civilians"
    if kind == TARGET:
        if not s.deck:
            return "the location deck is empty; it never refills"
        return f"the government already holds {r.max_location_cards} location cards"
    if kind == LINK:
        c = action.key[1]
        if s.civ_at[c] != here:
            return "that civilian is not on this unit's place"
        if s.link[c] >= 0:
            return "that civilian is already linked"
        return f"a unit may have at most {r.links_per_unit} linked civilian(s)"
    if kind == UNLINK:
        return "that civilian is not linked to this unit"
    if s.phase != PRE_ACTION:  # seed 003, 3.2
        return ("move, or choose to stay, first" if s.phase == PRE_MOVE
                else "this unit has already acted this turn")
    if kind == ARREST:  # seed 003, 3.4
        return (f"arrest needs that dissent on this place with at least {r.arrest_wanted} "
                "wanted")
    if kind == CONTROL:
        return "there is no unrest here to reduce"
    if kind == KIDNAP:
        return "the government holds no location card for this place"
    if kind == RESEARCH:
        return "research needs the scientist and that civilian in the Lab"
    if kind == SPEAK:
        if here >= g.city.civilian:
            return "unrest exists only at civilian places"
        return f"this place already has the most unrest ({r.max_unrest})"
    return "that civilian is not on this place"


# --- applying an action ----------------------------------------------------------------------


def apply(s: DuckState, action: Action) -> None:
    key = action.key
    HANDLERS[key[0]](s, s.active, key)


def _move(s: DuckState, u: int, key: tuple) -> None:
    to = key[1]
    s.pos[u] = to
    link = s.link
    carried = [c for c in s.civs if link[c] == u]
    for c in carried:
        s.civ_at[c] = to  # a linked civilian moves with its unit
    s.phase = PRE_ACTION
    s.emit("move", s.to_move, {"unit": u, "to": to, "carried": carried})


def _skip_move(s: DuckState, u: int, key: tuple) -> None:
    s.phase = PRE_ACTION
    s.emit("stay", s.to_move, {"unit": u})


def _arrest(s: DuckState, u: int, key: tuple) -> None:
    d = key[1]
    g = s.game
    s.pos[d] = g.city.prison
    w = s.wanted[d] - g.rules.arrest_reduce
    s.wanted[d] = w if w > 0 else 0
    s.phase = AFTER_ACTION
    s.emit("arrest", s.to_move, {"unit": u, "target": d, "wanted": s.wanted[d]})


def _control(s: DuckState, u: int, key: tuple) -> None:
    here = s.pos[u]
    cut = s.game.rules.control_reduce
    s.unrest[here] = s.unrest[here] - cut if s.unrest[here] > cut else 0
    s.phase = AFTER_ACTION
    s.emit("control", s.to_move, {"unit": u, "place": here, "unrest": s.unrest[here]})


def _target(s: DuckState, u: int, key: tuple) -> None:
    card = s.draw("deck")
    s.held.append(card)
    s.emit("target", s.to_move, {"unit": u, "held": len(s.held), "deck": len(s.deck)},
            {"card": card}, s.game.seat_masks(s.players)[GOVERNMENT])


def _kidnap(s: DuckState, u: int, key: tuple) -> None:
    here = s.pos[u]
    s.held.remove(here)
    s.reveal()  # the dissent learns the government held this place's card
    s.used.append(here)
    s.civ_at[here] = here
    s.civs.append(here)
    s.phase = AFTER_ACTION
    s.emit("kidnap", s.to_move, {"unit": u, "place": here})


def _remove_civilian(s: DuckState, c: int) -> None:
    s.civ_at[c] = -1
    s.link[c] = -1
    s.civs.remove(c)


def _research(s: DuckState, u: int, key: tuple) -> None:
    c = key[1]
    _remove_civilian(s, c)
    g = s.game
    s.biosci += g.rules.research_gain
    s.phase = AFTER_ACTION
    s.emit("research", s.to_move, {"unit": u, "civilian": c, "biosci": s.biosci})
    if s.biosci >= g.rules.bio_sci_to_win:
        finish(s, GOVERNMENT)


def _link(s: DuckState, u: int, key: tuple) -> None:
    s.link[key[1]] = u
    s.emit("link", s.to_move, {"unit": u, "civilian": key[1]})


def _unlink(s: DuckState, u: int, key: tuple) -> None:
    s.link[key[1]] = -1
    s.emit("unlink", s.to_move, {"unit": u, "civilian": key[1]})


def _raise(s: DuckState, place: int, amount: int, cap: int) -> int:
    """Add unrest at a civilian place up to the cap; return how much was added."""
    before = s.unrest[place]
    after = before + amount
    if after > cap:
        after = cap
    s.unrest[place] = after
    return after - before


def _speak(s: DuckState, u: int, key: tuple) -> None:
    r = s.game.rules
    here = s.pos[u]
    _raise(s, here, r.unrest_gain, r.max_unrest)
    s.wanted[u] += r.wanted_gain
    s.phase = AFTER_ACTION
    s.emit("speak", s.to_move, {"unit": u, "place": here, "unrest": s.unrest[here],
                                 "wanted": s.wanted[u]})
    check_unrest(s)


def _release(s: DuckState, u: int, key: tuple) -> None:
    g = s.game
    r = g.rules
    c = key[1]
    here = s.pos[u]
    was_linked = s.link[c]
    _remove_civilian(s, c)
    s.released += 1
    raised: list[int] = []
    cap = r.max_unrest
    if here < g.city.civilian:
        if s.unrest[here] < cap:
            if _raise(s, here, r.unrest_gain, cap):
                raised.append(here)
        else:  # seed 003, 3.4 Release: a place at the cap spills over to all its neighbours
            for n in s.layout.adj[here]:
                if n < g.city.civilian and _raise(s, n, r.unrest_gain, cap):
                    raised.append(n)
    s.wanted[u] += r.wanted_gain
    s.phase = AFTER_ACTION
    s.emit("release", s.to_move, {"unit": u, "civilian": c, "place": here, "raised": raised,
                                   "linked": was_linked, "wanted": s.wanted[u]})
    check_unrest(s)


def _end(s: DuckState, u: int, key: tuple) -> None:
    g = s.game
    nxt = key[1]
    s.played |= 1 << u
    s.emit("end", s.to_move, {"unit": u, "next": nxt})
    if s.played == g.all_units:
        cap = g.rules.max_rounds
        if cap is not None and s.round >= cap:
            finish(s, None)
            return
        s.round += 1
        s.played = 0
        s.emit("round", None, {"round": s.round})
    s.active = nxt
    s.phase = PRE_MOVE
    s.to_move = g.owners(s.players)[nxt]


HANDLERS = {
    MOVE: _move, SKIP_MOVE: _skip_move, ARREST: _arrest, CONTROL: _control, TARGET: _target,
    KIDNAP: _kidnap, RESEARCH: _research, LINK: _link, UNLINK: _unlink, SPEAK: _speak,
    RELEASE: _release, END: _end,
}
HANDLERS = [HANDLERS[k] for k in range(len(HANDLERS))]


def check_unrest(s: DuckState) -> None:
    if sum(s.unrest) >= s.game.rules.unrest_to_win:
        finish(s, DISSENT_TEAM)


def team_scores(s: DuckState) -> tuple[int, int]:
    """The round-limit scores (RULINGS): government Bio-Sci x 5, dissent unrest x 2."""
    r = s.game.rules
    return s.biosci * r.government_score_weight, sum(s.unrest) * r.dissent_score_weight


def finish(s: DuckState, winner: int | None) -> None:
    """End the game. `winner` is a team; None means the round limit: the higher score wins.

    Returns (DESIGN.md): 1 for every seat of the winning team, 0 for the others; a draw splits
    1 among all seats.
    """
    g = s.game
    n = s.players
    reason = "finished"
    gov, dis = team_scores(s)
    if winner is None:
        reason = "round-cap"
        winner = GOVERNMENT if gov > dis else DISSENT_TEAM if dis > gov else None
    if winner is None:
        result = [1.0 / n] * n
    else:
        teams = g.seat_teams(n)
        result = [1.0 if teams[seat] == winner else 0.0 for seat in range(n)]
    s.emit("end-game", None, {"reason": reason, "winner": winner, "scores": [gov, dis],
                               "biosci": s.biosci, "unrest": sum(s.unrest)})
    s.finish(result, reason)
