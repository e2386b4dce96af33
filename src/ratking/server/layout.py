"""The HTML pages, from Jinja2 templates (`server/templates/`): each page extends
`base.html`, which holds the head they all share (meta tags, stylesheet, icon, and theme.js,
which sets the light or dark colours before the first paint) and the bar's brand link, so a
change to any of them is made once. Values are HTML-escaped; a page's own HTML goes in as
`Markup`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined

TEMPLATES = Path(__file__).with_name("templates")

# compiled once, re-read only when a template's file changes; a missing value is an error
_templates = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                         undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                         keep_trailing_newline=True)


def render(name: str, **values: Any) -> str:
    """The page `name` (a file in templates/) with these values filled in, as text."""
    return _templates.get_template(name).render(values)


def page(name: str) -> HTMLResponse:
    """A page that needs no values (the lobby, a table, the lab...), as an HTML answer."""
    return HTMLResponse(render(name))
