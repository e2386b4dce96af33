"""Target: Rats (full rules) on the web: one view drawn as a standalone SVG board.

`render(view, actions)` reads only the view dict and the viewer's legal actions. The board is
the shared Target: Rats board (`board_svg`): the surface and underground rings, the corridors
with their ladder passages, Rat City with the Deep Dish Throne, and a panel in each corner for
the faction of that home nest (the home nest itself is the panel's inner side). Around the
board: the turn and the prompt on top, the Surface deck on the left, the Underground deck on
the right, and below the cards to choose from or the last fight.

Clickable (`<g class="act" data-action=...>` with a `<title>`): group:, step:, push:, spawn:,
retreat:, ext:, relocate: on the space; keep:, item: and use: on the cards offered (use: on
the held item in its faction's panel when no card is offered). The page makes buttons for the
rest (take:, stop, end-moves, fight:, scavenge:, feed:, breed:, pairs:, nest:, claim:, rest:,
token:, reinforce, play-on, pass).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ....core import plural
from .. import board_svg as B
from . import words

H = B.W
SPACE_VERBS = ("route", "group", "step", "push", "spawn", "retreat", "ext", "relocate")
CARD_VERBS = ("keep", "item", "use")
KIND_WORDS = {"food": "food source", "nest": "nest", "sewer": "sewer entrance",
              "feed": "feast", "unfeed": "hunger", "kill": "danger", "kill_half": "danger",
              "kill_all": "disaster", "scatter": "scatter", "exterminator": "exterminator",
              "spawn": "new rats", "nothing": "nothing", "item": "item"}
DECK_FILL = {"surface": ("#b5542f", "#e9d9b4"), "underground": ("#3d5a48", "#c7d3bd")}
ITEM_FILL = "#2f6db5"
DW = 94  # a deck's card
PHASE_WORDS = {"one-rat": "One rat left", "move": "Movement", "take": "Movement",
               "step": "Movement", "actions": "Actions", "breed": "Breed", "spawn": "New rats",
               "keep": "Scavenge", "item": "Items", "token": "Tokens", "relocate": "Tokens",
               "push": "Fight", "retreat": "Throne claim", "ext": "Exterminator",
               "use": "Item window"}
END_WORDS = {"round-cap": "the round limit is reached",
             "finished": "three nests and Da Big Cheese, held for a round",
             # a table ended otherwise than by the rules
             "resigned": "a player resigned", "claimed": "the others claimed the win",
             "agreed": "the players agreed to end the game",
             "aborted": "the game was abandoned"}
CHOICE_WORDS = {"keep": "Choose the card to keep", "item": "Choose the item to hold",
                "use": "Use the item?"}
MARK_TIPS = {"to-act": "Still takes an action this turn", "acted": "Acted this turn",
             "fight": "The last fight was here",
             "pending-win": "Holds {} nests and Da Big Cheese: wins if it still holds when "
                            "their turn begins"}
# a deck's name (its tooltip says name.title() + " deck") and the lines printed on it
DECK_NAMES = {"surface": ("SURFACE", ("SURFACE",)),
              "underground": ("UNDER\u00adGROUND", ("UNDER", "GROUND"))}


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    by_id = {a["id"]: a for a in actions}
    spaces = view["spaces"]
    key = B.view_key(spaces)
    geo = B.geometry(key)
    factions = view["factions"]
    colour = {f["seat"]: f["colour"] for f in factions}
    owner = {f["seat"]: f["name"] for f in factions}
    ended = view.get("over") or view.get("result")  # by the rules, or by the table
    turn = {} if ended else view.get("turn") or {}  # an ended game marks nobody to act
    choice = view.get("choice") or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {B.W} {H}" width="100%" '
           f'class="rk-tr target-rats" font-family="{B.FONT}" role="img" '
           f'data-prompt="{B.esc(view.get("prompt") or "")}" '
           f'aria-label="Target: Rats board">', f"<desc>{B.esc(words.describe(view))}</desc>",
           B.STYLE, B.base(key, H)]
    by_home = {f["home"]: f for f in factions}
    cards = list(choice.get("cards") or ())
    # a card offered below takes its action; the held item in the panel gets it otherwise
    on_cards = {f"{verb}:{c.get('id')}" for c in cards for verb in CARD_VERBS}
    panel_acts = {k: v for k, v in by_id.items() if k not in on_cards}
    for s in spaces:
        if s["kind"] == "home-nest":
            out.append(_panel(view, s["id"], by_home.get(s["id"]), panel_acts))
    cheese = view.get("cheese")
    out.append(B.throne(colour.get(cheese) if cheese is not None else None,
                        owner.get(cheese, "")))
    for s in spaces:
        if s.get("token") == "sewer" and s.get("beneath"):
            out.append(_pipe(geo, s["id"], s["beneath"]))
    done = set(turn.get("done_spaces") or ())
    to_act = {x for x in turn.get("action_spaces") or () if x not in done}
    offered = set(choice.get("spaces") or ())
    fight = view.get("last_fight")
    fight_at = fight["space"] if fight else None
    group = turn.get("group")
    mover = None  # the group on the move: keyed by where it began, the page follows it
    if group and view.get("to_move") is not None:
        mover = {**group, "seat": view["to_move"],
                 "id": f"{group['from']}-{turn.get('groups_left')}"}
    on_space: dict[str, dict[str, str]] = {}  # the one space verb of each space
    # a move to a destination (route:) first: it covers the single step to the same space
    for a in sorted(actions, key=lambda a: not a["id"].startswith("route:")):
        verb, _, where = a["id"].partition(":")
        if verb in SPACE_VERBS and where not in on_space:
            on_space[where] = a
    for s in spaces:
        sid = s["id"]
        action = on_space.get(sid)
        out.append(f'<g class="space" data-space="{sid}">')
        if action:
            out.append(B.highlight(geo.shape[sid], action))
        elif sid in offered:
            out.append(B.highlight(geo.shape[sid], None, dashed=True))
        if sid in to_act:
            out.append(B.highlight(geo.shape[sid], None, dashed=True, colour="#ff8c1a"))
        token = s.get("token")
        if token:
            x, y = geo.token_at[sid]
            if token == "food":
                out.append(B.dumpster(x, y))
            elif token == "sewer":
                out.append(B.sewer(x, y))
            else:
                seat = s.get("nest_seat")
                out.append(B.nest(x, y, colour.get(seat, "#999999"), owner.get(seat, "A")))
        groups = s["rats"]
        if sid == "RC" and cheese is not None:
            groups = _off_throne(groups, cheese)
        if groups:
            out.extend(B.rats_at(geo.anchor[sid], s["kind"], groups, colour, owner,
                                 through=action is not None, space=sid,
                                 mover=B.moving_here(sid, mover)))
        if s.get("exterminator"):
            out.append(B.exterminator(*geo.anchor[sid], through=action is not None))
        if sid in to_act:
            out.append(_badge(geo, sid, "!", "#ff8c1a", MARK_TIPS["to-act"]))
        elif sid in done:
            out.append(_badge(geo, sid, "✓", "#3d9a47", MARK_TIPS["acted"]))
        if sid == fight_at:
            out.append(_swords(geo, sid))
        out.append("</g>")
    out.append(B.labels(key))  # over the pieces: always readable
    if group:
        out.append(_path(geo, group))
    out.append(_deck(view, "surface", 8))
    out.append(_deck(view, "underground", B.W - 8 - DW))
    out.append(LEGEND)
    out.append(_status(view, owner))
    if cards:
        out.append(_choice(choice, cards, by_id))
    elif fight:
        out.append(_fight(fight, owner, colour))
    out.append("</svg>")
    return "".join(out)


def _off_throne(groups: list[dict[str, Any]], cheese: int) -> list[dict[str, Any]]:
    """Rat City's rats but Da Big Cheese, who is drawn on the throne (always fed)."""
    out = []
    for g in groups:
        if g["seat"] == cheese:
            fed, unfed = g["fed"], g["unfed"]
            if fed:
                fed -= 1
            elif unfed:
                unfed -= 1
            if fed or unfed:
                out.append({"seat": cheese, "fed": fed, "unfed": unfed})
        else:
            out.append(g)
    return out


