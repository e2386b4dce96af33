// Rat & Duck's board in the browser: one seat's view drawn as the SVG map of the city that
// games/rat_and_duck/svg.py draws (its header, the places in their grid with their unrest,
// units and civilians, the roster of units and the acting unit's menu of buttons), with the
// screen reader's description of games/rat_and_duck/words.py. Each function mirrors the Python
// one of the same name; the layout, colours, words and pictures come from `data`
// (RatAndDuck.board_data()). tests/boards/test_board_js.py keeps the output equal, byte for
// byte, to Python's over random play.

import { escape, general } from "./common.js";

/** svg._text: one line of text (coordinates and size as Python's f"{x:g}"). */
function text(x, y, words, size, fill, weight = "", anchor = "start", extra = "") {
  const bold = weight ? ` font-weight="${weight}"` : "";
  return `<text x="${general(x)}" y="${general(y)}" font-size="${general(size)}" ` +
    `fill="${fill}"${bold} text-anchor="${anchor}"${extra}>${escape(words)}</text>`;
}

/** svg._clickable: wrap a piece in its action's clickable group, if it has one. */
function clickable(inner, action) {
  if (action == null) return inner;
  return `<g class="act" data-action="${escape(action.id)}" cursor="pointer">` +
    `<title>${escape(action.label)}</title>${inner}</g>`;
}

/** svg._active: the unit that is playing. */
function active(view) {
  return view.units.find((u) => u.active);
}

/** svg._positions: the top-left corner [x, y] of each place's box, by place id. */
function positions(view, L) {
  const middle = (view.grid.rows - 1) / 2;
  const out = {};
  for (const p of view.places) {
    if (p.row !== null) {
      out[p.id] = [L.grid_x + p.column * L.step_x, L.grid_y + p.row * L.step_y];
    } else if (p.kind === "police-station") {
      out[p.id] = [L.grid_x - L.step_x, L.grid_y + middle * L.step_y];
    } else if (p.kind === "prison") {
      out[p.id] = [L.grid_x - 2 * L.step_x, L.grid_y + middle * L.step_y];
    } else {  // the Lab
      out[p.id] = [L.grid_x + view.grid.columns * L.step_x, L.grid_y + middle * L.step_y];
    }
  }
  return out;
}

/** words.describe: the board in words, for a screen reader. */
function describe(view) {
  const names = Object.fromEntries(view.places.map((p) => [p.id, p.name]));
  const seat = view.seat ?? null;
  const rounds = `Round ${view.round}` + (view.max_rounds ? ` of ${view.max_rounds}` : "");
  const lines = [`Rat & Duck. ${rounds}. Bio-Sci ${view.biosci} of ${view.bio_sci_to_win}; ` +
    `unrest ${view.total_unrest} of ${view.unrest_to_win}.`];
  if (view.team) lines.push(`You play for the ${view.team}.`);
  for (const u of view.units) {
    const owner = u.seat === seat ? "you" : view.seats[u.seat].name;
    const state = u.played ? "played" : (u.active ? "playing now" : "to play");
    const wanted = u.wanted !== null ? `, wanted ${u.wanted}` : "";
    lines.push(`${u.name} (${owner}) at the ${names[u.place]}, ${state}${wanted}.`);
  }
  for (const c of view.civilians) {
    const link = c.linked_to ? `, linked to ${c.linked_to.toUpperCase()}` : "";
    lines.push(`A civilian from the ${c.from} at the ${names[c.place]}${link}.`);
  }
  const hot = view.places.filter((p) => p.unrest).map((p) => `${p.name} ${p.unrest}`);
  lines.push("Unrest: " + (hot.length ? hot.join(", ") : "none") + ".");
  const cards = view.location_cards;
  if (cards.cards !== null) {
    lines.push("Location cards held: " + (cards.cards.join(", ") || "none") + ".");
  } else {
    lines.push(`The government holds ${cards.held} hidden location cards.`);
  }
  return lines.join("\n");
}

/** svg._phase_line: whose unit acts and what it may do ("" once the game is over). */
function phaseLine(view, data) {
  if (view.over) return "";
  const unit = active(view);
  const mine = unit.seat === (view.seat ?? null);
  const who = mine ? "Your" : `${view.seats[unit.seat].name}'s`;
  return `${who} ${unit.name}: ${data.phase_words[view.phase] ?? view.phase}`;
}

