"""What one click on the learn page costs the server: POST /api/learn replays the learner's
whole lesson from the tutorial's start (the bots' moves made again) before it tries the new
choice. For each game: a lesson played to its end (the script, then a learner choosing at
random), and the wall time of replaying it, the best of a few runs.

    python benchmarks/lesson_replay.py --seed 1 --runs 5
"""

from __future__ import annotations

import argparse
import random
import time

from ratking.tutorial import Lesson, load_tutorial, tutorial_games


def finished_lesson(game: str, seed: int) -> Lesson:
    tutorial = load_tutorial(game)
    lesson = Lesson(tutorial)
    for step in tutorial.steps:
        lesson.try_move(step.do)
    rng = random.Random(seed)
    while not lesson.state.is_over:
        lesson.try_move(rng.choice(lesson.state.legal_actions()).id)
    return lesson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':24} {'choices':>7} {'moves':>6} {'replay ms':>10}")
    for game in tutorial_games():
        lesson = finished_lesson(game, args.seed)
        best = float("inf")
        for _ in range(args.runs):
            start = time.perf_counter()
            Lesson.replayed(lesson.tutorial, lesson.moves)
            best = min(best, time.perf_counter() - start)
        print(f"{game:24} {len(lesson.moves):7} {lesson.state.steps:6} {best * 1000:10.1f}")


if __name__ == "__main__":
    main()
