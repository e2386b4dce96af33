// Target: Rats' board (full rules), drawn in the browser from a seat's view: the shared
// Target: Rats board (target-rats-board.js) with a panel per faction in its corner, the tokens,
// the group on the move and its path, the decks on either side, the turn and the prompt on
// top, and below the cards offered or the last fight. It mirrors games/target_rats/full/svg.py
// (and words.py); tests/boards/test_board_js.py and test_target_rats_js.py keep the two byte
// for byte equal. Words and tables come from `data` (TargetRats.board_data()).
import { plural } from "./common.js";
import * as B from "./target-rats-board.js";

const H = B.W;
const DW = 94; // a deck's card
const { esc, get, num, or, str, truthy } = B;

/** svg.render: the whole board of `view`, with `actions` ([{id, label}]) clickable on it. */
export function render(view, actions, data) {
  const gold = data.colours.gold;
  const byId = new Map(actions.map((a) => [a.id, a]));
  const spaces = view.spaces;
  const board = B.board(spaces);
  const geo = board.geo;
  const factions = view.factions;
  const colour = B.bySeat(factions, "colour");
  const owner = B.bySeat(factions, "name");
  const ended = truthy(get(view, "over")) || truthy(get(view, "result")); // rules or table
  const turn = ended ? {} : or(get(view, "turn"), {}); // an ended game marks nobody to act
  const choice = or(get(view, "choice"), {});
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${B.W} ${H}" width="100%" ` +
    `class="rk-tr target-rats" font-family="${data.font}" role="img" ` +
    `data-prompt="${esc(or(get(view, "prompt"), ""))}" ` +
    'aria-label="Target: Rats board">', `<desc>${esc(describe(view, data))}</desc>`,
  data.style, B.base(board, H, data)];
  const byHome = new Map(factions.map((f) => [f.home, f]));
  const cards = [...or(get(choice, "cards"), [])];
  // a card offered below takes its action; the held item in the panel gets it otherwise
  const onCards = new Set(cards.flatMap((c) =>
    data.card_verbs.map((verb) => `${verb}:${str(get(c, "id"))}`)));
  const panelActs = new Map([...byId].filter(([k]) => !onCards.has(k)));
  for (const s of spaces) {
    if (s.kind === "home-nest") {
      out.push(panel(view, s.id, byHome.get(s.id) ?? null, panelActs, data));
    }
  }
  const cheese = get(view, "cheese");
  out.push(B.throne(cheese !== null ? colour.get(cheese) ?? null : null,
    owner.has(cheese) ? owner.get(cheese) : "", data));
  for (const s of spaces) {
    if (get(s, "token") === "sewer" && truthy(get(s, "beneath"))) {
      out.push(pipe(geo, s.id, s.beneath));
    }
  }
  const done = new Set(or(get(turn, "done_spaces"), []));
  const toAct = new Set(or(get(turn, "action_spaces"), []).filter((x) => !done.has(x)));
  const offered = new Set(or(get(choice, "spaces"), []));
  const fight = get(view, "last_fight");
  const fightAt = truthy(fight) ? fight.space : null;
  const group = get(turn, "group");
  let mover = null; // the group on the move: keyed by where it began, the page follows it
  if (truthy(group) && get(view, "to_move") !== null) {
    mover = { ...group, seat: view.to_move,
      id: `${str(group.from)}-${str(get(turn, "groups_left"))}` };
  }
  const onSpace = new Map(); // the one space verb of each space
  // a move to a destination (route:) first: it covers the single step to the same space
  const routesFirst = [...actions.filter((a) => a.id.startsWith("route:")),
    ...actions.filter((a) => !a.id.startsWith("route:"))];
  for (const a of routesFirst) {
    const [verb, where] = partition(a.id);
    if (data.space_verbs.includes(verb) && !onSpace.has(where)) onSpace.set(where, a);
  }
  for (const s of spaces) {
    const sid = s.id;
    const action = onSpace.get(sid) ?? null;
    out.push(`<g class="space" data-space="${sid}">`);
    if (action) out.push(B.highlight(geo.shape[sid], action, gold));
    else if (offered.has(sid)) out.push(B.highlight(geo.shape[sid], null, gold, true));
    if (toAct.has(sid)) out.push(B.highlight(geo.shape[sid], null, "#ff8c1a", true));
    const token = get(s, "token");
    if (truthy(token)) {
      const [x, y] = geo.tokenAt[sid];
      if (token === "food") out.push(B.dumpster(x, y, data.tips.food));
      else if (token === "sewer") out.push(B.sewer(x, y, data.tips.sewer));
      else {
        const seat = get(s, "nest_seat");
        const name = owner.has(seat) ? owner.get(seat) : "A";
        out.push(B.nest(x, y, colour.get(seat) ?? "#999999", B.fill(data.tips.nest, name)));
      }
    }
    let groups = s.rats;
    if (sid === "RC" && cheese !== null) groups = offThrone(groups, cheese);
    if (groups.length) {
      out.push(...B.ratsAt(geo.anchor[sid], s.kind, groups, colour, owner, {
        through: action !== null, space: sid, mover: B.movingHere(sid, mover) }));
    }
    if (truthy(get(s, "exterminator"))) {
      out.push(B.exterminator(...geo.anchor[sid], data.tips.exterminator, action !== null));
    }
    if (toAct.has(sid)) out.push(badge(geo, sid, "!", "#ff8c1a", data.mark_tips["to-act"], data));
    else if (done.has(sid)) out.push(badge(geo, sid, "✓", "#3d9a47", data.mark_tips.acted, data));
    if (sid === fightAt) out.push(swordsAt(...markAt(geo, sid, -1), data));
    out.push("</g>");
  }
  out.push(B.labels(board)); // over the pieces: always readable
  if (truthy(group)) out.push(path(geo, group));
  out.push(deck(view, "surface", 8, data));
  out.push(deck(view, "underground", B.W - 8 - DW, data));
  out.push(data.legend);
  out.push(status(view, owner, data));
  if (cards.length) out.push(choiceCards(choice, cards, byId, data));
  else if (truthy(fight)) out.push(fightLines(fight, owner, colour, data));
  out.push("</svg>");
  return out.join("");
}

