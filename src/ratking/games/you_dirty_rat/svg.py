"""You Dirty Rat as a card table for the web app, drawn from one seat's view.

`render(view, actions)` reads only the view dict (and the public card texts), so it never shows
more than the view holds. The table is drawn wider than tall, to fill a desktop window beside
the page's side column. Along the top: the Town Stash (a pile of $100 tokens), the deck, the
discard pile and what is happening, in a panel beside the Heist chains (the top Heist of each
face up on its stack). Under them your name plate, tall, beside your hand face up and your
Hideout (Night 1, 2, 3 and the Refresh Area as zones; the Mastermind's draw shares the hand's
row); then each opponent, name plate (cash, hand face down) beside Hideout. Every row has a
fixed height, so the board is as large at every moment of a game as at its start (TALLEST).
An open view (a finished game's replay, views.open_view) has every seat's hand face up (edge-on,
as a Team's cards) in one row under its Hideout.

Card frames carry their archetype's colour and glyph: Smarts blue (a light bulb), Stealth green
(a mask), Muscle red (a dumbbell), the Inside Man purple (a star, any archetype).

Legal actions with a place on the table are `<g class="act" data-action=...>` with a <title>:
play/team/with/copy on the first card of that type in your hand, keep on the Mastermind's
cards, heist on the top Heist of a chain, target on an opponent's name plate, card on a card in
a Hideout. The page makes buttons for the rest (no second card, the Inside Man's archetype, the
forced $100).
"""

from __future__ import annotations

from functools import cache
from html import escape
from itertools import combinations, pairwise
from math import ceil
from typing import Any

from ...core import seat_label
from . import words
from .components import Deck

W = 890
PAD = 12
SIDE = 150  # a name plate's width, left of its Hideout (and of your hand)
HAND_X = PAD + SIDE + 6  # where your hand and every Hideout begin
# rows' heights: an opponent's, your Hideout's and the gap above an opponent; at a table of
# four or more, each shorter (the board then still fits a desktop window at a readable size)
OPPONENT, HIDEOUT, GAP = 100, 104, 8
SHORT, SHORT_HIDEOUT, SHORT_GAP = 80, 84, 4
# the table's height at most (four players, 754): every row's height is fixed, so a board is
# as large at every moment of a game as at its start; at 1280x800 the board's column is
# 912x775 CSS px, so a table this short fills its width (12-unit text at 12.3 px) throughout
TALLEST = 756
FONT = "'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif"
ARCH = {"smarts": "#2f62c9", "stealth": "#23894a", "muscle": "#c23b30", "any": "#8544b8"}
ARCH_LIGHT = {"smarts": "#e3ecfb", "stealth": "#e1f3e6", "muscle": "#fbe4e1",
              "any": "#f0e5f8"}
CHAIN = {"orange": "#e8801c", "purple": "#7d4fb3", "yellow": "#d9b20f", "teal": "#17918f",
         "black": "#2b2b2b"}
GOLD = "#f2c230"
LEAST = 12.0  # the smallest text on the table, in viewBox units (10 CSS px on a phone)
SMALLEST = 10.0  # no text is drawn smaller (a card too small for its archetype's word
                 # keeps its badge)
CREAM = "#fbf7ec"
INK = "#2a2118"
FELT = "#2c6446"
ZONE = "#245437"
PROMPTS = {
    "main": "Play a Specialist from your hand or commit a Heist",
    "team": "Add the next card of the team",
    "target": "Choose an opponent to rob: tap their name plate",
    "card": "Choose a card in a Hideout",
    "keep": "The Mastermind drew these: keep one",
    "partner": "Choose the card that joins the Thug",
    "archetype": "Choose the archetype the Inside Man stands for",
    "copy": "Choose the card whose ability the Fall Guy uses",
    "extra": "Play a second card, or none",
}
ENDINGS = {"town-stash": "The Town Stash is empty", "heists": "No Heist is left",
           "deck": "The deck ran out"}
# a table ended otherwise than by the rules (the page sets the view's result from the table's)
ENDED = {"resigned": "A player resigned", "claimed": "The others claimed the win",
         "agreed": "The players agreed to end the game", "aborted": "The game was abandoned"}


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def _cash(amount: int) -> str:
    return f"${amount:,}"


# --- text ------------------------------------------------------------------------------------


def _lines(words: str, per_line: int, most: int = 2) -> list[str]:
    """Split `words` into as few lines as fit `per_line` characters, at most `most`; when
    they cannot all fit, the split whose longest line is shortest (the font then shrinks)."""
    parts = words.split()
    best: list[str] = [words]
    for n in range(1, min(most, len(parts)) + 1):
        for cuts in combinations(range(1, len(parts)), n - 1):
            edges = (0, *cuts, len(parts))
            lines = [" ".join(parts[a:b]) for a, b in pairwise(edges)]
            if max(map(len, lines)) < max(map(len, best)):
                best = lines
        if max(map(len, best)) <= per_line:
            break
    return best


def _text_block(cx: float, top: float, words: str, width: float, size: float, most: int = 2,
                weight: str = "bold", fill: str = INK, least: float = LEAST) -> str:
    """Centred text in up to `most` lines within `width`; the font shrinks where needed, but
    never below `least` (a line that still does not fit is cut: the card's tip has it all)."""
    em = 0.66 if weight == "bold" else 0.58  # average glyph width, in font sizes
    size = max(size, least)
    per_line = max(4, int(width / (size * em)))
    lines = _lines(words, per_line, most)
    longest = max(len(x) for x in lines)
    if longest * size * em > width:
        size = max(least, width / (longest * em))
        room = max(4, int(width / (size * em)))
        lines = [x if len(x) <= room else x[:room - 1].rstrip() + "…" for x in lines]
    out = [f'<text x="{cx:.1f}" y="{top + size:.1f}" font-size="{size:.1f}" '
           f'font-weight="{weight}" fill="{fill}" text-anchor="middle">']
    for i, line in enumerate(lines):
        dy = 0 if i == 0 else size * 1.15
        out.append(f'<tspan x="{cx:.1f}" dy="{dy:.1f}">{_e(line)}</tspan>')
    out.append("</text>")
    return "".join(out)


