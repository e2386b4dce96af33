"""You Dirty Rat's SVG table: valid XML, clickable legal actions only, no hidden hands."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.games.you_dirty_rat import svg
from ratking.sim import random_play
from tests.cardfiles import thief_file

from ..svg_checks import NS, acts, draw
from .helpers import new, put, ready, set_hand


def test_one_svg_with_clickable_hand_cards_and_heists():
    s = ready(new(3))
    set_hand(s, 0, "Forger", "Cat Burglar", "Con Artist", "Femme Fatale")
    root, _ = draw(s, 0)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    assert {"play:forger", "play:cat-burglar", f"heist:{s.tops[0]}"} <= acts(root)
    node = next(n for n in root.iter() if n.get("data-action") == "play:forger")
    assert node.get("class") == "act"
    assert node.find(f"{NS}title").text == "Play the Forger"


def test_targets_on_name_plates_and_hideout_cards():
    s = ready(new(3))
    set_hand(s, 0, "Enforcer", "Snitch")
    (c,) = put(s, 1, 2, "Hacker")
    s.apply("play:enforcer")
    root, _ = draw(s, 0)
    assert acts(root) == {"target:1", "target:2"}
    s = ready(new(3))
    set_hand(s, 0, "Snitch")
    (c,) = put(s, 1, 2, "Hacker")
    s.apply("play:snitch")
    root, _ = draw(s, 0)
    assert acts(root) == {f"card:{c}"}


def test_data_action_only_for_given_actions_and_no_other_hand():
    game = ratking.make("you-dirty-rat")
    for seed in range(15):
        s = game.new_game(2 + seed % 3, seed=seed)
        random_play(s, random.Random(seed), seed * 9)
        seat = s.current_player
        root, actions = draw(s, seat)
        assert acts(root) <= {a["id"] for a in actions}
        root, _ = draw(s, 0, actions=[])
        assert acts(root) == set()
    s = ready(new(2))
    set_hand(s, 1, "Safecracker")
    svg = s.game.render_svg(s.view(0), [])
    assert "Safecracker" not in svg


def _texts(root):
    """Every <text> on the board, its wrapped lines joined by spaces."""
    return [" ".join(t.strip() for t in n.itertext() if t.strip())
            for n in root.iter(f"{NS}text")]


PLACED = ("play", "team", "with", "copy", "keep", "heist", "target", "card")


def test_every_action_with_a_place_is_on_the_table_once():
    # issue 6: cards in hand, the Mastermind's draw, top Heists, name plates and Hideout cards
    # are clickable; the rest (no second card, an archetype, the forced $100) are buttons
    game = ratking.make("you-dirty-rat")
    seen = set()
    for seed in range(60):
        s = game.new_game(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed * 3 % 130):
            if s.is_over:
                break
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
        if s.is_over:
            continue
        root, actions = draw(s, s.current_player)
        nodes = [n.get("data-action") for n in root.iter() if n.get("data-action")]
        assert len(nodes) == len(set(nodes))
        placed = {a["id"] for a in actions if a["id"].split(":")[0] in PLACED}
        assert set(nodes) == placed
        seen |= {a.split(":")[0] for a in nodes}
    assert seen >= {"play", "heist", "team", "target", "keep"}


def test_full_card_names_archetype_frames_and_zones():
    # issue 6: readable full names, frames coloured by archetype, three Nights and a Refresh
    # Area per seat, the Town Stash as $100 tokens with its count
    from ratking.games.you_dirty_rat.svg import ARCH
    s = ready(new(3))
    set_hand(s, 0, "Femme Fatale", "Safecracker", "Cat Burglar", "Forger")
    put(s, 1, 2, "Hacker", "Inside Man", "Con Artist")
    put(s, 2, 1, "Enforcer")
    root, _ = draw(s, 0)
    words = _texts(root)
    for name in ("Femme Fatale", "Safecracker", "Cat Burglar", "Forger", "Hacker",
                 "Inside Man", "Con Artist", "Enforcer"):
        assert name in words, name
    assert words.count("NIGHT 1") == 3 and words.count("REFRESH") == 3
    assert f"{s.stash // 100} × $100" in words
    forger = next(n for n in root.iter() if n.get("data-action") == "play:forger")
    assert any(r.get("stroke") == ARCH["smarts"] for r in forger.iter(f"{NS}rect"))
    burglar = next(n for n in root.iter() if n.get("data-action") == "play:cat-burglar")
    assert any(r.get("stroke") == ARCH["stealth"] for r in burglar.iter(f"{NS}rect"))


def test_heist_cards_show_chain_team_and_reward():
    s = ready(new(2))
    root, _ = draw(s, 0)
    words = _texts(root)
    d = s.game.deck
    for h in (d.heists[t] for t in s.tops if t >= 0):
        assert h.name in words
        assert f"TEAM OF {h.size}" in words
    assert "ORANGE 2+" in words and "1/4" in words
    assert "Steal $300 from the Town Stash" in words


def test_opponent_hands_face_down_with_their_size():
    # hands are secret, their size public (issue 6)
    s = ready(new(3))
    set_hand(s, 1, "Safecracker", "Wheelman", "Snitch", "Poacher", "Lookout")
    root, _ = draw(s, 0)
    words = _texts(root)
    assert "5 in hand" in words
    assert not {"Safecracker", "Wheelman", "Snitch", "Poacher", "Lookout"} & set(words)
    spectator = s.game.render_svg(s.view(None), [])
    assert "Safecracker" not in spectator and "YOUR HAND" not in spectator


def test_game_over_says_why():
    s = ready(new(2))
    set_hand(s, 0, "Forger")
    s.money[1] += s.stash - 300
    s.stash = 300
    s.apply("play:forger")
    root, _ = draw(s, 1)
    words = _texts(root)
    assert "Game over" in words
    assert "You win. The Town Stash is empty." in words, words


def test_a_card_files_texts_on_its_board(tmp_path):
    """A game made with another card file draws that file's card texts, and gives them to the
    browser's board (table_board_data); the built-in file changes nothing."""
    assert ratking.make("you-dirty-rat").table_board_data() == {}
    game = ratking.make("you-dirty-rat", card_files={"cards": str(thief_file(tmp_path, 400))})
    assert game.table_board_data()["card_texts"]["Thief"] == \
        "Thief (Stealth): Steal $400 from the Town Stash."
    s = game.new_game(2, seed=1)
    set_hand(s, 0, "Thief")
    svg = game.render_svg(s.view(0), [])
    assert "Steal $400 from the Town Stash" in svg and "Steal $200 from the Town Stash" not in svg


