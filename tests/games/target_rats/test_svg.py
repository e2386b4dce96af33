"""Target: Rats' SVG board: valid XML, every space, the pieces of the view, clickable legal
actions only (each once), from hand-built views that follow the spec's view format and from
real games."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import ratking
from ratking.games.target_rats.board import KIND_NAMES, board
from ratking.games.target_rats.full import svg
from ratking.games.target_rats.seats import NESTS

from ..svg_checks import NS, acts

B = board()
SPACE_VERBS = ("group", "step", "push", "spawn", "retreat", "ext", "relocate")


def card(cid: str, name: str, deck: str = "surface", item: bool = False,
         kind: str = "food") -> dict[str, Any]:
    return {"id": cid, "name": name, "deck": deck, "item": item, "kind": kind,
            "text": f"{name}: what the card does, in a sentence or two of plain words."}


PIGEON = card("pigeon-call", "Pigeon Call", item=True, kind="item")
BOTTLE = card("lucky-bottle-cap", "Lucky Bottle Cap", "underground", item=True, kind="item")


def full_view(players: int = 4, seat: int | None = 0, rats=None, tokens=None, **extra):
    """A view dict exactly as the spec's "The view" describes it. `rats`: {space id: [(seat,
    unfed, fed)...]}; `tokens`: {space id: "food" | "sewer" | seat (a nest)}."""
    rats = rats if rats is not None else {B.ids[B.homes[n]]: [(f, 4, 0)]
                                          for f, n in enumerate(NESTS[players])}
    tokens = tokens or {}
    ext = extra.pop("exterminator", None)
    cheese = extra.pop("cheese", None)
    spaces = []
    for sp in range(B.size):
        sid = B.ids[sp]
        tok = tokens.get(sid)
        spaces.append({
            "id": sid, "name": B.names[sp], "kind": KIND_NAMES[B.kind[sp]],
            "ring_index": B.ring_index[sp], "quadrants": list(B.quadrants[sp]),
            "corridor": B.corridor[sp], "neighbours": [B.ids[n] for n in B.adj[sp]],
            "beneath": B.ids[B.beneath[sp]] if B.beneath[sp] >= 0 else None,
            "token": tok if isinstance(tok, str) or tok is None else "nest",
            "nest_seat": tok if isinstance(tok, int) else None,
            "exterminator": sid == ext, "throne": sid == "RC" and cheese is not None,
            "rats": [{"seat": f, "unfed": u, "fed": d} for f, u, d in rats.get(sid, ())],
        })
    factions = []
    for f, n in enumerate(NESTS[players]):
        mine = [(u, d) for lst in rats.values() for g, u, d in lst if g == f]
        factions.append({
            "seat": f, "name": f"Player {f + 1}", "faction": B.faction_names[n],
            "colour": B.faction_colours[n], "home": B.ids[B.homes[n]],
            "rats": sum(u + d for u, d in mine), "fed": sum(d for _, d in mine),
            "nests": sum(1 for t in tokens.values() if t == f),
            "item": None, "item_ready": False, "cheese": cheese == f, "pending_win": False})
    view = {
        "game": "target-rats", "seat": seat, "players": players, "to_move": 0, "round": 1,
        "max_rounds": None, "phase": "move", "prompt": "Player 1: move a group or end moves",
        "spaces": spaces, "factions": factions, "exterminator": ext, "cheese": cheese,
        "pending_win": None,
        "decks": {"surface": {"left": 45, "discards": 0, "top": None},
                  "underground": {"left": 34, "discards": 0, "top": None}},
        "turn": {"groups_left": 2, "group": None, "action_spaces": [], "done_spaces": []},
        "choice": None, "last_fight": None,
        "limits": {"space": 4, "city": 8, "max_rats": 12, "max_nests": 4, "nests_to_win": 3,
                   "move_range": 4},
        "target_face": 1, "over": False,
    }
    for key, value in extra.items():
        if key in view["turn"]:
            view["turn"][key] = value
        else:
            view[key] = value
    return view


def busy_view(seat: int | None = 0) -> dict[str, Any]:
    """Mid-game: tokens, the Exterminator, Da Big Cheese, items, a group on the way, a fight."""
    rats = {"H0": [(0, 2, 1)], "S1": [(0, 1, 2)], "S3": [(1, 2, 0), (0, 1, 1)],
            "U1": [(0, 0, 2)], "S7": [(1, 1, 1)], "U4": [(1, 3, 0)], "RC": [(2, 3, 2)],
            "S14": [(2, 1, 1)], "U7": [(2, 0, 2)], "S20": [(3, 4, 0)], "H3": [(3, 1, 0)],
            "U10": [(3, 1, 1)], "H2": [(2, 2, 0)]}
    tokens = {"S3": "food", "S9": "food", "S15": 2, "S16": "sewer", "U7": 2, "S21": 3,
              "U2": 0, "S22": "food", "U5": 1}
    v = full_view(4, seat, rats, tokens, exterminator="S10", cheese=2, round=6, max_rounds=60,
                  phase="step", prompt="Player 1: step the group on, or stop it here",
                  groups_left=1, group={"from": "H0", "path": ["S0", "S1"], "fed": 1,
                                        "unfed": 1, "steps_left": 2},
                  action_spaces=["S3"], done_spaces=[])
    f = v["factions"]
    f[0]["item"], f[0]["item_ready"] = PIGEON, True
    f[2]["item"], f[2]["item_ready"] = BOTTLE, False
    f[2]["pending_win"] = True
    v["pending_win"] = 2
    v["decks"]["surface"].update(left=31, discards=12, top=card("alley-cat", "Alley Cat",
                                                                kind="kill"))
    v["decks"]["underground"].update(left=27, discards=6, top=card(
        "sewer-gator", "Sewer Gator", "underground", kind="kill_half"))
    v["last_fight"] = {"space": "S3", "sides": {0: 2, 1: 3}, "rolls": {0: [6, 5], 1: [2, 3, 1]},
                       "winner": 0, "killed": {1: 1}}
    return v


def on_board(root):
    """The classes of everything drawn on the spaces (not the legend or the panels)."""
    return [n.get("class") for sp in root.iter() if sp.get("data-space") for n in sp.iter()]


def draw(view, actions=()):
    actions = [{"id": a, "label": f"Do {a}"} if isinstance(a, str) else a for a in actions]
    return ET.fromstring(svg.render(view, actions)), actions


def test_every_space_rings_and_home_nests():
    root, _ = draw(full_view(4))
    assert root.tag == f"{NS}svg" and root.get("viewBox") and root.get("width") == "100%"
    spaces = {n.get("data-space") for n in root.iter() if n.get("data-space")}
    assert spaces == set(B.ids)
    factions = [n for n in root.iter() if n.get("class") == "faction"]
    assert [n.get("data-seat") for n in factions] == ["0", "1", "2", "3"]
    assert acts(root) == set()


def test_two_players_leave_two_corners_empty():
    root, _ = draw(full_view(2))
    text = ET.tostring(root, encoding="unicode")
    assert text.count("no faction here") == 2
    assert {n.get("data-seat") for n in root.iter() if n.get("class") == "faction"} == {"0", "1"}


def test_fed_and_unfed_rats_are_different_tokens_with_counts():
    root, _ = draw(full_view(2, rats={"S5": [(0, 3, 2)], "H0": [(0, 1, 0)]}))
    tokens = [n for sp in root.iter() if sp.get("data-space") for n in sp.iter()]
    fed = [n for n in tokens if n.get("class") == "rat fed"]
    unfed = [n for n in tokens if n.get("class") == "rat unfed"]
    assert len(fed) == 1 and len(unfed) == 2
    assert fed[0].find(f"{NS}circle") is not None and fed[0].find(f"{NS}rect") is None
    assert unfed[0].find(f"{NS}rect") is not None
    assert "2 fed rats of Player 1" in fed[0].find(f"{NS}title").text
    assert {n.find(f"{NS}text").text for n in unfed} == {"3", "1"}


def test_tokens_exterminator_throne_and_pieces():
    root, _ = draw(busy_view())
    classes = on_board(root)
    assert classes.count("token food") == 3
    assert classes.count("token sewer") == 1
    assert classes.count("token nest") == 5
    assert classes.count("exterminator") == 1
    classes = [n.get("class") for n in root.iter()]
    assert classes.count("pipe") == 1
    throne = next(n for n in root.iter() if n.get("class") == "throne")
    assert "Player 3 is Da Big Cheese" in throne.find(f"{NS}title").text
    assert throne.find(f".//{NS}path[@class='crown']") is not None
    text = " ".join(root.itertext())
    for words in ("Pigeon Call", "Lucky Bottle Cap", "WINS IF IT HOLDS", "31", "27",
                  "Alley Cat", "Sewer Gator", "Last fight, on S3", "Round 6 of 60",
                  "step the group on", "H0 > S0 > S1, 2 steps left"):
        assert words in text, words
    assert classes.count("group-path") == 1
    assert on_board(root).count("fight-mark") == 1
    ext = next(n for n in root.iter() if n.get("data-space") == "S10")
    assert ext.find(f"{NS}g[@class='exterminator']") is not None


def test_off_board_exterminator_and_unclaimed_throne():
    root, _ = draw(full_view(3))
    text = " ".join(root.itertext())
    assert "Exterminator off the board" in text
    throne = next(n for n in root.iter() if n.get("class") == "throne")
    assert "unclaimed" in throne.find(f"{NS}title").text


@pytest.mark.parametrize("verb", SPACE_VERBS)
def test_space_verbs_are_clickable_on_their_space(verb):
    root, _ = draw(busy_view(), [f"{verb}:S2", f"{verb}:H0", "stop", "fight:S3"])
    assert acts(root) == {f"{verb}:S2", f"{verb}:H0"}
    for sid in ("S2", "H0"):
        space = next(n for n in root.iter() if n.get("data-space") == sid)
        node = space.find(f"{NS}g[@class='act']")
        assert node.get("data-action") == f"{verb}:{sid}"
        assert node.find(f"{NS}title").text == f"Do {verb}:{sid}"


def test_choice_cards_are_clickable_and_the_spaces_offered_are_marked():
    v = busy_view()
    gator = card("sewer-gator", "Sewer Gator", "underground", kind="kill_half")
    drain = card("storm-drain", "Forgotten Storm Drain", "underground", kind="sewer")
    v["choice"] = {"kind": "keep", "cards": [gator, drain], "spaces": []}
    root, _ = draw(v, ["keep:sewer-gator", "keep:storm-drain"])
    assert acts(root) == {"keep:sewer-gator", "keep:storm-drain"}
    assert "Choose the card to keep" in " ".join(root.itertext())
    v["choice"] = {"kind": "item", "cards": [PIGEON, BOTTLE], "spaces": []}
    root, _ = draw(v, ["item:pigeon-call", "item:lucky-bottle-cap"])
    assert acts(root) == {"item:pigeon-call", "item:lucky-bottle-cap"}
    # a spectator sees the same cards and the spaces offered, nothing clickable
    v["choice"] = {"kind": "push", "cards": [], "spaces": ["S5", "U2"]}
    root, _ = draw(v, [])
    assert acts(root) == set()
    marked = {n.get("data-space") for n in root.iter() if n.get("data-space")
              and any(c.get("stroke-dasharray") == "7 5" for c in n)}
    assert {"S5", "U2"} <= marked


def test_held_item_is_clickable_for_its_holder_only():
    v = busy_view(seat=0)
    root, _ = draw(v, ["use:pigeon-call", "pass"])
    assert acts(root) == {"use:pigeon-call"}
    item = next(n for n in root.iter() if n.get("class") == "item")
    assert item.find(f"{NS}title").text.startswith("Pigeon Call (ready)")
    # when the item window shows the card below, the card is the button (once)
    v["choice"] = {"kind": "use", "cards": [PIGEON], "spaces": []}
    root, _ = draw(v, ["use:pigeon-call", "pass"])
    node = next(n for n in root.iter() if n.get("data-action") == "use:pigeon-call")
    assert node.find(f"{NS}g").get("class") == "card"
    assert [n.get("data-action") for n in root.iter() if n.get("data-action")] == \
        ["use:pigeon-call"]
    v = busy_view(seat=1)
    root, _ = draw(v, ["use:pigeon-call"])
    assert acts(root) == set()


def test_used_item_and_game_over():
    v = busy_view(seat=None)
    v["over"] = True
    v["result"] = {"returns": [0.0, 0.0, 1.0, 0.0], "end": "finished"}
    root, _ = draw(v)
    text = " ".join(root.itertext())
    assert "Game over: Player 3 won" in text and "used" in text
    v["result"] = {"returns": [0.5, 0.5, 0.5, 0.5], "end": "round-cap"}
    root, _ = draw(v)
    assert "a draw" in " ".join(root.itertext())


def test_each_action_drawn_at_most_once():
    v = busy_view()
    ids = [f"step:{x}" for x in ("S2", "U1", "S0")] + ["stop", "use:pigeon-call"]
    root, _ = draw(v, ids)
    found = [n.get("data-action") for n in root.iter() if n.get("data-action")]
    assert sorted(found) == sorted(set(found)) and set(found) <= set(ids)


def _engine():
    import ratking

    return ratking.make("target-rats", max_rounds=40)


def test_real_games_every_decision_every_seat_and_spectators():
    """Random games from start to end: at each decision the mover's board holds each of their
    space and card choices exactly once (the rest are the page's buttons), nobody else's board
    anything; every 11th decision, every seat and a spectator get a board too."""
    game = _engine()
    from ..svg_checks import draw as draw_state
    on_board = (*SPACE_VERBS, "keep", "item", "use")
    for seed in range(4):
        s = game.new_game(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not s.over and step < 500:
            legal_actions = s.legal_actions()
            legal = {a.id for a in legal_actions}
            board = game.render_svg(s.view(s.current_player),
                                    [{"id": a.id, "label": a.label} for a in legal_actions])
            found = re.findall(r'data-action="([^"]*)"', board)
            assert len(found) == len(set(found)), "an action drawn twice"
            assert set(found) <= legal
            assert {a for a in legal if a.split(":")[0] in on_board} <= set(found)
            if step % 11 == 0:
                for seat in [*range(s.players), None]:
                    if seat != s.current_player:
                        root, _ = draw_state(s, seat, [])
                        assert acts(root) == set()
                        assert {n.get("data-space") for n in root.iter()
                                if n.get("data-space")} == set(B.ids)
            s.apply(legal_actions[int(rng.random() * len(legal_actions))])
            step += 1
        root, _ = draw_state(s, None, [])
        if s.over:
            assert "Game over" in " ".join(root.itertext())


def test_the_card_a_question_is_about_is_shown_beside_its_deck():
    # seed 000, ITEMS: a drawn item is held or the held one swapped; the card drawn is the
    # one beside its deck while the question is asked, not the card used before it
    v = busy_view()
    v["decks"]["underground"]["top"] = card("old-news", "Old News", "underground")
    v["choice"] = {"kind": "item", "cards": [PIGEON, BOTTLE], "spaces": []}
    root, _ = draw(v, ["item:pigeon-call", "item:lucky-bottle-cap"])
    shown = lambda r: " ".join(t for n in r.iter(f"{NS}text") for t in n.itertext())  # noqa: E731
    text = shown(root)
    assert "drawn now" in text and "Old News" not in text
    # between questions the card used last is shown again
    v["choice"] = None
    text = shown(draw(v, [])[0])
    assert "last drawn" in text and "Old News" in text


def test_space_names_are_drawn_over_the_pieces():
    # a token beside a space's name never hides it: the names come after every piece, on a
    # halo, and take no clicks
    root, _ = draw(busy_view(), [])
    order = list(root.iter())
    names = next(i for i, n in enumerate(order) if n.get("class") == "labels")
    on_spaces = {id(r) for g in order if g.get("class") == "space" for r in g.iter()}
    rats = [i for i, n in enumerate(order)
            if (n.get("class") or "").startswith("rat ") and id(n) in on_spaces]
    assert rats and max(rats) < names
    group = order[names]
    assert group.get("paint-order") == "stroke" and group.get("pointer-events") == "none"
    assert {t.text for t in group} >= {"S0", "S23", "U0", "U11"}


def test_an_ended_table_marks_no_space_to_act():
    """A table ended by a resignation or a vote leaves the game mid-turn: its board, given the
    table's result, marks no space as still to act (only the legend shows the mark)."""
    game = ratking.make("target-rats")
    state = game.new_game(2, seed=3)
    rng = random.Random(3)
    tip = svg.MARK_TIPS["to-act"]
    while state.view(None)["turn"].get("action_spaces") in (None, []) or \
            game.render_svg(state.view(None), []).count(tip) < 2:
        state.apply(rng.choice(state.legal_actions()))
    result = {"returns": [1.0, -1.0], "scores": None, "end": "resigned"}
    assert game.render_svg({**state.view(None), "result": result}, []).count(tip) == 1
