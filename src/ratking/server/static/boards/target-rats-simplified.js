// Target: Rats Simplified's board, drawn in the browser from a seat's view: the shared
// Target: Rats board (target-rats-board.js) with the factions in their corners, the dumpsters,
// the rats and the picked rat on the move, and the round and dice under the board. It mirrors
// games/target_rats/simplified/svg.py (and words.py); tests/boards/test_board_js.py and
// test_target_rats_js.py keep the two byte for byte equal. Words come from `data`
// (TargetRatsSimplified.board_data()).
import { plural } from "./common.js";
import * as B from "./target-rats-board.js";

const FOOT = 76;

/** svg.render: the whole board of `view`, with `actions` ([{id, label}]) clickable on it. */
export function render(view, actions, data) {
  const byId = new Map(actions.map((a) => [a.id, a]));
  const spaces = view.spaces;
  const board = B.board(spaces);
  const geo = board.geo;
  const h = B.W + FOOT;
  const colour = B.bySeat(view.factions, "colour");
  const owner = B.bySeat(view.factions, "name");
  const byHome = new Map(view.factions.map((f) => [f.home, f]));
  const mover = view.to_move;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${B.W} ${h}" width="100%" ` +
    `class="rk-tr target-rats-simplified" font-family="${data.font}" ` +
    `data-prompt="${B.esc(status(view))}" ` +
    'aria-label="Target: Rats Simplified board">',
  `<desc>${B.esc(describe(view, data))}</desc>`, data.style, B.base(board, h, data)];
  for (const s of spaces) {
    if (s.kind === "home-nest") out.push(home(s.id, byHome.get(s.id) ?? null, mover, data));
  }
  const picked = B.get(view, "mover");
  let onMove = null; // the picked rat on the move: keyed by where it began, the page follows it
  if (B.truthy(picked) && mover !== null) {
    onMove = { seat: mover, path: picked.path, id: picked.path[0],
      fed: Number(Boolean(picked.fed)), unfed: Number(!picked.fed) };
  }
  const cheese = view.cheese;
  out.push(B.throne(cheese !== null ? colour.get(cheese) : null,
    cheese !== null ? owner.get(cheese) : "", data));
  for (const s of spaces) {
    const sid = s.id;
    // the Target die's choice of a surface space comes before a move there
    const action = byId.get(`ext:${sid}`) || byId.get(`route:${sid}`) || byId.get(`step:${sid}`);
    out.push(`<g class="space" data-space="${sid}">`);
    if (action) out.push(B.highlight(geo.shape[sid], action, data.colours.gold));
    if (B.truthy(s.dumpster)) {
      const [x, y] = geo.tokenAt[sid];
      out.push(B.dumpster(x, y, data.dumpster, "dumpster"));
    }
    if (B.truthy(s.rats)) {
      const pick = (seat, fed) => (seat !== mover ? null
        : byId.get(`rat:${sid}:${fed ? "fed" : "unfed"}`) ?? null);
      out.push(...B.ratsAt(geo.anchor[sid], s.kind, s.rats, colour, owner, {
        clickable: pick, through: Boolean(action), space: sid,
        mover: B.movingHere(sid, onMove) }));
    }
    if (B.truthy(s.exterminator)) {
      out.push(B.exterminator(...geo.anchor[sid], data.tips.exterminator, Boolean(action)));
    }
    out.push("</g>");
  }
  out.push(B.labels(board)); // over the pieces: always readable
  out.push(footer(view, data));
  out.push("</svg>");
  return out.join("");
}

/** svg._home: a corner panel: the faction of that home nest, or an empty nest. */
function home(sid, faction, mover, data) {
  const k = Number(sid.slice(1));
  const [x, y] = B.corner(k);
  if (faction === null) {
    return `<rect x="${x}" y="${y}" width="${B.BOX}" height="${B.BOX}" rx="16" ` +
      'fill="#3a352e" stroke="#5a5247" stroke-width="2"/>' +
      `${B.homeWell(k, null, data)}`;
  }
  const gold = data.colours.gold;
  const glow = faction.seat === mover ? gold : "#5a5247";
  const ty = [0, 1].includes(k) ? y + 26 : y + B.BOX - 16;
  const label = `${faction.name} (${faction.faction})`;
  return `<g data-seat-panel="${faction.seat}">` +
    `<rect x="${x}" y="${y}" width="${B.BOX}" height="${B.BOX}" rx="16" fill="#3a352e" ` +
    `stroke="${glow}" stroke-width="${glow === gold ? 4 : 2}"/>` +
    `${B.homeWell(k, faction.colour, data)}` +
    `<text x="${B.flt(x + B.BOX / 2)}" y="${ty}" font-size="17" font-weight="bold" ` +
    `text-anchor="middle" fill="${data.colours.cream}" class="faction">${B.esc(label)}</text>` +
    `<text x="${B.flt(x + B.BOX / 2)}" y="${ty + ([0, 1].includes(k) ? 22 : -22)}" ` +
    'font-size="16" text-anchor="middle" fill="#d8ccb0">' +
    `${plural(faction.rats, "rat")}, ${faction.fed} fed</text></g>`;
}

/** svg._status: the line under the board: the round, and the dice and what they move. */
function status(view) {
  const rounds = `Round ${view.round}` +
    (B.truthy(view.max_rounds) ? ` of ${view.max_rounds}` : "");
  if (B.truthy(view.over) || B.truthy(view.result)) { // or ended by the table
    const capped = view.result.end === "round-cap";
    return `${rounds}. Game over${capped ? ": the round limit" : ""}`;
  }
  let text = `${rounds}. Dice ${view.dice.map(B.str).join(", ")}: ${B.str(view.pool)} to move`;
  if (B.truthy(view.target_available)) text += "; the Target may move the Exterminator";
  return text;
}

/** words.describe: the game in words, for a screen reader. */
function describe(view, data) {
  const rounds = `Round ${view.round}` +
    (B.truthy(B.get(view, "max_rounds")) ? ` of ${view.max_rounds}` : "");
  const lines = [`Target: Rats Simplified. ${rounds}.`];
  if (!B.truthy(B.get(view, "over"))) {
    const dice = B.or(B.get(view, "dice"), []).map(B.str).join(", ");
    lines.push(`Dice ${dice}: ${B.str(B.get(view, "pool"))} to move.`);
  }
  lines.push(...B.factionWords(view), ...B.tokenWords(view, data));
  return lines.join("\n");
}

/** svg._footer: the status line, under the board. */
function footer(view, data) {
  const y = B.W + 30;
  return `<g class="status" fill="${data.colours.cream}" font-size="20">` +
    `<text x="${B.flt(B.C)}" y="${y}" text-anchor="middle">${B.esc(status(view))}</text></g>`;
}
