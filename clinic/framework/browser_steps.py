"""Browser code written in Python: the steps of `assets/behaviors/` called by name, and
functions and handlers whose body is a rule of Reflex expressions.

- `browser_step(module, name, returns=type)`: a named export of a module under
  `assets/behaviors/`, called from Python like a function: `step(arg, ...)` is a Var.
- `function(rule)`: a Python function of Vars made into a browser function: its
  parameters become the function's parameters (`event`, `info`, ...), its result (a Var,
  or a list of Vars run in order) its body. Rules stay Reflex expressions.
- `handler(rule)`: the same, usable as an event trigger (`on_click=`) or a DOM handler in
  `custom_attrs` (`"onKeyDown": handler(lambda event: ...)`). It runs inside the
  patient's own event, so a tab opened there is not blocked.
- `when(condition, *steps)`: `rx.cond` for the body of a function or handler.
- `url_encoded(text)`: encodeURIComponent.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex_base.event import EventChain
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData
from reflex_base.vars.function import (
    ENCODE_URI_COMPONENT,
    ArgsFunctionOperation,
    FunctionStringVar,
    FunctionVar,
)

from clinic.framework.app_folders import ASSETS_IN_BUNDLE

# Where Vite finds the modules of assets/behaviors/.
BEHAVIORS = f"{ASSETS_IN_BUNDLE}/behaviors"


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


def when(condition: rx.Var, *steps: Any) -> rx.Var:
    """The steps (Vars, run in order) only when `condition` holds: `rx.cond` for the
    body of a `function` or `handler`."""
    return rx.cond(condition, rx.Var.create(list(steps)), rx.Var.create(None))


def url_encoded(text: rx.Var | str) -> rx.Var:
    """`text` percent-encoded for a URL's query (encodeURIComponent)."""
    return ENCODE_URI_COMPONENT.call(text).to(str)
