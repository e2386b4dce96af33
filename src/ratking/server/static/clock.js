// The turn clock: a time bank per turn. The server sends {seat, left, limit} with every state
// message, measured when it was sent; the page counts down from the moment it arrives, so the
// clock is right after every move, after a time-out and after a reconnection.
import { possessive } from "./words.js";

let ticker = null;

function minutes(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return `${m}:${s}`;
}

/** A turn-based table's deadline (`turn_ends`, the summary's): whose turn, and until when,
 * in the person's own time and words. */
function drawDeadline(box, ends, seats, you, toMove) {
  const mine = you.includes(toMove);
  const when = new Date(ends);
  box.hidden = false;
  box.classList.remove("low");
  box.dataset.seat = toMove;
  box.dataset.ends = ends;
  box.title = "A turn-based table: each turn has until this time; then the table moves";
  box.textContent = `${mine ? "Your" : possessive(seats[toMove].name)} turn until ` +
    when.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short",
                                     hour: "2-digit", minute: "2-digit" });
}

export function drawClock(clock, seats, you, turnEnds = null, toMove = null) {
  clearInterval(ticker);
  const box = document.getElementById("clock");
  delete box.dataset.ends;
  if (!clock && turnEnds && toMove !== null) {
    drawDeadline(box, turnEnds, seats, you, toMove);
    return;
  }
  if (!clock) {
    box.hidden = true;
    box.textContent = "";
    delete box.dataset.seat;
    delete box.dataset.left;
    return;
  }
  const end = performance.now() + clock.left * 1000;
  const mine = you.includes(clock.seat);
  const name = seats[clock.seat].name;
  box.hidden = false;
  box.dataset.seat = clock.seat;
  box.title = `Each turn has ${minutes(Math.round(clock.limit))} in all, however many steps it takes`;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    box.dataset.left = left;
    box.classList.toggle("low", left <= 10);
    if (left > 0) {
      box.textContent = `${mine ? "Your" : possessive(name)} turn: ${minutes(left)} left`;
    } else {
      box.textContent = mine ? "Time is up: the table moves for you"
        : `${possessive(name)} time is up: the table moves for them`;
      clearInterval(ticker);
    }
  };
  tick();
  ticker = setInterval(tick, 250);
}
