"""Target: Rats Simplified on the web: one view drawn as a standalone SVG board.

`render(view, actions)` reads only the view and the viewer's legal actions. The board (rings,
corridors, Rat City, home nests in the corners, rat tokens) is the shared Target: Rats board
of `board_svg`. Clickable (`<g class="act" data-action=...>` with a `<title>`): `route:`
(a rat's whole move there, see server/play/board_routes.py), `step:<space>` and `ext:<space>` on the
space, `rat:<space>:fed|unfed` on the rat token. The page makes buttons for the rest (topup,
no-topup, stop, breed, end).
"""

from __future__ import annotations

from typing import Any

from ....core import plural
from .. import board_svg as B
from . import words

FOOT = 76
DUMPSTER = "Dumpster: a rat landing here is fed"


def board_data() -> dict[str, Any]:
    """The words and colours the browser's drawing (static/boards/target-rats-simplified.js)
    reads besides the view: the shared board's, and the dumpster's tooltip."""
    return {**B.board_data(), "dumpster": DUMPSTER}


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    by_id = {a["id"]: a for a in actions}
    spaces = view["spaces"]
    key = B.view_key(spaces)
    geo = B.geometry(key)
    h = B.W + FOOT
    colour = {f["seat"]: f["colour"] for f in view["factions"]}
    owner = {f["seat"]: f["name"] for f in view["factions"]}
    by_home = {f["home"]: f for f in view["factions"]}
    mover = view["to_move"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {B.W} {h}" width="100%" '
           f'class="rk-tr target-rats-simplified" font-family="{B.FONT}" '
           f'data-prompt="{B.esc(_status(view))}" '
           f'aria-label="Target: Rats Simplified board">',
           f"<desc>{B.esc(words.describe(view))}</desc>", B.STYLE, B.base(key, h)]
    for s in spaces:
        if s["kind"] == "home-nest":
            out.append(_home(s["id"], by_home.get(s["id"]), mover))
    picked = view.get("mover")
    on_move = None  # the picked rat on the move: keyed by where it began, the page follows it
    if picked and mover is not None:
        on_move = {"seat": mover, "path": picked["path"], "id": picked["path"][0],
                   "fed": int(picked["fed"]), "unfed": int(not picked["fed"])}
    cheese = view["cheese"]
    out.append(B.throne(colour[cheese] if cheese is not None else None,
                        owner[cheese] if cheese is not None else ""))
    for s in spaces:
        sid = s["id"]
        # the Target die's choice of a surface space comes before a move there (that move
        # is still made by picking the rat first)
        action = (by_id.get(f"ext:{sid}") or by_id.get(f"route:{sid}")
                  or by_id.get(f"step:{sid}"))
        out.append(f'<g class="space" data-space="{sid}">')
        if action:
            out.append(B.highlight(geo.shape[sid], action))
        if s["dumpster"]:
            x, y = geo.token_at[sid]
            out.append(B.dumpster(x, y, DUMPSTER, "dumpster"))
        if s["rats"]:
            def pick(seat: int, fed: bool, sid: str = sid) -> dict[str, str] | None:
                if seat != mover:
                    return None
                return by_id.get(f"rat:{sid}:{'fed' if fed else 'unfed'}")
            out.extend(B.rats_at(geo.anchor[sid], s["kind"], s["rats"], colour, owner, pick,
                                 through=action is not None, space=sid,
                                 mover=B.moving_here(sid, on_move)))
        if s["exterminator"]:
            out.append(B.exterminator(*geo.anchor[sid], through=action is not None))
        out.append("</g>")
    out.append(B.labels(key))  # over the pieces: always readable
    out.append(_footer(view))
    out.append("</svg>")
    return "".join(out)


def _home(sid: str, faction: dict[str, Any] | None, mover: int) -> str:
    k = int(sid[1:])
    x, y = B.corner(k)
    if faction is None:
        return (f'<rect x="{x}" y="{y}" width="{B.BOX}" height="{B.BOX}" rx="16" '
                f'fill="#3a352e" stroke="#5a5247" stroke-width="2"/>'
                f'{B.home_well(k, None)}')
    fill = faction["colour"]
    glow = B.GOLD if faction["seat"] == mover else "#5a5247"
    ty = y + 26 if k in (0, 1) else y + B.BOX - 16
    label = f"{faction['name']} ({faction['faction']})"
    return (f'<g data-seat-panel="{faction["seat"]}">'
            f'<rect x="{x}" y="{y}" width="{B.BOX}" height="{B.BOX}" rx="16" fill="#3a352e" '
            f'stroke="{glow}" stroke-width="{4 if glow == B.GOLD else 2}"/>'
            f'{B.home_well(k, fill)}'
            f'<text x="{x + B.BOX / 2}" y="{ty}" font-size="17" font-weight="bold" '
            f'text-anchor="middle" fill="{B.CREAM}" class="faction">{B.esc(label)}</text>'
            f'<text x="{x + B.BOX / 2}" y="{ty + (22 if k in (0, 1) else -22)}" '
            f'font-size="16" text-anchor="middle" fill="#d8ccb0">'
            f'{plural(faction["rats"], "rat")}, {faction["fed"]} fed</text></g>')


def _status(view: dict[str, Any]) -> str:
    """The line under the board: the round, and the dice and what they move."""
    rounds = f"Round {view['round']}" + (f" of {view['max_rounds']}" if view["max_rounds"]
                                         else "")
    if view["over"] or view.get("result"):  # or ended by the table (its result given)
        capped = view["result"]["end"] == "round-cap"
        text = f"{rounds}. Game over{': the round limit' if capped else ''}"
    else:
        dice = ", ".join(str(d) for d in view["dice"])
        text = f"{rounds}. Dice {dice}: {view['pool']} to move"
        if view["target_available"]:
            text += "; the Target may move the Exterminator"
    return text


def _footer(view: dict[str, Any]) -> str:
    y = B.W + 30
    text = _status(view)
    return (f'<g class="status" fill="{B.CREAM}" font-size="20"><text x="{B.C}" y="{y}" '
            f'text-anchor="middle">{B.esc(text)}</text></g>')
