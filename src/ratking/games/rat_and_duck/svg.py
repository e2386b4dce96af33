"""Rat & Duck on the web: one seat's view drawn as a standalone SVG map of the city.

`render(view, actions)` reads only the view dict and the viewer's legal actions, so it never
shows more than the view holds. On top: whose move it is in plain words, your team, the Bio-Sci
track, the unrest total and the location cards. The civilian places stand in their 3 x 4 grid
with the Police Station and the Prison to the left and the Lab to the right; each place shows
its unrest as a badge and pips, its units and civilians as pictures (a police cap, a flask, a
raised fist; a civilian figure), each Dissent with a "wanted" badge. Below: every unit, whose
it is, and whether it has played this round. An open view (a finished game's replay,
views.open_view) lays each location card the government holds face up on its place's corner.

Actions with a place on the map are drawn there as `<g class="act" data-action="...">` with a
`<title>`: move:<place> on the place, arrest:<unit> on the dissent's token, a civilian's
release / research / link / unlink on the civilian, end:<unit> on that unit in the roster.
The rest (skip-move, target, kidnap, control, speak, a civilian's second choice) are drawn as
a menu of buttons beside the acting unit's place, so the decision is made where the unit is:
at the first spot (right, left, below, above) that covers no place's name and nothing that is
itself a choice, else in a band below the roster.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from . import words

FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
BOX_W, BOX_H, STEP_X, STEP_Y = 150, 142, 162, 166
GRID_X, GRID_Y = 20 + 2 * STEP_X, 132
W = GRID_X + 5 * STEP_X + 8
ROLE_FILL = {"police": "#2f5fb3", "scientist": "#2e8b57", "dissent": "#c0392b"}
ROLE_WORDS = {"police": "Police", "scientist": "Scientist", "dissent": "Dissent"}
TEAM_WORDS = {"government": "the government", "dissent": "the dissent"}
KIND_FILL = {"civilian": "#fbf3df", "lab": "#dff1e6", "police-station": "#dde6f7",
             "prison": "#cfcfcf"}
PLACE_WORDS = {"lab": "the Lab: research civilians here", "police-station":
               "the Police Station: the way out of the Prison", "prison":
               "the Prison: arrested dissents play on from here"}
PHASE_WORDS = {"pre-move": "move, or stay and act", "pre-action": "act, or end the turn",
               "after-action": "end the turn"}
CIV_ORDER = ("release", "research", "link", "unlink")
CREAM = "#fdf3dc"
GOLD = "#ffd23f"
INK = "#2b1a0e"
SPACING = 46  # between the tokens on a place


def board_data() -> dict[str, Any]:
    """What the browser's renderer (server/static/boards/rat-and-duck.js) draws with besides
    the view: this module's layout, colours, words and pictures, so each is written once."""
    return {
        "font": FONT,
        "layout": {"box_w": BOX_W, "box_h": BOX_H, "step_x": STEP_X, "step_y": STEP_Y,
                   "grid_x": GRID_X, "grid_y": GRID_Y, "width": W, "spacing": SPACING,
                   "menu_row": MENU_ROW, "menu_gap": MENU_GAP, "menu_text": MENU_TEXT,
                   "name_h": NAME_H},
        "colours": {"cream": CREAM, "gold": GOLD, "ink": INK},
        "role_fill": ROLE_FILL,
        "team_words": TEAM_WORDS,
        "kind_fill": KIND_FILL,
        "place_words": PLACE_WORDS,
        "phase_words": PHASE_WORDS,
        "civ_order": list(CIV_ORDER),
        "pictures": {role: _picture(role) for role in ROLE_FILL},
    }


def _a(text: Any) -> str:
    return escape(str(text), quote=True)


