"""The web board of Rat-a-Tat Roll (svg.py): one standalone SVG drawn from a view, with the
viewer's legal actions placed where they belong and nothing the view does not hold."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import ratking
from ratking.sim import random_play

from .helpers import arrange, script

SVG = "{http://www.w3.org/2000/svg}"
# actions that have a place on the board; every other one is a button made by the page
PLACED = re.compile(r"^(take:.+|peek:own|peek:\d+\.\d+|swap:\d+|with:\d+\.\d+|discard:\d+|go)$")


def offers(state, seat):
    """What the page passes: the viewer's legal actions, none when it is not their turn."""
    if state.is_over or seat is None or state.current_player != seat:
        return []
    return [{"id": a.id, "label": state.describe_action(a)} for a in state.legal_actions()]


def draw(state, seat, actions=None):
    if actions is None:
        actions = offers(state, seat)
    text = state.game.render_svg(state.view(seat), actions)
    return text, ET.fromstring(text)


def hook(root, name):
    found = [e for e in root.iter() if e.get("data-testid") == name]
    assert len(found) == 1, f"{name}: {len(found)} elements"
    return found[0]


def acts(element):
    """data-action -> element, inside `element`."""
    out = {}
    for e in element.iter():
        aid = e.get("data-action")
        if aid is not None:
            assert aid not in out, f"{aid} drawn twice"
            out[aid] = e
    return out


def card_values(element):
    return [t.text for t in element.iter(SVG + "text") if t.get("class") == "card-value"]


def texts(element):
    return [t.text for t in element.iter(SVG + "text")]


# --- the element itself -----------------------------------------------------------------------

