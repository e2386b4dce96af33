// Draws boards with the browser's renderers (server/static/boards/<game>.js) for the
// comparison in test_board_js.py. Reads {"game", "data", "cases": [[view, actions], ...]}
// as JSON on stdin (and "module", the path of a game package's renderer) and writes the list
// of SVG texts (or {"error"} for a case that threw).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const input = JSON.parse(readFileSync(0, "utf8"));
const here = new URL(".", import.meta.url).pathname;
const module = input.module ??  // a game package's own renderer, or ratking's
  resolve(here, "../../src/ratking/server/static/boards", `${input.game}.js`);
const { render } = await import(pathToFileURL(module).href);
const out = input.cases.map(([view, actions]) => {
  try {
    return render(view, actions, input.data);
  } catch (error) {
    return { error: String(error && error.stack || error) };
  }
});
process.stdout.write(JSON.stringify(out));
