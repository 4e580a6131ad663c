"""Move npm packages of the frontend past Reflex's pins, and lock them (`make npm-upgrade`).

Reflex pins its npm packages (react-router, vite, tailwindcss, ...) and `make lock`
resolves within those pins, so an upstream fix published after a Reflex release comes in
only through pyproject.toml's `[tool.clinic.npm-upgrades]` (clinic/framework/patches/frontend_lock.py
applies it to every build). This finds the newest published release in each range, writes
it there, and refreshes reflex.lock/ (tools/refresh_frontend_lock.py):

    .venv/bin/python tools/npm_upgrade.py react-router@8.5 vite@8.3    # or: make npm-upgrade NPM="..."

A range is npm's (`8.5` is any 8.5.x, `^8.5.1`, `8.5.2`); a bare name takes the newest
release. Commit pyproject.toml and reflex.lock/ together.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # devtools/ and tools/ are the project's own, not installed

from clinic.framework.patches.frontend_lock import PYPROJECT, npm_upgrades  # noqa: E402
from devtools.servers import BIN, env  # noqa: E402
from tools import refresh_frontend_lock  # noqa: E402

TABLE = "[tool.clinic.npm-upgrades]"


def split_spec(spec: str) -> tuple[str, str]:
    """`name@range` (the name may be scoped, `@scope/name`) -> (name, range or "latest")."""
    at = spec.find("@", 1)
    return (spec, "latest") if at == -1 else (spec[:at], spec[at + 1 :])


def newest_release(name: str, wanted: str) -> str:
    """The newest version of `name` the registry has in the range `wanted` (no prereleases)."""
    result = subprocess.run(
        [str(BIN / "npm"), "view", f"{name}@{wanted}", "version", "--json", "--loglevel=error"],
        env=env(),
        capture_output=True,
        text=True,
    )
    if result.returncode != 0 or not result.stdout.strip():
        sys.exit(f"{name}@{wanted}: no published release matches ({result.stderr.strip()[-200:]})")
    found = json.loads(result.stdout)
    versions = [found] if isinstance(found, str) else found
    releases = [version for version in versions if re.fullmatch(r"\d+\.\d+\.\d+", version)]
    if not releases:
        sys.exit(f"{name}@{wanted}: only prereleases match ({', '.join(versions)})")
    return max(releases, key=lambda version: tuple(map(int, version.split("."))))


def with_table(pyproject: str, upgrades: dict[str, str]) -> str:
    """pyproject.toml's text with the npm-upgrades table's entries replaced by `upgrades`."""
    start = pyproject.index(TABLE) + len(TABLE)
    following = re.compile(r"^\[", re.MULTILINE).search(pyproject, start)
    end = following.start() if following else len(pyproject)
    lines = "".join(f'"{name}" = "{version}"\n' for name, version in upgrades.items())
    return f"{pyproject[:start]}\n{lines}\n{pyproject[end:]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", metavar="name@range")
    upgrades = npm_upgrades()
    for spec in parser.parse_args().specs:
        name, wanted = split_spec(spec)
        version = newest_release(name, wanted)
        print(f"{name}: {upgrades.get(name, 'as Reflex pins it')} -> {version}")
        upgrades[name] = version
    PYPROJECT.write_text(with_table(PYPROJECT.read_text(), upgrades))
    refresh_frontend_lock.main()


if __name__ == "__main__":
    main()
