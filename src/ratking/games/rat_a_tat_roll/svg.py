"""Rat-a-Tat Roll on the web: one seat's view drawn as a standalone SVG board.

`render(view, actions)` reads only the view dict (`state.view(seat)`) and the viewer's legal
actions, so it can never show more than the view holds. Legal actions that have a natural place
on the board (a face-up card, the pile, a card in a hand, the space the dice lead to) are drawn
there as `<g class="act" data-action="...">` with a `<title>` and a glowing outline; the page
makes buttons for the others (roll:K, reroll:..., keep, skip, wild, peek:none, swap:none...).
An open view (a finished game's replay, views.open_view) has every card face up.
"""

from __future__ import annotations

import math
from functools import lru_cache, wraps
from html import escape
from typing import Any, NamedTuple

from ...core import seat_label
from . import words
from .words import TITLE

W = 1000  # viewBox width; the height grows with the rows of opponents
HEADER_H = 104
OPP_ROW_H = 172
BOARD_H = 860
OWN_H = 256
GAP = 14

R_OUT, R_IN = 418, 322  # the ring of spaces
R_MID = (R_OUT + R_IN) / 2
R_SLOT = 228  # the face-up card slots inside the ring

FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
TITLE_FONT = "Georgia,'DejaVu Serif','Times New Roman',serif"

INK = "#2b1a0e"
CREAM = "#fdf3dc"
GOLD = "#ffd23f"
WILD_FILL = "#1e1a1a"
PALETTE = {"red": "#d8433b", "orange": "#ec8a1c", "green": "#3d9a47", "blue": "#3a76cf",
           "purple": "#8b50c4", "yellow": "#e2b916", "pink": "#df5ea3", "teal": "#1c9c93",
           "brown": "#8b5a2b", "grey": "#7c7c7c", "gray": "#7c7c7c", "white": "#d9d4c7",
           "black": "#3a3a3a", "cyan": "#1aa6c4", "magenta": "#c2409b"}
SPARE = ("#5b8fa8", "#a8725b", "#6c9a5b", "#9a5b8f", "#b09a3c")

PHASE_YOU = {
    "reroll": "spend a token to re-roll, or move",
    "wild-reroll": "keep the Wild die, or spend a token to re-roll it",
    "card-or-pile": "take the face-up card or the top card of the pile",
    "peek": "look at all your cards, or at one opponent card",
    "tie": "choose which of the tied cards to take",
    "swap": "choose your card to offer for a swap",
    "swap-with": "choose the opponent card to swap it with",
    "discard": "put one of your older cards under the pile",
}
PHASE_THEM = {
    "reroll": "may re-roll, or move",
    "wild-reroll": "may keep or re-roll the Wild die",
    "card-or-pile": "takes the face-up card or the pile's top card",
    "peek": "may look at a card",
    "tie": "chooses among tied cards",
    "swap": "may offer a card for a swap",
    "swap-with": "chooses a card to swap with",
    "discard": "puts an older card under the pile",
}
WILD_WORDS = {"lowest": "LOW", "highest": "HIGH", "swap": "SWAP"}
LABELS = {  # the board's other fixed words
    "choose-you": "choose how many dice to roll", "choose-them": "chooses dice",
    "wild-you": "skip, or roll the Wild die", "wild-them": "may skip or roll the Wild die",
    "pile": "draw pile", "tokens": "tokens", "roll": "click a die: roll that many",
    "reroll": "Spend a token to re-roll the chosen dice", "empty": "empty",
    "offered": "offered", "new": "new", "final": "FINAL ROUND", "over": "Game over",
    "winner": "WINNER", "limit": "Round limit:", "draw": "a draw",
    "capped": "The round limit was reached: the game is a draw",
    "pawn": "The Catue of Liberty (the pawn)",
}
LEGEND = (("wild", "Wild"), ("card-or-pile", "card or pile"), ("reroll", "re-roll"),
          ("peek", "peek"))  # the ring's icons explained, in the board's bottom corners
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}  # a die's pips on a 3x3 grid

DEFS = (
    "<defs>"
    '<radialGradient id="rk-table" cx="50%" cy="42%" r="75%">'
    '<stop offset="0" stop-color="#9a6238"/><stop offset="0.7" stop-color="#6e4022"/>'
    '<stop offset="1" stop-color="#4a2913"/></radialGradient>'
    '<radialGradient id="rk-felt" cx="50%" cy="50%" r="50%">'
    '<stop offset="0" stop-color="#f6e6c2"/><stop offset="1" stop-color="#e3c894"/>'
    "</radialGradient>"
    '<pattern id="rk-back" width="16" height="16" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="16" height="16" fill="#8c2332"/>'
    '<rect width="8" height="8" fill="#7a1d2b"/><rect x="8" y="8" width="8" height="8" '
    'fill="#7a1d2b"/></pattern>'
    '<filter id="rk-glow" x="-40%" y="-40%" width="180%" height="180%">'
    '<feGaussianBlur in="SourceGraphic" stdDeviation="5" result="b"/>'
    '<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>'
    '<filter id="rk-shadow" x="-20%" y="-20%" width="140%" height="150%">'
    '<feDropShadow dx="0" dy="3" stdDeviation="3" flood-color="#000" flood-opacity="0.35"/>'
    "</filter>"
    "</defs>"
    "<style>.rk-svg .act:hover .rk-hl{fill-opacity:.35}"
    ".rk-svg .act:focus{outline:none}</style>"
)


def _n(x: float) -> str:
    """A coordinate, short: one decimal at most."""
    if x.__class__ is int:
        return str(x)
    t = f"{x:.1f}"
    return t[:-2] if t.endswith(".0") else t


def _colour(name: str | None) -> str:
    if name is None:
        return WILD_FILL
    if name in PALETTE:
        return PALETTE[name]
    return SPARE[sum(map(ord, name)) % len(SPARE)]


def _short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"



def _memo(draw):
    """Cache a drawing primitive's output: draw(out, *args) appends the same markup for the
    same arguments, and a board redraws the same icons, cards and coins on every move."""

    @lru_cache(maxsize=16384)
    def markup(*args, **kwargs) -> str:
        buf: list[str] = []
        draw(buf, *args, **kwargs)
        return "".join(buf)

    @wraps(draw)
    def append(out: list[str], *args, **kwargs) -> None:
        out.append(markup(*args, **kwargs))

    return append


