"""Start and stop the production server for tests and measurements.

One place for "run what `make run` runs": `reflex run --env prod --single-port`, bound
to 127.0.0.1 on a free port, in its own process group so that stopping it also stops
the workers it forked. Used by the e2e test fixture (one server for all pytest-xdist
workers, stopped by whichever worker ends last: `stop_group`) and by every bench script.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from clinic.framework.patches.compression_cache import CACHE_ENV, cache_folder
from clinic.project import PROJECT_DIR as ROOT

# The running interpreter's folder: in the project's virtualenv it also holds node and bun.
BIN = Path(sys.executable).parent
START_TIMEOUT_S = 900  # a first build on a cold machine installs the npm packages


EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
LOWEST_PORT = 20000
_handed_out: set[int] = set()


def _ephemeral_ports_start() -> int:
    """Where the kernel's range for outgoing connections' own ports starts (Linux's
    default; macOS and Windows start theirs higher, at 49152)."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A port nothing listens on, for a server about to start. Chosen below the kernel's
    range for outgoing connections: a port the kernel picks (bind to port 0) comes from
    that range, and in the seconds until the server binds it, one of the thousands of
    connections a browser test opens can be given that same port (wrangler once failed
    with "Address already in use" so). Below the range, only another listener can take
    it, and one that is there already is skipped."""
    highest = _ephemeral_ports_start()
    if highest <= LOWEST_PORT:  # a machine that lends out nearly every port: let it choose
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return sock.getsockname()[1]
    for _ in range(200):
        port = random.randrange(LOWEST_PORT, highest)
        if port in _handed_out:
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port between {LOWEST_PORT} and {highest}")


def env() -> dict[str, str]:
    """Reflex finds node and bun only on PATH: the virtualenv's come first. Every copy of
    the project a test or bench builds (the fixture clinic, the matrix, temporary ones)
    compresses with this project's cache of compressed copies, not one of its own."""
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "REFLEX_TELEMETRY_ENABLED": "false",
        CACHE_ENV: str(cache_folder()),
    }


def wait_until_up(
    url: str, process: subprocess.Popen, log: Path, timeout_s: float = START_TIMEOUT_S
) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited early; see {log}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(1)
    raise RuntimeError(f"the server did not answer within {timeout_s} s; see {log}")


def start(port: int | None = None, project: Path = ROOT) -> tuple[str, subprocess.Popen]:
    """Build and start the production server of `project` (this one, or a copy such as
    the browser suite's fixture clinic); returns its URL and process."""
    port = port or free_port()
    log = Path(tempfile.gettempdir()) / f"clinic-server-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                str(BIN / "reflex"),
                "run",
                "--env",
                "prod",
                "--single-port",
                "--frontend-port",
                str(port),
                "--backend-port",
                str(port),
                "--backend-host",
                "127.0.0.1",
                "--loglevel",
                "warning",
            ],
            cwd=project,
            env=env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url + "/healthz", process, log)
    except BaseException:
        stop(process)
        raise
    return url, process


def stop(process: subprocess.Popen) -> None:
    """Stop a server and the workers it forked (its own process group)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def stop_group(pid: int, timeout_s: float = 20) -> None:
    """Stop a server started by another process (its process id, which leads its group):
    the test workers share one server, and the last one out stops it."""
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:  # our own child: reaped
                return
        except ChildProcessError:  # another process's child
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            if _is_zombie(pid):
                return
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _is_zombie(pid: int) -> bool:
    """Exited, waiting for its parent (another worker) to collect its status."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


@contextlib.contextmanager
def production_server(port: int | None = None, project: Path = ROOT):
    """The production server of `project` for the duration of a `with` block (on `port`,
    or a free one); yields its URL."""
    url, process = start(port, project)
    try:
        yield url
    finally:
        stop(process)