def _positions(view: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Top-left corner of each place's box."""
    rows = view["grid"]["rows"]
    middle = (rows - 1) / 2
    out = {}
    for p in view["places"]:
        if p["row"] is not None:
            out[p["id"]] = (GRID_X + p["column"] * STEP_X, GRID_Y + p["row"] * STEP_Y)
        elif p["kind"] == "police-station":
            out[p["id"]] = (GRID_X - STEP_X, GRID_Y + middle * STEP_Y)
        elif p["kind"] == "prison":
            out[p["id"]] = (GRID_X - 2 * STEP_X, GRID_Y + middle * STEP_Y)
        else:  # the Lab
            out[p["id"]] = (GRID_X + view["grid"]["columns"] * STEP_X, GRID_Y + middle * STEP_Y)
    return out


def _clickable(inner: str, action: dict[str, str] | None) -> str:
    if action is None:
        return inner
    return (f'<g class="act" data-action="{_a(action["id"])}" cursor="pointer">'
            f'<title>{_a(action["label"])}</title>{inner}</g>')


def _text(x: float, y: float, words_: str, size: float, fill: str = CREAM, weight: str = "",
          anchor: str = "start", extra: str = "") -> str:
    bold = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}"{bold} '
            f'text-anchor="{anchor}"{extra}>{_a(words_)}</text>')


# --- pictures ----------------------------------------------------------------------------------

def _picture(role: str) -> str:
    """A role's picture, white, drawn around (0, 0) within a radius of about 12."""
    if role == "police":  # a peaked cap with a badge
        return ('<path d="M-12 0h24l-3 -9q-9 -6 -18 0z" fill="#fff"/>'
                '<path d="M-13 1h26l-4 5h-18z" fill="#fff"/>'
                '<path d="M0 -9l3 3 -3 3 -3 -3z" fill="#2f5fb3"/>')
    if role == "scientist":  # a flask
        return ('<path d="M-4 -12h8M-3 -12v8l-9 14q-1 3 2 3h20q3 0 2 -3l-9 -14v-8" '
                'fill="#fff" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>'
                '<path d="M-7 5h14l3 5h-20z" fill="#2e8b57"/>')
    # a raised fist
    return ('<path d="M-8 12v-9q-2 -3 0 -6v-6q0 -3 3 -3t3 3v-1q0 -3 3 -3t3 3v1q0 -3 3 -3t3 3'
            'v9q0 5 -4 8v4z" fill="#fff"/>')


def _unit(u: dict[str, Any], x: float, y: float, mine: bool) -> str:
    """A unit's token: its role's picture on its colour, a gold ring if it is playing, its
    wanted count on a badge (dissents)."""
    fill = ROLE_FILL[u["role"]]
    ring = (f'<circle r="24" fill="none" stroke="{GOLD}" stroke-width="4"/>'
            if u["active"] else "")
    you = '<circle r="20" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 3"/>' \
        if mine else ""
    badge = ""
    if u["wanted"] is not None:
        badge = (f'<g class="wanted-badge"><circle cx="15" cy="-15" r="12" fill="#111" '
                 f'stroke="#fff" stroke-width="1.5"/><text x="15" y="-9" font-size="17" '
                 f'font-weight="bold" fill="#fff" text-anchor="middle" class="wanted">'
                 f'{u["wanted"]}</text></g>')
    wanted = f", wanted {u['wanted']}" if u["wanted"] is not None else ""
    return (f'<g class="unit-at" data-key="unit:{_a(u["id"])}">'
            f'<g transform="translate({x:g},{y:g})" class="unit" data-unit="{_a(u["id"])}">'
            f'<title>{_a(u["name"])} ({TEAM_WORDS[u["team"]]}){_a(wanted)}</title>{ring}'
            f'<circle r="19" fill="{fill}" stroke="#fff" stroke-width="2"/>'
            f'{_picture(u["role"])}{you}{badge}</g></g>')


def _civilian(civ: dict[str, Any], x: float, y: float) -> str:
    linked = f", linked to {civ['linked_to'].upper()}" if civ["linked_to"] else ""
    edge = GOLD if civ["linked_to"] else "#fff"
    return (f'<g class="civilian-at" data-key="civ:{_a(civ["id"])}">'
            f'<g transform="translate({x:g},{y:g})" class="civilian" '
            f'data-civilian="{_a(civ["id"])}"><title>A civilian from the {_a(civ["from"])}'
            f'{_a(linked)}</title><circle r="19" fill="#8e44ad" stroke="{edge}" '
            f'stroke-width="{3 if civ["linked_to"] else 2}"/>'
            '<circle cy="-6" r="6" fill="#fff"/><path d="M-10 12q0 -12 10 -12t10 12z" '
            'fill="#fff"/></g></g>')


