"""The commit-message check (devtools/commit_subjects.py) on messages, not on a
repository's history: CI's fresh clone has no branch point to compare with."""

from __future__ import annotations

import pytest

from devtools.commit_subjects import SUBJECT_MOST_CHARACTERS, main, problems

SHORT = "Write the lint commands once"


@pytest.mark.parametrize(
    "message",
    [SHORT, f"{SHORT}\n", f"{SHORT}\n\nThe detail.\nMore of it.", "x" * SUBJECT_MOST_CHARACTERS],
)
def test_a_short_subject_then_a_blank_line_reads_well(message):
    assert problems(message) == []


def test_a_long_subject_is_named_with_its_length():
    (problem,) = problems("x" * (SUBJECT_MOST_CHARACTERS + 1) + "\n\nbody")
    assert f"{SUBJECT_MOST_CHARACTERS + 1} characters" in problem


def test_a_body_right_under_the_subject_is_named():
    assert problems(f"{SHORT}\nthe detail") == ["no blank line between the subject and the body"]


def test_git_comment_lines_do_not_count():
    assert problems(f"# Please enter the commit message\n{SHORT}\n# {'x' * 100}") == []
    assert problems("# only comments\n\n") == ["an empty message"]


def test_the_hook_mode_reads_the_message_file(tmp_path, capsys):
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text(SHORT + "\n")
    assert main(["--message-file", str(message)]) == 0
    message.write_text("x" * 100 + "\n")
    assert main(["--message-file", str(message)]) == 1
    assert "100 characters" in capsys.readouterr().err
