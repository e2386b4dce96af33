"""Crumbs on the web page: one <svg> drawn from a view. The take and swap actions have no
place on the board, so the page shows them as buttons."""

from __future__ import annotations

from html import escape
from typing import Any

from ratking.core import plural


def render(view: dict[str, Any], actions: list[dict[str, str]]) -> str:
    shown = ", ".join(map(str, view["discard"])) or "none"
    rows = [f'<text x="20" y="40" font-size="22">Pile: {plural(view["pile"], "crumb")} · '
            f'face up: {shown}</text>']
    for i, seat in enumerate(view["seats"]):
        card = "?" if seat["card"] is None else seat["card"]
        crumbs = plural(seat["crumbs"], "crumb")
        rows.append(f'<text x="20" y="{80 + 30 * i}" font-size="18">'
                    f'{escape(seat["name"])}: {crumbs}, card {card}</text>')
    height = 100 + 30 * len(view["seats"])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 {height}" '
            f'role="img" aria-label="Crumbs">{"".join(rows)}</svg>')
