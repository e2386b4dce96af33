"""Batch play with bots, statistics, and speed measurement."""

from .batch import GameResult, play_one, run_batch
from .bench import BENCH_MAX_ROUNDS, BenchResult, bench, bench_game, random_play
from .stats import Summary, summarize, wilson

__all__ = ["BENCH_MAX_ROUNDS", "BenchResult", "GameResult", "Summary", "bench", "bench_game",
           "play_one", "random_play", "run_batch", "summarize", "wilson"]
