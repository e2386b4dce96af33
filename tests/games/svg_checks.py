"""Shared helpers for the games' SVG tests: draw a state's board and read what is clickable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def draw(s, seat, actions=None):
    """The parsed SVG of `s` as `seat` sees it, and the actions it was given (default: the
    legal ones, labelled as the web app labels them)."""
    if actions is None:
        actions = [{"id": a.id, "label": s.describe_action(a)} for a in s.legal_actions()]
    return ET.fromstring(s.game.render_svg(s.view(seat), actions)), actions


def acts(root):
    """The ids of every clickable action drawn on the board."""
    return {n.get("data-action") for n in root.iter() if n.get("data-action")}
