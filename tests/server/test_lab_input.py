"""The lab's input checking (server/lab/setups.py) as a property: whatever a form sends, a
job is either checked whole (its games within the bound, every batch a plan of the game
asked for) or refused with a one-line RatkingError (a 400), never another exception (a
500); and the same input gives the same job."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratking.core import RatkingError, list_games, make
from ratking.core.cardfile import CardFile
from ratking.server.lab.setups import LabRun, prepare

GAMES = [g.id for g in list_games()]
NAMES = ["start_money", "hand", "unrest_to_win", "bio_sci_to_win", "number_dice",
         "max_rounds", "thief.amount", "copies", "map.rows", "board.start_space", "nope"]
VALUES = st.sampled_from(["1", "2", "3", "12", "18,24", "1..3", "400", "-1", "x", "", "2,2",
                          "0.5", "200,300,400", "1..1000"])
LINES = (st.just([]) | st.just(["max_rounds=50,60"]) | st.just(["max_rounds=80"])
         | st.lists(st.builds(lambda n, v: f"{n}={v}", st.sampled_from(NAMES), VALUES)
                    | st.sampled_from(["", "=3", "junk", "hand"]), max_size=3))
SPECS = st.sampled_from(["", "", "", "", "max_rounds=80", "thief.amount=400",
                        "cards=kept.toml"]) | \
    st.lists(st.sampled_from(["unrest_to_win=18", "thief.amount=400", "cards=kept.toml",
                              "cards=gone.toml", "hand=7", "x", "board=kept.toml", ""]),
             max_size=3).map(",".join)
BOTS = st.sampled_from(["heuristic"] * 4 + ["random", "heuristic,random", "grandmaster", ",",
                                           "easy", "random,random,random,random"])
MOST = 5000


KEPT = CardFile("kept.toml", make("you-dirty-rat").files["cards"]
                .changed({"thief.amount": 400}).text)  # a card file of You Dirty Rat's
CHECKED: list[str] = []  # the kinds of the jobs checked whole


def open_file(name: str) -> CardFile:
    if name != "kept.toml":
        raise RatkingError(f"you have no card file {name!r} in the lab: upload it first")
    return KEPT


FILE = st.sampled_from([None, None, None, "kept.toml", "gone.toml"])


COUNTS = st.integers(1, 3000)


def runs(kind: str, values, files, games=COUNTS) -> st.SearchStrategy[LabRun]:
    return st.builds(LabRun, kind=st.just(kind), game=st.sampled_from(GAMES),
                     players=st.none() | st.integers(1, 6), bots=BOTS, games=games,
                     seed=st.integers(0, 2**40), values=values, cards=files, board=files,
                     a=SPECS, b=SPECS)


# each kind with the input it takes (a comparison: its SPECs alone), and with any
RUNS = (runs("simulate", LINES, FILE)
        | runs("sweep", st.just(["max_rounds=50,60"]) | LINES, FILE)
        | runs("compare", st.just([]), st.none(), st.integers(2, 2500))
        | runs("compare", LINES, FILE))


# derandomized: the same examples on every run, so the count of kinds checked below holds
@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(RUNS)
def test_a_job_is_checked_whole_or_refused_in_one_line(run):
    try:
        work = prepare(run, MOST, open_file)
    except RatkingError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert 0 < work.total <= MOST
    assert {p.game for p in work.plans} == {run.game}
    assert len(work.labels) == len(work.plans)
    again = prepare(run, MOST, open_file)
    assert [p.command() for p in again.plans] == [p.command() for p in work.plans]
    CHECKED.append(work.kind)


def test_the_property_saw_every_kind_of_job_checked():
    """The examples above were not all refused: each kind was checked whole at least once."""
    assert set(CHECKED) == {"simulate", "sweep", "compare"}, CHECKED
