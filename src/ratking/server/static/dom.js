// Building the page: el("li", { class: "x", text: "words" }, child, ...) makes an element with
// its attributes ("class" its class name, "text" its text) and children.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}