def test_a_hand_of_any_size_is_one_row_and_the_board_as_tall():
    """Up to the largest hand a table deals (three Ringleaders and `hand` <= 10 Specialists,
    seed 002 SET-UP), your hand is one row: the board's height does not depend on its size,
    and every card stays inside the board, clickable on its own uncovered part."""
    heights = {}
    for n in (5, 9, 13):
        s = ready(new(3, seed=4, hand=n - 3))
        assert len(s.hands[0]) == n
        root, _ = draw(s, 0)
        heights[n] = root.get("viewBox")
        home = next(e for e in root.iter(f"{NS}rect") if e.get("data-home") is not None)
        left, width = float(home.get("x")), float(home.get("width"))
        assert left >= 0 and left + width <= float(root.get("viewBox").split()[2])
        plays = [g for g in root.iter(f"{NS}g")
                 if (g.get("data-action") or "").startswith("play:")]
        xs = sorted({float(g.find(f".//{NS}rect[@stroke]").get("x")) for g in plays})
        assert all(b - a >= 40 for a, b in pairwise(xs)), xs  # each card's own strip
    assert heights[5] == heights[9] == heights[13]


VIEWBOX = re.compile(r'viewBox="([^"]*)"')


def _play_through(players: int, seed: int, seen: dict, moments: Counter) -> None:
    """Play a random game, adding each viewer's board size to `seen` by kind: the mover's at
    every decision (with the actions it is offered), the open view's (a replay's, every hand
    face up) at every decision, every seat's and a spectator's at the start and the end.
    `moments` counts the states that once made a board grow."""
    game = ratking.make("you-dirty-rat")
    s = game.new_game(players, seed=seed)
    rng = random.Random(seed)

    def size(seat, view, actions) -> None:
        board = game.render_svg(view, actions)
        moments["team toggles"] += 'data-team="heist:"' in board
        moments["the Mastermind's draw"] += bool(view.get("drawn"))
        kind = "open" if view.get("open") else "spectator" if seat is None else "seat"
        seen.setdefault((players, kind), set()).add(VIEWBOX.search(board).group(1))

    start = True
    while True:
        everyone, start = start or s.is_over, False
        for seat in [*range(players), None] if everyone else [s.current_player]:
            mover = seat is not None and seat == s.current_player and not s.is_over
            actions = [{"id": a.id, "label": s.describe_action(a)}
                       for a in s.legal_actions()] if mover else []
            size(seat, s.view(seat), actions)
        size(None, game.open_view(s), [])
        moments["open hands of 7+"] += max(len(h) for h in s.hands) >= 7
        if s.is_over:
            return
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])