@_memo
def _text(out: list[str], x: float, y: float, s: object, size: float, fill: str = CREAM,
          anchor: str = "middle", weight: str = "", extra: str = "") -> None:
    bold = f' font-weight="{weight}"' if weight else ""
    out.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" '
               f'text-anchor="{anchor}"{bold}{extra}>{escape(str(s))}</text>')


def _polar(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float) -> str:
    """The path of a ring segment between radii r0 < r1 and angles a0 < a1 (degrees)."""
    x0, y0 = _polar(cx, cy, r1, a0)
    x1, y1 = _polar(cx, cy, r1, a1)
    x2, y2 = _polar(cx, cy, r0, a1)
    x3, y3 = _polar(cx, cy, r0, a0)
    big = 1 if a1 - a0 > 180 else 0
    return (f"M{_n(x0)} {_n(y0)}A{_n(r1)} {_n(r1)} 0 {big} 1 {_n(x1)} {_n(y1)}"
            f"L{_n(x2)} {_n(y2)}A{_n(r0)} {_n(r0)} 0 {big} 0 {_n(x3)} {_n(y3)}Z")


# --- small pictures -------------------------------------------------------------------------

@_memo
def _reroll_icon(out: list[str], cx: float, cy: float, r: float, colour: str,
                 width: float) -> None:
    """A circular arrow: the re-roll icon."""
    x0, y0 = _polar(cx, cy, r, -60)
    x1, y1 = _polar(cx, cy, r, 210)
    out.append(f'<path d="M{_n(x0)} {_n(y0)}A{_n(r)} {_n(r)} 0 1 1 {_n(x1)} {_n(y1)}" '
               f'fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
               f'stroke-linecap="round"/>')
    # arrowhead at the start point, pointing against the arc (anticlockwise)
    ax, ay = _polar(cx, cy, r, -60)
    tip = _polar(ax, ay, r * 0.75, -60 - 90 + 25)
    left = _polar(ax, ay, r * 0.55, -60 + 25 + 50)
    right = _polar(ax, ay, r * 0.55, -60 - 90 - 40)
    out.append(f'<path d="M{_n(tip[0])} {_n(tip[1])}L{_n(left[0])} {_n(left[1])}'
               f'L{_n(right[0])} {_n(right[1])}Z" fill="{colour}"/>')


@_memo
def _eye(out: list[str], cx: float, cy: float, r: float, colour: str, width: float) -> None:
    out.append(f'<path d="M{_n(cx - r)} {_n(cy)}Q{_n(cx)} {_n(cy - r * 0.85)} {_n(cx + r)} '
               f'{_n(cy)}Q{_n(cx)} {_n(cy + r * 0.85)} {_n(cx - r)} {_n(cy)}Z" fill="none" '
               f'stroke="{colour}" stroke-width="{_n(width)}" stroke-linejoin="round"/>'
               f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.32)}" fill="{colour}"/>')


@_memo
def _star(out: list[str], cx: float, cy: float, r: float, colour: str) -> None:
    pts = []
    for k in range(10):
        x, y = _polar(cx, cy, r if k % 2 == 0 else r * 0.45, -90 + k * 36)
        pts.append(f"{_n(x)},{_n(y)}")
    out.append(f'<polygon points="{" ".join(pts)}" fill="{colour}"/>')


@_memo
def _cards_icon(out: list[str], cx: float, cy: float, r: float, colour: str) -> None:
    """Card or pile: two overlapping cards."""
    w, h = r * 0.95, r * 1.35
    out.append(f'<rect x="{_n(cx - w * 0.85)}" y="{_n(cy - h * 0.62)}" width="{_n(w)}" '
               f'height="{_n(h)}" rx="{_n(r * 0.15)}" fill="none" stroke="{colour}" '
               f'stroke-width="{_n(r * 0.16)}"/>'
               f'<rect x="{_n(cx - w * 0.15)}" y="{_n(cy - h * 0.38)}" width="{_n(w)}" '
               f'height="{_n(h)}" rx="{_n(r * 0.15)}" fill="{colour}"/>')


@_memo
def _space_icon(out: list[str], kind: str, cx: float, cy: float, r: float) -> None:
    if kind == "wild":
        _star(out, cx, cy, r * 1.05, GOLD)
    elif kind == "card-or-pile":
        _cards_icon(out, cx, cy, r, "#fff")
    elif kind == "reroll":
        _reroll_icon(out, cx, cy, r * 0.72, "#fff", r * 0.24)
    elif kind == "peek":
        _eye(out, cx, cy, r * 1.0, "#fff", r * 0.2)
    else:
        _text(out, cx, cy + r * 0.4, kind[:1].upper(), r * 1.2, "#fff", weight="bold")


@_memo
def _coin(out: list[str], cx: float, cy: float, r: float) -> None:
    """A re-roll token."""
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#f2c14e" '
               f'stroke="#9a6a10" stroke-width="{_n(r * 0.12)}"/>')
    _reroll_icon(out, cx, cy, r * 0.5, "#8a5a06", r * 0.16)