# --- the map -------------------------------------------------------------------------------------

def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    by_id = {a["id"]: a for a in actions}
    pos = _positions(view)
    rows = view["grid"]["rows"]
    roster_top = GRID_Y + rows * STEP_Y + 4
    height = roster_top + 44 + (len(view["units"]) + 3) // 4 * 84 + 12
    out = [_header(view)]
    out.append('<g class="links" stroke="#e8d9b0" stroke-width="8" stroke-linecap="round" '
               'opacity=".8">')
    for a, b in view["links"]:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        out.append(f'<line x1="{xa + BOX_W / 2:g}" y1="{ya + BOX_H / 2:g}" '
                   f'x2="{xb + BOX_W / 2:g}" y2="{yb + BOX_H / 2:g}"/>')
    out.append("</g>")
    for p in view["places"]:
        out.append(_place(view, p, pos[p["id"]], by_id.get(f"move:{p['id']}")))
    out.append(_pieces(view, by_id, pos))
    out.append(_roster(view, by_id, roster_top))
    placed = set(re.findall(r'data-action="([^"]*)"', "".join(out)))
    rest = [a for a in actions if _a(a["id"]) not in placed]
    spot = _menu_spot(view, rest, by_id, pos, roster_top, height)
    if spot is not None:
        height = max(height, spot[1] + spot[3] + 12)
        out.append(_menu(rest, spot))
    top = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height:g}" width="100%" '
           f'class="rat-and-duck" font-family="{FONT}" data-prompt="{_a(_phase_line(view))}" '
           f'aria-label="Rat &amp; Duck: the city">',
           f"<desc>{_a(words.describe(view))}</desc>",
           f'<rect width="{W}" height="{height:g}" rx="18" fill="#3b3a36"/>']
    return "".join(top + out + ["</svg>"])


MENU_ROW, MENU_GAP, MENU_TEXT = 38, 6, 16
NAME_H = 30  # the band at the top of a place's box where its name is written
Box = tuple[float, float, float, float]  # x, y, width, height


def _busy(view: dict[str, Any], by_id: dict[str, dict[str, str]],
          pos: dict[str, tuple[float, float]], roster_top: float) -> list[Box]:
    """What the menu must leave uncovered: every place's name, every place one may move to,
    every piece and roster entry that is itself a choice."""
    boxes: list[Box] = []
    for p in view["places"]:
        x, y = pos[p["id"]]
        boxes.append((x, y, BOX_W, BOX_H if f"move:{p['id']}" in by_id else NAME_H))
    for (x, y), ids in _spots(view, pos):
        if any(i in by_id for i in ids):
            boxes.append((x - 28, y - 28, 56, 56))
    for i, u in enumerate(view["units"]):
        if f"end:{u['id']}" in by_id:
            x, y, cw = _roster_box(i, roster_top)
            boxes.append((x, y, cw, 74))
    return boxes


