"""Play many games with bots, on any backend; the same seed gives the same results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..bots import make_bot
from ..core import Action, Game, RatkingError, State, make
from ..core.rng import derive_seed
from .backends import Backend, LocalBackend, stop_requested

# Every simulation ends: a game with no round cap of its own is simulated with this one. Bots
# that play well finish long before it (heuristic Target: Rats games run about 50 rounds, with a
# long tail), so it only stops games that would otherwise run for ever. Random play, which
# almost never finishes Target: Rats, is measured under the lower BENCH_MAX_ROUNDS instead.
SIM_MAX_ROUNDS = 200


def batch_rules(game_id: str, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every rule value a batch plays with (typed, as records keep them): these overrides,
    and max_rounds=SIM_MAX_ROUNDS if the game would have no round cap. Bad rules raise. The
    component files (`card_files`), if given, are kept as they are."""
    typed = make(game_id, **(rules or {})).rules.as_dict()
    if typed.get("max_rounds", 0) is None:
        typed["max_rounds"] = SIM_MAX_ROUNDS
    if rules and rules.get("card_files"):
        typed["card_files"] = rules["card_files"]
    return typed


def rotated(rules: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    """Game `index`'s rules in a run whose first player rotates: it starts at seat index mod
    players (the rule `first_seat`, where the game's rules let the players choose)."""
    return {**rules, "first_seat": index % players}


def check_rotation(game: Game, rules: dict[str, Any]) -> None:
    """RatkingError unless a run of this game may rotate its first player."""
    if not any(spec.name == "first_seat" for spec in game.rule_specs):
        raise RatkingError(f"--first-seat rotate: {game.title}'s rules fix who starts "
                           "(it has no first_seat rule)")
    if "first_seat" in rules:
        raise RatkingError("--first-seat rotate sets first_seat game by game: leave out "
                           "--rule first_seat")


def added_cap(game_id: str, rules: dict[str, Any] | None = None) -> int | None:
    """SIM_MAX_ROUNDS if batch_rules adds it to these rules, else None."""
    return SIM_MAX_ROUNDS if make(game_id, **(rules or {})).rules.max_rounds is None else None


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, outcome and length."""

    index: int
    seed: int
    returns: tuple[float, ...]
    scores: tuple[float, ...] | None
    decisions: int
    rounds: int | None
    end: str | None
    metrics: tuple[tuple[str, float], ...] = ()  # the game's own counters, game.metrics(state)
    # False for a game the round cap stopped as a draw (a game without scoring at the cap,
    # Game.scores_at_cap): it decided nothing, so win shares leave it out and count it apart
    decided: bool = True
    # the game's course: at the start of each round and at the end, snapshot()'s counters
    trail: tuple[tuple[float, ...], ...] = ()
    first: int = 0  # the seat that made the first decision
    # the legal moves at each decision, summed: (decisions, moves, squares, forced ones)
    legal: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["metrics"] = dict(self.metrics)
        out["bot_seeds"] = bot_seeds(self.seed, len(self.returns))
        out["trail"] = [list(t) for t in self.trail]
        out["legal"] = list(self.legal)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """A game as to_dict wrote it (JSON numbers read back exactly)."""
        scores = data.get("scores")
        return cls(int(data["index"]), int(data["seed"]), tuple(data["returns"]),
                   None if scores is None else tuple(scores), int(data["decisions"]),
                   data.get("rounds"), data.get("end"),
                   tuple((str(k), float(v)) for k, v in data.get("metrics", {}).items()),
                   bool(data.get("decided", True)),
                   tuple(tuple(float(x) for x in t) for t in data.get("trail", ())),
                   int(data.get("first", 0)), tuple(int(x) for x in data.get("legal", ())))


def bot_seeds(seed: int, players: int) -> list[int]:
    """The seed each seat's bot plays a game of this seed with."""
    return [derive_seed(seed, 1 + i) for i in range(players)]


def snapshot(game: Game, state: State) -> tuple[float, ...]:
    """A game's main counters now: each row's progress toward its goal in the table's "how to
    win" panel (Game.standing: a side's or a seat's), then each seat's score, where the game
    keeps them."""
    out: list[float] = []
    if game.standing is not None:
        rows = game.standing(state.view(None))["rows"]
        out += [float(r["progress"]) for r in rows if r.get("progress") is not None]
    scores = state.scores()
    if scores is not None:
        out += [float(x) for x in scores]
    return tuple(out)


def play_out(game: Game, players: int, bots: Sequence[str], seed: int,
             trail: list[tuple[float, ...]] | None = None,
             moves: list[int] | None = None, record: Sequence[Action] | None = None,
             state: State | None = None) -> State:
    """A game played to its end from `seed` by the named bots (seat i's bot seeded with
    derive_seed(seed, 1 + i), as `ratking play --seed` seats them): its final state. With a
    `trail` list, snapshot() is added to it at the start of every round and at the end; with
    a `moves` list, the number of legal moves at each decision. A `record` holds the bots'
    actions already chosen (by the compiled core's loop: sim/native_batch.py), played in turn
    instead of asking them again. `state`: the game of that seed, just started, if the caller
    has it."""
    if state is None:
        state = game.new_game(players, seed=seed)
    if record is None:
        seated = [make_bot(kind, s)
                  for kind, s in zip(bots, bot_seeds(seed, players), strict=True)]
        choose = lambda: seated[state.to_move].choose(state)  # noqa: E731
    else:
        choose = iter(record).__next__
    last = None
    while not state.over:
        if trail is not None and (now := getattr(state, "round", None)) != last:
            trail.append(snapshot(game, state))
            last = now
        if moves is not None:
            moves.append(len(state.legal_actions()))
        state.apply(choose())
    if trail is not None:
        trail.append(snapshot(game, state))
    return state


def play_one(game_id: str, rules: dict[str, Any], players: int, bots: Sequence[str],
             seed: int, index: int = 0) -> GameResult:
    """Play one game to the end with the named bots (one per seat)."""
    return game_result(make(game_id, **rules), players, bots, seed, index)


def game_result(game: Game, players: int, bots: Sequence[str], seed: int, index: int,
                record: Sequence[Action] | None = None) -> GameResult:
    """One game played to the end (as play_out plays it) and its row."""
    state = game.new_game(players, seed=seed)
    first = state.to_move
    trail: list[tuple[float, ...]] = []
    moves: list[int] = []
    state = play_out(game, players, bots, seed, trail, moves, record, state)
    scores = state.scores()
    decided = state.end_reason != "round-cap" or game.scores_at_cap
    return GameResult(index, seed, tuple(state.returns()),
                      None if scores is None else tuple(scores), state.steps,
                      getattr(state, "round", None), state.end_reason,
                      tuple(game.metrics(state).items()), decided, tuple(trail), first,
                      (len(moves), sum(moves), sum(m * m for m in moves),
                       sum(1 for m in moves if m == 1)))


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: `results` are the games finished before the stop (in game
    order); `partial` is what the stopped run had made of them, if it says (a sweep's finished
    cells, an arena's standings)."""

    def __init__(self, results: Sequence[GameResult], partial: Any = None) -> None:
        super().__init__()
        self.results = list(results)
        self.partial = partial


def _play_chunk(args: tuple) -> list[GameResult]:
    """Some games of a batch; a stop (Ctrl-C here, or the pool's stop event) hands back the
    games finished so far."""
    game_id, rules, players, bots, seed, core, indices = args
    out: list[GameResult] = []
    if core == "native":
        from .native_batch import native_games

        games = native_games(game_id, rules, players, bots, seed, indices)
    else:
        games = (play_one(game_id, rules, players, bots, derive_seed(seed, i), i)
                 for i in indices)
    try:
        for game in games:
            if stop_requested():
                break
            out.append(game)
    except KeyboardInterrupt:
        raise Interrupted(out) from None
    return out


def run_batch(game_id: str, players: int, bots: Sequence[str], games: int, seed: int,
              rules: dict[str, Any] | None = None, workers: int = 1,
              progress: Callable[[int], None] | None = None,
              backend: Backend | None = None,
              indices: Sequence[int] | None = None, core: str = "auto",
              rotate: bool = False) -> list[GameResult]:
    """Play `games` games; game i uses seed derive_seed(seed, i), whatever the backend and the
    worker count. The rules are batch_rules(game_id, rules): a game with no round cap gets
    SIM_MAX_ROUNDS. `indices` plays only those of the games (a resumed run). With `rotate`,
    game i starts at seat i mod players (rotated()), so every seat starts equally often.

    `backend` runs the games (default: a local pool of `workers` processes, one: this process).
    `core` plays them (sim/native_batch.py's batch_core: "auto" the compiled core wherever it
    can); the games and their rows are the same on either.
    `progress(k)` is called as each chunk of k games finishes. Results come back in game order.
    Ctrl-C raises Interrupted with the games finished so far.
    """
    if rotate:
        check_rotation(make(game_id), rules or {})
    rules = batch_rules(game_id, rules)  # fails early, in this process, on a bad rule
    make(game_id, **rules).check_players(players)
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots given for {players} players")
    for kind in set(bots):
        make_bot(kind, 0)  # an unknown bot or a bad spec fails here, before any game
    from .native_batch import batch_core

    core = batch_core(core, game_id, bots)
    own = backend is None
    if backend is None:
        backend = LocalBackend(workers)
    todo = list(range(games)) if indices is None else sorted(indices)
    # small chunks with one worker: a stop loses at most the chunk being played
    most = 100 if backend.workers > 1 else 20
    chunk = max(1, min(most, len(todo) // (backend.workers * 8) or 1))
    groups = ([(rotated(rules, players, k), [i for i in todo if i % players == k])
               for k in range(players)] if rotate else [(rules, todo)])
    jobs = [(game_id, played, players, tuple(bots), seed, core, part[i:i + chunk])
            for played, part in groups for i in range(0, len(part), chunk)]
    results: list[GameResult] = []

    def done(finished: list[GameResult]) -> None:
        results.extend(finished)
        if progress:
            progress(len(finished))

    try:
        backend.run(_play_chunk, jobs, done)
    except KeyboardInterrupt as stop:
        if isinstance(stop, Interrupted):  # the games of the chunk under way, in this process
            results.extend(stop.results)
        results.sort(key=lambda r: r.index)
        raise Interrupted(results) from None
    finally:
        if own:
            backend.close()
    results.sort(key=lambda r: r.index)
    return results
