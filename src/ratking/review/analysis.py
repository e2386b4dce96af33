"""A finished game's review: each seat's chance to win after every decision, the turning points
and the decisions the search would have made otherwise.

- Chances come from the game's evaluation hook (`game.evaluate`) read on the true state: the
  game is over, so every hand may be shown. The last entry is the result itself.
- Each swing is split into choice and luck. For a decision by seat p, the choice part is the
  mean change of the evaluation over determinizations for p (what p could expect from that
  move, with the unseen cards and the dice re-dealt); the luck part is the rest, what the
  dice, the draws and the unseen cards did. A decision with one legal action is all luck.
- Mistakes: at every decision with a real choice, the search (the game's `expert` settings,
  or `iters` iterations) is run from what the mover knew then; where its preferred move's
  estimated chance beats the played move's by at least `MARGIN`, that is a mistake, with the
  difference as its cost. Luck never makes a mistake: the search compares moves before the
  dice roll.

Everything is seeded from `seed`, so the same record and seed give the same review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..bots.ismcts import SearchBot, SearchSettings
from ..bots.specs import level_spec, parse_spec
from ..core import Action, Game, RatkingError, State, narrate, replay
from ..core.rng import derive_seed

MARGIN = 0.05  # the least loss of win chance called a mistake
SAMPLES = 16  # determinizations that tell a move's expected effect from its luck
TURNING_POINTS = 3
Progress = Callable[[int, int], None]  # (decisions reviewed, decisions to review)


def chances_of(state: State) -> list[float]:
    """Each seat's estimated chance to win: the result once over, else the evaluation (as
    shares of 1, so seats of a winning team split it)."""
    if state.over:
        values = state.returns()
    else:
        evaluate = state.game.evaluate
        if evaluate is None:
            raise RatkingError(f"{state.game.title} has no evaluation to review a game with")
        values = evaluate(state)
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


def expected_after(state: State, action: Action, seat: int, seed: int) -> list[float]:
    """The mean change of every seat's chance that `action` brings, over determinizations
    for `seat` (the mover): its expected effect, luck averaged out."""
    players = state.players
    total = [0.0] * players
    for i in range(SAMPLES):
        world = state.determinize(seat, derive_seed(seed, i))
        before = chances_of(world)
        world.apply(action)
        after = chances_of(world)
        for p in range(players):
            total[p] += after[p] - before[p]
    return [x / SAMPLES for x in total]


def search_settings(state: State, iters: int | None) -> SearchSettings:
    """The search that judges moves: the game's `expert` level valued by wins alone (no score
    margin, so its values are win chances), with `iters` iterations if given."""
    name, options = parse_spec(level_spec(state.game, "expert"))
    if name != "ismcts":
        options = {}
    options["margin"] = 0.0
    if iters is not None:
        options["iters"] = iters
    options.pop("ms", None)
    return SearchSettings(**options)


def judge(state: State, played: Action, settings: SearchSettings,
          seed: int) -> tuple[Action, float] | None:
    """The search's preferred move for the seat to move and how much more it is worth than
    `played` (None when the search prefers `played`)."""
    seat = state.to_move
    root = SearchBot(settings, seed).search(state)
    rated = [(child.visits, child.total[seat] / child.visits, action)
             for action, child in root.children.items() if child.visits]
    if not rated:
        return None
    _, value, best = max(rated, key=lambda t: (t[0], t[1]))
    if best is played:
        return None
    mine = root.children.get(played)
    if mine is None or not mine.visits:
        return best, value  # never tried: all of the best move's value is at stake
    return best, value - mine.total[seat] / mine.visits


def unreviewable(game: Game | type[Game]) -> str | None:
    """Why games of `game` cannot be reviewed (its estimated chances come from the game's
    `evaluate` hook, which is optional), or None if they can."""
    if game.evaluate is None:
        return f"{game.title} cannot be reviewed: the game has no evaluation of a position"
    return None


def finished(record: dict[str, Any]) -> State:
    """The final state of a record's game; RatkingError unless the game is over and can be
    reviewed."""
    final = replay(record)
    if not final.over:
        raise RatkingError("the game is not over: a review is made once it has ended")
    why = unreviewable(final.game)
    if why is not None:
        raise RatkingError(why)
    return final


def moment(round_: int | None, turn: int, step: int, who: str) -> str:
    """A decision as its player made it: the round (where the game counts them) or the turn
    of the game, the player's turn and the step within it ("Round 3, Ann's turn, step 2")."""
    when = f"Round {round_}" if round_ is not None else f"Turn {turn}"
    return f"{when}, {who}'s turn, step {step}"


