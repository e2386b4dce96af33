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

# colour-blind-safe (Okabe-Ito) for sides; grey for reference lines
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
REFERENCE = "#777777"
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
               high: Sequence[float], title: str) -> Figure:
    """Horizontal bars of each side's win share with its 95% interval; a line at an even
    share."""
    k = len(names)
    fig = _figure(0.9 + 0.42 * k)
    ax = fig.add_subplot()
    ys = list(range(k))[::-1]
    err = [[s - lo for s, lo in zip(share, low, strict=True)],
           [hi - s for s, hi in zip(share, high, strict=True)]]
    ax.barh(ys, share, color=[colour(i) for i in range(k)], height=0.6, xerr=err,
            error_kw={"ecolor": "#333333", "capsize": 4, "linewidth": 1.2})
    ax.axvline(1 / k, color=REFERENCE, linestyle="--", linewidth=1)
    ax.text(1 / k, k - 0.45, " even", color=REFERENCE, fontsize=8, va="bottom")
    for y, s, hi in zip(ys, share, high, strict=True):
        if hi > 0.85:  # no room on the right: inside the bar
            ax.text(s - 0.02, y, f"{s:.1%}", va="center", ha="right", fontsize=8,
                    color="white", fontweight="bold")
        else:
            ax.text(hi + 0.01, y, f"{s:.1%}", va="center", fontsize=8)
    ax.set_yticks(ys, names)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of games won (bars: 95% Wilson interval)")
    ax.set_title(title, fontsize=10, loc="left")
    _tidy(ax)
    ax.grid(axis="y", visible=False)
    return fig


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
    ax.hist(values, bins=bins, color=PALETTE[0], alpha=0.85, edgecolor="white", linewidth=0.4)
    mean = sum(values) / len(values)
    ax.axvline(mean, color=PALETTE[5], linewidth=1.2)
    ax.text(mean, ax.get_ylim()[1] * 0.97, f" mean {mean:.1f}", color=PALETTE[5], fontsize=8,
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


def scores(names: Sequence[str], per_seat: Sequence[Sequence[float]], label: str) -> Figure:
    """Box plots of each seat's final score (box: middle half; line: median; diamond:
    mean)."""
    k = len(names)
    fig = _figure(0.9 + 0.42 * k)
    ax = fig.add_subplot()
    parts = ax.boxplot([list(s) for s in per_seat][::-1], orientation="horizontal",
                       widths=0.55, patch_artist=True, showmeans=True,
                       meanprops={"marker": "D", "markerfacecolor": "white",
                                  "markeredgecolor": "#333333", "markersize": 5},
                       medianprops={"color": "#333333"},
                       flierprops={"marker": ".", "markersize": 3, "alpha": 0.4})
    for i, box in enumerate(parts["boxes"]):
        box.set_facecolor(colour(k - 1 - i))
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
    ax.barh(ys, values, color=PALETTE[0], height=0.6, xerr=err,
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
            percent: bool = False) -> Figure:
    """Lines of one or more series (value, low, high per x) against a rule's values, with
    their intervals as error bars; x values that are all numbers are spaced as numbers."""
    fig = _figure(3.0)
    ax = fig.add_subplot()
    numeric = all(_is_number(x) for x in xs)
    pos = [float(x) for x in xs] if numeric else list(range(len(xs)))
    for i, (label, (value, low, high)) in enumerate(series.items()):
        err = [[max(0.0, v - lo) for v, lo in zip(value, low, strict=True)],
               [max(0.0, hi - v) for v, hi in zip(value, high, strict=True)]]
        ax.errorbar(pos, value, yerr=err, color=colour(i), marker="o", markersize=4,
                    capsize=3, linewidth=1.4, label=label)
    if reference is not None:
        ax.axhline(reference, color=REFERENCE, linestyle="--", linewidth=1)
    if not numeric or len(xs) <= 15:
        ax.set_xticks(pos, list(xs))
    if percent:
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(series) > 1:
        ax.legend(fontsize=8, frameon=False, loc="best")
    _tidy(ax)
    return fig


def heatmap(grid: Sequence[Sequence[float]], xs: Sequence[str], ys: Sequence[str],
            xlabel: str, ylabel: str, label: str, centre: float | None = None) -> Figure:
    """A grid of cells coloured by value (diverging around `centre` if given), each cell
    printed."""
    fig = _figure(0.9 + 0.38 * max(3, len(ys)))
    ax = fig.add_subplot()
    flat = [v for row in grid for v in row]
    if centre is not None:
        span = max(abs(v - centre) for v in flat) or 0.5
        image = ax.imshow(grid, cmap="RdBu", vmin=centre - span, vmax=centre + span,
                          aspect="auto", origin="lower")
    else:
        image = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            ax.text(c, r, f"{v:.2f}", ha="center", va="center", fontsize=7, color="black",
                    bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "alpha": 0.6,
                          "linewidth": 0})
    ax.set_xticks(range(len(xs)), list(xs))
    ax.set_yticks(range(len(ys)), list(ys))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.colorbar(image, ax=ax, label=label, shrink=0.9)
    return fig


def trials(values: Sequence[float], ylabel: str) -> Figure:
    """A study's trials in order: each trial's objective, and the best found so far."""
    fig = _figure(2.8)
    ax = fig.add_subplot()
    xs = list(range(1, len(values) + 1))
    ax.scatter(xs, values, s=14, color=PALETTE[0], alpha=0.7, label="trial")
    best, running = math.inf, []
    for v in values:
        best = min(best, v)
        running.append(best)
    ax.step(xs, running, where="post", color=PALETTE[5], linewidth=1.4, label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel(ylabel)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=8, frameon=False)
    _tidy(ax)
    return fig


def scatter_grid(params: dict[str, Sequence[float]], values: Sequence[float],
                 ylabel: str) -> Figure:
    """Each parameter's tried values against the objective, one small panel per
    parameter."""
    names = list(params)
    fig, axes = _panels(len(names), 2.4)
    for i, ax in enumerate(axes):
        xs = params[names[i]]
        numeric = all(_is_number(x) for x in xs)
        if numeric:
            ax.scatter([float(x) for x in xs], values, s=12, color=PALETTE[0], alpha=0.7)
        else:
            cats = sorted({str(x) for x in xs})
            ax.scatter([cats.index(str(x)) for x in xs], values, s=12, color=PALETTE[0],
                       alpha=0.7)
            ax.set_xticks(range(len(cats)), cats)
        ax.set_xlabel(names[i], fontsize=8)
        ax.set_ylabel(ylabel if i % 3 == 0 else "", fontsize=8)
        ax.tick_params(labelsize=7)
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