def _menu_spot(view: dict[str, Any], rest: list[dict[str, str]],
               by_id: dict[str, dict[str, str]], pos: dict[str, tuple[float, float]],
               roster_top: float, height: float) -> Box | None:
    """Where the menu goes: the first spot (kept within the board) that covers nothing
    `_busy` names, of right of, left of, below and above the acting unit's place, then on a
    diagonal neighbour under its name, then under any place's name or at either edge of a
    row, nearest first; else a band below the roster, which grows the board."""
    if not rest or view.get("over"):
        return None
    x, y = pos[_active(view)["place"]]
    w = max(len(a["label"]) for a in rest) * MENU_TEXT * 0.62 + 32
    h = len(rest) * (MENU_ROW + MENU_GAP) + MENU_GAP
    busy = _busy(view, by_id, pos, roster_top)
    right, left = x + STEP_X, x + BOX_W - STEP_X - w  # diagonal neighbours
    far = [(cx, py + NAME_H) for px, py in pos.values() for cx in (px, px + BOX_W - w)]
    far += [(cx, py + NAME_H) for py in sorted({py for _, py in pos.values()})
            for cx in (6.0, W - 6 - w)]
    far.sort(key=lambda c: (c[0] - x) * (c[0] - x) + (c[1] - y) * (c[1] - y))
    for cx, cy in [(x + BOX_W + 6, y + 8), (x + BOX_W + 6, y + NAME_H),
                   (x - 6 - w, y + 8), (x - 6 - w, y + NAME_H),
                   (x, y + BOX_H + 6), (x, y - 6 - h),
                   (right, y + STEP_Y + NAME_H), (left, y + STEP_Y + NAME_H),
                   (right, y - STEP_Y + NAME_H), (left, y - STEP_Y + NAME_H), *far]:
        mx = min(max(6.0, cx), W - 6 - w)
        my = min(max(GRID_Y - 6.0, cy), height - h - 6)
        if not any(mx < bx + bw and bx < mx + w and my < by + bh and by < my + h
                   for bx, by, bw, bh in busy):
            return (mx, my, w, h)
    return (min(max(6.0, x), W - 6 - w), height, w, h)


def _menu(rest: list[dict[str, str]], spot: Box) -> str:
    """The acting unit's choices that have no piece of their own, as buttons at `spot`."""
    mx, my, w, h = spot
    parts = [f'<g class="unit-menu"><rect data-focus="menu" x="{mx:g}" y="{my:g}" '
             f'width="{w:g}" height="{h:g}" rx="12" fill="#1f1e1b" fill-opacity=".94" '
             f'stroke="{GOLD}" stroke-width="3"/>']
    for i, a in enumerate(rest):
        by = my + MENU_GAP + i * (MENU_ROW + MENU_GAP)
        button = (f'<rect x="{mx + 6:g}" y="{by:g}" width="{w - 12:g}" height="{MENU_ROW}" '
                  f'rx="{MENU_ROW / 2:g}" fill="{GOLD}" stroke="#a37a12" stroke-width="2"/>'
                  + _text(mx + w / 2, by + MENU_ROW / 2 + MENU_TEXT * 0.36, a["label"],
                          MENU_TEXT, INK, "bold", "middle"))
        parts.append(_clickable(button, a))
    parts.append("</g>")
    return "".join(parts)


def _active(view: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in view["units"] if u["active"])


def _phase_line(view: dict[str, Any]) -> str:
    """Whose unit acts and what it may do ("" once the game is over)."""
    if view.get("over"):
        return ""
    active = _active(view)
    mine = active["seat"] == view.get("seat")
    who = "Your" if mine else f"{view['seats'][active['seat']]['name']}'s"
    return f"{who} {active['name']}: {PHASE_WORDS.get(view['phase'], view['phase'])}"


def _header(view: dict[str, Any]) -> str:
    cards = view["location_cards"]
    held = ", ".join(cards["cards"]) if cards["cards"] is not None else f"{cards['held']} hidden"
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view["max_rounds"] else "")
    team = view.get("team")
    parts = ['<g class="header">',
             _text(20, 36, "Rat & Duck", 28, CREAM, "bold"),
             _text(210, 36, rounds, 20)]
    if team:
        units = [u["name"] for u in view["units"] if u["seat"] == view["seat"]]
        parts.append(_text(W - 20, 36, f"You play {TEAM_WORDS[team]} ({', '.join(units)})",
                           20, GOLD, "bold", "end", ' class="team"'))
    # the Bio-Sci track
    parts.append(_text(20, 78, f"Bio-Sci {view['biosci']}/{view['bio_sci_to_win']}", 20,
                       "#9fe0b8", "bold"))
    for i in range(view["bio_sci_to_win"]):
        fill = "#2e8b57" if i < view["biosci"] else "none"
        parts.append(f'<rect class="biosci" x="{150 + i * 28}" y="60" width="22" height="22" '
                     f'rx="5" fill="{fill}" stroke="#9fe0b8" stroke-width="2"/>')
    x = 170 + view["bio_sci_to_win"] * 28
    parts.append(_text(x, 78, f"Unrest {view['total_unrest']}/{view['unrest_to_win']}", 20,
                       "#ffb36b", "bold", extra=' class="unrest-total"'))
    parts.append(_text(x + 170, 78, f"Location cards: {held} (of {cards['max']}); deck "
                       f"{cards['deck']}", 19, CREAM, extra=' class="cards"'))
    if view["over"] or view.get("result"):  # over, or ended by the table (its result given)
        result = view["result"]
        returns = result.get("returns") or []
        best = max(returns) if returns else 0
        teams = {view["seats"][i]["team"] for i, r in enumerate(returns) if r == best}
        head = ("Game over: a draw" if len(teams) != 1
                else f"Game over: {TEAM_WORDS[teams.pop()]} wins")
        parts.append(_text(20, 116, head, 22, GOLD, "bold"))
    else:
        mine = _active(view)["seat"] == view.get("seat")
        parts.append(_text(20, 116, _phase_line(view), 22,
                           GOLD if mine else CREAM, "bold", extra=' class="phase"'))
    parts.append("</g>")
    return "".join(parts)


