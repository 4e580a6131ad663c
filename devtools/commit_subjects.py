"""Commit messages that `git log --oneline` can scan: a subject of at most 72 characters,
then a blank line, then the detail (what, why, the numbers measured) in the body
(docs/developing.md, "Commit messages").

    make commit-subjects                 # the branch's commits not yet in main
    make commit-subjects BASE=origin/main
    .venv/bin/python devtools/commit_subjects.py --message-file .git/COMMIT_EDITMSG

The first form is the check before a stop; the second is what the commit-msg hook sample
(devtools/hooks/commit-msg) runs on each message as it is written. Either prints each
message that breaks the rule and exits with 1.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
SUBJECT_MOST_CHARACTERS = 72


def problems(message: str) -> list[str]:
    """What is wrong with a commit message (none when its subject is short and the body,
    if any, comes after a blank line). Git's comment lines (`#`) do not count."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        return ["an empty message"]
    found = []
    subject = lines[0]
    if len(subject) > SUBJECT_MOST_CHARACTERS:
        found.append(
            f"a subject of {len(subject)} characters (at most {SUBJECT_MOST_CHARACTERS}): "
            "say the rest in the body"
        )
    if len(lines) > 1 and lines[1].strip():
        found.append("no blank line between the subject and the body")
    return found


def branch_messages(base: str) -> list[tuple[str, str]]:
    """(short hash, message) of each commit on HEAD that `base` lacks, oldest first."""
    listed = subprocess.run(
        ["git", "log", "--reverse", "--format=%h%x00%B%x01", f"{base}..HEAD"],
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    commits = [entry.strip("\n") for entry in listed.split("\x01") if entry.strip()]
    return [tuple(commit.split("\x00", 1)) for commit in commits]  # type: ignore[misc]


def _has(ref: str) -> bool:
    return not subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        cwd=PROJECT_DIR,
        capture_output=True,
    ).returncode


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="check the commits this lacks")
    parser.add_argument("--message-file", type=Path, help="check this one message instead")
    options = parser.parse_args(arguments)
    if options.message_file:
        found = problems(options.message_file.read_text(encoding="utf-8"))
        for problem in found:
            print(f"commit message: {problem}", file=sys.stderr)
        if found:
            print(f"(the message is kept in {options.message_file})", file=sys.stderr)
        return 1 if found else 0
    if not _has(options.base):
        print(f"No {options.base} here to compare with: say which, BASE=<ref>.", file=sys.stderr)
        return 2
    messages = branch_messages(options.base)
    bad = [(commit, problems(message)) for commit, message in messages]
    bad = [(commit, found) for commit, found in bad if found]
    for commit, found in bad:
        print(f"{commit}: {'; '.join(found)}")
    print(f"{len(messages) - len(bad)} of {len(messages)} commits since {options.base} read well")
    if bad:
        print("To reword them before they land: git rebase -i <base>, then `reword`.")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
