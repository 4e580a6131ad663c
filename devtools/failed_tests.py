"""A pytest plugin that writes the id of every failed test (and every file that failed to
collect) to the file `--failed-tests-file` names, one a line: `make test` (devtools/test_all.py)
reads it to end its output with every failure of every part. With xdist the workers' reports
reach the controller, so the one file holds them all."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--failed-tests-file",
        default=None,
        help="write the id of each failed test to this file, one a line",
    )


class _Recorder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed: list[str] = []

    def _note(self, nodeid: str, when: str) -> None:
        label = nodeid if when == "call" else f"{nodeid} (error at {when})"
        if nodeid not in {entry.split(" (error at ")[0] for entry in self.failed}:
            self.failed.append(label)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self._note(report.nodeid, report.when)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self._note(report.nodeid or "(collection)", "collection")

    def pytest_sessionfinish(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(f"{line}\n" for line in self.failed), encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    target = config.getoption("--failed-tests-file")
    # Only the controller writes: an xdist worker has `workerinput`.
    if target and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Recorder(Path(target)), "failed-tests-recorder")
