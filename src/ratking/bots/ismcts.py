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

Cores: where the game has a compiled core (ratking.native) the same search runs natively
(src/native/ismcts.hpp), drawing the same numbers from the bot's generator, so both cores
choose alike at a fixed seed and iteration count. The closed loop and a guide of one's own
run on the Python engine. `core="python"` (or RATKING_CORE=python) keeps a bot on it;
`core="native"` demands the compiled search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Action, RatkingError, State
from ..native import CORES, NativeUnavailable, available, chosen_core
from ..native.search import action_ids, searchable
from ..native.search import search as native_search
from .base import Bot
from .turns import position_key, turn_before, turn_so_far

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
    # "python" or "native" (None: RATKING_CORE if set, else native where the game is compiled)
    core: str | None = None

    def __post_init__(self) -> None:
        if self.iters is None and self.ms is None:
            raise RatkingError("a search needs a budget: iters or ms")
        if self.rollout not in ROLLOUTS:
            raise RatkingError(f"rollout must be one of {', '.join(ROLLOUTS)}, "
                               f"not {self.rollout!r}")
        if self.split not in SPLITS:
            raise RatkingError(f"split must be one of {', '.join(SPLITS)}, not {self.split!r}")
        if self.core is not None and self.core not in CORES:
            raise RatkingError(f"core must be one of {', '.join(CORES)}, not {self.core!r}")


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
        if self.native(state):
            chosen = action_ids(state.game)[self._native_search(state).best]
            return next(a for a in legal if a.id == chosen)
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

    def probabilities(self, state: State) -> None:
        """None: a search's choice has no closed-form distribution (local best response then
        keeps a uniform belief, lbr.py)."""
        return None

    def native(self, state: State) -> bool:
        """Whether this bot searches `state` on the compiled core (see the module docstring);
        NativeUnavailable if it must and cannot."""
        cfg = self.settings
        core = cfg.core or chosen_core()
        if core == "python":
            return False
        if self.opponents(state):
            if core == "native":
                raise NativeUnavailable("a search whose other seats a fixed bot plays (a best "
                                        "response) runs on the Python core")
            return False
        game = state.game
        if not available(game.id):
            if core == "native":
                from ..native import require

                require(game.id)  # says why, in one line
            return False
        if not searchable(game.id):
            if core == "native":
                raise NativeUnavailable(f"{game.id} is compiled without the native search "
                                        "(use the Python core)")
            return False
        if cfg.split != "action" or cfg.guide is not None:
            if core == "native":
                raise NativeUnavailable("the compiled search has no split=seen and no guide "
                                        "of one's own (use the Python core)")
            return False
        try:
            action_ids(game)  # the compiled twin of these rules (made once)
        except ValueError as exc:
            if core == "native":
                raise NativeUnavailable(f"the compiled core cannot hold this game: {exc}") \
                    from None
            return False
        return True

    def _native_search(self, state: State):
        """The compiled core's search tree for the seat to move (ratking.native.search)."""
        self._check_heuristic(state)
        tree = native_search(state, turn_before(state), self.settings, self.rng)
        self.last_iterations = tree.iterations
        return tree

    def _check_heuristic(self, state: State) -> None:
        cfg = self.settings
        game = state.game
        if game.heuristic is None and (cfg.rollout == "heuristic" or
                                       (cfg.prior > 0 and cfg.guide is None)):
            raise RatkingError(f"{game.title} has no heuristic for rollout=heuristic or prior")

    def opponents(self, state: State) -> dict[int, Bot]:
        """The seats this search does not search but lets a fixed bot play (none here; a
        best response, response.py, models every other seat so)."""
        return {}

    def search(self, state: State) -> Node | GrownNode:
        """Build the search tree for the seat to move; return its root."""
        if self.native(state):
            return grown(self._native_search(state), state)
        self._check_heuristic(state)
        cfg = self.settings
        game = state.game
        players = state.players
        seat = state.to_move
        evaluate = game.evaluate
        policy = game.heuristic
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


class GrownNode:
    """A node of a native search's tree (ratking.native.search), read as a Node: the same
    visits, availability, values, hint and pruned actions, its children keyed by the game's
    shared actions and made when first read (a review reads the root's alone)."""

    __slots__ = ("_at", "_made", "_tree", "avail", "branches", "hint", "pruned", "total",
                 "visits")

    def __init__(self, tree: Grown, at: int) -> None:
        self._tree, self._at, self._made = tree, at, None
        native = tree.native
        players = native.players
        self.visits, self.avail = native.visits[at], native.avail[at]
        self.total = native.total[at * players:(at + 1) * players]
        hint = native.hint[at]
        self.hint = tree.action(hint, at) if hint >= 0 else None
        pruned = tree.pruned.get(at)
        self.pruned = None if pruned is None else {tree.action(a, at) for a in pruned}
        self.branches = None  # the native search keeps the open loop

    @property
    def children(self) -> dict[Action, GrownNode]:
        made = self._made
        if made is None:
            tree = self._tree
            action = tree.native.action
            made = self._made = {tree.action(action[k], self._at): GrownNode(tree, k)
                                 for k in tree.kids[self._at]}
        return made


class Grown:
    """What the nodes of one native search's tree share: the tree, the game's actions."""

    def __init__(self, native, state: State) -> None:
        game = state.game
        self.native, self.game, self.ids = native, game, action_ids(game)
        self.at_root = {a.id: a for a in state.legal_actions()}
        game.action_space(state.players)  # every action made (shared), for the deeper nodes
        self.kids: list[list[int]] = [[] for _ in native.visits]
        for k, parent in enumerate(native.parent):
            if parent >= 0:
                self.kids[parent].append(k)
        self.pruned: dict[int, list[int]] = {}
        for at, a in zip(native.pruned_node, native.pruned_action, strict=True):
            self.pruned.setdefault(at, []).append(a)

    def action(self, index: int, at: int) -> Action:
        """The shared Action of native action `index`, seen at node `at` (0: the root)."""
        aid = self.ids[index]
        return (self.at_root.get(aid) if at == 0 else None) or self.game.action_by_id(aid)


def grown(native, state: State) -> GrownNode:
    """The root of a native search's tree of `state`, read as a Node."""
    return GrownNode(Grown(native, state), 0)
