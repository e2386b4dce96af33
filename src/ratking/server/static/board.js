// How a board is put on screen: the SVG from the server drawn into its host with motion,
// sized to its column, zoomed on a small screen until its texts and targets are legible (the
// acting area kept in view), every legal action reachable by keyboard, the board described in
// words for a screen reader, and every card, space and token explained on hover and on tap.
import { animate, motionAllowed, snapshot } from "./motion.js";

const MIN_TEXT = 10;    // CSS px: the smallest board text we show
const MIN_TARGET = 24;  // CSS px: the smallest tap target (WCAG 2.2, 2.5.8)
const MOST_ZOOM = 4;
const narrow = matchMedia("(max-width: 820px)");

let userZoom = null;     // the person's own zoom (null: automatic)
let autoZoom = 1;
let lastKey = "";        // what the board shows (game and seat): the zoom is kept per board

function visible(node) {
  return node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
}

/** The smallest text (font size, CSS px) and the smallest target side drawn now. */
export function smallest(host) {
  let text = Infinity;
  let target = Infinity;
  for (const node of host.querySelectorAll("svg text, svg tspan")) {
    if (!node.textContent.trim() || !visible(node)) continue;
    const ctm = node.getScreenCTM();
    if (!ctm) continue;
    text = Math.min(text, parseFloat(getComputedStyle(node).fontSize) * Math.hypot(ctm.a, ctm.b));
  }
  for (const node of host.querySelectorAll("[data-action]")) {
    if (!visible(node)) continue;
    const r = node.getBoundingClientRect();
    target = Math.min(target, r.width, r.height);
  }
  return { text, target };
}

function setZoom(host, zoom) {
  const svg = host.querySelector("svg");
  if (!svg) return;
  const zoomed = zoom > 1.01;
  host.classList.toggle("zoomed", zoomed);
  svg.style.width = zoomed ? `${(zoom * 100).toFixed(1)}%` : "";
  host.dataset.zoom = zoom.toFixed(2);
}

/** The zoom that makes every text and target legible (1: the board fits as it is). */
function legibleZoom(host) {
  setZoom(host, 1);
  const { text, target } = smallest(host);
  const need = Math.max(1, MIN_TEXT / text, MIN_TARGET / target) * 1.02;
  return Math.min(MOST_ZOOM, Number.isFinite(need) ? need : 1);
}

/** The header and the dock (the latest event, the prompt, the choices): on a desktop at the
 * top of the side column, so that the board takes the window's whole height; on a phone the
 * header at the top of the page and the dock under the board. */
function placeParts(host) {
  const bar = document.querySelector("header.bar");
  const dock = document.querySelector(".dock");
  const wrap = host.closest(".board-wrap");
  const side = document.querySelector(".table-main > .side");
  if (!bar || !dock || !wrap || !side) return;
  if (!narrow.matches && dock.parentElement === wrap) side.before(bar, dock);
  else if (narrow.matches && dock.parentElement !== wrap) {
    document.body.prepend(bar);
    wrap.querySelector(".board-desc").after(dock);
  }
}

function fit(host, frame) {
  frame.classList.toggle("can-zoom", narrow.matches);
  placeParts(host);
  const bar = document.querySelector(".bar");
  if (bar) document.documentElement.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
  if (!narrow.matches) {
    setZoom(host, 1);
    fitColumn(host);
    return;
  }
  host.closest(".table-main")?.style.removeProperty("--board-w");
  const svg = host.querySelector("svg");
  if (svg) { svg.style.height = ""; svg.style.maxWidth = ""; }
  const need = legibleZoom(host);
  // a little hysteresis, so that the board does not breathe from move to move
  if (need > autoZoom || need < autoZoom * 0.85) autoZoom = need;
  setZoom(host, userZoom ?? autoZoom);
}

const SIDE_MIN = 320;  // CSS px: the side column (choices, seats, log, chat) at its least

/** On a desktop: the board as large as the window leaves (the page does not scroll; the dock
 * is beside it), its column as wide as the board drawn, the side column taking the rest. */
function fitColumn(host) {
  const svg = host.querySelector("svg");
  const wrap = host.closest(".board-wrap");
  const main = host.closest(".table-main");
  const box = svg?.viewBox?.baseVal;
  if (!svg || !wrap || !main || !box || !box.width || !box.height) return;
  const style = getComputedStyle(main);
  const inner = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const gap = parseFloat(style.columnGap) || 0;
  const hostStyle = getComputedStyle(host);
  const padX = parseFloat(hostStyle.paddingLeft) + parseFloat(hostStyle.paddingRight);
  const padY = parseFloat(hostStyle.paddingTop) + parseFloat(hostStyle.paddingBottom);
  // the height the rest of the column leaves (the replay's controls and hands, the words)
  const wrapGap = parseFloat(getComputedStyle(wrap).rowGap) || 0;
  let others = 0;
  for (const child of wrap.children) {
    if (child.contains(host) || !child.getClientRects().length) continue;
    if (getComputedStyle(child).position === "absolute") continue;
    others += child.getBoundingClientRect().height + wrapGap;
  }
  const room = wrap.clientHeight - padY - 2;
  const wide = inner - gap - SIDE_MIN - padX;
  const aspect = box.width / box.height;
  const width = Math.max(120, Math.min(wide, (room - others) * aspect));
  svg.style.width = `${width.toFixed(1)}px`;
  svg.style.height = `${(width / aspect).toFixed(1)}px`;
  svg.style.maxWidth = "none";
  main.style.setProperty("--board-w", `${(width + padX).toFixed(1)}px`);
}

