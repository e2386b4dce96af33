"""The arena: bots against each other with seats rotated, win shares and OpenSkill ratings.

Every bot plays every seat equally often. With at most as many bots as seats, the lineups are
the rotations of the list (seat j of rotation r holds bot (r + j) mod B); with more bots than
seats, every combination of P bots in each of its P rotations. The rotations of one line-up
replay the very same deals (the same game seeds), so luck of the deal cancels out between them.
Each line-up is one batch of sim's batch runner (`run_batch`) on one backend (local processes
or Ray), so whatever runs batches runs the arena. A game with no round cap of its own is played
with the batch runner's cap, as in `ratking simulate`.

Per bot: its win share over the seats it held (a shared win or a draw counts its fraction;
a team win counts 1 for each seat of the team), with a Wilson 95% interval; its pairwise
win share against each other bot (in the games both played: 1 when its seat scored more, 1/2
on equal scores); and an OpenSkill rating (Plackett-Luce), mu and sigma, rated game by game
with the line-ups taken in turn (`interleaved`). A game the round cap stopped as a draw decided
nothing: it counts in the games a bot played, not in its shares or its rating. The same seed
gives the same numbers, whatever the worker count.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..bots import make_bot
from ..core import RatkingError, make
from ..core.rng import derive_seed
from .backends import Backend, LocalBackend
from .batch import GameResult, added_cap, batch_rules, run_batch
from .stats import wilson


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings of an arena: bot index per seat, each bot in each seat equally often."""
    if bots <= players:
        return [tuple((r + j) % bots for j in range(players)) for r in range(bots)]
    return [tuple(combo[(r + j) % players] for j in range(players))
            for combo in combinations(range(bots), players) for r in range(players)]


@dataclass(frozen=True)
class Standing:
    """One bot's figures in an arena."""

    spec: str
    games: int  # games it played
    seats: int  # seats it held over those games (more than games if it held several at once)
    wins: float  # wins over those seats (shared wins as fractions)
    win_share: float
    low: float  # Wilson 95% interval of the win share
    high: float
    mu: float  # OpenSkill (Plackett-Luce) rating and its uncertainty
    sigma: float

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "games": self.games, "seats": self.seats, "wins": self.wins,
                "win_share": self.win_share, "low": self.low, "high": self.high,
                "mu": self.mu, "sigma": self.sigma}


@dataclass
class ArenaResult:
    game: str
    players: int
    seed: int
    rules: dict[str, Any]
    specs: list[str]
    standings: list[Standing]
    pairwise: list[list[float | None]]  # [a][b]: a's win share against b; None if they never met
    meetings: list[list[int]]  # [a][b]: games a and b both played
    games: list[tuple[tuple[int, ...], GameResult]] = field(default_factory=list)
    mean_decisions: float = 0.0
    mean_rounds: float | None = None
    cap_added: bool = False  # the round cap is the simulator's (the game has none of its own)

    @property
    def cap(self) -> int | None:
        return self.rules.get("max_rounds")

    @property
    def capped(self) -> int:
        """Games the round cap stopped."""
        return sum(1 for _, r in self.games if r.end == "round-cap")

    @property
    def undecided(self) -> int:
        """Games the round cap stopped as draws: left out of the shares and ratings."""
        return sum(1 for _, r in self.games if not r.decided)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "seed": self.seed, "rules": self.rules,
            "bots": [s.to_dict() for s in self.standings],
            "pairwise": [{"bot": self.specs[a], "against": self.specs[b],
                          "win_share": self.pairwise[a][b], "games": self.meetings[a][b]}
                         for a in range(len(self.specs)) for b in range(len(self.specs))
                         if a != b and self.pairwise[a][b] is not None],
            "mean_decisions": self.mean_decisions, "mean_rounds": self.mean_rounds,
            "round_cap": self.cap, "round_cap_added": self.cap_added,
            "capped": self.capped, "undecided": self.undecided,
            "games": [{"seats": [self.specs[i] for i in lineup], **result.to_dict()}
                      for lineup, result in self.games],
        }


