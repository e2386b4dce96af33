"""Learn to play (issue 49): /learn/<game-id>, a game's tutorial at the table. The lesson
lives in the visitor's browser as the list of their choices; each request replays it from
the tutorial's prepared start (the bots' moves come out the same), checks the new choice and
answers with the board, the step's words and, for a wrong choice, what the rule or the step
says. No table is stored: a lesson costs the server nothing between clicks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from ...core import IllegalAction, RatkingError
from ...tutorial import Lesson, NoTutorial, Tutorial, TutorialError, load_tutorial
from ...tutorial.script import LEARNER
from ..layout import page
from ..play.messages import board_message, result_of

router = APIRouter()
MAX_MOVES = 3000  # a learner's choices in one game: far more than any game takes


class LessonMoves(BaseModel):
    moves: list[str] = Field(default=[], max_length=MAX_MOVES)  # the learner's choices so far
    choose: str | None = Field(default=None, max_length=100)  # the one to try now


def tutorial_or_404(game_id: str) -> Tutorial:
    try:
        return load_tutorial(game_id)
    except TutorialError as exc:
        if isinstance(exc, NoTutorial):
            raise HTTPException(404, str(exc)) from None
        raise  # a broken file is the server's fault: logged, and a 500
    except RatkingError as exc:  # no such game
        raise HTTPException(404, str(exc)) from None


def lesson_message(lesson: Lesson) -> dict[str, Any]:
    """What the learn page shows: the board as the learner sees it, the step and its words."""
    tutorial, step, state = lesson.tutorial, lesson.step, lesson.state
    board = board_message(state, LEARNER)
    # a lesson goes a decision at a time: each step drawn on its space, no whole routes
    board.update(routes={}, route_labels={}, route_actions=[])
    if "svg" in board:
        board["svg"] = state.game.render_svg(board["view"], board["actions"])
    return {
        "game": tutorial.game,
        "title": state.game.title,
        "moves": list(lesson.moves),
        "steps": tutorial.length,
        "done": lesson.done,  # moves of the script made (a step may take several)
        "step": None if step is None else {"number": step.number, "say": step.say,
                                           "hint": step.hint, "point": step.point},
        "intro": tutorial.intro,
        "outro": tutorial.outro,
        "result": result_of(state),
        "board": board,
    }


@router.get("/learn/{game_id}", include_in_schema=False)
async def learn_page(game_id: str) -> HTMLResponse:
    tutorial_or_404(game_id)
    return page("learn.html")


@router.post("/api/learn/{game_id}")
def lesson_move(game_id: str, body: LessonMoves) -> dict[str, Any]:
    """Replay the learner's `moves`, then try `choose`: the lesson as it stands, with
    `refused` (the choice and why) if the choice was not taken. A def, not async: FastAPI
    runs it in its thread pool, off the event loop."""
    tutorial = tutorial_or_404(game_id)
    try:
        lesson = Lesson.replayed(tutorial, body.moves)
    except IllegalAction as exc:
        raise HTTPException(400, f"move {exc.action!r} does not fit this lesson: "
                                 f"{exc.reason}") from None
    refused = None
    if body.choose is not None:
        refusal = lesson.try_move(body.choose)
        if refusal is not None:
            refused = {"action": refusal.action, "reason": refusal.reason}
    return {**lesson_message(lesson), "refused": refused}
