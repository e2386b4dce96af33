"""The kernel contract, checked on a toy game so that no real game's rules are involved."""

import json

import pytest

import ratking
from ratking.core import Action, IllegalAction, RatkingError, RecordError, UnknownGame, narrate

from .toy import Toy, ToyState


def dump(state):
    return json.dumps(state.to_json(), sort_keys=True)


def play_out(state, pick=0):
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[pick % len(legal)])
    return state


def test_list_games_and_make():
    ids = [g.id for g in ratking.list_games()]
    assert "rat-a-tat-roll" in ids
    info = next(g for g in ratking.list_games() if g.id == "rat-a-tat-roll")
    assert (info.min_players, info.max_players) == (2, 5)
    assert any(r["name"] == "max_rounds" for r in info.rules)
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        ratking.make("chess")


def test_listing_includes_registered_games(toy):
    assert "toy-nim" in [g.id for g in ratking.list_games()]
    assert ratking.make("toy-nim", pile=3).rules.pile == 3


def test_new_game_checks_players_seed_and_names():
    game = Toy()
    with pytest.raises(RatkingError, match="takes 2 to 4 players, not 5"):
        game.new_game(5, seed=1)
    with pytest.raises(RatkingError, match="seed must be a whole number"):
        game.new_game(2, seed=-1)
    with pytest.raises(RatkingError, match="3 names given for 2 players"):
        game.new_game(2, seed=1, names=["a", "b", "c"])
    state = game.new_game(2, names=["Ana", "Bo"])
    assert isinstance(state.seed, int) and state.names == ("Ana", "Bo")


def test_same_seed_same_game():
    a, b = Toy().new_game(3, seed=42), Toy().new_game(3, seed=42)
    assert dump(a) == dump(b)
    assert dump(Toy().new_game(3, seed=43)) != dump(a)


def test_current_player_and_legal_actions():
    state = Toy(pile=3).new_game(2, seed=1)
    assert state.current_player == 0
    legal = state.legal_actions()
    assert [a.id for a in legal] == ["take:1", "take:2", "reveal"]
    assert all(isinstance(a, Action) and a.label for a in legal)
    legal.clear()  # the caller's copy: the state's own list is untouched
    assert len(state.legal_actions()) == 3
    state.apply("take:2")
    assert state.current_player == 1
    assert [a.id for a in state.legal_actions()] == ["take:1", "reveal"]
    state.apply(state.legal_actions()[0])
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.returns() == [0.0, 1.0]


def test_illegal_actions_explain_and_change_nothing():
    state = Toy(pile=1).new_game(2, seed=3)
    before = dump(state)
    with pytest.raises(IllegalAction, match="only 1 counters are left") as info:
        state.apply("take:2")
    assert info.value.reason == "only 1 counters are left" and info.value.action == "take:2"
    with pytest.raises(IllegalAction, match="no such action"):
        state.apply("fly")
    with pytest.raises(IllegalAction, match="must be an Action or an action id"):
        state.apply(7)
    assert dump(state) == before
    state.apply("reveal")
    state.apply("reveal")
    with pytest.raises(IllegalAction, match="already revealed"):
        state.apply("reveal")
    state.apply("take:1")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("take:1")


def test_an_equal_action_from_another_game_instance_is_accepted():
    state = Toy().new_game(2, seed=3)
    foreign = Toy().action_by_id("take:1")
    assert foreign is not state.game.action_by_id("take:1")
    state.apply(foreign)
    assert state.history == ["take:1"]
    state.apply(Action("take:2", "made by hand"))
    assert state.history == ["take:1", "take:2"]


def test_returns_are_zero_while_playing():
    state = Toy().new_game(3, seed=1)
    assert state.returns() == [0.0, 0.0, 0.0]


def test_view_validates_the_seat():
    state = Toy().new_game(2, seed=1)
    with pytest.raises(RatkingError, match="no seat 2"):
        state.view(2)
    with pytest.raises(RatkingError, match="no seat"):
        state.events_for(True)
    assert state.view(None)["cards"] == [None, None]


