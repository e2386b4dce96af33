// The table's side panels (seats, how to win, the log, the chats, settings) share one column
// as tabs, so that the board keeps its room: a WAI-ARIA tab list (arrow keys, Home and End
// move between tabs; the one chosen is remembered), a panel the page hides (`hidden`: not
// offered now) losing its tab, and a tab whose panel receives a new chat line while another
// is shown marked until it is opened.
const KEY = "ratking.sideTab";
const tabs = new Map();  // panel id -> its tab button

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

function remember(id) {
  try { localStorage.setItem(KEY, id); } catch { /* private mode: not kept */ }
}

function offered(panel) {
  return !panel.hidden;
}

/** Show the panel `id` and select its tab; `focus` moves the keyboard focus to the tab. */
function select(id, { focus = false, keep = true } = {}) {
  for (const [panelId, tab] of tabs) {
    const on = panelId === id;
    const panel = document.getElementById(panelId);
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    panel.classList.toggle("tab-off", !on);
    if (on) {
      tab.classList.remove("unread");
      tab.querySelector(".unread-note").textContent = "";
    }
  }
  if (focus) tabs.get(id)?.focus();
  if (keep) remember(id);
}

function selected() {
  for (const [id, tab] of tabs) if (tab.getAttribute("aria-selected") === "true") return id;
  return null;
}

/** Tabs follow the panels the page offers: a panel hidden loses its tab; the tab shown
 * moves to the remembered one, else the first offered, when its own goes. */
function sync() {
  let first = null;
  for (const [id, tab] of tabs) {
    const on = offered(document.getElementById(id));
    tab.hidden = !on;
    if (on && first === null) first = id;
  }
  const now = selected();
  if (now && !tabs.get(now).hidden) return;
  const wanted = remembered();
  const pick = wanted && tabs.has(wanted) && !tabs.get(wanted).hidden ? wanted : first;
  if (pick) select(pick, { keep: false });
}

function onKey(event) {
  const order = [...tabs.entries()].filter(([, tab]) => !tab.hidden).map(([id]) => id);
  const at = order.indexOf(event.currentTarget.getAttribute("aria-controls"));
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: order.length - 1 }[event.key];
  if (to === undefined || !order.length) return;
  event.preventDefault();
  select(order[(to + order.length) % order.length], { focus: true });
}

/** A new line arrived in the panel `id` (a chat): its tab is marked if another is shown. */
export function markNew(id) {
  const tab = tabs.get(id);
  if (!tab || tab.getAttribute("aria-selected") === "true") return;
  tab.classList.add("unread");
  tab.querySelector(".unread-note").textContent = " (new messages)";
}

/** Make tabs of the panels marked data-tab in `side`, their list put in `list`. */
export function initTabs(side, list) {
  for (const panel of side.querySelectorAll(":scope > [data-tab]")) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.id = `tab-${panel.id}`;
    tab.className = "side-tab";
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", panel.id);
    tab.dataset.testid = `tab-${panel.id}`;
    const name = document.createElement("span");
    name.textContent = panel.dataset.tab;
    const note = document.createElement("span");
    note.className = "unread-note visually-hidden";
    tab.append(name, note);
    tab.addEventListener("click", () => select(panel.id));
    tab.addEventListener("keydown", onKey);
    list.append(tab);
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tab.id);
    panel.tabIndex = 0;
    tabs.set(panel.id, tab);
    new MutationObserver(sync).observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  }
  sync();
}
