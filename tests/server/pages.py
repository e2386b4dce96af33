"""Waiting on a table page in a real browser (Playwright) for what the test needs next, and for
no longer: the browser tests share these, so none of them waits out a timeout for something
that cannot come (an action after a bot's move that ended the game)."""

from __future__ import annotations

# where the page puts what the viewer may click: on the board, or as buttons beside it (and
# the paths to choose from when several lead to the destination clicked)
CLICKABLE = "#board [data-action], #actions [data-action], #actions [data-path]"
TURN_WAIT_MS = 30_000  # a bot's move takes well under a second; this is a deadline, not a pace

_TURN_OR_END = """sel => {
  const over = document.querySelector('[data-testid=game-over]');
  if (over && !over.hidden) return 'over';
  if (document.body.dataset.forcing) return false;  // the page is making the only move
  for (const node of document.querySelectorAll(sel)) {
    if (node.getClientRects().length) return 'turn';
  }
  return false;
}"""

_ANSWERED = """v => document.body.dataset.version !== v
  || document.querySelector('#actions [data-path]')
  || !document.querySelector('[data-testid=game-over]').hidden"""


def turn_or_end(page, timeout_ms: int = TURN_WAIT_MS) -> str:
    """Wait until the page offers a clickable action or shows the end of the game, whichever
    comes first: returns "turn" or "over" (a Playwright TimeoutError if neither comes)."""
    return page.wait_for_function(_TURN_OR_END, arg=CLICKABLE, timeout=timeout_ms).json_value()


def first_action(page):
    """The first clickable action on the page (a locator)."""
    return page.locator(CLICKABLE).first


def click_and_wait(page, action, timeout_ms: int = TURN_WAIT_MS,
                   position: dict[str, float] | None = None) -> None:
    """Click `action` (a locator; at `position` within it if given) and wait for the table's
    answer: a new version of the game, or its end."""
    version = page.evaluate("() => document.body.dataset.version")
    action.click(position=position)
    page.wait_for_function(_ANSWERED, arg=version, timeout=timeout_ms)
