"""Netlify's local runtime for functions on this machine (@netlify/functions-dev, through
tools/static-hosts/netlify_functions.mjs): the site's functions folder served on
127.0.0.1 on a free port, offline, with the environment a Netlify site's settings would
give them. Installed from npm by `make static-hosts` (tools/static-hosts/package-lock.json)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from devtools.servers import BIN, free_port
from tests.e2e.cloudflare_pages import TOOLS_DIR, stop
from tests.e2e.process_log import wait_for_line

SERVER = TOOLS_DIR / "netlify_functions.mjs"
START_TIMEOUT_S = 60


@dataclass
class FunctionsDev:
    url: str
    log: Path


@contextlib.contextmanager
def functions_dev(functions_dir: Path, environment: dict[str, str]):
    """Serve the functions of `functions_dir` for the duration of a `with` block."""
    if not (TOOLS_DIR / "node_modules" / "@netlify" / "functions-dev").exists():
        raise RuntimeError(
            f"Netlify's local runtime is missing in {TOOLS_DIR}: run `make static-hosts`"
        )
    work = Path(tempfile.mkdtemp(prefix="netlify-functions-"))
    port = free_port()
    log = work / "functions.log"
    command = [str(BIN / "node"), str(SERVER), str(functions_dir), str(port), str(work / "built")]
    with log.open("w") as out:
        process = subprocess.Popen(
            command,
            cwd=TOOLS_DIR,  # where its packages are
            env={**os.environ, **environment, "NO_COLOR": "1"},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    served = FunctionsDev(f"http://127.0.0.1:{port}", log)
    try:
        wait_for_line(log, f"Ready on {served.url}", START_TIMEOUT_S, process)
        yield served
    finally:
        stop(process)
        shutil.rmtree(work, ignore_errors=True)
