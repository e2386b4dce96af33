// The board drawn in the browser: each game's renderer (boards/<game-id>.js, or the file its
// package ships, both served at /api/games/<game-id>/board.js) draws, from the
// view the server sends and the game's words and tables (/api/games/<id>/board-data), the
// same SVG the server's Python renderer would (tests/boards/test_board_js.py keeps them so).
// A game with no renderer here has its board drawn by the server and sent as `svg`.

const loaded = new Map();  // game id -> a promise of its draw(message) function

/** The function that turns a state message into its board's SVG, once the renderer and the
 * game's data are loaded (once per page and game). */
export function boardFor(game) {
  if (!/^[a-z0-9-]+$/.test(game)) return Promise.reject(new Error(`no game ${game}`));
  if (!loaded.has(game)) {
    const data = fetch(`/api/games/${game}/board-data`).then((response) => {
      if (!response.ok) throw new Error(`the board of ${game} could not be loaded`);
      return response.json();
    });
    // ratking's own renderer (a redirect to ./<game>.js) or the game package's
    const script = import(`/api/games/${game}/board.js`);
    loaded.set(game, Promise.all([script, data]).then(([module, words]) =>
      (message) => module.render(viewOf(message), message.actions.concat(message.route_actions),
                                 tableData(words, message.table))));
    loaded.get(game).catch(() => loaded.delete(game));  // a later message tries again
  }
  return loaded.get(game);
}

/** The view to draw: a table ended otherwise than by the game's rules (a resignation, a
 * vote to end) gives it the table's result, which the game's own view cannot know, so that
 * the board says the game is over and names nobody to move. */
function viewOf(message) {
  const { view, result } = message;
  if (!result || view.result) return view;
  return { ...view, result: { returns: result.returns, scores: result.scores, end: result.end } };
}

let merged = [null, null, null];  // [game's data, table's data, the two together]

/** The game's board data, with what the table's card file changes of it (its set-up's
 * board_data: card texts and values) over it. */
function tableData(words, table) {
  const own = table?.board_data;
  if (!own) return words;
  if (merged[0] !== words || merged[1] !== own) merged = [words, own, { ...words, ...own }];
  return merged[2];
}

/** The board of a state message: sent drawn (`svg`), or drawn here from its view. */
export function boardOf(message, draw) {
  return message.svg ?? draw(message);
}
