"""Every build installs exactly the npm packages reflex.lock/ locks, or fails.

Reflex keeps the resolved frontend tree in `reflex.lock/` (bun.lock and package.json,
committed), restores it into .web and runs `bun install --frozen-lockfile`. After that it
`bun add`s the framework's and our components' packages: with their versions unchanged
that keeps the lock as it is, but a new package (a component that starts importing one)
or a new version (a Reflex upgrade) would be resolved against the registry of the day
and written back into reflex.lock/ without a word. Our `bunfig.toml` sets
`frozenLockfile = true` for every bun command, so such a build fails instead, and
`make lock` (tools/refresh_frontend_lock.py) is the one way the lock changes.

Reflex copies bunfig.toml into .web only when it creates that folder; this plugin copies
it again before each compile (Reflex installs packages after the compile step), so an
existing .web follows the committed file too. It also gives .web/package.json the
committed file's bytes when both say the same: Reflex compares the two as JSON, keeps
.web's spelling and copies it back after installing, so a .web whose package.json bun
once wrote (indented) would otherwise leave a formatting-only change in reflex.lock/.

The npm packages moved past Reflex's pins (an upstream fix Reflex has not released yet)
are listed in pyproject.toml's `[tool.clinic.npm-upgrades]`; this plugin makes Reflex add
them at those versions, in every build and in `make lock` alike (docs/developing.md,
"Dependencies and their locks").
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.app_folders import web_dir as get_web_dir
from clinic.framework.errors import FrameworkChanged
from clinic.framework.npm_versions import install_npm_versions
from clinic.project import PROJECT_DIR

BUN_CONFIG = PROJECT_DIR / "bunfig.toml"
# Reflex's folder for the lock it restores into .web before installing (and writes back).
LOCK_DIR = PROJECT_DIR / "reflex.lock"
LOCK_FILES = ("bun.lock", "package.json")
PYPROJECT = PROJECT_DIR / "pyproject.toml"
EXACT_VERSION = re.compile(r"\d+\.\d+\.\d+")


def npm_upgrades(pyproject: Path = PYPROJECT) -> dict[str, str]:
    """pyproject.toml's `[tool.clinic.npm-upgrades]`: npm name -> the exact version every
    build installs instead of Reflex's pin."""
    table = tomllib.loads(pyproject.read_text()).get("tool", {}).get("clinic", {})
    upgrades = table.get("npm-upgrades", {})
    for name, version in upgrades.items():
        if not (isinstance(version, str) and EXACT_VERSION.fullmatch(version)):
            raise SystemExit(
                f"pyproject.toml: [tool.clinic.npm-upgrades] {name} = {version!r}: "
                'write an exact version such as "8.5.1"'
            )
    return upgrades


def copy_bun_config(web_dir: Path | None = None) -> bool:
    """Copy the project's bunfig.toml into .web when it differs; True if it did."""
    target = (web_dir or get_web_dir()) / BUN_CONFIG.name
    wanted = BUN_CONFIG.read_text()
    if target.exists() and target.read_text() == wanted:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(wanted)
    return True


def align_package_json(web_dir: Path | None = None) -> bool:
    """Write reflex.lock/package.json's bytes into .web when the two hold the same JSON;
    True if it did. Different JSON is Reflex's business (it renders the committed one)."""
    committed, target = LOCK_DIR / "package.json", (web_dir or get_web_dir()) / "package.json"
    if (
        not (committed.is_file() and target.is_file())
        or committed.read_bytes() == target.read_bytes()
    ):
        return False
    try:
        if json.loads(committed.read_text()) != json.loads(target.read_text()):
            return False
    except json.JSONDecodeError:
        return False
    target.write_bytes(committed.read_bytes())
    return True


def read_bun_lock(path: Path) -> dict:
    """bun.lock as data: JSON with trailing commas (bun's text lockfile format)."""
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", path.read_text()))


def locked_versions(lock: dict) -> dict[str, str]:
    """Each locked package's place in node_modules (bun's key: `a`, or `a/b` for a `b`
    nested in `a`'s own node_modules) and its version."""
    return {key: entry[0].rpartition("@")[2] for key, entry in lock["packages"].items()}


def check_reflex_lock_names(bun: object = constants.Bun) -> None:
    """Stop the build when Reflex restores the lock from another folder or file, or reads
    bun's settings from another file: the freeze would silently stop applying."""
    expected = {
        "ROOT_LOCKFILE_DIR": LOCK_DIR.name,
        "LOCKFILE_PATH": LOCK_FILES[0],
        "CONFIG_PATH": BUN_CONFIG.name,
    }
    for name, ours in expected.items():
        if getattr(bun, name, None) != ours:
            raise FrameworkChanged(
                "frontend lock",
                f"Reflex's Bun.{name} is {getattr(bun, name, None)!r}, not {ours!r}",
                "clinic/framework/patches/frontend_lock.py",
            )


@dataclass(kw_only=True, frozen=True)
class FrozenFrontendLockPlugin(Plugin):
    """Keeps .web/bunfig.toml (frozen lockfile) and package.json the project's own, and has
    Reflex install the npm upgrades at their versions (rxconfig.py)."""

    def pre_compile(self, **context):
        check_reflex_lock_names()
        install_npm_versions(npm_upgrades())
        copy_bun_config()
        align_package_json()
