"""Batch play with bots on any backend, statistics, speed, and the designer's lab (reports,
sweeps, tuning: see lab.py)."""

from .batch import SIM_MAX_ROUNDS, GameResult, batch_rules, play_one, run_batch
from .bench import (
    BENCH_MAX_ROUNDS,
    BenchResult,
    PathCost,
    bench,
    bench_game,
    path_costs,
    random_play,
)
from .stats import Summary, summarize, wilson

__all__ = [
           "BENCH_MAX_ROUNDS",
           "SIM_MAX_ROUNDS",
           "BenchResult",
           "GameResult",
           "PathCost",
           "Summary",
           "batch_rules",
           "bench",
           "bench_game",
           "path_costs",
           "play_one",
           "random_play",
           "run_batch",
           "summarize",
           "wilson",
]