def place_mistakes(found: list[dict[str, Any]], turns: list[dict[str, Any]]) -> None:
    """Give each mistake its decision's moment in words (`when`), from the timeline's turns."""
    for mistake in found:
        mistake["when"] = turns[mistake["index"]]["when"]


def capped_draw(final: State) -> bool:
    """The game was stopped by its round cap and ends as a draw (the game does not score
    it): its last swing is the cap's doing, not the last mover's."""
    return final.end_reason == "round-cap" and not final.game.scores_at_cap


def timeline(record: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """The review without its mistakes: the chances after every decision, each swing's luck,
    the turning points (quick: no search). Each decision is placed as its player made it
    (`round`, where the game counts rounds, the game's `turn` and the `step` within it, and
    `when` in words): a turn is a run of decisions by one seat."""
    final = finished(record)
    state = final.game.new_game(final.players, seed=final.seed, names=list(final.names))
    names = list(state.names)
    start = before = chances_of(state)
    turns: list[dict[str, Any]] = []
    swings: list[dict[str, Any]] = []
    turn = step = 0
    mover = None
    for index, action_id in enumerate(final.history):
        seat = state.to_move
        turn, step = (turn, step + 1) if seat == mover else (turn + 1, 1)
        mover = seat
        round_ = getattr(state, "round", None)
        when = moment(round_, turn, step, names[seat])
        legal = state.legal_actions()
        action = next(a for a in legal if a.id == action_id)
        choice = [0.0] * state.players
        if len(legal) > 1:
            choice = expected_after(state, action, seat, derive_seed(seed, index))
        label = state.describe_action(action)
        mark = len(state.log)
        state.apply(action)
        after = chances_of(state)
        luck = [a - b - c for a, b, c in zip(after, before, choice, strict=True)]
        turns.append({"index": index, "seat": seat, "action": action.id,
                      "chances": [round(x, 4) for x in after], "luck": round(luck[seat], 4),
                      "round": round_, "turn": turn, "step": step, "when": when})
        swings.append({"index": index, "seat": seat, "swing": after[seat] - before[seat],
                       "luck": luck[seat], "label": label, "forced": len(legal) == 1,
                       "moved": sum(abs(a - b) for a, b in zip(after, before, strict=True)) / 2,
                       "events": " ".join(narrate(state.events_for(None, since=mark))),
                       "when": when})
        before = after
    if swings and capped_draw(final):
        swings.pop()  # the round cap's draw, not a turning point of the last mover's
    return {"game": final.game.id, "rules": final.game.rules.as_dict(),
            "seats": final.players, "names": names, "seed": seed, "margin": MARGIN,
            "start": [round(x, 4) for x in start], "turns": turns,
            "turning_points": turning_points(swings, names), "mistakes": [],
            "result": final.returns(),
            "estimates": "chances are the game's evaluation of each position and the search's "
                         "estimates of moves, not certainties"}


def judged_seats(record: dict[str, Any], seats: Iterable[int] | None) -> list[int]:
    """The seats whose moves are judged (all by default); RatkingError for a seat not in
    the game."""
    players = record.get("players")
    if seats is None:
        return list(range(players)) if isinstance(players, int) else []
    out = sorted(set(seats))
    for seat in out:
        if not (isinstance(players, int) and 0 <= seat < players):
            raise RatkingError(f"no seat {seat + 1}: this game's seats are 1 to {players}")
    return out


def judgements(record: dict[str, Any], seed: int = 0, iters: int | None = None,
               seats: Iterable[int] | None = None, lo: int = 0, hi: int | None = None,
               ) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """Decisions lo to hi - 1 (default: all) judged one by one: `(index, mistake)` after
    each, the mistake None unless a judged seat's move there is one (the search's preferred
    move beats it by MARGIN or more). Each decision is judged from what its mover knew then,
    with its own seed, so any split of the work, or a stop after any decision, gives the
    same judgements."""
    judged = judged_seats(record, seats)
    actions = record["actions"]
    hi = len(actions) if hi is None else min(hi, len(actions))
    state = replay(record, upto=lo)
    settings = search_settings(state, iters)
    for index in range(lo, hi):
        seat = state.to_move
        legal = state.legal_actions()
        action = next(a for a in legal if a.id == actions[index])
        found = None
        if len(legal) > 1 and seat in judged:
            verdict = judge(state, action, settings, derive_seed(derive_seed(seed, index), 1))
            if verdict is not None and verdict[1] >= MARGIN:
                found = {"index": index, "seat": seat, "played": action.id,
                         "better": verdict[0].id, "cost": round(verdict[1], 4),
                         "played_label": state.describe_action(action),
                         "better_label": state.describe_action(verdict[0])}
        state.apply(action)
        yield index, found


def mistakes(record: dict[str, Any], seed: int = 0, iters: int | None = None,
             seats: Iterable[int] | None = None, lo: int = 0, hi: int | None = None,
             progress: Progress | None = None) -> list[dict[str, Any]]:
    """The mistakes among decisions lo to hi - 1 (default: all) of the judged `seats` (see
    `judgements`). `progress(done, total)` after each decision."""
    hi = len(record["actions"]) if hi is None else min(hi, len(record["actions"]))
    out: list[dict[str, Any]] = []
    for index, found in judgements(record, seed, iters, seats, lo, hi):
        if found is not None:
            out.append(found)
        if progress is not None:
            progress(index + 1 - lo, hi - lo)
    return out


def review(record: dict[str, Any], seed: int = 0, iters: int | None = None,
           seats: Iterable[int] | None = None, progress: Progress | None = None,
           ) -> dict[str, Any]:
    """The review of a finished game's record (see the module docstring). `seats`: whose
    decisions are judged for mistakes (default: everyone's); `iters`: the search's budget per
    decision (default: the game's `expert` level); `progress(done, total)` after each
    decision judged."""
    judged_seats(record, seats)
    out = timeline(record, seed)
    out["mistakes"] = mistakes(record, seed, iters, seats, progress=progress)
    place_mistakes(out["mistakes"], out["turns"])
    out["iters"] = search_settings(finished(record), iters).iters
    return out


def turning_points(swings: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """The decisions that moved the chances most (in the order played), each told."""
    top = sorted(swings, key=lambda s: (-s["moved"], s["index"]))[:TURNING_POINTS]
    return [{"index": s["index"], "seat": s["seat"], "swing": round(s["swing"], 4),
             "luck": round(s["luck"], 4), "when": s["when"], "text": tell(s, names)}
            for s in sorted(top, key=lambda s: s["index"])]


def tell(swing: dict[str, Any], names: list[str]) -> str:
    """One turning point in words: who did what, how the chance moved and why."""
    who = names[swing["seat"]]
    points = round(100 * swing["swing"])
    luck = round(100 * swing["luck"])
    choice = points - luck
    way = "rose" if points >= 0 else "fell"
    did = "had one move," if swing["forced"] else "chose"
    text = f"{swing['when']}: {who} {did} “{swing['label']}”; {who}'s chance " \
           f"{way} by {abs(points)} points"
    if abs(luck) >= abs(choice):
        text += f" ({'luck' if luck >= 0 else 'bad luck'}: the dice, the draws or the unseen " \
                f"cards {'gave' if luck >= 0 else 'cost'} {abs(luck)} of them)"
    else:
        text += f" (the choice itself {'gained' if choice >= 0 else 'cost'} {abs(choice)})"
    if swing["events"]:
        text += f". {swing['events']}"
    return text
