"""Deltas: every delta the server sends rebuilds exactly the full message it stands for, in
Python (the tests' and the load generator's client) and in the page's own delta.js."""

import asyncio
import base64
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ratking
from ratking.server.play.delta import LONG, apply, diff, follow
from ratking.server.rooms import Connection, Rooms
from ratking.server.rooms.snapshots import Snapshot
from ratking.server.settings import Settings
from ratking.server.storage.tables import Storage

from .test_browser import CHROMIUM, FLAGS

DELTA_JS = Path(ratking.__file__).parent / "server" / "static" / "delta.js"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False)
    | st.text(max_size=5) | st.text(alphabet="<ab/>", min_size=250, max_size=300),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=5),
    max_leaves=30)


@given(json_values, json_values)
@settings(max_examples=400, deadline=None)
def test_apply_of_diff_rebuilds_any_json_and_leaves_the_old_as_it_was(old, new):
    before = json.dumps(old, sort_keys=True)
    rebuilt = apply(old, diff(old, new))
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert json.dumps(old, sort_keys=True) == before


@given(st.lists(st.sampled_from(["a", "b", "c", "<g>", "</g>"]), max_size=30),
       st.lists(st.sampled_from(["a", "b", "c", "<g>", "</g>", "new"]), max_size=30))
def test_lists_of_strings_travel_as_pieces(old, new):
    ops = diff(old, new)
    assert apply(old, ops) == new
    if old and new and old != new:
        assert [op[0] for op in ops] == ["~"]


fragments = st.lists(st.sampled_from(["<g>", "</g>", "<a/>", "<b>x</b>", "<g id='1'><a/>",
                                       "text", "x<y", "", "<", "<g>"]), max_size=25)


@given(fragments, fragments)
def test_a_long_string_travels_as_pieces_of_its_tags(first, second):
    """A long string (a board drawn by the server) is sent as the pieces of the old one, cut
    before every "<", and new text, which rebuild the new string."""
    old, new = {"svg": "<svg>" + "".join(first) * 9}, {"svg": "<svg>" + "".join(second) * 9}
    ops = diff(old, new)
    assert apply(old, ops) == new
    if len(old["svg"]) >= LONG and len(new["svg"]) >= LONG and old != new:
        assert [op[0] for op in ops] == ["<"]


@pytest.mark.parametrize("old, new", [
    ({"a": [1], "b": {"x": True}, "c": [2]}, {"a": [True], "b": {"x": 1}, "c": [2]}),
    ({"a": [[1.0], [0], [2]]}, {"a": [[1], [False], [2]]}),
    ({"a": {"p": 1, "q": [True]}, "b": [0]}, {"a": {"q": [1], "p": 1}, "b": [0]}),
])
def test_containers_equal_in_python_but_not_as_json_are_sent(old, new):
    """Python's == takes True for 1 and 1.0 for 1; the page does not (`true !== 1`), so
    the containers == finds equal are checked as JSON too (`same`)."""
    assert old == new
    rebuilt = apply(old, diff(old, new))
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(new, sort_keys=True)


HAND = [f"card {i}: a rat with a long name" for i in range(120)]


@pytest.mark.parametrize("after, kind", [
    ([f"token {i}: another rat entirely" for i in range(120)], "state"),  # all of it new
    ([*HAND[:60], "one card changed", *HAND[61:]], "delta"),              # a move's change
])
def test_a_delta_is_never_longer_than_the_message_in_full(after, kind):
    """A connection is sent the new message in full when its delta would be no shorter (a
    hot seat's turn passing to its other seat changes nearly everything)."""
    old = Snapshot(1, 0, {"type": "state", "seq": 1, "hand": HAND, "log": HAND[::-1]})
    new = Snapshot(2, 0, {"type": "state", "seq": 2, "hand": after, "log": after[::-1]})
    message = json.loads(new.delta_from(old))
    assert message["type"] == kind
    rebuilt = message if kind == "state" else \
        {**apply(old.message, message["ops"]), "seq": message["seq"]}
    assert rebuilt == new.message


class Sink:
    """A socket that keeps what it is sent; a slow one falls behind the table."""

    def __init__(self, slow: float = 0) -> None:
        self.texts: list[str] = []
        self.slow = slow

    async def send_text(self, text: str) -> None:
        if self.slow:
            await asyncio.sleep(self.slow)
        self.texts.append(text)


GAMES = {"rat-a-tat-roll": (3, {}), "rat-and-duck": (2, {}), "you-dirty-rat": (3, {}),
         "target-rats": (2, {"max_rounds": 6}), "target-rats-simplified": (3, {"max_rounds": 8})}
PLAYED: dict[str, tuple] = {}  # each game is played once, for both tests below


def played(tmp_path, game):
    if game not in PLAYED:
        players, rules = GAMES[game]
        PLAYED[game] = asyncio.run(play_watched(f"sqlite:///{tmp_path / f'{game}.db'}", game,
                                                players, rules))
    return PLAYED[game]


