"""The lab's plots, drawn with matplotlib and embedded in a report as SVG data.

Each function returns a matplotlib Figure (built without pyplot, so no global state and no
display is needed); `data_uri` turns one into an `<img src>` that works offline.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence
from typing import Any

import numpy
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

# colour-blind-safe (Okabe-Ito) for sides, side i always colour(i) in every chart; NEUTRAL for
# bars that are not sides (endings, measures, bots); grey for reference lines
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
REFERENCE = "#777777"
NEUTRAL = "#5b6770"
MARK = "#222222"  # a mean, the best so far
WIDTH = 7.2


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _figure(height: float, width: float = WIDTH) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    fig.set_facecolor("white")
    return fig


def _tidy(ax) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="both", color="#e5e5e5", linewidth=0.6)
    ax.set_axisbelow(True)


def svg(fig: Figure) -> bytes:
    """The figure as SVG (text kept as paths: no fonts needed to show it)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


def data_uri(image: bytes) -> str:
    """SVG bytes as a data URI, for an <img src> that needs no file."""
    return "data:image/svg+xml;base64," + base64.b64encode(image).decode("ascii")


def win_shares(names: Sequence[str], share: Sequence[float], low: Sequence[float],
               high: Sequence[float], title: str, even: float | None = None,
               colours: Sequence[str] | None = None) -> Figure:
    """Horizontal bars of each side's win share with its 95% interval (side i in colour(i),
    unless `colours` says otherwise); a line at an even share (1 / sides unless `even`)."""
    k = len(names)
    fig = _figure(1.0 + 0.42 * k)
    ax = fig.add_subplot()
    ys = list(range(k))[::-1]
    err = [[s - lo for s, lo in zip(share, low, strict=True)],
           [hi - s for s, hi in zip(share, high, strict=True)]]
    ax.barh(ys, share, color=list(colours or [colour(i) for i in range(k)]), height=0.6,
            xerr=err, error_kw={"ecolor": "#333333", "capsize": 4, "linewidth": 1.2})
    even = 1 / k if even is None else even
    ax.axvline(even, color=REFERENCE, linestyle="--", linewidth=1)
    ax.set_ylim(-0.6, k - 0.05)  # room above the top bar for the line's label
    ax.text(even, k - 0.35, " even", color=REFERENCE, fontsize=8, va="center")
    _bar_labels(ax, ys, share, high)
    ax.set_yticks(ys, names)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of games won (bars: 95% Wilson interval)")
    ax.set_title(title, fontsize=10, loc="left")
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig


def _bar_labels(ax, ys: Sequence[float], share: Sequence[float | None],
                high: Sequence[float], size: float = 8) -> None:
    """Each bar's share as a percentage: right of its interval, or inside the bar when there
    is no room on the right."""
    for y, s, hi in zip(ys, share, high, strict=True):
        if s is None:
            continue
        if hi > 0.85 and s > 0.15:
            ax.text(s - 0.02, y, f"{s:.1%}", va="center", ha="right", fontsize=size,
                    color="white", fontweight="bold")
        else:
            ax.text(hi + 0.01, y, f"{s:.1%}", va="center", fontsize=size)


def _histogram(ax, values: Sequence[float], label: str, cap: float | None = None) -> None:
    values = list(values)
    lo, hi = min(values), max(values)
    integer = all(float(v).is_integer() for v in values)
    if integer and hi - lo <= 60:
        bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
    else:
        bins = numpy.histogram_bin_edges(values, "auto")
        if len(bins) > 61:
            bins = 60
    ax.hist(values, bins=bins, color=NEUTRAL, alpha=0.85, edgecolor="white", linewidth=0.4)
    mean = sum(values) / len(values)
    ax.axvline(mean, color=MARK, linewidth=1.2)
    ax.text(mean, ax.get_ylim()[1] * 0.97, f" mean {mean:.1f}", color=MARK, fontsize=8,
            va="top")
    if cap is not None and hi >= cap:
        ax.axvline(cap, color=REFERENCE, linestyle=":", linewidth=1.2)
        ax.text(cap, ax.get_ylim()[1] * 0.8, "cap ", color=REFERENCE, fontsize=8, ha="right")
    ax.set_xlabel(label)
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    _tidy(ax)


def lengths(rounds: Sequence[float] | None, decisions: Sequence[float],
            cap: int | None) -> Figure:
    """How long games ran: histograms of rounds (with the round cap marked) and decisions."""
    panels = 2 if rounds else 1
    fig = _figure(2.8)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    if rounds:
        _histogram(axes[0], rounds, "rounds", cap)
    _histogram(axes[-1], decisions, "decisions (every choice of every seat)")
    return fig