def _legend() -> str:
    x, y = 20, 640
    parts = ['<g class="legend minor" font-size="14" fill="#d8ccb0" pointer-events="none">',
             B.rat(x + 16, y, "#f4f1ea", 2, True, "fed rats: sitting up"),
             f'<text x="{x + 38}" y="{y + 4}">fed</text>',
             B.rat(x + 16, y + 34, "#f4f1ea", 3, False, "unfed rats: lying flat"),
             f'<text x="{x + 38}" y="{y + 38}">unfed</text>',
             B.dumpster(x + 16, y + 68), f'<text x="{x + 38}" y="{y + 72}">food</text>',
             B.sewer(x + 16, y + 100), f'<text x="{x + 38}" y="{y + 104}">sewer</text>',
             _badge_at(B.W - 104, y, "!", "#ff8c1a", MARK_TIPS["to-act"]),
             f'<text x="{B.W - 88}" y="{y + 4}">to act</text>',
             _badge_at(B.W - 104, y + 30, "✓", "#3d9a47", MARK_TIPS["acted"]),
             f'<text x="{B.W - 88}" y="{y + 34}">acted</text>',
             _swords_at(B.W - 104, y + 60), f'<text x="{B.W - 88}" y="{y + 64}">last fight'
             f'</text></g>']
    return "".join(parts)


