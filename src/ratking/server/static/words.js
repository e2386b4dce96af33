// Plain words shared by the lobby and the table: how a seat's kind reads on screen.
const LEVELS = { random: "random", easy: "easy", heuristic: "normal", bot: "normal",
                 normal: "normal", hard: "hard", expert: "expert" };

export function botLevel(kind) {
  // "hard" -> "hard"; "ismcts:ms=500" -> "search"; anything else by its name
  const name = String(kind).split(":")[0];
  return LEVELS[name] || (name === "ismcts" ? "search" : name);
}

export function seatKind(kind) {
  return kind === "human" ? "" : `${botLevel(kind)} bot`;
}

export function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

export function listing(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