/** svg._header: title, round, team, the Bio-Sci track, unrest, cards and whose move it is. */
function header(view, data) {
  const { cream, gold } = data.colours;
  const W = data.layout.width;
  const cards = view.location_cards;
  const held = cards.cards !== null ? cards.cards.join(", ") : `${cards.held} hidden`;
  const rounds = `Round ${view.round}` + (view.max_rounds ? ` of ${view.max_rounds}` : "");
  const parts = ['<g class="header">', text(20, 36, "Rat & Duck", 28, cream, "bold"),
    text(210, 36, rounds, 20, cream)];
  if (view.team) {
    const units = view.units.filter((u) => u.seat === view.seat).map((u) => u.name);
    parts.push(text(W - 20, 36, `You play ${data.team_words[view.team]} (${units.join(", ")})`,
      20, gold, "bold", "end", ' class="team"'));
  }
  // the Bio-Sci track
  parts.push(text(20, 78, `Bio-Sci ${view.biosci}/${view.bio_sci_to_win}`, 20, "#9fe0b8",
    "bold"));
  for (let i = 0; i < view.bio_sci_to_win; i++) {
    const fill = i < view.biosci ? "#2e8b57" : "none";
    parts.push(`<rect class="biosci" x="${150 + i * 28}" y="60" width="22" height="22" ` +
      `rx="5" fill="${fill}" stroke="#9fe0b8" stroke-width="2"/>`);
  }
  const x = 170 + view.bio_sci_to_win * 28;
  parts.push(text(x, 78, `Unrest ${view.total_unrest}/${view.unrest_to_win}`, 20, "#ffb36b",
    "bold", "start", ' class="unrest-total"'));
  parts.push(text(x + 170, 78, `Location cards: ${held} (of ${cards.max}); deck ${cards.deck}`,
    19, cream, "", "start", ' class="cards"'));
  if (view.over || view.result) { // over, or ended by the table (its result given)
    const returns = view.result.returns || [];
    const best = returns.length ? Math.max(...returns) : 0;
    const teams = new Set(returns.flatMap((r, i) => (r === best ? [view.seats[i].team] : [])));
    const head = teams.size !== 1 ? "Game over: a draw"
      : `Game over: ${data.team_words[[...teams][0]]} wins`;
    parts.push(text(20, 116, head, 22, gold, "bold"));
  } else {
    const mine = active(view).seat === (view.seat ?? null);
    parts.push(text(20, 116, phaseLine(view, data), 22, mine ? gold : cream, "bold", "start",
      ' class="phase"'));
  }
  parts.push("</g>");
  return parts.join("");
}

/** svg._location_card: a card the government holds, face up on its place's corner. */
function locationCard(p, x, y, data) {
  const { cream, ink } = data.colours;
  const g = general;
  return `<g data-location-card="${escape(p.id)}" ` +
    `transform="rotate(8 ${g(x + 14)} ${g(y + 19)})">` +
    `<title>The government holds the ${escape(p.name)} location card</title>` +
    `<rect x="${g(x)}" y="${g(y)}" width="28" height="38" rx="4" fill="${cream}" ` +
    `stroke="${ink}" stroke-width="2"/>` +
    `<circle cx="${g(x + 14)}" cy="${g(y + 15)}" r="6" fill="#c0392b" stroke="${ink}" ` +
    `stroke-width="1.5"/><path d="M${g(x + 9)} ${g(y + 18)}L${g(x + 14)} ${g(y + 30)}` +
    `L${g(x + 19)} ${g(y + 18)}Z" fill="#c0392b"/></g>`;
}

/** svg._place: a place's box (clickable to move there), its unrest badge and pips. */
function place(view, p, [x, y], move, data) {
  const L = data.layout;
  const { gold, ink } = data.colours;
  const stroke = move ? gold : ink;
  const what = data.place_words[p.kind] ?? "a civilian place";
  const unrest = p.unrest !== null ? `; unrest ${p.unrest} of ${view.max_unrest}` : "";
  const box = `<rect x="${general(x)}" y="${general(y)}" width="${L.box_w}" ` +
    `height="${L.box_h}" rx="12" fill="${data.kind_fill[p.kind]}" stroke="${stroke}" ` +
    `stroke-width="${move ? 5 : 2}"/>` + text(x + 9, y + 24, p.name, 17, ink, "bold");
  const parts = [`<g class="place" data-place="${escape(p.id)}"><title>${escape(p.name)}: ` +
    `${escape(what)}${escape(unrest)}</title>`, clickable(box, move)];
  if (p.unrest !== null) {
    // only civilian places have unrest, and they are in the grid: x and y are integers here
    const hot = p.unrest > 0;
    parts.push('<g class="unrest-badge" pointer-events="none">' +
      `<rect x="${general(x + 8)}" y="${y + 34}" width="94" height="24" rx="12" ` +
      `fill="${hot ? "#e67e22" : "#efe3c4"}" stroke="#b35400" stroke-width="1.5"/>` +
      text(x + 55, y + 52, `unrest ${p.unrest}`, 16, hot ? "#fff" : "#8a5a2b", "bold",
        "middle") + "</g>");
    for (let i = 0; i < view.max_unrest; i++) {
      const fill = i < p.unrest ? "#e67e22" : "none";
      parts.push(`<circle class="unrest" cx="${general(x + 112 + i * 12)}" cy="${y + 46}" ` +
        `r="5" fill="${fill}" stroke="#b35400" stroke-width="2" pointer-events="none"/>`);
    }
  }
  if (view.open && view.location_cards.cards.includes(p.name)) {
    parts.push(locationCard(p, x + L.box_w - 20, y - 12, data));
  }
  parts.push("</g>");
  return parts.join("");
}

