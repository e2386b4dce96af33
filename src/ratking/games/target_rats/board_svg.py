"""The Target: Rats board drawn in SVG, shared by the full game and the Simplified game.

Both games' `svg.render` read only their view dict; this module knows the board's picture:
a square of `W` x `W` with the surface ring (outer annulus, one sector per space), the
underground ring (inner annulus), Rat City in the centre with the Deep Dish Throne, the four
access corridors drawn as ladder passages along the diagonals, and one home nest in each corner
(a panel whose inner "well" is the home nest space). Space positions come from the view's
"kind" / "ring_index" / "id" fields only.

Everything that never changes (ring sectors, ladders, labels, the empty throne) is drawn once
per board size and cached; rat tokens and icons are cached by their arguments, so a render is
mostly string joins. Clickable things are `<g class="act" data-action=...>` with a `<title>`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape
from typing import Any

from ...core import plural
from . import board_words

FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
W = 1000  # the board square
C = W / 2
R_S_OUT, R_S_IN = 374, 280  # the surface ring
R_U_OUT, R_U_IN = 232, 156  # the underground ring
R_CITY = 110
START = -135.0  # S0 and U0 on the top-left diagonal, with the first corridor
BOX = 216  # a home nest corner panel
WELL = 100  # the home nest space inside it (the part next to the board)
PAD = 8

INK = "#2b1a0e"
CREAM = "#fdf3dc"
GOLD = "#ffd23f"
BG = "#2d2a26"
SURFACE_FILL = ("#eadfbe", "#e2d5af")
UNDER_FILL = ("#a9b79b", "#9dac8f")
CORRIDOR_FILL = "#c6cdd6"
CITY_FILL = "#d9b44a"
NEST_FILL = "#d6c29a"

TIPS = {  # the tooltips of the board's pieces
    "food": "Food source: your rats on it may feed (all become fed)",
    "sewer": "Sewer entrance: one step between this space and the underground space below",
    "nest": "Nest of {}: counts toward the win (three nests and Da Big Cheese)",
    "exterminator": "The Exterminator: every rat here dies; nobody passes",
    "throne": "Deep Dish Throne: {} is Da Big Cheese",
    "throne-empty": "Deep Dish Throne, unclaimed",
}

STYLE = ("<style>.rk-tr .act:hover .hl{fill-opacity:.42}"
         ".rk-tr .act:focus{outline:none}.rk-tr .act:focus .hl{stroke:#fff}</style>")


def esc(text: Any) -> str:
    return escape(str(text), quote=True)


def num(x: float) -> str:
    """A coordinate, short: one decimal at most."""
    t = f"{x:.1f}"
    return t[:-2] if t.endswith(".0") else t


def _luma(fill: str) -> float:
    try:
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return 255.0
    return 0.299 * r + 0.587 * g + 0.114 * b


@cache
def ink(fill: str) -> str:
    """Black or white, whichever reads better on `fill` ("#rrggbb")."""
    return "#000" if _luma(fill) > 140 else "#fff"


@cache
def edge(fill: str) -> str:
    """An outline for a token of colour `fill`: dark, but light around very dark tokens."""
    return "#f0e6cf" if _luma(fill) < 60 else "#1b1b1b"


def act(inner: str, action: dict[str, str] | None) -> str:
    """`inner`, made clickable for `action` ({"id","label"}) when there is one."""
    if action is None:
        return inner
    covers = f' data-covers="{esc(action["covers"])}"' if action.get("covers") else ""
    return (f'<g class="act" data-action="{esc(action["id"])}"{covers} cursor="pointer">'
            f'<title>{esc(action["label"])}</title>{inner}</g>')


def polar(r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return C + r * math.cos(a), C + r * math.sin(a)


def sector(r0: float, r1: float, a0: float, a1: float) -> str:
    """The path of a ring segment between radii r0 < r1 and angles a0 < a1 (degrees)."""
    x0, y0 = polar(r1, a0)
    x1, y1 = polar(r1, a1)
    x2, y2 = polar(r0, a1)
    x3, y3 = polar(r0, a0)
    return (f"M{num(x0)} {num(y0)}A{r1} {r1} 0 0 1 {num(x1)} {num(y1)}"
            f"L{num(x2)} {num(y2)}A{r0} {r0} 0 0 0 {num(x3)} {num(y3)}Z")


def corner(k: int) -> tuple[float, float]:
    """The top-left point of home nest k's corner panel (0 top-left, then clockwise)."""
    return (PAD if k in (0, 3) else W - PAD - BOX), (PAD if k in (0, 1) else W - PAD - BOX)