def _pipe(geo: B.Geometry, top: str, below: str) -> str:
    """A sewer entrance token's link: one step between the surface space and the one below."""
    if top not in geo.angle or below not in geo.angle:
        return ""
    x1, y1 = B.polar(B.R_S_IN + 2, geo.angle[top])
    x2, y2 = B.polar(B.R_U_OUT - 2, geo.angle[below])
    return (f'<path class="pipe" d="M{B.num(x1)} {B.num(y1)}L{B.num(x2)} {B.num(y2)}" '
            f'stroke="#7f8a96" stroke-width="9" stroke-linecap="round" opacity=".8"/>'
            f'<path d="M{B.num(x1)} {B.num(y1)}L{B.num(x2)} {B.num(y2)}" stroke="#2a2f35" '
            f'stroke-width="3" stroke-dasharray="4 4"/>')


def _mark_at(geo: B.Geometry, sid: str, side: int) -> tuple[float, float]:
    """Where a small mark of a space goes: just outside its ring (side -1 / 1: which half)."""
    if sid in geo.angle:
        outer = B.R_S_OUT + 12 if sid[0] == "S" else B.R_U_OUT + 12
        return B.polar(outer, geo.angle[sid] + side * (4 if sid[0] == "S" else 8))
    x, y = geo.anchor[sid]
    if sid == "RC":
        return x + side * 64, y - 6
    return x + side * 84, y - 30


def _badge(geo: B.Geometry, sid: str, mark: str, fill: str, title: str) -> str:
    return _badge_at(*_mark_at(geo, sid, 1), mark, fill, title)


MARKS = {"!": "M0 -6.5V1.5M0 5.2V5.6", "✓": "M-5 0.5L-1.5 4.5L5.5 -4.5"}


@lru_cache(maxsize=512)
def _badge_at(x: float, y: float, mark: str, fill: str, title: str) -> str:
    return (f'<g class="badge" pointer-events="none"><title>{B.esc(title)}</title>'
            f'<circle cx="{B.num(x)}" cy="{B.num(y)}" r="12" fill="{fill}" stroke="#fff" '
            f'stroke-width="2"/><path transform="translate({B.num(x)} {B.num(y)})" '
            f'd="{MARKS[mark]}" fill="none" stroke="#fff" stroke-width="3.2" '
            f'stroke-linecap="round" stroke-linejoin="round"/></g>')


@lru_cache(maxsize=128)
def _swords_at(x: float, y: float) -> str:
    return (f'<g class="fight-mark" pointer-events="none"><title>{B.esc(MARK_TIPS["fight"])}'
            f'</title><circle cx="{B.num(x)}" cy="{B.num(y)}" r="11" fill="#c0392b" '
            f'stroke="#fff" stroke-width="2"/><path d="M{B.num(x - 6)} {B.num(y - 6)}l12 12'
            f'M{B.num(x + 6)} {B.num(y - 6)}l-12 12" stroke="#fff" stroke-width="2.6" '
            f'stroke-linecap="round"/></g>')


def _swords(geo: B.Geometry, sid: str) -> str:
    return _swords_at(*_mark_at(geo, sid, -1))


