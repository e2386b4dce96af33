"""Waiting on a table page in a real browser (Playwright) for what the test needs next, and
clicking its legal actions as a person would. The browser tests, the screenshots and the
clicks benchmark share these, so none of them waits out a timeout for something that cannot
come (an action after a bot's move that ended the game), nor clicks a page that is still
answering the last click (a move to a destination is sent one decision at a time: the page
marks it `data-busy` on <body> until the last answer is in)."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeout

# where the page puts what the viewer may click: on the board, or as buttons beside it (and
# the choices it asks for when several groups or ways lead to the destination clicked)
CLICKABLE = "#board [data-action], #actions [data-action], #actions [data-path]"
TURN_WAIT_MS = 30_000  # a bot's move takes well under a second; this is a deadline, not a pace
CLICK_TRIES = 5

# the page is still answering: a move sent (or a route's next decision), or its only move
_BUSY = "(document.body.dataset.busy || document.body.dataset.forcing)"

_TURN_OR_END = f"""sel => {{
  const over = document.querySelector('[data-testid=game-over]');
  if (over && !over.hidden) return 'over';
  if {_BUSY} return false;
  for (const node of document.querySelectorAll(sel)) {{
    if (node.getClientRects().length) return 'turn';
  }}
  return false;
}}"""

_ANSWERED = f"""v => !{_BUSY} && (document.body.dataset.version !== v
  || document.querySelector('#actions [data-path]')
  || !document.querySelector('[data-testid=game-over]').hidden)"""

_STILL = "() => document.getAnimations().every(a => a.playState !== 'running')"

# what can be clicked now, each by what it is (its action id or the decisions of a choice,
# and which of the nodes with that identity), with the version it belongs to; a choice the
# page asks for (which group, how many, which way) comes first. null: nothing now.
_CANDIDATES = f"""sel => {{
  if ({_BUSY} || !document.querySelector('[data-testid=game-over]').hidden) return null;
  const shown = [...document.querySelectorAll(sel)].filter(n => n.getClientRects().length);
  if (!shown.length) return null;
  const paths = shown.filter(n => 'path' in n.dataset);
  const seen = new Map();
  const items = (paths.length ? paths : shown).map(n => {{
    const attr = 'path' in n.dataset ? 'path' : 'action';
    const id = `${{attr}}=${{n.dataset[attr]}}`;
    seen.set(id, (seen.get(id) || 0) + 1);
    return [attr, n.dataset[attr], seen.get(id) - 1];
  }});
  return [document.body.dataset.version, items];
}}"""

# the node named [attr, value, nth] (an identity from _CANDIDATES), or null
_NODE = """([attr, value, nth]) => {
  const sel = attr === 'path' ? '#actions [data-path]'
                              : '#board [data-action], #actions [data-action]';
  return [...document.querySelectorAll(sel)].filter(n => n.dataset[attr] === value)[nth] || null;
}"""

# a point on that node that nothing covers (a token drawn over part of a space), as [x, y] in
# the window, after scrolling it into view; null if it is covered everywhere
_SPOT = f"""item => {{
  const node = ({_NODE})(item);
  if (!node) return null;
  node.scrollIntoView({{ block: 'center', inline: 'center' }});
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {{
    for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {{
      const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('[data-action], [data-path]') === node) return [x, y];
    }}
  }}
  return null;
}}"""

# whether a click at x, y now lands on that node, at that version, with the page idle; if so,
# the last click the pointer trace saw is forgotten, so `_LANDED` tells of the coming one alone
_STILL_AIMED = f"""([item, x, y, version]) => {{
  if ({_BUSY} || document.body.dataset.version !== version) return false;
  const hit = document.elementFromPoint(x, y);
  const aimed = Boolean(hit) && hit.closest('[data-action], [data-path]') === ({_NODE})(item);
  if (aimed) window.__clicked = undefined;
  return aimed;
}}"""


# false only if the click came and landed off what was aimed at, an action or a choice (as
# the pointer trace saw it when it came, before the page's handlers redrew anything). A
# press and release that made no click at all, or a page that moved on (a new version, a
# move on its way), count as landed: `answered` then says whether the page took it.
_LANDED = f"""([item, version]) => {{
  const clicked = window.__clicked;
  if (clicked === undefined || {_BUSY} || document.body.dataset.version !== version) {{
    return true;
  }}
  return Boolean(clicked) && clicked[0] === item[0] && clicked[1] === item[1];
}}"""

# what the page shows of its state, for a failure's message
_STATE = """() => ({
  body: {...document.body.dataset},
  pointer: window.__pointerTrace || [],
  status: document.getElementById('status')?.textContent,
  banner: document.getElementById('banner')?.hidden ? null
    : document.getElementById('banner')?.textContent,
  toast: document.getElementById('toast')?.hidden ? null
    : document.getElementById('toast')?.textContent,
})"""

TRACED = 60  # the frames of a page's sockets kept for a failure's message

# kept in the page (`window.__pointerTrace`, the last 12): each pointer press, release and
# click, where it landed (the action, choice or pick it is part of), whether the board took
# clicks then, and whether the page's own handlers let the click through; for a failure's
# message when a click is not answered
_POINTER_TRACE = """(() => {
  const trace = window.__pointerTrace = [];
  const start = performance.now();
  const where = (node) => {
    if (!(node instanceof Element)) return String(node);
    const owner = node.closest('[data-action], [data-path], [data-pick]');
    const mark = owner ? ['action', 'path', 'pick'].map((k) => owner.dataset[k] !== undefined
      ? `${k}=${owner.dataset[k]}` : '').filter(Boolean).join(' ') : 'no action';
    return `${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''} (${mark})`;
  };
  const keep = (event, phase) => {
    trace.push(`${((performance.now() - start) / 1000).toFixed(3)} ${phase} ${event.type} ` +
      `${event.pointerType || ''} at ${Math.round(event.clientX)},${Math.round(event.clientY)} ` +
      `on ${where(event.target)}; board inert ${document.getElementById('board')?.inert}, ` +
      `busy ${document.body?.dataset.busy || '-'}, version ${document.body?.dataset.version}` +
      (phase === 'after' ? `, prevented ${event.defaultPrevented}` : ''));
    if (trace.length > 12) trace.shift();
  };
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    window.addEventListener(type, (event) => keep(event, 'before'), true);
  }
  window.addEventListener('click', (event) => {
    const owner = event.target instanceof Element
      ? event.target.closest('[data-action], [data-path]') : null;
    const attr = owner && ('path' in owner.dataset ? 'path' : 'action');
    window.__clicked = owner ? [attr, owner.dataset[attr]] : null;
  }, true);
  window.addEventListener('click', (event) => keep(event, 'after'));
})()"""


def trace_sockets(page) -> None:
    """Keep the last frames the page's web sockets sent and received (`page.socket_trace`),
    each with the seconds since the page opened, and the page's last pointer events
    (`_POINTER_TRACE`), so a wait that fails can say what the page and the table told each
    other and where the clicks landed."""
    start = time.monotonic()
    trace: deque[str] = deque(maxlen=TRACED)

    def note(text: str) -> None:
        trace.append(f"{time.monotonic() - start:8.3f} {text[:240]}")

    def opened(socket) -> None:
        note(f"open {socket.url}")
        socket.on("framesent", lambda payload: note(f"> {payload}"))
        socket.on("framereceived", lambda payload: note(f"< {payload}"))
        socket.on("close", lambda _: note("closed"))

    page.on("websocket", opened)
    page.add_init_script(_POINTER_TRACE)
    page.socket_trace = trace


def _wait(page, function: str, arg, timeout_ms: int, what: str):
    """`page.wait_for_function`; if it times out, fail with what the page shows and its
    last socket frames (`trace_sockets`)."""
    try:
        return page.wait_for_function(function, arg=arg, timeout=timeout_ms)
    except PlaywrightTimeout:
        frames = "\n".join(getattr(page, "socket_trace", ["(sockets not traced)"]))
        raise PlaywrightTimeout(f"{what} in {timeout_ms} ms; the page: {page.evaluate(_STATE)}; "
                                f"its sockets:\n{frames}") from None


def turn_or_end(page, timeout_ms: int = TURN_WAIT_MS) -> str:
    """Wait until the page offers a clickable action or shows the end of the game, whichever
    comes first: returns "turn" or "over" (a Playwright TimeoutError if neither comes)."""
    return _wait(page, _TURN_OR_END, CLICKABLE, timeout_ms,
                 "neither a move to make nor the end").json_value()


# resolves once the page's layout has stood still for three frames running (the board is
# refitted a frame after the dock changes size), or after two seconds whatever it does
_SETTLED = """() => new Promise((resolve) => {
  const shape = () => JSON.stringify(['.dock', '.board-frame', '#board svg', '#prompt']
    .map((sel) => document.querySelector(sel)?.getBoundingClientRect()));
  let before = shape(), same = 0, frames = 0;
  const look = () => {
    const now = shape();
    same = now === before ? same + 1 : 0;
    before = now;
    if (same >= 3 || ++frames > 120) resolve(same >= 3);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def settled(page) -> bool:
    """Wait until the table's layout stands still (the board refitted to the dock); False
    if it still moved after two seconds' worth of frames."""
    return page.evaluate(_SETTLED)


def answered(page, version: str, timeout_ms: int = TURN_WAIT_MS) -> None:
    """Wait until the page has the table's answer to a click made at `version`: a new
    version, a choice to make, or the end (and nothing of it is still being sent)."""
    _wait(page, _ANSWERED, version, timeout_ms, f"no answer to a click at version {version}")


def click_an_action(page, rng: random.Random | None = None,
                    timeout_ms: int = TURN_WAIT_MS,
                    prefer: Callable[[str], int] | None = None) -> str | bool | None:
    """Click a legal action where a person would (a part of it nothing covers), the first one
    or one chosen by `rng` (among those `prefer` ranks lowest, when it is given: it is passed
    the action's id, or a path's ids joined by spaces), and wait for the table's answer.
    Returns the version clicked at; None if the page offers nothing to click now, False if
    everything offered is covered.
    The point is checked again (the same node, at the same version) just before the mouse
    clicks it, and where the click landed just after; if the page changed in between (a
    stale aim), it is measured again. A click that lands on its node and is not answered
    fails, with the page's sockets and pointer events."""
    missed: list[str] = []  # why each try did not land, for the failure's message
    for _ in range(CLICK_TRIES):
        # pieces glide to their new places after a move: aim once they stand still
        page.wait_for_function(_STILL, timeout=10_000)
        found = page.evaluate(_CANDIDATES, CLICKABLE)
        if found is None:
            return None
        version, items = found
        if rng is not None:
            rng.shuffle(items)
        if prefer is not None:
            items.sort(key=lambda item: prefer(item[1]))  # stable: random within a rank
        for item in items:
            spot = page.evaluate(_SPOT, item)
            if spot is not None:
                break
        else:
            return False
        if not page.evaluate(_STILL_AIMED, [item, *spot, version]):
            missed.append(f"{item} at version {version}")
            continue  # the page moved on while it was measured: measure again
        page.mouse.click(*spot)
        if not page.evaluate(_LANDED, [item, version]):
            # the layout moved between the aim and the click (the board refitted under the
            # pointer): the click was not on the action, so no move was asked for; aim again
            missed.append(f"{item} at version {version}, the click landing elsewhere")
            continue
        answered(page, version, timeout_ms)
        return version
    raise AssertionError(f"no click landed in {CLICK_TRIES} tries, the page kept changing: "
                         + "; ".join(missed))


# the font size of every text drawn on the board in CSS px (its size times the scale it is
# drawn at, from the rendered SVG; a <text> holding <tspan>s counts as these), and the board's
# drawn size
_BOARD_TEXT = """() => {
  const out = [];
  for (const t of document.querySelectorAll("#board svg text, #board svg tspan")) {
    if (!t.textContent.trim() || !t.getClientRects().length
        || getComputedStyle(t).visibility === "hidden") continue;
    if (t.tagName === "text" && t.querySelector("tspan")) continue;
    const m = t.getScreenCTM();
    out.push(parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  const r = document.querySelector("#board svg").getBoundingClientRect();
  return {sizes: out, drawn: [Math.round(r.width), Math.round(r.height)]};
}"""


def board_text(page) -> dict:
    """The board's texts as drawn now: {"median": px, "under10": share, "count": n,
    "drawn": [width, height]} (sizes in CSS px)."""
    found = page.evaluate(_BOARD_TEXT)
    sizes = sorted(found["sizes"])
    middle = len(sizes) // 2
    median = sizes[middle] if len(sizes) % 2 else (sizes[middle - 1] + sizes[middle]) / 2
    return {"median": median, "under10": sum(s < 10 for s in sizes) / len(sizes),
            "count": len(sizes), "drawn": found["drawn"]}


def show_panel(page, panel_id: str) -> None:
    """Open the side panel `panel_id` (seats-panel, standing-panel, log-panel, chat-panel,
    spectator-chat, settings-panel) by its tab, once the page offers it."""
    tab = page.locator(f"#tab-{panel_id}")
    tab.wait_for()
    tab.click()
    page.locator(f"#{panel_id}").wait_for()
