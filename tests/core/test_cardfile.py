"""Card files as input: a game made from another component file, recorded by name and sha256,
replayed only with the same file; numbers changed by dotted path."""

from __future__ import annotations

import random
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.core import RecordError, cardfile
from ratking.core.cardfile import CardFile, CardFileError, dump_toml, get_number
from ratking.core.components import ComponentError

GAMES = ("you-dirty-rat", "rat-and-duck", "rat-a-tat-roll", "target-rats",
         "target-rats-simplified")


def thief_at(amount: int) -> CardFile:
    return ratking.make("you-dirty-rat").files["cards"].changed({"thief.amount": amount})


def play_random(game, seed: int = 1):
    state = game.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_built_in_file_is_named_hashed_and_written_back_alike(game_id):
    game = ratking.make(game_id)
    said = game.describe_files()
    assert set(said) == ({"cards", "board"} if game_id.startswith("target") else {"cards"})
    for kind, made in game.files.items():
        assert made.builtin and said[kind] == {"name": made.name, "sha256": made.sha256}
        assert tomllib.loads(dump_toml(made.data())) == made.data()
    assert game.file_overrides() == {}


names = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True)
scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.text(max_size=8),
                    st.floats(allow_nan=False, allow_infinity=False, width=32))
tables = st.recursive(st.dictionaries(names, scalars, max_size=4),
                      lambda inner: st.dictionaries(
                          names, st.one_of(scalars, inner, st.lists(inner, min_size=1,
                                                                    max_size=3),
                                           st.lists(scalars, max_size=3)), max_size=4),
                      max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(tables)
def test_written_toml_reads_back_to_the_same_data(data):
    assert tomllib.loads(dump_toml(data)) == data


def test_a_changed_number_is_found_by_its_dotted_path_and_keeps_its_kind():
    made = thief_at(400)
    assert made.name == "components.toml with thief.amount=400" and not made.builtin
    assert get_number(made.data(), "thief.amount") == 400
    assert get_number(made.data(), "ringleader.2.amount") == 400  # by entry number too
    assert get_number(made.data(), "orange.local-art-display-stolen.amount") == 300
    assert made.sha256 != thief_at(300).sha256 and made.sha256 == thief_at(400).sha256
    game = ratking.make("you-dirty-rat", card_files={"cards": made})
    assert [t.amount for t in game.deck.types if t.name == "Thief"] == [400]


@pytest.mark.parametrize(("path", "phrase"), [
    ("nobody.amount", "'nobody' names nothing"),
    ("thief.nope", "names no field"),
    ("thief.name", "is not a number"),
    ("thief..amount", "not a dotted path"),
])
def test_a_bad_path_is_refused_in_one_line(path, phrase):
    with pytest.raises(CardFileError, match=phrase):
        ratking.make("you-dirty-rat").files["cards"].changed({path: 1})


def test_a_whole_number_field_refuses_a_fraction():
    with pytest.raises(CardFileError, match="takes a whole number"):
        ratking.make("you-dirty-rat").files["cards"].changed({"thief.amount": 2.5})


def test_a_file_is_checked_when_the_game_is_made(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(thief_at(400).text.replace("amount = 400", "amount = -5"), encoding="utf-8")
    with pytest.raises(ComponentError, match=r"bad.toml: \[\[ringleader\]\] entry 2 \(Thief\)"):
        ratking.make("you-dirty-rat", card_files={"cards": str(bad)})
    with pytest.raises(CardFileError, match="cannot read"):
        ratking.make("you-dirty-rat", card_files={"cards": str(tmp_path / "absent.toml")})
    (tmp_path / "broken.toml").write_text("copies = = 3\n", encoding="utf-8")
    with pytest.raises(CardFileError, match=r"broken\.toml"):
        ratking.make("you-dirty-rat", card_files={"cards": str(tmp_path / "broken.toml")})
    with pytest.raises(CardFileError, match="has no cards file"):
        ratking.make("target-rats-simplified", card_files={"cards": str(bad)})


def test_a_record_names_its_file_and_replays_only_with_the_same_one(tmp_path, monkeypatch):
    path = tmp_path / "thief400.toml"
    path.write_text(thief_at(400).text, encoding="utf-8")
    game = ratking.make("you-dirty-rat", card_files={"cards": str(path)})
    state = play_random(game)
    record = state.record()
    assert record["cards"] == {"name": str(path), "sha256": thief_at(400).sha256}
    assert ratking.replay(record).returns() == state.returns()
    path.write_text(thief_at(300).text, encoding="utf-8")
    # this process made a game of the file: a replay takes that one, by its sha256
    assert ratking.replay(record).returns() == state.returns()
    monkeypatch.setattr(cardfile, "_SEEN", {})  # as a new process: found where it was named
    with pytest.raises(RecordError, match=r"was played with cards .*give the same file"):
        ratking.replay(record)
    with pytest.raises(RecordError, match=r"was played with cards .*give the same file"):
        ratking.replay(record, card_files={"cards": str(path)})
    plain = play_random(ratking.make("you-dirty-rat")).record()
    assert "cards" not in plain  # the game's own file: nothing to name
    with pytest.raises(RecordError, match="the built-in file"):
        ratking.replay(plain, card_files={"cards": str(path)})


def test_a_saved_state_loads_only_into_a_game_of_the_same_file():
    state = play_random(ratking.make("you-dirty-rat", card_files={"cards": thief_at(400)}))
    data = state.to_json()
    assert data["cards"]["sha256"] == thief_at(400).sha256
    again = ratking.make("you-dirty-rat", card_files={"cards": thief_at(400)}).from_json(data)
    assert again.returns() == state.returns()
    with pytest.raises(RecordError, match="was played with cards"):
        ratking.make("you-dirty-rat").from_json(data)


def test_a_changed_board_reaches_every_part_of_target_rats():
    board = ratking.make("target-rats").files["board"]
    game = ratking.make("target-rats", card_files={"board": board.changed({})})
    assert game.board is ratking.make("target-rats").board  # the same text: the same Board
    state = play_random(ratking.make("target-rats", max_rounds=3), seed=4)
    assert state.over
