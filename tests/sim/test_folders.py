"""Report folders: swapped in whole, never half-written, never someone else's files."""

from __future__ import annotations

import os
import signal

import pytest

from ratking.core import RatkingError
from ratking.sim.folders import check_report_dir, replaced_folder, sigint_held


def test_a_new_report_replaces_the_old_one_and_its_figures(tmp_path):
    folder = tmp_path / "rep"
    with replaced_folder(folder) as out:
        (out / "figures").mkdir()
        (out / "figures" / "01-old.svg").write_text("old")
        (out / "index.html").write_text("first")
    with replaced_folder(folder) as out:
        (out / "figures").mkdir()
        (out / "figures" / "01-new.svg").write_text("new")
        (out / "index.html").write_text("second")
    assert (folder / "index.html").read_text() == "second"
    assert [p.name for p in (folder / "figures").iterdir()] == ["01-new.svg"]
    assert [p.name for p in tmp_path.iterdir()] == ["rep"]  # no scratch folder left


def test_a_stop_while_drawing_leaves_the_previous_report_whole(tmp_path):
    folder = tmp_path / "rep"
    with replaced_folder(folder) as out:
        (out / "index.html").write_text("first")
    with pytest.raises(KeyboardInterrupt), replaced_folder(folder) as out:
        (out / "index.html").write_text("half")
        raise KeyboardInterrupt
    assert (folder / "index.html").read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["rep"]


def test_ctrl_c_during_the_swap_waits_for_it(tmp_path):
    with pytest.raises(KeyboardInterrupt), sigint_held():
        os.kill(os.getpid(), signal.SIGINT)
        (tmp_path / "done").write_text("the block ran to its end")
    assert (tmp_path / "done").exists()


def test_a_folder_of_other_files_is_refused(tmp_path):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "thesis.tex").write_text("x")
    with pytest.raises(RatkingError, match=r"holds files that are not a report \(thesis.tex\)"):
        check_report_dir(mine)
    report = tmp_path / "rep"
    report.mkdir()
    for name in ("index.html", "games.csv"):
        (report / name).write_text("x")
    (report / "figures").mkdir()
    assert check_report_dir(report) == report
    assert check_report_dir(tmp_path / "new" / "rep") == tmp_path / "new" / "rep"
