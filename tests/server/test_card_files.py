"""A table played with a card file from the server's cards folder: named by file name only,
refused otherwise; its record names the file and its sha256, and replays."""

import pytest
from fastapi.testclient import TestClient

import ratking
from ratking.server import create_app
from tests.cardfiles import thief_file

from .conftest import new_table
from .test_lobby import finish


@pytest.fixture
def folder(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    thief_file(cards, 400)
    (cards / "broken.toml").write_text("copies = 0\n", encoding="utf-8")
    (tmp_path / "secret.toml").write_text("copies = 3\n", encoding="utf-8")
    return cards


@pytest.fixture
def cards_client(tmp_path, folder):
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0, botonly_min_delay=0,
                     cards_dir=str(folder))
    with TestClient(app) as test_client:
        yield test_client


def test_a_table_plays_a_card_file_of_the_folder_and_its_record_names_it(cards_client, folder):
    table = new_table(cards_client, seats=("human", "bot"), game="you-dirty-rat",
                      card_files={"cards": "thief400.toml"})
    finish(cards_client, table)
    record = cards_client.get(f"/api/tables/{table['id']}/record").json()
    made = ratking.make("you-dirty-rat", card_files={"cards": str(folder / "thief400.toml")})
    assert record["cards"] == {"name": "thief400.toml", "sha256": made.files["cards"].sha256}
    assert "card_files" not in record["rules"]
    assert cards_client.get(f"/api/tables/{table['id']}/replay/3").status_code == 200
    assert ratking.replay(record, card_files={"cards": str(folder / "thief400.toml")}).over


@pytest.mark.parametrize(("extra", "phrase"), [
    ({"card_files": {"cards": "../secret.toml"}}, "named by its file name"),
    ({"card_files": {"cards": "/etc/passwd"}}, "named by its file name"),
    ({"card_files": {"cards": "absent.toml"}}, "no card file 'absent.toml'"),
    ({"card_files": {"cards": "broken.toml"}}, "broken.toml: copies must be"),
    ({"card_files": {"board": "thief400.toml"}}, "has no board file"),
    ({"rules": {"card_files": {"cards": "thief400.toml"}}}, "named in card_files"),
])
def test_anything_but_a_file_of_the_folder_is_refused(cards_client, extra, phrase):
    body = {"game": "you-dirty-rat", "players": 2, "seats": ["human", "bot"], **extra}
    answer = cards_client.post("/api/tables", json=body)
    assert answer.status_code == 400 and phrase in answer.json()["error"], answer.text


def test_a_server_without_a_folder_offers_no_card_files(client):
    answer = client.post("/api/tables", json={
        "game": "you-dirty-rat", "players": 2, "seats": ["human", "bot"],
        "card_files": {"cards": "thief400.toml"}})
    assert answer.status_code == 400 and "offers no card files" in answer.json()["error"]


def test_a_search_worker_rebuilds_a_state_with_its_card_file(folder):
    from ratking.server.pool.workers import job_of, state_of

    game = ratking.make("you-dirty-rat", card_files={"cards": str(folder / "thief400.toml")})
    state = game.new_game(2, seed=3)
    state.apply(state.legal_actions()[0])
    rebuilt = state_of(job_of(state))
    assert rebuilt.game.describe_files() == game.describe_files()
    assert rebuilt.to_json() == state.to_json()