def _path(geo: B.Geometry, group: dict[str, Any]) -> str:
    """The group in progress: the way it came, an arrow to where it is now."""
    path = list(group.get("path") or ())
    if not path or path[0] != group.get("from"):
        path.insert(0, group.get("from"))
    pts = [geo.anchor[p] for p in path if p in geo.anchor]
    if len(pts) < 2:
        x, y = pts[0] if pts else (B.C, B.C)
        return (f'<circle class="group-path" cx="{B.num(x)}" cy="{B.num(y)}" r="34" '
                f'fill="none" stroke="#ff4f9a" stroke-width="4" stroke-dasharray="8 5" '
                f'pointer-events="none"/>')
    d = "M" + "L".join(f"{B.num(x)} {B.num(y)}" for x, y in pts)
    (x1, y1), (x2, y2) = pts[-2], pts[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    tip = (f"M{B.num(x2 - 16 * math.cos(a - 0.5))} {B.num(y2 - 16 * math.sin(a - 0.5))}"
           f"L{B.num(x2)} {B.num(y2)}L{B.num(x2 - 16 * math.cos(a + 0.5))} "
           f"{B.num(y2 - 16 * math.sin(a + 0.5))}")
    return (f'<g class="group-path" pointer-events="none" fill="none" stroke-linecap="round" '
            f'stroke-linejoin="round"><path d="{d}" stroke="#fff" stroke-width="9" '
            f'opacity=".55"/><path d="{d}{tip}" stroke="#ff4f9a" stroke-width="4.5"/></g>')


def _status(view: dict[str, Any], owner: dict[int, str]) -> str:
    x = B.C
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view.get("max_rounds")
                                         else "")
    phase = str(view.get("phase") or "")
    phase = PHASE_WORDS.get(phase, phase.replace("-", " ").capitalize())
    to_move = view.get("to_move")
    if view.get("over") or view.get("result"):  # or ended by the table (its result given)
        result = view.get("result") or {}
        returns = result.get("returns") or []
        best = max(returns) if returns else None
        winners = [owner.get(i, f"seat {i + 1}") for i, r in enumerate(returns)
                   if r == best and best is not None and returns.count(best) < len(returns)]
        end = END_WORDS.get(result.get("end"), str(result.get("end", "")).replace("-", " "))
        head = f"Game over: {' and '.join(winners)} won" if winners else "Game over: a draw"
        lines = [(head, 22, "bold", B.GOLD), (f"{rounds}: {end}", 17, "", B.CREAM)]
    else:
        who = owner.get(to_move, "") if to_move is not None else ""
        mine = view.get("seat") is not None and view.get("seat") == to_move
        head = f"{rounds} · {phase} · " + ("your move" if mine else
                                                         f"{who} to move")
        lines = [(head, 20, "bold", B.GOLD if mine else B.CREAM)]
        for text in B.wrap(str(view.get("prompt") or ""), 54):
            lines.append((text, 17, "", B.CREAM))
        for text in B.wrap(_turn_line(view), 60)[:2]:
            lines.append((text, 15, "", "#d8ccb0"))
    out = ['<g class="status" text-anchor="middle">']
    y = 30
    for text, size, weight, fill in lines:
        if not text:
            continue
        w = f' font-weight="{weight}"' if weight else ""
        out.append(f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}"{w}>'
                   f'{B.esc(text)}</text>')
        y += size + 7
    out.append("</g>")
    return "".join(out)


def _turn_line(view: dict[str, Any]) -> str:
    turn = view.get("turn") or {}
    parts = []
    group = turn.get("group")
    if group:
        n = group.get("fed", 0) + group.get("unfed", 0)
        path = list(group.get("path") or ())
        if not path or path[0] != group.get("from"):
            path.insert(0, group.get("from"))
        parts.append(f"Moving {plural(n, 'rat')} ({group.get('fed', 0)} fed): "
                     f"{' > '.join(str(p) for p in path)}, "
                     f"{plural(group.get('steps_left', 0), 'step')} left")
    if turn.get("groups_left") is not None and view.get("phase") in ("move", "movement",
                                                                      "step", "take"):
        n = turn["groups_left"]
        parts.append(f"{plural(n, 'group move')} left")
    acting = [x for x in turn.get("action_spaces") or ()
              if x not in (turn.get("done_spaces") or ())]
    if acting and not group:
        parts.append("To act: " + ", ".join(acting))
    if view.get("exterminator") is None:
        parts.append("Exterminator off the board")
    return " · ".join(parts)


