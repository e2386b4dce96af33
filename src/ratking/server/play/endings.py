"""How a table's game ends when not by its own rules: a seat resigns, the others claim the win
from a seat that timed out or left (rated tables), everyone agrees to end it, or it is aborted
before it began. A table's `outcome` (stored with its row) says so:

    {"end": "resigned" | "claimed" | "agreed" | "aborted" | None,
     "out": [{"seat": 2, "why": "resigned" | "timed out" | "left"}, ...]}

A seat that leaves takes its side with it (the game's teams, `Game.seat_teams`: Rat & Duck's
seats of one team win and lose together; elsewhere a side is one seat). Once one side alone is
left, it wins and the game ends there. While two sides or more are left, the game goes on:
the engine cannot take a seat out of a game, so the stand-in bot plays the seats that left to
the game's end, and they rank below every side still in, the first to leave last.

Pure functions of the game state and the outcome: the room (`rooms/finishing.py`) stores and
announces them, the ratings (`people/ratings.py`) and the end screen read them."""

from __future__ import annotations

from typing import Any

from ...core import State

Outcome = dict[str, Any]
ENDED_BY_PLAY = ("resigned", "claimed")  # a result that counts: someone left, a side won
NO_RESULT = ("agreed", "aborted")  # ended with no winner and no rating change
WHY = {"resigned": "resigned", "timed out": "ran out of time", "left": "left the table"}


def teams_of(state: State) -> list[int]:
    """Each seat's side (the game's teams; a seat alone where the game has none)."""
    return list(state.game.seat_teams(state.players))


def out_seats(outcome: Outcome | None, teams: list[int]) -> list[int]:
    """The seats out of the game: every seat of a side one of whose seats left."""
    gone = {teams[entry["seat"]] for entry in (outcome or {}).get("out", [])}
    return [s for s, team in enumerate(teams) if team in gone]


def sides_gone(outcome: Outcome | None, teams: list[int]) -> list[int]:
    """The sides out of the game, the first to leave first."""
    order: list[int] = []
    for entry in (outcome or {}).get("out", []):
        if teams[entry["seat"]] not in order:
            order.append(teams[entry["seat"]])
    return order


def leave(outcome: Outcome | None, seat: int, why: str, teams: list[int]) -> Outcome:
    """The outcome once `seat` has left (`why`: "resigned", "timed out" or "left"): its side
    is out, and the game ends ("resigned", or "claimed" when the others claimed it) if one
    side alone is left."""
    out = [*(outcome or {}).get("out", []), {"seat": seat, "why": why}]
    new = {"end": None, "out": out}
    left = set(teams) - set(sides_gone(new, teams))
    if len(left) <= 1:
        new["end"] = "resigned" if why == "resigned" else "claimed"
    return new


def final_returns(state: State, outcome: Outcome | None) -> list[float] | None:
    """The result each seat gets, higher is better (what the ratings rank by), or None while
    the game goes on, and for a game ended with no result (agreed, aborted). The sides still
    in keep the game's result (the side left alone wins: 1, the others 0); the sides that left
    rank below them all, the first to leave last."""
    end = (outcome or {}).get("end")
    if end in NO_RESULT:
        return None
    teams = teams_of(state)
    gone = sides_gone(outcome, teams)
    if end is None and not state.is_over:
        return None
    if end is None:  # played to the game's own end
        base = list(state.returns())
    else:  # one side is left: it wins
        base = [0.0 if team in gone else 1.0 for team in teams]
    kept = [base[s] for s, team in enumerate(teams) if team not in gone]
    low = min(kept, default=0.0)
    return [low - 1 - (len(gone) - gone.index(team)) if team in gone else base[s]
            for s, team in enumerate(teams)]


def ending(state: State, outcome: Outcome, returns: list[float] | None,
           game_ending: dict[str, Any] | None) -> dict[str, Any] | None:
    """The end screen's explanation of a game ended with seats out or by an outcome: who won
    and why, and per seat a mark ("Winner", "Resigned"...). The game's own explanation
    (`game_ending`) stays for a game played to its end, its winners the best of the sides
    still in."""
    names = state.names
    end = outcome.get("end")
    if end == "agreed":
        return {"winners": [], "team": None, "rule": "", "column": None, "scores": None,
                "teams": None, "marks": ["" for _ in names],
                "headline": "The players agreed to end the game: no winner, no rating "
                            "changes."}
    if end == "aborted":
        return {"winners": [], "team": None, "rule": "", "column": None, "scores": None,
                "teams": None, "marks": ["" for _ in names],
                "headline": "The game was aborted before it began: no rating changes."}
    if returns is None:
        return game_ending
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    reasons = {e["seat"]: e["why"] for e in outcome.get("out", [])}
    left = "; ".join(f"{names[s]} {WHY.get(why, why)}" for s, why in reasons.items())
    gone = out_seats(outcome, teams_of(state))
    marks = ["Winner" if s in winners else "Resigned" if reasons.get(s) == "resigned"
             else f"Lost: {WHY[reasons[s]]}" if s in reasons else "Out" if s in gone else ""
             for s in range(len(names))]
    if end is not None:
        return {"winners": winners, "team": None, "rule": f"({left})", "column": None,
                "scores": None, "teams": None, "marks": marks}
    shown = dict(game_ending or {"winners": winners, "team": None, "column": None,
                                 "scores": None, "teams": None})
    if shown["winners"]:  # the game's winners still in, else the best of those still in
        shown["winners"] = [w for w in shown["winners"] if w not in gone] or winners
    rule = shown.get("rule") or "at the game's end"
    marks = [m if m != "Winner" or s in shown["winners"] else "" for s, m in enumerate(marks)]
    shown.update(rule=f"{rule} ({left}: ranked last)", marks=marks)
    return shown