/** Scroll the (zoomed) board so that the legal actions drawn on it are in view. */
function showActingArea(host) {
  // a renderer may name where the decision is made (data-focus); else the actions drawn
  const focus = [...host.querySelectorAll("[data-focus]")].filter(visible);
  const acts = [...host.querySelectorAll("[data-action]")].filter(visible);
  showArea(host, focus.length ? focus : acts);
}

/** Scroll the (zoomed) board to the middle of `acts`, or to the first of them if they do not
 * fit the view together; gliding there if `glide` and motion is allowed. */
function showArea(host, acts, glide = true) {
  if (!host.classList.contains("zoomed") || !acts.length) return;
  const box = host.getBoundingClientRect();
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of acts) {
    const r = node.getBoundingClientRect();
    left = Math.min(left, r.left); top = Math.min(top, r.top);
    right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
  }
  if (right - left > host.clientWidth || bottom - top > host.clientHeight) {
    const r = acts[0].getBoundingClientRect();  // too wide to see at once: the first of them
    [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
  }
  const x = host.scrollLeft + (left + right) / 2 - box.left - host.clientWidth / 2;
  const y = host.scrollTop + (top + bottom) / 2 - box.top - host.clientHeight / 2;
  host.scrollTo({ left: Math.max(0, x), top: Math.max(0, y),
                  behavior: glide && motionAllowed() ? "smooth" : "auto" });
}

function titleOf(node) {
  const title = [...node.children].find((c) => c.tagName === "title");
  return title ? title.textContent.trim() : "";
}

function prepareActions(host) {
  for (const node of host.querySelectorAll("[data-action]")) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    // its <title> names it (for a screen reader as for the eye); an untitled one, its id
    if (!titleOf(node)) node.setAttribute("aria-label", node.dataset.action);
  }
}

function describe(host, descBox) {
  const desc = host.querySelector("svg > desc");
  const svg = host.querySelector("svg");
  if (svg) {
    // the board is a group of controls, not a picture: its parts keep their own roles
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-roledescription", "board");
    if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", "The board");
    if (descBox) svg.setAttribute("aria-describedby", descBox.id);
  }
  if (descBox) descBox.textContent = desc ? desc.textContent.trim() : "";
}

/**
 * Draw `svg` (text) into `host`. `actions` are the legal actions; returns the ids the board
 * placed (the page makes buttons for the rest). `focusAct` keeps the keyboard focus on the
 * same action when the board is redrawn.
 */
export function drawBoard(host, svgText, { frame, descBox, key = "", acting = false } = {}) {
  const before = snapshot(host);
  const focused = document.activeElement?.closest?.("#board [data-action]")?.dataset.action;
  const scroll = [host.scrollLeft, host.scrollTop];
  const first = key !== lastKey;
  if (first) { userZoom = null; autoZoom = 1; lastKey = key; }
  host.innerHTML = svgText;
  // the boards' own SVG animations (a pulsing glow) stand still under reduced motion
  if (!motionAllowed()) host.querySelector("svg")?.pauseAnimations?.();
  prepareActions(host);
  describe(host, descBox);
  if (frame) fit(host, frame);
  host.scrollLeft = scroll[0];
  host.scrollTop = scroll[1];
  animate(host, before);
  if (acting) showActingArea(host);
  // a new table, nothing asked yet: where a renderer says the seat's own things are
  // (at once: a glide would be cut short by the next message's redraw)
  else if (first) showArea(host, [...host.querySelectorAll("[data-home]")].filter(visible), false);
  if (focused) host.querySelector(`[data-action="${CSS.escape(focused)}"]`)?.focus();
  const placed = new Set();
  // what the board offers: its actions, and the ones a gesture on it makes (data-covers)
  for (const node of host.querySelectorAll("[data-action], [data-covers]")) {
    if (node.dataset.action) placed.add(node.dataset.action);
    for (const id of (node.dataset.covers || "").split(" ")) if (id) placed.add(id);
  }
  return placed;
}

/** The zoom buttons: in, out, and back to the automatic (legible) zoom or to fit. */
export function zoomControl(host, frame, event) {
  const which = event.target.closest("[data-zoom]")?.dataset.zoom;
  if (!which) return;
  const now = Number(host.dataset.zoom || 1);
  if (which === "in") userZoom = Math.min(MOST_ZOOM, now * 1.25);
  else if (which === "out") userZoom = Math.max(1, now / 1.25);
  else userZoom = now > 1.01 ? 1 : null;  // fit the screen, or back to legible
  setZoom(host, userZoom ?? autoZoom);
  frame.classList.toggle("can-zoom", narrow.matches);
}

