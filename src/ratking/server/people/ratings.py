"""Ratings of people. A table is rated when it was asked to be ("rated": true, every quick-match
table) and it is a game between people: every seat a person's, held by an account that counts
(the first made from its address in `rated_account_window`), no account at two seats. A bot at
a seat, at the start or later, makes the table unrated (rooms/creation.py,
lobby/quickmatch.py). Each account's OpenSkill rating for the game is updated with the arena's
code (`sim.arena.rate_seats`, the Plackett-Luce model; the game's teams win and lose together,
as in Rat & Duck) from the table's result, which a resignation or a claimed win decides as
`endings.final_returns` says; a game ended by agreement or aborted changes no rating. A table
is rated once however many server processes see its end (storage/people.py). One number shows a
rating: OpenSkill's ordinal, mu less three sigma, marked provisional ("?") for an account's
first `provisional_games`."""

from __future__ import annotations

import logging
from typing import Any

from ...core import State
from ...sim.arena import rate_seats
from ..play.endings import Outcome, final_returns
from ..storage.people import account_player, ordinal
from ..storage.tables import Storage, TableRow

log = logging.getLogger("ratking.server")
WITH_BOTS = "rated games are between people: a table with a bot at a seat is not rated"


def lineup(row: TableRow) -> list[str] | None:
    """The player at each seat, as the ratings name them, if the table may be rated: asked
    for, every seat a person's held by an account, no account at two seats. (Whether each
    account counts is read at the end, `rate_end`.)"""
    if not row.rated:
        return None
    players = []
    for seat in row.seats:
        if seat["kind"] != "human" or seat.get("account") is None:
            return None
        players.append(account_player(seat["account"]))
    return players if players and len(set(players)) == len(players) else None


def rate_end(storage: Storage, table_id: str, state: State,
             outcome: Outcome | None = None) -> bool:
    """Rate a table that has just ended (by its moves, or as `outcome` says), on its seats as
    stored (a storage call: run it with `Rooms.run`); False if it is not rated, or was rated
    already (here or elsewhere)."""
    row = storage.row(table_id)
    players = lineup(row) if row is not None else None
    returns = final_returns(state, outcome if outcome is not None else row and row.outcome)
    if players is None or returns is None:
        return False
    accounts = storage.people.accounts([s["account"] for s in row.seats])
    if not all(a.counts for a in accounts.values()) or len(accounts) != len(players):
        return False
    from openskill.models import PlackettLuce

    model = PlackettLuce()
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


def rating_json(row: Any, provisional_games: int) -> dict[str, Any]:
    """A rating as the API tells it: mu, sigma, games and won, and the one number shown
    (`ordinal`), `provisional` for the first `provisional_games` rated games."""
    return {"mu": round(row.mu, 3), "sigma": round(row.sigma, 3), "games": row.games,
            "won": row.won, "ordinal": round(ordinal(row.mu, row.sigma), 1),
            "provisional": row.games < provisional_games}


def seat_rating(row: Any | None, counts: bool, provisional_games: int) -> dict[str, Any]:
    """What the table shows beside a person's name: their rating in the game as one number
    (a newcomer's is 0), whether it is provisional, and whether their account is rated."""
    value = ordinal(row.mu, row.sigma) if row is not None else 0.0
    games = row.games if row is not None else 0
    return {"ordinal": round(value, 1), "provisional": games < provisional_games,
            "counts": counts}
