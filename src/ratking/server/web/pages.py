"""The pages: the lobby (`/`), a table (`/t/<id>`), and the rules pages: each game's rules in
our own words (docs/rules/, the Markdown each game ships as its `rules_page`), rendered to HTML
by markdown-it-py and served at /rules/<game-id>."""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from markupsafe import Markup

from ...core import UnknownGame, game_class
from ..layout import page, render

router = APIRouter()


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
    return render("rules.html", game=cls.title, body=Markup(body))


@router.get("/rules/{game_id}", include_in_schema=False)
async def rules_page(game_id: str) -> HTMLResponse:
    return HTMLResponse(rules_html(game_id))


@router.get("/", include_in_schema=False)
async def lobby_page() -> HTMLResponse:
    return page("lobby.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> HTMLResponse:
    return page("table.html")