def _fitting(words: str, width: float, sizes: tuple[float, ...], otherwise: float,
             lines: int = 1) -> float:
    """The first of `sizes` at which `words` fit `width` in `lines` lines (bold), else
    `otherwise`."""
    for size in sizes:
        per_line = max(4, int(width / (size * 0.66)))
        if max(map(len, _lines(words, per_line, lines))) <= per_line:
            return size
    return otherwise


def _label(x: float, y: float, words: str, size: float = 12, fill: str = "#f4ead2",
           weight: str = "bold", anchor: str = "start", spacing: float = 0) -> str:
    ls = f' letter-spacing="{spacing}"' if spacing else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}"{ls}>{_e(words)}</text>')


# --- glyphs, tokens, card backs ----------------------------------------------------------------


def _glyph(arch: str, cx: float, cy: float, r: float) -> str:
    """The archetype's badge: a coloured disc with a white glyph drawn in SVG."""
    k = r / 10
    disc = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{ARCH[arch]}" '
            f'stroke="#fff" stroke-width="{max(1.0, k * 1.2):.1f}"/>')
    t = f'transform="translate({cx:.1f} {cy:.1f}) scale({k:.3f})"'
    if arch == "smarts":  # a light bulb
        g = (f'<g {t} fill="#fff"><circle cx="0" cy="-2" r="4.6"/>'
             '<rect x="-2.4" y="2" width="4.8" height="3.2" rx="0.8"/>'
             '<rect x="-1.8" y="5.6" width="3.6" height="1.4" rx="0.6"/></g>')
    elif arch == "stealth":  # a domino mask
        g = (f'<g {t}><path d="M-7 -2 Q-7 -5 -3.5 -4 L0 -2.6 L3.5 -4 Q7 -5 7 -2 Q7 3 3 3 '
             'Q1 3 0 1 Q-1 3 -3 3 Q-7 3 -7 -2 Z" fill="#fff"/>'
             f'<ellipse cx="-3.3" cy="-0.6" rx="1.6" ry="1.1" fill="{ARCH[arch]}"/>'
             f'<ellipse cx="3.3" cy="-0.6" rx="1.6" ry="1.1" fill="{ARCH[arch]}"/></g>')
    elif arch == "muscle":  # a dumbbell
        g = (f'<g {t} fill="#fff"><rect x="-4.5" y="-1" width="9" height="2"/>'
             '<rect x="-7.5" y="-4.5" width="3" height="9" rx="0.8"/>'
             '<rect x="4.5" y="-4.5" width="3" height="9" rx="0.8"/></g>')
    else:  # any archetype: a star
        g = (f'<g {t}><path d="M0 -6 L1.8 -1.9 L6.2 -1.9 L2.7 0.9 L4 5.4 L0 2.8 L-4 5.4 '
             'L-2.7 0.9 L-6.2 -1.9 L-1.8 -1.9 Z" fill="#fff"/></g>')
    return disc + g


def _coin(cx: float, cy: float, r: float = 9) -> str:
    return (f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{r:.1f}" ry="{r * 0.55:.1f}" '
            f'fill="{GOLD}" stroke="#9a7412" stroke-width="1"/>')


def _token_stacks(x: float, bottom: float, tokens: int, per_stack: int = 10,
                  most_stacks: int = 8, r: float = 9) -> tuple[str, float]:
    """$100 tokens as stacks of coins; returns the drawing and its width."""
    stacks = min(most_stacks, ceil(tokens / per_stack)) if tokens > 0 else 0
    out = []
    shown = min(tokens, stacks * per_stack)
    for s in range(stacks):
        n = min(per_stack, shown - s * per_stack)
        if n <= 0:
            break
        cx = x + r + s * (2 * r + 3)
        for k in range(n):
            out.append(_coin(cx, bottom - r * 0.55 - k * 3.2, r))
        out.append(f'<text class="minor" x="{cx:.1f}" '
                   f'y="{bottom - r * 0.55 - (n - 1) * 3.2 + 3:.1f}" font-size="{r:.0f}" '
                   'font-weight="bold" fill="#7a5a08" text-anchor="middle">$</text>')
    return "".join(out), stacks * (2 * r + 3)


def _back(x: float, y: float, w: float, h: float) -> str:
    """A face-down Specialist."""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{w / 9:.1f}" '
            'fill="#6d1a26" stroke="#f4ead2" stroke-width="1.5"/>'
            f'<rect x="{x + w * 0.14:.1f}" y="{y + w * 0.14:.1f}" width="{w * 0.72:.1f}" '
            f'height="{h - w * 0.28:.1f}" rx="{w / 14:.1f}" fill="none" stroke="{GOLD}" '
            'stroke-width="1"/>'
            f'<path d="M{x + w / 2:.1f} {y + h * 0.3:.1f} L{x + w * 0.7:.1f} {y + h / 2:.1f} '
            f'L{x + w / 2:.1f} {y + h * 0.7:.1f} L{x + w * 0.3:.1f} {y + h / 2:.1f} Z" '
            f'fill="{GOLD}" opacity="0.8"/>')


# --- cards -----------------------------------------------------------------------------------


def _builtin() -> Deck:
    from .game import _deck  # the game module imports this one

    return _deck()