def _assert_fixed(seen: dict) -> None:
    for (players, kind), boxes in seen.items():
        assert len(boxes) == 1, f"{players} players, {kind}: the board changes size: {boxes}"
        _, _, width, height = map(float, next(iter(boxes)).split())
        assert width == svg.W and height <= svg.TALLEST, (players, kind, boxes)


def test_the_board_is_as_large_at_every_moment_of_a_game():
    """At every decision of played games at 2, 3 and 4 players, every viewer's
    board has one size (no row grows with the Mastermind's draw, the heist's Team toggles or
    a replay's long hands), at most TALLEST tall: its text is never drawn smaller than at
    the start. The games reach each of the moments that once made it grow."""
    seen: dict = {}
    moments: Counter = Counter()
    for players in (2, 3, 4):
        for seed in range(3):
            _play_through(players, seed, seen, moments)
    _assert_fixed(seen)
    assert len(seen) == 9
    assert min(moments[m] for m in ("team toggles", "the Mastermind's draw",
                                    "open hands of 7+")) > 0, moments


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**20))
def test_any_game_keeps_one_board_size(players, seed):
    """Any deal at three or four players: one board size for each viewer, all game."""
    seen: dict = {}
    _play_through(players, seed, seen, Counter())
    _assert_fixed(seen)


def test_the_masterminds_draw_and_the_hand_share_one_row_apart():
    """The Mastermind's draw (seed 002, Mastermind: draw three, keep one; a card file may draw
    more) shares your hand's row: drawn cards on the left, your hand on the right, apart, each
    inside the board; the three drawn never overlap beside a hand of up to 13, the largest a
    table deals."""
    s = ready(new(4))
    set_hand(s, 0, "Mastermind", "Forger")
    s.apply("play:mastermind")
    view = s.view(0)
    assert len(view["drawn"]) == 3
    actions = [{"id": a.id, "label": s.describe_action(a)} for a in s.legal_actions()]
    pool = view["drawn"] + view["seats"][0]["hand"]
    for drawn in range(1, 6):
        for held in range(14):
            cards = [dict(pool[k % len(pool)], id=900 + k) for k in range(drawn + held)]
            seats = [dict(seat) for seat in view["seats"]]
            seats[0]["hand"] = cards[drawn:]
            board = s.game.render_svg({**view, "drawn": cards[:drawn], "seats": seats},
                                      actions)
            root = ET.fromstring(board)
            assert root.get("viewBox") == f"0 0 {svg.W} 754"
            spans = {}
            for g in root.iter(f"{NS}g"):
                key = g.get("data-key") or ""
                rect = g.find(f"{NS}rect[@height='136.0']")
                if key.startswith("card:9") and rect is not None:
                    x = float(rect.get("x"))
                    spans[int(key[5:]) - 900] = (x, x + float(rect.get("width")))
            assert len(spans) == drawn + held
            left, right = [spans[k] for k in range(drawn)], [spans[k] for k in
                                                            range(drawn, drawn + held)]
            assert left[0][0] >= svg.HAND_X and max(b for _, b in spans.values()) <= svg.W
            if right:
                assert max(b for _, b in left) + 8 <= right[0][0], (drawn, held)
            if drawn == 3:
                assert all(b <= c for (_, b), (c, _) in pairwise(left)), (drawn, held)
