"""Target: Rats in the terminal: the Rich rendering shows the board, factions, decks and what
is being decided, from hand-built views (the spec's format) and from real games."""

from __future__ import annotations

import random

from rich.console import Console

from ratking.games.target_rats.full import text

from .test_svg import BOTTLE, PIGEON, busy_view, full_view


def shown(view, width=130) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(text.render(view))
    return console.export_text()


def test_the_board_by_quadrants_with_rats_tokens_and_marks():
    out = shown(busy_view())
    for words in ("quadrant 1", "quadrant 4", "S3 F 2:rr 1:rR ! ⚔", "S10 X", "S15 N3",
                  "S16 O", "U1 1:RR", "Rat City: RC throne:3 3:rrrRR", "White home nest: H0",
                  "S1 1:rRR *", "H0 > S0 > S1 (2 steps left)", "to act: S3", "group moves left 1",
                  "Exterminator S10"):
        assert words in out, words


def test_factions_decks_items_and_the_last_fight():
    out = shown(busy_view())
    for words in ("Player 1 (you)", "10/12", "Pigeon Call (ready)", "Lucky Bottle Cap (used)",
                  "Da Big Cheese, wins if it holds", "Surface deck: 31 left, 12 discarded, "
                  "last Alley Cat", "Underground deck: 27 left", "Last fight on S3",
                  "Player 1: 2 rats rolled 6+5 = 11", "1 killed", "Player 1 wins",
                  "step the group on"):
        assert words in out, words


def test_choices_and_game_over():
    v = busy_view(seat=None)
    v["choice"] = {"kind": "item", "cards": [PIGEON, BOTTLE], "spaces": []}
    out = shown(v)
    assert "To choose (item): Pigeon Call" in out and "Lucky Bottle Cap" in out
    v["choice"] = {"kind": "push", "cards": [], "spaces": ["S5", "U2"]}
    out = shown(v)
    assert "To choose (push): S5, U2" in out and "S5 ?" in out
    v["over"] = True
    v["result"] = {"returns": [0.0, 0.0, 1.0, 0.0], "end": "finished"}
    assert "game over: Player 3 won (three nests" in shown(v)


def test_a_fresh_two_player_game():
    out = shown(full_view(2, seat=1))
    assert "Exterminator off the board" in out and "Player 2 (you)" in out
    assert "Grey home nest" not in out  # no faction there, no rats


def test_real_games_every_seat_and_spectators():
    import ratking
    from ratking.sim import random_play

    game = ratking.make("target-rats", max_rounds=40)
    for seed in range(8):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed), seed * 9)
        for seat in [*range(s.players), None]:
            console = Console(width=120, record=True, color_system=None)
            console.print(game.render_text(s.view(seat)))
            assert "quadrant 1" in console.export_text()
