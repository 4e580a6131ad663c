"""Resolve the frontend's npm packages anew into reflex.lock/ (the npm half of `make lock`).

Builds never change reflex.lock/ (bunfig.toml freezes it, clinic/framework/patches/frontend_lock.py).
To change it, this builds a copy of the project (its working files, not .web nor the
old lock) with the freeze lifted, so Reflex resolves every package from the framework's
pins and the components' imports, exactly as a first `reflex export` does. Then it builds
the copy again as a fresh clone would (frozen, a new .web), which proves the new lock
installs and leaves package.json spelled as Reflex writes it on every clone, and puts
the copy's reflex.lock/ in place of the project's. The packages moved past Reflex's pins
(pyproject.toml's `[tool.clinic.npm-upgrades]`, `make npm-upgrade`) are resolved at their
versions there, as in every build. Commit it with the change that needed
it (a new or upgraded frontend package), or on its own as a refresh.

    .venv/bin/python tools/refresh_frontend_lock.py      # or: make lock (both locks)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # devtools/ is the project's own, not an installed package

from clinic.framework.patches.frontend_lock import (  # noqa: E402
    BUN_CONFIG,
    LOCK_DIR,
    LOCK_FILES,
    locked_versions,
    npm_upgrades,
    read_bun_lock,
)
from clinic.project import PROJECT_DIR  # noqa: E402
from devtools.servers import BIN, env  # noqa: E402

FROZEN, THAWED = "frozenLockfile = true", "frozenLockfile = false"
# Not part of the sources: builds, caches, installs, and the lock being replaced.
LEFT_OUT = {".git", ".venv", ".web", ".states", ".cache", "test-results", LOCK_DIR.name}


def _left_out(folder: str, names: list[str]) -> set[str]:
    top = Path(folder) == PROJECT_DIR
    return {
        name
        for name in names
        if (top and name in LEFT_OUT)
        or name in ("__pycache__", "node_modules")
        or name.endswith(".egg-info")
    }


def export(project: Path) -> None:
    subprocess.run(
        [str(BIN / "reflex"), "export", "--frontend-only", "--no-zip", "--loglevel", "warning"],
        cwd=project,
        env={k: v for k, v in env().items() if k != "CLINIC_CONTENT_DIR"},
        check=True,
    )


def resolve_in_copy(copy: Path) -> Path:
    """Build `copy` (a fresh copy of the project) unfrozen, then again frozen from a new
    .web; returns its lock folder."""
    shutil.copytree(PROJECT_DIR, copy, ignore=_left_out, symlinks=True)
    config = copy / BUN_CONFIG.name
    frozen = config.read_text()
    if FROZEN not in frozen:
        sys.exit(f"{BUN_CONFIG.name} no longer says `{FROZEN}`: update {Path(__file__).name}")
    config.write_text(frozen.replace(FROZEN, THAWED))
    export(copy)
    config.write_text(frozen)
    shutil.rmtree(copy / ".web")
    export(copy)
    return copy / LOCK_DIR.name


def changes(old: dict[str, str], new: dict[str, str]) -> list[str]:
    return [
        f"  {key}: {old.get(key, '-')} -> {new.get(key, '-')}"
        for key in sorted(old.keys() | new.keys())
        if old.get(key) != new.get(key)
    ]


def main() -> None:
    old_lock = LOCK_DIR / "bun.lock"
    old = locked_versions(read_bun_lock(old_lock)) if old_lock.exists() else {}
    with tempfile.TemporaryDirectory(prefix="clinic-lock-") as scratch:
        new_dir = resolve_in_copy(Path(scratch) / "project")
        LOCK_DIR.mkdir(exist_ok=True)
        for name in LOCK_FILES:
            shutil.copyfile(new_dir / name, LOCK_DIR / name)
    lines = changes(old, locked_versions(read_bun_lock(old_lock)))
    upgrades = npm_upgrades()
    if upgrades:
        print(
            "past Reflex's pins (pyproject.toml [tool.clinic.npm-upgrades]): "
            + ", ".join(f"{name} {version}" for name, version in upgrades.items())
        )
    print(
        f"{LOCK_DIR.name}/: {len(lines)} npm packages changed"
        + "".join(f"\n{line}" for line in lines)
    )


if __name__ == "__main__":
    main()
