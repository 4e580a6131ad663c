"""Runs the site's rules (Reflex expressions written in Python) in Node, as the browser
runs them: with Reflex's own helper functions, the client state as plain values, and the
browser steps they call replaced by stand-ins that record each call.

    outcome = run_rule(contact_form.submit_rule(texts), state={"contact_name": "Ana"},
                       steps={"openInNewTab": True})
    outcome.state, outcome.calls, outcome.result
"""

from __future__ import annotations

import atexit
import functools
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
RUNNER = Path(__file__).with_name("rules_runner.mjs")


class _Node:
    """One Node process for the session (tests/unit/rules_runner.mjs): each script runs in
    a context of its own there, as in a fresh Node, without Node's start-up each time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [str(NODE), str(RUNNER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        atexit.register(self.process.kill)

    def run(self, script: str) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(script) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"node ended (exit status {self.process.wait()})")
        return json.loads(line)


@functools.cache
def _node() -> _Node:
    return _Node()


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
let outcome;
try {{
  const result = ({function!s})(...{json.dumps(list(args))});
  outcome = {{ result: result === undefined ? null : result, state, calls }};
}} catch (error) {{
  outcome = {{ thrown: `${{error.name}}: ${{error.message}}` }};
}}
outcome;
"""
    outcome = _node().run(script)
    if "failed" in outcome:
        raise AssertionError(f"node failed: {outcome['failed']}\n--- script ---\n{script}")
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
