// What every board renderer needs to write the same SVG text as the Python renderers
// (games/*/svg.py) do: Python's html.escape, its number formatting and a few words.
// A board drawn here from a view must equal, byte for byte, the one Python draws from it;
// tests/boards/test_board_js.py checks that over random play in every game, and
// tests/boards/test_common_js.py checks each helper against the Python it stands for.

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

/** Python's f"{x:.{digits}f}": the exact value of x rounded, an exact tie to the even digit. */
export function fixed(x, digits) {
  if (!Number.isFinite(x)) return special(x);
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (Number.isSafeInteger(x)) {  // the common case, without the exact arithmetic
    return sign + String(Math.abs(x)) + (digits ? `.${"0".repeat(digits)}` : "");
  }
  // toFixed rounds the exact value too, and differs only on an exact tie (it goes away from
  // zero), which lies within a rounding error of a half once scaled: far from one, it is right
  const scaled = Math.abs(x) * 10 ** digits;
  if (scaled < 1e20 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-9 * (1 + scaled)) {
    return x.toFixed(digits);
  }
  const [n, exp] = exactDecimal(x);
  return sign + pointed(roundAt(n, exp, -digits), digits);
}

/** Python's f"{x:g}" (f"{x:.{precision}g}"): that many significant digits, rounded as
 * fixed() rounds, no trailing zeros, an exponent below 1e-4 and from 10 ** precision up. */
export function general(x, precision = 6) {
  if (!Number.isFinite(x)) return special(x);
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0`;
  const p = Math.max(1, precision);
  if (Number.isSafeInteger(x) && Math.abs(x) < 10 ** p) return String(x);  // the common case
  const [n, exp] = exactDecimal(x);
  let top = String(n).length - 1 + exp;  // the exponent of the leading digit
  let kept = roundAt(n, exp, top - p + 1);
  if (String(kept).length > p) {  // rounded up to the next power of ten (999999.5 -> 1e+06)
    top += 1;
    kept /= 10n;
  }
  const digits = String(kept);
  if (top >= -4 && top < p) return sign + trimmed(pointed(kept, p - 1 - top));
  return sign + trimmed(`${digits[0]}.${digits.slice(1)}`) + exponent(top);
}

/** Python's str() of a float (repr): the shortest digits that read back, as "1.0", "0.0001",
 * "1e-05", "1e+16" (an exponent below 1e-4 and from 1e16 up). */
export function floatText(x) {
  if (!Number.isFinite(x)) return special(x);
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0.0`;
  // String() writes the same shortest digits as Python, in another layout: read them back
  const [mantissa, e = "0"] = String(Math.abs(x)).split("e");
  const [whole, fraction = ""] = mantissa.split(".");
  const significant = (whole + fraction).replace(/^0+/, "");  // x is not 0: a digit is left
  const digits = significant.replace(/0+$/, "");
  const top = whole.length - 1 + Number(e) - (whole.length + fraction.length - significant.length);
  if (top < -4 || top >= 16) {
    return sign + (digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits) + exponent(top);
  }
  if (top < 0) return `${sign}0.${"0".repeat(-top - 1)}${digits}`;
  const padded = digits.padEnd(top + 1, "0");
  return `${sign}${padded.slice(0, top + 1)}.${padded.slice(top + 1) || "0"}`;
}

/** Python's text for the floats that are not finite. */
function special(x) {
  return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
}

/** Python's exponent of a float's text: "e+06", "e-05", "e+123". */
function exponent(top) {
  return `e${top < 0 ? "-" : "+"}${String(Math.abs(top)).padStart(2, "0")}`;
}

/** The exact value of |x| (finite, a double is a binary fraction) as [n, exp]: n * 10 ** exp,
 * n a BigInt. */
function exactDecimal(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  let mantissa = bits & 0xfffffffffffffn;
  let power = biased === 0 ? -1074 : biased - 1075;  // |x| = mantissa * 2 ** power
  if (biased !== 0) mantissa |= 1n << 52n;
  while (mantissa && !(mantissa & 1n) && power < 0) {
    mantissa >>= 1n;
    power += 1;
  }
  if (power >= 0) return [mantissa << BigInt(power), 0];
  return [mantissa * 5n ** BigInt(-power), power];  // m / 2 ** k = m * 5 ** k / 10 ** k
}

/** n * 10 ** exp rounded to a whole multiple of 10 ** at, ties to even: that multiple. */
function roundAt(n, exp, at) {
  if (at <= exp) return n * 10n ** BigInt(exp - at);
  const unit = 10n ** BigInt(at - exp);
  const q = n / unit;
  const twice = 2n * (n % unit);
  return twice > unit || (twice === unit && q % 2n === 1n) ? q + 1n : q;
}

/** A whole number n of 10 ** -digits as decimal text: pointed(1234n, 2) is "12.34". */
function pointed(n, digits) {
  const text = String(n).padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** Decimal text without trailing zeros after the point (nor the point itself, then). */
function trimmed(text) {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** core.plural: "1 rat", "2 rats"; `many` for a plural that is not noun + "s". */
export function plural(n, noun, many = null) {
  return n === 1 ? `${n} ${noun}` : `${n} ${many || `${noun}s`}`;
}

/** core.seat_label: "Ana (you)", but "You" stays "You". */
export function seatLabel(name, mine) {
  return mine && name.trim().toLowerCase() !== "you" ? `${name} (you)` : name;
}

// ---- Python's ways with JSON values, where JavaScript's differ ----

/** Python's str(x) of a JSON value: None, True, False, numbers and text. */
export function str(x) {
  if (x === null || x === undefined) return "None";
  if (x === true) return "True";
  if (x === false) return "False";
  return String(x);
}

/** Python's truth of a JSON value: empty lists and dicts, 0, "" and None are false. */
export function truthy(x) {
  if (Array.isArray(x)) return x.length > 0;
  if (x !== null && typeof x === "object") return Object.keys(x).length > 0;
  return Boolean(x);
}

/** Python's dict.get(key, default): the default only when the key is absent. */
export function get(obj, key, dflt = null) {
  return obj !== null && obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : dflt;
}

/** Python's len() of a text: code points, not UTF-16 units. */
export function len(text) {
  return Array.from(text).length;
}

/** Python's text[:end] (end may be negative), by code points. */
export function head(text, end) {
  return Array.from(text).slice(0, end).join("");
}