@cache
def _abilities(deck: Deck | None = None) -> dict[str, str]:
    """Each card's text, short, from the card file (keyed by name; None: the built-in one)."""
    words = {
        "stash": "Steal ${} from the Town Stash", "rob-one": "Steal ${} from one opponent",
        "rob-each": "Steal ${} from each opponent", "draw": "Draw {}",
        "per-heist": "${} from the Town Stash per Heist you did",
        "per-hideout": "${} from the Town Stash per card in your Hideout",
        "rob-teams": "Steal ${} from each opponent with a Team",
        "mastermind": "Draw {}, keep one", "femme-fatale": "You may play another card",
        "thug": "Team with a card; rob ${} per lone match",
        "fall-guy": "Use a card in your hand", "snitch": "Discard a lone card in a Hideout",
        "lookout": "A card of your Hideout back to hand",
        "poacher": "Take a card from a Hideout",
        "wheelman": "Your other cards move a Night on"}
    return {t.name: words[t.effect].format(t.amount) for t in (deck or _builtin()).types}


@cache
def card_texts(deck: Deck | None = None) -> dict[str, str]:
    """Each card's whole text, for its tip: archetype and ability in full sentences."""
    words = {
        "stash": "Steal ${} from the Town Stash.",
        "rob-one": "Steal ${} from one opponent you choose.",
        "rob-each": "Steal ${} from each opponent.",
        "draw": "Draw {} Specialist cards.",
        "per-heist": "Steal ${} from the Town Stash for each Heist you have completed.",
        "per-hideout": "Steal ${} from the Town Stash for each card in your Hideout.",
        "rob-teams": "Steal ${} from each opponent who has a Team in their Hideout.",
        "mastermind": "Draw {} Specialists, keep one and discard the others.",
        "femme-fatale": "You may play another card at once (time advances first).",
        "thug": "Play another card with the Thug as a Team; steal ${} from each opponent for "
                "each of their lone cards that matches it.",
        "fall-guy": "Use the ability of another card in your hand; that card stays in your "
                    "hand.",
        "snitch": "Discard a Specialist that stands alone (not in a Team) in an opponent's "
                  "Hideout.",
        "lookout": "Move one other card from your Hideout to your Refresh Area.",
        "poacher": "Move a Specialist (even one in a Team) from an opponent's Hideout to your "
                   "Refresh Area.",
        "wheelman": "Move every other card in your Hideout forward one Night."}
    kinds = ("Smarts", "Stealth", "Muscle")
    return {t.name: f"{t.name} ("
                    f"{kinds[t.archetype] if 0 <= t.archetype < 3 else 'any archetype'}): "
                    f"{words[t.effect].format(t.amount)}" for t in (deck or _builtin()).types}


Cards = dict[str, Any]  # card_data(): the card texts of the table's card file


def _tip(card: dict[str, Any], cards: Cards) -> str:
    """A card's whole text, as a <title> (hover, long press, keyboard focus)."""
    if card["id"] is None:
        return "<title>$100: the forced payment, when no card can be played</title>"
    return f"<title>{_e(cards['card_texts'].get(card['name'], card['name']))}</title>"


def _face(x: float, y: float, w: float, h: float, card: dict[str, Any], cards: Cards,
          text: bool = False, lift: bool = False, covered: bool = False) -> str:
    """A face-up card: archetype frame and badge, full name (two lines at most), optionally
    its ability; its whole text in its tip. A card too small to read keeps only its colours
    and badge on a phone."""
    key = f' data-key="card:{card["id"]}"' if card["id"] is not None else ""
    body = _face_body(x, y, w, h, card, cards, text, lift, covered)
    return f"<g{key}>{_tip(card, cards)}{body}</g>"


def _face_body(x: float, y: float, w: float, h: float, card: dict[str, Any], cards: Cards,
               text: bool, lift: bool, covered: bool = False) -> str:
    if card["id"] is None:  # the forced $100 placeholder
        return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                f'rx="{w / 9:.1f}" fill="#fff4cf" stroke="#9a7412" stroke-width="2" '
                'stroke-dasharray="4 3"/>' + _coin(x + w / 2, y + h * 0.42, min(w * 0.3, h * 0.25))
                + _text_block(x + w / 2, y + h * 0.58, "$100", w - 8,
                              max(9.0, min(w * 0.2, h * 0.3))))
    arch = card["archetype"]
    col = ARCH[arch]
    r = w / 9
    band = max(12.0, h * 0.2)
    out = [] if w >= 80 else ['<g class="minor-names">']
    if lift:
        out.append(f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="{w + 6:.1f}" '
                   f'height="{h + 6:.1f}" rx="{r + 3:.1f}" fill="{GOLD}" opacity="0.9"/>')
    out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{r:.1f}" '
               f'fill="{CREAM}" stroke="{col}" stroke-width="{max(2.0, w / 30):.1f}"/>')
    out.append(f'<path d="M{x:.1f} {y + band:.1f} V{y + r:.1f} Q{x:.1f} {y:.1f} {x + r:.1f} '
               f'{y:.1f} H{x + w - r:.1f} Q{x + w:.1f} {y:.1f} {x + w:.1f} {y + r:.1f} '
               f'V{y + band:.1f} Z" fill="{col}"/>')
    out.append(_glyph(arch, x + band * 0.62, y + band * 0.55, band * 0.42))
    # the archetype's word, where it can be read, clear of the badge, and the next card (an
    # overlapping hand's) does not cover it: the badge says it too
    clear = len(arch) * band * 0.42 * 0.7 <= w - band * 1.04 - 8
    if band * 0.42 >= SMALLEST and clear and not covered:
        out.append(_label(x + w - 5, y + band * 0.68, arch.upper(), band * 0.42, "#fff",
                          anchor="end").replace("<text", '<text class="minor"', 1))
    name_size = max(9.0, min(16.0, w * 0.15))
    small = w < 80  # a card too small for a legible name: the name is a minor label
    least = 7.0 if small else LEAST
    if text:  # the name on one line if it can, else two smaller ones, clear of the rule
        size = _fitting(card["name"], w - 10, (name_size, 14.0, 13.0), 13.0)
        out.append(_text_block(x + w / 2, y + band + 3, card["name"], w - 10, size))
        ability = cards["abilities"].get(card["name"], "")
        out.append(f'<line x1="{x + 8:.1f}" y1="{y + h * 0.5:.1f}" x2="{x + w - 8:.1f}" '
                   f'y2="{y + h * 0.5:.1f}" stroke="{ARCH_LIGHT[arch]}" stroke-width="2"/>')
        out.append(_text_block(x + w / 2, y + h * 0.51, ability, w - 8, LEAST, most=4,
                               weight="normal", fill="#4a3f33"))
    else:
        top = y + band + (h - band) * 0.18
        most = 2 if top + name_size * 2.4 <= y + h else 1  # a squat card: one line
        block = _text_block(x + w / 2, top, card["name"], w - 8, name_size, most=most,
                            least=least)
        out.append(block.replace("<text", '<text class="minor"', 1) if small else block)
    if small:
        out.append("</g>")
    return "".join(out)


