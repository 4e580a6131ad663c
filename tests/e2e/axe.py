"""axe-core for the browser tests, from PyPI (`axe-playwright-python`, a dev extra).

The package ships axe-core's `axe.min.js` and injects it with `page.evaluate`, that is
through the DevTools protocol after the page has loaded: the site's
Content-Security-Policy stays on and the page under test is not altered before it runs.
axe-core is a test tool, not a dependency of the site: it is in neither the frontend's
package.json nor git.
"""

from __future__ import annotations

import re
from functools import cache

from axe_playwright_python.sync_playwright import Axe

# WCAG 2.0, 2.1 and 2.2, levels A and AA. axe tags each rule with these.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}


@cache
def axe() -> Axe:
    return Axe()


def axe_version() -> str:
    """The axe-core version the package ships (for messages)."""
    match = re.search(r"axe v([\d.]+)", axe().axe_script[:200])
    return match.group(1) if match else "unknown"


# axe-core's run, returning only what a message shows: the violations' rules, help texts
# and failing nodes (the whole result, passes and inapplicable rules included, is many
# times larger and crosses the protocol for nothing).
RUN = """async (options) => {
    const results = await axe.run(document, options);
    return results.violations.map((violation) => ({
        id: violation.id, impact: violation.impact, help: violation.help,
        nodes: violation.nodes.map((node) => ({
            target: node.target.map(String).join(' '), summary: node.failureSummary,
        })),
    }));
}"""


def run_axe(page) -> list[dict]:
    """Run the WCAG A/AA rules on the page and return the violations, each reduced to
    the rule, its help text and the failing nodes. axe-core is injected once per
    document: a page checked again (with a menu open) reuses it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe().axe_script)
    return page.evaluate(RUN, OPTIONS)


def describe(violations: list[dict]) -> str:
    """A readable list for an assertion message."""
    lines = [f"(axe-core {axe_version()})"]
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(
                f"    {node['target']}: {(node['summary'] or '').splitlines()[-1].strip()}"
            )
    return "\n".join(lines)