def scores(names: Sequence[str], per_seat: Sequence[Sequence[float]], label: str,
           colours: Sequence[str] | None = None) -> Figure:
    """Box plots of each seat's final score (box: middle half; line: median; diamond:
    mean), seat i in colour(i) unless `colours` says (a team game: the team's colour)."""
    k = len(names)
    fig = _figure(0.9 + 0.42 * k)
    ax = fig.add_subplot()
    parts = ax.boxplot([list(s) for s in per_seat][::-1], orientation="horizontal",
                       widths=0.55, patch_artist=True, showmeans=True,
                       meanprops={"marker": "D", "markerfacecolor": "white",
                                  "markeredgecolor": "#333333", "markersize": 5},
                       medianprops={"color": "#333333"},
                       flierprops={"marker": ".", "markersize": 3, "alpha": 0.4})
    tints = list(colours or [colour(i) for i in range(k)])
    for i, box in enumerate(parts["boxes"]):
        box.set_facecolor(tints[k - 1 - i])
        box.set_alpha(0.75)
    ax.set_yticks(range(1, k + 1), list(names)[::-1])
    ax.set_xlabel(label)
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig


def bars(labels: Sequence[str], values: Sequence[float], xlabel: str,
         low: Sequence[float] | None = None, high: Sequence[float] | None = None,
         percent: bool = False, notes: Sequence[str] | None = None) -> Figure:
    """Horizontal bars (in the order given, top down), optionally with intervals and a note
    printed beside each bar."""
    k = len(labels)
    fig = _figure(0.8 + 0.3 * k)
    ax = fig.add_subplot()
    ys = list(range(k))[::-1]
    err = None
    if low is not None and high is not None:
        err = [[max(0.0, v - lo) for v, lo in zip(values, low, strict=True)],
               [max(0.0, hi - v) for v, hi in zip(values, high, strict=True)]]
    ax.barh(ys, values, color=NEUTRAL, height=0.6, xerr=err,
            error_kw={"ecolor": "#333333", "capsize": 3, "linewidth": 1})
    top = max([*values, *(high or [])], default=0) or 1
    ends = high if high is not None else values
    for y, v, end, note in zip(ys, values, ends, notes or [""] * k, strict=True):
        text = note or (f"{v:.1%}" if percent else f"{v:.3g}")
        ax.text(max(v, end) + top * 0.01, y, " " + text, va="center", fontsize=8)
    ax.set_yticks(ys, labels)
    ax.set_ylim(-0.6, k - 0.4)
    ax.set_xlim(0, top * 1.2)
    if percent:
        ax.set_xticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig


def _panels(count: int, height: float) -> tuple[Figure, list]:
    """A figure of `count` small panels, three to a row (spare cells hidden)."""
    cols = min(3, count)
    rows = math.ceil(count / cols)
    fig = _figure(height * rows)
    axes = list(fig.subplots(rows, cols, squeeze=False).flat)
    for ax in axes[count:]:
        ax.set_visible(False)
    return fig, axes[:count]


def histograms(named: dict[str, Sequence[float]]) -> Figure:
    """A grid of small histograms, one per measure."""
    fig, axes = _panels(len(named), 2.3)
    for ax, (name, values) in zip(axes, named.items(), strict=True):
        _histogram(ax, values, name)
        ax.set_ylabel("")
        ax.tick_params(labelsize=7)
        ax.xaxis.label.set_size(8)
        for text in ax.texts:
            text.set_fontsize(7)
    return fig


def against(xs: Sequence[str], series: dict[str, tuple[Sequence[float], Sequence[float],
                                                         Sequence[float]]],
            xlabel: str, ylabel: str, reference: float | None = None,
            percent: bool = False, sequential: bool = False,
            colours: Sequence[str] | None = None) -> Figure:
    """Lines of one or more series (value, low, high per x) against a rule's values, with
    their intervals as error bars; x values that are all numbers are spaced as numbers, whole
    numbers with whole-number ticks. Series are the sides (colour(i)) unless `sequential`
    (the values of another rule: a dark-to-light scale) or `colours` says otherwise."""
    from matplotlib import colormaps

    fig = _figure(3.2)
    ax = fig.add_subplot()
    numeric = all(_is_number(x) for x in xs)
    pos = [float(x) for x in xs] if numeric else list(range(len(xs)))
    count = len(series)
    if colours is None:
        scale = colormaps["viridis"]
        colours = ([scale(0.85 * i / max(1, count - 1)) for i in range(count)] if sequential
                   else [colour(i) for i in range(count)])
    width = (max(pos) - min(pos)) or 1.0
    for i, (label, (value, low, high)) in enumerate(series.items()):
        err = [[max(0.0, v - lo) for v, lo in zip(value, low, strict=True)],
               [max(0.0, hi - v) for v, hi in zip(value, high, strict=True)]]
        shift = (i - (count - 1) / 2) * width * 0.008 if count > 1 else 0.0  # bars apart
        ax.errorbar([x + shift for x in pos], value, yerr=err, color=colours[i], marker="o",
                    markersize=4, capsize=3, linewidth=1.4, label=label)
    if reference is not None:
        ax.axhline(reference, color=REFERENCE, linestyle="--", linewidth=1)
    if not numeric or len(xs) <= 15:
        ax.set_xticks(pos, list(xs))
    elif all(float(x).is_integer() for x in pos):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if percent:
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if count > 1:
        ax.legend(fontsize=7 if count > 5 else 8, frameon=False, loc="upper left",
                  bbox_to_anchor=(1.01, 1.0))
    _tidy(ax)
    return fig


