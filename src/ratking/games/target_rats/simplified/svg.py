"""Target: Rats Simplified on the web: one view drawn as a standalone SVG board.

`render(view, actions)` reads only the view and the viewer's legal actions. The surface ring
is the outer circle of 24 spaces, the underground ring the inner circle of 12, Rat City the
centre, the home nests the corners. Clickable (`<g class="act" data-action=...>` with a
`<title>`): `step:<space>` and `ext:<space>` on the space, `rat:<space>:fed|unfed` on the rat
token. The page makes buttons for the rest (topup, no-topup, stop, breed, end).
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
SIZE = 760
C = SIZE / 2
R_SURF, R_UNDER = 300, 170
START = -135.0  # S0 and U0 at the top-left corner


def _a(text: Any) -> str:
    return escape(str(text), quote=True)


def _ink(fill: str) -> str:
    """Black or white, whichever reads better on the faction colour `fill` ("#rrggbb")."""
    try:
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#000"
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def _xy(space: dict[str, Any], n_surface: int, n_under: int) -> tuple[float, float]:
    kind = space["kind"]
    if kind == "rat-city":
        return C, C
    if kind == "home-nest":
        k = int(space["id"][1:])
        ang = math.radians(START + 90 * k)
        return C + 425 * math.cos(ang), C + 425 * math.sin(ang)
    ring, n = (R_SURF, n_surface) if kind == "surface" else (R_UNDER, n_under)
    ang = math.radians(START + 360 * space["ring_index"] / n)
    return C + ring * math.cos(ang), C + ring * math.sin(ang)


def _act(inner: str, action: dict[str, str] | None) -> str:
    if action is None:
        return inner
    return (f'<g class="act" data-action="{_a(action["id"])}" cursor="pointer">'
            f'<title>{_a(action["label"])}</title>{inner}</g>')


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    by_id = {a["id"]: a for a in actions}
    spaces = view["spaces"]
    ns = sum(1 for s in spaces if s["kind"] == "surface")
    nu = sum(1 for s in spaces if s["kind"] == "underground")
    pos = {s["id"]: _xy(s, ns, nu) for s in spaces}
    colour = {f["seat"]: f["colour"] for f in view["factions"]}
    h = SIZE + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {h}" '
           f'class="target-rats-simplified" font-family="{FONT}">',
           f'<rect width="{SIZE}" height="{h}" fill="#2d2a26"/>',
           f'<circle cx="{C}" cy="{C}" r="{R_SURF}" fill="none" stroke="#8a7d66" '
           f'stroke-width="34"/>',
           f'<circle cx="{C}" cy="{C}" r="{R_UNDER}" fill="none" stroke="#4e5a4a" '
           f'stroke-width="30"/>']
    out.append('<g class="links" stroke="#c9b98f" stroke-width="5">')
    seen = set()
    for s in spaces:
        for n in s["neighbours"]:
            pair = tuple(sorted((s["id"], n)))
            if pair in seen:
                continue
            seen.add(pair)
            (x1, y1), (x2, y2) = pos[s["id"]], pos[n]
            if s["kind"] in ("surface", "underground") and n[0] == s["id"][0]:
                continue  # ring neighbours: the ring itself is drawn
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    for s in spaces:
        if s["kind"] == "home-nest":
            k = int(s["id"][1:])
            cover = pos[f"S{ns * k // 4}"]
            (x1, y1) = pos[s["id"]]
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{cover[0]:.1f}" '
                       f'y2="{cover[1]:.1f}"/>')
    out.append("</g>")
    for s in spaces:
        out.append(_space(view, s, pos[s["id"]], by_id, colour))
    out.append(_footer(view))
    out.append("</svg>")
    return "".join(out)


def _space(view, s, xy, by_id, colour) -> str:
    x, y = xy
    kind = s["kind"]
    r = {"surface": 26, "underground": 24, "rat-city": 52, "home-nest": 36}[kind]
    fill = {"surface": "#efe3c2", "underground": "#b9c4a8", "rat-city": "#d9b44a",
            "home-nest": "#d8cfc0"}[kind]
    act = by_id.get(f"step:{s['id']}") or by_id.get(f"ext:{s['id']}")
    stroke = "#ffd23f" if act else ("#2b1a0e" if not s["corridor"] else "#1d4e89")
    shape = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="{4 if act or s["corridor"] else 2}"/>'
             f'<text x="{x:.1f}" y="{y - r + 13:.1f}" font-size="11" text-anchor="middle" '
             f'fill="#2b1a0e">{_a(s["id"])}</text>')
    parts = [f'<g class="space" data-space="{_a(s["id"])}">', _act(shape, act)]
    if s["dumpster"]:
        parts.append(f'<rect class="dumpster" x="{x - 22:.1f}" y="{y + 4:.1f}" width="12" '
                     f'height="10" fill="#2e8b57"><title>Dumpster</title></rect>')
    if s["exterminator"]:
        parts.append(f'<g class="exterminator"><title>The Exterminator</title>'
                     f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r - 6}" fill="none" '
                     f'stroke="#c0392b" stroke-width="4"/><line x1="{x - r + 6:.1f}" '
                     f'y1="{y:.1f}" x2="{x + r - 6:.1f}" y2="{y:.1f}" stroke="#c0392b" '
                     f'stroke-width="3"/></g>')
    k = 0
    for group in s["rats"]:
        for fed in (0, 1):
            n = group["fed" if fed else "unfed"]
            if not n:
                continue
            tx, ty = x - 9 + (k % 2) * 18, y + 3 + (k // 2) * 18
            if kind in ("rat-city", "home-nest"):
                tx, ty = x - 27 + (k % 4) * 18, y + (k // 4) * 18
            k += 1
            word = "fed" if fed else "unfed"
            token = (f'<g class="rat" data-seat="{group["seat"]}" data-fed="{fed}">'
                     f'<title>{n} {word} rat{"s" if n > 1 else ""} of seat '
                     f'{group["seat"] + 1}</title>'
                     f'<rect x="{tx - 9:.1f}" y="{ty - 9:.1f}" width="18" height="18" '
                     f'rx="{9 if fed else 3}" fill="{colour[group["seat"]]}" stroke="#1b1b1b" '
                     f'stroke-width="2"/><text x="{tx:.1f}" y="{ty + 5:.1f}" font-size="13" '
                     f'font-weight="bold" text-anchor="middle" '
                     f'fill="{_ink(colour[group["seat"]])}">{n}</text></g>')
            mine = group["seat"] == view["to_move"]
            act = by_id.get(f"rat:{s['id']}:{word}") if mine else None
            parts.append(_act(token, act))
    parts.append("</g>")
    return "".join(parts)


def _footer(view: dict[str, Any]) -> str:
    y = SIZE + 24
    parts = ['<g class="status" fill="#fdf3dc" font-size="15">']
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view["max_rounds"]
                                         else "")
    if view["over"]:
        text = f"{rounds}. Game over ({view['result']['end']})"
    else:
        text = f"{rounds}. Dice {view['dice']}: {view['pool']} to move"
        if view["target_available"]:
            text += "; the Target may move the Exterminator"
    parts.append(f'<text x="16" y="{y}">{_a(text)}</text>')
    x = 16
    for f in view["factions"]:
        label = f"{f['name']}: {f['rats']} rats" + (" (Big Cheese)" if f["cheese"] else "")
        parts.append(f'<rect x="{x}" y="{y + 14}" width="14" height="14" fill="{f["colour"]}"/>'
                     f'<text x="{x + 20}" y="{y + 26}" class="faction">{_a(label)}</text>')
        x += 185
    parts.append("</g>")
    return "".join(parts)