/** Python's text.partition(":") without the separator: [before, after]. */
function partition(text) {
  const i = text.indexOf(":");
  return i < 0 ? [text, ""] : [text.slice(0, i), text.slice(i + 1)];
}

/** svg._off_throne: Rat City's rats but Da Big Cheese, who is drawn on the throne. */
function offThrone(groups, cheese) {
  const out = [];
  for (const g of groups) {
    if (g.seat === cheese) {
      let { fed, unfed } = g;
      if (fed) fed -= 1;
      else if (unfed) unfed -= 1;
      if (fed || unfed) out.push({ seat: cheese, fed, unfed });
    } else {
      out.push(g);
    }
  }
  return out;
}

/** svg._pipe: a sewer entrance's link between the surface space and the one below. */
function pipe(geo, top, below) {
  if (!Object.hasOwn(geo.angle, top) || !Object.hasOwn(geo.angle, below)) return "";
  const [x1, y1] = B.polar(B.R_S_IN + 2, geo.angle[top]);
  const [x2, y2] = B.polar(B.R_U_OUT - 2, geo.angle[below]);
  return `<path class="pipe" d="M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}" ` +
    'stroke="#7f8a96" stroke-width="9" stroke-linecap="round" opacity=".8"/>' +
    `<path d="M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}" stroke="#2a2f35" ` +
    'stroke-width="3" stroke-dasharray="4 4"/>';
}

/** svg._mark_at: where a small mark of a space goes (side -1 / 1: which half). */
function markAt(geo, sid, side) {
  if (Object.hasOwn(geo.angle, sid)) {
    const surface = sid[0] === "S";
    const outer = surface ? B.R_S_OUT + 12 : B.R_U_OUT + 12;
    return B.polar(outer, geo.angle[sid] + side * (surface ? 4 : 8));
  }
  const [x, y] = geo.anchor[sid];
  if (sid === "RC") return [x + side * 64, y - 6];
  return [x + side * 84, y - 30];
}

/** svg._badge: a space's mark ("!" to act, "✓" acted), just outside it. */
function badge(geo, sid, mark, fill, tip, data) {
  return badgeAt(...markAt(geo, sid, 1), mark, fill, tip, data);
}