def well(k: int) -> tuple[float, float, float, float]:
    """x, y, width, height of home nest k's space: the panel's side next to the board."""
    x, y = corner(k)
    return x, (y + BOX - WELL if k in (0, 1) else y), BOX, WELL


@dataclass(frozen=True)
class Geometry:
    anchor: dict[str, tuple[float, float]]  # where a space's rats are drawn
    shape: dict[str, str]  # a space's outline, an SVG element without fill/stroke
    token_at: dict[str, tuple[float, float]]  # where a space's token icon goes
    angle: dict[str, float]  # ring spaces: the angle of the sector's middle


def _home_k(space_id: str) -> int:
    return int(space_id[1:])


@cache
def geometry(ids: tuple[tuple[str, str, int], ...]) -> Geometry:
    """Positions and outlines of the spaces (id, kind, ring_index) of a view."""
    ns = sum(1 for _, kind, _ in ids if kind == "surface") or 1
    nu = sum(1 for _, kind, _ in ids if kind == "underground") or 1
    anchor, shape, token_at, angle = {}, {}, {}, {}
    for sid, kind, ri in ids:
        if kind in ("surface", "underground"):
            n, r0, r1 = (ns, R_S_IN, R_S_OUT) if kind == "surface" else (nu, R_U_IN, R_U_OUT)
            half = 180 / n
            mid = START + 360 * ri / n
            angle[sid] = mid
            shape[sid] = f'<path d="{sector(r0, r1, mid - half + 0.6, mid + half - 0.6)}"'
            anchor[sid] = polar((r0 + r1) / 2 + 2, mid)
            token_at[sid] = polar(r0 + 13, mid)
        elif kind == "rat-city":
            shape[sid] = f'<circle cx="{C}" cy="{C}" r="{R_CITY}"'
            anchor[sid] = (C, C + 40)
            token_at[sid] = (C, C - 42)
        else:
            x, y, w, h = well(_home_k(sid))
            shape[sid] = f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14"'
            anchor[sid] = (x + w / 2, y + h / 2 + 8)
            token_at[sid] = (x + 18, y + 18)
    return Geometry(anchor, shape, token_at, angle)


def view_key(spaces: list[dict[str, Any]]) -> tuple[tuple[str, str, int], ...]:
    return tuple((s["id"], s["kind"], s["ring_index"]) for s in spaces)


@cache
def labels(key: tuple[tuple[str, str, int], ...]) -> str:
    """The ring spaces' names, drawn after the pieces (on a light halo) so that a token beside
    a name never hides it."""
    geo = geometry(key)
    out = []
    for sid, kind, _ in key:
        if kind in ("surface", "underground"):
            r = (R_S_OUT - 13) if kind == "surface" else (R_U_OUT - 12)
            x, y = polar(r, geo.angle[sid])
            out.append(f'<text x="{num(x)}" y="{num(y + 6.5)}">{sid}</text>')
    return (f'<g class="labels" font-size="18" font-weight="bold" text-anchor="middle" '
            f'fill="#3b3026" stroke="#f4ead2" stroke-width="3.5" stroke-opacity=".9" '
            f'stroke-linejoin="round" paint-order="stroke" pointer-events="none">'
            f'{"".join(out)}</g>')


def _ladder(r0: float, r1: float, deg: float, width: float = 16, rung: float = 9) -> str:
    """A ladder passage along the radius at `deg` from r0 to r1 (no space: costs nothing)."""
    a = math.radians(deg)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy * width / 2, ux * width / 2
    out = [f'<path d="M{num(C + r0 * ux + px)} {num(C + r0 * uy + py)}L'
           f'{num(C + r1 * ux + px)} {num(C + r1 * uy + py)}M{num(C + r0 * ux - px)} '
           f'{num(C + r0 * uy - py)}L{num(C + r1 * ux - px)} {num(C + r1 * uy - py)}"/>']
    steps = max(1, int((r1 - r0) / rung))
    d = []
    for i in range(1, steps):
        r = r0 + (r1 - r0) * i / steps
        d.append(f"M{num(C + r * ux + px)} {num(C + r * uy + py)}L{num(C + r * ux - px)} "
                 f"{num(C + r * uy - py)}")
    out.append(f'<path d="{"".join(d)}" stroke-width="3"/>')
    return "".join(out)


