"""Learn to play by playing: each game's tutorial (a prepared start and scripted steps, read
from the `tutorial.toml` beside the game's code) and the lesson that walks a person through
it, then lets them finish the game against bots. The web page (/learn/<game-id>) and
`ratking learn GAME` both drive a `Lesson`."""

from .lesson import Lesson, Refusal
from .script import (
    NoTutorial,
    Step,
    Tutorial,
    TutorialError,
    has_tutorial,
    load_tutorial,
    tutorial_games,
)

__all__ = ["Lesson", "NoTutorial", "Refusal", "Step", "Tutorial", "TutorialError",
           "has_tutorial", "load_tutorial", "tutorial_games"]
