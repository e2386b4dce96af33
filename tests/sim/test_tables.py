"""The lab's terminal tables keep every column, and every character, at 80 columns."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from ratking.sim.tables import terminal_table


def rendered(table) -> str:
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(table)
    return console.export_text()


def shown(text: str) -> str:
    """The characters a reader sees, without spaces and the table's rules."""
    return "".join(c for c in text if not c.isspace() and c != "─")


def test_issue_46s_leaders_table_keeps_its_rounds_column():
    # the tune table that lost `rounds` at 80 columns: eleven columns, intervals in the cells
    headers = ["trial", "bio_sci_to_win", "unrest_to_win", "max_rounds", "fair study",
               "length study", "fair fresh (95%)", "length fresh (95%)", "government",
               "dissent", "rounds"]
    row = ["2 best", "2", "30", "20", "5.6%", "0.0", "6.1%\n(4-8%)", "0.0\n(0.0)",
           "56.1%\n(54-58%)", "43.9%\n(42-46%)", "17.2\n±0.2"]
    text = rendered(terminal_table("The leaders", headers, [row, row], 3))
    assert max(map(len, text.splitlines())) <= 80
    assert sorted(shown(text)) == sorted(shown("The leaders" + "".join(headers).replace("_", "")
                                               + "".join(row) * 2))


words = st.text(alphabet="abcdefghij0123456789%()-.", min_size=1, max_size=14)
cells = st.lists(words, min_size=1, max_size=3).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.lists(cells, min_size=n, max_size=n),
    st.lists(st.lists(cells, min_size=n, max_size=n), min_size=1, max_size=4))))
def test_any_table_fits_80_columns_and_loses_no_character(table):
    headers, rows = table
    text = rendered(terminal_table("t", headers, rows, len(headers) // 2))
    assert max(map(len, text.splitlines())) <= 80
    assert sorted(shown(text)) == sorted(shown("t" + "".join(headers).replace("_", "")
                                               + "".join("".join(r) for r in rows)))
