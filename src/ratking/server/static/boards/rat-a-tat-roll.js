// Rat-a-Tat Roll's board, drawn in the browser from a seat's view: the ring of spaces, the
// face-up cards, the pile, the token pool, the dice and every seat's hand, with the viewer's
// legal actions placed on them. It mirrors games/rat_a_tat_roll/svg.py function by function
// and must return, byte for byte, the SVG text Python's render(view, actions) returns; the
// words, colours and tables come from RatATatRoll.board_data() (svg.board_data). The tests
// keep the two equal over random play: tests/boards/test_board_js.py in the default game,
// tests/boards/test_rat_a_tat_roll_js.py under rules and names a table may set. Python's own
// string and number formatting it needs beyond common.js is written just below.

import { escape, fixed, get, head, len, plural, seatLabel, str, truthy } from "./common.js";

const W = 1000; // viewBox width; the height grows with the rows of opponents
const HEADER_H = 104;
const OPP_ROW_H = 172;
const BOARD_H = 860;
const OWN_H = 256;
const GAP = 14;
const R_OUT = 418;
const R_IN = 322; // the ring of spaces
const R_MID = (R_OUT + R_IN) / 2;
const R_SLOT = 228; // the face-up card slots inside the ring
const RADIANS = Math.PI / 180; // Python's math.radians multiplies by this
const DEGREES = 180 / Math.PI; // and math.degrees by this

/** The game's words, colours and tables (board_data()), set by render for one drawing. */
let D = null;

// --- Python's string functions, where JavaScript's differ ----------------------------------

/** Python's str.isspace() characters, which str.rstrip() removes. */
const PY_SPACE =
  /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;

/** Python's sum() of numbers. */
function sum(xs) {
  return xs.reduce((a, b) => a + b, 0);
}

// --- svg.py's helpers -----------------------------------------------------------------------

/** _n: a coordinate, short: one decimal at most. */
function n(x) {
  const t = fixed(x, 1);
  return t.endsWith(".0") ? t.slice(0, -2) : t;
}

/** _colour: a region's fill, Wild's for none, a spare one for a colour not in the palette. */
function colourOf(name) {
  if (name === null || name === undefined) return D.wildFill;
  if (Object.hasOwn(D.palette, name)) return D.palette[name];
  const code = [...name].reduce((a, c) => a + c.codePointAt(0), 0);
  return D.spare[code % D.spare.length];
}

/** _short: a name cut to `limit` characters with an ellipsis. */
function short(name, limit) {
  return len(name) <= limit ? name : `${head(name, limit - 1).replace(PY_SPACE, "")}…`;
}

/** _text: one line of text. */
function text(out, x, y, s, size, fill = D.cream, anchor = "middle", weight = "", extra = "") {
  const bold = weight ? ` font-weight="${weight}"` : "";
  out.push(`<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}" ` +
           `text-anchor="${anchor}"${bold}${extra}>${escape(str(s))}</text>`);
}

/** _polar: the point at `r` from (cx, cy) in direction `deg` (degrees, clockwise). */
function polar(cx, cy, r, deg) {
  const a = deg * RADIANS;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

/** _sector: the path of a ring segment between radii r0 < r1 and angles a0 < a1. */
function sector(cx, cy, r0, r1, a0, a1) {
  const [x0, y0] = polar(cx, cy, r1, a0);
  const [x1, y1] = polar(cx, cy, r1, a1);
  const [x2, y2] = polar(cx, cy, r0, a1);
  const [x3, y3] = polar(cx, cy, r0, a0);
  const big = a1 - a0 > 180 ? 1 : 0;
  return `M${n(x0)} ${n(y0)}A${n(r1)} ${n(r1)} 0 ${big} 1 ${n(x1)} ${n(y1)}` +
         `L${n(x2)} ${n(y2)}A${n(r0)} ${n(r0)} 0 ${big} 0 ${n(x3)} ${n(y3)}Z`;
}

// --- small pictures -------------------------------------------------------------------------

/** _reroll_icon: a circular arrow. */
function rerollIcon(out, cx, cy, r, colour, width) {
  const [x0, y0] = polar(cx, cy, r, -60);
  const [x1, y1] = polar(cx, cy, r, 210);
  out.push(`<path d="M${n(x0)} ${n(y0)}A${n(r)} ${n(r)} 0 1 1 ${n(x1)} ${n(y1)}" ` +
           `fill="none" stroke="${colour}" stroke-width="${n(width)}" ` +
           `stroke-linecap="round"/>`);
  const [ax, ay] = polar(cx, cy, r, -60);
  const tip = polar(ax, ay, r * 0.75, -60 - 90 + 25);
  const left = polar(ax, ay, r * 0.55, -60 + 25 + 50);
  const right = polar(ax, ay, r * 0.55, -60 - 90 - 40);
  out.push(`<path d="M${n(tip[0])} ${n(tip[1])}L${n(left[0])} ${n(left[1])}` +
           `L${n(right[0])} ${n(right[1])}Z" fill="${colour}"/>`);
}

/** _eye: the peek icon. */
function eye(out, cx, cy, r, colour, width) {
  out.push(`<path d="M${n(cx - r)} ${n(cy)}Q${n(cx)} ${n(cy - r * 0.85)} ${n(cx + r)} ` +
           `${n(cy)}Q${n(cx)} ${n(cy + r * 0.85)} ${n(cx - r)} ${n(cy)}Z" fill="none" ` +
           `stroke="${colour}" stroke-width="${n(width)}" stroke-linejoin="round"/>` +
           `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.32)}" fill="${colour}"/>`);
}

/** _star: the Wild icon. */
function star(out, cx, cy, r, colour) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const [x, y] = polar(cx, cy, k % 2 === 0 ? r : r * 0.45, -90 + k * 36);
    pts.push(`${n(x)},${n(y)}`);
  }
  out.push(`<polygon points="${pts.join(" ")}" fill="${colour}"/>`);
}