def _deck(view: dict[str, Any], deck: str, x: float) -> str:
    d = (view.get("decks") or {}).get(deck) or {}
    dark, light = DECK_FILL[deck]
    name, title = DECK_NAMES[deck]
    y = 250
    left = d.get("left", 0)
    out = [f'<g class="deck" data-deck="{deck}"><title>{name.title()} deck: {left} '
           f'cards left, {d.get("discards", 0)} discarded</title>']
    for k in (2, 1, 0):
        if left > k:
            out.append(f'<rect x="{x}" y="{y - 4 * k}" width="{DW}" height="138" rx="9" '
                       f'fill="{dark}" stroke="#1a1410" stroke-width="2"/>')
    if not left:
        out.append(f'<rect x="{x}" y="{y}" width="{DW}" height="138" rx="9" fill="none" '
                   f'stroke="{light}" stroke-width="2" stroke-dasharray="6 5"/>')
    ty = y + 24
    for line in title:
        out.append(f'<text x="{x + DW / 2}" y="{ty}" font-size="15" font-weight="bold" '
                   f'text-anchor="middle" fill="{light}">{line}</text>')
        ty += 16
    out.append(f'<text x="{x + DW / 2}" y="{y + 90}" font-size="40" '
               f'font-weight="bold" text-anchor="middle" fill="{light}">{left}</text>'
               f'<text x="{x + DW / 2}" y="{y + 118}" font-size="15" text-anchor="middle" '
               f'fill="{light}">{"card" if left == 1 else "cards"}</text>'
               f'<text x="{x + DW / 2}" y="{y + 162}" font-size="15" text-anchor="middle" '
               f'fill="#d8ccb0">{d.get("discards", 0)} used</text></g>')
    # a card just drawn that a question is about (an item to hold, cards to keep) is not
    # used yet: it is the one shown beside its deck, not the one used before it
    now = _drawn_now(view, deck)
    top = now or d.get("top")
    if top:
        fill, weight, words = (B.GOLD, "bold", "drawn now") if now else (
            "#a99f8a", "normal", "last drawn")
        out.append(f'<text x="{x + DW / 2}" y="{y + 190}" font-size="15" text-anchor="middle" '
                   f'fill="{fill}" font-weight="{weight}">{words}</text>')
        out.append(_card(top, x, y + 198, DW, 150, None, small=True))
    return "".join(out)


def _drawn_now(view: dict[str, Any], deck: str) -> dict[str, Any] | None:
    """The card of `deck` drawn for the question being asked (an item to hold: the last of
    its cards, the held one first; cards to keep: the last of them), or None."""
    choice = view.get("choice") or {}
    cards = choice.get("cards") or []
    if choice.get("kind") not in ("item", "keep") or not cards:
        return None
    return cards[-1] if cards[-1].get("deck") == deck else None


def _fitted(text: str, width: float, size: float, lines: int, least: float) -> tuple[
        float, list[str]]:
    """`text` wrapped into at most `lines` lines of `width`: the largest font from `size` down
    to `least` that fits, else cut at `least` with an ellipsis (the card's tip has it all)."""
    while True:
        chars = max(6, int(width / (size * 0.54)))
        body = B.wrap(text, chars)
        if len(body) <= lines or size <= least:
            break
        size = max(least, size - 1)
    if len(body) > lines:
        body = body[:lines]
        body[-1] = body[-1][: chars - 1].rstrip() + "…"
    return size, body


