"""The arena: bots against each other with sides rotated, win shares and OpenSkill ratings.

The arena seats bots by side: a side is a team in a team game (Rat & Duck's dissent and
government, `Game.seat_teams`), otherwise one seat. In a team game a team is one bot: every
seat of the team is played by it, so a bot never plays against itself. Every bot plays every
side equally often. With at most as many bots as sides, the line-ups are the rotations of the
list (side j of rotation r holds bot (r + j) mod B); with more bots than sides, every
combination of S bots in each of its S rotations. A team game with fewer bots than teams cannot
be seated that way and is refused before any game. The rotations of one line-up replay the
very same deals (the same game seeds), so luck of the deal cancels out between them. Each
line-up is one batch of sim's batch runner (`run_batch`) on one backend (local processes or
Ray), so whatever runs batches runs the arena. A game with no round cap of its own is played
with the batch runner's cap, as in `ratking simulate`.

Per bot: its win share over the sides it held (a shared win or a draw counts its fraction; a
team's win counts once), with a Wilson 95% interval, and the same per side; the share of the
games it won against its fair share (the sides it held over all sides: a bot in two of four
seats of a free-for-all wins half the games by chance, while its share per side held is then
a quarter); its pairwise win
share against each other bot (in the games both played: 1 when its side did better, 1/2 on
equal results); and an OpenSkill rating (Plackett-Luce), mu and sigma, rated game by game with
the line-ups taken in turn (`interleaved`), one rated team per side. A game the round cap
stopped as a draw decided nothing: it counts in the games a bot played, not in its shares or
its rating. The same seed gives the same numbers, whatever the worker count.
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
from .batch import GameResult, Interrupted, added_cap, batch_rules, run_batch
from .plan import files_json, without_files
from .sides import Sides, sides_of
from .stats import wilson


def lineups(bots: int, sides: int) -> list[tuple[int, ...]]:
    """The seatings of an arena: bot index per side, each bot on each side equally often."""
    if bots <= sides:
        return [tuple((r + j) % bots for j in range(sides)) for r in range(bots)]
    return [tuple(combo[(r + j) % sides] for j in range(sides))
            for combo in combinations(range(bots), sides) for r in range(sides)]


def seat_lineup(sides: Sides, lineup: tuple[int, ...]) -> tuple[int, ...]:
    """A line-up by side as a bot index per seat (every seat of a team: the team's bot)."""
    players = sum(len(s) for s in sides.seats)
    out = [0] * players
    for side, seats in enumerate(sides.seats):
        for seat in seats:
            out[seat] = lineup[side]
    return tuple(out)


def check_seating(sides: Sides, bots: int) -> None:
    """Refuse, in one line, a team game with fewer bots than teams: some bot would play
    on two teams, against itself."""
    if sides.teams and bots < len(sides.seats):
        raise RatkingError(f"a team game seats one bot per team: give at least "
                           f"{len(sides.seats)} bots for its {len(sides.seats)} teams, "
                           f"not {bots}")


@dataclass(frozen=True)
class Standing:
    """One bot's figures in an arena."""

    spec: str
    games: int  # games it played
    seats: int  # sides it held over the decided games (a team counts once)
    wins: float  # wins over those sides (shared wins as fractions)
    win_share: float
    low: float  # Wilson 95% interval of the win share
    high: float
    mu: float  # OpenSkill (Plackett-Luce) rating and its uncertainty
    sigma: float
    decided: int = 0  # decided games it played
    fair: float = 0.0  # its fair share of those games: the sides it held over all sides

    @property
    def game_share(self) -> float:
        """The share of its decided games it won (with one bot on several sides, a game
        won by any of them; a shared win as a fraction)."""
        return self.wins / self.decided if self.decided else 0.0

    @property
    def game_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.decided)

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "games": self.games, "seats": self.seats, "wins": self.wins,
                "win_share": self.win_share, "low": self.low, "high": self.high,
                "mu": self.mu, "sigma": self.sigma, "decided": self.decided,
                "game_share": self.game_share, "game_95": list(self.game_interval),
                "fair_share": self.fair}