def heatmap(grid: Sequence[Sequence[float]], xs: Sequence[str], ys: Sequence[str],
            xlabel: str, ylabel: str, label: str, centre: float | None = None,
            notes: Sequence[Sequence[str]] | None = None, percent: bool = True) -> Figure:
    """A grid of cells coloured by value (diverging around `centre` if given), each cell
    printed (its value, or the text `notes` gives it: e.g. the value over its interval),
    the text sized to the cells."""
    rows, cols = len(ys), len(xs)
    lines = max((len(n.split("\n")) for row in notes for n in row), default=1) if notes else 1
    fig = _figure(1.2 + max(0.34 * lines, 0.3) * max(3, rows))
    ax = fig.add_subplot()
    flat = [v for row in grid for v in row]
    if centre is not None:
        span = max(abs(v - centre) for v in flat) or 0.5
        image = ax.imshow(grid, cmap="RdBu", vmin=centre - span, vmax=centre + span,
                          aspect="auto", origin="lower")
    else:
        image = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    size = 8 if cols <= 6 else 7 if cols <= 9 else 6
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            text = notes[r][c] if notes is not None else (f"{v:.0%}" if percent else f"{v:.2f}")
            ax.text(c, r, text, ha="center", va="center", fontsize=size, color="black",
                    linespacing=1.1, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white",
                                           "alpha": 0.75, "linewidth": 0})
    ax.set_xticks(range(cols), list(xs))
    ax.set_yticks(range(rows), list(ys))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    bar = fig.colorbar(image, ax=ax, label=label, shrink=0.9)
    if percent:
        bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    return fig


def trials(values: Sequence[float], ylabel: str, percent: bool = False) -> Figure:
    """A study's trials in order: each trial's objective, and the best found so far."""
    fig = _figure(2.8)
    ax = fig.add_subplot()
    xs = list(range(1, len(values) + 1))
    ax.scatter(xs, values, s=14, color=NEUTRAL, alpha=0.7, label="trial")
    best, running = math.inf, []
    for v in values:
        best = min(best, v)
        running.append(best)
    ax.step(xs, running, where="post", color=MARK, linewidth=1.4, label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel(ylabel)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(fontsize=8, frameon=False)
    _tidy(ax)
    return fig


def pareto(xs: Sequence[float], ys: Sequence[float], front: Sequence[bool],
           names: Sequence[str], xlabel: str, ylabel: str, x_percent: bool = False,
           y_percent: bool = False) -> Figure:
    """Every trial on two objectives (lower is better on both), the Pareto front joined by a
    step line and its trials named."""
    fig = _figure(3.4)
    ax = fig.add_subplot()
    ax.scatter([x for x, f in zip(xs, front, strict=True) if not f],
               [y for y, f in zip(ys, front, strict=True) if not f], s=14, color=NEUTRAL,
               alpha=0.5, label="trial")
    best = sorted((x, y, n) for x, y, f, n in zip(xs, ys, front, names, strict=True) if f)
    ax.step([b[0] for b in best], [b[1] for b in best], where="post", color=MARK,
            linewidth=1.2)
    ax.scatter([b[0] for b in best], [b[1] for b in best], s=26, color=MARK,
               label="Pareto front", zorder=3)
    for x, y, n in best:
        ax.annotate(n, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    if x_percent:
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    if y_percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8, frameon=False, loc="upper right")
    _tidy(ax)
    return fig


def scatter_grid(params: dict[str, Sequence[float]], values: Sequence[float],
                 ylabel: str, percent: bool = False) -> Figure:
    """Each parameter's tried values against the objective, one small panel per
    parameter."""
    names = list(params)
    fig, axes = _panels(len(names), 2.4)
    for i, ax in enumerate(axes):
        xs = params[names[i]]
        numeric = all(_is_number(x) for x in xs)
        if numeric:
            ax.scatter([float(x) for x in xs], values, s=12, color=NEUTRAL, alpha=0.7)
            if all(float(x).is_integer() for x in xs):
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        else:
            cats = sorted({str(x) for x in xs})
            ax.scatter([cats.index(str(x)) for x in xs], values, s=12, color=NEUTRAL,
                       alpha=0.7)
            ax.set_xticks(range(len(cats)), cats)
        ax.set_xlabel(names[i], fontsize=8)
        ax.set_ylabel(ylabel if i % 3 == 0 else "", fontsize=8)
        ax.tick_params(labelsize=7)
        if percent:
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        _tidy(ax)
    return fig


def _is_number(x: object) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, int | float):
        return True
    try:
        float(str(x))
    except ValueError:
        return False
    return True


