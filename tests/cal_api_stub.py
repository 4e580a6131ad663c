"""A stand-in for Cal.com's public slots API (`GET /v2/slots`) on 127.0.0.1.

Tests point the production server at it (`CLINIC_CAL_API_ORIGIN`), choose how it answers
(`answer_with`), and read what it was asked (`requests`): Cal.com never gets real network.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


@dataclass
class Asked:
    path: str
    query: dict[str, str]
    headers: dict[str, str]


@dataclass
class Behaviour:
    status: int = 200
    body: bytes = b'{"data": {}}'
    hang: bool = False  # answer only when the stub stops: a Cal.com that never answers


@dataclass
class CalApiStub:
    requests: list[Asked] = field(default_factory=list)
    behaviour: Behaviour = field(default_factory=Behaviour)
    _server: ThreadingHTTPServer | None = None
    _stopping: threading.Event = field(default_factory=threading.Event)

    @property
    def origin(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def answer_with(
        self,
        *,
        status: int = 200,
        slots: dict | None = None,
        body: bytes | None = None,
        hang: bool = False,
    ) -> None:
        """slots: {"YYYY-MM-DD": ["ISO start", ...]} in Cal.com's shape once wrapped."""
        if body is None:
            data = {
                day: [{"start": start} for start in starts] for day, starts in (slots or {}).items()
            }
            body = json.dumps({"status": "success", "data": data}).encode()
        self.behaviour = Behaviour(status=status, body=body, hang=hang)

    def start(self) -> CalApiStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                parts = urlsplit(self.path)
                stub.requests.append(
                    Asked(
                        path=parts.path,
                        query={k: v[0] for k, v in parse_qs(parts.query).items()},
                        headers={k.lower(): v for k, v in self.headers.items()},
                    )
                )
                behaviour = stub.behaviour
                if behaviour.hang:
                    stub._stopping.wait()
                try:
                    self.send_response(behaviour.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(behaviour.body)))
                    self.end_headers()
                    self.wfile.write(behaviour.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the caller gave up first, as it should after its timeout

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        # Stopping waits for the server's next look at its socket: a short one, since a
        # test starts and stops a stub of its own.
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