/** svg._unit: a unit's token (picture on its colour, gold ring if playing, wanted badge). */
function unit(u, x, y, mine, data) {
  const ring = u.active
    ? `<circle r="24" fill="none" stroke="${data.colours.gold}" stroke-width="4"/>` : "";
  const you = mine
    ? '<circle r="20" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 3"/>' : "";
  let badge = "";
  if (u.wanted !== null) {
    badge = '<g class="wanted-badge"><circle cx="15" cy="-15" r="12" fill="#111" ' +
      'stroke="#fff" stroke-width="1.5"/><text x="15" y="-9" font-size="17" ' +
      'font-weight="bold" fill="#fff" text-anchor="middle" class="wanted">' +
      `${u.wanted}</text></g>`;
  }
  const wanted = u.wanted !== null ? `, wanted ${u.wanted}` : "";
  return `<g class="unit-at" data-key="unit:${escape(u.id)}">` +
    `<g transform="translate(${general(x)},${general(y)})" class="unit" ` +
    `data-unit="${escape(u.id)}">` +
    `<title>${escape(u.name)} (${data.team_words[u.team]})${escape(wanted)}</title>${ring}` +
    `<circle r="19" fill="${data.role_fill[u.role]}" stroke="#fff" stroke-width="2"/>` +
    `${data.pictures[u.role]}${you}${badge}</g></g>`;
}

/** svg._civilian: a civilian's figure, gold-edged when linked to a dissent. */
function civilian(civ, x, y, data) {
  const linked = civ.linked_to ? `, linked to ${civ.linked_to.toUpperCase()}` : "";
  const edge = civ.linked_to ? data.colours.gold : "#fff";
  return `<g class="civilian-at" data-key="civ:${escape(civ.id)}">` +
    `<g transform="translate(${general(x)},${general(y)})" class="civilian" ` +
    `data-civilian="${escape(civ.id)}"><title>A civilian from the ${escape(civ.from)}` +
    `${escape(linked)}</title><circle r="19" fill="#8e44ad" stroke="${edge}" ` +
    `stroke-width="${civ.linked_to ? 3 : 2}"/>` +
    '<circle cy="-6" r="6" fill="#fff"/><path d="M-10 12q0 -12 10 -12t10 12z" ' +
    'fill="#fff"/></g></g>';
}

/** svg._pieces: units and civilians on their places, three a row. */
function pieces(view, byId, pos, data) {
  const parts = [];
  const put = (piece, where, action) => {
    // a piece that is not itself a choice lets clicks through to a place one may move to
    if (action == null && byId.has(`move:${where}`)) {
      piece = `<g pointer-events="none">${piece}</g>`;
    }
    parts.push(clickable(piece, action));
  };
  const seat = view.seat ?? null;
  const all = spots(view, pos, data);
  view.units.forEach((u, i) => {
    const [[x, y], ids] = all[i];
    put(unit(u, x, y, u.seat === seat, data), u.place, byId.get(ids[0]));
  });
  view.civilians.forEach((civ, i) => {
    const [[x, y], ids] = all[view.units.length + i];
    const choice = ids.find((id) => byId.has(id));
    put(civilian(civ, x, y, data), civ.place, choice && byId.get(choice));
  });
  return parts.join("");
}

/** svg._spots: each unit's then each civilian's token centre (three a row on its place) and
 * the actions that may be drawn on it. */
function spots(view, pos, data) {
  const here = {};
  const pieces = view.units.map((u) => [u.place, [`arrest:${u.id}`]]).concat(
    view.civilians.map((c) => [c.place, data.civ_order.map((k) => `${k}:${c.id}`)]));
  return pieces.map(([where, ids]) => {
    const [x, y] = pos[where];
    const k = here[where] ?? 0;
    here[where] = k + 1;
    return [[x + 28 + (k % 3) * data.layout.spacing, y + 84 + Math.floor(k / 3) * 44], ids];
  });
}

