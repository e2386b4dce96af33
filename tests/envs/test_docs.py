"""docs/research.md shows every game's observation layout and action space sizes as the code
has them (each table is `game.observation_layout(2).markdown()`)."""

from __future__ import annotations

from pathlib import Path

import ratking

from ..own import own_games

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_page_shows_every_layout_as_the_code_has_it():
    text = PAGE.read_text(encoding="utf-8")
    for game_id in own_games():  # ratking's docs show ratking's games
        layout = ratking.make(game_id).observation_layout(2)
        assert layout.markdown() in text, f"the {game_id} layout in {PAGE.name} is stale"


def test_the_page_shows_every_action_space_size():
    text = PAGE.read_text(encoding="utf-8")
    for game_id in own_games():
        game = ratking.make(game_id)
        sizes = [str(len(game.action_space(p))) if p in game.player_counts()
                 else "-" for p in range(2, 6)]
        row = f"| {game_id} | " + " | ".join(sizes) + f" | {len(game._actions)} |"
        assert row in text, f"{row} is not in {PAGE.name}"
