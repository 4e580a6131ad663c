"""Start and stop the production server for a measurement (127.0.0.1, free port)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def production_server(timeout_s: int = 900):
    """`reflex run --env prod --single-port`, exactly as `make run`, on a free port."""
    port = free_port()
    env = {**os.environ, "PATH": f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    log = Path(tempfile.gettempdir()) / f"clinic-bench-server-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "reflex"), "run", "--env", "prod", "--single-port",
             "--frontend-port", str(port), "--backend-port", str(port),
             "--backend-host", "127.0.0.1", "--loglevel", "warning"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited early, see {log}")
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"server not up after {timeout_s} s, see {log}") from None
                time.sleep(1)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
