"""You Dirty Rat as one SVG table for the web app, drawn from a seat's view.

Legal actions with a place on the table (cards in the viewer's hand, heists on top of their
chains, cards in Hideouts, opponents' name plates) carry class="act" and data-action; the page
makes buttons for the rest.
"""

from __future__ import annotations

from html import escape
from typing import Any

FILL = {"smarts": "#3b6fd8", "stealth": "#2e9e4f", "muscle": "#d0453a", "any": "#9a4fc9",
        None: "#c9a227"}
CHAIN = {"orange": "#f08a24", "purple": "#7d4fb3", "yellow": "#e2c021", "teal": "#1f9c9c",
         "black": "#333333"}
W, CW, CH = 980, 84, 40


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


class Canvas:
    def __init__(self, actions: list[dict[str, str]]) -> None:
        self.parts: list[str] = []
        self.labels = {a["id"]: a["label"] for a in actions}
        self.used: set[str] = set()

    def box(self, x, y, w, h, fill, label, ids=(), stroke="#222", full=None) -> None:
        """A card or plate; `full` is its whole name when `label` is shortened."""
        act = next((i for i in ids if i in self.labels and i not in self.used), None)
        text = (f'<text x="{x + w / 2}" y="{y + h / 2 + 4}" font-size="11" fill="#fff" '
                f'text-anchor="middle">{escape(label)}</text>')
        if full and act is None:
            text = f"<title>{escape(full)}</title>{text}"
        rect = (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="{fill}" '
                f'stroke="{stroke}"/>')
        if act is None:
            self.parts.append(f"<g>{rect}{text}</g>")
            return
        self.used.add(act)
        self.parts.append(f'<g class="act" data-action="{escape(act)}" style="cursor:pointer">'
                          f"<title>{escape(self.labels[act])}</title>{rect}{text}</g>")

    def text(self, x, y, words, size=13, weight="normal") -> None:
        self.parts.append(f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}">'
                          f"{escape(words)}</text>")


def _card_ids(c: dict[str, Any], prefixes: tuple[str, ...]) -> list[str]:
    return [f"{p}:{_slug(c['name'])}" for p in prefixes]


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    cv = Canvas(actions)
    y = 24
    cv.text(10, y, f"You Dirty Rat · round {view['round']} · Town Stash ${view['stash']} · "
                   f"deck {view['deck']} · discard {len(view['discard'])}", 15, "bold")
    y += 14
    for i, chain in enumerate(c for c in view["chains"] if c["in_play"]):
        x = 10 + i * 192
        cv.text(x, y + 12, f"{chain['colour']} chain ({chain['marking']})", 11)
        if chain["left"]:
            h = chain["left"][0]
            team = "".join(a[0].upper() * n for a, n in h["team"].items())
            cv.box(x, y + 18, 184, 34, CHAIN.get(chain["colour"], "#666"),
                   f"{h['name'][:22]} {team}", [f"heist:{h['id']}"], full=h["name"])
            cv.text(x, y + 66, f"{h['reward']} {h['amount']} · {len(chain['left'])} left", 10)
        else:
            cv.text(x, y + 38, "all done", 11)
    y += 84
    committing = view.get("committing")
    if committing:
        cv.text(10, y, f"Team for {committing['name']}: pick the next card", 12, "bold")
        y += 8
    for p, s in enumerate(view["seats"]):
        me = p == view["seat"]
        turn = "▶ " if p == view["to_move"] else ""
        cv.box(10, y, 170, 26, "#555" if not me else "#222",
               f"{turn}{s['name']} ${s['money']} ({s['hand_count']} cards)", [f"target:{p}"])
        for n, night in enumerate(s["nights"]):
            x = 190 + n * 190
            cv.text(x, y - 2, f"Night {n + 1}", 9)
            for k, c in enumerate(night):
                ids = [f"card:{c['id']}"] if c["id"] is not None else []
                cv.box(x + k * (CW // 2 + 2), y + 2, CW // 2, CH - 8, FILL[c["archetype"]],
                       c["name"][:6], ids, full=c["name"])
        xr = 760
        cv.text(xr, y - 2, "Refresh / heists", 9)
        cv.text(xr, y + 14, ", ".join(c["name"] for c in s["refresh"])[:34] or "-", 10)
        cv.text(xr, y + 28, ", ".join(s["heist_colours"]) or "no heists", 10)
        y += CH + 8
        if s["hand"] is not None:
            for k, c in enumerate(s["hand"]):
                ids = _card_ids(c, ("play", "team", "with", "copy"))
                cv.box(10 + (k % 11) * (CW + 4), y + (k // 11) * (CH + 4), CW, CH,
                       FILL[c["archetype"]], c["name"], ids)
            y += ((len(s["hand"]) - 1) // 11 + 1) * (CH + 4) + 6 if s["hand"] else 0
    drawn = view.get("drawn")
    if drawn:
        cv.text(10, y + 12, "The Mastermind drew (keep one):", 12, "bold")
        for k, c in enumerate(drawn):
            cv.box(10 + k * (CW + 4), y + 18, CW, CH, FILL[c["archetype"]], c["name"],
                   [f"keep:{_slug(c['name'])}"])
        y += CH + 26
    result = view.get("result")
    if result:
        totals = ", ".join(f"{s['name']} ${t}" for s, t in zip(view["seats"], result["totals"],
                                                             strict=True))
        cv.text(10, y + 16, f"Game over: {totals}", 14, "bold")
        y += 24
    h = y + 12
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h}" width="100%" '
            f'font-family="sans-serif">'
            f'<rect width="{W}" height="{h}" fill="#f4efe3"/>' + "".join(cv.parts) + "</svg>")
