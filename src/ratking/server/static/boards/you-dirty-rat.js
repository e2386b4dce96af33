// You Dirty Rat's card table, drawn in the browser from one seat's view: the Town Stash, deck
// and discard, the Heist chains, each seat's name plate and Hideout, your hand (and, in an open
// view, every hand). It writes the same SVG text, byte for byte, as the Python renderer
// (games/you_dirty_rat/svg.py, whose functions these mirror one for one);
// tests/boards/test_board_js.py keeps the two equal over random play. The words, card texts
// and colours come from YouDirtyRat.board_data() as `data`, written once, in Python.
import { escape, fixed, floatText, len, plural, seatLabel } from "./common.js";

const W = 890;
const PAD = 12;
const SIDE = 150; // a name plate's width, left of its Hideout (and of your hand)
const HAND_X = PAD + SIDE + 6; // where your hand and every Hideout begin
// rows' heights: an opponent's, your Hideout's and the gap above an opponent; at a table of
// four or more, each shorter (the board then still fits a desktop window at a readable size)
const [OPPONENT, HIDEOUT, GAP] = [100, 104, 8];
const [SHORT, SHORT_HIDEOUT, SHORT_GAP] = [80, 84, 4];
const LEAST = 12; // the smallest text on the table, in viewBox units
const SMALLEST = 10; // no text is drawn smaller

/** The board's tables (board_data), set by render for the functions below. */
let D = null;

// --- numbers and words, as Python writes them ---------------------------------------------

/** f"{x:.{digits}f}", one decimal unless told. */
function fx(x, digits = 1) {
  return fixed(x, digits);
}

/** Python's round(x, 1): the float nearest x's value rounded to one decimal. */
function round1(x) {
  return Number(fx(x, 1));
}

