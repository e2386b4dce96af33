"""The pages share one head (server/layout.py, templates/base.html): every page the server
sends has the same meta tags, stylesheet, icon and theme.js (dark mode from the first paint),
under the security headers, and no page template writes a head of its own."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from jinja2 import UndefinedError
from markupsafe import Markup

from ratking.server.layout import TEMPLATES, render
from ratking.server.web.security import CSP

from .test_lab import lab_app

PAGES = {"/": "lobby", "/t/abc": "table", "/t/abc/review": "game review",
         "/rules/target-rats": "Target: Rats rules", "/learn/you-dirty-rat": "learn to play",
         "/players/Axel": "players", "/leaderboard/rat-a-tat-roll": "players", "/lab": "the lab"}
HEAD = re.compile(r"<head>(.*)</head>", re.S)


def shared(head: str) -> str:
    """The head less what a page sets itself: its title and its own stylesheet."""
    head = re.sub(r"<title>.*</title>", "", head)
    return re.sub(r'<link rel="stylesheet" href="/static/(?!style\.css)[^"]+">\n', "", head)


def test_every_page_has_the_one_head_under_the_security_headers(tmp_path):
    with TestClient(lab_app(tmp_path)) as client:
        answers = {path: client.get(path) for path in PAGES}
    heads = set()
    for path, answer in answers.items():
        assert answer.status_code == 200, path
        assert answer.headers["content-type"] == "text/html; charset=utf-8"
        assert answer.headers["content-security-policy"] == CSP
        assert f"<title>ratking · {PAGES[path]}</title>" in answer.text
        head = HEAD.search(answer.text).group(1)
        assert head.count('<script src="/static/theme.js"></script>') == 1, path
        assert answer.text.count("<head>") == 1
        heads.add(shared(head))
    assert len(heads) == 1, heads
    assert '<meta name="viewport"' in heads.pop()


def test_no_page_template_repeats_the_head():
    pages = [p for p in TEMPLATES.glob("*.html") if p.name != "base.html"]
    assert len(pages) >= 7
    for path in pages:
        text = path.read_text()
        assert text.startswith('{% extends "base.html" %}\n'), path.name
        for piece in ("<head", "<meta", "theme.js", "style.css", "<body", "<html"):
            assert piece not in text, (path.name, piece)


def test_values_are_escaped_and_a_missing_one_is_an_error():
    page = render("rules.html", game="Rats & <Ducks>", body=Markup("<p>the rules</p>"))
    assert "<title>ratking · Rats &amp; &lt;Ducks&gt; rules</title>" in page
    assert "<p>the rules</p>" in page
    with pytest.raises(UndefinedError):
        render("rules.html", body=Markup("<p>the rules</p>"))
