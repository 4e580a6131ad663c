"""Client state: state declared in Python that lives in the browser (Reflex's
`ClientStateVar`, still `reflex.experimental`; a new implementation is under review
upstream, and this module with `assets/behaviors/reflex_state.js` is what it changes).

Declare a state with `ClientStateVar.create(name, default=...)` beside the component
that reads it and render with `state.value`. In the body of a `function` or `handler`
(`clinic.framework.browser_steps`):
- `current(state)`: its value at the moment the code runs;
- `set_to(state, value)`: the call that sets it (nothing happens when it already holds
  the value, so a listener firing at every scroll re-renders nothing).

Both go through `assets/behaviors/reflex_state.js`, which reads Reflex's slots for the
state in the browser (`SLOT_PREFIX` + the state's name); `client_state_slots.py` checks
after every compile that Reflex's generated code still fills them.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from clinic.framework.browser_steps import browser_step

__all__ = ["SLOT_PREFIX", "ClientStateVar", "current", "set_to", "state_name"]

# The key prefix of a client state's value and setter in Reflex's `refs` object (the
# JavaScript module repeats it; a unit test keeps the two the same).
SLOT_PREFIX = "_client_state_"
STATE_MODULE = "reflex_state"

_state_value = browser_step(STATE_MODULE, "clientStateValue")
_set_state = browser_step(STATE_MODULE, "setClientState")


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