@lru_cache(maxsize=512)
def _card_face(cid: str, name: str, deck: str, text: str, item: bool, kind: str, x: float,
               y: float, w: float, h: float, ready: str, small: bool) -> str:
    """A card: name, kind, and its text, as large as the card allows. A small card (the
    last one drawn, beside its deck) keeps its name and the start of its text for a large
    screen, at the board's least text size (its tip tells it all, and on a phone only the
    tip)."""
    fill = ITEM_FILL if item else DECK_FILL.get(deck, ("#666", "#eee"))[1]
    fg = "#fff" if item else B.INK
    head = 14 if small else 20
    size, lines = _fitted(name, w - 10, head, 2, 14)
    out = [f'<rect x="{B.num(x)}" y="{B.num(y)}" width="{B.num(w)}" height="{B.num(h)}" rx="8" '
           f'fill="{fill}" stroke="#1a1410" stroke-width="2"/>']
    ty = y + size + 4
    for line in lines:
        out.append(f'<text x="{B.num(x + w / 2)}" y="{B.num(ty)}" font-size="{size}" '
                   f'font-weight="bold" text-anchor="middle" fill="{fg}">{B.esc(line)}</text>')
        ty += size + 2
    cls = ' class="minor"' if small else ""
    if not small:  # a small card is named by its colour and name; its tip tells its kind
        word = "ITEM" if item else KIND_WORDS.get(kind, kind).upper()
        out.append(f'<text x="{B.num(x + w / 2)}" y="{B.num(ty + 2)}" font-size="15" '
                   f'text-anchor="middle" fill="{fg}" opacity=".8" letter-spacing="1">'
                   f'{B.esc(word)}</text>')
    ty += 2 if small else 14
    body_size = 14 if small else 17
    room_h = y + h - 6 - ty
    size, body = _fitted(text, w - 12, body_size, max(1, int(room_h / (body_size + 2))),
                         14 if small else 15)
    for line in body:
        ty += size + 2
        out.append(f'<text{cls} x="{B.num(x + 6)}" y="{B.num(ty)}" font-size="{size}" '
                   f'fill="{fg}">{B.esc(line)}</text>')
    if ready:
        out.append(f'<rect x="{B.num(x)}" y="{B.num(y)}" width="{B.num(w)}" height="{B.num(h)}"'
                   f' rx="8" fill="#222" fill-opacity=".55"/><text x="{B.num(x + w / 2)}" '
                   f'y="{B.num(y + h / 2 + 6)}" font-size="18" font-weight="bold" '
                   f'text-anchor="middle" fill="#fff">{ready}</text>')
    return "".join(out)


def _card(card: dict[str, Any], x: float, y: float, w: float, h: float,
          action: dict[str, str] | None, used: bool = False, small: bool = False) -> str:
    face = _card_face(str(card.get("id")), str(card.get("name", "")), str(card.get("deck")),
                      str(card.get("text", "")), bool(card.get("item")),
                      str(card.get("kind", "")), x, y, w, h, "USED" if used else "", small)
    title = f"{card.get('name', '')}: {card.get('text', '')}"
    inner = (f'<g class="card" data-card="{B.esc(card.get("id"))}" '
             f'data-key="card:{B.esc(card.get("id"))}"><title>{B.esc(title)}</title>')
    if action:
        inner += (f'<rect class="hl" x="{B.num(x - 5)}" y="{B.num(y - 5)}" width="{B.num(w + 10)}"'
                  f' height="{B.num(h + 10)}" rx="11" fill="{B.GOLD}" fill-opacity=".2" '
                  f'stroke="{B.GOLD}" stroke-width="4"/>')
    inner += face + "</g>"
    return B.act(inner, action)


def _choice(choice: dict[str, Any], cards: list[dict[str, Any]],
            by_id: dict[str, dict[str, str]]) -> str:
    """The cards to choose from, large over the middle of the board, with their whole text."""
    kind = choice.get("kind")
    n = len(cards)
    gap = 18
    w = min(230, (700 - gap * (n - 1)) / n)
    h = 250
    x = B.C - (n * w + gap * (n - 1)) / 2
    top = B.C - h / 2 - 10
    words = CHOICE_WORDS.get(kind, "Cards")
    pw = n * w + gap * (n - 1) + 40
    out = ['<g class="choice">',
           f'<rect data-focus="choice" x="{B.num(x - 20)}" y="{B.num(top - 50)}" '
           f'width="{B.num(pw)}" '
           f'height="{B.num(h + 70)}" rx="18" fill="#1c1a17" fill-opacity=".93" '
           f'stroke="{B.GOLD}" stroke-width="3"/>',
           f'<text x="{B.C}" y="{B.num(top - 18)}" font-size="22" font-weight="bold" '
           f'text-anchor="middle" fill="{B.GOLD}">{B.esc(words)}</text>']
    placed = set()  # two copies of one card: either is the same choice, drawn once
    for c in cards:
        action = None
        for verb in CARD_VERBS:
            action = by_id.get(f"{verb}:{c.get('id')}")
            if action:
                break
        if action and action["id"] in placed:
            action = None
        elif action:
            placed.add(action["id"])
        out.append(_card(c, x, top, w, h, action))
        x += w + gap
    out.append("</g>")
    return "".join(out)