/** _cards_icon: card or pile, two overlapping cards. */
function cardsIcon(out, cx, cy, r, colour) {
  const w = r * 0.95;
  const h = r * 1.35;
  out.push(`<rect x="${n(cx - w * 0.85)}" y="${n(cy - h * 0.62)}" width="${n(w)}" ` +
           `height="${n(h)}" rx="${n(r * 0.15)}" fill="none" stroke="${colour}" ` +
           `stroke-width="${n(r * 0.16)}"/>` +
           `<rect x="${n(cx - w * 0.15)}" y="${n(cy - h * 0.38)}" width="${n(w)}" ` +
           `height="${n(h)}" rx="${n(r * 0.15)}" fill="${colour}"/>`);
}

/** _space_icon: a space's icon by its kind. */
function spaceIcon(out, kind, cx, cy, r) {
  if (kind === "wild") star(out, cx, cy, r * 1.05, D.gold);
  else if (kind === "card-or-pile") cardsIcon(out, cx, cy, r, "#fff");
  else if (kind === "reroll") rerollIcon(out, cx, cy, r * 0.72, "#fff", r * 0.24);
  else if (kind === "peek") eye(out, cx, cy, r * 1.0, "#fff", r * 0.2);
  else text(out, cx, cy + r * 0.4, head(kind, 1).toUpperCase(), r * 1.2, "#fff", "middle",
            "bold");
}

/** _coin: a re-roll token. */
function coin(out, cx, cy, r) {
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#f2c14e" ` +
           `stroke="#9a6a10" stroke-width="${n(r * 0.12)}"/>`);
  rerollIcon(out, cx, cy, r * 0.5, "#8a5a06", r * 0.16);
}

/** _pawn: the Catue of Liberty, a verdigris pawn with a crown and a torch. */
function pawn(out, cx, cy, s) {
  const p = (x, y) => `${n(cx + x * s)} ${n(cy + y * s)}`;
  out.push('<g data-testid="pawn" data-key="pawn" pointer-events="none" ' +
           'filter="url(#rk-shadow)">' +
           `<title>${D.labels.pawn}</title>`);
  out.push(`<ellipse cx="${n(cx)}" cy="${n(cy + 30 * s)}" rx="${n(26 * s)}" ` +
           `ry="${n(8 * s)}" fill="#24574d" stroke="#0f2b25" stroke-width="${n(2 * s)}"/>`);
  out.push(`<path d="M${p(-20, 29)}C${p(-18, 10)} ${p(-9, 2)} ${p(-8, -6)}L${p(8, -6)}` +
           `C${p(9, 2)} ${p(18, 10)} ${p(20, 29)}Z" fill="#5fb3a1" stroke="#0f2b25" ` +
           `stroke-width="${n(2.5 * s)}"/>`);
  out.push(`<path d="M${p(8, -4)}L${p(19, -30)}" stroke="#0f2b25" ` +
           `stroke-width="${n(6.5 * s)}" stroke-linecap="round"/>` +
           `<path d="M${p(8, -4)}L${p(19, -30)}" stroke="#5fb3a1" ` +
           `stroke-width="${n(3.5 * s)}" stroke-linecap="round"/>` +
           `<path d="M${p(19, -31)}C${p(13, -38)} ${p(19, -44)} ${p(21, -48)}` +
           `C${p(23, -42)} ${p(27, -38)} ${p(19, -31)}Z" fill="#ffb52e" stroke="#b3520c" ` +
           `stroke-width="${n(1.5 * s)}"/>`);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy - 14 * s)}" r="${n(11 * s)}" ` +
           `fill="#5fb3a1" stroke="#0f2b25" stroke-width="${n(2.5 * s)}"/>`);
  for (const side of [-1, 1]) {
    out.push(`<circle cx="${n(cx + side * 9 * s)}" cy="${n(cy - 24 * s)}" ` +
             `r="${n(5 * s)}" fill="#5fb3a1" stroke="#0f2b25" ` +
             `stroke-width="${n(2 * s)}"/>`);
  }
  out.push(`<path d="M${p(-8, -23)}L${p(-10, -33)}L${p(-4, -27)}L${p(0, -36)}L${p(4, -27)}` +
           `L${p(10, -33)}L${p(8, -23)}Z" fill="#7fd1bd" stroke="#0f2b25" ` +
           `stroke-width="${n(1.8 * s)}" stroke-linejoin="round"/>`);
  out.push("</g>");
}

/** _die: a number die showing `value` (pips for 1 to 6, the number otherwise). */
function die(out, x, y, s, value) {
  out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" ` +
           `rx="${n(s * 0.2)}" fill="#fffdf6" stroke="${D.ink}" stroke-width="2.5"/>`);
  if (!Object.hasOwn(D.pips, value)) {
    text(out, x + s / 2, y + s * 0.7, value, s * 0.55, D.ink, "middle", "bold");
    return;
  }
  for (const [i, j] of D.pips[value]) {
    out.push(`<circle cx="${n(x + s * (0.25 + 0.25 * i))}" ` +
             `cy="${n(y + s * (0.25 + 0.25 * j))}" r="${n(s * 0.09)}" fill="${D.ink}"/>`);
  }
}

/** _wild_die: the Wild die showing `face`. */
function wildDie(out, x, y, s, face) {
  out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" ` +
           `rx="${n(s * 0.2)}" fill="${D.wildFill}" stroke="${D.gold}" stroke-width="2.5"/>`);
  const word = get(D.wildWords, face, head(face, 4).toUpperCase());
  text(out, x + s / 2, y + s * 0.62, word, s * (len(word) <= 3 ? 0.3 : 0.25), D.gold,
       "middle", "bold");
}

// --- cards ----------------------------------------------------------------------------------

/** _keyed: the opening of a card's group, keyed by its place for the page's motion. */
function keyed(place, value) {
  return `<g data-key="card:${place}" data-family="card" ` +
         `data-v="${value === null ? "back" : value}">`;
}