@cache
def base(key: tuple[tuple[str, str, int], ...], height: int) -> str:
    """The board's unchanging drawing: background, rings, corridors, Rat City, labels."""
    geo = geometry(key)
    out = [f'<rect width="{W}" height="{height}" rx="22" fill="{BG}"/>',
           f'<circle cx="{C}" cy="{C}" r="{R_S_OUT + 10}" fill="#3a352e"/>',
           f'<circle cx="{C}" cy="{C}" r="{R_U_OUT + 6}" fill="#23282a"/>']
    corridor_angles = []
    for sid, kind, ri in key:
        if kind not in ("surface", "underground"):
            continue
        corr = sid in _corridor_ids(key)
        fill = CORRIDOR_FILL if corr else (SURFACE_FILL if kind == "surface"
                                           else UNDER_FILL)[ri % 2]
        out.append(titled(f'{geo.shape[sid]} fill="{fill}" stroke="#1e1a16" stroke-width="2"',
                          space_title(sid, kind, corr)))
        if corr and kind == "surface":
            corridor_angles.append(geo.angle[sid])
            out.append(_cover(*geo.token_at[sid]))
    out.append('<g class="ladders" stroke="#c9b98f" stroke-width="4" fill="none">')
    for a in corridor_angles:
        out.append(_ladder(R_U_OUT + 2, R_S_IN - 2, a))
        out.append(_ladder(R_CITY + 2, R_U_IN - 2, a))
        out.append(_ladder(R_S_OUT + 2, (C - BOX - PAD) * math.sqrt(2) + 2, a))
    out.append("</g>")
    out.append(titled(f'<circle cx="{C}" cy="{C}" r="{R_CITY}" fill="{CITY_FILL}" '
                      f'stroke="#6b4f12" stroke-width="4"', space_title("RC", "rat-city", False))
               + f'<circle cx="{C}" cy="{C}" r="{R_CITY - 10}" fill="none" '
               f'stroke="#f2d27a" stroke-width="2" stroke-dasharray="4 5" pointer-events="none"/>'
               f'<g pointer-events="none"><text x="{C}" y="{C + R_CITY - 12}" font-size="18" '
               f'font-weight="bold" text-anchor="middle" fill="{INK}" letter-spacing="2">RAT '
               f'CITY</text><text class="minor" x="{C}" y="{C + 4}" font-size="15" '
               f'text-anchor="middle" fill="#6b4f12">DEEP DISH THRONE</text>'
               f'</g>')
    out.append(f'<g class="minor" font-size="15" text-anchor="middle" letter-spacing="2" '
               f'font-weight="bold" pointer-events="none"><text x="{C}" y="{C - R_S_IN + 18}" '
               f'fill="#8a7a5e">SURFACE</text><text x="{C}" y="{C + R_U_OUT + 24}" '
               f'fill="#7d8f72">UNDERGROUND</text></g>')
    return "".join(out)


def titled(shape: str, title: str) -> str:
    """`shape` (an SVG element's opening, unclosed: '<path d="..." fill="..."') with a
    <title>, so that it explains itself on hover and on tap."""
    tag = shape.split(None, 1)[0][1:]
    return f"{shape}><title>{esc(title)}</title></{tag}>"


SPACE_WORDS = {
    "surface": "{} (surface): a space of the outer ring, where food, nests and sewer "
               "entrances lie",
    "corridor-surface": "{} (surface, a corridor's sewer cover): a step down the ladder to "
                        "the underground, or into the home nest beside it",
    "underground": "{} (underground): a space of the inner ring, a step from the surface "
                   "through a sewer entrance",
    "corridor-underground": "{} (underground, a corridor): a step up to the surface, or in "
                            "to Rat City",
    "rat-city": "Rat City: the centre, reached by the four corridors; the Deep Dish Throne "
                "is here",
    "home-nest": "{} (a home nest): new rats appear here; its corridor leads to the board",
}


def space_title(sid: str, kind: str, corridor: bool) -> str:
    """What a space is, in a sentence (its tokens and rats tell the rest with their own)."""
    word = f"corridor-{kind}" if corridor and kind in ("surface", "underground") else kind
    return SPACE_WORDS.get(word, "{}").format(sid)


@cache
def _corridor_ids(key: tuple[tuple[str, str, int], ...]) -> frozenset[str]:
    """Corridor spaces: the four ring spaces on the diagonals (S0/U0, S6/U3, ...)."""
    ns = sum(1 for _, kind, _ in key if kind == "surface")
    nu = sum(1 for _, kind, _ in key if kind == "underground")
    out = set()
    for sid, kind, ri in key:
        n = ns if kind == "surface" else nu if kind == "underground" else 0
        if n and (ri * 4) % n == 0:
            out.add(sid)
    return frozenset(out)


