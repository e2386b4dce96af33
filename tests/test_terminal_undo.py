"""`u` in `ratking play`: the person takes back their last decision where the kernel allows
it, and is told why not after a roll."""

from __future__ import annotations

from .test_terminal import play


def test_u_takes_back_a_move_and_the_game_goes_on_from_before_it():
    # Rat & Duck, seed 4: the first decision (moving the Company) keeps the turn
    state, out, script = play(["human", "bot"], seed=4, choices=["1", "u", "2", "q"],
                              game="rat-and-duck")
    assert "You took back" in out
    choices = [p for p, seat in script.prompts if p.startswith("Your choice")]
    assert len(choices) == 4
    # the record holds the second answer in place of the first: "2" at the same decision
    first = state.game.new_game(2, seed=4, names=state.names).legal_actions()
    assert state.record()["actions"] == [first[1].id]


def test_u_after_a_roll_says_why_nothing_is_taken_back():
    state, out, _ = play(["human", "bot"], seed=2, choices=["roll:2", "u", "q"])
    assert "Nothing to take back: chance has been drawn since" in out
    assert state.record()["actions"] == ["roll:2"]


def test_u_before_any_move_changes_nothing():
    state, out, _ = play(["human", "bot"], seed=4, choices=["u", "q"], game="rat-and-duck")
    assert "Nothing to take back: no step has been made yet." in out
    assert state.record()["actions"] == []


# Target: Rats, seed 0: the person's first turn, each rat moved by itself to S3; once both have
# moved, scavenging (a card drawn) is the only choice left
FIRST_MOVES = ["group:H0", "take:0:1", "step:S1", "step:S2", "step:S3"] * 2


def test_an_only_choice_that_ends_the_undo_waits_for_the_person():
    state, out, script = play(["human", "bot"], seed=0, choices=[*FIRST_MOVES, "u", "q"],
                              game="target-rats")
    prompts = [p for p, _ in script.prompts]
    assert "Your choice (1: no undo after it; b: board, f: full board, u: undo, q: quit): " \
        in prompts
    assert "You took back" in out
    # the draw was not made for them; the undo took back the last step of the move
    actions = state.record()["actions"]
    assert "scavenge:S3" not in actions
    assert actions[-1] == "step:S2", actions


def test_an_only_choice_that_ends_the_undo_is_made_when_chosen():
    state, out, script = play(["human", "bot"], seed=0, choices=[*FIRST_MOVES, "1", "q"],
                              game="target-rats")
    assert any("1: no undo after it" in p for p, _ in script.prompts)
    assert "scavenge:S3" in state.record()["actions"]
    assert "Your only choice, made for you: Scavenge" not in out