/** _card: a card drawn 'back', 'face', 'known' (remembered) or as an empty 'slot'. */
function card(out, x, y, w, h, value, style, iconFrom) {
  const rx = n(w * 0.12);
  const box = `x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}"`;
  if (style === "slot") {
    out.push(`<rect ${box} fill="#000" fill-opacity="0.12" stroke="${D.cream}" ` +
             `stroke-opacity="0.55" stroke-width="2.5" stroke-dasharray="8 6"/>`);
    return;
  }
  if (style === "back") {
    out.push(`<rect ${box} fill="url(#rk-back)" stroke="#f1d08a" stroke-width="2.5" ` +
             `filter="url(#rk-shadow)"/>`);
    const m = w * 0.12;
    out.push(`<rect x="${n(x + m)}" y="${n(y + m)}" width="${n(w - 2 * m)}" ` +
             `height="${n(h - 2 * m)}" rx="${n(w * 0.07)}" fill="none" ` +
             `stroke="#f1d08a" stroke-opacity="0.7" stroke-width="1.5"/>` +
             `<ellipse cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" rx="${n(w * 0.22)}" ` +
             `ry="${n(w * 0.28)}" fill="#f1d08a" fill-opacity="0.85"/>` +
             `<circle cx="${n(x + w * 0.37)}" cy="${n(y + h / 2 - w * 0.2)}" ` +
             `r="${n(w * 0.08)}" fill="#f1d08a"/>` +
             `<circle cx="${n(x + w * 0.63)}" cy="${n(y + h / 2 - w * 0.2)}" ` +
             `r="${n(w * 0.08)}" fill="#f1d08a"/>`);
    return;
  }
  const known = style === "known";
  const fill = known ? "#e7eefc" : "#fffaf0";
  const stroke = known ? "#6f86c2" : "#b8955c";
  const dash = known ? ' stroke-dasharray="7 4"' : "";
  out.push(`<rect ${box} fill="${fill}" stroke="${stroke}" stroke-width="2.5"${dash} ` +
           `filter="url(#rk-shadow)"/>`);
  if (value === null) return;
  const hot = value >= iconFrom;
  const colour = hot ? "#b3261e" : D.ink;
  text(out, x + w / 2, y + h * 0.5 + w * 0.21, value, w * 0.6, colour, "middle", "bold",
       ' class="card-value"');
  text(out, x + w * 0.17, y + w * 0.3, value, w * 0.26, colour, "middle", "bold",
       ' class="minor"');
  if (hot) rerollIcon(out, x + w * 0.8, y + h - w * 0.2, w * 0.1, "#b3261e", w * 0.035);
  if (known) eye(out, x + w * 0.8, y + w * 0.17, w * 0.1, "#4f67a8", w * 0.03);
}

/** _highlight: a clickable legal action, a pulsing glow around `shape` and `badge` on top. */
function highlight(out, aid, label, shape, badge = "") {
  const tag = shape.split(/\s+/)[0];
  out.push(`<g class="act" data-action="${escape(aid)}" cursor="pointer" tabindex="0">` +
           `<title>${escape(label)}</title>` +
           `<${shape} class="rk-hl" fill="#fff" fill-opacity="0.1" stroke="${D.gold}" ` +
           `stroke-width="9" filter="url(#rk-glow)">` +
           `<animate attributeName="stroke-opacity" values="1;0.4;1" dur="1.6s" ` +
           `repeatCount="indefinite"/></${tag}>` +
           `<${shape} fill="none" stroke="#fff" stroke-width="2.5" ` +
           `stroke-dasharray="10 6"/>${badge}</g>`);
}

/** _box: a rect shape `pad` outside a box, for a highlight. */
function box(x, y, w, h, r, pad = 6) {
  return `rect x="${n(x - pad)}" y="${n(y - pad)}" width="${n(w + 2 * pad)}" ` +
         `height="${n(h + 2 * pad)}" rx="${n(r + pad)}"`;
}

/** _tag: a small rounded label above a card ("offered", "new"). */
function tag(out, x, y, words, fill, cw) {
  const size = Math.max(18, Math.min(24, cw * 0.3));
  const w = len(words) * size * 0.62 + 16;
  const top = y - size * 1.05;
  out.push(`<rect x="${n(x - w / 2)}" y="${n(top)}" width="${n(w)}" ` +
           `height="${n(size * 1.3)}" rx="${n(size * 0.65)}" fill="${fill}" ` +
           `stroke="#fff" stroke-width="2"/>`);
  text(out, x, top + size * 1.0, words, size, "#fff", "middle", "bold");
}

/** _badge: a round count badge (the pile's cards, the pool's tokens). */
function badge(out, cx, cy, count) {
  const r = count < 100 ? 19 : 23;
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="${D.ink}" ` +
           `stroke="${D.cream}" stroke-width="2.5"/>`);
  text(out, cx, cy + 8, count, 22, D.cream, "middle", "bold");
}

/** _crown: the winner's crown. */
function crown(out, cx, cy, s) {
  out.push(`<path d="M${n(cx - s)} ${n(cy + s * 0.6)}L${n(cx - s)} ${n(cy - s * 0.5)}` +
           `L${n(cx - s * 0.5)} ${n(cy)}L${n(cx)} ${n(cy - s * 0.8)}L${n(cx + s * 0.5)} ` +
           `${n(cy)}L${n(cx + s)} ${n(cy - s * 0.5)}L${n(cx + s)} ${n(cy + s * 0.6)}Z" ` +
           `fill="${D.gold}" stroke="#8a5a06" stroke-width="2.5" stroke-linejoin="round"/>`);
}

// --- the ring, the slots and the centre -----------------------------------------------------

/** _region_angles: each region's direction from the ring's centre, its spaces' mean. */
function regionAngles(spaces) {
  const step = 360 / (spaces.length || 1);
  const sums = new Map();
  spaces.forEach(([, region], i) => {
    if (region === null) return;
    const a = (-90 + i * step) * RADIANS;
    const [xs, ys] = sums.get(region) || [0, 0];
    sums.set(region, [xs + Math.cos(a), ys + Math.sin(a)]);
  });
  const angles = new Map();
  for (const [region, [xs, ys]] of sums) angles.set(region, Math.atan2(ys, xs) * DEGREES);
  return angles;
}

