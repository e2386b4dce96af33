"""The pages: the lobby (`/`), a table (`/t/<id>`), and the rules pages: each game's rules in
our own words (docs/rules/, the Markdown each game ships as its `rules_page`), rendered to HTML
by markdown-it-py and served at /rules/<game-id>."""

from __future__ import annotations

from functools import cache
from html import escape
from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse
from markdown_it import MarkdownIt

from ...core import UnknownGame, game_class

router = APIRouter()
STATIC = Path(__file__).parent.with_name("static")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ratking · {title} rules</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/rat.svg" type="image/svg+xml">
<script src="/static/theme.js"></script>
</head>
<body class="rules-page">
<header class="bar">
  <a class="brand" href="/">ratking</a>
  <span class="tag">{title}: the rules</span>
</header>
<main class="rules-main panel" data-testid="rules">
{body}
</main>
</body>
</html>
"""


def markdown() -> MarkdownIt:
    """CommonMark with tables; raw HTML in the Markdown is shown as text, never run."""
    return MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
        ["table", "replacements", "smartquotes"])


@cache
def rules_html(game_id: str) -> str:
    """The whole rules page of a game, rendered once per process."""
    try:
        cls = game_class(game_id)
    except UnknownGame:
        raise HTTPException(404, f"no game {game_id!r}") from None
    if cls.rules_page is None:
        raise HTTPException(404, f"{cls.title} has no rules page")
    body = markdown().render(cls.rules_page.read_text(encoding="utf-8"))
    # a wide table scrolls inside itself on a phone: focusable, so keys scroll it too
    body = body.replace("<table>", '<table tabindex="0">')
    return PAGE.format(title=escape(cls.title), body=body)


@router.get("/rules/{game_id}", include_in_schema=False)
async def rules_page(game_id: str) -> HTMLResponse:
    return HTMLResponse(rules_html(game_id))


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")
