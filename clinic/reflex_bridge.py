"""The one place that knows Reflex's internals.

Everything else in `clinic/` uses `import reflex as rx`, `ClientStateVar` and this module.
Reflex's client state is still `reflex.experimental` and a new implementation is under
review upstream; when it lands, or when Reflex moves a module, this file (and its
JavaScript twin, `assets/behaviors/reflex_state.js`) is what changes.

What it offers:
- `current(state)` and `set_to(state, value)`: a client state's value at the moment an
  event runs, and the call that sets it (nothing happens when it already holds the value,
  so a listener firing at every scroll re-renders nothing). Use them inside `function`
  and `handler`; render with `state.value` as usual.
- `function(rule)`: a Python function of Vars made into a browser function: its
  parameters become the function's parameters (`event`, `info`, ...), its result (a Var,
  or a list of Vars run in order) its body. Rules stay Reflex expressions.
- `handler(rule)`: the same, usable as an event trigger (`on_click=`) or a DOM handler in
  `custom_attrs` (`"onKeyDown": handler(lambda event: ...)`). It runs inside the
  patient's own event, so a tab opened there is not blocked.
- `browser_step(module, name, returns=type)`: a named export of a module under
  `assets/behaviors/`, called from Python like a function: `step(arg, ...)` is a Var.
- `window_listener(...)`, the link components and the few constants the build and the
  server read.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex_base import constants
from reflex_base.components.component import field
from reflex_base.event import EventChain, EventHandler, no_args_event_spec
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData
from reflex_base.vars.function import (
    ENCODE_URI_COMPONENT,
    ArgsFunctionOperation,
    FunctionStringVar,
    FunctionVar,
)
from reflex_components_core.core.window_events import WindowEventListener
from reflex_components_core.el.elements.inline import A as _PlainAnchor
from reflex_components_core.react_router.dom import ReactRouterLink

# Where Vite finds the files of assets/ (Reflex copies them to the app's public/ folder).
_PUBLIC = "$/public"
BEHAVIORS = f"{_PUBLIC}/behaviors"
WIDGETS = f"{_PUBLIC}/widgets"


class BrowserStep:
    """A named export of a module under `assets/behaviors/`, called from Python:
    `step(arg, ...)` is the call, as a Var of the type the step returns."""

    def __init__(self, module: str, name: str, returns: type | None = None):
        self.function = FunctionStringVar.create(
            name, _var_data=VarData(imports={f"{BEHAVIORS}/{module}.js": [ImportVar(tag=name)]})
        )
        self.returns = returns

    def __call__(self, *args: Any) -> rx.Var:
        call = self.function.call(*args)
        return call.to(self.returns) if self.returns else call


def browser_step(module: str, name: str, returns: type | None = None) -> BrowserStep:
    """The export `name` of `assets/behaviors/<module>.js`, bundled with the page that
    calls it; `returns`: the type of what it returns, for rules written on it."""
    return BrowserStep(module, name, returns)


_state_value = browser_step("reflex_state", "clientStateValue")
_set_state = browser_step("reflex_state", "setClientState")


def _with_hooks(var: rx.Var, state: ClientStateVar) -> rx.Var:
    # The state's useState hook comes along, so the component that runs the code keeps
    # the state alive even when it renders nothing of it.
    return var._replace(merge_var_data=state._get_all_var_data())


def current(state: ClientStateVar) -> rx.Var:
    """The state's value when the code runs (valid in any component, unlike `state.value`,
    which is the value rendered by the component that declares it)."""
    return _with_hooks(_state_value(state._getter_name), state).to(state._var_type)


def state_name(state: ClientStateVar) -> str:
    """The name `current` and `set_to` read and write the state under (tests give a rule
    its client state by these names)."""
    return state._getter_name


def set_to(state: ClientStateVar, value: Any) -> rx.Var:
    """A call setting `state` to `value` (a Var or a Python value); it returns the value."""
    return _with_hooks(_set_state(state._getter_name, state._setter_name, value), state)


def _body(result: Any) -> rx.Var:
    if isinstance(result, (list, tuple)):
        # An array literal: its items are evaluated in order, which is all a sequence of
        # steps needs.
        return rx.Var.create(list(result))
    return rx.Var.create(result)


def function(rule: Callable[..., Any]) -> FunctionVar:
    """A browser function from a Python function of Vars (see the module's docstring)."""
    names = tuple(inspect.signature(rule).parameters)
    return ArgsFunctionOperation.create(names, _body(rule(*(rx.Var(name) for name in names))))


def handler(rule: Callable[..., Any]) -> rx.Var:
    """`function(rule)` as an event trigger or a DOM handler."""
    return function(rule).to(FunctionVar, EventChain)


def url_encoded(text: rx.Var | str) -> rx.Var:
    """`text` percent-encoded for a URL's query (encodeURIComponent)."""
    return ENCODE_URI_COMPONENT.call(text).to(str)


class _WindowListener(WindowEventListener):
    """Reflex's window listener with two more events: a press and a click anywhere (the
    menus close on a press outside them)."""

    on_pointer_down: EventHandler[no_args_event_spec] = field(
        doc="A pointer pressed anywhere on the page; a raw handler gets the event."
    )
    on_click: EventHandler[no_args_event_spec] = field(
        doc="A click anywhere on the page (after the element's own handlers); a raw handler gets the event."
    )


def window_listener(**events: Any) -> rx.Component:
    """Listeners on `window` for as long as the page is shown (on_scroll, on_resize,
    on_key_down, on_popstate, on_pointer_down, on_click)."""
    return _WindowListener.create(**events)


# An event that a JSX adapter reports (its callback prop), declared on its component.
AdapterEvent = EventHandler[no_args_event_spec]


class JsxWidget(rx.Component):
    """A named export of a `.jsx` adapter in `assets/widgets/` (third-party scripts)."""

    @classmethod
    def at(cls, file: str) -> str:
        return f"{WIDGETS}/{file}.jsx"


def page_link(href: str, *children, **props) -> rx.Component:
    """A link to one of our pages, navigated client-side by React Router."""
    return ReactRouterLink.create(*children, to=href, **props)


def plain_anchor(*children, **props) -> rx.Component:
    """A plain `<a>` (`rx.el.a` becomes React Router's link, which resolves `#id` and
    relative links against the route)."""
    return _PlainAnchor.create(*children, **props)


def location_path() -> rx.Var:
    """The path the browser shows (React Router's location), as a render-time Var."""
    return rx.Var(
        "useLocation().pathname",
        _var_data=VarData(imports={"react-router": [ImportVar(tag="useLocation")]}),
    ).to(str)


def when(condition: rx.Var, *steps: Any) -> rx.Var:
    """The steps (Vars, run in order) only when `condition` holds: `rx.cond` for the
    body of a `function` or `handler`."""
    return rx.cond(condition, rx.Var.create(list(steps)), rx.Var.create(None))


def web_dir() -> Path:
    """The app's `.web` folder, where Reflex writes the frontend and installs its packages."""
    from reflex.utils import prerequisites

    return prerequisites.get_web_dir()


def static_files_dir() -> Path:
    """Where Reflex's production build leaves the static site (the server serves it)."""
    return web_dir() / constants.Dirs.STATIC


def compile_skip_marker() -> Path:
    """The file `reflex run` leaves in .web after compiling, so that its first backend
    worker does not compile again; the first worker to start deletes it and skips its
    compile."""
    return web_dir() / constants.NOCOMPILE_FILE


def hot_reload_module():
    """Reflex's module that decides which edits restart the development server (its
    `HOTRELOAD_IGNORE_PATTERNS`)."""
    from reflex.utils import exec as reflex_exec

    return reflex_exec


def expression_helpers_js() -> str:
    """The source of the small functions Reflex's compiled expressions call (`isTrue`,
    `pyStrip`, `pyAnd`, ...), as plain declarations: the unit tests run the site's rules
    in Node with them."""
    source = (Path(constants.Templates.Dirs.WEB_TEMPLATE) / "utils" / "state.js").read_text()
    start = source.index("export const isTrue")
    start = source.rfind("\n/*", 0, start)
    end = source.index("export const mergeRefs")
    end = source.rfind("\n/*", 0, end)
    return source[start:end].replace("export const ", "const ")


def location() -> rx.Var:
    """React Router's location (`pathname`, `search`, `hash`) as a Var for the component
    that uses it, in render and in its events alike (the hook is called in its body)."""
    return rx.Var(
        "clinic_location",
        _var_data=VarData(
            hooks={"const clinic_location = useLocation()": None},
            imports={"react-router": [ImportVar(tag="useLocation")]},
        ),
    ).to(dict)


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
    `[tool.clinic.npm-upgrades]`, README "Dependencies and their locks"). Stops the build
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
        raise SystemExit(
            "Reflex no longer installs npm packages as clinic/reflex_bridge.py's "
            "install_npm_versions expects (js_runtimes._install_frontend_packages, "
            "constants.PackageJson): update it"
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
            raise SystemExit(
                f"Reflex now pins {name} {pin}, not older than {version}: remove its line "
                "from [tool.clinic.npm-upgrades] in pyproject.toml, then `make lock`"
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
