// Finishing a game (the server's rooms/finishing.py): Resign (a loss), a vote to end the game
// with no result (everyone still in must accept), Abort before a second player has moved, and,
// at a rated table, Claim the win from a person to move who timed out or left. Also what a
// rated table says of itself, and each person's rating beside their name.
import { possessive } from "./words.js";

const $ = (id) => document.getElementById(id);
let send = () => {};

function box() {
  // drawn under the seat list, in the Seats panel (made once)
  let node = $("finish");
  if (node) return node;
  node = document.createElement("div");
  node.id = "finish";
  node.className = "finish";
  node.dataset.testid = "finish";
  $("close-table").before(node);
  return node;
}

function button(text, testid, onclick, className = "") {
  const node = document.createElement("button");
  node.type = "button";
  node.textContent = text;
  node.dataset.testid = testid;
  if (className) node.className = className;
  node.addEventListener("click", onclick);
  return node;
}

function abortButton(text) {
  return button(text, "abort", () => {
    if (confirm("Abort this game? The table closes, with no result.")) send({ type: "abort" });
  });
}

function line(text, testid) {
  const node = document.createElement("p");
  node.className = "finish-note";
  node.textContent = text;
  if (testid) node.dataset.testid = testid;
  return node;
}

export function initFinish(sender) {
  send = sender;
}

// a rating as one number (OpenSkill's ordinal, one decimal, a true minus), "?" while
// provisional
export function ratingText(value, provisional) {
  return `${value < 0 ? "−" : ""}${Math.abs(value).toFixed(1)}${provisional ? "?" : ""}`;
}

// the rating shown beside a person's name, and a seat that left the game
export function seatNote(seat) {
  const parts = [];
  if (seat.rating) parts.push(ratingText(seat.rating.ordinal, seat.rating.provisional));
  if (seat.out) parts.push(seat.out === "out" ? "out" : seat.out);
  return parts.length ? ` · ${parts.join(" · ")}` : "";
}

// called with each state message (null: a replay is shown)
export function drawFinish(message) {
  const node = box();
  node.replaceChildren();
  if (!message) return;
  const table = message.table;
  // a game ended by a resignation, a claim or a vote: the board's own prompt no longer holds
  if (message.result && table.outcome?.end) $("prompt").textContent = "";
  const names = table.seats.map((s) => s.name);
  const mine = message.you.filter((s) => !table.seats[s].out);
  const playing = table.status === "playing" && !message.result && !table.waiting;
  if (table.rated) {
    node.append(line(table.unrated_because ? `Not rated: ${table.unrated_because}.`
      : "Rated game: no hints, no undo; leaving or running out of time loses.", "rated-note"));
  }
  if (!playing || !mine.length) {
    if (table.status === "playing" && table.abortable && mine.length) {
      node.append(abortButton("Abort the game"));  // a quick table still waiting
    }
    return;
  }
  const seat = mine.includes(message.seat) ? message.seat : mine[0];
  const claim = table.claim;
  if (claim && !message.you.includes(claim.seat)) {
    const who = names[claim.seat];
    node.append(line(claim.why === "timed out" ? `${possessive(who)} time has run out.`
      : `${who} has left the table.`, "claim-note"));
    node.append(button(`Claim the win`, "claim", () => send({ type: "claim", seat }),
                       "primary"));
  }
  const proposal = table.proposal;
  if (proposal && proposal.declined !== undefined) {
    node.append(line(`${names[proposal.declined]} declined to end the game.`, "vote-note"));
  } else if (proposal) {
    const voted = proposal.yes.includes(seat);
    node.append(line(`${names[proposal.by]} proposes to end the game with no result` +
      (voted ? ": waiting for the others." : "."), "vote-note"));
    if (!voted) {
      node.append(button("Accept", "vote-yes", () => send({ type: "vote-end", seat, accept: true })),
                  button("Decline", "vote-no", () => send({ type: "vote-end", seat, accept: false })));
    }
  }
  const row = document.createElement("div");
  row.className = "finish-row";
  if (table.abortable) row.append(abortButton("Abort"));
  if (!proposal) {
    row.append(button("Propose to end", "propose-end", () => {
      if (confirm("Propose to end this game with no result? Everyone must accept.")) {
        send({ type: "propose-end", seat });
      }
    }));
  }
  row.append(button("Resign", "resign", () => {
    if (confirm(`Resign? It counts as a loss${table.rated ? " in the ratings" : ""}.`)) {
      send({ type: "resign", seat });
    }
  }, "danger"));
  node.append(row);
}