def test_the_svg_is_one_standalone_element_with_a_viewbox():
    state = ratking.make("rat-a-tat-roll").new_game(3, seed=1)
    text, root = draw(state, 0)
    assert root.tag == SVG + "svg"
    box = [float(x) for x in root.get("viewBox").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert 0.8 <= box[3] / box[2] <= 1.8  # square-ish: a board, not a strip
    assert root.get("width") == "100%" and root.get("height") is None
    assert not any(e.tag in (SVG + "script", SVG + "image", SVG + "foreignObject")
                   for e in root.iter())
    assert re.findall(r"https?://[^\"]*", text) == ["http://www.w3.org/2000/svg"]
    assert not re.search(r"\bon[a-z]+=", text)  # no event handlers
    assert "href" not in text


def test_stable_hooks_for_tests_and_pages():
    state = ratking.make("rat-a-tat-roll").new_game(4, seed=2)
    _, root = draw(state, 1)
    hook(root, "board")
    hook(root, "pawn")
    for seat in range(4):
        hook(root, f"seat-{seat}")
    for colour in ("red", "orange", "green", "blue", "purple"):
        region = hook(root, f"region-{colour}")
        assert colour.capitalize() in texts(region)
    spaces = [e for e in root.iter() if e.get("data-space") is not None]
    assert len(spaces) == 20


def test_the_pawn_stands_on_its_space():
    state = arrange(pawn=7)
    _, root = draw(state, 0)
    pawn = hook(root, "pawn")
    head = next(e for e in pawn.iter(SVG + "circle"))
    x, y = float(head.get("cx")), float(head.get("cy"))
    box = [float(v) for v in root.get("viewBox").split()]
    ring = hook(root, "ring")
    centre = next(e for e in ring.iter(SVG + "circle"))
    cx, cy = float(centre.get("cx")), float(centre.get("cy"))
    assert cx == box[2] / 2
    # space 7 lies at -90 + 7 * 18 = 36 degrees: right of and below the centre
    assert x > cx + 200 and y > cy + 100


def test_the_viewer_is_marked_and_the_mover_highlighted():
    state = ratking.make("rat-a-tat-roll").new_game(3, seed=1, names=["Ana", "Bo", "Cy"])
    _, root = draw(state, 1)
    assert "Bo (you)" in texts(hook(root, "seat-1"))
    assert "Ana" in texts(hook(root, "seat-0"))
    assert not any("(you)" in (t or "") for t in texts(hook(root, "seat-0")))
    _, spectator = draw(state, None)
    assert not any("(you)" in (t or "") for t in texts(spectator))
    mover = hook(root, "seat-0")
    assert any(e.get("stroke") == "#ffd23f" for e in mover.iter(SVG + "rect"))
    other = hook(root, "seat-2")
    assert not any(e.get("stroke") == "#ffd23f" for e in other.iter(SVG + "rect"))


# --- clickable actions in their places ---------------------------------------------------------

def test_card_or_pile_puts_the_choices_on_the_region_card_and_the_pile():
    s = arrange(tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")  # the red card-or-pile space
    assert {"take:face", "take:pile"} <= {a.id for a in s.legal_actions()}
    _, root = draw(s, 0)
    red = acts(hook(root, "region-red"))
    assert list(red) == ["take:face"]
    assert red["take:face"].get("class") == "act"
    assert red["take:face"].find(SVG + "title").text == "Take the face-up 0"
    assert list(acts(hook(root, "pile"))) == ["take:pile"]
    assert set(acts(root)) == {"take:face", "take:pile"}


def test_go_is_drawn_on_the_space_the_dice_lead_to():
    s = arrange(pawn=17)
    script(s, 2, 3)
    s.apply("roll:2")
    assert "go" in {a.id for a in s.legal_actions()}
    _, root = draw(s, 0)
    go = acts(root)["go"]
    target = next(e for e in root.iter() if e.get("data-space") == "2")  # (17 + 5) % 20
    outline = target.find(SVG + "path").get("d")
    assert outline in [p.get("d") for p in go.iter(SVG + "path")]
    assert "5" in texts(go)  # the steps, on a badge
    assert not any(a.startswith("reroll") for a in acts(root))  # those are buttons


def test_a_tie_puts_each_choice_on_its_region():
    s = arrange(faceup=(2, 8, 2, 4, 6), tokens=[0, 2, 2], pawn=8)
    script(s, 4, "lowest")  # 8 + 4 = 12: a Wild space
    s.apply("roll:1")
    assert {a.id for a in s.legal_actions()} == {"take:red", "take:green"}
    _, root = draw(s, 0)
    assert list(acts(hook(root, "region-red"))) == ["take:red"]
    assert list(acts(hook(root, "region-green"))) == ["take:green"]
    assert acts(hook(root, "region-blue")) == {}


def test_peek_choices_sit_on_the_hands_and_cards():
    s = arrange(players=3, hands=[[3, 5], [1, 9, 2], [7]], tokens=[0, 2, 2])
    script(s, 3)
    s.apply("roll:1")  # the red peek space
    legal = {a.id for a in s.legal_actions()}
    assert {"peek:own", "peek:1.2", "peek:2.0", "peek:none"} <= legal
    _, root = draw(s, 0)
    assert list(acts(hook(root, "seat-0"))) == ["peek:own"]
    assert set(acts(hook(root, "seat-1"))) == {"peek:1.0", "peek:1.1", "peek:1.2"}
    assert set(acts(hook(root, "seat-2"))) == {"peek:2.0"}
    assert "peek:none" not in acts(root)


def test_a_swap_offers_your_cards_then_the_opponents_cards():
    s = arrange(players=2, hands=[[3, 5, 2], [1, 9, 2, 4]], tokens=[0, 1], pawn=12)
    script(s, 4, "swap")
    s.apply("roll:1")
    _, root = draw(s, 0)
    assert set(acts(hook(root, "seat-0"))) == {"swap:0", "swap:1", "swap:2"}
    assert acts(hook(root, "seat-1")) == {}
    assert "swap:none" not in acts(root)
    s.apply("swap:1")
    _, root = draw(s, 0)
    assert set(acts(hook(root, "seat-1"))) == {"with:1.0", "with:1.1", "with:1.2", "with:1.3"}
    assert "offered" in texts(hook(root, "seat-0"))
    assert acts(hook(root, "seat-0")) == {}


def test_a_complete_player_discards_by_clicking_an_older_card():
    s = arrange(hands=[[1, 2, 3, 9], [0, 1, 1, 5], [5, 5, 6, 6]], faceup=(3, 1, 2, 4, 6),
                tokens=[0, 2, 2])
    s.final_left = 2
    script(s, "lowest")
    s.apply("wild")
    _, root = draw(s, 0)
    seat = hook(root, "seat-0")
    assert set(acts(seat)) == {"discard:0", "discard:1", "discard:2", "discard:3"}
    assert "new" in texts(seat)
    hook(root, "final-round")


def test_nothing_is_clickable_without_actions():
    s = arrange(tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")
    text, root = draw(s, 0, [])
    assert acts(root) == {} and "data-action" not in text and 'class="act"' not in text
    _, watcher = draw(s, 1)  # not their turn: the page passes nothing
    assert acts(watcher) == {}


def test_only_the_given_actions_are_drawn():
    s = arrange(players=3, hands=[[3, 5], [1, 9, 2], [7]], tokens=[0, 2, 2])
    script(s, 3)
    s.apply("roll:1")
    given = [a for a in offers(s, 0) if a["id"] in ("peek:1.1", "peek:none")]
    _, root = draw(s, 0, given)
    assert set(acts(root)) == {"peek:1.1"}


def test_labels_are_escaped_in_titles():
    s = arrange(tokens=[0, 2, 2])
    script(s, 1)
    s.apply("roll:1")
    given = [{"id": "take:pile", "label": "<take> & \"run\""}]
    text, root = draw(s, 0, given)
    assert acts(root)["take:pile"].find(SVG + "title").text == "<take> & \"run\""
    assert "<take>" not in text


# --- hidden information ------------------------------------------------------------------------

def test_hidden_cards_show_no_value():
    s = arrange(players=3, hands=[[0], [9, 9, 8], [8, 7]], faceup=(1, 2, 3, 4, 5))
    _, root = draw(s, 0)
    for seat in range(3):
        assert card_values(hook(root, f"seat-{seat}")) == []
    assert sorted(card_values(root)) == ["1", "2", "3", "4", "5"]  # the face-up cards only
    # the same check finds values once the view holds them (memory aid, seat 0 peeks)
    s = arrange(players=3, hands=[[0], [9, 6, 8], [8, 7]], faceup=(1, 2, 3, 4, 5), tokens=[0, 2, 2],
                memory_aid=True)
    script(s, 3)
    s.apply("roll:1")  # red peek space: takes the 1
    s.apply("peek:1.1")
    _, root = draw(s, 0)
    assert card_values(hook(root, "seat-1")) == ["6"]
    assert card_values(hook(root, "seat-2")) == []
    _, other = draw(s, 2)
    assert card_values(hook(other, "seat-1")) == []


def test_the_svg_depends_on_the_view_only():
    state = ratking.make("rat-a-tat-roll").new_game(4, seed=5)
    random_play(state, random.Random(5), 25)
    assert not state.is_over  # hidden cards left to re-deal
    for seat in (0, 1):
        twin = state.determinize(seat, 3)
        assert state.view(seat) == twin.view(seat)
        assert state.game.render_svg(state.view(seat), []) == \
            twin.game.render_svg(twin.view(seat), [])


def test_names_are_escaped():
    state = ratking.make("rat-a-tat-roll").new_game(3, seed=1, names=['<b>&"x"', "Bo", "Cy"])
    for seat in (0, 1, None):
        text, root = draw(state, seat)
        assert "<b>" not in text
        names = [t for t in texts(hook(root, "seat-0")) if t and t.startswith("<b>")]
        assert names and names[0].startswith('<b>&"x"')


# --- the end -----------------------------------------------------------------------------------

def finished(players, seed, **rules):
    state = ratking.make("rat-a-tat-roll", **rules).new_game(players, seed=seed)
    random_play(state, random.Random(seed))
    assert state.is_over
    return state


def test_game_over_reveals_hands_totals_and_winners():
    for seed in range(6):
        state = finished(3, seed, max_rounds=200)
        result = state.view(None)["result"]
        if result["end"] != "finished":
            continue
        for seat in (0, None):
            _, root = draw(state, seat)
            for p in range(3):
                group = hook(root, f"seat-{p}")
                values = [str(v) for v in state.view(None)["seats"][p]["cards"]]
                assert card_values(group) == values
                total = [e for e in group.iter(SVG + "text") if e.get("class") == "total"]
                assert total[0].get("data-total") == str(result["scores"][p])
                assert total[0].text == f"total {result['scores'][p]}"
                won = [e for e in group.iter(SVG + "text") if e.get("class") == "winner"]
                assert bool(won) == (result["returns"][p] > 0)
            hook(root, "result")
        break
    else:
        pytest.fail("no finished game among the seeds")


def test_a_round_cap_draw_marks_no_winner():
    state = finished(2, 1, max_rounds=1)
    assert state.view(None)["result"]["end"] == "round-cap"
    _, root = draw(state, 0)
    assert "a draw" in texts(hook(root, "result"))
    assert not any(e.get("class") == "winner" for e in root.iter())


# --- every kind of state -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_states_all_render(players):
    rng = random.Random(players)
    states = 0
    for game_no in range(2):
        memory_aid = game_no % 2 == 1
        state = ratking.make("rat-a-tat-roll", memory_aid=memory_aid, max_rounds=60).new_game(
            players, seed=100 * players + game_no)
        while True:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                given = offers(state, seat)
                ids = {a["id"] for a in given}
                text = state.game.render_svg(view, given)
                root = ET.fromstring(text)
                drawn = acts(root)
                assert set(drawn) <= ids
                assert {i for i in ids if PLACED.match(i)} <= set(drawn), (ids, set(drawn))
                assert all(e.get("class") == "act" and e.find(SVG + "title") is not None
                           for e in drawn.values())
                for p, hand in enumerate(view["seats"]):
                    shown = card_values(hook(root, f"seat-{p}"))
                    assert shown == [str(v) for v in hand["cards"] if v is not None]
                assert bool([e for e in root.iter() if e.get("data-testid") == "final-round"]) \
                    == (view["final_round"] and not view["over"])
            states += 1
            if state.is_over:
                break
            random_play(state, rng, 1)
    assert states >= 50
