// Crumbs' board drawn in the browser: from the view the server sends, the same <svg> that
// svg.py's render draws, to the byte (the server then sends views, never drawings). The game
// declares it (board_script in game.py); ratking serves it at /api/games/crumbs/board.js.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Python's html.escape(text). */
function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** ratking.core.plural: "1 crumb", "2 crumbs". */
function plural(n, noun) {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

export function render(view, actions, data) {
  const shown = view.discard.join(", ") || "none";
  const rows = [`<text x="20" y="40" font-size="22">Pile: ${plural(view.pile, "crumb")} · `
    + `face up: ${shown}</text>`];
  view.seats.forEach((seat, i) => {
    const card = seat.card === null ? "?" : seat.card;
    rows.push(`<text x="20" y="${80 + 30 * i}" font-size="18">`
      + `${escape(seat.name)}: ${plural(seat.crumbs, "crumb")}, card ${card}</text>`);
  });
  const height = 100 + 30 * view.seats.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 ${height}" `
    + `role="img" aria-label="Crumbs">${rows.join("")}</svg>`;
}