@_memo
def _pawn(out: list[str], cx: float, cy: float, s: float) -> None:
    """The Catue of Liberty: a verdigris pawn with a crown and a torch."""
    def p(x: float, y: float) -> str:
        return f"{_n(cx + x * s)} {_n(cy + y * s)}"

    out.append('<g data-testid="pawn" data-key="pawn" pointer-events="none" '
               'filter="url(#rk-shadow)">'
               f'<title>{LABELS["pawn"]}</title>')
    out.append(f'<ellipse cx="{_n(cx)}" cy="{_n(cy + 30 * s)}" rx="{_n(26 * s)}" '
               f'ry="{_n(8 * s)}" fill="#24574d" stroke="#0f2b25" stroke-width="{_n(2 * s)}"/>')
    out.append(f'<path d="M{p(-20, 29)}C{p(-18, 10)} {p(-9, 2)} {p(-8, -6)}L{p(8, -6)}'
               f'C{p(9, 2)} {p(18, 10)} {p(20, 29)}Z" fill="#5fb3a1" stroke="#0f2b25" '
               f'stroke-width="{_n(2.5 * s)}"/>')
    # torch arm
    out.append(f'<path d="M{p(8, -4)}L{p(19, -30)}" stroke="#0f2b25" '
               f'stroke-width="{_n(6.5 * s)}" stroke-linecap="round"/>'
               f'<path d="M{p(8, -4)}L{p(19, -30)}" stroke="#5fb3a1" '
               f'stroke-width="{_n(3.5 * s)}" stroke-linecap="round"/>'
               f'<path d="M{p(19, -31)}C{p(13, -38)} {p(19, -44)} {p(21, -48)}'
               f'C{p(23, -42)} {p(27, -38)} {p(19, -31)}Z" fill="#ffb52e" stroke="#b3520c" '
               f'stroke-width="{_n(1.5 * s)}"/>')
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy - 14 * s)}" r="{_n(11 * s)}" '
               f'fill="#5fb3a1" stroke="#0f2b25" stroke-width="{_n(2.5 * s)}"/>')
    # rat ears and crown
    for side in (-1, 1):
        out.append(f'<circle cx="{_n(cx + side * 9 * s)}" cy="{_n(cy - 24 * s)}" '
                   f'r="{_n(5 * s)}" fill="#5fb3a1" stroke="#0f2b25" '
                   f'stroke-width="{_n(2 * s)}"/>')
    out.append(f'<path d="M{p(-8, -23)}L{p(-10, -33)}L{p(-4, -27)}L{p(0, -36)}L{p(4, -27)}'
               f'L{p(10, -33)}L{p(8, -23)}Z" fill="#7fd1bd" stroke="#0f2b25" '
               f'stroke-width="{_n(1.8 * s)}" stroke-linejoin="round"/>')
    out.append("</g>")


@_memo
def _die(out: list[str], x: float, y: float, s: float, value: int) -> None:
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(s)}" height="{_n(s)}" '
               f'rx="{_n(s * 0.2)}" fill="#fffdf6" stroke="{INK}" stroke-width="2.5"/>')
    pips = PIPS.get(value)
    if pips is None:
        _text(out, x + s / 2, y + s * 0.7, value, s * 0.55, INK, weight="bold")
        return
    for i, j in pips:
        out.append(f'<circle cx="{_n(x + s * (0.25 + 0.25 * i))}" '
                   f'cy="{_n(y + s * (0.25 + 0.25 * j))}" r="{_n(s * 0.09)}" fill="{INK}"/>')


@_memo
def _wild_die(out: list[str], x: float, y: float, s: float, face: str) -> None:
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(s)}" height="{_n(s)}" '
               f'rx="{_n(s * 0.2)}" fill="{WILD_FILL}" stroke="{GOLD}" stroke-width="2.5"/>')
    word = WILD_WORDS.get(face, face[:4].upper())
    _text(out, x + s / 2, y + s * 0.62, word, s * (0.3 if len(word) <= 3 else 0.25), GOLD,
          weight="bold")


# --- cards ----------------------------------------------------------------------------------

def _keyed(place: str, value: int | None) -> str:
    """The opening of a card's group for the page's motion. A card is keyed by its place (a
    region, a hand's slot): a card face down has no identity a view may carry (its deck
    index would tell its value), so the page matches a card that appears in a hand with the
    region whose card changed (`data-v`) or the pile that shrank."""
    return (f'<g data-key="card:{place}" data-family="card" '
            f'data-v="{"back" if value is None else value}">')


@_memo
def _card(out: list[str], x: float, y: float, w: float, h: float, value: int | None,
          style: str, icon_from: int) -> None:
    """style: 'back' (face down, unknown), 'face' (face up or revealed), 'known' (face down,
    value remembered with the memory aid), 'slot' (an empty place)."""
    rx = _n(w * 0.12)
    box = f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{rx}"'
    if style == "slot":
        out.append(f'<rect {box} fill="#000" fill-opacity="0.12" stroke="{CREAM}" '
                   f'stroke-opacity="0.55" stroke-width="2.5" stroke-dasharray="8 6"/>')
        return
    if style == "back":
        out.append(f'<rect {box} fill="url(#rk-back)" stroke="#f1d08a" stroke-width="2.5" '
                   f'filter="url(#rk-shadow)"/>')
        m = w * 0.12
        out.append(f'<rect x="{_n(x + m)}" y="{_n(y + m)}" width="{_n(w - 2 * m)}" '
                   f'height="{_n(h - 2 * m)}" rx="{_n(w * 0.07)}" fill="none" '
                   f'stroke="#f1d08a" stroke-opacity="0.7" stroke-width="1.5"/>'
                   f'<ellipse cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" rx="{_n(w * 0.22)}" '
                   f'ry="{_n(w * 0.28)}" fill="#f1d08a" fill-opacity="0.85"/>'
                   f'<circle cx="{_n(x + w * 0.37)}" cy="{_n(y + h / 2 - w * 0.2)}" '
                   f'r="{_n(w * 0.08)}" fill="#f1d08a"/>'
                   f'<circle cx="{_n(x + w * 0.63)}" cy="{_n(y + h / 2 - w * 0.2)}" '
                   f'r="{_n(w * 0.08)}" fill="#f1d08a"/>')
        return
    known = style == "known"
    fill = "#e7eefc" if known else "#fffaf0"
    stroke = "#6f86c2" if known else "#b8955c"
    dash = ' stroke-dasharray="7 4"' if known else ""
    out.append(f'<rect {box} fill="{fill}" stroke="{stroke}" stroke-width="2.5"{dash} '
               f'filter="url(#rk-shadow)"/>')
    if value is None:
        return
    hot = value >= icon_from
    colour = "#b3261e" if hot else INK
    _text(out, x + w / 2, y + h * 0.5 + w * 0.21, value, w * 0.6, colour, weight="bold",
          extra=' class="card-value"')
    _text(out, x + w * 0.17, y + w * 0.3, value, w * 0.26, colour, weight="bold",
          extra=' class="minor"')
    if hot:
        _reroll_icon(out, x + w * 0.8, y + h - w * 0.2, w * 0.1, "#b3261e", w * 0.035)
    if known:
        _eye(out, x + w * 0.8, y + w * 0.17, w * 0.1, "#4f67a8", w * 0.03)


