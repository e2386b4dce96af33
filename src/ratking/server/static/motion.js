// Motion: pieces, cards and tokens glide from where they were to where they are.
// Renderers mark what can move with data-key (a stable id: a card's id, a unit, the pawn) and
// optionally data-family (what kind of piece it is, for a piece that appears under a new key:
// rats that walked to another space come from where rats of their family left).
// Nothing moves when the person asks for reduced motion.

const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const DURATION = 450;

export function motionAllowed() {
  return !reduced.matches;
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, n: node.dataset.n };
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
  const shrunk = new Map();
  for (const [key, node] of now) {
    const was = before.get(key);
    if (was && was.family && Number(node.dataset.n) < Number(was.n)) {
      if (!shrunk.has(was.family)) shrunk.set(was.family, []);
      shrunk.get(was.family).push(was);
    }
  }
  for (const [key, node] of now) {
    if (!node.getClientRects().length) continue;
    const to = centre(node);
    let from = before.get(key);
    if (!from) {
      const family = node.dataset.family;
      from = family && ((left.get(family) || [])[0] || (shrunk.get(family) || [])[0]);
    }
    if (from) glide(node, from, to);
    else node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION / 2 });
  }
}