/** svg._badge_at: a round badge with a mark drawn in it. */
function badgeAt(x, y, mark, fill, tip, data) {
  return `<g class="badge" pointer-events="none"><title>${esc(tip)}</title>` +
    `<circle cx="${num(x)}" cy="${num(y)}" r="12" fill="${fill}" stroke="#fff" ` +
    `stroke-width="2"/><path transform="translate(${num(x)} ${num(y)})" ` +
    `d="${data.marks[mark]}" fill="none" stroke="#fff" stroke-width="3.2" ` +
    'stroke-linecap="round" stroke-linejoin="round"/></g>';
}

/** svg._swords_at: crossed swords where the last fight was. */
function swordsAt(x, y, data) {
  return `<g class="fight-mark" pointer-events="none"><title>${esc(data.mark_tips.fight)}` +
    `</title><circle cx="${num(x)}" cy="${num(y)}" r="11" fill="#c0392b" ` +
    `stroke="#fff" stroke-width="2"/><path d="M${num(x - 6)} ${num(y - 6)}l12 12` +
    `M${num(x + 6)} ${num(y - 6)}l-12 12" stroke="#fff" stroke-width="2.6" ` +
    'stroke-linecap="round"/></g>';
}

/** The group's way: its path, with where it came from first (svg._path, svg._turn_line). */
function groupWay(group) {
  const way = [...or(get(group, "path"), [])];
  if (!way.length || way[0] !== get(group, "from")) way.unshift(get(group, "from"));
  return way;
}

/** svg._path: the group in progress: the way it came, an arrow to where it is now. */
function path(geo, group) {
  const pts = groupWay(group).filter((p) => p !== null && Object.hasOwn(geo.anchor, p))
    .map((p) => geo.anchor[p]);
  if (pts.length < 2) {
    const [x, y] = pts.length ? pts[0] : [B.C, B.C];
    return `<circle class="group-path" cx="${num(x)}" cy="${num(y)}" r="34" ` +
      'fill="none" stroke="#ff4f9a" stroke-width="4" stroke-dasharray="8 5" ' +
      'pointer-events="none"/>';
  }
  const d = `M${pts.map(([x, y]) => `${num(x)} ${num(y)}`).join("L")}`;
  const [[x1, y1], [x2, y2]] = pts.slice(-2);
  const a = Math.atan2(y2 - y1, x2 - x1);
  const tip = `M${num(x2 - 16 * Math.cos(a - 0.5))} ${num(y2 - 16 * Math.sin(a - 0.5))}` +
    `L${num(x2)} ${num(y2)}L${num(x2 - 16 * Math.cos(a + 0.5))} ` +
    `${num(y2 - 16 * Math.sin(a + 0.5))}`;
  return '<g class="group-path" pointer-events="none" fill="none" stroke-linecap="round" ' +
    `stroke-linejoin="round"><path d="${d}" stroke="#fff" stroke-width="9" ` +
    `opacity=".55"/><path d="${d}${tip}" stroke="#ff4f9a" stroke-width="4.5"/></g>`;
}