def _fight(fight: dict[str, Any], owner: dict[int, str], colour: dict[int, str]) -> str:
    sides = {int(k): v for k, v in (fight.get("sides") or {}).items()}
    rolls = {int(k): v for k, v in (fight.get("rolls") or {}).items()}
    killed = {int(k): v for k, v in (fight.get("killed") or {}).items()}
    winner = fight.get("winner")
    winner = int(winner) if winner is not None else None
    y = H - 14 - 22 * len(sides)
    out = [f'<g class="last-fight"><text x="{B.C}" y="{y}" font-size="16" font-weight="bold" '
           f'text-anchor="middle" fill="{B.GOLD}">Last fight, on {B.esc(fight.get("space"))}'
           f'</text>']
    for seat, rats in sides.items():
        y += 22
        dice = rolls.get(seat) or []
        total = sum(dice)
        text = (f"{owner.get(seat, seat)}: {plural(rats, 'rat')}, rolled "
                f"{'+'.join(str(d) for d in dice) or '-'} = {total}")
        if killed.get(seat):
            text += f", {killed[seat]} killed"
        won = seat == winner
        style = f'fill="{B.GOLD}" font-weight="bold"' if won else f'fill="{B.CREAM}"'
        out.append(f'<rect x="{B.C - 200}" y="{y - 13}" width="14" height="14" rx="3" '
                   f'fill="{colour.get(seat, "#999")}" stroke="#fff" stroke-width="1"/>'
                   f'<text x="{B.C - 180}" y="{y}" font-size="16" {style}>'
                   f'{B.esc(text)}{" (wins)" if won else ""}</text>')
    out.append("</g>")
    return "".join(out)


def _panel(view: dict[str, Any], sid: str, f: dict[str, Any] | None,
           by_id: dict[str, dict[str, str]]) -> str:
    """A corner: the faction of that home nest (or an empty nest)."""
    k = int(sid[1:])
    x, y = B.corner(k)
    if f is None:
        return (f'<rect x="{x}" y="{y}" width="{B.BOX}" height="{B.BOX}" rx="16" '
                f'fill="#34302a" stroke="#4a443b" stroke-width="2"/>{B.home_well(k, None)}'
                f'<text x="{x + B.BOX / 2}" y="{y + (60 if k in (0, 1) else B.BOX - 50)}" '
                f'font-size="15" text-anchor="middle" fill="#7d7364">no faction here</text>')
    top = k in (0, 1)
    iy = y if top else y + B.WELL  # the info part of the panel
    mover = view.get("to_move") == f["seat"] and not view.get("over")
    you = view.get("seat") == f["seat"]
    fill = f["colour"]
    out = [f'<g class="faction" data-seat="{f["seat"]}" data-seat-panel="{f["seat"]}">'
           f'<rect x="{x}" y="{y}" width="{B.BOX}" height="{B.BOX}" rx="16" fill="#3a352e" '
           f'stroke="{B.GOLD if mover else "#5a5247"}" stroke-width="{5 if mover else 2}"/>',
           B.home_well(k, fill),
           f'<rect x="{x + 6}" y="{iy + 6}" width="{B.BOX - 12}" height="30" rx="10" '
           f'fill="{fill}" stroke="{B.edge(fill)}" stroke-width="1.5"/>']
    name = f["name"]
    side = f["faction"] + (" · you" if you else "")
    tx = x + 14 + (26 if f.get("cheese") else 0)
    room = int((x + B.BOX - 20 - len(side) * 7.6 - tx) / 9.4)
    if len(name) > room:
        name = name[:room - 1].rstrip() + "…"
    if f.get("cheese"):
        out.append(B.crown(x + 26, iy + 19, 0.95))
    out.append(f'<text x="{tx}" y="{iy + 27}" font-size="16" font-weight="bold" '
               f'fill="{B.ink(fill)}">{B.esc(name)}</text>'
               f'<text x="{x + B.BOX - 12}" y="{iy + 26}" font-size="14" text-anchor="end" '
               f'fill="{B.ink(fill)}">{B.esc(side)}</text>')
    limits = view.get("limits") or {}
    most_rats = f"/{limits['max_rats']}" if limits.get("max_rats") else ""
    out.append(f'<text x="{x + 12}" y="{iy + 57}" font-size="16" fill="{B.CREAM}">'
               f'<tspan font-weight="bold">{f["rats"]}</tspan>{most_rats} rats · '
               f'<tspan font-weight="bold">{f["fed"]}</tspan> fed</text>')
    nests = f.get("nests", 0)
    most = max(limits.get("max_nests", 4), nests)
    goal = limits.get("nests_to_win")
    out.append(f'<g class="nests"><title>{plural(nests, "nest token")} on the '
               f'board{f" ({goal} and Da Big Cheese win)" if goal else ""}</title>'
               f'<text class="minor" x="{x + 12}" y="{iy + 82}" font-size="14" '
               f'fill="#d8ccb0">nests</text>')
    for i in range(most):
        cx = x + 72 + i * 32
        if i < nests:
            out.append(B.nest(cx, iy + 77, fill, f["name"]))
        else:
            out.append(f'<ellipse cx="{cx}" cy="{iy + 77}" rx="13" ry="8" fill="none" '
                       f'stroke="#8a7d66" stroke-width="1.5" stroke-dasharray="3 2"/>')
        if goal and i + 1 == goal and goal < most:
            out.append(f'<path d="M{cx + 16} {iy + 66}v22" stroke="{B.GOLD}" '
                       f'stroke-width="2"/>')
    out.append("</g>")
    item = f.get("item")
    if item:
        action = by_id.get(f"use:{item.get('id')}") if you else None
        out.append(_held(item, bool(f.get("item_ready")), x + 10, iy + 90, action))
    else:
        out.append(f'<text class="minor" x="{x + 12}" y="{iy + 107}" font-size="14" '
                   f'fill="#8a7d66">no item</text>')
    if f.get("pending_win"):
        wx, wy, _, _ = B.well(k)
        tip = MARK_TIPS["pending-win"].format(goal or "enough")
        out.append(f'<g class="pending-win"><title>{B.esc(tip)}</title>'
                   f'<rect x="{x}" y="{y}" width="{B.BOX}" height="{B.BOX}" rx="16" '
                   f'fill="none" stroke="#e74c3c" stroke-width="4" stroke-dasharray="10 6"/>'
                   f'<rect x="{wx + 8}" y="{wy + 6}" width="160" height="24" rx="12" '
                   f'fill="#c0392b"/><text x="{wx + 88}" y="{wy + 23}" font-size="15" '
                   f'font-weight="bold" text-anchor="middle" fill="#fff">WINS IF IT HOLDS'
                   f'</text></g>')
    out.append("</g>")
    return "".join(out)


