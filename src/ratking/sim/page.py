"""One self-contained HTML page: headings, text, tables and plots, with nothing to fetch.

Plots are embedded as SVG data URIs and the style sheet is inline, so the page opens offline,
from a file, and can be mailed as it is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure

from .plots import data_uri, svg

STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f;
       margin: 0 auto; padding: 1.5rem 1rem 3rem; max-width: 60rem; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2.2rem 0 .6rem; border-bottom: 1px solid #ddd;
     padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1.4rem 0 .4rem; }
p.lead { color: #555; margin-top: 0; }
.note { color: #555; font-size: .9rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #e5e5e5; text-align: left;
         vertical-align: top; }
th { background: #f5f5f7; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.nw { white-space: nowrap; }
.scroll { overflow-x: auto; }
figure { margin: .8rem 0 1.4rem; }
figure img { max-width: 100%; height: auto; display: block; }
details { margin: .5rem 0 1rem; }
summary { cursor: pointer; color: #0057a0; }
figcaption { color: #555; font-size: .85rem; margin-top: .2rem; }
code { background: #f5f5f7; padding: 0 .25rem; border-radius: 3px; font-size: .88em; }
.partial { background: #fff4e5; border-left: 4px solid #D55E00; padding: .5rem .8rem;
           font-weight: 600; }
.verdict { background: #f5f8ff; border-left: 4px solid #0072B2; padding: .5rem .8rem; }
"""


def _breakable(text: str, num: bool, header: bool) -> str:
    """A cell's text, escaped, where it may break: a number only between its value and its
    interval and within the interval after its dash ("56.1%" / "(53.9% -" / "58.3%)", each
    kept whole), a header also after a rule's underscores, so that a wide table fits its
    column."""
    if header:
        return "_<wbr>".join(html.escape(part) for part in text.split("_"))
    if not num:
        return html.escape(text)
    value, sep, rest = text.partition(" (")
    low, dash, high = rest.partition(" - ")
    parts = [value] + ([f"({low} -", high] if dash else [f"({rest}"] if sep else [])
    return " ".join(f'<span class="nw">{html.escape(p)}</span>' for p in parts)


class Page:
    """An HTML page built piece by piece; every piece of text is escaped."""

    def __init__(self, title: str, lead: str = "") -> None:
        self.title = title
        self.parts: list[str] = [f"<h1>{html.escape(title)}</h1>"]
        if lead:
            self.parts.append(f'<p class="lead">{html.escape(lead)}</p>')
        self.figures: list[tuple[str, bytes]] = []  # (file name, SVG) of each plot

    def heading(self, text: str, level: int = 2) -> None:
        self.parts.append(f"<h{level}>{html.escape(text)}</h{level}>")

    def text(self, text: str, kind: str = "") -> None:
        cls = f' class="{kind}"' if kind else ""
        self.parts.append(f"<p{cls}>{html.escape(text)}</p>")

    def code(self, text: str) -> None:
        self.parts.append(f"<p><code>{html.escape(text)}</code></p>")

    def table(self, headers: Sequence[str] | None, rows: Sequence[Sequence[object]],
              numeric: Sequence[bool] | None = None) -> None:
        """A table (no header row if `headers` is None); numeric columns are right-aligned."""
        width = len(headers) if headers is not None else len(rows[0])
        numeric = list(numeric or [False] * width)

        def cell(tag: str, value: object, num: bool) -> str:
            cls = ' class="num"' if num else ""
            return f"<{tag}{cls}>{_breakable(str(value), num, tag == 'th')}</{tag}>"

        head = ""
        if headers is not None:
            head = "<thead><tr>" + "".join(cell("th", h, n) for h, n in
                                           zip(headers, numeric, strict=True)) + "</tr></thead>"
        body = "".join("<tr>" + "".join(cell("td", v, n) for v, n in
                                         zip(row, numeric, strict=True)) + "</tr>"
                       for row in rows)
        self.parts.append(f'<div class="scroll"><table>{head}<tbody>{body}</tbody></table></div>')

    def begin_details(self, summary: str) -> None:
        """Start a part folded away under `summary` (ended by end_details)."""
        self.parts.append(f"<details><summary>{html.escape(summary)}</summary>")

    def end_details(self) -> None:
        self.parts.append("</details>")

    def figure(self, fig: Figure, alt: str, caption: str = "") -> None:
        """A plot, embedded; `alt` says in words what it shows."""
        image = svg(fig)
        words = re.findall(r"[a-z0-9]+", alt.lower())[:6]
        self.figures.append((f"{len(self.figures) + 1:02d}-{'-'.join(words)}.svg", image))
        cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        self.parts.append(f'<figure><img src="{data_uri(image)}" alt="{html.escape(alt)}">'
                          f"{cap}</figure>")

    def render(self) -> str:
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                f"<title>{html.escape(self.title)}</title>\n<style>{STYLE}</style>\n"
                "</head>\n<body>\n" + "\n".join(self.parts) + "\n</body>\n</html>\n")

    def write(self, path: Path) -> None:
        """The page at `path`, and each plot also as its own SVG file in figures/ beside it
        (for slides and documents; the page itself needs none of them)."""
        path.write_text(self.render(), encoding="utf-8")
        folder = path.parent / "figures"
        folder.mkdir(exist_ok=True)
        for name, image in self.figures:
            (folder / name).write_bytes(image)
