"""Rat & Duck on the web: one seat's view drawn as a standalone SVG map.

`render(view, actions)` reads only the view dict and the viewer's legal actions, so it never
shows more than the view holds. The civilian places stand in their 3 x 4 grid with the Police
Station and the Prison to the left and the Lab to the right, so the grid reads at a glance.
Actions with a place on the map are drawn there as `<g class="act" data-action="...">` with a
`<title>`: move:<place> on the place, arrest:<unit> on the dissent's token, a civilian's
release / research / link / unlink on the civilian, end:<unit> on that unit in the roster
below the map. The page makes buttons for the rest (skip-move, target, kidnap, control, speak).
"""

from __future__ import annotations

from html import escape
from typing import Any

FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
BOX_W, BOX_H, STEP_X, STEP_Y = 136, 112, 156, 142
GRID_X, GRID_Y = 332, 128
W = GRID_X + 5 * STEP_X + 20
ROLE_FILL = {"police": "#2f5fb3", "scientist": "#2e8b57", "dissent": "#c0392b"}
KIND_FILL = {"civilian": "#fbf3df", "lab": "#dff1e6", "police-station": "#dde6f7",
             "prison": "#cfcfcf"}
CIV_ORDER = ("release", "research", "link", "unlink")


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


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    by_id = {a["id"]: a for a in actions}
    pos = _positions(view)
    rows = view["grid"]["rows"]
    height = GRID_Y + rows * STEP_Y + 150
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" '
           f'class="rat-and-duck" font-family="{FONT}">',
           f'<rect width="{W}" height="{height}" fill="#3b3a36"/>']
    out.append(_header(view))
    # links under the places
    out.append('<g class="links" stroke="#e8d9b0" stroke-width="6" stroke-linecap="round">')
    for a, b in view["links"]:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        out.append(f'<line x1="{xa + BOX_W / 2}" y1="{ya + BOX_H / 2}" x2="{xb + BOX_W / 2}" '
                   f'y2="{yb + BOX_H / 2}"/>')
    out.append("</g>")
    for p in view["places"]:
        out.append(_place(view, p, pos[p["id"]], by_id.get(f"move:{p['id']}")))
    out.append(_roster(view, by_id, GRID_Y + rows * STEP_Y + 20))
    out.append("</svg>")
    return "".join(out)


def _header(view: dict[str, Any]) -> str:
    cards = view["location_cards"]
    held = ", ".join(cards["cards"]) if cards["cards"] is not None else f"{cards['held']} hidden"
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view["max_rounds"] else "")
    parts = ['<g class="header" fill="#fdf3dc" font-size="20">',
             '<text x="20" y="34" font-size="26" font-weight="bold">Rat &amp; Duck</text>',
             f'<text x="220" y="34">{_a(rounds)}</text>']
    # the Bio-Sci track
    parts.append('<text x="20" y="72">Bio-Sci</text>')
    for i in range(view["bio_sci_to_win"]):
        fill = "#2e8b57" if i < view["biosci"] else "none"
        parts.append(f'<rect class="biosci" x="{100 + i * 26}" y="56" width="20" height="20" '
                     f'rx="4" fill="{fill}" stroke="#fdf3dc" stroke-width="2"/>')
    x = 120 + view["bio_sci_to_win"] * 26
    parts.append(f'<text x="{x}" y="72" class="unrest-total">Unrest {view["total_unrest"]} / '
                 f'{view["unrest_to_win"]}</text>')
    parts.append(f'<text x="{x + 200}" y="72" class="cards">Location cards: {_a(held)} '
                 f'(of {cards["max"]}); deck {cards["deck"]}</text>')
    if view["over"]:
        parts.append(f'<text x="{W - 20}" y="34" text-anchor="end" font-weight="bold">'
                     f'Game over ({_a(view["result"]["end"])})</text>')
    else:
        active = next(u for u in view["units"] if u["active"])
        parts.append(f'<text x="{W - 20}" y="34" text-anchor="end">{_a(active["name"])} '
                     f'plays: {_a(view["phase"])}</text>')
    parts.append("</g>")
    return "".join(parts)


