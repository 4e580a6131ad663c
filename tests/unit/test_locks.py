"""Installs are reproducible: the virtualenv holds exactly requirements.lock, the lock
satisfies pyproject.toml's ranges, reflex.lock/ is committed, and bun builds with it frozen.
(That the build's node_modules are reflex.lock/'s is checked where a build exists:
tests/e2e/test_frontend_lock.py.)"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import tomllib

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from reflex.utils import js_runtimes
from reflex_base import constants

from clinic.framework.errors import FrameworkChanged
from clinic.framework.npm_versions import install_npm_versions
from clinic.framework.patches.frontend_lock import (
    BUN_CONFIG,
    LOCK_DIR,
    LOCK_FILES,
    align_package_json,
    copy_bun_config,
    locked_versions,
    npm_upgrades,
    read_bun_lock,
)
from clinic.project import PROJECT_DIR

PYTHON_LOCK = PROJECT_DIR / "requirements.lock"
# Put there by `python -m venv` itself, not by the lock: the installer and its build tool.
VENV_SEED = {"pip", "setuptools"}


def python_lock() -> dict[str, tuple[str, Marker | None]]:
    """requirements.lock's pins: name -> (version, the environment marker, if any)."""
    pins = {}
    for line in PYTHON_LOCK.read_text().splitlines():
        if not line or line[0] in " #":
            continue  # hashes, "via" notes, the header
        requirement = Requirement(line.rstrip(" \\"))
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", line
        pins[canonicalize_name(requirement.name)] = (specifier.version, requirement.marker)
    return pins


def test_the_virtualenv_holds_exactly_the_locked_python_packages():
    wanted = {
        name: version
        for name, (version, marker) in python_lock().items()
        if marker is None or marker.evaluate()
    }
    ours = canonicalize_name(
        tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text())["project"]["name"]
    )
    installed = {
        canonicalize_name(dist.metadata["Name"]): dist.version
        for dist in importlib.metadata.distributions()
    }
    installed = {
        name: version for name, version in installed.items() if name not in VENV_SEED | {ours}
    }
    assert {
        name: (installed.get(name), wanted.get(name))
        for name in installed.keys() | wanted.keys()
        if installed.get(name) != wanted.get(name)
    } == {}, "run `make setup` (or `make lock`)"


def test_the_python_lock_satisfies_every_range_in_pyproject():
    project = tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text())["project"]
    ranges = [
        *project["dependencies"],
        *(r for extra in project["optional-dependencies"].values() for r in extra),
    ]
    pins = python_lock()
    unmet = []
    for line in ranges:
        requirement = Requirement(line)
        version, _ = pins.get(canonicalize_name(requirement.name), (None, None))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            unmet.append(f"{line} (locked: {version})")
    assert unmet == [], "pyproject.toml changed after the lock: run `make lock`"