def _cover(x: float, y: float, r: float = 9) -> str:
    """A printed sewer cover (a corridor's surface space)."""
    return (f'<g class="cover" pointer-events="none"><circle cx="{num(x)}" cy="{num(y)}" '
            f'r="{r}" fill="#5d6670" stroke="#2f353b" stroke-width="2"/>'
            f'<path d="M{num(x - r + 3)} {num(y)}H{num(x + r - 3)}M{num(x)} {num(y - r + 3)}'
            f'V{num(y + r - 3)}" stroke="#2f353b" stroke-width="1.5"/></g>')


@lru_cache(maxsize=4096)
def rat(x: float, y: float, colour: str, n: int, fed: bool, title: str, key: str = "") -> str:
    """One token: `n` rats of a faction, fed (sitting up: round) or unfed (lying: flat).
    `key` ("seat:fed:space", or "seat:fed:group-..." for a group on the move) lets the page
    move the token smoothly when it changes space."""
    line = edge(colour)
    if fed:
        shape = (f'<path d="M{num(x - 11)} {num(y - 11)}l1 -8 7 5M{num(x + 11)} {num(y - 11)}'
                 f'l-1 -8 -7 5" fill="{colour}" stroke="{line}" stroke-width="1.6"/>'
                 f'<circle cx="{num(x)}" cy="{num(y)}" r="17" fill="{colour}" stroke="{line}" '
                 f'stroke-width="2.6"/>')
    else:
        shape = (f'<path d="M{num(x + 17)} {num(y + 4)}q8 1 7 10" fill="none" '
                 f'stroke="{line}" stroke-width="2.2"/>'
                 f'<rect x="{num(x - 18)}" y="{num(y - 12)}" width="36" height="24" rx="5" '
                 f'fill="{colour}" stroke="{line}" stroke-width="2.6" stroke-dasharray="5 2.5"/>')
    keyed = ""
    if key:
        seat, _, _ = key.partition(":")
        keyed = (f' data-key="rat:{key}" data-family="rat:{seat}:{"fed" if fed else "unfed"}" '
                 f'data-n="{n}"')
    return (f'<g class="rat {"fed" if fed else "unfed"}"{keyed}><title>{esc(title)}</title>'
            f'{shape}<text x="{num(x)}" y="{num(y + 6.5)}" font-size="19" font-weight="bold" '
            f'text-anchor="middle" fill="{ink(colour)}">{n}</text></g>')


def rat_title(n: int, fed: bool, owner: str) -> str:
    return f"{plural(n, 'fed rat' if fed else 'unfed rat')} of {owner}"


def token_cells(count: int, x: float, y: float, cols: int) -> list[tuple[float, float]]:
    """Centres of `count` rat tokens in a grid of `cols` columns centred on x, y."""
    cols = min(cols, count) or 1
    rows = (count + cols - 1) // cols
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        in_row = min(cols, count - r * cols)
        out.append((x + (c - (in_row - 1) / 2) * 40, y + (r - (rows - 1) / 2) * 30))
    return out


def cols_for(kind: str, count: int) -> int:
    if kind in ("rat-city", "home-nest"):
        return 4
    return 2 if count <= 4 else 3


@lru_cache(maxsize=256)
def dumpster(x: float, y: float, title: str = TIPS["food"], cls: str = "token food") -> str:
    return (f'<g class="{cls}"><title>{esc(title)}</title>'
            f'<rect x="{num(x - 10)}" y="{num(y - 6)}" width="20" height="13" rx="2" '
            f'fill="#2e8b57" stroke="#123d25" stroke-width="1.5"/>'
            f'<path d="M{num(x - 11)} {num(y - 7)}h22l-2 -4h-18z" fill="#3fae6f" '
            f'stroke="#123d25" stroke-width="1.2"/></g>')


@lru_cache(maxsize=256)
def sewer(x: float, y: float) -> str:
    return (f'<g class="token sewer"><title>{esc(TIPS["sewer"])}</title><circle cx="{num(x)}" '
            f'cy="{num(y)}" r="10" '
            f'fill="#4a4f55" stroke="#111" '
            f'stroke-width="2"/><path d="M{num(x - 6)} {num(y - 3)}h12M{num(x - 6)} '
            f'{num(y + 3)}h12" stroke="#9aa3ad" stroke-width="1.6"/></g>')


