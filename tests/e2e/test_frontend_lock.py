"""The build the browser tests run against installed exactly the npm packages reflex.lock/
locks (a fresh clone's `make test` builds from the committed lock, so this is the proof
that a fresh clone gets the locked frontend). Reads the production server's build; no
build of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinic.framework.patches.frontend_lock import (
    BUN_CONFIG,
    LOCK_DIR,
    locked_versions,
    read_bun_lock,
)

pytestmark = pytest.mark.own_server("it reads the npm packages of our own build")


def installed_versions(node_modules: Path, under: str = "") -> dict[str, str]:
    """Each package in a node_modules tree, keyed as bun.lock keys it (`a`, `@s/a`, and
    `a/b` for a `b` in `a`'s own node_modules), with the version its package.json says."""
    found: dict[str, str] = {}
    if not node_modules.is_dir():
        return found
    for entry in sorted(node_modules.iterdir()):
        if entry.name.startswith("."):
            continue
        for folder in sorted(entry.iterdir()) if entry.name.startswith("@") else [entry]:
            manifest = folder / "package.json"
            if manifest.is_file():
                key = under + folder.relative_to(node_modules).as_posix()
                found[key] = json.loads(manifest.read_text())["version"]
                found.update(installed_versions(folder / "node_modules", key + "/"))
    return found


def resolve(dependent: str, name: str, installed: dict[str, str]) -> str | None:
    """The installed copy of `name` that `dependent` (a key; "" for the app) gets, as
    Node resolves it: its own node_modules first, then each enclosing one."""
    parts = [part for part in dependent.split("/") if part]
    # A scoped name is two parts of the key: rejoin them.
    names = []
    for part in parts:
        if names and names[-1].startswith("@") and "/" not in names[-1]:
            names[-1] += "/" + part
        else:
            names.append(part)
    for depth in range(len(names), -1, -1):
        key = "/".join([*names[:depth], name])
        if key in installed:
            return key
    return None


@pytest.fixture(scope="module")
def build(served_build):
    return served_build


@pytest.fixture(scope="module")
def web(build) -> Path:
    """The .web folder of the project the served build was made in (the fixture clinic's)."""
    return build.parents[1]


def bundled(lock: dict) -> set[str]:
    """The keys of packages that come inside another package's own tarball (its
    `bundledDependencies`): the parent's hash covers them, and the version bun.lock records
    for them is the registry's, which the tarball's copy need not be."""
    return {
        key
        for key, entry in lock["packages"].items()
        if any(isinstance(item, dict) and item.get("bundled") for item in entry[1:])
    }


def test_every_installed_npm_package_is_the_locked_version(web):
    lock = read_bun_lock(LOCK_DIR / "bun.lock")
    locked, inside_tarballs = locked_versions(lock), bundled(lock)
    installed = installed_versions(web / "node_modules")
    assert installed, "the build installed no npm packages"
    assert {
        key: (version, locked.get(key))
        for key, version in installed.items()
        if locked.get(key) != version
        and not any(key == outer or key.startswith(f"{outer}/") for outer in inside_tarballs)
    } == {}


def test_every_package_the_app_and_its_packages_need_is_installed(web):
    # Platform builds (another OS, CPU or libc) are optional and stay out of node_modules,
    # so "everything locked is installed" does not hold; everything required does.
    lock = read_bun_lock(LOCK_DIR / "bun.lock")
    installed = installed_versions(web / "node_modules")
    app = lock["workspaces"][""]
    needs = [
        ("", name) for name in {**app.get("dependencies", {}), **app.get("devDependencies", {})}
    ]
    for key in installed:
        details = next((item for item in lock["packages"][key][1:] if isinstance(item, dict)), {})
        needs += [(key, name) for name in details.get("dependencies", {})]
    assert [
        f"{dependent or 'the app'} needs {name}"
        for dependent, name in needs
        if resolve(dependent, name, installed) is None
    ] == []


def test_the_build_installed_from_reflex_lock_with_bun_frozen(web):
    assert (web / "bun.lock").read_bytes() == (LOCK_DIR / "bun.lock").read_bytes()
    web_package = json.loads((web / "package.json").read_text())
    locked_package = json.loads((LOCK_DIR / "package.json").read_text())
    for section in ("dependencies", "devDependencies"):
        assert web_package.get(section) == locked_package.get(section), section
    assert (web / BUN_CONFIG.name).read_text() == BUN_CONFIG.read_text()
