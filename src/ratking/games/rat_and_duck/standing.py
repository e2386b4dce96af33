"""How a Rat & Duck game stands (the table's "how to win" panel), how it ended, and the
government's hidden location cards, for a finished game's replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .params import DISSENT_TEAM, GOVERNMENT, TEAM_NAMES
from .rules import team_scores

if TYPE_CHECKING:
    from .state import DuckState


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """One row per team: the dissent's unrest and the government's Bio-Sci toward their goals,
    and the round-limit score each would have now."""
    seats = {team: [i for i, s in enumerate(view["seats"]) if s["team"] == team]
             for team in TEAM_NAMES}
    scores = view["scores"]
    unrest, unrest_goal = view["total_unrest"], view["unrest_to_win"]
    bio, bio_goal = view["biosci"], view["bio_sci_to_win"]
    rows = [
        {"seats": seats["dissent"], "name": "The dissent",
         "text": f"Unrest {unrest} of {unrest_goal}; score {scores['dissent']}",
         "progress": min(1.0, unrest / unrest_goal)},
        {"seats": seats["government"], "name": "The government",
         "text": f"Bio-Sci {bio} of {bio_goal}; score {scores['government']}",
         "progress": min(1.0, bio / bio_goal)},
    ]
    goal = (f"The dissent wins when unrest across the city reaches {unrest_goal}; the "
            f"government wins when Bio-Sci reaches {bio_goal}.")
    note = None
    if view["max_rounds"] is not None:
        weights = view["score_weights"]
        goal += (f" After round {view['max_rounds']} the higher score wins: unrest x "
                 f"{weights['dissent']} against Bio-Sci x {weights['government']}.")
        note = f"Round {view['round']} of {view['max_rounds']}."
    return {"goal": goal, "rows": rows, "note": note}


def ending(s: DuckState) -> dict[str, Any]:
    """Which team won and by which rule: its goal reached, or the round-limit scores compared."""
    r = s.game.rules
    teams = s.game.seat_teams(s.players)
    gov, dis = team_scores(s)
    unrest = sum(s.unrest)
    winner = None
    if s.end_reason == "round-cap":
        rule = (f"at the round limit: unrest {unrest} x {r.dissent_score_weight} = {dis} "
                f"against Bio-Sci {s.biosci} x {r.government_score_weight} = {gov}")
        if gov != dis:
            winner = GOVERNMENT if gov > dis else DISSENT_TEAM
    elif unrest >= r.unrest_to_win:
        winner = DISSENT_TEAM
        rule = f"with unrest across the city at {unrest} (the goal is {r.unrest_to_win})"
    else:
        winner = GOVERNMENT
        rule = f"with Bio-Sci at {s.biosci} (the goal is {r.bio_sci_to_win})"
    winners = [i for i in range(s.players) if teams[i] == winner]
    return {"winners": winners, "team": None if winner is None else f"the {TEAM_NAMES[winner]}",
            "rule": rule, "column": "Team score",
            "scores": [str(gov if t == GOVERNMENT else dis) for t in teams],
            "teams": [TEAM_NAMES[t].capitalize() for t in teams]}


def open_hands(s: DuckState) -> list[dict[str, str]]:
    """The government's location cards, and the deck in the order it would be drawn."""
    names = s.game.city.names
    held = ", ".join(names[c] for c in s.held) or "none"
    deck = ", ".join(names[c] for c in reversed(s.deck)) or "empty"
    return [{"who": "The government's location cards", "holds": held},
            {"who": "The location deck, top first", "holds": deck}]