def _place(view: dict[str, Any], p: dict[str, Any], xy: tuple[float, float],
           move: dict[str, str] | None) -> str:
    x, y = xy
    stroke = GOLD if move else INK
    what = PLACE_WORDS.get(p["kind"], "a civilian place")
    unrest = f"; unrest {p['unrest']} of {view['max_unrest']}" if p["unrest"] is not None else ""
    box = (f'<rect x="{x:g}" y="{y:g}" width="{BOX_W}" height="{BOX_H}" rx="12" '
           f'fill="{KIND_FILL[p["kind"]]}" stroke="{stroke}" stroke-width="{5 if move else 2}"/>'
           + _text(x + 9, y + 24, p["name"], 17, INK, "bold"))
    parts = [f'<g class="place" data-place="{_a(p["id"])}"><title>{_a(p["name"])}: {_a(what)}'
             f'{_a(unrest)}</title>', _clickable(box, move)]
    if p["unrest"] is not None:
        hot = p["unrest"] > 0
        parts.append(f'<g class="unrest-badge" pointer-events="none">'
                     f'<rect x="{x + 8:g}" y="{y + 34}" width="94" height="24" rx="12" '
                     f'fill="{"#e67e22" if hot else "#efe3c4"}" stroke="#b35400" '
                     f'stroke-width="1.5"/>'
                     + _text(x + 55, y + 52, f"unrest {p['unrest']}", 16,
                             "#fff" if hot else "#8a5a2b", "bold", "middle") + "</g>")
        for i in range(view["max_unrest"]):
            fill = "#e67e22" if i < p["unrest"] else "none"
            parts.append(f'<circle class="unrest" cx="{x + 112 + i * 12:g}" cy="{y + 46}" r="5" '
                         f'fill="{fill}" stroke="#b35400" stroke-width="2" '
                         f'pointer-events="none"/>')
    if view.get("open") and p["name"] in view["location_cards"]["cards"]:
        parts.append(_location_card(p, x + BOX_W - 20, y - 12))
    parts.append("</g>")
    return "".join(parts)


def _location_card(p: dict[str, Any], x: float, y: float) -> str:
    """A location card the government holds, face up on the corner of its place (drawn only
    in an open view: a finished game's replay)."""
    return (f'<g data-location-card="{_a(p["id"])}" transform="rotate(8 {x + 14:g} {y + 19:g})">'
            f'<title>The government holds the {_a(p["name"])} location card</title>'
            f'<rect x="{x:g}" y="{y:g}" width="28" height="38" rx="4" fill="{CREAM}" '
            f'stroke="{INK}" stroke-width="2"/>'
            f'<circle cx="{x + 14:g}" cy="{y + 15:g}" r="6" fill="#c0392b" stroke="{INK}" '
            f'stroke-width="1.5"/><path d="M{x + 9:g} {y + 18:g}L{x + 14:g} {y + 30:g}'
            f'L{x + 19:g} {y + 18:g}Z" fill="#c0392b"/></g>')


