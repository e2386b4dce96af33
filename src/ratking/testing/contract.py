"""The contract's driver: each check plays a few random games of every variant and player
count the game declares and applies its property at the decision points it samples."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..core import Game, State, make
from . import properties as p
from .hooks import check_hooks, declared
from .narration import kinds_in_source, tell, with_rare_events

CAP = 12  # max_rounds of the games played: long enough for every phase, short enough to run
NARRATED, NARRATION_CAP = 16, 30  # the narration check's games (cheap: no property is tried)


@dataclass(frozen=True)
class Outcome:
    """One check's result: its name, whether it passed, and why it failed (or a note)."""

    name: str
    passed: bool
    why: str = ""

    def line(self) -> str:
        return f"{'pass' if self.passed else 'FAIL'}  {self.name}" + \
            (f": {self.why}" if self.why else "")


@dataclass(frozen=True)
class Trial:
    """The random games a check plays: `games` of them, from `seed`, cycling through the
    game's declared variants and its player counts."""

    game_id: str
    games: int
    seed: int

    def setups(self, games: int | None = None,
               cap: int = CAP) -> Iterator[tuple[Game, int, int, random.Random]]:
        variants = make(self.game_id).variants
        for i in range(self.games if games is None else games):
            rules = dict(variants[i % len(variants)])
            game = make(self.game_id, **rules)
            if "max_rounds" in game.rules.as_dict():
                game = make(self.game_id, **{**rules, "max_rounds": cap})
            counts = game.player_counts()
            seed = self.seed + i
            yield game, counts[i % len(counts)], seed, random.Random(seed)

    def walk(self, every: int = 1) -> Iterator[tuple[State, int]]:
        """Each game's states at every `every`-th decision and at its end, with a seed.
        The state is the one being played: a check must not change it (it clones)."""
        for game, players, seed, rng in self.setups():
            state = game.new_game(players, seed=seed)
            while True:
                if state.steps % every == 0 or state.is_over:
                    yield state, seed * 7919 + state.steps
                if state.is_over:
                    break
                p.step(state, rng)


def _play(trial: Trial) -> str:
    for game, players, seed, rng in trial.setups():
        p.check_ends(game.new_game(players, seed=seed), rng)
    return ""


def _legality(trial: Trial) -> str:
    for state, seed in trial.walk(3):
        if not state.is_over:
            p.check_legality(state, random.Random(seed))
    return ""


def _replay(trial: Trial) -> str:
    for state, seed in trial.walk(9):
        p.check_replay(state, seed)
    return ""


def _views(trial: Trial) -> str:
    for state, _ in trial.walk(2):
        p.check_views(state)
    return ""


def _leaks(trial: Trial) -> str:
    for state, seed in trial.walk(3):
        p.check_leaks(state, seed)
    return ""


def _redeal(trial: Trial) -> str:
    hidden: set[int | None] = set()
    dealt: set[int | None] = set()
    for state, seed in trial.walk(4):
        p.check_redeal(state, seed)
        if not state.is_over:
            hidden |= {seat for seat in p.seats(state) if p.hidden_from(state, seat)}
            dealt |= p.redeals(state, seed)
    missed = hidden - dealt
    p.need(not missed, "determinize re-deals nothing for "
           f"{', '.join('the spectator' if s is None else f'seat {s}' for s in missed)}, "
           "though events were kept secret from it (_redeal must re-deal what it cannot see)")
    return "" if hidden else "nothing was hidden in these games"


def _undo(trial: Trial) -> str:
    offered = 0
    for game, players, seed, rng in trial.setups():
        state = game.new_game(players, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            state = p.check_undo_step(state, action.id, seed + state.steps)
            offered += state.undoable() > 0
    claim = make(trial.game_id).offers_undo
    p.need(claim is None or claim == (offered > 0),
           f"the game declares offers_undo={claim}, and random play was offered an undo "
           f"{offered} times")
    return f"an undo was offered {offered} times"


def _spaces(trial: Trial) -> str:
    game = make(trial.game_id)
    if game.action_catalogue is None and game.tensor_layout is None:
        return "no action space or observation: the environments do not take this game"
    for state, seed in trial.walk(3):
        p.check_spaces(state, seed)
    return ""


def _narration(trial: Trial) -> str:
    cls = type(make(trial.game_id))
    told: set[str] = set()
    state = None
    for i, (game, players, seed, rng) in enumerate(trial.setups(max(NARRATED, trial.games),
                                                                NARRATION_CAP)):
        state = game.new_game(players, seed=seed)
        while not state.is_over:  # half the games random, half the game's own heuristic
            if i % 2 and game.heuristic is not None:
                state.apply(game.heuristic(state, rng))
            else:
                p.step(state, rng)
        told |= tell(state)
    if state is not None and cls.rare_events:
        told |= tell(with_rare_events(state))
    missing = kinds_in_source(cls) - told
    p.need(not missing, f"no game told {', '.join(sorted(missing))}: add a sample of each to "
                        "the game's rare_events")
    return ""


def _hooks(trial: Trial) -> str:
    for state, _ in trial.walk(20):  # drawing every seat's board is slow: fewer points
        check_hooks(state.game, state)
    return "declared: " + (", ".join(declared(make(trial.game_id))) or "none")


# name: (what it checks, in words; the check)
CHECKS: dict[str, tuple[str, Callable[[Trial], str]]] = {
    "play": ("random play ends, never raises and returns a result", _play),
    "legality": ("legal_actions apply; every other action is refused with a reason", _legality),
    "replay": ("records, saves and clones are exact", _replay),
    "views": ("views are JSON and hold the keys every consumer reads", _views),
    "leaks": ("views, events and legal actions leak nothing a seat cannot see", _leaks),
    "redeal": ("determinize re-deals what a seat cannot see, from what it knows only", _redeal),
    "undo": ("undo restores exactly and never takes back a reveal", _undo),
    "spaces": ("masks and observations match their spaces and leak nothing", _spaces),
    "narration": ("every event kind the game logs has words", _narration),
    "hooks": ("every hook the game declares works for the features that use it", _hooks),
}


def check(game_id: str, games: int = 6, seed: int = 0,
          only: list[str] | None = None) -> list[Outcome]:
    """Run the contract's checks (all, or those named in `only`) on the game `game_id`,
    `games` random games each: one Outcome per check, in order. An unknown game raises
    UnknownGame; an unknown check name, ValueError."""
    make(game_id)
    names = list(CHECKS) if only is None else only
    unknown = [n for n in names if n not in CHECKS]
    if unknown:
        raise ValueError(f"no check {', '.join(unknown)}; checks: {', '.join(CHECKS)}")
    trial = Trial(game_id, games, seed)
    out = []
    for name in names:
        try:
            note = CHECKS[name][1](trial)
        except p.Broken as exc:
            out.append(Outcome(name, False, str(exc)))
        except Exception as exc:  # a hook or a rule that raises fails its check, not the run
            out.append(Outcome(name, False, f"raised {exc!r}"))
        else:
            out.append(Outcome(name, True, note))
    return out
