"""Ratings of people: a table created with "rated": true is rated at its end when every
person's seat is held by an account (and no account holds two). Each account's OpenSkill
rating for the game is updated with the arena's code (`sim.arena.rate_seats`, the Plackett-
Luce model; the game's teams win and lose together, as in Rat & Duck); bots at the table are
rated too, apart from people (as "bot:<spec>"), and never shown on a person's leaderboard.
A table is rated once however many server processes see its end (people_storage)."""

from __future__ import annotations

import logging
from typing import Any

from ..core import State
from ..sim.arena import rate_seats
from .people_storage import account_player
from .storage import Storage, TableRow

log = logging.getLogger("ratking.server")


def lineup(row: TableRow) -> list[str] | None:
    """The player at each seat, as the ratings name them, if the table is rated: asked for,
    every person's seat held by an account, no account at two seats."""
    if not row.rated:
        return None
    players = []
    for seat in row.seats:
        if seat["kind"] == "human":
            if seat.get("account") is None:
                return None
            players.append(account_player(seat["account"]))
        else:
            players.append(f"bot:{seat['kind']}")
    people = [p for p, s in zip(players, row.seats, strict=True) if s["kind"] == "human"]
    return players if people and len(set(people)) == len(people) else None


def rate_end(storage: Storage, table_id: str, state: State) -> bool:
    """Rate a table that has just ended, on its seats as stored (a storage call: run it with
    `Rooms.run`); False if it is not rated, or was rated already (here or elsewhere)."""
    row = storage.row(table_id)
    players = lineup(row) if row is not None else None
    if players is None or not state.is_over:
        return False
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    returns = state.returns()
    teams = state.game.seat_teams(state.players)

    def rate(old: dict[str, tuple[float, float] | None]) -> dict[str, tuple[float, float, bool]]:
        ratings = {p: model.rating(mu=v[0], sigma=v[1]) if v else model.rating()
                   for p, v in old.items()}
        new = rate_seats(model, ratings, players, returns, teams)
        best = max(returns)
        decided = best > 0 and min(returns) < best  # a draw of all is no one's win
        won = {p: decided and any(returns[s] == best for s, q in enumerate(players) if q == p)
               for p in new}
        return {p: (r.mu, r.sigma, won[p]) for p, r in new.items()}

    return storage.people.rate_table(row.id, row.game, sorted(set(players)), rate)


def rating_json(row: Any) -> dict[str, Any]:
    return {"mu": round(row.mu, 3), "sigma": round(row.sigma, 3), "games": row.games,
            "won": row.won}