def grouped_shares(names: Sequence[str], groups: dict[str, tuple[Sequence[float | None],
                                                                 Sequence[float],
                                                                 Sequence[float]]],
                   title: str) -> Figure:
    """Horizontal bars of each name's win share in each group (group j, a side, in
    colour(j) as in every other chart), with 95% intervals; a missing share (None) draws no
    bar."""
    from matplotlib.patches import Patch

    k, g = len(names), len(groups)
    fig = _figure(1.3 + 0.25 * k * g + 0.2 * k)
    ax = fig.add_subplot()
    height = 0.8 / g
    for j, (share, low, high) in enumerate(groups.values()):
        ys = [k - 1 - i + 0.4 - height * (j + 0.5) for i in range(k)]
        for y, s, lo, hi in zip(ys, share, low, high, strict=True):
            if s is not None:
                ax.barh(y, s, height=height * 0.9, color=colour(j), xerr=[[s - lo], [hi - s]],
                        error_kw={"ecolor": "#333333", "capsize": 3, "linewidth": 1})
        _bar_labels(ax, ys, share, high, 7)
    ax.set_yticks(range(k), list(names)[::-1])
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of games won (bars: 95% Wilson interval)")
    ax.legend(handles=[Patch(color=colour(j), label=label) for j, label in enumerate(groups)],
              fontsize=8, frameon=False, loc="lower left", bbox_to_anchor=(0, 1.0),
              ncols=min(g, 4))
    ax.set_title(title, fontsize=10, loc="left", pad=22)
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig


def bands(xs: Sequence[int], series: dict[str, Sequence[Sequence[float]]],
          colours: Sequence[str], xlabel: str, ylabel: str, percent: bool = False) -> Figure:
    """Per series, its median by x as a line, the 25th-75th percentiles as a dark band and
    the 5th-95th as a light one (series: the five percentiles per x)."""
    fig = _figure(3.2)
    ax = fig.add_subplot()
    for (label, (p5, p25, p50, p75, p95)), tint in zip(series.items(), colours, strict=True):
        ax.fill_between(xs, p5, p95, color=tint, alpha=0.12, linewidth=0)
        ax.fill_between(xs, p25, p75, color=tint, alpha=0.3, linewidth=0)
        ax.plot(xs, p50, color=tint, linewidth=1.6, label=label)
    if percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xlim(min(xs), max(xs))
    ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _tidy(ax)
    return fig


def differences(labels: Sequence[str], diffs: Sequence[float], low: Sequence[float],
                high: Sequence[float], xlabel: str, notes: Sequence[str]) -> Figure:
    """Each measure's difference (top down, in the order given) as a point with its 95%
    interval, against a line at no difference; a note printed beside each."""
    k = len(labels)
    fig = _figure(0.9 + 0.32 * k)
    ax = fig.add_subplot()
    ys = list(range(k))[::-1]
    ax.axvline(0, color=REFERENCE, linestyle="--", linewidth=1)
    ax.errorbar(diffs, ys, xerr=[[d - lo for d, lo in zip(diffs, low, strict=True)],
                                 [hi - d for d, hi in zip(diffs, high, strict=True)]],
                fmt="o", color=MARK, ecolor="#333333", capsize=3, markersize=4, linewidth=1)
    span = max([abs(x) for x in (*low, *high)], default=0) or 1
    for y, hi, note in zip(ys, high, notes, strict=True):
        ax.text(hi + span * 0.03, y, " " + note, va="center", fontsize=8)
    ax.set_yticks(ys, labels)
    ax.set_ylim(-0.6, k - 0.4)
    ax.set_xlim(-span * 1.15, span * 1.6)
    ax.set_xlabel(xlabel)
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig
