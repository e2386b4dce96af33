"""The tutorials: every game's script plays on the engine as written (so a rules change that
breaks a step fails here), a broken file is refused naming its step, and a lesson answers a
wrong choice with a reason and nothing changed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratking.core import list_games
from ratking.tutorial import Lesson, TutorialError, load_tutorial, tutorial_games
from ratking.tutorial.script import parse, tutorial_path

GAMES = tutorial_games()


def script_ids(tutorial) -> list[str]:
    """Every action id the tutorial names (the moves a random clicker tries)."""
    ids = {*tutorial.prefix}
    for step in tutorial.steps:
        ids.update((step.do, step.point, *step.then))
    return sorted(ids)


def test_games_with_a_tutorial():
    assert "rat-a-tat-roll" in GAMES
    assert set(GAMES) <= {g.id for g in list_games()}


@pytest.mark.parametrize("game", GAMES)
def test_script_plays_through(game):
    tutorial = load_tutorial(game)
    lesson = Lesson(tutorial)
    for n, step in enumerate(tutorial.steps, 1):
        assert lesson.step == step and lesson.learner_to_move, f"step {n}"
        assert any(a.id == step.point for a in lesson.state.legal_actions()), \
            f"step {n}: what it points at is not offered"
        assert lesson.try_move(step.do) is None, f"step {n}"
    assert lesson.step is None and (lesson.state.is_over or lesson.learner_to_move)


@pytest.mark.parametrize("game", GAMES)
def test_wrong_choices_are_answered(game):
    tutorial = load_tutorial(game)
    lesson = Lesson(tutorial)
    for step in tutorial.steps:
        before = lesson.state.to_json()
        others = [a.id for a in lesson.state.legal_actions() if a.id != step.do]
        for wrong in others[:3]:
            refusal = lesson.try_move(wrong)
            assert refusal is not None and refusal.reason == step.hint
        illegal = next((a for a in script_ids(tutorial)
                        if a not in {b.id for b in lesson.state.legal_actions()}), None)
        if illegal is not None:  # the rule's own reason, then the step's hint
            refusal = lesson.try_move(illegal)
            assert refusal is not None and refusal.reason.endswith(step.hint)
            assert len(refusal.reason) > len(step.hint) + 2
        assert lesson.state.to_json() == before and lesson.moves == lesson.moves
        lesson.try_move(step.do)


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_lessons_replay_and_end(game, seed):
    """Random clicks: never an exception, a refusal changes nothing, the lesson replays bit
    for bit from the learner's moves, and after the script the game plays to its end."""
    tutorial = load_tutorial(game)
    rng = random.Random(seed)
    lesson = Lesson(tutorial)
    ids = [*script_ids(tutorial), "no-such-move"]
    for _ in range(400):
        if lesson.state.is_over:
            break
        legal = [a.id for a in lesson.state.legal_actions()]
        step = lesson.step
        choice = rng.choice(ids + legal * 3 + ([step.do] * 10 if step else []))
        before = lesson.state.to_json()
        if lesson.try_move(choice) is not None:
            assert lesson.state.to_json() == before
    again = Lesson.replayed(tutorial, lesson.moves)
    assert again.state.to_json() == lesson.state.to_json()
    assert lesson.state.is_over or lesson.step is None


def test_a_step_of_several_moves():
    """A [[step]] whose `do` lists moves is one step of the file: its words for each move,
    the others' moves after the last."""
    path = tutorial_path("rat-a-tat-roll")
    text = path.read_text(encoding="utf-8").replace('do = "roll:1"', 'do = ["roll:1", "go"]', 1)
    start = text.index('[[step]]\ndo = "go"')
    text = text[:start] + text[text.index("[[step]]", start + 1):]
    tutorial = parse("rat-a-tat-roll", path, text)
    first, second = tutorial.steps[:2]
    assert (first.do, second.do) == ("roll:1", "go") and first.number == second.number == 1
    assert first.say == second.say and first.then == second.then == ()
    assert tutorial.length == load_tutorial("rat-a-tat-roll").length - 1
    assert tutorial.steps[2].number == 2


def test_a_prefix_starts_the_lesson_later():
    """Moves in [start] prefix are played before the lesson: the same game, fewer steps."""
    path = tutorial_path("rat-a-tat-roll")
    whole = load_tutorial("rat-a-tat-roll")
    text = path.read_text(encoding="utf-8").replace(
        "seed = 42", 'seed = 42\nprefix = ["roll:1", "go", "keep", "roll:3", "go", "roll:2", "go"]')
    start = text.index("[[step]]\ndo = \"roll:1\"")
    text = text[:start] + text[text.index("[[step]]\ndo = \"roll:1\"", start + 1):]
    later = parse("rat-a-tat-roll", path, text)
    assert [(s.do, s.say, s.then) for s in later.steps] == \
        [(s.do, s.say, s.then) for s in whole.steps[3:]]
    assert later.steps[0].number == 1 and later.length == whole.length - 3
    assert later.start().to_json() == Lesson.replayed(whole, ["roll:1", "go", "keep"]
                                                      ).state.to_json()


def _broken(game: str, old: str, new: str) -> str:
    path = tutorial_path(game)
    text = path.read_text(encoding="utf-8")
    assert old in text
    return parse(game, path, text.replace(old, new, 1))


@pytest.mark.parametrize(("old", "new", "says"), [
    ('do = "go"', 'do = "take:pile"', "step 2: 'take:pile' is not legal there"),
    ('do = "go"', 'do = "fly"', "step 2: 'fly' is not legal there (no such action"),
    ('then = ["roll:3", "go", "roll:2", "go"]', 'then = ["roll:3", "go"]',
     "step 4: seat 2 is to move, not the learner"),
    ('then = ["roll:3", "go", "roll:2", "go"]', 'then = ["roll:3", "go", "roll:2", "go", "x"]',
     "step 3: then move 5 ('x') would be the learner's"),
    ("seed = 42", "seed = 43", "is not legal there"),
    ('do = "keep"', 'do = "keep"\npoint = "roll:1"', "step 3: point 'roll:1' is not offered"),
    ("players = 3", "players = 9", "[start]"),
    ('hint = "Move with', 'hunt = "Move with', "step 2: unknown keys ['hunt']"),
    ('hint = "Move with the 4', 'hint = " "\nhunch = "', "step 2: unknown keys ['hunch']"),
    ('hint = "Move with the 4 you rolled: the Wild space it reaches is a good one this time."',
     'hint = "  "', "step 2: `hint` must be a non-empty string"),
    ('[[step]]\ndo = "roll:1"', '[[stop]]\ndo = "roll:1"', "step 1: 'go' is not legal there"),
])
def test_a_broken_step_is_named(old, new, says):
    # seed 000: a tutorial is checked on the engine when it is loaded
    with pytest.raises(TutorialError) as caught:
        _broken("rat-a-tat-roll", old, new)
    assert "tutorial.toml" in str(caught.value) and says in str(caught.value)
