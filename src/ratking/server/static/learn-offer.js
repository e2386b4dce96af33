// "Learn to play" for someone who has never played a game: which games this browser has
// played (localStorage), marked by the learn page and the table page; the lobby puts the
// lesson first for the others (and, for an account, for the games it has no result in).
const KEY = "ratking.played";

/** The ids of the games this browser has played. */
export function played() {
  try { return new Set(JSON.parse(localStorage.getItem(KEY) || "[]")); } catch { return new Set(); }
}

/** Remember that this browser has played `game`. */
export function markPlayed(game) {
  const games = played();
  if (games.has(game)) return;
  games.add(game);
  try { localStorage.setItem(KEY, JSON.stringify([...games])); } catch { /* private mode */ }
}

/** The games `account` (GET /api/me, or null) has played: any table of theirs, any rating. */
function accountGames(account) {
  if (!account) return new Set();
  return new Set([...(account.tables || []).map((t) => t.game),
                  ...Object.keys(account.ratings || {})]);
}

/** In the lobby's list of games (`list`, from GET /api/games): a "Learn to play" link first
 * in each card of a game with a tutorial that this browser and `account` never played. */
export function offerLessons(list, games, account) {
  const done = new Set([...played(), ...accountGames(account)]);
  for (const game of games) {
    const wrap = list.querySelector(`[data-game="${CSS.escape(game.id)}"]`)?.parentElement;
    if (!wrap) continue;
    wrap.querySelector(".learn-offer")?.remove();
    if (!game.tutorial || done.has(game.id)) continue;
    const link = document.createElement("a");
    link.className = "learn-offer";
    link.href = `/learn/${game.id}`;
    link.dataset.learn = game.id;
    link.textContent = `New to ${game.title}? Learn to play`;
    wrap.prepend(link);
  }
}
