// What every board renderer needs to write the same SVG text as the Python renderers
// (games/*/svg.py) do: Python's html.escape, its number formatting and a few words.
// A board drawn here from a view must equal, byte for byte, the one Python draws from it;
// tests/boards/test_board_js.py checks that over random play in every game.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Python's html.escape(text) (quotes too). */
export function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Python's round(x) to an integer: halves go to the even neighbour. */
export function roundHalfEven(x) {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Python's f"{x:.{digits}f}": like toFixed, but an exact tie goes to the even digit. */
export function fixed(x, digits) {
  const scaled = x * 10 ** digits;
  if (Number.isFinite(scaled) && Number.isInteger(scaled * 2) && !Number.isInteger(scaled)) {
    const n = roundHalfEven(scaled);
    return formatScaled(n, digits);
  }
  return x.toFixed(digits);
}

function formatScaled(n, digits) {
  const negative = n < 0;
  let text = String(Math.abs(n)).padStart(digits + 1, "0");
  if (digits) text = `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/** Python's str() of a float (repr): the shortest text that reads back, "1.0" not "1". */
export function floatText(x) {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return `${x}.0`;
  const text = String(x);
  const exp = text.match(/^(-?[\d.]+)e([+-])(\d+)$/);
  if (!exp) return text;
  return `${exp[1]}e${exp[2]}${exp[3].padStart(2, "0")}`;
}

/** Python's f"{x:g}": six significant digits, no trailing zeros. */
export function general(x, precision = 6) {
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const exponent = Math.floor(Math.log10(Math.abs(x)));
  if (exponent < -4 || exponent >= precision) {
    const [mantissa, exp] = x.toExponential(precision - 1).split("e");
    const m = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
    const sign = exp[0] === "-" ? "-" : "+";
    return `${m}e${sign}${exp.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  const text = fixed(x, Math.max(0, precision - 1 - exponent));
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** core.plural: "1 rat", "2 rats"; `many` for a plural that is not noun + "s". */
export function plural(n, noun, many = null) {
  return n === 1 ? `${n} ${noun}` : `${n} ${many || `${noun}s`}`;
}

/** core.seat_label: "Ana (you)", but "You" stays "You". */
export function seatLabel(name, mine) {
  return mine && name.trim().toLowerCase() !== "you" ? `${name} (you)` : name;
}