/** _ring: the ring's unchanging drawing (spaces, icons, legend) and each space's path. */
function ringDrawing(spaces, y0) {
  const out = ['<g data-testid="ring">'];
  const cx = W / 2;
  const cy = y0 + BOARD_H / 2;
  const step = 360 / (spaces.length || 1);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${R_OUT + 12}" fill="#3a2112" ` +
           `fill-opacity="0.55"/>` +
           `<circle cx="${n(cx)}" cy="${n(cy)}" r="${R_IN - 4}" fill="url(#rk-felt)" ` +
           `stroke="#b48a4f" stroke-width="4"/>`);
  const paths = [];
  spaces.forEach(([kind, region], i) => {
    const a = -90 + i * step;
    const path = sector(cx, cy, R_IN, R_OUT, a - step / 2 + 0.8, a + step / 2 - 0.8);
    paths.push(path);
    const words = kind === "wild" ? "Wild" : `${str(region)} ${kind.replaceAll("-", " ")}`;
    out.push(`<g data-space="${i}"><title>${escape(`space ${i}: ${words}`)}</title>` +
             `<path d="${path}" fill="${colourOf(region)}" stroke="#2b1a0e" ` +
             `stroke-width="2"/>`);
    const [x, y] = polar(cx, cy, R_MID, a);
    spaceIcon(out, kind, x, y, 22);
    out.push("</g>");
  });
  const y = y0 + BOARD_H - 92;
  D.legend.forEach(([kind, words], k) => {
    const x = k < 2 ? 36 : W - 200;
    const yy = y + (k % 2) * 48;
    out.push(`<circle cx="${n(x)}" cy="${n(yy)}" r="20" ` +
             `fill="${kind === "wild" ? D.wildFill : "#6b4a33"}"/>`);
    spaceIcon(out, kind, x, yy, 12);
    text(out, x + 30, yy + 9, words, 26, D.cream, "start");
  });
  return [out.join(""), paths];
}

/** _slot: a region's face-up card slot at angle `a`; `place`: the action taking its card. */
function slotDrawing(cx, cy, a, colour, value, iconFrom, chosen, place) {
  const out = [];
  const [x, y] = polar(cx, cy, R_SLOT, a);
  const mw = 112;
  const mh = 162;
  const cw = 84;
  const ch = 114;
  const mx = x - mw / 2;
  const my = y - mh / 2;
  out.push(`<g data-testid="region-${escape(colour)}">` +
           `<rect x="${n(mx)}" y="${n(my)}" width="${mw}" height="${mh}" rx="16" ` +
           `fill="${colourOf(colour)}" stroke="#2b1a0e" stroke-width="2.5" ` +
           `filter="url(#rk-shadow)"/>`);
  const kx = x - cw / 2;
  const ky = my + 9;
  if (value === null) {
    card(out, kx, ky, cw, ch, null, "slot", iconFrom);
    text(out, x, ky + ch / 2 + 8, D.labels.empty, 22, D.cream);
  } else {
    out.push(keyed(`region:${escape(colour)}`, value));
    card(out, kx, ky, cw, ch, value, "face", iconFrom);
    out.push("</g>");
  }
  const name = head(colour, 1).toUpperCase() + colour.slice(head(colour, 1).length).toLowerCase();
  text(out, x, my + mh - 13, head(name, 8), 26, "#fff", "middle", "bold");
  if (chosen && place === null) {
    out.push(`<rect x="${n(kx - 5)}" y="${n(ky - 5)}" width="${cw + 10}" ` +
             `height="${ch + 10}" rx="14" fill="none" stroke="${D.gold}" ` +
             `stroke-width="4" stroke-dasharray="8 5"/>`);
  }
  if (place !== null) highlight(out, place[0], place[1], box(mx, my, mw, mh, 16, 5));
  out.push("</g>");
  return out.join("");
}

/** _centre's pile: its cards, `place` the action taking the top one, and its count. */
function pileDrawing(out, cx, cy, pile, iconFrom, place) {
  const pw = 76;
  const ph = 106;
  const px = cx - 70 - pw / 2;
  const py = cy - 92;
  out.push('<g data-testid="pile">');
  if (pile > 0) {
    for (const k of [2, 1]) {
      if (pile > k) {
        out.push(`<rect x="${n(px + 3 * k)}" y="${n(py - 3 * k)}" ` +
                 `width="${pw}" height="${ph}" rx="9" fill="#5d1520" ` +
                 `stroke="#f1d08a" stroke-width="1.5"/>`);
      }
    }
    out.push(`<g data-key="card:pile" data-family="card" data-n="${pile}">`);
    card(out, px, py, pw, ph, null, "back", iconFrom);
    out.push("</g>");
  } else {
    card(out, px, py, pw, ph, null, "slot", iconFrom);
  }
  if (place !== null) highlight(out, place[0], place[1], box(px, py - 6, pw + 6, ph + 6, 9));
  badge(out, px + pw - 4, py + ph - 4, pile);
  text(out, px + pw / 2, py + ph + 38, D.labels.pile, 24, D.ink, "middle", "bold");
  out.push("</g>");
  return py + ph;
}

/** _centre's token pool, its label level with the pile's (`below`). */
function poolDrawing(out, cx, cy, pool, below) {
  const tx = cx + 70;
  const ty = cy - 40;
  out.push('<g data-testid="pool">');
  for (let k = 0; k < Math.min(pool, 4); k++) {
    coin(out, tx - 14 + (k % 2) * 28, ty + 16 - k * 14, 24);
  }
  if (pool === 0) {
    out.push(`<circle cx="${n(tx)}" cy="${n(ty)}" r="24" fill="none" ` +
             `stroke="${D.ink}" stroke-opacity="0.4" stroke-width="2.5" ` +
             `stroke-dasharray="6 5"/>`);
  }
  badge(out, tx + 36, ty + 44, pool);
  text(out, tx, below + 38, D.labels.tokens, 24, D.ink, "middle", "bold");
  out.push("</g>");
}

/** _centre's ghost dice: the K-th rolls K dice. */
function ghostDice(out, cx, cy, rolls) {
  const s = 52;
  let x = cx - (rolls.length * (s + 10) - 10) / 2;
  const y = cy + 76;
  out.push('<g data-testid="roll-dice">');
  for (const [k, aid, label] of rolls) {
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${s}" height="${s}" rx="10" ` +
             `fill="#fffdf6" fill-opacity="0.7" stroke="${D.ink}" stroke-width="2.5" ` +
             `stroke-dasharray="6 4"/>`);
    const number = [];
    text(number, x + s / 2, y + s * 0.7, k, s * 0.55, D.ink, "middle", "bold");
    highlight(out, aid, label, box(x, y, s, s, 10, 3), number.join(""));
    x += s + 10;
  }
  text(out, cx, y + s + 26, D.labels.roll, 20, D.ink);
  out.push("</g>");
}

