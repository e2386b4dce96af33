// Motion: pieces, cards and tokens glide from where they were to where they are.
// Renderers mark what can move with data-key (a stable id: a card's id, a unit, the pawn, a
// group on the move keyed by where its move began) and optionally data-family (what kind of
// piece it is, for a piece that appears under a new key: rats that ended their move come from
// where rats of their family left; a card dealt to a hand comes from the place whose card
// changed, data-v, or from the pile that shrank, data-n).
// Nothing moves when the person asks for reduced motion.

const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const DURATION = 450;

export function motionAllowed() {
  return !reduced.matches;
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, n: node.dataset.n,
           v: node.dataset.v };
}

/** Where every keyed piece of the board is now, before it is redrawn. */
export function snapshot(host) {
  const seen = new Map();
  if (!motionAllowed()) return seen;
  for (const node of host.querySelectorAll("[data-key]")) {
    if (node.getClientRects().length) seen.set(node.dataset.key, { ...centre(node),
                                                                    family: node.dataset.family });
  }
  return seen;
}

function scaleOf(node) {
  const ctm = node.parentNode?.getScreenCTM?.();
  return ctm ? Math.hypot(ctm.a, ctm.b) || 1 : 1;
}

function glide(node, from, to) {
  const k = scaleOf(node);
  const dx = (from.x - to.x) / k;
  const dy = (from.y - to.y) / k;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  node.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0px 0px" }],
               { duration: DURATION, easing: "cubic-bezier(.25,.8,.3,1)" });
}

/** Animate the redrawn board from `before` (a snapshot) to where its pieces are now. */
export function animate(host, before) {
  if (!motionAllowed() || !before.size) return;
  const now = new Map();
  for (const node of host.querySelectorAll("[data-key]")) now.set(node.dataset.key, node);
  // pieces that left their key behind: a new piece of the same family may have come from them
  const left = new Map();
  for (const [key, was] of before) {
    if (now.has(key) || !was.family) continue;
    if (!left.has(was.family)) left.set(was.family, []);
    left.get(was.family).push(was);
  }
  // pieces that stayed but hold fewer (a pile, a token), or show another piece (a card
  // replaced): a piece of theirs went elsewhere
  const shrunk = new Map();
  const changed = new Map();
  for (const [key, node] of now) {
    const was = before.get(key);
    if (!was || !was.family) continue;
    const into = Number(node.dataset.n) < Number(was.n) ? shrunk
      : was.v !== undefined && node.dataset.v !== was.v ? changed : null;
    if (into) {
      if (!into.has(was.family)) into.set(was.family, []);
      into.get(was.family).push({ ...was, key });
    }
  }
  const take = (map, family) => (map.get(family) || []).shift();
  for (const [key, node] of now) {
    if (!node.getClientRects().length) continue;
    const to = centre(node);
    let from = before.get(key);
    const family = node.dataset.family;
    if (!from) {
      from = family && (take(changed, family) || take(left, family) || take(shrunk, family));
    } else if (family && from.v !== undefined && node.dataset.v !== from.v) {
      from = take(shrunk, family);  // another piece here now: it came from a pile, if any
      if (!from) continue;
    }
    if (from) glide(node, from, to);
    else node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION / 2 });
  }
}