/** svg._status: on top: the round, the phase and who moves, the prompt, the turn. */
function status(view, owner, data) {
  const { gold, cream } = data.colours;
  const maxRounds = get(view, "max_rounds");
  const rounds = `Round ${view.round}` + (truthy(maxRounds) ? ` of ${maxRounds}` : "");
  let phase = str(or(get(view, "phase"), ""));
  phase = get(data.phase_words, phase, B.capitalize(phase.replaceAll("-", " ")));
  const toMove = get(view, "to_move");
  let lines;
  if (truthy(get(view, "over")) || truthy(get(view, "result"))) { // or ended by the table
    const result = or(get(view, "result"), {});
    const returns = or(get(result, "returns"), []);
    const best = returns.length ? Math.max(...returns) : null;
    const ties = returns.filter((r) => r === best).length;
    const winners = returns.flatMap((r, i) => (r === best && best !== null &&
      ties < returns.length ? [owner.has(i) ? owner.get(i) : `seat ${i + 1}`] : []));
    const end = get(result, "end");
    const endText = Object.hasOwn(data.end_words, end) && typeof end === "string"
      ? data.end_words[end] : str(get(result, "end", "")).replaceAll("-", " ");
    const top = winners.length ? `Game over: ${winners.join(" and ")} won` : "Game over: a draw";
    lines = [[top, 22, "bold", gold], [`${rounds}: ${endText}`, 17, "", cream]];
  } else {
    const who = toMove !== null && owner.has(toMove) ? owner.get(toMove) : "";
    const mine = get(view, "seat") !== null && get(view, "seat") === toMove;
    const top = `${rounds} · ${phase} · ` + (mine ? "your move" : `${who} to move`);
    lines = [[top, 20, "bold", mine ? gold : cream]];
    for (const text of B.wrap(str(or(get(view, "prompt"), "")), 54)) {
      lines.push([text, 17, "", cream]);
    }
    for (const text of B.wrap(turnLine(view), 60).slice(0, 2)) {
      lines.push([text, 15, "", "#d8ccb0"]);
    }
  }
  const out = ['<g class="status" text-anchor="middle">'];
  let y = 30;
  for (const [text, size, weight, fill] of lines) {
    if (!text) continue;
    const w = weight ? ` font-weight="${weight}"` : "";
    out.push(`<text x="${B.flt(B.C)}" y="${y}" font-size="${size}" fill="${fill}"${w}>` +
      `${esc(text)}</text>`);
    y += size + 7;
  }
  out.push("</g>");
  return out.join("");
}

/** svg._turn_line: the group on the move, the group moves left, the spaces still to act. */
function turnLine(view) {
  const turn = or(get(view, "turn"), {});
  const parts = [];
  const group = get(turn, "group");
  if (truthy(group)) {
    const n = get(group, "fed", 0) + get(group, "unfed", 0);
    parts.push(`Moving ${plural(n, "rat")} (${get(group, "fed", 0)} fed): ` +
      `${groupWay(group).map(str).join(" > ")}, ` +
      `${plural(get(group, "steps_left", 0), "step")} left`);
  }
  if (get(turn, "groups_left") !== null &&
      ["move", "movement", "step", "take"].includes(get(view, "phase"))) {
    parts.push(`${plural(turn.groups_left, "group move")} left`);
  }
  const done = or(get(turn, "done_spaces"), []);
  const acting = or(get(turn, "action_spaces"), []).filter((x) => !done.includes(x));
  if (acting.length && !truthy(group)) parts.push(`To act: ${acting.join(", ")}`);
  if (get(view, "exterminator") === null) parts.push("Exterminator off the board");
  return parts.join(" · ");
}

/** svg._deck: a deck beside the board: its cards left and used, and its last card. */
function deck(view, which, x, data) {
  const d = or(get(or(get(view, "decks"), {}), which), {});
  const [dark, light] = data.deck_fill[which];
  const [name, lines] = data.deck_names[which];
  const y = 250;
  const left = get(d, "left", 0);
  const out = [`<g class="deck" data-deck="${which}"><title>${B.title(name)} deck: ${left} ` +
    `cards left, ${get(d, "discards", 0)} discarded</title>`];
  for (const k of [2, 1, 0]) {
    if (left > k) {
      out.push(`<rect x="${x}" y="${y - 4 * k}" width="${DW}" height="138" rx="9" ` +
        `fill="${dark}" stroke="#1a1410" stroke-width="2"/>`);
    }
  }
  if (!left) {
    out.push(`<rect x="${x}" y="${y}" width="${DW}" height="138" rx="9" fill="none" ` +
      `stroke="${light}" stroke-width="2" stroke-dasharray="6 5"/>`);
  }
  let ty = y + 24;
  for (const line of lines) {
    out.push(`<text x="${B.flt(x + DW / 2)}" y="${ty}" font-size="15" font-weight="bold" ` +
      `text-anchor="middle" fill="${light}">${line}</text>`);
    ty += 16;
  }
  const mid = B.flt(x + DW / 2);
  out.push(`<text x="${mid}" y="${y + 90}" font-size="40" ` +
    `font-weight="bold" text-anchor="middle" fill="${light}">${left}</text>` +
    `<text x="${mid}" y="${y + 118}" font-size="15" text-anchor="middle" ` +
    `fill="${light}">${left === 1 ? "card" : "cards"}</text>` +
    `<text x="${mid}" y="${y + 162}" font-size="15" text-anchor="middle" ` +
    `fill="#d8ccb0">${get(d, "discards", 0)} used</text></g>`);
  // a card just drawn that a question is about is the one shown beside its deck
  const now = drawnNow(view, which);
  const top = or(now, get(d, "top"));
  if (truthy(top)) {
    const [fill, weight, words] = truthy(now) ? [data.colours.gold, "bold", "drawn now"]
      : ["#a99f8a", "normal", "last drawn"];
    out.push(`<text x="${mid}" y="${y + 190}" font-size="15" text-anchor="middle" ` +
      `fill="${fill}" font-weight="${weight}">${words}</text>`);
    out.push(card(top, x, y + 198, DW, 150, null, data, { small: true }));
  }
  return out.join("");
}

