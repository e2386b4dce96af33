// Runs static/boards/common.js's formatting helpers for test_common_js.py: reads one request a
// line on stdin, {"fn": name, "calls": [[arg, ...], ...]}, and answers each with one line, the
// JSON list of results (or {"error"} for a call that threw). Numbers arrive as Python's repr
// text ("inf", "-0.0", "1e-05") since JSON has no infinity, NaN or negative zero.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const here = new URL(".", import.meta.url).pathname;
const common = await import(
  pathToFileURL(resolve(here, "../../src/ratking/server/static/boards/common.js")).href);
const SPECIAL = { nan: NaN, inf: Infinity, "-inf": -Infinity };

/** A number from Python's repr of it. */
function number(text) {
  return text in SPECIAL ? SPECIAL[text] : Number(text);
}

for await (const line of createInterface({ input: process.stdin })) {
  const { fn, calls } = JSON.parse(line);
  const out = calls.map(([first, ...rest]) => {
    try {
      const args = [fn === "escape" ? first : number(first), ...rest.filter((a) => a !== null)];
      return common[fn](...args);
    } catch (error) {
      return { error: String(error && error.stack || error) };
    }
  });
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