def _pieces(view: dict[str, Any], by_id: dict[str, dict[str, str]],
            pos: dict[str, tuple[float, float]]) -> str:
    """Units and civilians on their places, three a row."""
    parts = []

    def put(piece: str, place: str, action: dict[str, str] | None) -> None:
        # a piece that is not itself a choice lets clicks through to a place one may move to
        if action is None and f"move:{place}" in by_id:
            piece = f'<g pointer-events="none">{piece}</g>'
        parts.append(_clickable(piece, action))

    seat = view.get("seat")
    spots = iter(_spots(view, pos))
    for u in view["units"]:
        (x, y), ids = next(spots)
        put(_unit(u, x, y, u["seat"] == seat), u["place"], by_id.get(ids[0]))
    for civ in view["civilians"]:
        (x, y), ids = next(spots)
        action = next((by_id[i] for i in ids if i in by_id), None)
        put(_civilian(civ, x, y), civ["place"], action)
    return "".join(parts)


def _spots(view: dict[str, Any], pos: dict[str, tuple[float, float]]
           ) -> list[tuple[tuple[float, float], list[str]]]:
    """Each unit's then each civilian's token centre (three a row on its place) and the
    actions that may be drawn on it."""
    here: dict[str, int] = {}
    out = []
    pieces = [(u["place"], [f"arrest:{u['id']}"]) for u in view["units"]]
    pieces += [(c["place"], [f"{k}:{c['id']}" for k in CIV_ORDER]) for c in view["civilians"]]
    for place, ids in pieces:
        x, y = pos[place]
        k = here.get(place, 0)
        here[place] = k + 1
        out.append(((x + 28 + (k % 3) * SPACING, y + 84 + (k // 3) * 44), ids))
    return out


def _roster_box(i: int, top: float) -> tuple[float, float, float]:
    """The i-th roster entry's top-left corner and width (its height is 74)."""
    cw = (W - 40 - 3 * 10) / 4
    r, c = divmod(i, 4)
    return 20 + c * (cw + 10), top + 36 + r * 84, cw


def _roster(view: dict[str, Any], by_id: dict[str, dict[str, str]], top: float) -> str:
    """Every unit: whose it is and whether it has played; where end:<unit> is clicked."""
    choosing = any(k.startswith("end:") for k in by_id)
    title = ("Choose the unit that plays next:" if choosing else "Units this round")
    parts = ['<g class="roster">', _text(20, top + 24, title, 19, GOLD if choosing else CREAM,
                                         "bold")]
    seat = view.get("seat")
    # each seat's panel (where the page says it is thinking): its playing unit, else its first
    panel = {u["seat"]: u["id"] for u in reversed(view["units"])}
    panel.update({u["seat"]: u["id"] for u in view["units"] if u["active"]})
    for i, u in enumerate(view["units"]):
        x, y, cw = _roster_box(i, top)
        state = "played" if u["played"] else ("playing" if u["active"] else "to play")
        owner = "you" if u["seat"] == seat else view["seats"][u["seat"]]["name"]
        wanted = f" · wanted {u['wanted']}" if u["wanted"] is not None else ""
        mark = f' data-seat-panel="{u["seat"]}"' if panel[u["seat"]] == u["id"] else ""
        item = (f'<g class="roster-unit" data-unit="{_a(u["id"])}"{mark}>'
                f'<rect x="{x:g}" y="{y:g}" width="{cw:g}" height="74" rx="10" '
                f'fill="#55524a" stroke="{ROLE_FILL[u["role"]]}" stroke-width="4"/>'
                f'<g transform="translate({x + 30:g},{y + 37:g})">'
                f'<circle r="19" fill="{ROLE_FILL[u["role"]]}"/>{_picture(u["role"])}</g>'
                + _text(x + 56, y + 30, u["name"], 17, CREAM, "bold")
                + _text(x + 56, y + 56, f"{owner} · {state}{wanted}", 16, "#e8dcc0") + "</g>")
        parts.append(_clickable(item, by_id.get(f"end:{u['id']}")))
    parts.append("</g>")
    return "".join(parts)
