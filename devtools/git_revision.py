"""The commit a measurement ran on, for the reports benches write."""

from __future__ import annotations

import subprocess

from clinic.project import PROJECT_DIR


def short_commit() -> str:
    """HEAD's short hash, or "unknown" outside a git checkout."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_DIR, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"