/** svg._drawn_now: the card of `which` deck drawn for the question being asked, or null. */
function drawnNow(view, which) {
  const choice = or(get(view, "choice"), {});
  const cards = or(get(choice, "cards"), []);
  if (!["item", "keep"].includes(get(choice, "kind")) || !cards.length) return null;
  return get(cards.at(-1), "deck") === which ? cards.at(-1) : null;
}

/** svg._fitted: `text` in at most `lines` lines of `width`, in the largest font that fits
 * from `size` down to `least`, else cut at `least` with an ellipsis. */
function fitted(text, width, size, lines, least) {
  let chars;
  let body;
  for (;;) {
    chars = Math.max(6, Math.trunc(width / (size * 0.54)));
    body = B.wrap(text, chars);
    if (body.length <= lines || size <= least) break;
    size = Math.max(least, size - 1);
  }
  if (body.length > lines) {
    body = body.slice(0, lines);
    body[body.length - 1] = `${B.head(body.at(-1), chars - 1).trimEnd()}…`;
  }
  return [size, body];
}

/** svg._card_face: a card: name, kind, and its text, as large as the card allows. */
function cardFace(c, x, y, w, h, ready, small, data) {
  const fill = c.item ? data.item_fill : get(data.deck_fill, c.deck, ["#666", "#eee"])[1];
  const fg = c.item ? "#fff" : data.colours.ink;
  const [size, lines] = fitted(c.name, w - 10, small ? 14 : 20, 2, 14);
  const out = [`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="8" ` +
    `fill="${fill}" stroke="#1a1410" stroke-width="2"/>`];
  let ty = y + size + 4;
  for (const line of lines) {
    out.push(`<text x="${num(x + w / 2)}" y="${num(ty)}" font-size="${size}" ` +
      `font-weight="bold" text-anchor="middle" fill="${fg}">${esc(line)}</text>`);
    ty += size + 2;
  }
  const cls = small ? ' class="minor"' : "";
  if (!small) {  // a small card is named by its colour and name; its tip tells its kind
    const word = c.item ? "ITEM" : get(data.kind_words, c.kind, c.kind).toUpperCase();
    out.push(`<text x="${num(x + w / 2)}" y="${num(ty + 2)}" font-size="15" ` +
      `text-anchor="middle" fill="${fg}" opacity=".8" letter-spacing="1">` +
      `${esc(word)}</text>`);
  }
  ty += small ? 2 : 14;
  const bodySize = small ? 14 : 17;
  const roomH = y + h - 6 - ty;
  const [textSize, body] = fitted(c.text, w - 12, bodySize,
    Math.max(1, Math.trunc(roomH / (bodySize + 2))), small ? 14 : 15);
  for (const line of body) {
    ty += textSize + 2;
    out.push(`<text${cls} x="${num(x + 6)}" y="${num(ty)}" font-size="${textSize}" ` +
      `fill="${fg}">${esc(line)}</text>`);
  }
  if (ready) {
    out.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"` +
      ` rx="8" fill="#222" fill-opacity=".55"/><text x="${num(x + w / 2)}" ` +
      `y="${num(y + h / 2 + 6)}" font-size="18" font-weight="bold" ` +
      `text-anchor="middle" fill="#fff">${ready}</text>`);
  }
  return out.join("");
}

