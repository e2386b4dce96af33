"""Batch play with bots, statistics, and speed measurement."""

from .batch import GameResult, play_one, run_batch
from .bench import BenchResult, bench
from .stats import Summary, summarize, wilson

__all__ = ["BenchResult", "GameResult", "Summary", "bench", "play_one", "run_batch",
           "summarize", "wilson"]
