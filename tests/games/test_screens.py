"""What a player reads on screen, for every game, over random play: the labels of the choices
differ whenever their ids do; the terminal board, the screen reader's words (the SVG's titles
and description), the "how to win" panel and the event log count with agreeing nouns ("1 rat",
never "1 rats") and show no engine codes (a phase code, a Python list)."""

from __future__ import annotations

import html
import random
import re

import pytest
from rich.console import Console

import ratking

GAMES = [info.id for info in ratking.list_games()]
# a count of one and a word ending in s: a plural noun, unless the 1 ends a name
# ("Player 1 holds", "underground 1 has") or the word is an archetype ("1 smarts")
ONE_AND_S = re.compile(r"(?:(\S+) )?\b1 ([a-z]+s)\b")
NAMED = re.compile(r"[A-Z]\w*|underground|surface|space")


def one_plural(text: str) -> list[str]:
    """"1 rats" and the like in `text`."""
    return [m.group(0) for m in ONE_AND_S.finditer(text)
            if m.group(2) not in ("smarts", "is", "has", "was", "does")
            and not (m.group(1) and NAMED.fullmatch(m.group(1)))]
ENGINE = re.compile(r"\bphase [a-z-]+|pre-move|pre-action|after-action|round-cap|\[\d")
SVG_WORDS = re.compile(r"<(title|desc)>(.*?)</\1>", re.DOTALL)


def screens(state, seat):
    """Every text one seat reads now: the terminal board, the SVG's words, the panel, the log."""
    view = state.view(seat)
    game = state.game
    console = Console(record=True, width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(game.render_text(view))
    yield "terminal", console.export_text()
    svg = game.render_svg(view, [])
    for _, words in SVG_WORDS.findall(svg):
        yield "svg words", html.unescape(words)
    if game.standing is not None:
        panel = game.standing(view)
        yield "panel", " ".join([panel["goal"], panel["note"] or ""]
                                + [row["text"] for row in panel["rows"]])
    for event in state.events_for(seat):
        yield "event", event.text


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_player_reads_counts_right_and_shows_no_codes(game_id):
    game = ratking.make(game_id, max_rounds=12)
    for seed in range(3):
        players = game.player_counts()[seed % len(game.player_counts())]
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            legal = state.legal_actions()
            labels = [state.describe_action(a) for a in legal]
            assert len(set(labels)) == len(labels), (game_id, sorted(labels))
            if step % 7 == 0 or state.is_over:
                seat = state.current_player if not state.is_over else 0
                for where, text in screens(state, seat):
                    assert not one_plural(text), (game_id, where, text)
                    assert not ENGINE.search(text), (game_id, where, text)
            if state.is_over:
                break
            state.apply(rng.choice(legal))
            step += 1