/** _centre's rolled dice, the ones the mover may re-roll to pick, and their total. */
function rolledDice(out, cx, cy, dice, wild, acts) {
  const s = 52;
  const count = dice.length + (wild ? 1 : 0);
  let width = count * s + (count - 1) * 10;
  const total = dice.length && !wild ? `= ${sum(dice)}` : "";
  if (total) width += 12 + len(total) * 17;
  let x = cx - width / 2;
  const y = cy + 76;
  if (acts.picks.length) {
    out.push(`<g data-testid="dice" data-covers="${acts.picks.join(" ")}" ` +
             `data-select="reroll:" data-select-label="${D.labels.reroll}">`);
  } else {
    out.push('<g data-testid="dice">');
  }
  dice.forEach((d, i) => {
    const pickable = acts.picks.some((aid) => aid.slice(7).includes(String(i)));
    if (pickable) {
      out.push(`<g class="pick" data-pick="${i}" cursor="pointer">` +
               `<title>Die ${i + 1}: a ${d} (choose it to re-roll it)</title>` +
               `<rect class="pick-ring" x="${n(x - 5)}" y="${n(y - 5)}" ` +
               `width="${s + 10}" height="${s + 10}" rx="14" fill="none" ` +
               `stroke="${D.gold}" stroke-width="3" stroke-dasharray="6 4"/>`);
    }
    die(out, x, y, s, d);
    if (pickable) out.push("</g>");
    x += s + 10;
  });
  if (wild) {
    wildDie(out, x, y, s, wild);
    if (acts.wild !== null) highlight(out, acts.wild[0], acts.wild[1], box(x, y, s, s, 10, 3));
  }
  if (total) text(out, x + 2, y + s * 0.72, total, 32, D.ink, "start", "bold");
  out.push("</g>");
}

/** _centre: the draw pile, the token pool and this turn's dice, with their actions. */
function centreDrawing(cx, cy, pile, pool, dice, wild, iconFrom, place, acts) {
  const out = [];
  const below = pileDrawing(out, cx, cy, pile, iconFrom, place);
  poolDrawing(out, cx, cy, pool, below);
  if (acts.rolls.length && !dice.length && !wild) ghostDice(out, cx, cy, acts.rolls);
  if (dice.length || wild) rolledDice(out, cx, cy, dice, wild, acts);
  return out.join("");
}

// --- a seat's panel -------------------------------------------------------------------------

/** _seat_panel's heading: the name, and the tokens or (at the end) the total. */
function panelHeading(out, p, fs) {
  const { x, y, w } = p;
  const limit = p.large ? 22 : Math.max(6, Math.trunc((w - 150) / (fs * 0.56)));
  const shown = seatLabel(short(p.name, limit), p.mine);
  let nx = x + 18;
  if (p.moving) {
    out.push(`<path d="M${n(x + 16)} ${n(y + 18)}l${n(fs * 0.6)} ${n(fs * 0.38)}` +
             `l${n(-fs * 0.6)} ${n(fs * 0.38)}Z" fill="${D.gold}"/>`);
    nx += fs * 0.75;
  }
  text(out, nx, y + 16 + fs * 0.78, shown, fs, p.moving ? D.gold : D.cream, "start", "bold",
       ` data-name="${escape(p.name)}"`);
  const ry = y + 16 + fs * 0.5;
  if (p.total !== null) {
    const tx = x + w - 18;
    const words = `total ${p.total}`;
    text(out, tx, ry + fs * 0.36, words, fs, p.won ? D.gold : D.cream, "end", "bold",
         ` class="total" data-total="${p.total}"`);
    if (p.won) crown(out, tx - len(words) * fs * 0.6 - fs * 0.7, ry, fs * 0.6);
  } else {
    const tokens = `×${p.tokens}`;
    coin(out, x + w - 30 - len(tokens) * fs * 0.62 - fs * 0.5, ry, fs * 0.5);
    text(out, x + w - 18, ry + fs * 0.36, tokens, fs, D.cream, "end", "bold",
         ` data-tokens="${p.tokens}"`);
  }
  if (p.won) {
    const rw = fs * 5.2;
    out.push(`<rect x="${n(x + w / 2 - rw / 2)}" y="${n(y - fs * 0.55)}" ` +
             `width="${n(rw)}" height="${n(fs * 1.1)}" rx="${n(fs * 0.55)}" ` +
             `fill="${D.gold}" stroke="${D.ink}" stroke-width="2.5"/>`);
    text(out, x + w / 2, y + fs * 0.28, D.labels.winner, fs * 0.78, D.ink, "middle", "bold",
         ' class="winner"');
  }
}

/** _seat_panel's cards: the hand, its empty slots, tags and the actions on them. */
function panelCards(out, p, fs) {
  const { x, y, w, h, large, count } = p;
  const top = y + fs + 30;
  const bottomRoom = 12;
  const availH = h - (top - y) - bottomRoom;
  const slots = Math.max(count, p.needed);
  const gap = large ? 24 : 12;
  const cw = Math.min(large ? 118 : 62, (w - 36 - (slots - 1) * gap) / Math.max(1, slots),
                      availH / 1.4);
  const ch = cw * 1.4;
  const rowW = slots * cw + (slots - 1) * gap;
  const cx0 = x + (w - rowW) / 2;
  for (let i = 0; i < slots; i++) {
    const kx = cx0 + i * (cw + gap);
    if (i >= count) {
      card(out, kx, top, cw, ch, null, "slot", p.iconFrom);
      continue;
    }
    const value = i < p.cards.length ? p.cards[i] : null;
    const style = value === null ? "back" : (p.faceUp ? "face" : "known");
    out.push(keyed(`hand:${p.s}:${i}`, value));
    card(out, kx, top, cw, ch, value, style, p.iconFrom);
    out.push("</g>");
    if (i === p.offered) {
      tag(out, kx + cw / 2, top, D.labels.offered, "#c0262d", cw);
      out.push(`<rect x="${n(kx - 4)}" y="${n(top - 4)}" width="${n(cw + 8)}" ` +
               `height="${n(ch + 8)}" rx="${n(cw * 0.12 + 4)}" fill="none" ` +
               `stroke="#ff5a4f" stroke-width="4"/>`);
    }
    if (p.isNew && i === count - 1) tag(out, kx + cw / 2, top, D.labels.new, "#2f7d3a", cw);
    const hit = i < p.acts.length ? p.acts[i] : null;
    if (hit !== null) highlight(out, hit[0], hit[1], box(kx, top, cw, ch, cw * 0.12, 5));
  }
  if (p.hand !== null) {
    const held = Math.max(1, count);
    const row = box(cx0, top, held * cw + (held - 1) * gap, ch, cw * 0.12, 9);
    highlight(out, p.hand[0], p.hand[1], row);
  }
}

