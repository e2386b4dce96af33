// The Target: Rats board drawn in SVG from a view, shared by the full game (target-rats.js)
// and the Simplified game (target-rats-simplified.js): the surface and underground rings, the
// corridors with their ladders, Rat City with the Deep Dish Throne, the home nests in the
// corners, and the rat tokens and icons. It mirrors games/target_rats/board_svg.py (and the
// board in words, board_words.py) function by function; tests/boards/test_board_js.py and
// test_target_rats_js.py keep the two byte for byte equal. Words and colours come from
// `data` (Game.board_data()).
import { escape, fixed, get, head, len, plural, str, truthy } from "./common.js";

export { get, head, len, str, truthy };

export const W = 1000; // the board square
export const C = W / 2;
export const R_S_OUT = 374;
export const R_S_IN = 280; // the surface ring
export const R_U_OUT = 232;
const R_U_IN = 156; // the underground ring
const R_CITY = 110;
const START = -135; // S0 and U0 on the top-left diagonal, with the first corridor
export const BOX = 216; // a home nest corner panel
export const WELL = 100; // the home nest space inside it (the part next to the board)
const PAD = 8;

// ---- Python's ways with values, where JavaScript's differ ----

/** Python's `a or b`. */
export function or(a, b) {
  return truthy(a) ? a : b;
}

