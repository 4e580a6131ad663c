"""Reflex installs its npm packages at the versions it pins; an upstream fix published
after its release comes in only by making its installer use other versions
(pyproject.toml's `[tool.clinic.npm-upgrades]`, docs/developing.md, "Taking an npm fix before Reflex ships it").
This knows how Reflex installs them (`js_runtimes._install_frontend_packages`,
`constants.PackageJson`): docs/upgrading.md says how to re-sync it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reflex_base import constants

from clinic.framework.errors import FrameworkChanged

PATCH_POINT = "npm versions"
THIS_FILE = "clinic/framework/npm_versions.py"


@dataclass(frozen=True)
class _InstallWithVersions:
    """Reflex's npm installer with the upgrades spelled into every package it adds; keeps
    Reflex's own installer and pins, so that applying the upgrades again starts from them."""

    reflex_install: Callable[..., Any]
    reflex_pins: tuple[dict[str, str], dict[str, str], dict[str, str]]
    versions: dict[str, str]

    def respelled(self, specs: set[str]) -> set[str]:
        return {
            f"{name}@{self.versions[name]}" if (name := _npm_name(spec)) in self.versions else spec
            for spec in specs
        }

    def __call__(self, packages: set[str], development_dependencies: set[str], *args, **kwargs):
        return self.reflex_install(
            self.respelled(packages), self.respelled(development_dependencies), *args, **kwargs
        )


def install_npm_versions(versions: dict[str, str]) -> None:
    """Make Reflex install each npm package of `versions` (name -> exact version) at that
    version instead of its own pin: in the packages it adds to `.web/package.json` (its
    framework pins, its plugins' such as Tailwind's, the components' imports) and, as an
    `overrides` entry, wherever another package requires it, so one copy is installed.

    Reflex pins its npm packages and adds them again at every build; an upstream fix
    published after its release comes in only this way (pyproject.toml's
    `[tool.clinic.npm-upgrades]`, docs/developing.md, "Taking an npm fix before Reflex ships it"). Stops the build
    when Reflex's own pin has caught up, since the line would then hold it back."""
    from reflex.utils import js_runtimes

    pins = constants.PackageJson
    install = getattr(js_runtimes, "_install_frontend_packages", None)
    if not (
        callable(install)
        and isinstance(pins.DEV_DEPENDENCIES, dict)
        and isinstance(pins.DEPENDENCIES, dict)
        and isinstance(getattr(pins, "OVERRIDES", None), dict)
    ):
        raise FrameworkChanged(
            PATCH_POINT,
            "Reflex no longer installs npm packages through js_runtimes._install_frontend_packages "
            "with its pins in constants.PackageJson",
            THIS_FILE,
        )
    if isinstance(install, _InstallWithVersions):
        reflex_install, reflex_pins = install.reflex_install, install.reflex_pins
    else:
        reflex_install = install
        reflex_pins = (dict(pins.DEPENDENCIES), dict(pins.DEV_DEPENDENCIES), dict(pins.OVERRIDES))
    dependencies, dev_dependencies, overrides = reflex_pins
    for name, version in versions.items():
        pin = {**dependencies, **dev_dependencies}.get(name)
        if pin and _release(pin) >= _release(version):
            raise FrameworkChanged(
                PATCH_POINT,
                f"Reflex now pins {name} {pin}, not older than {version}",
                "pyproject.toml (remove its line from [tool.clinic.npm-upgrades], then `make lock`)",
            )
    # Reflex computes DEPENDENCIES in a class property; every reader gets this dict instead.
    pins.DEPENDENCIES = {  # pyright: ignore[reportAttributeAccessIssue]
        name: versions.get(name, pin) for name, pin in dependencies.items()
    }
    pins.DEV_DEPENDENCIES.clear()
    pins.DEV_DEPENDENCIES.update(
        {name: versions.get(name, pin) for name, pin in dev_dependencies.items()}
    )
    pins.OVERRIDES.clear()
    pins.OVERRIDES.update({**overrides, **versions})
    js_runtimes._install_frontend_packages = _InstallWithVersions(
        reflex_install, reflex_pins, dict(versions)
    )


def _npm_name(spec: str) -> str:
    """`name` of an npm spec `name`, `name@version`, `@scope/name` or `@scope/name@version`."""
    at = spec.find("@", 1)
    return spec if at == -1 else spec[:at]


def _release(version: str) -> tuple[int, ...]:
    """An exact npm version (`8.4.0`, `v2.0.2`) as numbers to compare."""
    return tuple(int(part) for part in version.lstrip("v").split("-")[0].split("."))
