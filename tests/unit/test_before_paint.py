"""The before-paint scripts (assets/behaviors/before_paint/, inlined by
clinic/site/components/before_paint.py): each is inlined as its file's code without its
comments, its data in the one placeholder, and no data can close the <script> element.
What each script does is tested with its own rule (test_first_visit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import reflex as rx

from clinic.site.components.before_paint import (
    DATA_PLACEHOLDER,
    SCRIPTS_DIR,
    before_paint_script,
    inlined_code,
    script_file,
)

SCRIPTS = sorted(SCRIPTS_DIR.glob("*.js"))
COMMENT_STARTS = ("//", "/*", "*")


def _name(path: Path) -> str:
    return path.stem


def test_there_is_a_before_paint_script():
    assert SCRIPTS, f"no script in {SCRIPTS_DIR}"


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_a_script_is_inlined_as_its_code_with_its_data(path: Path):
    source = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    code = [line for line in source if line and not line.startswith(COMMENT_STARTS)]
    assert sum(line.count(DATA_PLACEHOLDER) for line in code) == 1, (
        f"{path.name} calls its function with {DATA_PLACEHOLDER} once"
    )
    inlined = inlined_code(path.stem, {"a": 1}).splitlines()
    assert len(inlined) == len(code)
    for kept, line in zip(inlined, code, strict=True):
        assert kept == line.replace(DATA_PLACEHOLDER, '{"a": 1}')


@pytest.mark.parametrize("path", SCRIPTS, ids=_name)
def test_no_data_can_close_the_script_element(path: Path):
    text = inlined_code(path.stem, {"note": "</script><script>alert(1)"})
    assert "</script" not in text.lower()


def test_the_component_is_an_inline_script_of_that_code(tmp_path, monkeypatch):
    monkeypatch.setattr("clinic.site.components.before_paint.SCRIPTS_DIR", tmp_path)
    script_file("notice").write_text(
        '/** What it is for. */\n(function notice(data) {\n  "use strict";\n'
        f"  document.title = data.title;\n}})({DATA_PLACEHOLDER});\n"
    )
    script = before_paint_script("notice", {"title": "Cerrado"})
    assert script.tag == "script"
    assert str(script.children[0]) == str(
        rx.Var.create(inlined_code("notice", {"title": "Cerrado"}))
    )
    assert "What it is for" not in str(script)


def test_a_script_without_its_placeholder_stops_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr("clinic.site.components.before_paint.SCRIPTS_DIR", tmp_path)
    script_file("broken").write_text("(function broken(data) {})({});\n")
    with pytest.raises(RuntimeError, match=DATA_PLACEHOLDER):
        inlined_code("broken", {})
