"""Batch play with bots on any backend, statistics, speed, and the designer's lab (reports,
sweeps, tuning: see lab.py)."""

from .batch import SIM_MAX_ROUNDS, GameResult, batch_rules, play_one, run_batch
from .bench import BENCH_MAX_ROUNDS, BenchResult, bench, bench_game, random_play
from .stats import Summary, summarize, wilson

__all__ = [
           "BENCH_MAX_ROUNDS",
           "SIM_MAX_ROUNDS",
           "BenchResult",
           "GameResult",
           "Summary",
           "batch_rules",
           "bench",
           "bench_game",
           "play_one",
           "random_play",
           "run_batch",
           "summarize",
           "wilson",
]