def _highlight(out: list[str], aid: str, label: str, shape: str, badge: str = "") -> None:
    """A clickable legal action: a pulsing glow around `shape` (an SVG element without its
    paint, e.g. 'rect x="1" ...'), a dashed white line on it so it shows on any colour, and
    `badge` (more SVG) on top."""
    tag = shape.split()[0]
    out.append(f'<g class="act" data-action="{escape(aid)}" cursor="pointer" tabindex="0">'
               f"<title>{escape(label)}</title>"
               f'<{shape} class="rk-hl" fill="#fff" fill-opacity="0.1" stroke="{GOLD}" '
               f'stroke-width="9" filter="url(#rk-glow)">'
               f'<animate attributeName="stroke-opacity" values="1;0.4;1" dur="1.6s" '
               f'repeatCount="indefinite"/></{tag}>'
               f'<{shape} fill="none" stroke="#fff" stroke-width="2.5" '
               f'stroke-dasharray="10 6"/>{badge}</g>')


def _box(x: float, y: float, w: float, h: float, r: float, pad: float = 6) -> str:
    return (f'rect x="{_n(x - pad)}" y="{_n(y - pad)}" width="{_n(w + 2 * pad)}" '
            f'height="{_n(h + 2 * pad)}" rx="{_n(r + pad)}"')


# --- the board ------------------------------------------------------------------------------

