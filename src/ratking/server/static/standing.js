// The "how to win" panel: the goal in one sentence and where every seat stands toward it
// (each game's standing hook, computed on the server from the view this page was sent).
const $ = (id) => document.getElementById(id);

export function drawStanding(panel, you) {
  const section = $("standing-panel");
  if (!panel) { section.hidden = true; return; }
  section.hidden = false;
  $("goal").textContent = panel.goal;
  $("standing-note").textContent = panel.note || "";
  $("standing").replaceChildren(...panel.rows.map((row) => {
    const item = document.createElement("li");
    const mine = row.seats.some((s) => you.includes(s));
    item.className = mine ? "you" : "";
    const name = document.createElement("strong");
    name.textContent = row.name + (mine ? " (you)" : "");
    const text = document.createElement("span");
    text.textContent = row.text;
    item.append(name, text);
    if (row.progress !== null && row.progress !== undefined) {
      const bar = document.createElement("span");
      bar.className = "progress";
      bar.setAttribute("role", "img");
      bar.setAttribute("aria-label", `${Math.round(row.progress * 100)}% of the way`);
      const fill = document.createElement("span");
      fill.style.width = `${Math.round(row.progress * 100)}%`;
      bar.append(fill);
      item.append(bar);
    }
    return item;
  }));
}
