"""axe-core for the browser tests: fetched from npm once, injected by Playwright.

axe-core is a test asset, not a dependency of the site, so it is neither in the frontend's
package.json nor in git (650 kB of minified JavaScript). The first run asks the
virtualenv's npm for the pinned tarball (`npm pack`, which checks the registry's
integrity hash) and keeps `axe.min.js` in `.cache/axe-core-<version>/` at the root of the
checkout; later runs reuse it. Only the npm registry is needed, as for the site's own build.

The script is evaluated through the DevTools protocol after the page has loaded, so the
site's Content-Security-Policy stays on and the page under test is not altered before
it runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from functools import cache
from pathlib import Path

AXE_VERSION = "4.14.1"
ROOT = Path(__file__).resolve().parents[2]
CACHE_DIR = ROOT / ".cache" / f"axe-core-{AXE_VERSION}"
BIN = ROOT / ".venv" / "bin"

# WCAG 2.0, 2.1 and 2.2, levels A and AA (issue #8). axe tags each rule with these.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def _download() -> Path:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    npm = shutil.which("npm", path=env["PATH"]) or "npm"
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp, "--silent"],
            cwd=tmp, env=env, check=True, capture_output=True, timeout=300,
        )
        with tarfile.open(Path(tmp) / f"axe-core-{AXE_VERSION}.tgz") as archive:
            for name in ("axe.min.js", "LICENSE"):
                member = archive.extractfile(f"package/{name}")
                CACHE_DIR.mkdir(parents=True, exist_ok=True)
                (CACHE_DIR / f"{name}.part").write_bytes(member.read())
                (CACHE_DIR / f"{name}.part").replace(CACHE_DIR / name)
    return CACHE_DIR / "axe.min.js"


@cache
def axe_source() -> str:
    script = CACHE_DIR / "axe.min.js"
    if not script.is_file():
        script = _download()
    return script.read_text()


def run_axe(page, include: str | None = None) -> list[dict]:
    """Run the WCAG A/AA rules on the page (or the part matching `include`) and return
    the violations, each reduced to the rule, its help text and the failing nodes."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    result = page.evaluate(
        """async ([include, tags]) => {
            const target = include ? {include: [include]} : document;
            const result = await axe.run(target, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
            }));
        }""",
        [include, WCAG_TAGS],
    )
    return result


def describe(violations: list[dict]) -> str:
    """A readable list for an assertion message."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {node['target']}: {(node['summary'] or '').splitlines()[-1].strip()}")
    return "\n".join(lines)