class _Board:
    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        self.v = view
        self.out: list[str] = []
        self.icon_from = view.get("reroll_icon_from", 7)
        self.seat = view.get("seat")
        self.to_move = view.get("to_move")
        self.actor = self.to_move if self.to_move is not None else self.seat
        self.over = bool(view.get("over"))
        # the game is over by its rules, or the table ended it (a resignation, a vote: the
        # page gives the view the table's result): nobody is to move
        self.ended = self.over or bool(view.get("result"))
        self.places: dict[tuple, tuple[str, str]] = {}
        self.picks: list[str] = []  # the re-rolls of chosen dice: picked on the dice
        self._place(actions)

    def _place(self, actions: list[dict[str, Any]]) -> None:
        """Where each placeable legal action goes: a key naming a spot on the board."""
        v = self.v
        board = v["board"]
        colours = {r["colour"] for r in v["regions"]}
        for act in actions:
            aid = str(act.get("id", ""))
            label = str(act.get("label", aid))
            key: tuple | None = None
            kind, _, rest = aid.partition(":")
            if aid == "take:face":
                if 0 <= v["pawn"] < len(board) and board[v["pawn"]]["region"] is not None:
                    key = ("region", board[v["pawn"]]["region"])
            elif aid == "take:pile":
                key = ("pile",)
            elif kind == "take" and rest in colours:
                key = ("region", rest)
            elif aid == "peek:own":
                key = ("hand", self.actor)
            elif kind == "roll" and rest.isdigit():
                key = ("roll", int(rest))
            elif aid == "reroll:w":
                key = ("wild",)
            elif kind == "reroll" and rest.isdigit():
                self.picks.append(aid)
            elif aid == "go":
                if v["dice"] and board:
                    key = ("space", (v["pawn"] + sum(v["dice"])) % len(board))
            elif kind in ("peek", "with") and "." in rest:
                s, _, i = rest.partition(".")
                if s.isdigit() and i.isdigit():
                    key = ("card", int(s), int(i))
            elif kind in ("swap", "discard") and rest.isdigit():
                key = ("card", self.actor, int(rest))
            if key is not None and key not in self.places:
                self.places[key] = (aid, label)

    def act(self, key: tuple, shape: str, badge: str = "") -> None:
        hit = self.places.get(key)
        if hit is not None:
            _highlight(self.out, hit[0], hit[1], shape, badge)

    # layout

    def render(self) -> list[str]:
        v = self.v
        seats = v["seats"]
        n = len(seats)
        if self.seat is not None and 0 <= self.seat < n:
            top = [(self.seat + k) % n for k in range(1, n)]
            bottom = [self.seat]
        else:  # a spectator: everyone at the same size, half above and half below
            half = (n + 1) // 2
            top = list(range(half, n))
            bottom = list(range(half))
        top_rows = _rows(top)
        bottom_rows = [bottom] if self.seat is not None and bottom == [self.seat] \
            else _rows(bottom)
        big = self.seat is not None and bottom == [self.seat]
        height = HEADER_H + len(top_rows) * OPP_ROW_H + BOARD_H
        height += OWN_H if big else len(bottom_rows) * OPP_ROW_H
        height += GAP
        out = self.out
        out.append(f'<svg xmlns="http://www.w3.org/2000/svg" class="rk-svg" '
                   f'viewBox="0 0 {W} {height}" width="100%" '
                   f'preserveAspectRatio="xMidYMin meet" role="img" '
                   f'data-prompt="{escape(self.prompt()[0])}" '
                   f'aria-label="{TITLE} board">')
        out.append(f"<desc>{escape(words.describe(v))}</desc>")
        out.append(DEFS)
        out.append(f'<g data-testid="board" font-family="{FONT}">')
        out.append(f'<rect width="{W}" height="{height}" rx="28" fill="url(#rk-table)"/>')
        self.header()
        y = HEADER_H
        for row in top_rows:
            self.seat_row(row, y, OPP_ROW_H)
            y += OPP_ROW_H
        self.ring(y)
        y += BOARD_H
        if big:
            self.seat_panel(self.seat, 20, y, W - 40, OWN_H - 10, large=True)
        else:
            for row in bottom_rows:
                self.seat_row(row, y, OPP_ROW_H)
                y += OPP_ROW_H
        out.append("</g></svg>")
        return out

    def header(self) -> None:
        v, out = self.v, self.out
        _text(out, 30, 50, TITLE, 40, CREAM, "start", "bold",
              f' font-family="{TITLE_FONT}"')
        right = f"Round {v['round']}"
        if v.get("max_rounds"):
            right += f" of {v['max_rounds']}"
        if self.ended:
            right = LABELS["over"]
        if v.get("final_round") and not self.ended:
            left = v.get("turns_left")
            words = LABELS["final"]
            if left:
                words += f" · {left} turn{'' if left == 1 else 's'} left"
            w = 22 + len(words) * 15.5
            out.append(f'<g data-testid="final-round"><rect x="{_n(W - 24 - w)}" y="16" '
                       f'width="{_n(w)}" height="46" rx="23" fill="#c0262d" stroke="{GOLD}" '
                       f'stroke-width="3" filter="url(#rk-shadow)"/>')
            _text(out, W - 24 - w / 2, 48, words, 26, "#fff", weight="bold")
            out.append("</g>")
            _text(out, W - 40 - w, 48, right, 24, CREAM, "end")
        else:
            _text(out, W - 30, 50, right, 30, CREAM, "end", "bold")
        prompt, yours = self.prompt()
        size = min(28.0, 940 / (0.58 * max(1, len(prompt))))
        _text(out, 30, 94, prompt, size, GOLD if yours else "#f3dcb1", "start",
              "bold" if yours else "")

    def prompt(self) -> tuple[str, bool]:
        v = self.v
        if self.ended:
            return _result_line(v), False
        p = self.to_move
        if p is None or not 0 <= p < len(v["seats"]):
            return "", False
        phase = v["phase"]
        seat = v["seats"][p]
        if phase == "choose":
            which = "wild" if seat["complete"] else "choose"
            you, them = LABELS[f"{which}-you"], LABELS[f"{which}-them"]
        elif phase == "reroll":
            total = sum(v["dice"])
            you = f"re-roll with a token, or move {total}"
            them = f"may re-roll, or move {total}"
        else:
            you = PHASE_YOU.get(phase, phase)
            them = PHASE_THEM.get(phase, phase)
        if p == self.seat:
            return f"Your turn: {you}", True
        return f"{_short(seat['name'], 16)} {them}", False

    # the ring, the face-up cards and the centre

    def ring(self, y0: float) -> None:
        v, out = self.v, self.out
        cx, cy = W / 2, y0 + BOARD_H / 2
        board = v["board"]
        n = len(board) or 1
        step = 360 / n
        spaces = tuple((sp["kind"], sp["region"]) for sp in board)
        static, paths = _ring(spaces, y0)
        out.append(static)
        if v["phase"] == "reroll" and v["dice"] and paths and not self.over:
            # where the dice lead: clickable for the mover, a plain marker for the others
            t = (v["pawn"] + sum(v["dice"])) % len(paths)
            bx, by = _polar(cx, cy, R_OUT + 2, -90 + t * step)
            badge: list[str] = [f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="24" fill="{GOLD}" '
                                f'stroke="{INK}" stroke-width="3"/>']
            _text(badge, bx, by + 10, sum(v["dice"]), 28, INK, weight="bold")
            if ("space", t) in self.places:
                self.act(("space", t), f'path d="{paths[t]}"', "".join(badge))
            else:
                out.append(f'<g data-testid="target" pointer-events="none" opacity="0.85">'
                           f'<path d="{paths[t]}" fill="none" stroke="#fff" stroke-width="4" '
                           f'stroke-dasharray="10 6"/>{"".join(badge)}</g>')
        angles = _region_angles(spaces)
        for r, region in enumerate(v["regions"]):
            self.slot(cx, cy, r, region, angles)
        self.centre(cx, cy)
        pawn = v["pawn"]
        if 0 <= pawn < len(board):
            x, y = _polar(cx, cy, R_MID, -90 + pawn * step)
            _pawn(out, x, y - 8, 1.35)
        out.append("</g>")

    def slot(self, cx: float, cy: float, r: int, region: dict, angles: dict[str, float]
             ) -> None:
        colour = region["colour"]
        a = angles.get(colour)
        if a is None:
            a = -90 + (r + 0.5) * 360 / max(1, len(self.v["regions"]))
        self.out.append(_slot(cx, cy, a, colour, region["card"], self.icon_from,
                              colour in self.v.get("choices", ()),
                              self.places.get(("region", colour))))

    def centre(self, cx: float, cy: float) -> None:
        v = self.v
        if self.over:
            self.result_disc(cx, cy)
            return
        rolls = tuple(sorted((key[1], *hit) for key, hit in self.places.items()
                             if key[0] == "roll"))
        self.out.append(_centre(cx, cy, v["draw_pile"], v["token_pool"], tuple(v["dice"]),
                                v.get("wild"), self.icon_from, self.places.get(("pile",)),
                                _Dice(rolls, tuple(sorted(self.picks)),
                                      self.places.get(("wild",)))))

    def result_disc(self, cx: float, cy: float) -> None:
        v, out = self.v, self.out
        result = v.get("result") or {}
        out.append(f'<g data-testid="result"><circle cx="{_n(cx)}" cy="{_n(cy)}" r="122" '
                   f'fill="#fff6df" stroke="{GOLD}" stroke-width="6" '
                   f'filter="url(#rk-shadow)"/>')
        _text(out, cx, cy - 52, LABELS["over"], 32, INK, weight="bold",
              extra=f' font-family="{TITLE_FONT}"')
        names, verb = _winners(v)
        if result.get("end") == "round-cap":
            _text(out, cx, cy + 4, LABELS["limit"], 24, INK)
            _text(out, cx, cy + 42, LABELS["draw"], 30, "#8a1c12", weight="bold")
        else:
            line = " & ".join(names)
            size = min(30, 200 / max(1, 0.6 * len(line)))
            _crown(out, cx, cy - 18, 20)
            _text(out, cx, cy + 28, line, size, "#8a1c12", weight="bold",
                  extra=' class="winner"')
            scores = result.get("scores") or []
            best = min(scores) if scores else ""
            _text(out, cx, cy + 64, f"{verb} with {best}", 24, INK)
        out.append("</g>")

    # the hands

    def seat_row(self, row: list[int], y: float, h: float) -> None:
        k = len(row)
        pad = 16
        w = (W - 2 * pad - (k - 1) * 12) / k
        for j, s in enumerate(row):
            self.seat_panel(s, pad + j * (w + 12), y + 6, w, h - 12, large=False)

    def seat_panel(self, s: int, x: float, y: float, w: float, h: float, large: bool) -> None:
        v = self.v
        seat = v["seats"][s]
        moving = s == self.to_move and not self.ended
        result = v.get("result") if self.over else None
        won = bool(result) and result.get("end") != "round-cap" and \
            result["returns"][s] > 0
        count = seat["count"]
        needed = v.get("cards_needed", 0)
        mover = s == self.to_move
        places = self.places
        if places:
            acts = tuple(places.get(("card", s, i)) for i in range(max(count, needed)))
            hand = places.get(("hand", s))
        else:
            acts, hand = (), None
        self.out.append(_seat_panel(
            s, x, y, w, h, large, seat["name"], tuple(seat["cards"]), count, seat["tokens"],
            moving, won, result["scores"][s] if result else None, s == self.seat, needed,
            v.get("offered") if mover else None,
            count > v.get("cards_needed", count) and mover and v.get("phase") == "discard",
            self.icon_from, self.over or bool(v.get("open")), acts, hand))