/** _seat_panel: a seat's panel, its name, tokens (or total) and cards with their actions. */
function seatPanelDrawing(p) {
  const out = [`<g data-testid="seat-${p.s}" data-seat-panel="${p.s}">`];
  const lit = p.moving || p.won;
  const stroke = lit ? D.gold : "#1f120a";
  const extra = lit ? ' filter="url(#rk-glow)"' : "";
  out.push(`<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" rx="20" ` +
           `fill="#2a170b" fill-opacity="0.5" stroke="${stroke}" ` +
           `stroke-width="${lit ? 5 : 2}"${extra}/>`);
  const fs = p.large ? 32 : 27;
  panelHeading(out, p, fs);
  panelCards(out, p, fs);
  out.push("</g>");
  return out.join("");
}

// --- words ----------------------------------------------------------------------------------

/** _rows: at most three panels a row; four make two rows of two. */
function rows(seats) {
  if (!seats.length) return [];
  if (seats.length <= 3) return [seats];
  const half = Math.floor((seats.length + 1) / 2);
  return [seats.slice(0, half), seats.slice(half)];
}

/** _winners: the winners' names ("You" for the viewer) and the verb that goes with them. */
function winners(v) {
  const result = v.result || {};
  const returns = result.returns || [];
  const names = [];
  returns.forEach((r, i) => {
    if (r > 0) names.push(i === get(v, "seat") ? "You" : short(v.seats[i].name, 14));
  });
  if (names.length > 1) return [names, "share the win"];
  return [names, names.length === 1 && names[0] === "You" ? "win" : "wins"];
}

/** _result_line: the game's end in one line, for the prompt. */
function resultLine(v) {
  const result = v.result || {};
  if (get(result, "end") === "round-cap") return D.labels.capped;
  const [names, verb] = winners(v);
  if (!truthy(result.scores)) { // the table ended it: no totals to tell
    return names.length ? `${D.labels.over}: ${names.join(" & ")} ${verb}` : D.labels.over;
  }
  const scores = result.scores;
  const cheer = names.includes("You") ? "!" : "";
  return `${names.join(" & ")} ${verb} with a total of ${Math.min(...scores)}${cheer}`;
}

/** words.describe: the board in words, for a screen reader. */
function describe(view) {
  const seat = get(view, "seat");
  const board = view.board;
  const rounds = `Round ${view.round}` +
    (truthy(get(view, "max_rounds")) ? ` of ${view.max_rounds}` : "");
  const pawnAt = view.pawn;
  let where = "";
  if (pawnAt >= 0 && pawnAt < board.length) {
    const space = board[pawnAt];
    const kind = space.kind === "wild" ? "a Wild space"
      : `the ${str(space.region)} ${space.kind.replaceAll("-", " ")} space`;
    where = ` The pawn is on ${kind} (space ${pawnAt}).`;
  }
  const lines = [`${D.title}. ${rounds}.${where} Draw pile ${plural(view.draw_pile, "card")}; ` +
                 `${plural(view.token_pool, "re-roll token")} in the pool.`];
  const faces = view.regions.map((r) => `${r.colour} ${r.card !== null ? r.card : "empty"}`);
  lines.push(`Face-up cards: ${faces.join(", ")}.`);
  if (truthy(get(view, "dice"))) {
    const wild = truthy(get(view, "wild")) ? `, Wild die ${view.wild}` : "";
    lines.push(`Dice: ${view.dice.map(String).join(", ")}${wild}.`);
  }
  view.seats.forEach((s, p) => {
    const cards = s.cards.map((c) => (c === null ? "hidden" : String(c))).join(", ") || "none";
    lines.push(`${seatLabel(s.name, p === seat)}: ${plural(s.count, "card")} ` +
               `(${cards}), ${plural(s.tokens, "token")}.`);
  });
  return lines.join("\n");
}

// --- the board ------------------------------------------------------------------------------

/** _Board: one seat's view drawn with its legal actions in place. */
class Board {
  /** Reads the view and places the actions that have a spot on the board. */
  constructor(view, actions) {
    this.v = view;
    this.out = [];
    this.iconFrom = get(view, "reroll_icon_from", 7);
    this.seat = get(view, "seat");
    this.toMove = get(view, "to_move");
    this.actor = this.toMove !== null ? this.toMove : this.seat;
    this.over = truthy(get(view, "over"));
    // over by the rules, or ended by the table (the page gives the view its result)
    this.ended = this.over || truthy(get(view, "result"));
    this.places = new Map(); // a spot's key ("region|red", "card|1|2"...) -> [id, label]
    this.picks = []; // the re-rolls of chosen dice: picked on the dice
    this.place(actions);
  }

