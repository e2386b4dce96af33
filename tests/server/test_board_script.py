"""`GET /api/games/<id>/board.js`: the renderer the table page imports to draw a game's board
in the browser: a game package's own file (Game.board_script), or a redirect to ratking's
static/boards/<id>.js for ratking's games; 404 for a game the server draws itself."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ratking.core import registry
from ratking.games.rat_a_tat_roll.game import RatATatRoll
from ratking.server import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}")
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def packaged(tmp_path):
    """A game registered for this test only, whose package ships its own renderer."""
    script = tmp_path / "board.js"
    script.write_text("export function render(view, actions, data) { return '<svg/>'; }\n")

    class Packaged(RatATatRoll):
        id = "packaged-board"
        board_script = script

    registry.register(Packaged)
    yield Packaged
    registry._GAMES.pop(Packaged.id)


def test_a_package_board_is_served_from_the_package(client, packaged):
    answer = client.get("/api/games/packaged-board/board.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.text == packaged.board_script.read_text()


def test_ratkings_own_boards_are_redirected_to_their_static_files(client):
    answer = client.get("/api/games/rat-a-tat-roll/board.js", follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == "/static/boards/rat-a-tat-roll.js"
    followed = client.get("/api/games/rat-a-tat-roll/board.js")
    assert followed.status_code == 200 and "export function render" in followed.text


def test_no_board_script_for_a_game_drawn_by_the_server_or_no_game(client, monkeypatch):
    monkeypatch.setattr(RatATatRoll, "browser_board", False)
    answer = client.get("/api/games/rat-a-tat-roll/board.js")
    assert answer.status_code == 404 and "no board drawn in the browser" in answer.text
    assert client.get("/api/games/nope/board.js").status_code == 404