/** f"{n:,}": thousands separated by commas. */
function grouped(n) {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/** _cash: "$1,200". */
function cash(amount) {
  return `$${grouped(amount)}`;
}

/** _slug: a card name as an action id writes it. */
function slug(name) {
  return name.toLowerCase().replaceAll(" ", "-");
}

/** str.title() for a colour name. */
function title(text) {
  return text.replace(/[A-Za-z]+/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

/** Python's str.split(): the words between runs of white space. */
function split(text) {
  return text.split(/\s+/).filter((w) => w);
}

/** itertools.combinations(range(a, b), k), in its order. */
function* combinations(a, b, k) {
  const pick = Array.from({ length: k }, (_, i) => a + i);
  if (k > b - a) return;
  for (;;) {
    yield pick.slice();
    let i = k - 1;
    while (i >= 0 && pick[i] === b - k + i) i -= 1;
    if (i < 0) return;
    pick[i] += 1;
    for (let j = i + 1; j < k; j += 1) pick[j] = pick[j - 1] + 1;
  }
}

/** The longest of some lines, in characters. */
function longestOf(lines) {
  return Math.max(...lines.map(len));
}

// --- text ---------------------------------------------------------------------------------

/** _lines: `words` in as few lines as fit `perLine`, at most `most`; else the evenest split. */
function lines(words, perLine, most = 2) {
  const parts = split(words);
  let best = [words];
  for (let n = 1; n <= Math.min(most, parts.length); n += 1) {
    for (const cuts of combinations(1, parts.length, n - 1)) {
      const edges = [0, ...cuts, parts.length];
      const found = edges.slice(1).map((b, i) => parts.slice(edges[i], b).join(" "));
      if (longestOf(found) < longestOf(best)) best = found;
    }
    if (longestOf(best) <= perLine) break;
  }
  return best;
}

/** _text_block: centred text in up to `most` lines within `width`, shrunk but not below
 * `least`, a line that still does not fit cut with an ellipsis. */
function textBlock(cx, top, words, width, size, most = 2, weight = "bold", fill = D.ink,
                   least = LEAST) {
  const em = weight === "bold" ? 0.66 : 0.58;
  size = Math.max(size, least);
  const perLine = Math.max(4, Math.trunc(width / (size * em)));
  let rows = lines(words, perLine, most);
  const longest = longestOf(rows);
  if (longest * size * em > width) {
    size = Math.max(least, width / (longest * em));
    const room = Math.max(4, Math.trunc(width / (size * em)));
    rows = rows.map((x) => (len(x) <= room ? x : `${[...x].slice(0, room - 1).join("")
      .trimEnd()}…`));
  }
  const out = [`<text x="${fx(cx)}" y="${fx(top + size)}" font-size="${fx(size)}" `
    + `font-weight="${weight}" fill="${fill}" text-anchor="middle">`];
  rows.forEach((line, i) => {
    const dy = i === 0 ? 0 : size * 1.15;
    out.push(`<tspan x="${fx(cx)}" dy="${fx(dy)}">${escape(line)}</tspan>`);
  });
  out.push("</text>");
  return out.join("");
}

/** _fitting: the first of `sizes` at which `words` fit `width` in `most` bold lines. */
function fitting(words, width, sizes, otherwise, most = 1) {
  for (const size of sizes) {
    const perLine = Math.max(4, Math.trunc(width / (size * 0.66)));
    if (longestOf(lines(words, perLine, most)) <= perLine) return size;
  }
  return otherwise;
}

/** _label: one line of text; `size` and `spacing` as Python prints them (a float through
 * floatText). */
function label(x, y, words, size = 12, fill = "#f4ead2", weight = "bold", anchor = "start",
               spacing = 0) {
  const ls = spacing ? ` letter-spacing="${spacing}"` : "";
  return `<text x="${fx(x)}" y="${fx(y)}" font-size="${size}" font-weight="${weight}" `
    + `fill="${fill}" text-anchor="${anchor}"${ls}>${escape(words)}</text>`;
}

/** A label drawn as a minor one (hidden on a phone). */
function minor(text) {
  return text.replace("<text", '<text class="minor"');
}

// --- glyphs, tokens, card backs -------------------------------------------------------------

/** _glyph: the archetype's badge, a coloured disc with a white glyph. */
function glyph(arch, cx, cy, r) {
  const k = r / 10;
  const col = D.arch[arch];
  const disc = `<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(r)}" fill="${col}" `
    + `stroke="#fff" stroke-width="${fx(Math.max(1.0, k * 1.2))}"/>`;
  const t = `transform="translate(${fx(cx)} ${fx(cy)}) scale(${fx(k, 3)})"`;
  let g;
  if (arch === "smarts") { // a light bulb
    g = `<g ${t} fill="#fff"><circle cx="0" cy="-2" r="4.6"/>`
      + '<rect x="-2.4" y="2" width="4.8" height="3.2" rx="0.8"/>'
      + '<rect x="-1.8" y="5.6" width="3.6" height="1.4" rx="0.6"/></g>';
  } else if (arch === "stealth") { // a domino mask
    g = `<g ${t}><path d="M-7 -2 Q-7 -5 -3.5 -4 L0 -2.6 L3.5 -4 Q7 -5 7 -2 Q7 3 3 3 `
      + 'Q1 3 0 1 Q-1 3 -3 3 Q-7 3 -7 -2 Z" fill="#fff"/>'
      + `<ellipse cx="-3.3" cy="-0.6" rx="1.6" ry="1.1" fill="${col}"/>`
      + `<ellipse cx="3.3" cy="-0.6" rx="1.6" ry="1.1" fill="${col}"/></g>`;
  } else if (arch === "muscle") { // a dumbbell
    g = `<g ${t} fill="#fff"><rect x="-4.5" y="-1" width="9" height="2"/>`
      + '<rect x="-7.5" y="-4.5" width="3" height="9" rx="0.8"/>'
      + '<rect x="4.5" y="-4.5" width="3" height="9" rx="0.8"/></g>';
  } else { // any archetype: a star
    g = `<g ${t}><path d="M0 -6 L1.8 -1.9 L6.2 -1.9 L2.7 0.9 L4 5.4 L0 2.8 L-4 5.4 `
      + 'L-2.7 0.9 L-6.2 -1.9 L-1.8 -1.9 Z" fill="#fff"/></g>';
  }
  return disc + g;
}

/** _coin: one $100 token. */
function coin(cx, cy, r = 9) {
  return `<ellipse cx="${fx(cx)}" cy="${fx(cy)}" rx="${fx(r)}" ry="${fx(r * 0.55)}" `
    + `fill="${D.gold}" stroke="#9a7412" stroke-width="1"/>`;
}

/** _token_stacks: $100 tokens as stacks of coins; [drawing, width]. */
function tokenStacks(x, bottom, tokens, perStack = 10, mostStacks = 8, r = 9) {
  const stacks = tokens > 0 ? Math.min(mostStacks, Math.ceil(tokens / perStack)) : 0;
  const out = [];
  const shown = Math.min(tokens, stacks * perStack);
  for (let s = 0; s < stacks; s += 1) {
    const n = Math.min(perStack, shown - s * perStack);
    if (n <= 0) break;
    const cx = x + r + s * (2 * r + 3);
    for (let k = 0; k < n; k += 1) out.push(coin(cx, bottom - r * 0.55 - k * 3.2, r));
    out.push(`<text class="minor" x="${fx(cx)}" `
      + `y="${fx(bottom - r * 0.55 - (n - 1) * 3.2 + 3)}" font-size="${fx(r, 0)}" `
      + 'font-weight="bold" fill="#7a5a08" text-anchor="middle">$</text>');
  }
  return [out.join(""), stacks * (2 * r + 3)];
}

/** _back: a face-down Specialist. */
function back(x, y, w, h) {
  return `<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" rx="${fx(w / 9)}" `
    + 'fill="#6d1a26" stroke="#f4ead2" stroke-width="1.5"/>'
    + `<rect x="${fx(x + w * 0.14)}" y="${fx(y + w * 0.14)}" width="${fx(w * 0.72)}" `
    + `height="${fx(h - w * 0.28)}" rx="${fx(w / 14)}" fill="none" stroke="${D.gold}" `
    + 'stroke-width="1"/>'
    + `<path d="M${fx(x + w / 2)} ${fx(y + h * 0.3)} L${fx(x + w * 0.7)} ${fx(y + h / 2)} `
    + `L${fx(x + w / 2)} ${fx(y + h * 0.7)} L${fx(x + w * 0.3)} ${fx(y + h / 2)} Z" `
    + `fill="${D.gold}" opacity="0.8"/>`;
}

// --- cards --------------------------------------------------------------------------------

/** _tip: a card's whole text as a <title>. */
function tip(card) {
  if (card.id === null) {
    return "<title>$100: the forced payment, when no card can be played</title>";
  }
  return `<title>${escape(D.card_texts[card.name] ?? card.name)}</title>`;
}

/** _face: a face-up card, keyed by its id, its whole text in its tip. */
function face(x, y, w, h, card, text = false, lift = false, covered = false) {
  const key = card.id !== null ? ` data-key="card:${card.id}"` : "";
  return `<g${key}>${tip(card)}${faceBody(x, y, w, h, card, text, lift, covered)}</g>`;
}

/** _face_body: the card's frame, badge, name and (with `text`) its ability. */
function faceBody(x, y, w, h, card, text, lift, covered) {
  if (card.id === null) { // the forced $100 placeholder
    return `<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" `
      + `rx="${fx(w / 9)}" fill="#fff4cf" stroke="#9a7412" stroke-width="2" `
      + 'stroke-dasharray="4 3"/>' + coin(x + w / 2, y + h * 0.42, Math.min(w * 0.3, h * 0.25))
      + textBlock(x + w / 2, y + h * 0.58, "$100", w - 8,
        Math.max(9.0, Math.min(w * 0.2, h * 0.3)));
  }
  const arch = card.archetype;
  const col = D.arch[arch];
  const r = w / 9;
  const band = Math.max(12.0, h * 0.2);
  const out = w >= 80 ? [] : ['<g class="minor-names">'];
  if (lift) {
    out.push(`<rect x="${fx(x - 3)}" y="${fx(y - 3)}" width="${fx(w + 6)}" `
      + `height="${fx(h + 6)}" rx="${fx(r + 3)}" fill="${D.gold}" opacity="0.9"/>`);
  }
  out.push(`<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" rx="${fx(r)}" `
    + `fill="${D.cream}" stroke="${col}" stroke-width="${fx(Math.max(2.0, w / 30))}"/>`);
  out.push(`<path d="M${fx(x)} ${fx(y + band)} V${fx(y + r)} Q${fx(x)} ${fx(y)} ${fx(x + r)} `
    + `${fx(y)} H${fx(x + w - r)} Q${fx(x + w)} ${fx(y)} ${fx(x + w)} ${fx(y + r)} `
    + `V${fx(y + band)} Z" fill="${col}"/>`);
  out.push(glyph(arch, x + band * 0.62, y + band * 0.55, band * 0.42));
  // the archetype's word, where it can be read, clear of the badge, and no next card covers it
  const clear = arch.length * band * 0.42 * 0.7 <= w - band * 1.04 - 8;
  if (band * 0.42 >= SMALLEST && clear && !covered) {
    out.push(minor(label(x + w - 5, y + band * 0.68, arch.toUpperCase(), floatText(band * 0.42),
      "#fff", "bold", "end")));
  }
  const nameSize = Math.max(9.0, Math.min(16.0, w * 0.15));
  const small = w < 80; // a card too small for a legible name: the name is a minor label
  const least = small ? 7.0 : LEAST;
  if (text) { // the name on one line if it can, else two smaller ones, clear of the rule
    const size = fitting(card.name, w - 10, [nameSize, 14.0, 13.0], 13.0);
    out.push(textBlock(x + w / 2, y + band + 3, card.name, w - 10, size));
    const ability = D.abilities[card.name] ?? "";
    out.push(`<line x1="${fx(x + 8)}" y1="${fx(y + h * 0.5)}" x2="${fx(x + w - 8)}" `
      + `y2="${fx(y + h * 0.5)}" stroke="${D.arch_light[arch]}" stroke-width="2"/>`);
    out.push(textBlock(x + w / 2, y + h * 0.51, ability, w - 8, LEAST, 4, "normal",
      "#4a3f33"));
  } else {
    const top = y + band + (h - band) * 0.18;
    const most = top + nameSize * 2.4 <= y + h ? 2 : 1; // a squat card: one line
    const block = textBlock(x + w / 2, top, card.name, w - 8, nameSize, most, "bold", D.ink,
      least);
    out.push(small ? minor(block) : block);
  }
  if (small) out.push("</g>");
  return out.join("");
}

/** _chip: a card seen edge-on in a Team, badge and name on one line. */
function chip(x, y, w, h, card) {
  if (card.id === null) {
    return `<g>${tip(card)}`
      + `<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" `
      + `rx="${fx(h / 4)}" fill="#fff4cf" stroke="#9a7412"/>`
      + coin(x + h * 0.6, y + h / 2, h * 0.38)
      + label(x + h * 1.2, y + h * 0.72, "$100", floatText(Math.max(LEAST, h * 0.6)), D.ink)
      + "</g>";
  }
  const arch = card.archetype;
  let name = card.name;
  const size = Math.max(LEAST, Math.min(h * 0.62, (w - h - 6) / (0.62 * len(name))));
  const room = Math.max(3, Math.trunc((w - h - 6) / (0.62 * size)));
  if (len(name) > room) name = `${[...name].slice(0, room - 1).join("").trimEnd()}…`;
  return `<g data-key="card:${card.id}">${tip(card)}`
    + `<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" rx="${fx(h / 4)}" `
    + `fill="${D.cream}" stroke="${D.arch[arch]}" stroke-width="2"/>`
    + glyph(arch, x + h * 0.55, y + h / 2, h * 0.38)
    + label(x + h + 2, y + h / 2 + size * 0.36, name, floatText(round1(size)), D.ink)
    + "</g>";
}

/** _team_toggle: a hand card's toggle, selected by the page into a heist's team. */
function teamToggle(x, y, w, k, card) {
  return `<g data-pick="${k}" data-type="team:${slug(card.name)}" cursor="pointer">`
    + `<title>Select the ${escape(card.name)} for a heist team</title>`
    + `<rect class="pick-ring pick-fill" x="${fx(x + 8)}" y="${fx(y)}" width="${fx(w - 16)}" `
    + `height="26" rx="13" fill="#173724" stroke="${D.gold}" stroke-width="2" `
    + 'stroke-dasharray="5 3"/>'
    + label(x + w / 2, y + 18, "Team", 13, "#f4ead2", "bold", "middle") + "</g>";
}

/** _reward: a Heist's reward, capitalised. */
function reward(heist) {
  return D.rewards[heist.id];
}

/** _turn_words: whose turn it is, and what the viewer is asked (empty at another's turn). */
function turnWords(v) {
  const mover = v.to_move;
  const mine = mover !== null && mover === v.seat;
  const words = mine ? "Your turn" : `${v.seats[mover].name} to move`;
  let prompt = mine ? (D.prompts[v.phase] ?? "") : "";
  if (v.committing) {
    prompt = `committing ${v.committing.name}${mine ? ": add the next card" : ""}`;
  }
  return [words, prompt];
}

/** _ended_words: who won and why, once the game is over. */
function endedWords(v) {
  const res = v.result;
  const best = [];
  res.returns.forEach((r, p) => { if (r > 0) best.push(p); });
  if (!best.length) return D.ended[res.end] ?? "Nobody wins.";
  const who = best.map((p) => (p === v.seat ? "you" : v.seats[p].name)).join(" and ");
  const verb = who === "you" || best.length > 1 ? "win" : "wins";
  const why = (res.endings ?? []).map((e) => D.endings[e] ?? e).join(", ")
    || (res.end === "round-cap" ? "The round limit was reached" : (D.ended[res.end] ?? ""));
  return `${who[0].toUpperCase()}${who.slice(1)} ${verb}.${why ? ` ${why}.` : ""}`;
}

/** prompt_line: the turn line as one text. */
function promptLine(v) {
  if (v.result || v.to_move === null) return "";
  const [words, prompt] = turnWords(v);
  return prompt ? `${words} · ${prompt}` : words;
}

// --- the table ----------------------------------------------------------------------------

/** Table: the board's parts in drawing order, and the actions already placed on it. */
class Table {
  /** The view, its actions' labels by id. */
  constructor(view, actions) {
    this.view = view;
    this.labels = new Map(actions.map((a) => [a.id, a.label]));
    this.used = new Set();
    this.parts = [];
    this.short = view.players >= 4; // shorter rows (see SHORT)
  }

  /** The first of these ids that is a legal action not yet placed on the table. */
  action(ids) {
    const act = ids.find((i) => this.labels.has(i) && !this.used.has(i));
    if (act === undefined) return null;
    this.used.add(act);
    return act;
  }

  /** A part of the board, clickable when it carries an action. */
  add(inner, act = null) {
    if (act === null) {
      this.parts.push(`<g>${inner}</g>`);
    } else {
      this.parts.push(`<g class="act" data-action="${escape(act)}" cursor="pointer">`
        + `<title>${escape(this.labels.get(act))}</title>${inner}</g>`);
    }
  }

  /** The Heist chains along the top right, the panel of the rest beside them. */
  top(y) {
    const chains = this.view.chains.filter((c) => c.in_play);
    const cw = chains.length <= 4 ? 132 : 120;
    const x0 = W - PAD - 12 - chains.length * cw - (chains.length - 1) * 8;
    this.panel(PAD, y, x0 - PAD - 10, 182);
    this.heists(x0, y, chains, cw);
    return y + 186;
  }

  /** What is happening, the Town Stash, the deck and the discard pile. */
  panel(x, y, w, h) {
    const v = this.view;
    this.add(`<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${h}" rx="12" `
      + `fill="${D.zone}"/>`);
    const tokens = Math.floor(v.stash / 100);
    const rounds = `Round ${v.round}${v.max_rounds ? ` of ${v.max_rounds}` : ""}`;
    this.add(label(x + 12, y + 20, "TOWN STASH", 13, "#f4ead2", "bold", "start", 1.5)
      + label(x + w - 12, y + 20, rounds, 13, "#cfe3d6", "bold", "end"));
    this.add(label(x + 12, y + 50, cash(v.stash), 26, D.gold)
      + label(x + 12, y + 68, `${tokens} × $100`, 13));
    const room = Math.floor((w - 142) / 23); // the pile, right of its sum, as room allows
    if (room > 0) this.add(tokenStacks(x + 130, y + 72, tokens, 8, Math.min(8, room), 10)[0]);
    // the deck, face down; the discard pile, its top card edge-on
    this.add(label(x + 12, y + 92, "DECK", 13, "#f4ead2", "bold", "start", 1.5)
      + label(x + 66, y + 92, String(v.deck), 16, D.gold));
    for (let k = 0; k < Math.min(4, v.deck); k += 1) this.add(back(x + 12 + k * 6, y + 98, 20, 27));
    const dx = x + w / 2;
    const discard = v.discard;
    this.add(label(dx, y + 92, "DISCARD", 13, "#f4ead2", "bold", "start", 1.5)
      + label(x + w - 12, y + 92, String(discard.length), 16, D.gold, "bold", "end"));
    if (discard.length) {
      this.add(chip(dx, y + 100, x + w - 12 - dx, 22, discard[discard.length - 1]));
    } else {
      this.add(`<rect x="${fx(dx)}" y="${fx(y + 100)}" width="${fx(x + w - 12 - dx)}" `
        + 'height="22" rx="5" fill="none" stroke="#8fb39c" stroke-dasharray="4 3"/>');
    }
    // what is happening: whose turn and what is asked, or how the game ended
    const cx = x + w / 2;
    if (v.result) {
      this.add(label(cx, y + 146, "Game over", 16, D.gold, "bold", "middle")
        + textBlock(cx, y + 150, endedWords(v), w - 20, 13, 2, "bold", D.gold));
      return;
    }
    const [words, prompt] = turnWords(v);
    const mine = v.to_move !== null && v.to_move === v.seat;
    this.add(label(cx, y + 146, words, 16, mine ? D.gold : "#fff", "bold", "middle")
      + (prompt ? textBlock(cx, y + 150, prompt, w - 20, 13, 2, "normal", "#f4ead2") : ""));
  }

  /** The Heist chains in play, the top Heist of each face up on its stack. */
  heists(x0, y, chains, cw) {
    const [ch, gap] = [170, 8];
    const committing = (this.view.committing || {}).id;
    chains.forEach((chain, i) => {
      const x = x0 + i * (cw + gap);
      const col = D.chain[chain.colour] ?? "#666";
      const left = chain.left;
      if (!left.length) {
        this.add(`<rect x="${fx(x)}" y="${y}" width="${cw}" height="${ch}" rx="10" `
          + `fill="none" stroke="${col}" stroke-width="2" stroke-dasharray="6 4"/>`
          + textBlock(x + cw / 2, y + ch / 2, `${title(chain.colour)} chain done`, cw - 20, 14,
            2, "bold", "#f4ead2"));
        return;
      }
      const under = [];
      for (let k = left.length - 1; k > 0; k -= 1) {
        under.push(`<rect x="${fx(x + 4 * k)}" y="${y + 4 * k}" width="${cw}" `
          + `height="${ch}" rx="10" fill="${D.cream}" stroke="${col}" stroke-width="2"/>`);
      }
      this.add(under.join(""));
      const h = left[0];
      const act = this.action([`heist:${h.id}`]);
      this.add(this.heistCard(x, y, cw, ch, chain, h, act !== null, h.id === committing), act);
    });
  }

  /** heist_card: a Heist face up: chain, name, team as badges, reward. */
  heistCard(x, y, w, h, chain, heist, lift = false, active = false) {
    const col = D.chain[chain.colour] ?? "#666";
    const teamWords = Object.entries(heist.team).map(([a, n]) => `${n} ${a}`).join(", ");
    const out = [`<g data-key="heist:${heist.id}"><title>${escape(heist.name)}: a team of `
      + `${escape(teamWords)}; ${escape(reward(heist))} (${chain.colour} chain, `
      + `${heist.step} of 4, ${chain.marking} players)</title>`];
    if (lift || active) {
      out.push(`<rect x="${fx(x - 4)}" y="${fx(y - 4)}" width="${w + 8}" `
        + `height="${h + 8}" rx="13" fill="${D.gold}"/>`);
    }
    out.push(`<rect x="${fx(x)}" y="${fx(y)}" width="${w}" height="${h}" rx="10" `
      + `fill="${D.cream}" stroke="${col}" stroke-width="3"/>`);
    out.push(`<path d="M${fx(x)} ${fx(y + 26)} V${fx(y + 10)} Q${fx(x)} ${fx(y)} `
      + `${fx(x + 10)} ${fx(y)} H${fx(x + w - 10)} Q${fx(x + w)} ${fx(y)} ${fx(x + w)} `
      + `${fx(y + 10)} V${fx(y + 26)} Z" fill="${col}"/>`);
    out.push(label(x + 8, y + 18, `${chain.colour.toUpperCase()} ${chain.marking}`, 12,
      "#fff"));
    out.push(label(x + w - 8, y + 18, `${heist.step}/4`, 12, "#fff", "bold", "end"));
    // the name in two lines if it can, else three smaller ones: clear of "TEAM OF"
    const size = fitting(heist.name, w - 12, [14.0], LEAST, 2);
    out.push(textBlock(x + w / 2, y + 27, heist.name, w - 12, size, size > LEAST ? 2 : 3));
    const team = Object.entries(heist.team).flatMap(([a, n]) => Array(n).fill(a));
    out.push(minor(label(x + w / 2, y + 82, `TEAM OF ${team.length}`, 10, "#6b5d4a", "bold",
      "middle", 1)));
    const step = Math.min(26.0, (w - 20) / Math.max(1, team.length));
    const gx = x + w / 2 - step * (team.length - 1) / 2;
    team.forEach((a, k) => out.push(glyph(a, gx + k * step, y + 98, Math.min(10.5,
      step * 0.45))));
    out.push(`<rect x="${fx(x + 7)}" y="${fx(y + 114)}" width="${w - 14}" height="${h - 121}" `
      + 'rx="6" fill="#f1e6c8"/>');
    out.push(textBlock(x + w / 2, y + 116, reward(heist), w - 18, 12, 3, "bold", "#5a3d0a"));
    if (active) {
      out.push(`<rect x="${fx(x + w / 2 - 52)}" y="${fx(y + h - 6)}" width="104" `
        + `height="18" rx="9" fill="${D.ink}"/>`
        + label(x + w / 2, y + h + 7, "COMMITTING", 12, D.gold, "bold", "middle", 1));
    }
    out.push("</g>");
    return out.join("");
  }

  /** A seat's name plate, beside its Hideout: name, cash as tokens, hand face down, Heists
   * won; tap an opponent's to rob them. A short plate (an opponent's, at a table of four or
   * more) has one pile of tokens and its Heists as bars right of the cash. */
  plate(x, y, w, h, p) {
    const v = this.view;
    const s = v.seats[p];
    const me = p === v.seat;
    const turn = p === v.to_move && !v.result;
    const act = me ? null : this.action([`target:${p}`]);
    const edge = turn || act ? D.gold : "#0f2a1c";
    const out = [`<g data-seat-panel="${p}">`
      + `<rect x="${fx(x)}" y="${fx(y)}" width="${fx(w)}" height="${fx(h)}" rx="10" `
      + `fill="${me ? "#3b2a1a" : "#173724"}" stroke="${edge}" `
      + `stroke-width="${turn || act ? 3 : 1}"/>`];
    const name = (turn ? "▶ " : "") + seatLabel(s.name, me);
    const size = round1(Math.max(LEAST, Math.min(16.0, (w - 20) / (0.66 * len(name)))));
    out.push(label(x + 10, y + 22, name, floatText(size), turn ? D.gold : "#fff"));
    const short = h < OPPONENT;
    const [coins, cw] = tokenStacks(x + 10, y + 49, Math.floor(s.money / 100), 4,
      short ? 1 : 3, 10);
    out.push(coins);
    out.push(label(x + 14 + cw, y + 44, cash(s.money), 16, D.gold));
    const n = s.hand_count;
    const shown = Math.min(n, 6);
    for (let k = 0; k < shown; k += 1) out.push(back(x + 10 + k * 5, y + 50, 20, 27));
    out.push(label(x + 34 + shown * 5, y + 68, `${n} in hand`, 13, "#f4ead2"));
    const won = s.heist_colours;
    if (won.length) {
      let hx, hy, step;
      if (short) { // right of the cash, ending at the plate's edge
        step = Math.min(13.0, 40 / won.length);
        [hx, hy] = [x + w - 21 - (won.length - 1) * step - 44, y + 26];
      } else {
        [hx, hy] = [x + 10, y + h - 22];
        out.push(label(hx, hy + 16, "Heists", 12, "#cfe3d6"));
        step = Math.min(13.0, (w - 64) / won.length);
      }
      won.forEach((colour, k) => {
        out.push(`<rect x="${fx(hx + 44 + k * step)}" y="${fx(hy + 2)}" width="11" `
          + `height="19" rx="2" fill="${D.chain[colour] ?? "#666"}" `
          + 'stroke="#fff" stroke-width="1"/>');
      });
    }
    this.add(`${out.join("")}</g>`, act);
  }

  /** Night 1, 2, 3 and the Refresh Area, as four zones. */
  hideout(x, y, w, h, p) {
    const s = this.view.seats[p];
    const gap = 6;
    const zw = (w - 3 * gap) / 4;
    for (let z = 0; z < 4; z += 1) {
      const zx = x + z * (zw + gap);
      const cards = z < 3 ? s.nights[z] : s.refresh;
      const name = z < 3 ? `NIGHT ${z + 1}` : "REFRESH";
      this.add(`<rect x="${fx(zx)}" y="${fx(y)}" width="${fx(zw)}" height="${h}" `
        + `rx="8" fill="${D.zone}" stroke="#8fb39c" stroke-width="1" `
        + `stroke-dasharray="${z < 3 ? "none" : "5 3"}"/>`
        + label(zx + 7, y + 15, name, 12, "#a9c9b4"));
      this.zone(zx, y + 19, zw, h - 22, cards, z < 3);
    }
  }

  /** An opponent: name plate beside Hideout. */
  opponent(y, p) {
    const h = this.short ? SHORT : OPPONENT;
    this.plate(PAD, y, SIDE, h, p);
    this.hideout(HAND_X, y, W - PAD - HAND_X, h, p);
    return y + h;
  }

  /** Your name plate, tall, beside your hand and Hideout; the Mastermind's draw shares the
   * hand's row (its cards on the left, your hand on the right). */
  own(y, p) {
    const hand = this.view.seats[p].hand || [];
    const drawn = this.view.drawn;
    const right = W - PAD;
    const kinds = ["play", "team", "with", "copy"];
    if (drawn && drawn.length) {
      const split = HAND_X + drawnRoom(drawn.length, hand.length, right - HAND_X - DRAWN_GAP);
      const title = KEEP_TITLES.find((t) => t.length * 9.5 <= split - HAND_X - 6);
      this.hand(y, drawn, title, ["keep"], HAND_X, split);
      this.add(`<line x1="${fx(split + DRAWN_GAP / 2)}" y1="${fx(y + 4)}" `
        + `x2="${fx(split + DRAWN_GAP / 2)}" y2="${fx(y + HAND_ROW - 12)}" `
        + 'stroke="#8fb39c" stroke-width="1.5" stroke-dasharray="5 4"/>');
      this.hand(y, hand, "YOUR HAND", kinds, split + DRAWN_GAP, right);
    } else {
      this.hand(y, hand, "YOUR HAND", kinds, HAND_X, right);
    }
    y += HAND_ROW + 2;
    const h = this.short ? SHORT_HIDEOUT : HIDEOUT;
    this.plate(PAD, y - HAND_ROW - 2, SIDE, HAND_ROW + 2 + h, p);
    this.hideout(HAND_X, y, W - PAD - HAND_X, h, p);
    return y + h;
  }

  /** The cards of one zone: a lone card face up, more as edge-on chips (a Team bracketed). */
  zone(x, y, w, h, cards, team) {
    if (!cards.length) return;
    if (cards.length === 1) { // as large as the zone allows, squat if it must be
      const cw = Math.min(w - 14, 104);
      const ch = Math.min(h - 4, cw * 1.36);
      const c = cards[0];
      const act = c.id !== null ? this.action([`card:${c.id}`]) : null;
      this.add(face(x + (w - cw) / 2, y + (h - ch) / 2, cw, ch, c, ch >= 100, act !== null),
        act);
      return;
    }
    const cols = cards.length * 16 <= h || w < 150 ? 1 : 2;
    const rows = Math.ceil(cards.length / cols);
    const ch = Math.min(22.0, (h - 2) / rows - 2);
    const cw = (w - 12 - (cols - 1) * 4) / cols;
    if (team && cards.length > 1) {
      this.add(`<path d="M${fx(x + 3)} ${fx(y + 1)} h-0 v${fx(rows * (ch + 2) - 2)}" `
        + `stroke="${D.gold}" stroke-width="2" fill="none"/>`);
    }
    cards.forEach((c, k) => {
      const cx = x + 7 + Math.floor(k / rows) * (cw + 4);
      const cy = y + (k % rows) * (ch + 2);
      const act = c.id !== null ? this.action([`card:${c.id}`]) : null;
      const glow = act !== null
        ? `<rect x="${fx(cx - 2)}" y="${fx(cy - 2)}" width="${fx(cw + 4)}" `
          + `height="${fx(ch + 4)}" rx="${fx(ch / 4 + 2)}" fill="${D.gold}"/>`
        : "";
      this.add(glow + chip(cx, cy, cw, ch, c), act);
    });
  }

  /** Another seat's hand face up (an open view), edge-on in two rows under its Hideout,
   * narrower past six a row. */
  openHand(y, p) {
    const cards = this.view.seats[p].hand;
    const [x0, ch, gap] = [PAD + 64, 20.0, 3];
    const perRow = Math.max(6, Math.ceil(cards.length / 2));
    const cw = Math.min(118.0, (W - PAD - x0 + gap) / perRow - gap);
    const out = [`<g data-open-hand="${p}">`,
      label(PAD + 6, y + 16, "HAND", 12, "#f4ead2", "bold", "start", 1.5)];
    if (!cards.length) out.push(label(x0, y + 16, "No cards", 13, "#cfe3d6", "normal"));
    cards.forEach((c, k) => {
      const [r, i] = [Math.floor(k / perRow), k % perRow];
      out.push(chip(x0 + i * (cw + gap), y + r * (ch + gap), cw, ch, c));
    });
    this.add(`${out.join("")}</g>`);
    return y + 2 * (ch + gap);
  }

  /** Cards face up in one row between `left` and `right` (see handRow), with room under
   * them for the heist's Team toggles whether or not they are shown. */
  hand(y, cards, heading, prefixes, left, right) {
    // a heist may be committed: each card has a "Team" toggle under it
    const team = prefixes.includes("play") && [...this.labels.keys()].some((i) => i
      .startsWith("heist:"));
    const [cw, step] = handRow(cards.length, right - left);
    this.add(label(left + 6, y + 14, heading, 12, "#f4ead2", "bold", "start", 1.5));
    if (team) {
      this.add(label(right - 6, y + 14, "Select a team, then click its heist", 12,
        "#f4ead2", "normal", "end"));
    }
    y += 22;
    if (!cards.length) this.add(label(left + 6, y + 20, "No cards", 13, "#cfe3d6", "normal"));
    const width = cw + (Math.max(1, cards.length) - 1) * step; // over the cards
    const x0 = left + (right - left - width) / 2;
    const placed = this.used.size;
    const picks = [];
    cards.forEach((c, k) => {
      const x = x0 + k * step;
      const act = this.action(prefixes.map((p) => `${p}:${slug(c.name)}`));
      const covered = step < cw && k < cards.length - 1;
      this.add(face(x, y, cw, HAND_HEIGHT, c, true, act !== null, covered), act);
      if (team) picks.push(teamToggle(x, y + HAND_HEIGHT + 6, Math.min(cw, step), k, c));
    });
    if (picks.length) this.parts.push(`<g data-team="heist:">${picks.join("")}</g>`);
    // the decision is made here: the page keeps it in view; your own hand is where a phone's
    // board opens (data-home)
    const [decided, home] = [this.used.size > placed, prefixes[0] === "play"];
    if (decided || home) {
      const marks = (decided ? ' data-focus="hand"' : "") + (home ? ' data-home=""' : "");
      this.add(`<rect${marks} x="${fx(x0)}" y="${fx(y)}" width="${fx(width)}" `
        + `height="${fx(HAND_ROW - 22)}" fill="none" pointer-events="none"/>`);
    }
  }
}

const [HAND_CARD, HAND_GAP, HAND_LEAST] = [104, 8, 80];
const HAND_HEIGHT = 136; // a hand card's height
const HAND_ROW = 22 + HAND_HEIGHT + 34 + 8; // title, cards, room for the toggles, a gap
const DRAWN_GAP = 16; // between the Mastermind's draw and your hand, sharing the row
// the draw's title, the first that fits over it (about 9.5 units a letter)
const KEEP_TITLES = ["THE MASTERMIND DREW: KEEP ONE", "MASTERMIND: KEEP ONE", "KEEP ONE", ""];

/** svg._row_width: how wide n hand cards are side by side at full width. */
function rowWidth(n) {
  return n * HAND_CARD + (n - 1) * HAND_GAP;
}

/** svg._drawn_room: how wide the Mastermind's draw is laid out beside a hand in `room`. */
function drawnRoom(drawn, hand, room) {
  const full = rowWidth(drawn);
  if (full + rowWidth(hand) <= room) return full;
  const fair = (room + HAND_GAP) * drawn / (drawn + hand) - HAND_GAP;
  const least = Math.min(drawn * (HAND_LEAST + HAND_GAP) - HAND_GAP, room / 2);
  return Math.min(full, Math.max(fair, least));
}

/** svg._hand_row: n cards in one row `room` wide, each card's width and the step between. */
function handRow(n, room) {
  if (rowWidth(n) <= room) return [HAND_CARD, HAND_CARD + HAND_GAP];
  const cw = Math.max(HAND_LEAST, (room - (n - 1) * HAND_GAP) / n);
  if (n === 1) return [cw, cw + HAND_GAP];
  return [cw, Math.min(cw + HAND_GAP, (room - cw) / (n - 1))];
}

// --- words (words.describe, for a screen reader) -----------------------------------------

/** words._cards: card names, "$100" for the placeholder, or "nothing". */
function cardNames(cards) {
  return cards.map((c) => (c.id === null ? "$100" : c.name)).join(", ") || "nothing";
}

/** words.describe: the table in words, from the view only. */
function describe(view) {
  const seat = view.seat ?? null;
  const rounds = `Round ${view.round}${view.max_rounds ? ` of ${view.max_rounds}` : ""}`;
  const out = [`You Dirty Rat. ${rounds}. Town Stash $${grouped(view.stash)}; deck `
    + `${plural(view.deck, "card")}; discard pile ${view.discard.length}.`];
  const tops = view.chains.filter((c) => c.in_play && c.left.length)
    .map((c) => `${c.left[0].name} (${c.colour})`);
  out.push(`Heists on top: ${tops.join(", ") || "none"}.`);
  view.seats.forEach((s, p) => {
    const who = seatLabel(s.name, p === seat);
    const nights = s.nights.map((n, i) => `Night ${i + 1}: ${cardNames(n)}`).join("; ");
    const hand = s.hand != null ? `hand: ${cardNames(s.hand)}`
      : `${plural(s.hand_count, "card")} in hand`;
    out.push(`${who}: $${grouped(s.money)}, ${hand}, ${plural(s.heist_colours.length, "heist")}`
      + `. Hideout ${nights}; Refresh Area: ${cardNames(s.refresh)}.`);
  });
  if (view.drawn && view.drawn.length) out.push(`The Mastermind drew: ${cardNames(view.drawn)}.`);
  return out.join("\n");
}

// --- the board ----------------------------------------------------------------------------

/** svg.render: the whole table as one seat sees it. */
export function render(view, actions, data) {
  D = data;
  const t = new Table(view, actions);
  let y = t.top(PAD);
  const seat = view.seat;
  if (seat !== null) y = t.own(y + 6, seat); // your cards under the Heists, and your Hideout
  for (let p = 0; p < view.players; p += 1) {
    if (p !== seat) {
      y = t.opponent(y + (t.short ? SHORT_GAP : GAP), p);
      if (view.seats[p].hand !== null) y = t.openHand(y + 4, p); // an open view
    }
  }
  const h = y + PAD;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${fx(h, 0)}" width="100%" `
    + `class="you-dirty-rat" font-family="${D.font}" `
    + `data-prompt="${escape(promptLine(view))}" aria-label="You Dirty Rat table">`
    + `<desc>${escape(describe(view))}</desc>`
    + '<defs><radialGradient id="ydr-felt" cx="50%" cy="40%" r="75%">'
    + `<stop offset="0" stop-color="#357a55"/><stop offset="1" stop-color="${D.felt}"/>`
    + "</radialGradient></defs>"
    + `<rect width="${W}" height="${fx(h, 0)}" rx="18" fill="url(#ydr-felt)"/>`
    + `${t.parts.join("")}</svg>`;
}