  /** _place: where each placeable legal action goes, a key naming a spot on the board. */
  place(actions) {
    const v = this.v;
    const board = v.board;
    const colours = new Set(v.regions.map((r) => r.colour));
    const digits = (t) => /^[0-9]+$/.test(t);
    for (const act of actions) {
      const aid = str(get(act, "id", ""));
      const label = str(get(act, "label", aid));
      let key = null;
      const cut = aid.indexOf(":");
      const kind = cut < 0 ? aid : aid.slice(0, cut);
      const rest = cut < 0 ? "" : aid.slice(cut + 1);
      if (aid === "take:face") {
        if (v.pawn >= 0 && v.pawn < board.length && board[v.pawn].region !== null) {
          key = `region|${board[v.pawn].region}`;
        }
      } else if (aid === "take:pile") {
        key = "pile";
      } else if (kind === "take" && colours.has(rest)) {
        key = `region|${rest}`;
      } else if (aid === "peek:own") {
        key = `hand|${this.actor}`;
      } else if (kind === "roll" && digits(rest)) {
        key = `roll|${Number(rest)}`;
      } else if (aid === "reroll:w") {
        key = "wild";
      } else if (kind === "reroll" && digits(rest)) {
        this.picks.push(aid);
      } else if (aid === "go") {
        if (v.dice.length && board.length) {
          key = `space|${(v.pawn + sum(v.dice)) % board.length}`;
        }
      } else if ((kind === "peek" || kind === "with") && rest.includes(".")) {
        const dot = rest.indexOf(".");
        const s = rest.slice(0, dot);
        const i = rest.slice(dot + 1);
        if (digits(s) && digits(i)) key = `card|${Number(s)}|${Number(i)}`;
      } else if ((kind === "swap" || kind === "discard") && digits(rest)) {
        key = `card|${this.actor}|${Number(rest)}`;
      }
      if (key !== null && !this.places.has(key)) this.places.set(key, [aid, label]);
    }
  }

  /** The action placed at `key`, or null. */
  at(key) {
    return this.places.has(key) ? this.places.get(key) : null;
  }

  /** act: the action at `key`, if any, highlighted on `shape`. */
  act(key, shape, badgeText = "") {
    const hit = this.at(key);
    if (hit !== null) highlight(this.out, hit[0], hit[1], shape, badgeText);
  }

  /** render: the whole <svg>: header, opponents above, the ring, the viewer's hand below. */
  render() {
    const v = this.v;
    const count = v.seats.length;
    let top;
    let bottom;
    const seated = this.seat !== null && this.seat >= 0 && this.seat < count;
    if (seated) {
      top = Array.from({ length: count - 1 }, (_, k) => (this.seat + k + 1) % count);
      bottom = [this.seat];
    } else { // a spectator: everyone at the same size, half above and half below
      const half = Math.floor((count + 1) / 2);
      top = Array.from({ length: count - half }, (_, k) => half + k);
      bottom = Array.from({ length: half }, (_, k) => k);
    }
    const big = this.seat !== null && bottom.length === 1 && bottom[0] === this.seat;
    const topRows = rows(top);
    const bottomRows = big ? [bottom] : rows(bottom);
    let height = HEADER_H + topRows.length * OPP_ROW_H + BOARD_H;
    height += big ? OWN_H : bottomRows.length * OPP_ROW_H;
    height += GAP;
    const out = this.out;
    out.push('<svg xmlns="http://www.w3.org/2000/svg" class="rk-svg" ' +
             `viewBox="0 0 ${W} ${height}" width="100%" ` +
             'preserveAspectRatio="xMidYMin meet" role="img" ' +
             `data-prompt="${escape(this.prompt()[0])}" ` +
             `aria-label="${D.title} board">`);
    out.push(`<desc>${escape(describe(v))}</desc>`);
    out.push(D.defs);
    out.push(`<g data-testid="board" font-family="${D.font}">`);
    out.push(`<rect width="${W}" height="${height}" rx="28" fill="url(#rk-table)"/>`);
    this.header();
    let y = HEADER_H;
    for (const row of topRows) {
      this.seatRow(row, y, OPP_ROW_H);
      y += OPP_ROW_H;
    }
    this.ring(y);
    y += BOARD_H;
    if (big) {
      this.seatPanel(this.seat, 20, y, W - 40, OWN_H - 10, true);
    } else {
      for (const row of bottomRows) {
        this.seatRow(row, y, OPP_ROW_H);
        y += OPP_ROW_H;
      }
    }
    out.push("</g></svg>");
    return out.join("");
  }

  /** header: the title, the round (or the final round's banner) and the prompt. */
  header() {
    const v = this.v;
    const out = this.out;
    text(out, 30, 50, D.title, 40, D.cream, "start", "bold", ` font-family="${D.titleFont}"`);
    let right = `Round ${v.round}`;
    if (truthy(get(v, "max_rounds"))) right += ` of ${v.max_rounds}`;
    if (this.ended) right = D.labels.over;
    if (truthy(get(v, "final_round")) && !this.ended) {
      const left = get(v, "turns_left");
      let words = D.labels.final;
      if (truthy(left)) words += ` · ${left} turn${left === 1 ? "" : "s"} left`;
      const w = 22 + len(words) * 15.5;
      out.push(`<g data-testid="final-round"><rect x="${n(W - 24 - w)}" y="16" ` +
               `width="${n(w)}" height="46" rx="23" fill="#c0262d" stroke="${D.gold}" ` +
               `stroke-width="3" filter="url(#rk-shadow)"/>`);
      text(out, W - 24 - w / 2, 48, words, 26, "#fff", "middle", "bold");
      out.push("</g>");
      text(out, W - 40 - w, 48, right, 24, D.cream, "end");
    } else {
      text(out, W - 30, 50, right, 30, D.cream, "end", "bold");
    }
    const [prompt, yours] = this.prompt();
    const size = Math.min(28.0, 940 / (0.58 * Math.max(1, len(prompt))));
    text(out, 30, 94, prompt, size, yours ? D.gold : "#f3dcb1", "start", yours ? "bold" : "");
  }

  /** prompt: what the mover is asked to do, in the viewer's words, and whether it is theirs. */
  prompt() {
    const v = this.v;
    if (this.ended) return [resultLine(v), false];
    const p = this.toMove;
    if (p === null || !(p >= 0 && p < v.seats.length)) return ["", false];
    const phase = v.phase;
    const seat = v.seats[p];
    let you;
    let them;
    if (phase === "choose") {
      const which = seat.complete ? "wild" : "choose";
      you = D.labels[`${which}-you`];
      them = D.labels[`${which}-them`];
    } else if (phase === "reroll") {
      const total = sum(v.dice);
      you = `re-roll with a token, or move ${total}`;
      them = `may re-roll, or move ${total}`;
    } else {
      you = get(D.phaseYou, phase, phase);
      them = get(D.phaseThem, phase, phase);
    }
    if (p === this.seat) return [`Your turn: ${you}`, true];
    return [`${short(seat.name, 16)} ${them}`, false];
  }