PANELS = 8192  # seat panels kept drawn: a few per watched seat of a thousand tables


@lru_cache(maxsize=PANELS)
def _seat_panel(s: int, x: float, y: float, w: float, h: float, large: bool, name: str,
                cards: tuple[int | None, ...], count: int, tokens: int, moving: bool, won: bool,
                total: int | None, mine: bool, needed: int, offered: int | None, new: bool,
                icon_from: int, face_up: bool, acts: tuple[tuple[str, str] | None, ...],
                hand: tuple[str, str] | None) -> str:
    """A seat's panel: its name, tokens (or total at the end) and cards, with the legal
    actions on them (`acts`, per card: (id, label) or None; `hand`, on the whole hand).
    Cards with a value are face up if `face_up` (the game is over, or an open view), else
    drawn as remembered. Drawn once for the same arguments: most panels do not change from
    one move to the next."""
    out: list[str] = [f'<g data-testid="seat-{s}" data-seat-panel="{s}">']
    stroke = GOLD if moving or won else "#1f120a"
    extra = ' filter="url(#rk-glow)"' if moving or won else ""
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="20" '
               f'fill="#2a170b" fill-opacity="0.5" stroke="{stroke}" '
               f'stroke-width="{5 if moving or won else 2}"{extra}/>')
    fs = 32 if large else 27
    limit = 22 if large else max(6, int((w - 150) / (fs * 0.56)))
    shown = seat_label(_short(name, limit), mine)
    nx = x + 18
    if moving:
        out.append(f'<path d="M{_n(x + 16)} {_n(y + 18)}l{_n(fs * 0.6)} {_n(fs * 0.38)}'
                   f'l{_n(-fs * 0.6)} {_n(fs * 0.38)}Z" fill="{GOLD}"/>')
        nx += fs * 0.75
    _text(out, nx, y + 16 + fs * 0.78, shown, fs, GOLD if moving else CREAM, "start", "bold",
          f" data-name=\"{escape(name)}\"")
    # tokens or the total, on the right
    ry = y + 16 + fs * 0.5
    if total is not None:
        tx = x + w - 18
        words = f"total {total}"
        _text(out, tx, ry + fs * 0.36, words, fs, GOLD if won else CREAM, "end",
              "bold", f' class="total" data-total="{total}"')
        if won:
            _crown(out, tx - len(words) * fs * 0.6 - fs * 0.7, ry, fs * 0.6)
    else:
        _coin(out, x + w - 30 - len(f"×{tokens}") * fs * 0.62 - fs * 0.5, ry, fs * 0.5)
        _text(out, x + w - 18, ry + fs * 0.36, f"×{tokens}", fs, CREAM, "end", "bold",
              f' data-tokens="{tokens}"')
    if won:
        rw = fs * 5.2
        out.append(f'<rect x="{_n(x + w / 2 - rw / 2)}" y="{_n(y - fs * 0.55)}" '
                   f'width="{_n(rw)}" height="{_n(fs * 1.1)}" rx="{_n(fs * 0.55)}" '
                   f'fill="{GOLD}" stroke="{INK}" stroke-width="2.5"/>')
        _text(out, x + w / 2, y + fs * 0.28, LABELS["winner"], fs * 0.78, INK, weight="bold",
              extra=' class="winner"')
    # the cards
    top = y + fs + 30
    bottom_room = 12
    avail_h = h - (top - y) - bottom_room
    slots = max(count, needed)
    gap = 24 if large else 12
    cw = min(118 if large else 62, (w - 36 - (slots - 1) * gap) / max(1, slots),
             avail_h / 1.4)
    ch = cw * 1.4
    row_w = slots * cw + (slots - 1) * gap
    cx0 = x + (w - row_w) / 2
    for i in range(slots):
        kx = cx0 + i * (cw + gap)
        if i >= count:
            _card(out, kx, top, cw, ch, None, "slot", icon_from)
            continue
        value = cards[i] if i < len(cards) else None
        style = "back" if value is None else ("face" if face_up else "known")
        out.append(_keyed(f"hand:{s}:{i}", value))
        _card(out, kx, top, cw, ch, value, style, icon_from)
        out.append("</g>")
        if i == offered:
            _tag(out, kx + cw / 2, top, LABELS["offered"], "#c0262d", cw)
            out.append(f'<rect x="{_n(kx - 4)}" y="{_n(top - 4)}" width="{_n(cw + 8)}" '
                       f'height="{_n(ch + 8)}" rx="{_n(cw * 0.12 + 4)}" fill="none" '
                       f'stroke="#ff5a4f" stroke-width="4"/>')
        if new and i == count - 1:
            _tag(out, kx + cw / 2, top, LABELS["new"], "#2f7d3a", cw)
        hit = acts[i] if i < len(acts) else None
        if hit is not None:
            _highlight(out, hit[0], hit[1], _box(kx, top, cw, ch, cw * 0.12, 5))
    if hand is not None:
        held = max(1, count)
        row = _box(cx0, top, held * cw + (held - 1) * gap, ch, cw * 0.12, 9)
        _highlight(out, hand[0], hand[1], row)
    out.append("</g>")
    return "".join(out)


def _tag(out: list[str], x: float, y: float, words: str, fill: str, cw: float) -> None:
    size = max(18, min(24, cw * 0.3))
    w = len(words) * size * 0.62 + 16
    top = y - size * 1.05
    out.append(f'<rect x="{_n(x - w / 2)}" y="{_n(top)}" width="{_n(w)}" '
               f'height="{_n(size * 1.3)}" rx="{_n(size * 0.65)}" fill="{fill}" '
               f'stroke="#fff" stroke-width="2"/>')
    _text(out, x, top + size * 1.0, words, size, "#fff", weight="bold")