def run_arena(game_id: str, specs: Sequence[str], games: int, players: int, seed: int,
              rules: dict[str, Any] | None = None, workers: int = 1,
              progress: Callable[[int], None] | None = None,
              backend: Backend | None = None) -> ArenaResult:
    """Play `games` games between the bots `specs` (see the module docstring); on `backend`
    (default: a local pool of `workers` processes)."""
    specs = [s.strip() for s in specs]
    if len(specs) < 2:
        raise RatkingError("an arena needs at least two bots")
    for spec in specs:
        make_bot(spec)  # a bad spec fails here, before any game
    cap_added = added_cap(game_id, rules) is not None
    rules = batch_rules(game_id, rules)  # as the batches will play them (a round cap added)
    make(game_id, **rules).check_players(players)
    seats = lineups(len(specs), players)
    if games < 1 or games % len(seats):
        raise RatkingError(f"--games must be a positive multiple of {len(seats)} (the seatings "
                           f"that put every bot in every seat equally often), not {games}")
    per = games // len(seats)
    played: list[tuple[tuple[int, ...], GameResult]] = []
    rotations = min(len(specs), players)
    own = backend is None
    engine = LocalBackend(workers) if backend is None else backend
    try:
        for k, lineup in enumerate(seats):
            deal = derive_seed(seed, k // rotations)  # a line-up's rotations share the deals
            batch = run_batch(game_id, players, [specs[i] for i in lineup], per, deal, rules,
                              progress=progress, backend=engine)
            played.extend((lineup, result) for result in batch)
    finally:
        if own:
            engine.close()
    return summarize_arena(game_id, players, seed, rules, specs, played, cap_added)


def seats_of(lineup: tuple[int, ...]) -> dict[int, list[int]]:
    """Bot index -> the seats it holds in this line-up."""
    held: dict[int, list[int]] = {}
    for seat, bot in enumerate(lineup):
        held.setdefault(bot, []).append(seat)
    return held


def rate_seats(model: Any, ratings: Mapping[Hashable, Any], lineup: Sequence[Hashable],
               returns: Sequence[float], teams: Sequence[int] | None = None
               ) -> dict[Hashable, Any]:
    """One game's new OpenSkill ratings: `lineup` names the player at each seat (one may hold
    several), `ratings` holds theirs, `returns` ranks the seats and `teams` (the game's
    seat_teams; None: every seat for itself) groups seats that win and lose together. A
    player at several seats gets the mean of their updates."""
    teams = list(teams) if teams is not None else list(range(len(lineup)))
    groups: dict[int, list[int]] = {}
    for seat, team in enumerate(teams):
        groups.setdefault(team, []).append(seat)
    order = list(groups.values())
    rated = model.rate([[model.rating(mu=ratings[lineup[s]].mu, sigma=ratings[lineup[s]].sigma)
                         for s in seats] for seats in order],
                       ranks=[-returns[seats[0]] for seats in order])
    by_seat = {s: rated[t][j] for t, seats in enumerate(order) for j, s in enumerate(seats)}
    held: dict[Hashable, list[int]] = {}
    for seat, player in enumerate(lineup):
        held.setdefault(player, []).append(seat)
    return {player: model.rating(mu=sum(by_seat[s].mu for s in where) / len(where),
                                 sigma=sum(by_seat[s].sigma for s in where) / len(where))
            for player, where in held.items()}


def interleaved(played: list[tuple[tuple[int, ...], GameResult]]) -> \
        list[tuple[tuple[int, ...], GameResult]]:
    """The games in rating order: the line-ups in turn, the first game of each, then the
    second... A rating moves less as its sigma shrinks, so games rated a line-up at a time would
    let the line-up played first weigh most: where the seat decides most games (the dissent in
    Rat & Duck), two bots with the same record came out 25 points of mu apart."""
    by_lineup: dict[tuple[int, ...], list[tuple[tuple[int, ...], GameResult]]] = {}
    for entry in played:
        by_lineup.setdefault(entry[0], []).append(entry)
    queues = list(by_lineup.values())
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


def summarize_arena(game_id: str, players: int, seed: int, rules: dict[str, Any],
                    specs: list[str], played: list[tuple[tuple[int, ...], GameResult]],
                    cap_added: bool = False) -> ArenaResult:
    """The standings, pairwise shares and ratings; a game the round cap stopped as a draw
    counts in a bot's games played but not in its shares or its rating."""
    from openskill.models import PlackettLuce

    n = len(specs)
    model = PlackettLuce()
    ratings = [model.rating(name=str(i)) for i in range(n)]
    games = [0] * n
    seats = [0] * n
    wins = [0.0] * n
    score = [[0.0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    for lineup, result in played:
        ret = result.returns
        held = seats_of(lineup)
        mean = {bot: sum(ret[s] for s in where) / len(where) for bot, where in held.items()}
        for bot in held:
            games[bot] += 1
        if not result.decided:
            continue
        for bot, where in held.items():
            seats[bot] += len(where)
            wins[bot] += sum(ret[s] for s in where)
            for other in held:
                if other != bot:
                    met[bot][other] += 1
                    diff = mean[bot] - mean[other]
                    score[bot][other] += 1.0 if diff > 1e-9 else 0.5 if diff > -1e-9 else 0.0
    for lineup, result in interleaved(played):
        held = seats_of(lineup)
        if not result.decided or len(held) < 2:
            continue
        for bot, rating in rate_seats(model, dict(enumerate(ratings)), lineup,
                                      result.returns).items():
            ratings[bot] = rating
    standings = []
    for b in range(n):
        low, high = wilson(wins[b], seats[b])
        standings.append(Standing(specs[b], games[b], seats[b], wins[b],
                                  wins[b] / seats[b] if seats[b] else 0.0, low, high,
                                  ratings[b].mu, ratings[b].sigma))
    pairwise = [[score[a][b] / met[a][b] if met[a][b] else None for b in range(n)]
                for a in range(n)]
    decisions = [r.decisions for _, r in played]
    rounds = [r.rounds for _, r in played if r.rounds is not None]
    return ArenaResult(game_id, players, seed, rules, list(specs), standings, pairwise, met,
                       played, sum(decisions) / len(decisions),
                       sum(rounds) / len(rounds) if rounds else None, cap_added)
