"""Runs the site's rules (Reflex expressions written in Python) in Node, as the browser
runs them: with Reflex's own helper functions, the client state as plain values, and the
browser steps they call replaced by stand-ins that record each call.

    outcome = run_rule(contact_form.submit_rule(texts), state={"contact_name": "Ana"},
                       steps={"openInNewTab": True})
    outcome.state, outcome.calls, outcome.result
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import reflex as rx

from clinic.framework.browser_steps import function
from clinic.framework.expression_helpers import expression_helpers_js

NODE = Path(sys.executable).parent / "node"


@dataclass
class Outcome:
    result: Any
    state: dict
    calls: list  # [step name, *arguments] in order; a state set is ["set", name, value]


def run_rule(
    function: rx.Var,
    *,
    state: dict | None = None,
    steps: dict[str, Any] | None = None,
    args: tuple = (),
) -> Outcome:
    """Calls the compiled `function` with `args`; `steps` maps each browser step it may
    call to the value that step returns."""
    stand_ins = "\n".join(
        f"const {name} = (...args) => {{ calls.push([{json.dumps(name)}, ...args]); return {json.dumps(value)}; }};"
        for name, value in (steps or {}).items()
    )
    script = f"""{expression_helpers_js()}
const state = {json.dumps(state or {})};
const calls = [];
const clientStateValue = (name) => {{
  if (!(name in state)) throw new Error(`the rule reads the client state "${{name}}", which the test's state does not give`);
  return state[name];
}};
const setClientState = (name, setter, value) => {{ state[name] = value; calls.push(["set", name, value]); return value; }};
{stand_ins}
let result;
try {{
  result = ({function!s})(...{json.dumps(list(args))});
}} catch (error) {{
  console.log(JSON.stringify({{ thrown: `${{error.name}}: ${{error.message}}` }}));
  process.exit(0);
}}
console.log(JSON.stringify({{ result: result === undefined ? null : result, state, calls }}));
"""
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-"],
        input=script,
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    if done.returncode:
        raise AssertionError(f"node failed:\n{done.stderr}\n--- script ---\n{script}")
    outcome = json.loads(done.stdout)
    if "thrown" in outcome:
        # One line first, in the developer's terms; the compiled code after it.
        raise AssertionError(
            f"{outcome['thrown']} (client state given: {sorted(state or {})}; "
            f"browser steps given: {sorted(steps or {})})\n--- script ---\n{script}"
        )
    return Outcome(**outcome)


def value_of(
    expression: rx.Var, *, state: dict | None = None, steps: dict[str, Any] | None = None
) -> Any:
    """The value of a render-time or event-time expression."""
    return run_rule(function(lambda: expression), state=state, steps=steps).result