  /** ring: the ring, where the dice lead, the face-up cards, the centre and the pawn. */
  ring(y0) {
    const v = this.v;
    const out = this.out;
    const cx = W / 2;
    const cy = y0 + BOARD_H / 2;
    const board = v.board;
    const step = 360 / (board.length || 1);
    const spaces = board.map((sp) => [sp.kind, sp.region]);
    const [drawn, paths] = ringDrawing(spaces, y0);
    out.push(drawn);
    if (v.phase === "reroll" && v.dice.length && paths.length && !this.over) {
      const t = (v.pawn + sum(v.dice)) % paths.length;
      const [bx, by] = polar(cx, cy, R_OUT + 2, -90 + t * step);
      const marker = [`<circle cx="${n(bx)}" cy="${n(by)}" r="24" fill="${D.gold}" ` +
                      `stroke="${D.ink}" stroke-width="3"/>`];
      text(marker, bx, by + 10, sum(v.dice), 28, D.ink, "middle", "bold");
      if (this.places.has(`space|${t}`)) {
        this.act(`space|${t}`, `path d="${paths[t]}"`, marker.join(""));
      } else {
        out.push('<g data-testid="target" pointer-events="none" opacity="0.85">' +
                 `<path d="${paths[t]}" fill="none" stroke="#fff" stroke-width="4" ` +
                 `stroke-dasharray="10 6"/>${marker.join("")}</g>`);
      }
    }
    const angles = regionAngles(spaces);
    v.regions.forEach((region, r) => this.slot(cx, cy, r, region, angles));
    this.centre(cx, cy);
    if (v.pawn >= 0 && v.pawn < board.length) {
      const [x, y] = polar(cx, cy, R_MID, -90 + v.pawn * step);
      pawn(out, x, y - 8, 1.35);
    }
    out.push("</g>");
  }

  /** slot: region r's face-up card, in the direction of its spaces. */
  slot(cx, cy, r, region, angles) {
    const colour = region.colour;
    let a = angles.has(colour) ? angles.get(colour) : null;
    if (a === null) a = -90 + (r + 0.5) * 360 / Math.max(1, this.v.regions.length);
    const chosen = (get(this.v, "choices") || []).includes(colour);
    this.out.push(slotDrawing(cx, cy, a, colour, region.card, this.iconFrom, chosen,
                              this.at(`region|${colour}`)));
  }

  /** centre: the pile, the pool and the dice, or the result at the end. */
  centre(cx, cy) {
    const v = this.v;
    if (this.over) {
      this.resultDisc(cx, cy);
      return;
    }
    const rolls = [...this.places].filter(([key]) => key.startsWith("roll|"))
      .map(([key, hit]) => [Number(key.slice(5)), ...hit]).sort((a, b) => a[0] - b[0]);
    const acts = { rolls, picks: [...this.picks].sort(), wild: this.at("wild") };
    this.out.push(centreDrawing(cx, cy, v.draw_pile, v.token_pool, v.dice, get(v, "wild"),
                                this.iconFrom, this.at("pile"), acts));
  }

  /** result_disc: the winners (or the draw) in the middle of the ring. */
  resultDisc(cx, cy) {
    const v = this.v;
    const out = this.out;
    const result = get(v, "result") || {};
    out.push(`<g data-testid="result"><circle cx="${n(cx)}" cy="${n(cy)}" r="122" ` +
             `fill="#fff6df" stroke="${D.gold}" stroke-width="6" ` +
             `filter="url(#rk-shadow)"/>`);
    text(out, cx, cy - 52, D.labels.over, 32, D.ink, "middle", "bold",
         ` font-family="${D.titleFont}"`);
    const [names, verb] = winners(v);
    if (get(result, "end") === "round-cap") {
      text(out, cx, cy + 4, D.labels.limit, 24, D.ink);
      text(out, cx, cy + 42, D.labels.draw, 30, "#8a1c12", "middle", "bold");
    } else {
      const line = names.join(" & ");
      const size = Math.min(30, 200 / Math.max(1, 0.6 * len(line)));
      crown(out, cx, cy - 18, 20);
      text(out, cx, cy + 28, line, size, "#8a1c12", "middle", "bold", ' class="winner"');
      const scores = result.scores || [];
      const best = scores.length ? Math.min(...scores) : "";
      text(out, cx, cy + 64, `${verb} with ${best}`, 24, D.ink);
    }
    out.push("</g>");
  }

  /** seat_row: a row of equal panels. */
  seatRow(row, y, h) {
    const pad = 16;
    const w = (W - 2 * pad - (row.length - 1) * 12) / row.length;
    row.forEach((s, j) => this.seatPanel(s, pad + j * (w + 12), y + 6, w, h - 12, false));
  }

  /** seat_panel: seat s's panel, with what it shows worked out from the view. */
  seatPanel(s, x, y, w, h, large) {
    const v = this.v;
    const seat = v.seats[s];
    const result = this.over ? get(v, "result") : null;
    const count = seat.count;
    const needed = get(v, "cards_needed", 0);
    const mover = s === this.toMove;
    let acts = [];
    let hand = null;
    if (this.places.size) {
      acts = Array.from({ length: Math.max(count, needed) }, (_, i) => this.at(`card|${s}|${i}`));
      hand = this.at(`hand|${s}`);
    }
    this.out.push(seatPanelDrawing({
      s, x, y, w, h, large, name: seat.name, cards: seat.cards, count, tokens: seat.tokens,
      moving: mover && !this.ended,
      won: truthy(result) && get(result, "end") !== "round-cap" && result.returns[s] > 0,
      total: truthy(result) ? result.scores[s] : null,
      mine: s === this.seat,
      needed,
      offered: mover ? get(v, "offered") : null,
      isNew: count > get(v, "cards_needed", count) && mover && get(v, "phase") === "discard",
      iconFrom: this.iconFrom,
      faceUp: this.over || truthy(get(v, "open")),
      acts,
      hand,
    }));
  }
}

/** The board as Python's svg.render(view, actions) draws it; `data`: board_data(). */
export function render(view, actions, data) {
  D = data;
  return new Board(view, actions).render();
}