/** Python's str.title() of an ASCII text: each run of letters capitalised. */
export function title(text) {
  return text.replace(/[A-Za-z]+/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

/** Python's str.capitalize(): the first character upper case, the rest lower. */
export function capitalize(text) {
  return text.slice(0, 1).toUpperCase() + text.slice(1).toLowerCase();
}

// ---- board_svg.py ----

/** board_svg.esc: html.escape(str(text)). */
export function esc(text) {
  return escape(str(text));
}

/** board_svg.num: a coordinate, short: one decimal at most. */
export function num(x) {
  const t = fixed(x, 1);
  return t.endsWith(".0") ? t.slice(0, -2) : t;
}

/** A number as Python's f"{x}" writes it when x is a float (C and sums with it): "500.0". */
export function flt(x) {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

/** board_svg._luma: the brightness of "#rrggbb" (255 when it is not one). */
function luma(fill) {
  const parts = [1, 3, 5].map((i) => fill.slice(i, i + 2));
  if (!parts.every((p) => /^[0-9a-fA-F]+$/.test(p))) return 255;
  const [r, g, b] = parts.map((p) => parseInt(p, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** board_svg.ink: black or white, whichever reads better on `fill`. */
export function ink(fill) {
  return luma(fill) > 140 ? "#000" : "#fff";
}

/** board_svg.edge: an outline for a token: dark, but light around very dark tokens. */
export function edge(fill) {
  return luma(fill) < 60 ? "#f0e6cf" : "#1b1b1b";
}

/** board_svg.act: `inner`, made clickable for `action` when there is one. */
export function act(inner, action) {
  if (action === null || action === undefined) return inner;
  const covers = truthy(get(action, "covers")) ? ` data-covers="${esc(action.covers)}"` : "";
  return `<g class="act" data-action="${esc(action.id)}"${covers} cursor="pointer">` +
    `<title>${esc(action.label)}</title>${inner}</g>`;
}

/** board_svg.polar: the point at radius r and angle deg (degrees) around the centre. */
export function polar(r, deg) {
  const a = deg * (Math.PI / 180);
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

/** board_svg.sector: the path of a ring segment between radii r0 < r1, angles a0 < a1. */
function sector(r0, r1, a0, a1) {
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  return `M${num(x0)} ${num(y0)}A${r1} ${r1} 0 0 1 ${num(x1)} ${num(y1)}` +
    `L${num(x2)} ${num(y2)}A${r0} ${r0} 0 0 0 ${num(x3)} ${num(y3)}Z`;
}

/** board_svg.corner: the top-left point of home nest k's panel (0 top-left, clockwise). */
export function corner(k) {
  return [[0, 3].includes(k) ? PAD : W - PAD - BOX, [0, 1].includes(k) ? PAD : W - PAD - BOX];
}

/** board_svg.well: x, y, width, height of home nest k's space. */
export function well(k) {
  const [x, y] = corner(k);
  return [x, [0, 1].includes(k) ? y + BOX - WELL : y, BOX, WELL];
}

/** board_svg.view_key: the spaces' [id, kind, ring_index]. */
function viewKey(spaces) {
  return spaces.map((s) => [s.id, s.kind, s.ring_index]);
}

/** board_svg.geometry: anchors, outlines, token places and angles of the spaces. */
function geometry(key) {
  const ns = key.filter(([, kind]) => kind === "surface").length || 1;
  const nu = key.filter(([, kind]) => kind === "underground").length || 1;
  const anchor = {};
  const shape = {};
  const tokenAt = {};
  const angle = {};
  for (const [sid, kind, ri] of key) {
    if (kind === "surface" || kind === "underground") {
      const [n, r0, r1] = kind === "surface" ? [ns, R_S_IN, R_S_OUT] : [nu, R_U_IN, R_U_OUT];
      const half = 180 / n;
      const mid = START + (360 * ri) / n;
      angle[sid] = mid;
      shape[sid] = `<path d="${sector(r0, r1, mid - half + 0.6, mid + half - 0.6)}"`;
      anchor[sid] = polar((r0 + r1) / 2 + 2, mid);
      tokenAt[sid] = polar(r0 + 13, mid);
    } else if (kind === "rat-city") {
      shape[sid] = `<circle cx="${flt(C)}" cy="${flt(C)}" r="${R_CITY}"`;
      anchor[sid] = [C, C + 40];
      tokenAt[sid] = [C, C - 42];
    } else {
      const [x, y, w, h] = well(Number(sid.slice(1)));
      shape[sid] = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14"`;
      anchor[sid] = [x + w / 2, y + h / 2 + 8];
      tokenAt[sid] = [x + 18, y + 18];
    }
  }
  return { anchor, shape, tokenAt, angle };
}

let lastBoard = null;

/** The board of a view: its spaces' key and geometry, kept while the spaces stay the same. */
export function board(spaces) {
  const key = viewKey(spaces);
  const text = JSON.stringify(key);
  if (lastBoard === null || lastBoard.text !== text) {
    lastBoard = { text, key, geo: geometry(key), bases: new Map() };
  }
  return lastBoard;
}

/** board_svg.labels, drawn once per board (board_svg caches it too). */
export function labels(b) {
  if (b.labels === undefined) b.labels = drawLabels(b);
  return b.labels;
}

/** board_svg.labels: the ring spaces' names, drawn over the pieces on a light halo. */
function drawLabels(b) {
  const out = [];
  for (const [sid, kind] of b.key) {
    if (kind === "surface" || kind === "underground") {
      const r = kind === "surface" ? R_S_OUT - 13 : R_U_OUT - 12;
      const [x, y] = polar(r, b.geo.angle[sid]);
      out.push(`<text x="${num(x)}" y="${num(y + 6.5)}">${sid}</text>`);
    }
  }
  return '<g class="labels" font-size="18" font-weight="bold" text-anchor="middle" ' +
    'fill="#3b3026" stroke="#f4ead2" stroke-width="3.5" stroke-opacity=".9" ' +
    'stroke-linejoin="round" paint-order="stroke" pointer-events="none">' +
    `${out.join("")}</g>`;
}

/** board_svg._ladder: a ladder passage along the radius at `deg` from r0 to r1. */
function ladder(r0, r1, deg, width = 16, rung = 9) {
  const a = deg * (Math.PI / 180);
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const px = (-uy * width) / 2;
  const py = (ux * width) / 2;
  const out = [`<path d="M${num(C + r0 * ux + px)} ${num(C + r0 * uy + py)}L` +
    `${num(C + r1 * ux + px)} ${num(C + r1 * uy + py)}M${num(C + r0 * ux - px)} ` +
    `${num(C + r0 * uy - py)}L${num(C + r1 * ux - px)} ${num(C + r1 * uy - py)}"/>`];
  const steps = Math.max(1, Math.trunc((r1 - r0) / rung));
  const d = [];
  for (let i = 1; i < steps; i++) {
    const r = r0 + ((r1 - r0) * i) / steps;
    d.push(`M${num(C + r * ux + px)} ${num(C + r * uy + py)}L${num(C + r * ux - px)} ` +
      `${num(C + r * uy - py)}`);
  }
  out.push(`<path d="${d.join("")}" stroke-width="3"/>`);
  return out.join("");
}

/** board_svg.base, drawn once per board and height (board_svg caches it too). */
export function base(b, height, data) {
  if (!b.bases.has(height)) b.bases.set(height, drawBase(b, height, data));
  return b.bases.get(height);
}

/** board_svg.base: the board's unchanging drawing: background, rings, corridors, Rat City. */
function drawBase(b, height, data) {
  const { key, geo } = b;
  const c = data.colours;
  const out = [`<rect width="${W}" height="${height}" rx="22" fill="${c.bg}"/>`,
    `<circle cx="${flt(C)}" cy="${flt(C)}" r="${R_S_OUT + 10}" fill="#3a352e"/>`,
    `<circle cx="${flt(C)}" cy="${flt(C)}" r="${R_U_OUT + 6}" fill="#23282a"/>`];
  const corridors = corridorIds(key);
  const corridorAngles = [];
  for (const [sid, kind, ri] of key) {
    if (kind !== "surface" && kind !== "underground") continue;
    const corr = corridors.has(sid);
    const fill = corr ? c.corridor : (kind === "surface" ? c.surface : c.under)[ri % 2];
    out.push(titled(`${geo.shape[sid]} fill="${fill}" stroke="#1e1a16" stroke-width="2"`,
      spaceTitle(sid, kind, corr, data)));
    if (corr && kind === "surface") {
      corridorAngles.push(geo.angle[sid]);
      out.push(cover(...geo.tokenAt[sid]));
    }
  }
  out.push('<g class="ladders" stroke="#c9b98f" stroke-width="4" fill="none">');
  for (const a of corridorAngles) {
    out.push(ladder(R_U_OUT + 2, R_S_IN - 2, a));
    out.push(ladder(R_CITY + 2, R_U_IN - 2, a));
    out.push(ladder(R_S_OUT + 2, (C - BOX - PAD) * Math.SQRT2 + 2, a));
  }
  out.push("</g>");
  out.push(titled(`<circle cx="${flt(C)}" cy="${flt(C)}" r="${R_CITY}" fill="${c.city}" ` +
      'stroke="#6b4f12" stroke-width="4"', spaceTitle("RC", "rat-city", false, data)) +
    `<circle cx="${flt(C)}" cy="${flt(C)}" r="${R_CITY - 10}" fill="none" ` +
    'stroke="#f2d27a" stroke-width="2" stroke-dasharray="4 5" pointer-events="none"/>' +
    `<g pointer-events="none"><text x="${flt(C)}" y="${flt(C + R_CITY - 12)}" font-size="18" ` +
    `font-weight="bold" text-anchor="middle" fill="${c.ink}" letter-spacing="2">RAT ` +
    `CITY</text><text class="minor" x="${flt(C)}" y="${flt(C + 4)}" font-size="15" ` +
    'text-anchor="middle" fill="#6b4f12">DEEP DISH THRONE</text></g>');
  out.push('<g class="minor" font-size="15" text-anchor="middle" letter-spacing="2" ' +
    `font-weight="bold" pointer-events="none"><text x="${flt(C)}" y="${flt(C - R_S_IN + 18)}" ` +
    `fill="#8a7a5e">SURFACE</text><text x="${flt(C)}" y="${flt(C + R_U_OUT + 24)}" ` +
    'fill="#7d8f72">UNDERGROUND</text></g>');
  return out.join("");
}

/** board_svg.titled: an SVG element's unclosed opening, closed with a <title>. */
function titled(shape, text) {
  const tag = shape.split(/\s+/, 1)[0].slice(1);
  return `${shape}><title>${esc(text)}</title></${tag}>`;
}

/** board_svg.space_title: what a space is, in a sentence. */
function spaceTitle(sid, kind, corridor, data) {
  const corrKind = corridor && (kind === "surface" || kind === "underground");
  const word = corrKind ? `corridor-${kind}` : kind;
  return fill(get(data.space_words, word, "{}"), sid);
}

/** Python's text.format(value) of a text with one "{}". */
export function fill(text, value) {
  return text.replace("{}", () => str(value));
}

/** board_svg._corridor_ids: the four ring spaces of each ring on the diagonals. */
function corridorIds(key) {
  const ns = key.filter(([, kind]) => kind === "surface").length;
  const nu = key.filter(([, kind]) => kind === "underground").length;
  const out = new Set();
  for (const [sid, kind, ri] of key) {
    const n = kind === "surface" ? ns : kind === "underground" ? nu : 0;
    if (n && (ri * 4) % n === 0) out.add(sid);
  }
  return out;
}

/** board_svg._cover: a printed sewer cover (a corridor's surface space). */
function cover(x, y, r = 9) {
  return `<g class="cover" pointer-events="none"><circle cx="${num(x)}" cy="${num(y)}" ` +
    `r="${r}" fill="#5d6670" stroke="#2f353b" stroke-width="2"/>` +
    `<path d="M${num(x - r + 3)} ${num(y)}H${num(x + r - 3)}M${num(x)} ${num(y - r + 3)}` +
    `V${num(y + r - 3)}" stroke="#2f353b" stroke-width="1.5"/></g>`;
}

/** board_svg.rat: one token of `n` rats of a faction, fed (round) or unfed (flat). */
export function rat(x, y, colour, n, fed, tip, key = "") {
  const line = edge(colour);
  let shape;
  if (fed) {
    shape = `<path d="M${num(x - 11)} ${num(y - 11)}l1 -8 7 5M${num(x + 11)} ${num(y - 11)}` +
      `l-1 -8 -7 5" fill="${colour}" stroke="${line}" stroke-width="1.6"/>` +
      `<circle cx="${num(x)}" cy="${num(y)}" r="17" fill="${colour}" stroke="${line}" ` +
      'stroke-width="2.6"/>';
  } else {
    shape = `<path d="M${num(x + 17)} ${num(y + 4)}q8 1 7 10" fill="none" ` +
      `stroke="${line}" stroke-width="2.2"/>` +
      `<rect x="${num(x - 18)}" y="${num(y - 12)}" width="36" height="24" rx="5" ` +
      `fill="${colour}" stroke="${line}" stroke-width="2.6" stroke-dasharray="5 2.5"/>`;
  }
  const state = fed ? "fed" : "unfed";
  let keyed = "";
  if (key) {
    const seat = key.split(":", 1)[0];
    keyed = ` data-key="rat:${key}" data-family="rat:${seat}:${state}" data-n="${n}"`;
  }
  return `<g class="rat ${state}"${keyed}><title>${esc(tip)}</title>` +
    `${shape}<text x="${num(x)}" y="${num(y + 6.5)}" font-size="19" font-weight="bold" ` +
    `text-anchor="middle" fill="${ink(colour)}">${n}</text></g>`;
}

/** board_svg.rat_title: "2 fed rats of Ana". */
function ratTitle(n, fed, owner) {
  return `${plural(n, fed ? "fed rat" : "unfed rat")} of ${owner}`;
}

/** board_svg.token_cells: centres of `count` tokens in a grid of `cols` columns. */
function tokenCells(count, x, y, cols) {
  cols = Math.min(cols, count) || 1;
  const rows = Math.floor((count + cols - 1) / cols);
  const out = [];
  for (let i = 0; i < count; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const inRow = Math.min(cols, count - r * cols);
    out.push([x + (c - (inRow - 1) / 2) * 40, y + (r - (rows - 1) / 2) * 30]);
  }
  return out;
}

/** board_svg.cols_for: columns of a space's token grid. */
function colsFor(kind, count) {
  if (kind === "rat-city" || kind === "home-nest") return 4;
  return count <= 4 ? 2 : 3;
}

/** board_svg.dumpster: a food source (or Simplified's dumpster) icon. */
export function dumpster(x, y, tip, cls = "token food") {
  return `<g class="${cls}"><title>${esc(tip)}</title>` +
    `<rect x="${num(x - 10)}" y="${num(y - 6)}" width="20" height="13" rx="2" ` +
    'fill="#2e8b57" stroke="#123d25" stroke-width="1.5"/>' +
    `<path d="M${num(x - 11)} ${num(y - 7)}h22l-2 -4h-18z" fill="#3fae6f" ` +
    'stroke="#123d25" stroke-width="1.2"/></g>';
}

/** board_svg.sewer: a sewer entrance icon. */
export function sewer(x, y, tip) {
  return `<g class="token sewer"><title>${esc(tip)}</title><circle cx="${num(x)}" ` +
    `cy="${num(y)}" r="10" fill="#4a4f55" stroke="#111" ` +
    `stroke-width="2"/><path d="M${num(x - 6)} ${num(y - 3)}h12M${num(x - 6)} ` +
    `${num(y + 3)}h12" stroke="#9aa3ad" stroke-width="1.6"/></g>`;
}

/** board_svg.nest: a nest token: a ring of straw around the faction's colour. */
export function nest(x, y, colour, tip) {
  return `<g class="token nest"><title>${esc(tip)}</title>` +
    `<ellipse cx="${num(x)}" cy="${num(y)}" rx="14" ry="9" fill="${colour}" ` +
    `stroke="#c9a25a" stroke-width="4"/><ellipse cx="${num(x)}" cy="${num(y)}" ` +
    'rx="16.5" ry="11.5" fill="none" stroke="#5b4420" stroke-width="1.2"/>' +
    `<path d="M${num(x - 9)} ${num(y - 1)}q9 6 18 0" fill="none" ` +
    `stroke="${ink(colour)}" stroke-width="1.3" opacity=".6"/></g>`;
}

/** board_svg.exterminator: the pawn under a red crosshair; `through` lets clicks pass. */
export function exterminator(x, y, tip, through = false, big = true) {
  const s = big ? 1.0 : 0.7;
  const passes = through ? ' pointer-events="none"' : "";
  return `<g class="exterminator" data-key="exterminator"${passes}><title>${esc(tip)}` +
    `</title><circle cx="${num(x)}" cy="${num(y)}" r="${num(24 * s)}" ` +
    'fill="#fff3e0" fill-opacity=".85" stroke="#c0392b" stroke-width="3"/>' +
    `<circle cx="${num(x)}" cy="${num(y - 8 * s)}" r="${num(6 * s)}" fill="#1d3557"/>` +
    `<path d="M${num(x - 10 * s)} ${num(y + 14 * s)}q0 -16 ${num(10 * s)} -16q` +
    `${num(10 * s)} 0 ${num(10 * s)} 16z" fill="#1d3557"/>` +
    `<path d="M${num(x - 30 * s)} ${num(y)}h${num(14 * s)}M${num(x + 16 * s)} ${num(y)}h` +
    `${num(14 * s)}M${num(x)} ${num(y - 30 * s)}v${num(12 * s)}M${num(x)} ${num(y + 18 * s)}` +
    `v${num(12 * s)}" stroke="#c0392b" stroke-width="3"/></g>`;
}

/** board_svg.throne: the Deep Dish Throne, with Da Big Cheese's rat on it when claimed. */
export function throne(king, owner, data) {
  const [x, y] = [C, C - 42];
  const tip = king ? fill(data.tips.throne, owner) : data.tips["throne-empty"];
  const out = [`<g class="throne"><title>${esc(tip)}</title>` +
    `<circle cx="${flt(x)}" cy="${flt(y)}" r="30" fill="#c0812d" stroke="#6b3d10" ` +
    'stroke-width="3"/>' +
    `<circle cx="${flt(x)}" cy="${flt(y)}" r="23" fill="#e4b53b"/>` +
    `<circle cx="${flt(x)}" cy="${flt(y)}" r="19" fill="#c8472d" fill-opacity=".55"/>`];
  for (const [dx, dy] of [[-9, -8], [8, -10], [-11, 6], [10, 7], [0, 0]]) {
    out.push(`<circle cx="${num(x + dx)}" cy="${num(y + dy)}" r="4" fill="#9b2218"/>`);
  }
  if (king) {
    out.push(`<circle cx="${flt(x)}" cy="${flt(y)}" r="14" fill="${king}" ` +
      `stroke="${edge(king)}" stroke-width="2.5"/>` + crown(x, y - 21, 1.0, data));
  }
  out.push("</g>");
  return out.join("");
}

/** board_svg.crown: Da Big Cheese's crown. */
export function crown(x, y, s, data) {
  return `<path class="crown" d="M${num(x - 11 * s)} ${num(y + 6 * s)}l-2 ${num(-12 * s)} ` +
    `${num(7 * s)} ${num(6 * s)} ${num(6 * s)} ${num(-9 * s)} ${num(6 * s)} ${num(9 * s)} ` +
    `${num(7 * s)} ${num(-6 * s)} ${num(-2 * s)} ${num(12 * s)}z" fill="${data.colours.gold}" ` +
    'stroke="#7a5a00" stroke-width="1.5"/>';
}

/** board_svg.highlight: a space's outline on top: clickable for `action`, else a mark. */
export function highlight(shape, action, colour, dashed = false) {
  if (action !== null && action !== undefined) {
    return act(`${shape} class="hl" fill="${colour}" fill-opacity=".16" stroke="${colour}" ` +
      'stroke-width="4"/>', action);
  }
  const dash = dashed ? ' stroke-dasharray="7 5"' : "";
  return `${shape} fill="none" stroke="${colour}" stroke-width="3"${dash} ` +
    'pointer-events="none"/>';
}

/** board_svg.moving_here: the rats on the move that stand on `space` now, or null. */
export function movingHere(space, mover) {
  if (mover === null || !truthy(get(mover, "path")) || mover.path.at(-1) !== space) return null;
  return mover;
}

/** board_svg.rats_at: the tokens of one space's rats, fed before unfed per faction; the rats
 * on the move (`mover`) apart, keyed by where their move began. */
export function ratsAt(anchor, kind, groups, colour, owner,
  { clickable = null, through = false, space = "", mover = null } = {}) {
  const items = [];
  for (const g of groups) {
    for (const fed of [true, false]) {
      const part = fed ? "fed" : "unfed";
      let n = g[part];
      if (mover !== null && g.seat === mover.seat) n -= mover[part];
      if (n > 0) items.push([g.seat, fed, n, space ? `${g.seat}:${part}:${space}` : ""]);
    }
  }
  if (mover !== null) {
    const seat = mover.seat;
    const both = truthy(mover.fed) && truthy(mover.unfed);
    for (const fed of [true, false]) {
      const part = fed ? "fed" : "unfed";
      if (truthy(mover[part])) { // one rat keeps its key when it is fed
        items.push([seat, fed, mover[part],
          `${seat}:${both ? part : "moving"}:move-${str(mover.id)}`]);
      }
    }
  }
  if (!items.length) return [];
  const out = [];
  const cells = tokenCells(items.length, anchor[0], anchor[1], colsFor(kind, items.length));
  items.forEach(([seat, fed, n, key], i) => {
    const [x, y] = cells[i];
    const tip = ratTitle(n, fed, owner.get(seat)) + (key.includes(":move-") ? ", on the move" : "");
    const token = rat(x, y, colour.get(seat), n, fed, tip, key);
    const action = clickable ? clickable(seat, fed) : null;
    if (truthy(action)) out.push(act(token, action));
    else if (through) out.push(`<g pointer-events="none">${token}</g>`);
    else out.push(token);
  });
  return out;
}

/** board_svg.wrap: the words of `text` in lines of at most `width` characters. */
export function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && len(line) + 1 + len(word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** board_svg.home_well: home nest k's space (straw, edged in its faction's colour). */
export function homeWell(k, colour, data) {
  const [x, y, w, h] = well(k);
  const stroke = colour || "#5a5247";
  let twigs = "";
  for (let i = 0; i < 10; i++) {
    twigs += `<path d="M${num(x + 12 + i * 19)} ${num(y + h - 8 - (i % 3) * 3)}l14 -5" ` +
      'stroke="#b39a6a" stroke-width="2"/>';
  }
  const wellRect = titled(`<rect x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" ` +
    `rx="13" fill="${colour ? data.colours.nest : "#4a443b"}" ` +
    `stroke="${stroke}" stroke-width="5"`, spaceTitle(`H${k}`, "home-nest", false, data));
  return `<g class="nest-well">${wellRect}` +
    `<g pointer-events="none">${colour ? twigs : ""}</g>` +
    `<text class="minor" x="${x + w - 12}" y="${y + 21}" font-size="15" ` +
    `text-anchor="end" fill="${colour ? data.colours.ink : "#8a8070"}" pointer-events="none">` +
    `home nest H${k}</text></g>`;
}

/** Seat -> value of the view's factions, as Python's {f["seat"]: f[field]} dicts. */
export function bySeat(factions, field) {
  return new Map(factions.map((f) => [f.seat, f[field]]));
}

// ---- board_words.py: the board in words, for a screen reader ----

/** board_words._place: "surface 3 (S3)". */
function place(space) {
  return `${str(or(get(space, "name"), space.id))} (${space.id})`;
}

/** board_words.factions: one sentence per faction: its player, its rats space by space. */
export function factionWords(view) {
  const seat = get(view, "seat");
  const where = new Map();
  for (const space of view.spaces) {
    for (const g of or(get(space, "rats"), [])) {
      const parts = [[g.fed, "fed"], [g.unfed, "unfed"]].filter(([n]) => n)
        .map(([n, word]) => `${n} ${word}`);
      if (!where.has(g.seat)) where.set(g.seat, []);
      where.get(g.seat).push(`${parts.join(" and ")} on ${place(space)}`);
    }
  }
  const lines = [];
  for (const f of view.factions) {
    const who = `${f.name} (${f.faction}${f.seat === seat ? ", you" : ""})`;
    const spots = (where.get(f.seat) || []).join("; ") || "no rats on the board";
    let extra = "";
    if (truthy(get(f, "nests"))) extra += `, ${plural(f.nests, "nest")}`;
    if (get(view, "cheese") === f.seat) extra += ", Da Big Cheese on the throne";
    lines.push(`${who}: ${plural(f.rats, "rat")}, ${f.fed} fed${extra}. ${spots}.`);
  }
  return lines;
}

/** board_words.tokens: the tokens and pawns on the board, in one or two sentences. */
export function tokenWords(view, data) {
  const names = bySeat(view.factions, "name");
  const found = new Map();
  let ext = null;
  for (const space of view.spaces) {
    let token = or(get(space, "token"), truthy(get(space, "dumpster")) ? "food" : null);
    if (token === "nest") {
      const seat = get(space, "nest_seat");
      token = `nest of ${names.has(seat) ? names.get(seat) : "someone"}`;
    }
    if (truthy(token)) {
      if (!found.has(token)) found.set(token, []);
      found.get(token).push(space.id);
    }
    if (truthy(get(space, "exterminator"))) ext = place(space);
  }
  const lines = [...found].map(([k, v]) =>
    `${get(data.token_words, k, k.slice(0, 1).toUpperCase() + k.slice(1))}: ${v.join(", ")}.`);
  lines.push(ext ? `The Exterminator is on ${ext}.` : "The Exterminator is off the board.");
  return lines;
}