/** Fit the board again (the window or the dock changed), keeping where it is scrolled to
 * (fitting measures the board unzoomed, which would drop it back to its top left corner). */
export function refit(host, frame) {
  const [left, top] = [host.scrollLeft, host.scrollTop];
  fit(host, frame);
  host.scrollLeft = left;
  host.scrollTop = top;
}

// --- what a card, a space or a token is: its full text, on hover and on tap -----------------

let tipTimer = null;
let pressTimer = null;
let pressedTip = false;
let pressedAt = -1;
const LONG_PRESS = 450;  // ms: a press this long shows the text and does not act

function tipFor(target) {
  let node = target instanceof Element ? target : null;
  while (node && node.id !== "board") {
    if (node.dataset?.tip) return node.dataset.tip;
    const text = titleOf(node);
    if (text) return text;
    node = node.parentElement;
  }
  return "";
}

function showTip(box, text, x, y) {
  if (!text) return hideTip(box);
  const [head, ...rest] = text.split(/:\s(.+)/s).filter((part) => part !== undefined);
  box.replaceChildren();
  const strong = document.createElement("strong");
  strong.textContent = rest.length ? head : text;
  box.append(strong);
  if (rest.length) box.append(document.createTextNode(rest.join("")));
  box.hidden = false;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  box.style.left = `${Math.max(4, Math.min(innerWidth - w - 4, x - w / 2))}px`;
  box.style.top = `${y - h - 14 > 4 ? y - h - 14 : Math.min(innerHeight - h - 4, y + 18)}px`;
  return undefined;
}

function hideTip(box) {
  clearTimeout(tipTimer);
  box.hidden = true;
}

/** Hover (a mouse), a long press (a finger) or a tap on what is not an action shows the
 * full text of a card, space or token; keyboard focus shows the action's own. */
export function installTips(host, box) {
  // after a mouse click the tip stays closed until the mouse moves: the board is redrawn
  // under a still pointer, and its text would otherwise cover what the click changed
  let quiet = null;
  const moved = (event) => {
    if (quiet && (event.clientX !== quiet.x || event.clientY !== quiet.y)) quiet = null;
  };
  host.addEventListener("pointermove", moved);
  host.addEventListener("pointerover", (event) => {
    moved(event);
    if (event.pointerType !== "mouse" || quiet) return;
    clearTimeout(tipTimer);
    const text = tipFor(event.target);
    tipTimer = setTimeout(() => showTip(box, text, event.clientX, event.clientY), 250);
  });
  // a finger leaves as it lifts: its text stays a while (below), a mouse's goes with it
  host.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hideTip(box);
  });
  const fade = () => {
    clearTimeout(tipTimer);
    tipTimer = setTimeout(() => hideTip(box), 4000);
  };
  // Whether a press was long is read from the events' own times, not from the timer: on a
  // busy device the timer can fire between a quick tap's press and release.
  host.addEventListener("pointerdown", (event) => {
    pressedTip = false;
    pressedAt = -1;
    clearTimeout(pressTimer);
    if (event.pointerType === "mouse") {
      quiet = { x: event.clientX, y: event.clientY };
      hideTip(box);
      return;
    }
    quiet = null;
    pressedAt = event.timeStamp;
    pressTimer = setTimeout(() => {
      showTip(box, tipFor(event.target), event.clientX, event.clientY);
    }, LONG_PRESS);
  });
  host.addEventListener("pointerup", (event) => {
    clearTimeout(pressTimer);
    pressedTip = pressedAt >= 0 && event.timeStamp - pressedAt >= LONG_PRESS;
    pressedAt = -1;
    if (pressedTip) fade();
  });
  host.addEventListener("pointercancel", () => {
    clearTimeout(pressTimer);
    pressedAt = -1;
    if (!box.hidden) fade();
  });
  host.addEventListener("contextmenu", (event) => {
    if (tipFor(event.target)) event.preventDefault();
  });
  // a long press shows the text and does not also act; a tap on a non-action shows it
  host.addEventListener("click", (event) => {
    if (pressedTip) {
      event.stopPropagation();
      event.preventDefault();
      pressedTip = false;
      return;
    }
    if (quiet) hideTip(box);  // a mouse's click closes the tip
    else if (!event.target.closest("[data-action]")) {
      const text = tipFor(event.target);
      if (text) {
        showTip(box, text, event.clientX, event.clientY);
        fade();
      } else hideTip(box);
    }
  }, true);
  host.addEventListener("focusin", (event) => {
    const node = event.target.closest("[data-action]");
    // keyboard focus only: a finger's release also focuses, and would cover its long press
    if (!node || !node.matches(":focus-visible")) return;
    const r = node.getBoundingClientRect();
    showTip(box, tipFor(node), r.left + r.width / 2, r.top);
  });
  host.addEventListener("focusout", () => hideTip(box));
  addEventListener("scroll", () => { box.hidden = true; }, { passive: true });
}
