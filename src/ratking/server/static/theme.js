// The colours: light, dark, or the system's (the default), from the person's setting in this
// browser. Loaded as a plain script in every page's head, so the first paint is right.
(function theme() {
  const root = document.documentElement;
  const dark = matchMedia("(prefers-color-scheme: dark)");
  function chosen() {
    try { return JSON.parse(localStorage.getItem("ratking:settings") || "{}").theme || "system"; }
    catch { return "system"; }
  }
  function apply() {
    const wanted = chosen();
    root.dataset.theme = wanted === "system" ? (dark.matches ? "dark" : "light") : wanted;
  }
  apply();
  dark.addEventListener("change", apply);
  addEventListener("storage", apply);
  addEventListener("ratking:theme", apply);
})();