@lru_cache(maxsize=256)
def nest(x: float, y: float, colour: str, owner: str) -> str:
    """A nest token: a ring of straw around the faction's colour."""
    return (f'<g class="token nest"><title>{esc(TIPS["nest"].format(owner))}</title>'
            f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="14" ry="9" fill="{colour}" '
            f'stroke="#c9a25a" stroke-width="4"/><ellipse cx="{num(x)}" cy="{num(y)}" '
            f'rx="16.5" ry="11.5" fill="none" stroke="#5b4420" stroke-width="1.2"/>'
            f'<path d="M{num(x - 9)} {num(y - 1)}q9 6 18 0" fill="none" '
            f'stroke="{ink(colour)}" stroke-width="1.3" opacity=".6"/></g>')


@lru_cache(maxsize=64)
def exterminator(x: float, y: float, big: bool = True, through: bool = False) -> str:
    """The Exterminator pawn: a figure under a red crosshair. With `through`, clicks pass to
    the (clickable) space beneath."""
    s = 1.0 if big else 0.7
    passes = ' pointer-events="none"' if through else ""
    return (f'<g class="exterminator" data-key="exterminator"{passes}><title>'
            f'{esc(TIPS["exterminator"])}</title><circle cx="{num(x)}" cy="{num(y)}" '
            f'r="{num(24 * s)}" '
            f'fill="#fff3e0" fill-opacity=".85" stroke="#c0392b" stroke-width="3"/>'
            f'<circle cx="{num(x)}" cy="{num(y - 8 * s)}" r="{num(6 * s)}" fill="#1d3557"/>'
            f'<path d="M{num(x - 10 * s)} {num(y + 14 * s)}q0 -16 {num(10 * s)} -16q'
            f'{num(10 * s)} 0 {num(10 * s)} 16z" fill="#1d3557"/>'
            f'<path d="M{num(x - 30 * s)} {num(y)}h{num(14 * s)}M{num(x + 16 * s)} {num(y)}h'
            f'{num(14 * s)}M{num(x)} {num(y - 30 * s)}v{num(12 * s)}M{num(x)} {num(y + 18 * s)}'
            f'v{num(12 * s)}" stroke="#c0392b" stroke-width="3"/></g>')


@lru_cache(maxsize=16)
def throne(king: str | None, owner: str = "") -> str:
    """The Deep Dish Throne in Rat City, with Da Big Cheese's rat on it when claimed."""
    x, y = C, C - 42
    title = TIPS["throne"].format(owner) if king else TIPS["throne-empty"]
    out = [f'<g class="throne"><title>{esc(title)}</title>'
           f'<circle cx="{x}" cy="{y}" r="30" fill="#c0812d" stroke="#6b3d10" stroke-width="3"/>'
           f'<circle cx="{x}" cy="{y}" r="23" fill="#e4b53b"/>'
           f'<circle cx="{x}" cy="{y}" r="19" fill="#c8472d" fill-opacity=".55"/>']
    for dx, dy in ((-9, -8), (8, -10), (-11, 6), (10, 7), (0, 0)):
        out.append(f'<circle cx="{num(x + dx)}" cy="{num(y + dy)}" r="4" fill="#9b2218"/>')
    if king:
        out.append(f'<circle cx="{x}" cy="{y}" r="14" fill="{king}" stroke="{edge(king)}" '
                   f'stroke-width="2.5"/>' + crown(x, y - 21, 1.0))
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=64)
def crown(x: float, y: float, s: float = 1.0) -> str:
    return (f'<path class="crown" d="M{num(x - 11 * s)} {num(y + 6 * s)}l-2 {num(-12 * s)} '
            f'{num(7 * s)} {num(6 * s)} {num(6 * s)} {num(-9 * s)} {num(6 * s)} {num(9 * s)} '
            f'{num(7 * s)} {num(-6 * s)} {num(-2 * s)} {num(12 * s)}z" fill="{GOLD}" '
            f'stroke="#7a5a00" stroke-width="1.5"/>')


def highlight(shape: str, action: dict[str, str] | None, dashed: bool = False,
              colour: str = GOLD) -> str:
    """A space's outline drawn on top: clickable (filled on hover) for `action`, else a plain
    (dashed) mark."""
    if action is not None:
        return act(f'{shape} class="hl" fill="{colour}" fill-opacity=".16" stroke="{colour}" '
                   f'stroke-width="4"/>', action)
    dash = ' stroke-dasharray="7 5"' if dashed else ""
    return (f'{shape} fill="none" stroke="{colour}" stroke-width="3"{dash} '
            f'pointer-events="none"/>')


