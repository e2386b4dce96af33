"""Fit (or check) a game's evaluation weights from bot games: the search's `game.evaluate`.

Each game's `evaluate.py` describes a seat by a few features and holds WEIGHTS; its chances
are a softmax over the seats of features . WEIGHTS (ratking.core.evaluation). This script plays
games between heuristic bots that make some random moves (a share drawn per seat, so that
both strong and weak play are seen and outcomes vary), takes positions from them, and fits
the weights by maximum likelihood (Newton's method, a little ridge) to who went on to win.

It prints the fitted weights, the log loss per position of the fitted and the current weights
against a coin-flip baseline, and a calibration table (predicted against observed win shares).

    python benchmarks/fit_evaluation.py rat-a-tat-roll --games 2000 --players 2,3,4

`--variant` (repeatable) pools games from several rule settings, each a comma-separated list
of name=value on top of `--rule` ("" for those alone), so that one set of weights serves every
variant a designer may try; the games are split evenly and the log loss is printed per variant.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

from rich.console import Console

import ratking
from ratking.bots import make_bot
from ratking.core import RatkingError
from ratking.core.rng import derive_seed
from ratking.sim.progress import progress_bar

SHARES = (0.0, 0.0, 0.05, 0.15, 0.3, 0.5)  # the random-move share of a seat's bot, drawn


def module_of(game):
    return sys.modules[game.evaluate.__module__]


def collect(game_id: str, rules: dict, players: list[int], games: int, seed: int,
            every: int, advance=None) -> list[tuple[list[list[float]], list[float]]]:
    """(feature rows, normalised returns) of positions from `games` bot games;
    `advance(1)` after each game."""
    game = ratking.make(game_id, **rules)
    features = module_of(game).features
    rng = random.Random(seed)
    out = []
    for i in range(games):
        n = players[i % len(players)]
        gseed = derive_seed(seed, i)
        state = game.new_game(n, seed=gseed)
        bots = [make_bot(f"heuristic:eps={rng.choice(SHARES)}", derive_seed(gseed, s))
                for s in range(n)]
        taken = []
        step = rng.randrange(every)
        while not state.over:
            if step % every == 0:
                taken.append(features(state))
            step += 1
            state.apply(bots[state.to_move].choose(state))
        ret = state.returns()
        total = sum(ret)
        target = [x / total for x in ret]
        out.extend((rows, target) for rows in taken)
        if advance:
            advance(1)
    return out


def softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    e = [math.exp(x - top) for x in scores]
    t = sum(e)
    return [x / t for x in e]


def log_loss(data, weights) -> float:
    loss = 0.0
    for rows, target in data:
        p = softmax([sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows])
        loss -= sum(t * math.log(max(q, 1e-12)) for t, q in zip(target, p, strict=True))
    return loss / len(data)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(data, start: list[float], ridge: float = 1e-3, rounds: int = 25) -> list[float]:
    """Maximum likelihood of the conditional logit, by Newton's method."""
    k = len(start)
    w = list(start)
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for rows, target in data:
            p = softmax([sum(wi * x for wi, x in zip(w, r, strict=True)) for r in rows])
            mean = [sum(p[j] * rows[j][a] for j in range(len(rows))) for a in range(k)]
            for j, r in enumerate(rows):
                d = target[j] - p[j]
                for a in range(k):
                    grad[a] += d * r[a]
                c = [r[a] - mean[a] for a in range(k)]
                pj = p[j]
                for a in range(k):
                    ca = pj * c[a]
                    if ca:
                        row = hess[a]
                        for bb in range(k):
                            row[bb] += ca * c[bb]
        n = len(data)
        for a in range(k):
            grad[a] = grad[a] / n - ridge * w[a]
            for bb in range(k):
                hess[a][bb] /= n
            hess[a][a] += ridge
        step = solve(hess, grad)
        w = [wi + s for wi, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def calibration(data, weights, bins: int = 10) -> list[tuple[float, float, int]]:
    """Per bin of predicted chance (every seat of every position): mean predicted, observed."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    for rows, target in data:
        p = softmax([sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows])
        for q, t in zip(p, target, strict=True):
            b = min(bins - 1, int(q * bins))
            sums[b][0] += q
            sums[b][1] += t
            sums[b][2] += 1
    return [(s[0] / s[2], s[1] / s[2], s[2]) for s in sums if s[2]]


def variant_rules(base: list[str], variant: str) -> dict[str, str]:
    """The rules of one variant: `--rule` values, then the variant's name=value pairs."""
    pairs = [*base, *(p for p in variant.split(",") if p.strip())]
    return dict(p.strip().split("=", 1) for p in pairs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=5, help="take one position in this many")
    ap.add_argument("--rule", action="append", default=[], help="name=value")
    ap.add_argument("--variant", action="append", default=None,
                    help='a rule setting to pool, "name=value,name=value" ("" for --rule alone)')
    args = ap.parse_args()
    variants = args.variant or [""]
    try:
        settings = [variant_rules(args.rule, v) for v in variants]
    except ValueError:
        ap.error("rules and variants are name=value, several joined by commas")
    players = [int(x) for x in args.players.split(",")]
    try:
        game = ratking.make(args.game, **settings[0])
        for rules in settings[1:]:
            ratking.make(args.game, **rules)
    except RatkingError as err:
        ap.error(str(err))
    current = list(module_of(game).WEIGHTS)
    start = time.perf_counter()
    each = max(1, args.games // len(settings))
    tests = max(1, each // 4)
    data, test = [], []
    with progress_bar(Console(stderr=True), args.game, (each + tests) * len(settings)) as bar:
        for i, rules in enumerate(settings):
            bar.describe(f"{args.game}: games to fit ({i + 1} of {len(settings)})")
            data += collect(args.game, rules, players, each, args.seed + 2 * i, args.every,
                            bar.advance)
            bar.describe(f"{args.game}: games to test ({i + 1} of {len(settings)})")
            test.append(collect(args.game, rules, players, tests, args.seed + 2 * i + 1,
                                args.every, bar.advance))
    pooled = [x for part in test for x in part]
    print(f"{len(data)} positions to fit, {len(pooled)} to test "
          f"({time.perf_counter() - start:.0f} s)")
    fitted = fit(data, [0.0] * len(current))
    uniform = [0.0] * len(current)
    print("fitted WEIGHTS = (" + ", ".join(f"{w:.3g}" for w in fitted) + ")")
    for name, w in (("coin flip", uniform), ("current", current), ("fitted", fitted)):
        print(f"log loss per position, {name}: fit {log_loss(data, w):.4f}, "
              f"test {log_loss(pooled, w):.4f}")
    if len(settings) > 1:
        print("test log loss per variant (coin flip, current, fitted):")
        for v, part in zip(variants, test, strict=True):
            print(f"  {v or '(the rules as given)'}: " + ", ".join(
                f"{log_loss(part, w):.4f}" for w in (uniform, current, fitted)))
    print("calibration of the fitted weights on the test positions (predicted, observed, n):")
    for q, t, n in calibration(pooled, fitted):
        print(f"  {q:.3f}  {t:.3f}  {n}")


if __name__ == "__main__":
    main()