def _chip(x: float, y: float, w: float, h: float, card: dict[str, Any], cards: Cards) -> str:
    """A card seen edge-on in a Team: badge and name on one line (cut if it must be: the
    chip's tip has the card's whole text)."""
    if card["id"] is None:
        return (f"<g>{_tip(card, cards)}"
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                f'rx="{h / 4:.1f}" fill="#fff4cf" stroke="#9a7412"/>'
                + _coin(x + h * 0.6, y + h / 2, h * 0.38)
                + _label(x + h * 1.2, y + h * 0.72, "$100", max(LEAST, h * 0.6), INK) + "</g>")
    arch = card["archetype"]
    name = card["name"]
    size = max(LEAST, min(h * 0.62, (w - h - 6) / (0.62 * len(name))))
    room = max(3, int((w - h - 6) / (0.62 * size)))
    if len(name) > room:
        name = name[:room - 1].rstrip() + "…"
    return (f'<g data-key="card:{card["id"]}">{_tip(card, cards)}'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{h / 4:.1f}" '
            f'fill="{CREAM}" stroke="{ARCH[arch]}" stroke-width="2"/>'
            + _glyph(arch, x + h * 0.55, y + h / 2, h * 0.38)
            + _label(x + h + 2, y + h / 2 + size * 0.36, name, round(size, 1), INK) + "</g>")


# --- the table -------------------------------------------------------------------------------