def _held(item: dict[str, Any], ready: bool, x: float, y: float,
          action: dict[str, str] | None) -> str:
    w, h = B.BOX - 20, 24
    title = f"{item.get('name', '')} ({'ready' if ready else 'used this round'}): " \
            f"{item.get('text', '')}"
    fill = ITEM_FILL if ready else "#55606e"
    name = str(item.get("name", ""))
    size = B.num(max(14.0, min(15.0, (w - 62) / (0.6 * max(1, len(name))))))
    inner = (f'<g class="item" data-card="{B.esc(item.get("id"))}"><title>{B.esc(title)}'
             f'</title>')
    if action:
        inner += (f'<rect class="hl" x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" '
                  f'rx="9" fill="{B.GOLD}" fill-opacity=".25" stroke="{B.GOLD}" '
                  f'stroke-width="3"/>')
    inner += (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" '
              f'stroke="#9cc3f0" stroke-width="1.5"/><text x="{x + 8}" y="{y + 17}" '
              f'font-size="{size}" font-weight="bold" fill="#fff">{B.esc(name)}'
              f'</text><text class="minor" x="{x + w - 8}" y="{y + 17}" font-size="14" '
              f'text-anchor="end" fill="#fff">{"ready" if ready else "used"}</text></g>')
    return B.act(inner, action)


LEGEND = _legend()


def board_data() -> dict[str, Any]:
    """The words, tables and colours the browser's drawing (static/boards/target-rats.js)
    reads besides the view: the shared board's, the cards', the phases', the marks' and the
    legend (drawn once, the same on every board)."""
    return {**B.board_data(), "kind_words": KIND_WORDS, "deck_fill": DECK_FILL,
            "deck_names": DECK_NAMES, "item_fill": ITEM_FILL, "phase_words": PHASE_WORDS,
            "end_words": END_WORDS, "choice_words": CHOICE_WORDS, "mark_tips": MARK_TIPS,
            "marks": MARKS, "space_verbs": SPACE_VERBS, "card_verbs": CARD_VERBS,
            "legend": LEGEND}