def _place(view: dict[str, Any], p: dict[str, Any], xy: tuple[float, float],
           move: dict[str, str] | None) -> str:
    x, y = xy
    stroke = "#ffd23f" if move else "#2b1a0e"
    box = (f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="10" '
           f'fill="{KIND_FILL[p["kind"]]}" stroke="{stroke}" stroke-width="{4 if move else 2}"/>'
           f'<text x="{x + 8}" y="{y + 20}" font-size="14" font-weight="bold" fill="#2b1a0e">'
           f'{_a(p["name"])}</text>')
    parts = [f'<g class="place" data-place="{_a(p["id"])}">', _clickable(box, move)]
    if p["unrest"] is not None:
        for i in range(view["max_unrest"]):
            fill = "#e67e22" if i < p["unrest"] else "none"
            parts.append(f'<circle class="unrest" cx="{x + 14 + i * 16}" cy="{y + 34}" r="6" '
                         f'fill="{fill}" stroke="#b35400" stroke-width="2"/>')
    parts.append("</g>")
    return "".join(parts)


def _roster(view: dict[str, Any], by_id: dict[str, dict[str, str]], top: float) -> str:
    """Units on the map, civilians, and the roster of units (where end:<unit> is clicked)."""
    pos = _positions(view)
    parts = []
    here: dict[str, int] = {}
    for u in view["units"]:
        x, y = pos[u["place"]]
        k = here.get(u["place"], 0)
        here[u["place"]] = k + 1
        cx, cy = x + 20 + (k % 4) * 31, y + 62 + (k // 4) * 30
        ring = ('<circle r="17" fill="none" stroke="#ffd23f" stroke-width="4"/>'
                if u["active"] else "")
        badge = ""
        if u["wanted"]:
            badge = (f'<circle cx="11" cy="-11" r="8" fill="#2b1a0e"/><text x="11" y="-7" '
                     f'font-size="11" fill="#fff" text-anchor="middle" class="wanted">'
                     f'{u["wanted"]}</text>')
        token = (f'<g transform="translate({cx},{cy})" class="unit" data-unit="{_a(u["id"])}">'
                 f'{ring}<circle r="13" fill="{ROLE_FILL[u["role"]]}" stroke="#fff" '
                 f'stroke-width="2"/><text y="5" font-size="13" fill="#fff" text-anchor="middle" '
                 f'font-weight="bold">{_a(u["id"].upper())}</text>{badge}</g>')
        parts.append(_clickable(token, by_id.get(f"arrest:{u['id']}")))
    for civ in view["civilians"]:
        x, y = pos[civ["place"]]
        k = here.get(civ["place"], 0)
        here[civ["place"]] = k + 1
        cx, cy = x + 20 + (k % 4) * 31, y + 62 + (k // 4) * 30
        linked = f" linked to {civ['linked_to'].upper()}" if civ["linked_to"] else ""
        shape = (f'<g transform="translate({cx},{cy})" class="civilian" '
                 f'data-civilian="{_a(civ["id"])}"><title>Civilian from the {_a(civ["from"])}'
                 f'{_a(linked)}</title><rect x="-12" y="-12" width="24" height="24" rx="12" '
                 f'fill="#8e44ad" stroke="{"#ffd23f" if civ["linked_to"] else "#fff"}" '
                 f'stroke-width="2"/><text y="5" font-size="12" fill="#fff" '
                 f'text-anchor="middle">{_a(civ["from"][:1])}</text></g>')
        action = next((by_id[f"{k}:{civ['id']}"] for k in CIV_ORDER
                       if f"{k}:{civ['id']}" in by_id), None)
        parts.append(_clickable(shape, action))
    parts.append(f'<g class="roster" font-size="14" fill="#fdf3dc">'
                 f'<text x="20" y="{top + 18}">Units (click one to pass the turn to it):</text>')
    for i, u in enumerate(view["units"]):
        x = 20 + i * 150
        state = "played" if u["played"] else ("playing" if u["active"] else "to play")
        wanted = f", wanted {u['wanted']}" if u["wanted"] is not None else ""
        item = (f'<g class="roster-unit" data-unit="{_a(u["id"])}">'
                f'<rect x="{x}" y="{top + 30}" width="140" height="56" rx="8" fill="#55524a" '
                f'stroke="{ROLE_FILL[u["role"]]}" stroke-width="3"/>'
                f'<text x="{x + 8}" y="{top + 52}" font-weight="bold">{_a(u["name"])}</text>'
                f'<text x="{x + 8}" y="{top + 74}" font-size="12">seat {u["seat"] + 1}: '
                f'{state}{_a(wanted)}</text></g>')
        parts.append(_clickable(item, by_id.get(f"end:{u['id']}")))
    parts.append("</g>")
    return "".join(parts)
