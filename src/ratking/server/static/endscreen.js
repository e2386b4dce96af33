// The end screen: who won and by which rule (each game's ending hook), teams, "you", the
// game's own scores; then a rematch (same seats, rules and bots, a new seed) that every player
// follows with the seat they hold.
import { ratingText } from "./finish.js";
import { listing } from "./words.js";

const $ = (id) => document.getElementById(id);

function outcomes(result, ending) {
  // per seat: "Winner", "Shared win", "Draw" or "" (from the engine's returns)
  const returns = result.returns;
  const winners = ending ? ending.winners
    : returns.map((r, i) => (r === Math.max(...returns) ? i : -1)).filter((i) => i >= 0);
  if (!winners.length) return returns.map(() => "Draw");
  const team = ending && ending.team;
  return returns.map((_r, i) => {
    if (!winners.includes(i)) return "";
    return winners.length > 1 && !team ? "Shared win" : "Winner";
  });
}

export function headline(result, ending, you) {
  if (!ending) return "";
  if (ending.headline) return ending.headline;  // a game ended by a vote, or aborted
  if (!ending.winners.length) return `A draw: ${ending.rule}.`;
  const names = ending.winners.map((i) => (you.includes(i) ? "you" : result.names[i]));
  // "you" goes last: "Ana and you"
  names.sort((a, b) => (a === "you") - (b === "you"));
  const who = listing(names);
  let text;
  if (ending.team) {
    text = `${ending.team} (${who}) wins ${ending.rule}.`;
  } else {
    const one = names.length === 1 && names[0] !== "you";
    text = `${who} ${one ? "wins" : "win"} ${ending.rule}.`;
  }
  return text[0].toUpperCase() + text.slice(1);
}

export function showResult(message) {
  const { result, ending, you } = message;
  $("over-title").textContent = "Game over";
  $("over-headline").textContent = headline(result, ending, you);
  const table = $("over-table");
  table.replaceChildren();
  const teams = ending && ending.teams;
  const scores = ending ? ending.scores : result.scores && result.scores.map(String);
  const head = table.insertRow();
  for (const text of ["Player", teams ? "Team" : null, scores ? (ending ? ending.column : "Score")
    : null, "Result"]) {
    if (text === null) continue;
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  const marks = ending?.marks || outcomes(result, ending);  // "Resigned"... (a game left)
  // each person's rating change, one number (OpenSkill's ordinal), "?" while provisional
  const changes = result.rating_changes;
  if (changes) {
    const th = document.createElement("th");
    th.textContent = "Rating";
    head.append(th);
  }
  result.names.forEach((name, i) => {
    const row = table.insertRow();
    row.className = [["Winner", "Shared win"].includes(marks[i]) ? "winner" : "",
                     you.includes(i) ? "you" : ""].join(" ");
    const cells = [name + (you.includes(i) ? " (you)" : "")];
    if (teams) cells.push(teams[i]);
    if (scores) cells.push(scores[i]);
    cells.push(marks[i]);
    const change = changes && changes[i];
    if (changes) {
      cells.push(change ? `${change.change >= 0 ? "+" : ""}${ratingText(change.change)}` +
        ` → ${ratingText(change.after, change.provisional)}` : "");
    }
    for (const text of cells) row.insertCell().textContent = text;
  });
  // the game review (review.html): a link beside "Download record", made once; none for a
  // game without an evaluation to review it with
  let review = $("over-review");
  if (result.reviewable === false) {
    if (review) review.remove();
    return;
  }
  if (!review) {
    review = document.createElement("a");
    review.id = "over-review";
    review.className = "button";
    review.dataset.testid = "review-link";
    review.textContent = "Review the game";
    (($("over-record") || table).parentElement).append(review);
  }
  review.href = `${location.pathname.replace(/\/+$/, "")}/review`;
}

function copyKey(from, to, prefix, rewrite) {
  const text = localStorage.getItem(`${prefix}${from}`);
  if (text !== null && localStorage.getItem(`${prefix}${to}`) === null) {
    localStorage.setItem(`${prefix}${to}`, rewrite ? rewrite(text) : text);
  }
}

export function followRematch(tableId, next) {
  // each person keeps their seat: the rematch seats take the same tokens
  copyKey(tableId, next, "ratking:tokens:");
  copyKey(tableId, next, "ratking:owner:");  // its creator may close the rematch too
  copyKey(tableId, next, "ratking:invites:", (text) => {
    const invites = JSON.parse(text);
    for (const invite of invites) invite.invite = invite.invite.replace(`/t/${tableId}#`, `/t/${next}#`);
    return JSON.stringify(invites);
  });
  location.href = `/t/${encodeURIComponent(next)}`;
}

export function drawRematch(message, tableId, tokens, toast) {
  const button = $("over-rematch");
  const next = message.table.rematch;
  const player = message.you.length > 0;
  button.hidden = !message.result || (!next && !player);
  button.textContent = next ? (player ? "Join the rematch" : "Watch the rematch") : "Rematch";
  button.classList.toggle("pulse", Boolean(next && player));
  button.onclick = async () => {
    if (next) { followRematch(tableId, next); return; }
    button.disabled = true;
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ tokens: tokens() }),
    });
    const answer = await response.json();
    button.disabled = false;
    if (!response.ok) { toast(answer.error || "Could not start a rematch"); return; }
    followRematch(tableId, answer.id);
  };
}
