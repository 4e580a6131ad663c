"""Cloudflare Pages' own runtime on this machine: `wrangler pages dev` (workerd) serving the
export, bound to 127.0.0.1 on a free port, offline: no account, no metrics, no update check,
no request for Cloudflare's `Request.cf` data. Installed from npm by `make static-hosts`
(tools/static-hosts/package-lock.json). It runs from the folder of the project that built
the export, as docs/deploying.md tells a reader to, and takes its settings (the
compatibility date) from what the build wrote there, with no flag of its own."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from clinic.framework.app_folders import EXPORT_DIR
from clinic.project import PROJECT_DIR
from devtools.servers import BIN, free_port
from tests.e2e.process_log import wait_for_line

TOOLS_DIR = PROJECT_DIR / "tools" / "static-hosts"
WRANGLER = TOOLS_DIR / "node_modules" / ".bin" / "wrangler"
START_TIMEOUT_S = 120


def offline_env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",  # the virtualenv's node
        "WRANGLER_SEND_METRICS": "false",
        "WRANGLER_HIDE_BANNER": "true",  # the banner is what asks npm for a newer version
        "CLOUDFLARE_CF_FETCH_ENABLED": "false",  # else it downloads request metadata
        "XDG_CONFIG_HOME": str(home),  # its settings and logs, not the user's
        "NO_COLOR": "1",
        "FORCE_COLOR": "0",
    }


@dataclass
class PagesDev:
    url: str
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextlib.contextmanager
def pages_dev(export_dir: Path, bindings: dict[str, str] | None = None):
    """Serve `export_dir` (a project's EXPORT_DIR) for the duration of a `with` block, its
    function given these variables (what a Pages project's settings give it); yields a
    PagesDev."""
    if not WRANGLER.exists():
        raise RuntimeError(f"{WRANGLER} is missing: run `make static-hosts`")
    work = Path(tempfile.mkdtemp(prefix="pages-dev-"))
    port = free_port()
    log = work / "wrangler.log"
    command = [
        str(WRANGLER),
        "pages",
        "dev",
        str(export_dir),
        "--ip",
        "127.0.0.1",
        "--port",
        str(port),
        "--inspector-port",
        str(free_port()),
        "--persist-to",
        str(work / "state"),
        "--show-interactive-dev-session=false",
        *(f"--binding={name}={value}" for name, value in (bindings or {}).items()),
    ]
    with log.open("w") as out:
        # The project's folder as working directory (wrangler finds the build's settings
        # there, in .wrangler/, which it also uses for its bundles); its state and its
        # own settings go to a folder of this run (--persist-to, XDG_CONFIG_HOME).
        process = subprocess.Popen(
            command,
            cwd=project_of(export_dir),
            env=offline_env(work),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    served = PagesDev(f"http://127.0.0.1:{port}", log)
    try:
        _wait_until_up(served, process)
        yield served
    finally:
        stop(process)
        shutil.rmtree(work, ignore_errors=True)


def project_of(export_dir: Path) -> Path:
    """The project folder whose build `export_dir` is."""
    inside = EXPORT_DIR.relative_to(PROJECT_DIR).as_posix()  # .web/build/client
    assert export_dir.as_posix().endswith("/" + inside), export_dir
    return Path(export_dir.as_posix().removesuffix("/" + inside))


def _wait_until_up(served: PagesDev, process: subprocess.Popen) -> None:
    """Wrangler says "Ready on <url>" once it serves; one request then proves it."""
    wait_for_line(served.log, f"Ready on {served.url}", START_TIMEOUT_S, process)
    with urllib.request.urlopen(served.url + "/robots.txt", timeout=10):
        pass


def stop(process: subprocess.Popen) -> None:
    """Stop a local runtime started here and what it started (wrangler's workerd): its
    own process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
