"""`make test` in CI runs the failed browser tests once more with Playwright's traces
(devtools/test_all.py, `traced_again`): which tests, with which options, and what the
summary says of a test that passes on its second run."""

from __future__ import annotations

import os

from devtools.test_all import Part, note_second_passes, rerunnable, summary, traced_again

TRACES = ["--tracing", "retain-on-failure", "--output", "test-results"]
E2E = ["-n", "3", "--dist", "loadgroup"]


def failed_browser_part(*failed: str) -> Part:
    return Part("browser tests", ["pytest"], status=1, failed_tests=list(failed))


def test_each_failed_test_runs_again_by_its_id_without_its_group_or_stage():
    assert rerunnable(
        [
            "tests/e2e/test_a.py::test_x[chromium-es]@development_server",
            "tests/e2e/test_a.py::test_y[chromium] (error at setup)",
            "tests/e2e/test_b.py (error at collection)",
            "tests/e2e/test_a.py::test_y[chromium] (error at teardown)",
        ]
    ) == ["tests/e2e/test_a.py::test_x[chromium-es]", "tests/e2e/test_a.py::test_y[chromium]"]


def test_the_second_run_takes_the_trace_options_and_keeps_the_browser_options():
    again = traced_again(failed_browser_part("tests/e2e/test_a.py::test_x[chromium]"), E2E, TRACES)
    assert again is not None
    command = again.command
    assert "tests/e2e/test_a.py::test_x[chromium]" in command
    assert command[command.index("-n") : command.index("-n") + 4] == E2E
    assert command[command.index("--tracing") : command.index("--tracing") + 4] == TRACES


def test_no_second_run_without_trace_options_or_without_a_failed_test():
    assert traced_again(failed_browser_part("tests/e2e/test_a.py::test_x"), E2E, []) is None
    passed = Part("browser tests", ["pytest"], status=0)
    assert traced_again(passed, E2E, TRACES) is None
    only_collection = failed_browser_part("tests/e2e/test_b.py (error at collection)")
    assert traced_again(only_collection, E2E, TRACES) is None


def test_a_test_that_passes_the_second_time_is_named_and_the_run_still_fails():
    first = failed_browser_part(
        "tests/e2e/test_a.py::test_x[chromium]", "tests/e2e/test_a.py::test_y"
    )
    again = traced_again(first, E2E, TRACES)
    assert again is not None
    again.status, again.failed_tests = 1, ["tests/e2e/test_a.py::test_y"]
    note_second_passes(first, again)
    text = summary([first, again], "1")
    assert (
        "1 passed on their second run (flaky?):\n    tests/e2e/test_a.py::test_x[chromium]" in text
    )
    assert "make test: 2 of 2 parts failed" in text


def test_the_summary_gives_the_machines_own_count_of_busy_cores():
    """The parts' CPU time leaves out the processes they do not wait for (Chromium's, the
    servers'); the summary also says how busy the machine's cores were, every process
    counted, when the run knows it."""
    part = Part("unit tests", ["true"])
    part.status = 0
    cores = os.cpu_count() or 1
    text = summary([part], "1", (300.0, 200.0))
    share = 100 * 300 / (200 * cores)
    assert f"The machine's cores: 300 s busy in 200 s ({share:.0f} % of {cores})" in text
    assert "The machine's cores" not in summary([part], "1")