@lru_cache(maxsize=32)
def _region_angles(spaces: tuple[tuple[str, str | None], ...]) -> dict[str, float]:
    """Each region's direction from the ring's centre (degrees): the mean of its spaces'."""
    step = 360 / (len(spaces) or 1)
    sums: dict[str, tuple[float, float]] = {}
    for i, (_kind, region) in enumerate(spaces):
        if region is not None:
            a = math.radians(-90 + i * step)
            xs, ys = sums.get(region, (0.0, 0.0))
            sums[region] = (xs + math.cos(a), ys + math.sin(a))
    return {region: math.degrees(math.atan2(ys, xs)) for region, (xs, ys) in sums.items()}


@lru_cache(maxsize=PANELS)
def _slot(cx: float, cy: float, a: float, colour: str, card: int | None, icon_from: int,
          chosen: bool, place: tuple[str, str] | None) -> str:
    """A region's face-up card slot, at angle `a` from the centre; `place`: the legal
    action of taking its card, (id, label), if any."""
    out: list[str] = []
    x, y = _polar(cx, cy, R_SLOT, a)
    mw, mh = 112, 162
    cw, ch = 84, 114
    mx, my = x - mw / 2, y - mh / 2
    fill = _colour(colour)
    out.append(f'<g data-testid="region-{escape(colour)}">'
               f'<rect x="{_n(mx)}" y="{_n(my)}" width="{mw}" height="{mh}" rx="16" '
               f'fill="{fill}" stroke="#2b1a0e" stroke-width="2.5" '
               f'filter="url(#rk-shadow)"/>')
    kx, ky = x - cw / 2, my + 9
    if card is None:
        _card(out, kx, ky, cw, ch, None, "slot", icon_from)
        _text(out, x, ky + ch / 2 + 8, LABELS["empty"], 22, CREAM)
    else:
        out.append(_keyed(f"region:{escape(colour)}", card))
        _card(out, kx, ky, cw, ch, card, "face", icon_from)
        out.append("</g>")
    _text(out, x, my + mh - 13, colour.capitalize()[:8], 26, "#fff", weight="bold")
    if chosen and place is None:
        out.append(f'<rect x="{_n(kx - 5)}" y="{_n(ky - 5)}" width="{cw + 10}" '
                   f'height="{ch + 10}" rx="14" fill="none" stroke="{GOLD}" '
                   f'stroke-width="4" stroke-dasharray="8 5"/>')
    if place is not None:
        _highlight(out, place[0], place[1], _box(mx, my, mw, mh, 16, 5))
    out.append("</g>")
    return "".join(out)


class _Dice(NamedTuple):
    """What the mover may do with the dice: roll K of them (K, id, label), re-roll the ones
    they pick (the ids, "reroll:013"...), re-roll the Wild die (id, label)."""
    rolls: tuple[tuple[int, str, str], ...] = ()
    picks: tuple[str, ...] = ()
    wild: tuple[str, str] | None = None


NO_DICE = _Dice()


@lru_cache(maxsize=PANELS)
def _centre(cx: float, cy: float, pile: int, pool: int, dice: tuple[int, ...],
            wild: str | None, icon_from: int, place: tuple[str, str] | None,
            acts: _Dice = NO_DICE) -> str:
    """The draw pile (`place`: the legal action of taking its top card, if any), the token
    pool and this turn's dice: to roll K dice the mover clicks the K-th die; to re-roll,
    they pick dice (`data-pick`, the page gathers them into one re-roll action)."""
    out: list[str] = []
    pw, ph = 76, 106
    px, py = cx - 70 - pw / 2, cy - 92
    out.append('<g data-testid="pile">')
    if pile > 0:
        for k in (2, 1):
            if pile > k:
                out.append(f'<rect x="{_n(px + 3 * k)}" y="{_n(py - 3 * k)}" '
                           f'width="{pw}" height="{ph}" rx="9" fill="#5d1520" '
                           f'stroke="#f1d08a" stroke-width="1.5"/>')
        out.append(f'<g data-key="card:pile" data-family="card" data-n="{pile}">')
        _card(out, px, py, pw, ph, None, "back", icon_from)
        out.append("</g>")
    else:
        _card(out, px, py, pw, ph, None, "slot", icon_from)
    if place is not None:
        _highlight(out, place[0], place[1], _box(px, py - 6, pw + 6, ph + 6, 9))
    _badge(out, px + pw - 4, py + ph - 4, pile)
    _text(out, px + pw / 2, py + ph + 38, LABELS["pile"], 24, INK, weight="bold")
    out.append("</g>")
    # the token pool
    tx, ty = cx + 70, cy - 40
    out.append('<g data-testid="pool">')
    for k in range(min(pool, 4)):
        _coin(out, tx - 14 + (k % 2) * 28, ty + 16 - k * 14, 24)
    if pool == 0:
        out.append(f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="24" fill="none" '
                   f'stroke="{INK}" stroke-opacity="0.4" stroke-width="2.5" '
                   f'stroke-dasharray="6 5"/>')
    _badge(out, tx + 36, ty + 44, pool)
    _text(out, tx, py + ph + 38, LABELS["tokens"], 24, INK, weight="bold")
    out.append("</g>")
    # this turn's dice
    s = 52
    if acts.rolls and not dice and not wild:  # ghost dice: the K-th rolls K of them
        x = cx - (len(acts.rolls) * (s + 10) - 10) / 2
        y = cy + 76
        out.append('<g data-testid="roll-dice">')
        for k, aid, label in acts.rolls:
            ghost = (f'<rect x="{_n(x)}" y="{_n(y)}" width="{s}" height="{s}" rx="10" '
                     f'fill="#fffdf6" fill-opacity="0.7" stroke="{INK}" stroke-width="2.5" '
                     f'stroke-dasharray="6 4"/>')
            out.append(ghost)
            number: list[str] = []
            _text(number, x + s / 2, y + s * 0.7, k, s * 0.55, INK, weight="bold")
            _highlight(out, aid, label, _box(x, y, s, s, 10, 3), "".join(number))
            x += s + 10
        _text(out, cx, y + s + 26, LABELS["roll"], 20, INK)
        out.append("</g>")
    if dice or wild:
        s = 52
        count = len(dice) + (1 if wild else 0)
        width = count * s + (count - 1) * 10
        total = f"= {sum(dice)}" if dice and not wild else ""
        if total:
            width += 12 + len(total) * 17
        x = cx - width / 2
        y = cy + 76
        if acts.picks:
            out.append(f'<g data-testid="dice" data-covers="{" ".join(acts.picks)}" '
                       f'data-select="reroll:" data-select-label="{LABELS["reroll"]}">')
        else:
            out.append('<g data-testid="dice">')
        for i, d in enumerate(dice):
            pickable = any(str(i) in aid[7:] for aid in acts.picks)
            if pickable:
                out.append(f'<g class="pick" data-pick="{i}" cursor="pointer">'
                           f"<title>Die {i + 1}: a {d} (choose it to re-roll it)</title>"
                           f'<rect class="pick-ring" x="{_n(x - 5)}" y="{_n(y - 5)}" '
                           f'width="{s + 10}" height="{s + 10}" rx="14" fill="none" '
                           f'stroke="{GOLD}" stroke-width="3" stroke-dasharray="6 4"/>')
            _die(out, x, y, s, d)
            if pickable:
                out.append("</g>")
            x += s + 10
        if wild:
            _wild_die(out, x, y, s, wild)
            if acts.wild:
                _highlight(out, acts.wild[0], acts.wild[1], _box(x, y, s, s, 10, 3))
        if total:
            _text(out, x + 2, y + s * 0.72, total, 32, INK, "start", "bold")
        out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=32)