def test_events_show_secrets_only_to_their_audience():
    state = Toy().new_game(2, seed=5, names=["Ana", "Bo"])
    mine = state.events_for(0)
    theirs = state.events_for(1)
    spectator = state.events_for(None)
    assert mine[0].text == f"You got a {state.secret[0]}."
    assert mine[1].text == "Bo got a card."
    assert mine[0].data["card"] == state.secret[0] and "card" not in mine[1].data
    assert theirs[1].data["card"] == state.secret[1] and "card" not in theirs[0].data
    assert all("card" not in e.data for e in spectator)
    assert spectator[0].text == "Ana got a card."
    state.apply("take:1")
    last = state.events_for(1, since=2)
    assert [e.text for e in last] == ["Ana took 1."]
    assert last[0].to_dict()["text"] == "Ana took 1." and last[0].to_dict()["n"] == 1


def test_narrate_joins_one_actors_events_of_one_decision():
    state = Toy(pile=5).new_game(2, seed=5, names=["Ana", "Bo"])
    state.apply("take:2")
    lines = narrate(state.events_for(None))
    assert lines == ["Ana got a card.", "Bo got a card.", "Ana took 2."]


def test_clone_is_independent():
    state = Toy(pile=9).new_game(3, seed=8)
    state.apply("take:1")
    twin = state.clone()
    assert dump(twin) == dump(state)
    twin.apply("take:2")
    twin.apply("reveal")
    assert state.history == ["take:1"] and state.pile == 8
    state.apply("take:1")
    assert twin.pile == 6 and twin.history == ["take:1", "take:2", "reveal"]
    # the generators are independent copies too
    assert state.rng.random() == twin.rng.random()


def test_determinize_keeps_what_the_seat_knows():
    state = Toy().new_game(3, seed=11)
    seen = {dump(state.determinize(0, seed=s)) for s in range(20)}
    assert len(seen) > 1  # hidden cards really are re-dealt
    for s in range(20):
        guess = state.determinize(0, seed=s)
        assert guess.view(0) == state.view(0)
        assert guess.secret[0] == state.secret[0]
        assert guess.history == state.history
    # the same seed gives the same determinization, and the original is untouched
    before = dump(state)
    assert dump(state.determinize(1, seed=4)) == dump(state.determinize(1, seed=4))
    assert dump(state) == before


def test_determinize_reseeds_future_chance():
    state = Toy().new_game(2, seed=11)
    a, b = state.determinize(0, seed=1), state.determinize(0, seed=2)
    assert a.rng.random() != b.rng.random()
    assert state.determinize(0, seed=1).rng.random() == state.determinize(0, seed=1).rng.random()


def test_a_determinized_pile_is_drawn_as_if_shuffled():
    # the pile nobody has seen is left in no order and each draw picks a card: drawn whole,
    # each of the 9 cards seat 0 has not seen (the pile's 8 and the other secret, dealt
    # again) comes at each position about equally often (8,000 determinizations: about 890
    # a cell, a standard deviation of about 30)
    state = Toy().new_game(2, seed=3)
    counts = [[0] * 10 for _ in range(8)]
    for seed in range(8_000):
        guess = state.determinize(0, seed=seed)
        assert guess.unordered == {"deck": 8} and guess.deck == sorted(guess.deck)
        for position in range(8):
            counts[position][guess.draw("deck")] += 1
        assert guess.deck == [] and guess.unordered == {"deck": 0}
    cards = [c for c in range(10) if c != state.secret[0]]  # all but seat 0's own card
    for row in counts:
        assert all(row[c] == 0 for c in range(10) if c not in cards)
        assert sum(row[c] for c in cards) == 8_000
        assert all(700 < row[c] < 1_100 for c in cards)


def test_a_real_game_draws_its_pile_from_the_top():
    state = Toy().new_game(2, seed=3)
    top = state.deck[-1]
    assert state.unordered is None and state.draw("deck") == top
    assert "unordered" not in state.to_json()  # saved games and records are as before