/** svg._card: a card, clickable for `action`, with its whole text as a tooltip. */
function card(c, x, y, w, h, action, data, { used = false, small = false } = {}) {
  const face = cardFace({ id: str(get(c, "id")), name: str(get(c, "name", "")),
    deck: str(get(c, "deck")), text: str(get(c, "text", "")), item: truthy(get(c, "item")),
    kind: str(get(c, "kind", "")) }, x, y, w, h, used ? "USED" : "", small, data);
  const tip = `${str(get(c, "name", ""))}: ${str(get(c, "text", ""))}`;
  const id = esc(get(c, "id"));
  let inner = `<g class="card" data-card="${id}" data-key="card:${id}"><title>${esc(tip)}</title>`;
  if (action) {
    const gold = data.colours.gold;
    inner += `<rect class="hl" x="${num(x - 5)}" y="${num(y - 5)}" width="${num(w + 10)}"` +
      ` height="${num(h + 10)}" rx="11" fill="${gold}" fill-opacity=".2" ` +
      `stroke="${gold}" stroke-width="4"/>`;
  }
  inner += `${face}</g>`;
  return B.act(inner, action);
}

/** svg._choice: the cards to choose from, large over the middle of the board. */
function choiceCards(choice, cards, byId, data) {
  const gold = data.colours.gold;
  const n = cards.length;
  const gap = 18;
  const w = Math.min(230, (700 - gap * (n - 1)) / n);
  const h = 250;
  let x = B.C - (n * w + gap * (n - 1)) / 2;
  const top = B.C - h / 2 - 10;
  const words = get(data.choice_words, get(choice, "kind"), "Cards");
  const pw = n * w + gap * (n - 1) + 40;
  const out = ['<g class="choice">',
    `<rect data-focus="choice" x="${num(x - 20)}" y="${num(top - 50)}" ` +
    `width="${num(pw)}" ` +
    `height="${num(h + 70)}" rx="18" fill="#1c1a17" fill-opacity=".93" ` +
    `stroke="${gold}" stroke-width="3"/>`,
    `<text x="${B.flt(B.C)}" y="${num(top - 18)}" font-size="22" font-weight="bold" ` +
    `text-anchor="middle" fill="${gold}">${esc(words)}</text>`];
  const placed = new Set(); // two copies of one card: either is the same choice, drawn once
  for (const c of cards) {
    let action = null;
    for (const verb of data.card_verbs) {
      action = byId.get(`${verb}:${str(get(c, "id"))}`) ?? null;
      if (action) break;
    }
    if (action && placed.has(action.id)) action = null;
    else if (action) placed.add(action.id);
    out.push(card(c, x, top, w, h, action, data));
    x += w + gap;
  }
  out.push("</g>");
  return out.join("");
}

/** svg._fight: the last fight under the board: each side's rats, dice, and losses. */
function fightLines(fight, owner, colour, data) {
  const { gold, cream } = data.colours;
  const bySide = (field) => new Map(Object.entries(or(get(fight, field), {}))
    .map(([k, v]) => [Number(k), v]));
  const sides = bySide("sides");
  const rolls = bySide("rolls");
  const killed = bySide("killed");
  let winner = get(fight, "winner");
  winner = winner !== null ? Number(winner) : null;
  let y = H - 14 - 22 * sides.size;
  const out = [`<g class="last-fight"><text x="${B.flt(B.C)}" y="${y}" font-size="16" ` +
    `font-weight="bold" text-anchor="middle" fill="${gold}">Last fight, on ` +
    `${esc(get(fight, "space"))}</text>`];
  for (const [seat, rats] of sides) {
    y += 22;
    const dice = or(rolls.get(seat), []);
    const total = dice.reduce((a, b) => a + b, 0);
    let text = `${owner.has(seat) ? owner.get(seat) : seat}: ${plural(rats, "rat")}, rolled ` +
      `${dice.map(str).join("+") || "-"} = ${total}`;
    if (truthy(killed.get(seat))) text += `, ${killed.get(seat)} killed`;
    const won = seat === winner;
    const style = won ? `fill="${gold}" font-weight="bold"` : `fill="${cream}"`;
    out.push(`<rect x="${B.flt(B.C - 200)}" y="${y - 13}" width="14" height="14" rx="3" ` +
      `fill="${colour.get(seat) ?? "#999"}" stroke="#fff" stroke-width="1"/>` +
      `<text x="${B.flt(B.C - 180)}" y="${y}" font-size="16" ${style}>` +
      `${esc(text)}${won ? " (wins)" : ""}</text>`);
  }
  out.push("</g>");
  return out.join("");
}