def _ring(spaces: tuple[tuple[str, str | None], ...], y0: float) -> tuple[str, tuple[str, ...]]:
    """The ring's unchanging drawing (spaces, icons, legend) and each space's outline path."""
    out: list[str] = ['<g data-testid="ring">']
    cx, cy = W / 2, y0 + BOARD_H / 2
    step = 360 / (len(spaces) or 1)
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{R_OUT + 12}" fill="#3a2112" '
               f'fill-opacity="0.55"/>'
               f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{R_IN - 4}" fill="url(#rk-felt)" '
               f'stroke="#b48a4f" stroke-width="4"/>')
    paths = []
    for i, (kind, region) in enumerate(spaces):
        a = -90 + i * step
        path = _sector(cx, cy, R_IN, R_OUT, a - step / 2 + 0.8, a + step / 2 - 0.8)
        paths.append(path)
        words = "Wild" if kind == "wild" else f"{region} {kind.replace('-', ' ')}"
        out.append(f'<g data-space="{i}"><title>{escape(f"space {i}: {words}")}</title>'
                   f'<path d="{path}" fill="{_colour(region)}" stroke="#2b1a0e" '
                   f'stroke-width="2"/>')
        x, y = _polar(cx, cy, R_MID, a)
        _space_icon(out, kind, x, y, 22)
        out.append("</g>")
    # the legend, in the board's bottom corners
    y = y0 + BOARD_H - 92
    for k, (kind, words) in enumerate(LEGEND):
        x = 36 if k < 2 else W - 200
        yy = y + (k % 2) * 48
        out.append(f'<circle cx="{_n(x)}" cy="{_n(yy)}" r="20" '
                   f'fill="{WILD_FILL if kind == "wild" else "#6b4a33"}"/>')
        _space_icon(out, kind, x, yy, 12)
        _text(out, x + 30, yy + 9, words, 26, CREAM, "start")
    return "".join(out), tuple(paths)


def _badge(out: list[str], cx: float, cy: float, count: int) -> None:
    """A round count badge (the pile's cards, the pool's tokens)."""
    r = 19 if count < 100 else 23
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{r}" fill="{INK}" stroke="{CREAM}" '
               f'stroke-width="2.5"/>')
    _text(out, cx, cy + 8, count, 22, CREAM, weight="bold")


def _crown(out: list[str], cx: float, cy: float, s: float) -> None:
    out.append(f'<path d="M{_n(cx - s)} {_n(cy + s * 0.6)}L{_n(cx - s)} {_n(cy - s * 0.5)}'
               f'L{_n(cx - s * 0.5)} {_n(cy)}L{_n(cx)} {_n(cy - s * 0.8)}L{_n(cx + s * 0.5)} '
               f'{_n(cy)}L{_n(cx + s)} {_n(cy - s * 0.5)}L{_n(cx + s)} {_n(cy + s * 0.6)}Z" '
               f'fill="{GOLD}" stroke="#8a5a06" stroke-width="2.5" stroke-linejoin="round"/>')


def _rows(seats: list[int]) -> list[list[int]]:
    """At most three panels a row; four make two rows of two."""
    if not seats:
        return []
    if len(seats) <= 3:
        return [seats]
    half = (len(seats) + 1) // 2
    return [seats[:half], seats[half:]]


def _winners(v: dict[str, Any]) -> tuple[list[str], str]:
    """The winners' names ("You" for the viewer) and the verb that goes with them."""
    result = v.get("result") or {}
    returns = result.get("returns") or []
    names = ["You" if i == v.get("seat") else _short(v["seats"][i]["name"], 14)
             for i, r in enumerate(returns) if r > 0]
    if len(names) > 1:
        return names, "share the win"
    return names, "win" if names == ["You"] else "wins"


def _result_line(v: dict[str, Any]) -> str:
    result = v.get("result") or {}
    if result.get("end") == "round-cap":
        return LABELS["capped"]
    names, verb = _winners(v)
    if not result.get("scores"):  # the table ended it: no totals to tell
        return f"{LABELS['over']}: {' & '.join(names)} {verb}" if names else LABELS["over"]
    scores = result["scores"]
    cheer = "!" if "You" in names else ""
    return f"{' & '.join(names)} {verb} with a total of {min(scores)}{cheer}"


def board_data() -> dict[str, Any]:
    """The words, colours and tables the browser's renderer (boards/rat-a-tat-roll.js) draws
    with, so that each is written once, here."""
    return {"title": TITLE, "font": FONT, "titleFont": TITLE_FONT, "defs": DEFS,
            "ink": INK, "cream": CREAM, "gold": GOLD, "wildFill": WILD_FILL,
            "palette": PALETTE, "spare": SPARE, "phaseYou": PHASE_YOU, "phaseThem": PHASE_THEM,
            "wildWords": WILD_WORDS, "labels": LABELS, "legend": LEGEND,
            "pips": {str(value): pips for value, pips in PIPS.items()}}  # JSON keys are text


def render(view: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    """One standalone <svg> of the board as `view` shows it, with `actions` (dicts with "id"
    and "label", the viewer's legal actions) placed where they belong on the board."""
    return "".join(_Board(view, actions).render())
