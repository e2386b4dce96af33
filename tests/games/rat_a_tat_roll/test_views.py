"""What Rat-a-Tat Roll shows people: views, event sentences, action labels, the terminal."""

import io
import json

from rich.console import Console

import ratking

from .helpers import arrange, script


def render(view) -> str:
    console = Console(file=io.StringIO(), width=140, no_color=True)
    console.print(ratking.make("rat-a-tat-roll").render_text(view))
    return console.file.getvalue()


def test_spectator_view_is_json_and_complete():
    state = ratking.make("rat-a-tat-roll").new_game(4, seed=2, names=["A", "B", "C", "D"])
    view = state.view(None)
    json.dumps(view)
    assert view["seat"] is None and view["to_move"] == 0 and view["phase"] == "choose"
    assert [r["colour"] for r in view["regions"]] == ["red", "orange", "green", "blue", "purple"]
    assert len(view["board"]) == 20 and view["board"][0] == {"kind": "wild", "region": None}
    assert view["draw_pile"] == 45 - 4 - 5 and view["token_pool"] == 17
    assert [s["name"] for s in view["seats"]] == ["A", "B", "C", "D"]
    assert all(s["cards"] == [None] for s in view["seats"])


def test_move_sentences_count_spaces_properly():
    s = arrange(tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")
    moves = [e.text for e in s.events_for(None) if e.kind == "move"]
    assert moves == ["Player 1 moved 1 space to the red card-or-pile space."]


def test_reroll_labels_name_the_dice():
    s = arrange()
    script(s, 3, 5, 4)
    s.apply("roll:3")
    labels = {a.id: s.describe_action(a) for a in s.legal_actions()}
    assert labels["reroll:012"] == "Spend a token to re-roll the 3, 5 and 4 (dice 1, 2 and 3)"
    assert labels["reroll:1"] == "Spend a token to re-roll the 5 (die 2)"
    assert labels["go"] == "Move 12 spaces to a Wild space"
    s = arrange(faceup=(3, 8, 2, 4, 6))
    script(s, 1, 1)
    s.apply("roll:2")
    assert s.describe_action(s.legal_actions()[0]) == \
        "Move 2 spaces to the red re-roll space (a 3 face up)"


def test_possessives():
    from ratking.core import Voice

    v = Voice(("Whiskers", "Ana"), None)
    assert v.whose(0) == "Whiskers'" and v.whose(1) == "Ana's"


def test_final_round_sentence_names_who_ends_it():
    s = arrange(hands=[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2]], faceup=(3, 5, 5, 4, 6),
                tokens=[0, 0, 0], to_move=2)
    s.names = ("Ana", "Bo", "Cy")
    script(s, 2)
    s.apply("roll:1")
    assert s.events_for(0)[-1].text.endswith("everyone has one more turn, ending with Cy.")
    assert s.events_for(2)[-1].text.endswith("ending with you.")


def test_terminal_rendering_names_regions_and_marks_the_viewer():
    state = ratking.make("rat-a-tat-roll").new_game(3, seed=1, names=["You", "Rex", "Ana"])
    text = render(state.view(0))
    for colour in ("red", "orange", "green", "blue", "purple"):
        assert colour in text
    assert "You (you)" not in text and "Rex" in text
    other = render(state.view(1))
    assert "Rex (you)" in other


def test_terminal_shows_a_complete_player_who_must_put_a_card_back():
    s = arrange(hands=[[1, 2, 3, 9], [0], [0]], faceup=(3, 1, 2, 4, 6), tokens=[0, 2, 2])
    script(s, "lowest")
    s.apply("wild")
    assert "5 cards (one must go under the pile)" in render(s.view(0))
