"""The measures have one entry point (`make bench WHAT=...`, bench/__main__.py): each one it
names exists, and no script in bench/ is left outside it (run by nothing, or superseded).
Their reports keep what a reader needs: one Markdown file per measure, its latest run, named
with hyphens, of a readable length; raw runs stay out of git."""

from __future__ import annotations

import re
from pathlib import Path

from bench.__main__ import MEASURES, main

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_every_measure_is_a_script_of_the_bench():
    missing = [name for name, m in MEASURES.items() if not (BENCH / m.script).is_file()]
    assert not missing, f"make bench names measures whose script is gone: {missing}"


def test_every_script_of_the_bench_is_a_measure_or_used_by_one():
    scripts = {m.script for m in MEASURES.values()}
    sources = "\n".join((BENCH / script).read_text() for script in scripts)
    loose = [
        path.name
        for path in sorted(BENCH.glob("*.py"))
        if path.name not in {"__init__.py", "__main__.py", *scripts}
        and not re.search(rf"\b(bench\.|import |from \.?){path.stem}\b|{path.name}", sources)
    ]
    assert not loose, (
        f"bench/ holds scripts that no measure of bench/__main__.py runs or uses: {loose} "
        "(add them to MEASURES, or delete them: git keeps them)"
    )


def test_an_unknown_measure_lists_the_measures(capsys):
    assert main(["no-such-measure"]) == 2
    listed = capsys.readouterr().err
    assert "no-such-measure" in listed
    assert all(name in listed for name in MEASURES)


# A report is read, not scrolled through: past this, it holds raw runs, which belong in
# .cache/bench/ (devtools/bench_runs.py), or it needs a summary.
REPORT_MOST_LINES = 400
REPORT_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.md$")


def _reports() -> list[Path]:
    return sorted(path for path in (BENCH / "reports").iterdir() if path.is_file())


def test_reports_are_markdown_named_with_hyphens():
    """One naming style, and no raw runs in git: a measure's report is
    bench/reports/<words-with-hyphens>.md, its raw runs are written to .cache/bench/."""
    wrong = [path.name for path in _reports() if not REPORT_NAME.match(path.name)]
    assert not wrong, (
        f"bench/reports/ holds {wrong}: a report is Markdown named with hyphens "
        "(devtools.bench_runs.report_path); raw runs go to .cache/bench/ (raw_runs_path)"
    )


def test_each_report_is_of_a_measure_and_readable():
    """Each report is the latest run of a measure (its script names it; a second report
    of an earlier run breaks that) and short enough to read."""
    sources = "\n".join(path.read_text() for path in BENCH.glob("*.*") if path.is_file())
    orphans = [path.name for path in _reports() if path.stem not in sources]
    assert not orphans, (
        f"no script of bench/ names {orphans}: a report is a measure's latest run "
        "(git keeps the earlier ones)"
    )
    long = {
        path.name: lines
        for path in _reports()
        if (lines := path.read_text().count("\n")) > REPORT_MOST_LINES
    }
    assert not long, f"reports over {REPORT_MOST_LINES} lines (summarise them): {long}"


def test_the_bench_writes_reports_through_one_place():
    """Where a report and its raw runs go is said once (devtools/bench_runs.py): no script
    of bench/ spells the reports' folder."""
    spelled = [
        path.name
        for path in sorted(BENCH.glob("*.py"))
        if re.search(r"""["']reports["']|["']bench/reports""", path.read_text())
    ]
    assert not spelled, f"{spelled} spell bench/reports/: use devtools.bench_runs.report_path"