class Table:
    def __init__(self, view: dict[str, Any], actions: list[dict[str, str]],
                 cards: Cards) -> None:
        self.view = view
        self.cards = cards
        self.labels = {a["id"]: a["label"] for a in actions}
        self.used: set[str] = set()
        self.parts: list[str] = []
        self.short = view["players"] >= 4  # shorter rows (see SHORT)

    def action(self, ids) -> str | None:
        """The first of these ids that is a legal action not yet placed on the table."""
        act = next((i for i in ids if i in self.labels and i not in self.used), None)
        if act is not None:
            self.used.add(act)
        return act

    def add(self, inner: str, act: str | None = None) -> None:
        if act is None:
            self.parts.append(f"<g>{inner}</g>")
        else:
            self.parts.append(f'<g class="act" data-action="{_e(act)}" cursor="pointer">'
                              f"<title>{_e(self.labels[act])}</title>{inner}</g>")

    # -- the top: what is happening, the Town Stash, deck and discard; the Heists --

    def top(self, y: float) -> float:
        """The Heist chains along the top right, the panel of the rest beside them."""
        chains = [c for c in self.view["chains"] if c["in_play"]]
        cw = 132 if len(chains) <= 4 else 120
        x0 = W - PAD - 12 - len(chains) * cw - (len(chains) - 1) * 8
        self.panel(PAD, y, x0 - PAD - 10, 182)
        self.heists(x0, y, chains, cw)
        return y + 186

    def panel(self, x: float, y: float, w: float, h: float) -> None:
        v = self.view
        self.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h}" rx="12" '
                 f'fill="{ZONE}"/>')
        tokens = v["stash"] // 100
        rounds = f"Round {v['round']}" + (f" of {v['max_rounds']}" if v["max_rounds"] else "")
        self.add(_label(x + 12, y + 20, "TOWN STASH", 13, spacing=1.5)
                 + _label(x + w - 12, y + 20, rounds, 13, "#cfe3d6", anchor="end"))
        self.add(_label(x + 12, y + 50, _cash(v["stash"]), 26, GOLD)
                 + _label(x + 12, y + 68, f"{tokens} × $100", 13))
        room = int((w - 142) // 23)  # the pile, right of its sum, as wide as there is room
        if room > 0:
            self.add(_token_stacks(x + 130, y + 72, tokens, per_stack=8,
                                   most_stacks=min(8, room), r=10)[0])
        # the deck, face down; the discard pile, its top card edge-on
        self.add(_label(x + 12, y + 92, "DECK", 13, spacing=1.5)
                 + _label(x + 66, y + 92, str(v["deck"]), 16, GOLD))
        for k in range(min(4, v["deck"])):
            self.add(_back(x + 12 + k * 6, y + 98, 20, 27))
        dx = x + w / 2
        discard = v["discard"]
        self.add(_label(dx, y + 92, "DISCARD", 13, spacing=1.5)
                 + _label(x + w - 12, y + 92, str(len(discard)), 16, GOLD, anchor="end"))
        if discard:
            self.add(_chip(dx, y + 100, x + w - 12 - dx, 22, discard[-1], self.cards))
        else:
            self.add(f'<rect x="{dx:.1f}" y="{y + 100:.1f}" width="{x + w - 12 - dx:.1f}" '
                     'height="22" rx="5" fill="none" stroke="#8fb39c" stroke-dasharray="4 3"/>')
        # what is happening: whose turn and what is asked, or how the game ended
        cx = x + w / 2
        if v.get("result"):
            self.add(_label(cx, y + 146, "Game over", 16, GOLD, anchor="middle")
                     + _text_block(cx, y + 150, _ended_words(v), w - 20, 13, fill=GOLD))
            return
        words, prompt = _turn_words(v)
        mine = v["to_move"] is not None and v["to_move"] == v["seat"]
        self.add(_label(cx, y + 146, words, 16, GOLD if mine else "#fff", anchor="middle")
                 + (_text_block(cx, y + 150, prompt, w - 20, 13, weight="normal",
                                fill="#f4ead2") if prompt else ""))

    # -- heists --

    def heists(self, x0: float, y: float, chains: list[dict], cw: float) -> None:
        ch, gap = 170, 8
        committing = (self.view.get("committing") or {}).get("id")
        for i, chain in enumerate(chains):
            x = x0 + i * (cw + gap)
            col = CHAIN.get(chain["colour"], "#666")
            left = chain["left"]
            if not left:
                self.add(f'<rect x="{x:.1f}" y="{y}" width="{cw}" height="{ch}" rx="10" '
                         f'fill="none" stroke="{col}" stroke-width="2" stroke-dasharray="6 4"/>'
                         + _text_block(x + cw / 2, y + ch / 2, f"{chain['colour'].title()} "
                                       "chain done", cw - 20, 14, fill="#f4ead2"))
                continue
            under = "".join(
                f'<rect x="{x + 4 * k:.1f}" y="{y + 4 * k}" width="{cw}" height="{ch}" '
                f'rx="10" fill="{CREAM}" stroke="{col}" stroke-width="2"/>'
                for k in range(len(left) - 1, 0, -1))
            self.add(under)
            h = left[0]
            act = self.action([f"heist:{h['id']}"])
            self.add(self.heist_card(x, y, cw, ch, chain, h, lift=act is not None,
                                     active=h["id"] == committing), act)

    def heist_card(self, x, y, w, h, chain, heist, lift=False, active=False) -> str:
        col = CHAIN.get(chain["colour"], "#666")
        team_words = ", ".join(f"{n} {a}" for a, n in heist["team"].items())
        out = [f'<g data-key="heist:{heist["id"]}"><title>{_e(heist["name"])}: a team of '
               f'{_e(team_words)}; {_e(_reward(heist))} ({chain["colour"]} chain, '
               f'{heist["step"]} of 4, {chain["marking"]} players)</title>']
        if lift or active:
            out.append(f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="{w + 8}" '
                       f'height="{h + 8}" rx="13" fill="{GOLD}"/>')
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="10" '
                   f'fill="{CREAM}" stroke="{col}" stroke-width="3"/>')
        out.append(f'<path d="M{x:.1f} {y + 26:.1f} V{y + 10:.1f} Q{x:.1f} {y:.1f} '
                   f'{x + 10:.1f} {y:.1f} H{x + w - 10:.1f} Q{x + w:.1f} {y:.1f} {x + w:.1f} '
                   f'{y + 10:.1f} V{y + 26:.1f} Z" fill="{col}"/>')
        out.append(_label(x + 8, y + 18, f"{chain['colour'].upper()} {chain['marking']}", 12,
                          "#fff"))
        out.append(_label(x + w - 8, y + 18, f"{heist['step']}/4", 12, "#fff",
                          anchor="end"))
        # the name in two lines if it can, else three smaller ones: clear of "TEAM OF"
        size = _fitting(heist["name"], w - 12, (14.0,), LEAST, lines=2)
        out.append(_text_block(x + w / 2, y + 27, heist["name"], w - 12, size,
                               most=2 if size > LEAST else 3))
        team = [a for a, n in heist["team"].items() for _ in range(n)]
        out.append(_label(x + w / 2, y + 82, f"TEAM OF {len(team)}", 10, "#6b5d4a",
                          anchor="middle", spacing=1).replace("<text", '<text class="minor"', 1))
        step = min(26.0, (w - 20) / max(1, len(team)))
        gx = x + w / 2 - step * (len(team) - 1) / 2
        for k, a in enumerate(team):
            out.append(_glyph(a, gx + k * step, y + 98, min(10.5, step * 0.45)))
        out.append(f'<rect x="{x + 7:.1f}" y="{y + 114:.1f}" width="{w - 14}" height="{h - 121}" '
                   f'rx="6" fill="#f1e6c8"/>')
        out.append(_text_block(x + w / 2, y + 116, _reward(heist), w - 18, 12, most=3,
                               weight="bold", fill="#5a3d0a"))
        if active:
            out.append(f'<rect x="{x + w / 2 - 52:.1f}" y="{y + h - 6:.1f}" width="104" '
                       f'height="18" rx="9" fill="{INK}"/>'
                       + _label(x + w / 2, y + h + 7, "COMMITTING", 12, GOLD, anchor="middle",
                                spacing=1))
        out.append("</g>")
        return "".join(out)

    # -- seats --

    def plate(self, x: float, y: float, w: float, h: float, p: int) -> None:
        """A seat's name plate, beside its Hideout: name, cash as tokens, hand (face down),
        Heists won. An opponent's plate is where you tap to rob them. A short plate (an
        opponent's, at a table of four or more) has one pile of tokens and its Heists as bars
        right of the cash."""
        v = self.view
        s = v["seats"][p]
        me = p == v["seat"]
        turn = p == v["to_move"] and not v.get("result")
        act = None if me else self.action([f"target:{p}"])
        edge = GOLD if turn or act else "#0f2a1c"
        out = [f'<g data-seat-panel="{p}">'
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="10" '
               f'fill="{"#3b2a1a" if me else "#173724"}" stroke="{edge}" '
               f'stroke-width="{3 if turn or act else 1}"/>']
        name = ("▶ " if turn else "") + seat_label(s["name"], me)
        size = round(max(LEAST, min(16.0, (w - 20) / (0.66 * len(name)))), 1)
        out.append(_label(x + 10, y + 22, name, size, GOLD if turn else "#fff"))
        short = h < OPPONENT
        coins, cw_ = _token_stacks(x + 10, y + 49, s["money"] // 100, per_stack=4,
                                   most_stacks=1 if short else 3, r=10)
        out.append(coins)
        out.append(_label(x + 14 + cw_, y + 44, _cash(s["money"]), 16, GOLD))
        n = s["hand_count"]
        shown = min(n, 6)
        for k in range(shown):
            out.append(_back(x + 10 + k * 5, y + 50, 20, 27))
        out.append(_label(x + 34 + shown * 5, y + 68, f"{n} in hand", 13, "#f4ead2"))
        won = s["heist_colours"]
        if won:
            if short:  # right of the cash, ending at the plate's edge
                step = min(13.0, 40 / len(won))
                hx, hy = x + w - 21 - (len(won) - 1) * step - 44, y + 26
            else:
                hx, hy = x + 10, y + h - 22
                out.append(_label(hx, hy + 16, "Heists", 12, "#cfe3d6"))
                step = min(13.0, (w - 64) / len(won))
            for k, colour in enumerate(won):
                out.append(f'<rect x="{hx + 44 + k * step:.1f}" y="{hy + 2:.1f}" width="11" '
                           f'height="19" rx="2" fill="{CHAIN.get(colour, "#666")}" '
                           'stroke="#fff" stroke-width="1"/>')
        self.add("".join(out) + "</g>", act)

    def hideout(self, x: float, y: float, w: float, h: float, p: int) -> None:
        """Night 1, 2, 3 and the Refresh Area, as four zones."""
        s = self.view["seats"][p]
        gap = 6
        zw = (w - 3 * gap) / 4
        for z in range(4):
            zx = x + z * (zw + gap)
            cards = s["nights"][z] if z < 3 else s["refresh"]
            title = f"NIGHT {z + 1}" if z < 3 else "REFRESH"
            self.add(f'<rect x="{zx:.1f}" y="{y:.1f}" width="{zw:.1f}" height="{h}" '
                     f'rx="8" fill="{ZONE}" stroke="#8fb39c" stroke-width="1" '
                     f'stroke-dasharray="{"none" if z < 3 else "5 3"}"/>'
                     + _label(zx + 7, y + 15, title, 12, "#a9c9b4"))
            self.zone(zx, y + 19, zw, h - 22, cards, team=z < 3)

    def opponent(self, y: float, p: int) -> float:
        """An opponent's name plate beside their Hideout."""
        h = SHORT if self.short else OPPONENT
        self.plate(PAD, y, SIDE, h, p)
        self.hideout(HAND_X, y, W - PAD - HAND_X, h, p)
        return y + h

    def own(self, y: float, p: int) -> float:
        """Your name plate, tall, beside your hand and Hideout. The Mastermind's draw shares
        the hand's row (its cards on the left, your hand on the right): the row is as tall
        whatever it holds."""
        hand = self.view["seats"][p]["hand"] or []
        drawn = self.view.get("drawn")
        right = W - PAD
        if drawn:
            split = HAND_X + _drawn_room(len(drawn), len(hand), right - HAND_X - DRAWN_GAP)
            title = next(t for t in KEEP_TITLES if len(t) * 9.5 <= split - HAND_X - 6)
            self.hand(y, drawn, title, ("keep",), HAND_X, split)
            self.add(f'<line x1="{split + DRAWN_GAP / 2:.1f}" y1="{y + 4:.1f}" '
                     f'x2="{split + DRAWN_GAP / 2:.1f}" y2="{y + HAND_ROW - 12:.1f}" '
                     'stroke="#8fb39c" stroke-width="1.5" stroke-dasharray="5 4"/>')
            self.hand(y, hand, "YOUR HAND", ("play", "team", "with", "copy"),
                      split + DRAWN_GAP, right)
        else:
            self.hand(y, hand, "YOUR HAND", ("play", "team", "with", "copy"), HAND_X, right)
        y += HAND_ROW + 2
        h = SHORT_HIDEOUT if self.short else HIDEOUT
        self.plate(PAD, y - HAND_ROW - 2, SIDE, HAND_ROW + 2 + h, p)
        self.hideout(HAND_X, y, W - PAD - HAND_X, h, p)
        return y + h

    def zone(self, x: float, y: float, w: float, h: float, cards: list[dict], team: bool):
        """Cards in one Night or the Refresh Area: a lone card face up, a Team as a column of
        edge-on cards under a bracket."""
        if not cards:
            return
        if len(cards) == 1:  # as large as the zone allows, squat if it must be
            cw = min(w - 14, 104)
            ch = min(h - 4, cw * 1.36)
            c = cards[0]
            act = self.action([f"card:{c['id']}"]) if c["id"] is not None else None
            self.add(_face(x + (w - cw) / 2, y + (h - ch) / 2, cw, ch, c, self.cards,
                           text=ch >= 100,
                           lift=act is not None), act)
            return
        cols = 1 if len(cards) * 16 <= h or w < 150 else 2
        rows = ceil(len(cards) / cols)
        ch = min(22.0, (h - 2) / rows - 2)
        cw = (w - 12 - (cols - 1) * 4) / cols
        if team and len(cards) > 1:
            self.add(f'<path d="M{x + 3:.1f} {y + 1:.1f} h-0 v{rows * (ch + 2) - 2:.1f}" '
                     f'stroke="{GOLD}" stroke-width="2" fill="none"/>')
        for k, c in enumerate(cards):
            cx = x + 7 + (k // rows) * (cw + 4)
            cy = y + (k % rows) * (ch + 2)
            act = self.action([f"card:{c['id']}"]) if c["id"] is not None else None
            glow = (f'<rect x="{cx - 2:.1f}" y="{cy - 2:.1f}" width="{cw + 4:.1f}" '
                    f'height="{ch + 4:.1f}" rx="{ch / 4 + 2:.1f}" fill="{GOLD}"/>'
                    if act else "")
            self.add(glow + _chip(cx, cy, cw, ch, c, self.cards), act)

    def open_hand(self, y: float, p: int) -> float:
        """Another seat's hand face up (an open view: a finished game's replay), its cards
        edge-on under its Hideout, as a Team's are, in two rows whatever the hand holds (six a
        row at full width; more, narrower, each name cut if it must be, its tip whole)."""
        cards = self.view["seats"][p]["hand"]
        x0, ch, gap = PAD + 64, 20.0, 3
        per_row = max(6, ceil(len(cards) / 2))
        cw = min(118.0, (W - PAD - x0 + gap) / per_row - gap)
        out = [f'<g data-open-hand="{p}">',
               _label(PAD + 6, y + 16, "HAND", 12, "#f4ead2", spacing=1.5)]
        if not cards:
            out.append(_label(x0, y + 16, "No cards", 13, "#cfe3d6", weight="normal"))
        for k, c in enumerate(cards):
            r, i = divmod(k, per_row)
            out.append(_chip(x0 + i * (cw + gap), y + r * (ch + gap), cw, ch, c, self.cards))
        self.add("".join(out) + "</g>")
        return y + 2 * (ch + gap)

    # -- your hand --

    def hand(self, y: float, cards: list[dict], title: str, prefixes: tuple[str, ...],
             left: float, right: float) -> None:
        """Cards face up in one row between `left` and `right`, however many (see _hand_row),
        with room under them for the heist's Team toggles whether or not they are shown: the
        row is HAND_ROW tall whatever it holds."""
        # a heist may be committed: each card has a "Team" toggle under it (the page keeps
        # the cards selected and, on a click on the heist, sends the team they make)
        team = "play" in prefixes and any(i.startswith("heist:") for i in self.labels)
        cw, step = _hand_row(len(cards), right - left)
        self.add(_label(left + 6, y + 14, title, 12, "#f4ead2", spacing=1.5))
        if team:
            self.add(_label(right - 6, y + 14, "Select a team, then click its heist", 12,
                            "#f4ead2", anchor="end", weight="normal"))
        y += 22
        if not cards:
            self.add(_label(left + 6, y + 20, "No cards", 13, "#cfe3d6", weight="normal"))
        width = cw + (max(1, len(cards)) - 1) * step  # over the cards (a phone centres them)
        x0 = left + (right - left - width) / 2
        placed = len(self.used)
        picks = []
        for k, c in enumerate(cards):
            x = x0 + k * step
            act = self.action([f"{p}:{_slug(c['name'])}" for p in prefixes])
            covered = step < cw and k < len(cards) - 1
            self.add(_face(x, y, cw, HAND_HEIGHT, c, self.cards, text=True,
                           lift=act is not None, covered=covered), act)
            if team:
                picks.append(_team_toggle(x, y + HAND_HEIGHT + 6, min(cw, step), k, c))
        if picks:
            self.parts.append('<g data-team="heist:">' + "".join(picks) + "</g>")
        # the decision is made here: the page keeps it in view; your own hand is where a
        # phone's board opens (data-home)
        decided, home = len(self.used) > placed, prefixes[0] == "play"
        if decided or home:
            marks = (' data-focus="hand"' if decided else "") + (' data-home=""' if home else "")
            self.add(f'<rect{marks} x="{x0:.1f}" y="{y:.1f}" width="{width:.1f}" '
                     f'height="{HAND_ROW - 22:.1f}" fill="none" pointer-events="none"/>')


HAND_CARD, HAND_GAP, HAND_LEAST = 104, 8, 80  # a hand card's width, the gap between two,
# and the narrowest a card is drawn (its name and text still legible: see _face_body)
HAND_HEIGHT = 136  # a hand card's height
# the hand's row: its title, the cards, room for the Team toggles under them and a gap
HAND_ROW = 22 + HAND_HEIGHT + 34 + 8
DRAWN_GAP = 16  # between the Mastermind's draw and your hand, sharing the row
# the draw's title, the first that fits over it (12-unit bold capitals, letter-spaced: about
# 9.5 units a letter)
KEEP_TITLES = ("THE MASTERMIND DREW: KEEP ONE", "MASTERMIND: KEEP ONE", "KEEP ONE", "")


def _row_width(n: int) -> float:
    """How wide n hand cards are side by side at full width."""
    return n * HAND_CARD + (n - 1) * HAND_GAP


def _drawn_room(drawn: int, hand: int, room: float) -> float:
    """How wide the Mastermind's draw is laid out when it shares `room` with a hand: at full
    width if both fit so; else in proportion to their counts (every card as wide), but never
    so narrow that the drawn cards, the decision, overlap (nor past half the room)."""
    full = _row_width(drawn)
    if full + _row_width(hand) <= room:
        return full
    fair = (room + HAND_GAP) * drawn / (drawn + hand) - HAND_GAP
    least = min(drawn * (HAND_LEAST + HAND_GAP) - HAND_GAP, room / 2)
    return min(full, max(fair, least))


def _hand_row(n: int, room: float = W - PAD - HAND_X) -> tuple[float, float]:
    """A hand of n cards in one row `room` wide: each card's width and the step from one
    card to the next. As many as fit at full width; more, narrower (down to HAND_LEAST);
    more still, overlapping, each card's left part (its badge and the start of its name) in
    view and clickable, its whole text in its tip."""
    if _row_width(n) <= room:
        return HAND_CARD, HAND_CARD + HAND_GAP
    cw = max(HAND_LEAST, (room - (n - 1) * HAND_GAP) / n)
    if n == 1:
        return cw, cw + HAND_GAP
    return cw, min(cw + HAND_GAP, (room - cw) / (n - 1))


def _team_toggle(x: float, y: float, w: float, k: int, card: dict[str, Any]) -> str:
    """A hand card's toggle: selected (by the page) into the team for a heist."""
    return (f'<g data-pick="{k}" data-type="team:{_slug(card["name"])}" cursor="pointer">'
            f'<title>Select the {_e(card["name"])} for a heist team</title>'
            f'<rect class="pick-ring pick-fill" x="{x + 8:.1f}" y="{y:.1f}" width="{w - 16:.1f}" '
            f'height="26" rx="13" fill="#173724" stroke="{GOLD}" stroke-width="2" '
            'stroke-dasharray="5 3"/>'
            + _label(x + w / 2, y + 18, "Team", 13, "#f4ead2", anchor="middle") + "</g>")


def _turn_words(v: dict[str, Any]) -> tuple[str, str]:
    """Whose turn it is, and what the viewer is asked (empty at another's turn)."""
    mover = v["to_move"]
    mine = mover is not None and mover == v["seat"]
    words = "Your turn" if mine else f"{v['seats'][mover]['name']} to move"
    prompt = PROMPTS.get(v["phase"], "") if mine else ""
    if v.get("committing"):
        prompt = f"committing {v['committing']['name']}" + (
            ": add the next card" if mine else "")
    return words, prompt


def _ended_words(v: dict[str, Any]) -> str:
    """Who won and why, once the game is over."""
    res = v["result"]
    best = [p for p, r in enumerate(res["returns"]) if r > 0]
    if not best:
        return ENDED.get(res.get("end"), "Nobody wins.")
    who = " and ".join("you" if p == v["seat"] else v["seats"][p]["name"] for p in best)
    verb = "win" if who == "you" or len(best) > 1 else "wins"
    why = ", ".join(ENDINGS.get(e, e) for e in res.get("endings", [])) or (
        "The round limit was reached" if res.get("end") == "round-cap"
        else ENDED.get(res.get("end"), ""))
    return f"{who[0].upper()}{who[1:]} {verb}." + (f" {why}." if why else "")


def prompt_line(v: dict[str, Any]) -> str:
    """The turn line as one text (the page shows it beside a zoomed board)."""
    if v.get("result") or v["to_move"] is None:
        return ""
    words, prompt = _turn_words(v)
    return f"{words} · {prompt}" if prompt else words


def _reward(h: dict[str, Any]) -> str:
    from .views import reward_words
    words = reward_words(h["reward"], h["amount"])
    return words[0].upper() + words[1:]


@cache
def card_data(deck: Deck | None = None) -> dict[str, Any]:
    """The part of board_data() a card file decides (None: the built-in one): each card's
    text, short and whole, and each Heist's reward. Public: the file is the table's rules."""
    return {"abilities": _abilities(deck), "card_texts": card_texts(deck),
            "rewards": [_reward({"reward": h.reward, "amount": h.amount})
                        for h in (deck or _builtin()).heists]}


def board_data() -> dict[str, Any]:
    """What the browser's renderer (server/static/boards/you-dirty-rat.js) draws with besides
    the view: this module's words and colours, and card_data() of the built-in card file (a
    table played with another file sends its own card_data with its set-up)."""
    return {"font": FONT, "gold": GOLD, "cream": CREAM, "ink": INK, "felt": FELT, "zone": ZONE,
            "arch": ARCH, "arch_light": ARCH_LIGHT, "chain": CHAIN, "prompts": PROMPTS,
            "endings": ENDINGS, "ended": ENDED, **card_data()}


def render(view: dict[str, Any], actions: list[dict[str, str]],
           cards: Cards | None = None) -> str:
    """The table as `view`'s seat sees it; `cards`: card_data() of the table's card file
    (None: the built-in one)."""
    t = Table(view, actions, cards or card_data())
    y = t.top(PAD)
    seat = view["seat"]
    if seat is not None:  # your cards under the Heists they are played for, and your Hideout
        y = t.own(y + 6, seat)
    for p in range(view["players"]):
        if p != seat:
            y = t.opponent(y + (SHORT_GAP if t.short else GAP), p)
            if view["seats"][p]["hand"] is not None:  # an open view: a replay
                y = t.open_hand(y + 4, p)
    h = y + PAD
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h:.0f}" width="100%" '
            f'class="you-dirty-rat" font-family="{FONT}" '
            f'data-prompt="{_e(prompt_line(view))}" aria-label="You Dirty Rat table">'
            f"<desc>{_e(words.describe(view))}</desc>"
            f'<defs><radialGradient id="ydr-felt" cx="50%" cy="40%" r="75%">'
            f'<stop offset="0" stop-color="#357a55"/><stop offset="1" stop-color="{FELT}"/>'
            f'</radialGradient></defs>'
            f'<rect width="{W}" height="{h:.0f}" rx="18" fill="url(#ydr-felt)"/>'
            + "".join(t.parts) + "</svg>")