/** svg._panel: a corner: the faction of that home nest (or an empty nest). */
function panel(view, sid, f, byId, data) {
  const { gold, cream } = data.colours;
  const k = Number(sid.slice(1));
  const [x, y] = B.corner(k);
  const top = [0, 1].includes(k);
  if (f === null) {
    return `<rect x="${x}" y="${y}" width="${B.BOX}" height="${B.BOX}" rx="16" ` +
      `fill="#34302a" stroke="#4a443b" stroke-width="2"/>${B.homeWell(k, null, data)}` +
      `<text x="${B.flt(x + B.BOX / 2)}" y="${y + (top ? 60 : B.BOX - 50)}" ` +
      'font-size="15" text-anchor="middle" fill="#7d7364">no faction here</text>';
  }
  const iy = top ? y : y + B.WELL; // the info part of the panel
  const mover = get(view, "to_move") === f.seat && !truthy(get(view, "over"));
  const you = get(view, "seat") === f.seat;
  const fill = f.colour;
  const out = [`<g class="faction" data-seat="${f.seat}" data-seat-panel="${f.seat}">` +
    `<rect x="${x}" y="${y}" width="${B.BOX}" height="${B.BOX}" rx="16" fill="#3a352e" ` +
    `stroke="${mover ? gold : "#5a5247"}" stroke-width="${mover ? 5 : 2}"/>`,
  B.homeWell(k, fill, data),
  `<rect x="${x + 6}" y="${iy + 6}" width="${B.BOX - 12}" height="30" rx="10" ` +
    `fill="${fill}" stroke="${B.edge(fill)}" stroke-width="1.5"/>`];
  let name = f.name;
  const side = f.faction + (you ? " · you" : "");
  const cheese = truthy(get(f, "cheese"));
  const tx = x + 14 + (cheese ? 26 : 0);
  const room = Math.trunc((x + B.BOX - 20 - B.len(side) * 7.6 - tx) / 9.4);
  if (B.len(name) > room) name = `${B.head(name, room - 1).trimEnd()}…`;
  if (cheese) out.push(B.crown(x + 26, iy + 19, 0.95, data));
  out.push(`<text x="${tx}" y="${iy + 27}" font-size="16" font-weight="bold" ` +
    `fill="${B.ink(fill)}">${esc(name)}</text>` +
    `<text x="${x + B.BOX - 12}" y="${iy + 26}" font-size="14" text-anchor="end" ` +
    `fill="${B.ink(fill)}">${esc(side)}</text>`);
  const limits = or(get(view, "limits"), {});
  const mostRats = truthy(get(limits, "max_rats")) ? `/${limits.max_rats}` : "";
  out.push(`<text x="${x + 12}" y="${iy + 57}" font-size="16" fill="${cream}">` +
    `<tspan font-weight="bold">${f.rats}</tspan>${mostRats} rats · ` +
    `<tspan font-weight="bold">${f.fed}</tspan> fed</text>`);
  const nests = get(f, "nests", 0);
  const most = Math.max(get(limits, "max_nests", 4), nests);
  const goal = get(limits, "nests_to_win");
  out.push(`<g class="nests"><title>${plural(nests, "nest token")} on the ` +
    `board${truthy(goal) ? ` (${goal} and Da Big Cheese win)` : ""}</title>` +
    `<text class="minor" x="${x + 12}" y="${iy + 82}" font-size="14" ` +
    'fill="#d8ccb0">nests</text>');
  for (let i = 0; i < most; i++) {
    const cx = x + 72 + i * 32;
    if (i < nests) {
      out.push(B.nest(cx, iy + 77, fill, B.fill(data.tips.nest, f.name)));
    } else {
      out.push(`<ellipse cx="${cx}" cy="${iy + 77}" rx="13" ry="8" fill="none" ` +
        'stroke="#8a7d66" stroke-width="1.5" stroke-dasharray="3 2"/>');
    }
    if (truthy(goal) && i + 1 === goal && goal < most) {
      out.push(`<path d="M${cx + 16} ${iy + 66}v22" stroke="${gold}" stroke-width="2"/>`);
    }
  }
  out.push("</g>");
  const item = get(f, "item");
  if (truthy(item)) {
    const action = you ? byId.get(`use:${str(get(item, "id"))}`) ?? null : null;
    out.push(held(item, truthy(get(f, "item_ready")), x + 10, iy + 90, action, data));
  } else {
    out.push(`<text class="minor" x="${x + 12}" y="${iy + 107}" font-size="14" ` +
      'fill="#8a7d66">no item</text>');
  }
  if (truthy(get(f, "pending_win"))) {
    const [wx, wy] = B.well(k);
    const tip = B.fill(data.mark_tips["pending-win"], truthy(goal) ? goal : "enough");
    out.push(`<g class="pending-win"><title>${esc(tip)}</title>` +
      `<rect x="${x}" y="${y}" width="${B.BOX}" height="${B.BOX}" rx="16" ` +
      'fill="none" stroke="#e74c3c" stroke-width="4" stroke-dasharray="10 6"/>' +
      `<rect x="${wx + 8}" y="${wy + 6}" width="160" height="24" rx="12" ` +
      `fill="#c0392b"/><text x="${wx + 88}" y="${wy + 23}" font-size="15" ` +
      'font-weight="bold" text-anchor="middle" fill="#fff">WINS IF IT HOLDS</text></g>');
  }
  out.push("</g>");
  return out.join("");
}

