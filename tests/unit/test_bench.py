"""The measures have one entry point (`make bench WHAT=...`, bench/__main__.py): each one it
names exists, and no script in bench/ is left outside it (run by nothing, or superseded)."""

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