def test_unordered_piles_are_cloned_saved_and_checked():
    game = Toy()
    guess = game.new_game(2, seed=3).determinize(1, seed=9)
    twin = guess.clone()
    twin.draw("deck")
    assert guess.unordered == {"deck": 8} and twin.unordered == {"deck": 7}
    data = json.loads(json.dumps(guess.to_json()))
    loaded = game.from_json(data)
    assert dump(loaded) == dump(guess) and loaded.unordered == {"deck": 8}
    assert [loaded.draw("deck") for _ in range(8)] == [guess.draw("deck") for _ in range(8)]
    for bad in ({"deck": 9}, {"pile": 1}, {"deck": -1}, {"deck": "2"}, ["deck"]):
        with pytest.raises(RecordError, match="'unordered'"):
            game.from_json({**data, "unordered": bad})


def test_a_state_keeps_its_redeal_plan_until_it_changes(monkeypatch):
    made = []
    plan = ToyState._plan_redeal
    monkeypatch.setattr(ToyState, "_plan_redeal", lambda s, seat: made.append(seat)
                        or plan(s, seat))
    state = Toy().new_game(3, seed=5)
    first = [dump(state.determinize(0, seed=s)) for s in range(5)]
    assert made == [0]  # one plan for five determinizations
    state.determinize(1, seed=0)
    state.determinize(0, seed=0)
    assert made == [0, 1, 0]  # one plan kept: another seat's replaces it
    assert [dump(state.clone().determinize(0, seed=s)) for s in range(5)] == first
    assert made == [0, 1, 0, 0, 0, 0, 0, 0]  # a clone keeps no plan
    state.apply("take:1")
    state.determinize(0, seed=0)
    assert made[-1] == 0 and len(made) == 9  # the state changed: a new plan
    state._legal = None  # what a test that edits fields by hand does
    state.determinize(0, seed=0)
    assert len(made) == 10
    state._legal = None
    state.legal_actions()  # listed again: maybe an equal list, but not the plan's own
    state.determinize(0, seed=0)
    assert len(made) == 11


def test_record_and_replay_bit_for_bit(toy):
    state = toy(pile=11).new_game(3, seed=21, names=["A", "B", "C"])
    play_out(state, pick=1)
    record = state.record()
    assert record["game"] == "toy-nim" and record["players"] == 3 and record["seed"] == 21
    assert record["rules"]["pile"] == 11 and record["names"] == ["A", "B", "C"]
    assert record["result"] == {"returns": state.returns(), "end": "finished"}
    again = ratking.replay(json.loads(json.dumps(record)))
    assert dump(again) == dump(state)
    partial = ratking.replay(record, upto=2)
    assert partial.history == record["actions"][:2]


def test_default_names_are_left_out_of_records(toy):
    record = toy().new_game(2, seed=1).record()
    assert "names" not in record and "result" not in record


@pytest.mark.parametrize("mutate, words", [
    (lambda r: "not a record", "must be a JSON object"),
    (lambda r: {k: v for k, v in r.items() if k != "seed"}, "record has no 'seed'"),
    (lambda r: {**r, "players": "3"}, "'players' must be of type int"),
    (lambda r: {**r, "players": True}, "'players' must be of type int"),
    (lambda r: {**r, "actions": [1, 2]}, "action 0 must be an action id string"),
    (lambda r: {**r, "game": "chess"}, "no game 'chess'"),
    (lambda r: {**r, "rules": {"pile": 0}}, "'pile' must be at least 1"),
    (lambda r: {**r, "players": 9}, "takes 2 to 4 players"),
    (lambda r: {**r, "names": [1, 2]}, "'names' must be a list of strings"),
    (lambda r: {**r, "actions": ["take:1", "take:9"]}, r"action 1 \('take:9'\) is illegal"),
    (lambda r: {**r, "result": {"returns": [1.0, 0.0], "end": "finished"}},
     "does not match"),
])
def test_malformed_records_are_refused_clearly(toy, mutate, words):
    state = toy(pile=4).new_game(2, seed=2)
    play_out(state)
    with pytest.raises(RecordError, match=words):
        ratking.replay(mutate(state.record()))