/** svg._roster_box: the i-th roster entry's top-left corner and width (its height is 74). */
function rosterBox(i, top, data) {
  const cw = (data.layout.width - 40 - 3 * 10) / 4;
  return [20 + (i % 4) * (cw + 10), top + 36 + Math.floor(i / 4) * 84, cw];
}

/** svg._roster: every unit, whose it is and whether it has played; end:<unit> is here. */
function roster(view, byId, top, data) {
  const { cream, gold } = data.colours;
  const choosing = [...byId.keys()].some((k) => k.startsWith("end:"));
  const title = choosing ? "Choose the unit that plays next:" : "Units this round";
  const parts = ['<g class="roster">', text(20, top + 24, title, 19, choosing ? gold : cream,
    "bold")];
  const seat = view.seat ?? null;
  // each seat's panel (where the page says it is thinking): its playing unit, else its first
  const panel = {};
  for (const u of [...view.units].reverse()) panel[u.seat] = u.id;
  for (const u of view.units) if (u.active) panel[u.seat] = u.id;
  view.units.forEach((u, i) => {
    const [x, y, cw] = rosterBox(i, top, data);
    const state = u.played ? "played" : (u.active ? "playing" : "to play");
    const owner = u.seat === seat ? "you" : view.seats[u.seat].name;
    const wanted = u.wanted !== null ? ` · wanted ${u.wanted}` : "";
    const mark = panel[u.seat] === u.id ? ` data-seat-panel="${u.seat}"` : "";
    const fill = data.role_fill[u.role];
    const item = `<g class="roster-unit" data-unit="${escape(u.id)}"${mark}>` +
      `<rect x="${general(x)}" y="${general(y)}" width="${general(cw)}" height="74" rx="10" ` +
      `fill="#55524a" stroke="${fill}" stroke-width="4"/>` +
      `<g transform="translate(${general(x + 30)},${general(y + 37)})">` +
      `<circle r="19" fill="${fill}"/>${data.pictures[u.role]}</g>` +
      text(x + 56, y + 30, u.name, 17, cream, "bold") +
      text(x + 56, y + 56, `${owner} · ${state}${wanted}`, 16, "#e8dcc0") + "</g>";
    parts.push(clickable(item, byId.get(`end:${u.id}`)));
  });
  parts.push("</g>");
  return parts.join("");
}

/** svg._busy: what the menu must leave uncovered, as [x, y, width, height]: every place's
 * name, every place one may move to, every piece and roster entry that is itself a choice. */
function busy(view, byId, pos, rosterTop, data) {
  const L = data.layout;
  const boxes = [];
  for (const p of view.places) {
    const [x, y] = pos[p.id];
    boxes.push([x, y, L.box_w, byId.has(`move:${p.id}`) ? L.box_h : L.name_h]);
  }
  for (const [[x, y], ids] of spots(view, pos, data)) {
    if (ids.some((id) => byId.has(id))) boxes.push([x - 28, y - 28, 56, 56]);
  }
  view.units.forEach((u, i) => {
    if (byId.has(`end:${u.id}`)) {
      const [x, y, cw] = rosterBox(i, rosterTop, data);
      boxes.push([x, y, cw, 74]);
    }
  });
  return boxes;
}

/** svg._menu_spot: where the menu goes, [x, y, width, height]: the first spot (kept within
 * the board) that covers nothing `busy` names, of right of, left of, below and above the
 * acting unit's place, then on a diagonal neighbour under its name, then under any place's
 * name or at either edge of a row, nearest first; else a band below the roster, which grows
 * the board. */