def test_reflex_lock_is_committed():
    if not (PROJECT_DIR / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(
        ["git", "ls-files", LOCK_DIR.name],
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(tracked) == sorted(f"{LOCK_DIR.name}/{name}" for name in LOCK_FILES)


def test_every_bun_command_keeps_the_lock_frozen():
    config = tomllib.loads(BUN_CONFIG.read_text())
    assert config["install"]["frozenLockfile"] is True


def test_the_plugin_puts_the_projects_bun_config_into_the_web_dir(tmp_path):
    (tmp_path / BUN_CONFIG.name).write_text("[install]\n")  # what an older .web may hold
    assert copy_bun_config(tmp_path) is True
    assert (tmp_path / BUN_CONFIG.name).read_text() == BUN_CONFIG.read_text()
    assert copy_bun_config(tmp_path) is False


def test_the_plugin_spells_web_package_json_as_committed_only_when_it_says_the_same(tmp_path):
    committed = json.loads((LOCK_DIR / "package.json").read_text())
    web_package = tmp_path / "package.json"
    web_package.write_text(json.dumps(committed, indent=2))  # as bun writes it
    assert align_package_json(tmp_path) is True
    assert web_package.read_bytes() == (LOCK_DIR / "package.json").read_bytes()
    assert align_package_json(tmp_path) is False
    changed = {**committed, "dependencies": {**committed["dependencies"], "left-pad": "1.3.0"}}
    web_package.write_text(json.dumps(changed, indent=2))  # another package set: Reflex's to render
    assert align_package_json(tmp_path) is False
    assert json.loads(web_package.read_text()) == changed


def installed_name(key: str) -> str:
    """The package a bun.lock key places (`a`, `@s/a`, `a/b`, `a/@s/b`: the last name)."""
    parts = key.split("/")
    return "/".join(parts[-2:]) if len(parts) > 1 and parts[-2].startswith("@") else parts[-1]


def test_every_npm_upgrade_is_the_one_copy_reflex_lock_holds():
    upgrades = npm_upgrades()
    package = json.loads((LOCK_DIR / "package.json").read_text())
    locked = locked_versions(read_bun_lock(LOCK_DIR / "bun.lock"))
    for name, version in upgrades.items():
        declared = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
        assert declared.get(name, version) == version, f"{name}: run `make lock`"
        assert package.get("overrides", {}).get(name) == version, f"{name}: run `make lock`"
        copies = {key: found for key, found in locked.items() if installed_name(key) == name}
        assert copies, f"{name} is in no place of reflex.lock/bun.lock: run `make lock`"
        assert set(copies.values()) == {version}, (name, copies)


def test_npm_upgrades_are_exact_versions(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.clinic.npm-upgrades]\n"vite" = "8.3.8"\n')
    assert npm_upgrades(pyproject) == {"vite": "8.3.8"}
    pyproject.write_text('[tool.clinic.npm-upgrades]\n"vite" = "^8.3.8"\n')
    with pytest.raises(SystemExit, match="exact version"):
        npm_upgrades(pyproject)


@pytest.fixture
def reflex_installer(monkeypatch):
    """Reflex's pins and installer replaced by small stand-ins; returns the installer's calls."""
    calls = []
    monkeypatch.setattr(
        js_runtimes,
        "_install_frontend_packages",
        lambda packages, dev_packages, *rest: calls.append((packages, dev_packages)),
    )
    monkeypatch.setattr(
        constants.PackageJson, "DEPENDENCIES", {"react-router": "8.4.0", "react": "19.3.1"}
    )
    monkeypatch.setattr(constants.PackageJson, "DEV_DEPENDENCIES", {"vite": "8.3.4"})
    monkeypatch.setattr(constants.PackageJson, "OVERRIDES", {})
    return calls


def test_npm_upgrades_replace_reflex_pins_and_every_spec_it_adds(reflex_installer):
    upgrades = {"react-router": "8.5.1", "vite": "8.3.8", "tailwindcss": "4.3.5"}
    install_npm_versions(upgrades)
    install_npm_versions(upgrades)  # the config read again changes nothing
    assert constants.PackageJson.DEPENDENCIES == {"react-router": "8.5.1", "react": "19.3.1"}
    assert constants.PackageJson.DEV_DEPENDENCIES == {"vite": "8.3.8"}
    assert upgrades == constants.PackageJson.OVERRIDES
    js_runtimes._install_frontend_packages(
        {"embla-carousel@8.6.0", "react-router"},
        {"tailwindcss@4.3.0", "@tailwindcss/postcss@4.3.0"},
    )
    assert reflex_installer == [
        (
            {"embla-carousel@8.6.0", "react-router@8.5.1"},
            {"tailwindcss@4.3.5", "@tailwindcss/postcss@4.3.0"},
        )
    ]


def test_an_npm_upgrade_that_reflex_has_caught_up_with_stops_the_build(reflex_installer):
    with pytest.raises(
        FrameworkChanged,
        match=r"^npm versions: Reflex now pins vite 8\.3\.4, not older than 8\.3\.4; update pyproject",
    ):
        install_npm_versions({"vite": "8.3.4"})
    assert constants.PackageJson.DEV_DEPENDENCIES == {"vite": "8.3.4"}