def test_load_record_reports_file_problems(tmp_path):
    with pytest.raises(RecordError, match="cannot read record"):
        ratking.load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        ratking.load_record(bad)


def test_state_json_round_trip():
    game = Toy(pile=9)
    state = game.new_game(3, seed=4)
    state.apply("reveal")
    state.apply("take:2")
    data = json.loads(json.dumps(state.to_json()))
    loaded = game.from_json(data)
    assert dump(loaded) == dump(state)
    loaded.apply("take:1")
    state.apply("take:1")
    assert dump(loaded) == dump(state)  # the generator state came along too


@pytest.mark.parametrize("mutate, words", [
    (lambda d: [], "must be a JSON object"),
    (lambda d: {**d, "format": "other/9"}, "unknown state format"),
    (lambda d: {**d, "game": "rat-a-tat-roll"}, "is of 'rat-a-tat-roll'"),
    (lambda d: {**d, "rules": {**d["rules"], "pile": 3}}, "played with other rules"),
    (lambda d: {**d, "rules": {"bogus": 1}}, "unknown rule 'bogus'"),
    (lambda d: {k: v for k, v in d.items() if k != "rng"}, "has no 'rng'"),
    (lambda d: {**d, "rng": [1, -2]}, r"must be \[seed, position\]"),
    (lambda d: {**d, "rng": [1, 2, 3]}, r"must be \[seed, position\]"),
    (lambda d: {**d, "to_move": 7}, "'to_move' 7 is not a seat"),
    (lambda d: {**d, "players": 9}, "takes 2 to 4 players"),
    (lambda d: {**d, "log": [[1, 2]]}, "6-item entries"),
    (lambda d: {**d, "state": {**d["state"], "secret": [0, 0, 0]}}, "0..9 once each"),
    (lambda d: {**d, "state": {}}, "malformed"),
])
def test_malformed_state_json_is_refused_clearly(mutate, words):
    game = Toy(pile=9)
    data = game.new_game(3, seed=4).to_json()
    with pytest.raises(RecordError, match=words):
        game.from_json(mutate(data))


def test_max_rounds_is_a_rule_of_every_game():
    for info in ratking.list_games():
        assert any(r["name"] == "max_rounds" for r in info.rules), info.id


def test_load_record_refuses_binary_files(tmp_path):
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(RecordError, match="not a text file"):
        ratking.load_record(binary)


def test_optional_game_hooks_fail_clearly():
    from ratking.bots import HeuristicBot

    state = Toy().new_game(2, seed=1)
    with pytest.raises(RatkingError, match="Toy Nim has no heuristic bot"):
        HeuristicBot(0).choose(state)
    with pytest.raises(NotImplementedError):
        Toy.render_text(state.view(None))
    assert Toy.rules_page is None


def test_seat_label_marks_the_viewers_own_seat_once():
    from ratking.core import seat_label

    assert seat_label("Ana", True) == "Ana (you)"
    assert seat_label("Ana", False) == "Ana"
    assert seat_label("You", True) == "You"  # the terminal's single human is already "You"


def test_saved_state_field_checks_name_the_field():
    from ratking.core import saved

    data = {"n": [1, 2], "bad": [1, True], "f": [True, False], "g": [1]}
    assert saved.ints(data, "n", 0, 5, 2) == [1, 2]
    assert saved.flags(data, "f") == [True, False]
    assert saved.whole(3, 0, 3, "x") == 3
    for call, field in ((lambda: saved.ints(data, "bad", 0, 5), "bad"),
                        (lambda: saved.ints(data, "n", 0, 5, 3), "n"),
                        (lambda: saved.ints(data, "n", 2, 5), "n"),
                        (lambda: saved.flags(data, "g"), "g"),
                        (lambda: saved.whole(True, 0, 3, "x"), "x")):
        with pytest.raises(RecordError, match=f"state '{field}'"):
            call()