async def play_watched(db: str, game: str, players: int, rules: dict):
    """A table of bots played to the end, watched by a person (seat 0), a spectator, a hot
    seat (seats 0 and 1) and a slow spectator. Returns every snapshot built (by seq) and what
    each socket was sent."""
    rooms = Rooms(Storage(db), Settings(bot_delay=0, botonly_min_delay=0))
    room, _tokens, _owner = await rooms.create(game, players, ["heuristic"] * players, rules,
                                               None, None, 0)
    built = {}
    snapshot = room.snapshot

    def keep(conn):
        key, snap = snapshot(conn)
        built[snap.seq] = json.loads(snap.full_text)
        return key, snap

    room.snapshot = keep
    sinks = {"person": (Sink(), (0,)), "spectator": (Sink(), ()), "hot seat": (Sink(), (0, 1)),
             "slow": (Sink(slow=0.003), ())}
    for sink, seats in sinks.values():
        await room.joined(Connection(sink, seats))  # type: ignore[arg-type]
    while room.playing:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    await rooms.close()
    rooms.storage.close()
    return built, {name: sink.texts for name, (sink, _seats) in sinks.items()}, room.version


def replay_socket(texts, built):
    """Apply what one socket was sent, as a client does; check each message against the full
    message the server built for it. Returns (base, ops, rebuilt) per delta and the fulls."""
    held, deltas, fulls = None, [], 0
    for text in texts:
        message = json.loads(text)
        if message["type"] == "state":
            held, fulls = message, fulls + 1
        else:
            assert held is not None and message["base"] == held["seq"]
            rebuilt = {**apply(held, message["ops"]), "seq": message["seq"]}
            deltas.append((held, message["ops"], rebuilt))
            held = rebuilt
        assert held == built[held["seq"]]
    return deltas, fulls, held


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_delta_of_a_whole_game_rebuilds_the_full_message(tmp_path, game):
    built, sent, moves = played(tmp_path, game)
    assert moves > 10
    for name, texts in sent.items():
        deltas, fulls, last = replay_socket(texts, built)
        assert last["result"] is not None and last["version"] == moves, name
        if name == "slow":
            continue
        # one full, then deltas; a delta is never longer than the table in full, which the hot
        # seat is sent instead when a turn passes to its other seat and shows it all anew
        assert fulls + len(deltas) >= moves, name
        assert fulls == 1 or name == "hot seat", name
        delta_texts = [t for t in texts if t.startswith('{"type":"delta"')]
        for text, (_held, _ops, rebuilt) in zip(delta_texts, deltas, strict=True):
            whole = json.dumps(rebuilt, separators=(",", ":"), ensure_ascii=False)
            assert len(text) < len(whole), (name, len(text), len(whole))
        if name != "hot seat":  # the others' deltas are small: a move's change
            full_size = sum(len(t) for t in texts) - sum(map(len, delta_texts))
            assert sum(map(len, delta_texts)) / len(deltas) < full_size / fulls / 3, name
    _slow_deltas, slow_fulls, _ = replay_socket(sent["slow"], built)
    assert slow_fulls > 1  # it fell behind and was sent the table in full


def test_the_page_rebuilds_the_same_messages(tmp_path):
    """The page's delta.js, in Chromium, applied to every delta of a game of each kind."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    cases = []
    for game in sorted(GAMES):
        built, sent, _moves = played(tmp_path, game)
        for name in ("person", "hot seat"):
            deltas, _fulls, _last = replay_socket(sent[name], built)
            cases += deltas[:: max(1, len(deltas) // 30)]  # some of each game, end included
            cases.append(deltas[-1])
    source = base64.b64encode(DELTA_JS.read_bytes()).decode()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = chromium.new_page()
        mismatches = page.evaluate("""async ([source, cases]) => {
            const { applyDelta } = await import("data:text/javascript;base64," + source);
            const canon = (v) => JSON.stringify(v, (k, x) => x && typeof x === "object"
                && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x);
            const bad = [];
            cases.forEach(([base, ops, expected], i) => {
                const before = canon(base);
                const got = { ...applyDelta(base, ops), seq: expected.seq };
                if (canon(got) !== canon(expected) || canon(base) !== before) bad.push(i);
            });
            return bad;
        }""", [source, cases])
        chromium.close()
    assert len(cases) > 100 and mismatches == []


def test_a_client_follows_deltas_and_asks_again_when_one_does_not_fit():
    first = {"type": "state", "seq": 1, "view": {"a": 1, "b": [1, 2]}}
    second = {"type": "state", "seq": 2, "view": {"a": 1, "b": [1, 3]}}
    delta = {"type": "delta", "base": 1, "seq": 2, "ops": diff(first, second)}
    assert follow(None, first) is first
    assert follow(first, delta)["view"] == second["view"]
    assert follow(first, delta)["seq"] == 2
    assert follow(None, delta) is None  # nothing held: a full message is needed
    assert follow(second, delta) is None  # built on another message than the one held