function menuSpot(view, rest, byId, pos, rosterTop, height, data) {
  if (!rest.length || view.over) return null;
  const L = data.layout;
  const { box_w: boxW, box_h: boxH, width: W, menu_row: row, menu_gap: gap } = L;
  const [x, y] = pos[active(view).place];
  // Python's len() counts code points, not UTF-16 units
  const w = Math.max(...rest.map((a) => [...a.label].length)) * L.menu_text * 0.62 + 32;
  const h = rest.length * (row + gap) + gap;
  const boxes = busy(view, byId, pos, rosterTop, data);
  const tries = [[x + boxW + 6, y + 8], [x + boxW + 6, y + L.name_h], [x - 6 - w, y + 8],
    [x - 6 - w, y + L.name_h], [x, y + boxH + 6], [x, y - 6 - h],
    [x + L.step_x, y + L.step_y + L.name_h], [x + boxW - L.step_x - w, y + L.step_y + L.name_h],
    [x + L.step_x, y - L.step_y + L.name_h], [x + boxW - L.step_x - w, y - L.step_y + L.name_h]];
  const far = Object.values(pos).flatMap(([px, py]) => [[px, py + L.name_h],
    [px + boxW - w, py + L.name_h]]);
  const rows = [...new Set(Object.values(pos).map(([, py]) => py))].sort((a, b) => a - b);
  for (const py of rows) far.push([6.0, py + L.name_h], [W - 6 - w, py + L.name_h]);
  const away = ([cx, cy]) => (cx - x) * (cx - x) + (cy - y) * (cy - y);
  far.sort((a, b) => away(a) - away(b));
  tries.push(...far);
  for (const [cx, cy] of tries) {
    const mx = Math.min(Math.max(6.0, cx), W - 6 - w);
    const my = Math.min(Math.max(L.grid_y - 6.0, cy), height - h - 6);
    if (!boxes.some(([bx, by, bw, bh]) => mx < bx + bw && bx < mx + w && my < by + bh &&
        by < my + h)) {
      return [mx, my, w, h];
    }
  }
  return [Math.min(Math.max(6.0, x), W - 6 - w), height, w, h];
}

/** svg._menu: the acting unit's choices that have no piece of their own, as buttons at
 * `spot`. */
function menu(rest, [mx, my, w, h], data) {
  const { menu_row: row, menu_gap: gap, menu_text: size } = data.layout;
  const { gold, ink } = data.colours;
  const parts = [`<g class="unit-menu"><rect data-focus="menu" x="${general(mx)}" ` +
    `y="${general(my)}" width="${general(w)}" height="${general(h)}" rx="12" fill="#1f1e1b" ` +
    `fill-opacity=".94" stroke="${gold}" stroke-width="3"/>`];
  rest.forEach((a, i) => {
    const by = my + gap + i * (row + gap);
    const button = `<rect x="${general(mx + 6)}" y="${general(by)}" width="${general(w - 12)}" ` +
      `height="${row}" rx="${general(row / 2)}" fill="${gold}" stroke="#a37a12" ` +
      'stroke-width="2"/>' +
      text(mx + w / 2, by + row / 2 + size * 0.36, a.label, size, ink, "bold", "middle");
    parts.push(clickable(button, a));
  });
  parts.push("</g>");
  return parts.join("");
}

/** svg.render: the whole board for one seat's view and its legal (and route) actions. */
export function render(view, actions, data) {
  const L = data.layout;
  const W = L.width;
  const byId = new Map(actions.map((a) => [a.id, a]));
  const pos = positions(view, L);
  const rows = view.grid.rows;
  const rosterTop = L.grid_y + rows * L.step_y + 4;
  let height = rosterTop + 44 + Math.floor((view.units.length + 3) / 4) * 84 + 12;
  const out = [header(view, data)];
  out.push('<g class="links" stroke="#e8d9b0" stroke-width="8" stroke-linecap="round" ' +
    'opacity=".8">');
  for (const [a, b] of view.links) {
    const [xa, ya] = pos[a];
    const [xb, yb] = pos[b];
    out.push(`<line x1="${general(xa + L.box_w / 2)}" y1="${general(ya + L.box_h / 2)}" ` +
      `x2="${general(xb + L.box_w / 2)}" y2="${general(yb + L.box_h / 2)}"/>`);
  }
  out.push("</g>");
  for (const p of view.places) out.push(place(view, p, pos[p.id], byId.get(`move:${p.id}`), data));
  out.push(pieces(view, byId, pos, data));
  out.push(roster(view, byId, rosterTop, data));
  const placed = new Set([...out.join("").matchAll(/data-action="([^"]*)"/g)].map((m) => m[1]));
  const rest = actions.filter((a) => !placed.has(escape(a.id)));
  const spot = menuSpot(view, rest, byId, pos, rosterTop, height, data);
  if (spot !== null) {
    height = Math.max(height, spot[1] + spot[3] + 12);
    out.push(menu(rest, spot, data));
  }
  const top = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${general(height)}" ` +
    `width="100%" class="rat-and-duck" font-family="${data.font}" ` +
    `data-prompt="${escape(phaseLine(view, data))}" aria-label="Rat &amp; Duck: the city">`,
  `<desc>${escape(describe(view))}</desc>`,
  `<rect width="${W}" height="${general(height)}" rx="18" fill="#3b3a36"/>`];
  return top.concat(out, ["</svg>"]).join("");
}
