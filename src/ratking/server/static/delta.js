// Deltas from the server (see ratking/server/play/delta.py): rebuild the full state message from
// the last one and a list of operations. The last message is left as it was: containers on a
// changed path are copied, so the page can still compare the old board with the new.
const CUT = "<";

function rebuild(old, pieces) {
  const out = [];
  for (const piece of pieces) {
    if (typeof piece === "string") out.push(piece);
    else {
      const [start, count] = piece;
      if (start < 0 || count < 1 || start + count > old.length) {
        throw new Error("a piece outside the old sequence");
      }
      for (let i = start; i < start + count; i++) out.push(old[i]);
    }
  }
  return out;
}

function copyOf(value) {
  return Array.isArray(value) ? value.slice() : { ...value };
}

export function applyDelta(message, ops) {
  const root = [message];
  const copied = new Set();
  const own = (parent, key) => {
    let child = parent[key];
    if (!copied.has(child)) {
      child = copyOf(child);
      parent[key] = child;
      copied.add(child);
    }
    return child;
  };
  for (const [kind, path, arg] of ops) {
    let where = root;
    let key = 0;
    for (const step of path) {
      where = own(where, key);
      key = step;
    }
    if (kind === "=") where[key] = arg;
    else if (kind === "-") delete where[key];
    else if (kind === "~") where[key] = rebuild(where[key], arg);
    else if (kind === "<") where[key] = rebuild(where[key].split(CUT), arg).join(CUT);
    else throw new Error(`unknown delta operation ${kind}`);
  }
  return root[0];
}

// The transport: turns the socket's state and delta messages into full state messages.
// Returns the full message, or null when a delta does not fit what we hold (then ask for a
// full one with {"type": "sync"}).
export class Deltas {
  constructor() { this.held = null; }

  reset() { this.held = null; }

  take(message) {
    if (message.type === "state") {
      this.held = message;
      return message;
    }
    if (!this.held || this.held.seq !== message.base) return null;
    const next = applyDelta(this.held, message.ops);
    this.held = { ...next, type: "state", seq: message.seq };
    return this.held;
  }
}
