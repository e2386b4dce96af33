"""How `tune` names the best of its leaders once they are played again on fresh games.

With one objective the best is the lowest fresh value. With several, only the re-runs no other
re-run beats on every objective (the Pareto front of the fresh values) are candidates, and the
designer's rule (`--pick`) chooses among them:

- `order` (the default: the objectives in the order `--objective` gives them) or
  `order=length,fair`: the first objective keeps the re-runs whose 95% interval overlaps the
  best one's (they are not told apart on it), the next objective decides among those, and so
  on; the last takes the lowest value.
- `weights=W1,W2,...` (one per objective, in `--objective`'s order): the lowest weighted sum,
  unfairness counted in percentage points and length in rounds.

Every pick comes with a sentence that says which rule chose it and how.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import RatkingError

Fresh = tuple[tuple[float, float, float], ...]  # (value, low, high) per objective


@dataclass(frozen=True)
class PickRule:
    """`order` holds objective indices (first decides first); `weights` one per objective."""

    order: tuple[int, ...] | None = None
    weights: tuple[float, ...] | None = None

    def describe(self, names: Sequence[str]) -> str:
        if self.weights is not None:
            return "weights " + ", ".join(f"{n}={w:g}" for n, w in
                                          zip(names, self.weights, strict=True))
        return "order " + ", ".join(names[k] for k in self.order or range(len(names)))


def parse_pick(text: str | None, objectives: Sequence[str]) -> PickRule:
    """`order`, `order=NAME,NAME...` (every objective once) or `weights=W,W...` (one weight
    above or at 0 per objective, not all 0); `objectives` are the objectives' names (`fair`,
    `length`)."""
    count = len(objectives)
    text = (text or "order").strip()
    kind, sep, value = text.partition("=")
    kind = kind.strip()
    if kind == "order" and not sep:
        return PickRule(tuple(range(count)))
    if kind == "order":
        names = [n.strip() for n in value.split(",")]
        if len(set(objectives)) != count or sorted(names) != sorted(objectives):
            raise RatkingError(f"--pick order= names each objective once ({', '.join(objectives)}"
                               f"), not {value!r}")
        return PickRule(tuple(objectives.index(n) for n in names))
    if kind == "weights" and sep:
        try:
            weights = tuple(float(w) for w in value.split(","))
        except ValueError:
            weights = ()
        if len(weights) != count or min(weights) < 0 or not any(weights):
            raise RatkingError(f"--pick weights= takes {count} numbers of 0 or more (one per "
                               f"objective: {', '.join(objectives)}), not {value!r}")
        return PickRule(weights=weights)
    raise RatkingError(f"--pick is order, order=NAME,NAME... or weights=W,W..., not {text!r}")


def dominates(a: Fresh, b: Fresh) -> bool:
    """`a` is at least as low as `b` on every objective and lower on one."""
    return (all(x[0] <= y[0] for x, y in zip(a, b, strict=True))
            and any(x[0] < y[0] for x, y in zip(a, b, strict=True)))


def front(fresh: Sequence[Fresh]) -> list[int]:
    """The indices of the re-runs no other re-run dominates."""
    return [i for i, f in enumerate(fresh)
            if not any(dominates(g, f) for j, g in enumerate(fresh) if j != i)]


def _scale(kind: str) -> float:
    return 100.0 if kind == "fair" else 1.0  # unfairness in points, length in rounds


def choose(fresh: Sequence[Fresh], trials: Sequence[int], kinds: Sequence[str],
           rule: PickRule) -> tuple[int, str]:
    """The index of the best re-run and a sentence saying how the rule chose it. `trials`
    names the re-runs (trial numbers), `kinds` the objectives (fair or length)."""
    if not fresh:
        raise ValueError("no re-run to choose from")
    if len(kinds) == 1:
        best = min(range(len(fresh)), key=lambda i: (fresh[i][0][0], trials[i]))
        return best, f"the lowest fresh value ({kinds[0]}) picked trial {trials[best]}."
    names = list(kinds)
    ids = front(fresh)
    said = (f"Of the {len(fresh)} re-runs, trial{'s' if len(ids) > 1 else ''} "
            + ", ".join(str(trials[i]) for i in ids)
            + (" are" if len(ids) > 1 else " is") + " on the front of the fresh values")
    if len(ids) == 1:
        return ids[0], said + f", so trial {trials[ids[0]]} is the best."
    if rule.weights is not None:
        def score(i: int) -> float:
            return sum(w * f[0] * _scale(k) for w, f, k in
                       zip(rule.weights, fresh[i], kinds, strict=True))

        best = min(ids, key=lambda i: (score(i), trials[i]))
        return best, (said + f"; the rule {rule.describe(names)} (unfairness in points, length "
                      "in rounds) scores them " + ", ".join(
                          f"trial {trials[i]} {score(i):.2f}" for i in ids)
                      + f": trial {trials[best]} is the lowest.")
    order = rule.order or tuple(range(len(kinds)))
    steps = []
    for step, k in enumerate(order):
        lead = min(ids, key=lambda i: (fresh[i][k][0], trials[i]))
        if step == len(order) - 1:
            ids = [lead]
            steps.append(f"{names[k]} picks trial {trials[lead]} (the lowest)")
            break
        top = fresh[lead][k][2]
        kept = [i for i in ids if fresh[i][k][1] <= top]
        if len(kept) == 1:
            ids = kept
            steps.append(f"{names[k]} picks trial {trials[lead]} (no other 95% interval "
                         "reaches its)")
            break
        steps.append(f"{names[k]} keeps trials " + ", ".join(str(trials[i]) for i in kept)
                     + f" (their 95% intervals reach trial {trials[lead]}'s)")
        ids = kept
    return ids[0], (said + f"; the rule {rule.describe(names)}: " + "; ".join(steps) + ".")