@dataclass(frozen=True)
class SideRecord:
    """One bot on one side: wins over the decided games it held that side."""

    wins: float
    games: int

    @property
    def share(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


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
    sides: Sides | None = None
    by_side: list[list[SideRecord]] = field(default_factory=list)  # [bot][side]
    planned: int = 0  # the games asked for (more than played after a stop)

    @property
    def cap(self) -> int | None:
        return self.rules.get("max_rounds")

    @property
    def partial(self) -> bool:
        return len(self.games) < self.planned

    @property
    def capped(self) -> int:
        """Games the round cap stopped."""
        return sum(1 for _, r in self.games if r.end == "round-cap")

    @property
    def undecided(self) -> int:
        """Games the round cap stopped as draws: left out of the shares and ratings."""
        return sum(1 for _, r in self.games if not r.decided)

    def to_dict(self) -> dict[str, Any]:
        names = list(self.sides.names) if self.sides else []
        bots = []
        for b, s in enumerate(self.standings):
            entry = s.to_dict()
            entry["by_side"] = [{"side": names[k], "games": rec.games, "win_share": rec.share,
                                 "win_95": list(rec.interval)}
                                for k, rec in enumerate(self.by_side[b])] if self.by_side else []
            bots.append(entry)
        rules, files = without_files(self.rules)
        return {
            "game": self.game, "players": self.players, "seed": self.seed, "rules": rules,
            **files_json(self.game, files),
            "sides": [{"name": n, "seats": [s + 1 for s in seats]} for n, seats in
                      zip(names, self.sides.seats, strict=True)] if self.sides else [],
            "bots": bots,
            "pairwise": [{"bot": self.specs[a], "against": self.specs[b],
                          "win_share": self.pairwise[a][b], "games": self.meetings[a][b]}
                         for a in range(len(self.specs)) for b in range(len(self.specs))
                         if a != b and self.pairwise[a][b] is not None],
            "mean_decisions": self.mean_decisions, "mean_rounds": self.mean_rounds,
            "round_cap": self.cap, "round_cap_added": self.cap_added,
            "capped": self.capped, "undecided": self.undecided,
            "planned": self.planned, "partial": self.partial,
            "games": [{"seats": [self.specs[i] for i in lineup], **result.to_dict()}
                      for lineup, result in self.games],
        }


def check_arena(game_id: str, specs: Sequence[str], games: int, players: int,
                rules: dict[str, Any] | None = None
                ) -> tuple[dict[str, Any], Sides, list[tuple[int, ...]]]:
    """Refuse, in one line, an arena that cannot be played (fewer than two bots, a bad spec
    or rule, a seat count the game does not take, games not a multiple of the seatings); else
    (the rules as the batches play them, the sides, the line-ups)."""
    if len(specs) < 2:
        raise RatkingError("an arena needs at least two bots")
    for spec in specs:
        make_bot(spec)  # a bad spec fails here, before any game
    rules = batch_rules(game_id, rules)  # as the batches will play them (a round cap added)
    make(game_id, **rules).check_players(players)
    sides = sides_of(game_id, players, rules)
    check_seating(sides, len(specs))
    seats = lineups(len(specs), len(sides.seats))
    if games < 1 or games % len(seats):
        raise RatkingError(f"--games must be a positive multiple of {len(seats)} (the seatings "
                           f"that put every bot on every side equally often), not {games}")
    return rules, sides, seats


def run_arena(game_id: str, specs: Sequence[str], games: int, players: int, seed: int,
              rules: dict[str, Any] | None = None, workers: int = 1,
              progress: Callable[[int], None] | None = None,
              backend: Backend | None = None) -> ArenaResult:
    """Play `games` games between the bots `specs` (see the module docstring); on `backend`
    (default: a local pool of `workers` processes). A stop (Ctrl-C) raises Interrupted
    holding the ArenaResult of the games finished so far."""
    specs = [s.strip() for s in specs]
    cap_added = added_cap(game_id, rules) is not None
    rules, sides, seats = check_arena(game_id, specs, games, players, rules)
    per = games // len(seats)
    played: list[tuple[tuple[int, ...], GameResult]] = []
    rotations = min(len(specs), len(sides.seats))
    own = backend is None
    engine = LocalBackend(workers) if backend is None else backend

    def summary() -> ArenaResult:
        return summarize_arena(game_id, players, seed, rules, specs, played, cap_added, games)

    try:
        for k, lineup in enumerate(seats):
            deal = derive_seed(seed, k // rotations)  # a line-up's rotations share the deals
            by_seat = seat_lineup(sides, lineup)
            batch: list[GameResult] = []
            try:
                batch = run_batch(game_id, players, [specs[i] for i in by_seat], per, deal,
                                  rules, progress=progress, backend=engine)
            except Interrupted as stop:
                batch = stop.results
                raise
            finally:
                played.extend((by_seat, result) for result in batch)
    except KeyboardInterrupt:
        raise Interrupted([r for _, r in played], summary()) from None
    finally:
        if own:
            engine.close()
    return summary()


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


def sides_held(sides: Sides, lineup: tuple[int, ...]) -> dict[int, list[int]]:
    """Bot index -> the sides it holds in this line-up (by seat: the side's first seat)."""
    held: dict[int, list[int]] = {}
    for side, seats in enumerate(sides.seats):
        held.setdefault(lineup[seats[0]], []).append(side)
    return held


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
                    cap_added: bool = False, planned: int | None = None) -> ArenaResult:
    """The standings, per-side records, pairwise shares and ratings, side by side (a team is
    one side); a game the round cap stopped as a draw counts in a bot's games played but not
    in its shares or its rating."""
    from openskill.models import PlackettLuce

    sides = sides_of(game_id, players, rules)
    n = len(specs)
    k = len(sides.seats)
    model = PlackettLuce()
    ratings = [model.rating(name=str(i)) for i in range(n)]
    games = [0] * n
    decided = [0] * n
    held_count = [0] * n
    wins = [0.0] * n
    side_wins = [[0.0] * k for _ in range(n)]
    side_games = [[0] * k for _ in range(n)]
    score = [[0.0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    for lineup, result in played:
        share = sides.per_game(result.returns)
        held = sides_held(sides, lineup)
        mean = {bot: sum(share[s] for s in where) / len(where) for bot, where in held.items()}
        for bot in held:
            games[bot] += 1
        if not result.decided:
            continue
        for bot, where in held.items():
            decided[bot] += 1
            held_count[bot] += len(where)
            wins[bot] += sum(share[s] for s in where)
            for s in where:
                side_wins[bot][s] += share[s]
                side_games[bot][s] += 1
            for other in held:
                if other != bot:
                    met[bot][other] += 1
                    diff = mean[bot] - mean[other]
                    score[bot][other] += 1.0 if diff > 1e-9 else 0.5 if diff > -1e-9 else 0.0
    for lineup, result in interleaved(played):
        held = sides_held(sides, lineup)
        if not result.decided or len(held) < 2:
            continue
        share = sides.per_game(result.returns)
        bots = [lineup[seats[0]] for seats in sides.seats]
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)] for b in bots]
        rated = model.rate(teams, ranks=[-x for x in share])
        for bot, where in held.items():  # a bot on several sides: the mean of its updates
            mu = sum(rated[s][0].mu for s in where) / len(where)
            sigma = sum(rated[s][0].sigma for s in where) / len(where)
            ratings[bot] = model.rating(mu=mu, sigma=sigma)
    standings = []
    for b in range(n):
        low, high = wilson(wins[b], held_count[b])
        standings.append(Standing(specs[b], games[b], held_count[b], wins[b],
                                  wins[b] / held_count[b] if held_count[b] else 0.0, low, high,
                                  ratings[b].mu, ratings[b].sigma, decided[b],
                                  held_count[b] / (decided[b] * k) if decided[b] else 0.0))
    pairwise = [[score[a][b] / met[a][b] if met[a][b] else None for b in range(n)]
                for a in range(n)]
    decisions = [r.decisions for _, r in played]
    rounds = [r.rounds for _, r in played if r.rounds is not None]
    by_side = [[SideRecord(side_wins[b][s], side_games[b][s]) for s in range(k)]
               for b in range(n)]
    return ArenaResult(game_id, players, seed, rules, list(specs), standings, pairwise, met,
                       played, sum(decisions) / len(decisions) if decisions else 0.0,
                       sum(rounds) / len(rounds) if rounds else None, cap_added, sides,
                       by_side, len(played) if planned is None else planned)