/** svg._held: the item a faction holds, in its panel (clickable to use it). */
function held(item, ready, x, y, action, data) {
  const gold = data.colours.gold;
  const [w, h] = [B.BOX - 20, 24];
  const tip = `${str(get(item, "name", ""))} (${ready ? "ready" : "used this round"}): ` +
    `${str(get(item, "text", ""))}`;
  const fill = ready ? data.item_fill : "#55606e";
  const name = str(get(item, "name", ""));
  const size = num(Math.max(14.0, Math.min(15.0, (w - 62) / (0.6 * Math.max(1, B.len(name))))));
  let inner = `<g class="item" data-card="${esc(get(item, "id"))}"><title>${esc(tip)}</title>`;
  if (action) {
    inner += `<rect class="hl" x="${x - 4}" y="${y - 4}" width="${w + 8}" height="${h + 8}" ` +
      `rx="9" fill="${gold}" fill-opacity=".25" stroke="${gold}" stroke-width="3"/>`;
  }
  inner += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${fill}" ` +
    `stroke="#9cc3f0" stroke-width="1.5"/><text x="${x + 8}" y="${y + 17}" ` +
    `font-size="${size}" font-weight="bold" fill="#fff">${esc(name)}` +
    `</text><text class="minor" x="${x + w - 8}" y="${y + 17}" font-size="14" ` +
    `text-anchor="end" fill="#fff">${ready ? "ready" : "used"}</text></g>`;
  return B.act(inner, action);
}

/** words.describe: the game in words, for a screen reader. */
function describe(view, data) {
  const maxRounds = get(view, "max_rounds");
  const rounds = `Round ${view.round}` + (truthy(maxRounds) ? ` of ${maxRounds}` : "");
  const lines = [`Target: Rats. ${rounds}. ${str(or(get(view, "prompt"), ""))}`.trim()];
  lines.push(...B.factionWords(view), ...B.tokenWords(view, data));
  for (const [which, d] of Object.entries(or(get(view, "decks"), {}))) {
    const top = get(d, "top");
    const last = truthy(top) ? ` Last drawn: ${top.name}: ${top.text}` : "";
    lines.push(`${B.title(which)} deck: ${plural(get(d, "left", 0), "card")} left.${last}`);
  }
  const seat = get(view, "seat");
  for (const f of view.factions) {
    const item = get(f, "item");
    if (truthy(item)) {
      const whose = f.seat === seat ? "You hold" : `${f.name} holds`;
      lines.push(`${whose} the item ${item.name}: ${item.text}`);
    }
  }
  for (const c of or(get(or(get(view, "choice"), {}), "cards"), [])) {
    lines.push(`Offered: ${c.name}: ${c.text}`);
  }
  return lines.join("\n");
}
