"""Batch play with bots, statistics, and speed measurement."""

from .batch import GameResult, play_one, run_batch
from .bench import BenchResult, bench, random_play
from .stats import Summary, summarize, wilson

__all__ = ["BenchResult", "GameResult", "Summary", "bench", "play_one", "random_play", "run_batch",
           "summarize", "wilson"]
