"""Information-Set Monte Carlo Tree Search over the kernel contract alone.

Each iteration samples a determinization, `state.determinize(seat, seed)`: a copy of the game in
which everything the searching seat cannot know is re-dealt and future chance re-seeded. It then
walks one tree down from the root, keyed by the actions taken (the shared Action objects of the
game, compared by identity), so the statistics of every determinization that shares a line of
play are pooled: the tree is over the searcher's information, never over one guessed deal.

- Multiplayer: every node keeps a total value per seat; at a node the seat to move (in that
  determinization) picks by its own value.
- Availability: an action legal in one determinization but not in another is scored by how often
  it was *available* when its parent was visited, not by the parent's visits (Cowling, Powley and
  Whitehouse's "subset-armed bandit" rule).
- Chance: dice and draws happen inside `apply` with the determinization's own generator, so the
  tree is open loop: a node after a roll pools the outcomes.
- Rollouts: uniformly random, or the game's heuristic (optionally with a share of random moves);
  cut after `depth` decisions and scored by the game's `evaluate(state)` when it has one.
- No-op cycles: an action after which the same seat is still to move, in a position it
  already stood in during this turn (a Link undone by an Unlink), is pruned from the tree,
  and so are such actions at the root against the positions of the turn so far (replayed
  from the record). A position is told by the mover's observation and legal actions. Wasted
  moves are then never chosen, whatever noise or horizon would make them look good (a
  rollout cut after a number of decisions sees less of the game after a wasted pair, which a
  losing side prefers).
- Optional guidance from the game's heuristic (`prior`): at each node the heuristic's own
  choice is tried first and gets a PUCT-style bonus, prior * sqrt(availability) / (1 + visits),
  so the search keeps to it unless another action proves clearly better.
- Optional score margin (`margin`): a finished game is valued partly by the evaluation of its
  final position, so a narrow win counts a little less than a wide one and a narrow loss a
  little more than a heavy one (less noise where a game keeps scores).

- Optional closed loop (`split="seen"`): below each action, the tree branches on what the
  searching seat then observes (its observation tensor, built from its view alone), so the
  decisions after a dice roll are learned per roll instead of pooled over every roll. The
  tree is then over the searcher's information sets, at the price of one observation per
  tree step; games without an observation tensor keep the open loop.

Budgets are iterations (reproducible: the same seed and iteration budget give the same choice)
or milliseconds (for play). A single legal action is played without search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Action, RatkingError, State
from .base import Bot
from .turns import position_key, turn_so_far

ROLLOUTS = ("random", "heuristic")
SPLITS = ("action", "seen")
# a rollout with no depth cut stops here all the same (games without a round cap could run on
# for ever under random play); the position is then scored by the game's evaluation, or as a tie
ROLLOUT_LIMIT = 5_000


@dataclass(frozen=True)
class SearchSettings:
    """How one search bot searches. See the module docstring."""

    iters: int | None = 1000  # iterations per decision (None: only the time budget counts)
    ms: float | None = None  # milliseconds per decision (None: only the iterations count)
    rollout: str = "random"  # "random" or "heuristic"
    eps: float = 0.0  # with rollout=heuristic: the share of rollout moves made at random
    depth: int | None = None  # rollout decisions before the evaluation (None: to the end)
    c: float = 0.7  # exploration constant of the UCB rule (values are win shares in [0, 1])
    prior: float = 0.0  # weight of the bonus for the heuristic's choice at each node
    margin: float = 0.0  # share of a finished game's value taken from the evaluation
    split: str = "action"  # "seen": branch below each action on what the searcher observes
    # the policy whose choice the prior favours, guide(state, rng) -> Action (None: the
    # game's heuristic); `ismcts:prior=neural` sets the neural bot's
    guide: Callable[[State, random.Random], Action] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.iters is None and self.ms is None:
            raise RatkingError("a search needs a budget: iters or ms")
        if self.rollout not in ROLLOUTS:
            raise RatkingError(f"rollout must be one of {', '.join(ROLLOUTS)}, "
                               f"not {self.rollout!r}")
        if self.split not in SPLITS:
            raise RatkingError(f"split must be one of {', '.join(SPLITS)}, not {self.split!r}")


class Node:
    """One line of play from the root: visits, value per seat, availability, children."""

    __slots__ = ("avail", "branches", "children", "hint", "pruned", "total", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * players
        self.hint: Action | None = None  # the heuristic's choice here (with a prior)
        self.pruned: set[Action] | None = None  # actions here that close a no-op cycle
        # with split="seen": what the searcher observed after this action -> the node from
        # which play goes on (its children and hint; the statistics stay on this node)
        self.branches: dict[bytes, Node] | None = None

    def branch(self, key: bytes, players: int) -> Node:
        branches = self.branches
        if branches is None:
            branches = self.branches = {}
        node = branches.get(key)
        if node is None:
            node = branches[key] = Node(players)
        return node


class SearchBot:
    """An ISMCTS bot (see the module docstring). `choose` reads `state` only through
    `state.determinize(seat, ...)` and the legal actions of the seat to move."""

    name = "ismcts"

    def __init__(self, settings: SearchSettings | None = None, seed: int | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.rng = random.Random(seed)
        self.last_iterations = 0  # iterations made by the last search (0: no search was needed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state)
        seat = state.to_move
        best, key = legal[0], None
        children = root.children
        for action in legal:
            child = children.get(action)
            if child is None:
                continue
            k = (child.visits, child.total[seat] / child.visits)
            if key is None or k > key:
                best, key = action, k
        return best

    def opponents(self, state: State) -> dict[int, Bot]:
        """The seats this search does not search but lets a fixed bot play (none here; a
        best response, response.py, models every other seat so)."""
        return {}

    def search(self, state: State) -> Node:
        """Build the search tree for the seat to move; return its root."""
        cfg = self.settings
        game = state.game
        players = state.players
        seat = state.to_move
        evaluate = game.evaluate
        policy = game.heuristic
        if policy is None and (cfg.rollout == "heuristic" or
                               (cfg.prior > 0 and cfg.guide is None)):
            raise RatkingError(f"{game.title} has no heuristic for rollout=heuristic or prior")
        heuristic = policy if cfg.rollout == "heuristic" else None
        guide = (cfg.guide or policy) if cfg.prior > 0 else None
        prior = cfg.prior
        margin = cfg.margin if evaluate is not None else 0.0
        depth = ROLLOUT_LIMIT if cfg.depth is None else min(cfg.depth, ROLLOUT_LIMIT)
        eps = cfg.eps
        c = cfg.c
        rng = self.rng
        rand = rng.random
        getbits = rng.getrandbits
        log, sqrt = math.log, math.sqrt
        determinize = state.determinize
        seen = None
        if cfg.split == "seen" and game.observation_shape(players) is not None:
            def seen(s: State) -> bytes:
                return s.observation(seat).tobytes()
        models = self.opponents(state)  # seats played by a fixed bot, not searched
        root = Node(players)
        root_turn = turn_so_far(state)
        limit = cfg.iters if cfg.iters is not None else 1 << 62
        clock = time.perf_counter
        deadline = None if cfg.ms is None else clock() + cfg.ms / 1000.0
        done = 0
        while done < limit:
            if deadline is not None and done and clock() >= deadline:
                break
            done += 1
            s = determinize(seat, getbits(63))
            node = root
            path = [root]
            turn = set(root_turn)  # the positions of the mover's turn on this line
            cycle = False
            # selection and expansion
            while not s.over:
                if models and s.to_move in models:
                    s.apply(models[s.to_move].choose(s))
                    if not s.over and s.to_move not in models:
                        turn = {position_key(s)}
                    continue
                legal = s.legal_actions()
                pruned = node.pruned
                if pruned is not None:
                    legal = [a for a in legal if a not in pruned] or legal
                children = node.children
                mover = s.to_move
                hint = None
                if guide is not None:
                    hint = node.hint
                    if hint is None:
                        hint = node.hint = guide(s, rng)
                fresh = None
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        if fresh is None:
                            fresh = [a]
                        else:
                            fresh.append(a)
                    else:
                        child.avail += 1
                if fresh is not None:
                    if hint is not None and hint in fresh:
                        a = hint
                    else:
                        a = fresh[int(rand() * len(fresh))] if len(fresh) > 1 else fresh[0]
                    s.apply(a)
                    if not s.over and s.to_move == mover and position_key(s) in turn:
                        if pruned is None:
                            pruned = node.pruned = set()
                        pruned.add(a)  # back where the turn already stood: a no-op cycle
                        cycle = True
                        break
                    node = children[a] = Node(players)
                    path.append(node)
                    break
                p = s.to_move
                best_a, best_child, best_score = None, None, -1.0
                for a in legal:
                    child = children[a]
                    v = child.visits
                    score = child.total[p] / v + c * sqrt(log(child.avail) / v)
                    if a is hint:
                        score += prior * sqrt(child.avail) / (v + 1)
                    if score > best_score:
                        best_a, best_child, best_score = a, child, score
                s.apply(best_a)
                if not s.over:
                    if s.to_move == mover:
                        turn.add(position_key(s))
                    else:
                        turn = {position_key(s)}
                path.append(best_child)
                node = best_child if seen is None or s.over else best_child.branch(
                    seen(s), players)
            if cycle:
                continue
            # rollout
            steps = 0
            while not s.over and steps < depth:
                if models and s.to_move in models:
                    s.apply(models[s.to_move].choose(s))
                elif heuristic is not None and (eps <= 0.0 or rand() >= eps):
                    s.apply(heuristic(s, rng))
                else:
                    legal = s.legal_actions()
                    s.apply(legal[int(rand() * len(legal))])
                steps += 1
            if s.over:
                value = s.result
                if margin:
                    final = evaluate(s)
                    keep = 1.0 - margin
                    value = [keep * x + margin * y for x, y in zip(value, final, strict=True)]
            elif evaluate is not None:
                value = evaluate(s)
            else:
                value = [1.0 / players] * players
            # backpropagation
            for node in path:
                node.visits += 1
                total = node.total
                for i in range(players):
                    total[i] += value[i]
        self.last_iterations = done
        return root