def moving_here(space: str, mover: dict[str, Any] | None) -> dict[str, Any] | None:
    """The rats on the move that stand on `space` now: `mover` is {"seat", "from", "path",
    "fed", "unfed", "id"} (a group in Target: Rats, the picked rat in Simplified), or None."""
    if mover is None or not mover.get("path") or mover["path"][-1] != space:
        return None
    return mover


def rats_at(anchor: tuple[float, float], kind: str, groups: list[dict[str, Any]],
            colour: dict[int, str], owner: dict[int, str], clickable: Any = None,
            through: bool = False, space: str = "",
            mover: dict[str, Any] | None = None) -> list[str]:
    """The tokens of one space's rats ([{"seat","unfed","fed"}]), fed before unfed per faction.
    `clickable(seat, fed)` may give an action for a token (Simplified picks a rat); with
    `through`, the other tokens let clicks through to the (clickable) space beneath. Rats on
    the move here (`moving_here`) are drawn apart, keyed by where their move began, so that
    the page follows them step by step (the others stay keyed by their space)."""
    items = []
    for g in groups:
        for fed in (True, False):
            n = g["fed" if fed else "unfed"]
            if mover is not None and g["seat"] == mover["seat"]:
                n -= mover["fed" if fed else "unfed"]
            if n > 0:
                items.append((g["seat"], fed, n,
                              f"{g['seat']}:{'fed' if fed else 'unfed'}:{space}" if space else ""))
    if mover is not None:
        seat, both = mover["seat"], mover["fed"] and mover["unfed"]
        for fed in (True, False):
            if mover["fed" if fed else "unfed"]:  # one rat keeps its key when it is fed
                part = ("fed" if fed else "unfed") if both else "moving"
                items.append((seat, fed, mover["fed" if fed else "unfed"],
                              f"{seat}:{part}:move-{mover['id']}"))
    if not items:
        return []
    out = []
    cells = token_cells(len(items), anchor[0], anchor[1], cols_for(kind, len(items)))
    for (seat, fed, n, key), (x, y) in zip(items, cells, strict=True):
        title = rat_title(n, fed, owner[seat]) + (", on the move" if ":move-" in key else "")
        token = rat(x, y, colour[seat], n, fed, title, key)
        action = clickable(seat, fed) if clickable else None
        if action:
            out.append(act(token, action))
        elif through:
            out.append(f'<g pointer-events="none">{token}</g>')
        else:
            out.append(token)
    return out


def wrap(text: str, width: int) -> list[str]:
    """Words of `text` in lines of at most `width` characters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


@lru_cache(maxsize=64)
def home_well(k: int, colour: str | None) -> str:
    """Home nest k's space (straw, edged in its faction's colour), and its name."""
    x, y, w, h = well(k)
    stroke = colour or "#5a5247"
    twigs = "".join(f'<path d="M{num(x + 12 + i * 19)} {num(y + h - 8 - (i % 3) * 3)}l14 -5" '
                    f'stroke="#b39a6a" stroke-width="2"/>' for i in range(10))
    well_rect = titled(f'<rect x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" '
                       f'rx="13" fill="{NEST_FILL if colour else "#4a443b"}" '
                       f'stroke="{stroke}" stroke-width="5"', space_title(f"H{k}", "home-nest",
                                                                          False))
    return (f'<g class="nest-well">{well_rect}'
            f'<g pointer-events="none">{twigs if colour else ""}</g>'
            f'<text class="minor" x="{x + w - 12}" y="{y + 21}" font-size="15" '
            f'text-anchor="end" fill="{INK if colour else "#8a8070"}" pointer-events="none">'
            f'home nest H{k}</text></g>')


def board_data() -> dict[str, Any]:
    """What the browser's drawing of this board (static/boards/target-rats-board.js) reads
    besides the view: the fonts, colours, the spaces' sentences and the pieces' tooltips."""
    return {"font": FONT, "style": STYLE, "space_words": SPACE_WORDS, "tips": TIPS,
            "token_words": board_words.TOKEN_WORDS,
            "colours": {"ink": INK, "cream": CREAM, "gold": GOLD, "bg": BG,
                        "surface": SURFACE_FILL, "under": UNDER_FILL,
                        "corridor": CORRIDOR_FILL, "city": CITY_FILL, "nest": NEST_FILL}}
