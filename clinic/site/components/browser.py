"""Small helpers for UI state that lives in the browser, written from Python.

The site has no backend state (`rx.App(enable_state=False)`: no websocket), so every
piece of UI state (the mobile menu, the open dropdown, the contact form's draft, ...) is
Reflex client state: a module-level `ClientStateVar.create("name", default=...)` beside
the component that reads it. A component renders it with `state.value`, an event sets it
with `state.set_value(...)`; both are plain Reflex.

Where Reflex has no ready-made event (a key press that decides what to do, a click that
must open a tab, a listener on the whole window), the few lines of browser code are built
here from Python pieces:

- `current(state)`: the state's value at the moment the code runs. (Reading
  `state.value` inside code compiled into another memoized component throws
  "ReferenceError: id_... is not defined"; the global slot Reflex keeps in `refs` works
  everywhere.)
- `assign(state, value)`: set it, doing nothing when it already has that value, so a
  scroll listener firing 60 times a second re-renders nothing.
- `run(...)`: an `rx.call_function` of those statements. It runs inside the triggering
  event's own call stack (no await first), so `window.open` in it is still the
  patient's click (Safari blocks a tab opened later).
- `handler(params, ...)`: a plain DOM event handler, for triggers that need the event
  itself (`event.key`, `event.relatedTarget`, `preventDefault`).
- `window_listener(...)`: `rx.window_event_listener` plus `pointerdown` and `click`.

No helper evaluates a string at run time (`rx.call_script` uses eval, which the site's
Content-Security-Policy refuses): everything is compiled into the page's module.
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex_base.components.component import field
from reflex_base.event import EventChain, EventHandler, EventSpec, no_args_event_spec
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData
from reflex_base.vars.function import FunctionVar
from reflex_components_core.core.window_events import WindowEventListener

# Reflex wraps a raw function given to a window listener in a useCallback whose
# dependencies name these two: import them wherever such a handler is compiled.
_HANDLER_IMPORTS = VarData(imports={
    "$/utils/context": [ImportVar(tag="addEvents")],
    "$/utils/state": [ImportVar(tag="ReflexEvent"), ImportVar(tag="refs")],
})

def js(*parts: Any) -> rx.Var:
    """Browser code from strings and Vars, in order; the Vars' imports and hooks (the
    client state they read) come along, so the component compiled around it has them."""
    data = VarData.merge(*(p._get_all_var_data() for p in parts if isinstance(p, rx.Var)))
    return rx.Var("".join(str(p) for p in parts), _var_data=VarData.merge(data, _HANDLER_IMPORTS))


def literal(value: Any) -> str:
    """A Python value (str, bool, number, None) as a JavaScript literal."""
    return json.dumps(value, ensure_ascii=False)


def _hooks_of(state: ClientStateVar) -> rx.Var:
    """No code: only the state's hooks (its useState and the `refs` slots they fill)."""
    return rx.Var("", _var_data=state._get_all_var_data())


def current(state: ClientStateVar) -> rx.Var:
    """The value of `state` when the code runs (its global slot in Reflex's `refs`)."""
    return js(f"refs['_client_state_{state._getter_name}']", _hooks_of(state))


def equals(value: rx.Var, expected: Any) -> rx.Var:
    """`value === expected` in browser code."""
    return js("(", value, f" === {literal(expected)})")


def assign(state: ClientStateVar, value: Any) -> rx.Var:
    """A statement setting `state` to `value` (a Var, or a Python value); a no-op when
    the state already holds it, so nothing re-renders."""
    new = value if isinstance(value, rx.Var) else literal(value)
    setter = f"refs['_client_state_{state._setter_name}']"
    return js("{ const next = (", new, "); if (", current(state), " !== next) ", setter, "(next); }")


def focus(element_id: str) -> str:
    """A statement moving keyboard focus to the element with this id."""
    return f"document.getElementById({literal(element_id)})?.focus();"


def navigate(path: str, replace: bool = False) -> str:
    """A statement navigating inside the site to `path` (browser code), with Reflex's own
    redirect event (React Router, no page load)."""
    return (f'addEvents([ReflexEvent("_redirect", {{path: {path}, external: false, '
            f'replace: {literal(replace)}}})], [], {{}});')


def run(*statements: Any) -> EventSpec:
    """`rx.call_function` of these statements, inside the triggering event."""
    return rx.call_function(js("() => { ", *statements, " }"))


def handler(params: str, *statements: Any) -> rx.Var:
    """A DOM event handler `(params) => { statements }` (for `custom_attrs` such as
    onKeyDown, or a window listener); it receives the event itself."""
    return js(f"({params}) => {{ ", *statements, " }").to(FunctionVar, EventChain)


class _WindowListener(WindowEventListener):
    """Reflex's window listener with one more event: a press anywhere (the menus close
    on a tap outside them)."""

    on_pointer_down: EventHandler[no_args_event_spec] = field(
        doc="A pointer pressed anywhere on the page; a raw handler gets the event.")
    on_click: EventHandler[no_args_event_spec] = field(
        doc="A click anywhere on the page (after the element's own handlers); a raw handler gets the event.")


def window_listener(**events: Any) -> rx.Component:
    """Listeners on `window` for as long as the page is shown (on_scroll, on_resize,
    on_key_down, on_popstate, on_pointer_down, ...)."""
    return _WindowListener.create(**events)
