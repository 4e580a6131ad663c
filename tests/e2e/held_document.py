"""A document that arrives in two parts, the second only once the browser has asked for
another one: the proof that a browser decided something from a document's first bytes,
by the order of what happened, never by how long it took.

`held_document(site_url, path, cut)` serves the site on a port of its own, on this
machine: every request is passed on to the site, except the document at `path`, of which
the browser gets the bytes up to the end of `cut` (a piece of its HTML) at once and the rest
only when it has asked for any other document (or at the deadline, whichever comes first).
`held.asked_while_holding` then says whether that request came while the rest was held:
true, the browser acted on the first part alone, however fast or slow the machine.
"""

from __future__ import annotations

import contextlib
import http.client
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

# As long as any wait of the suite (tests/e2e/page_waits.js): past it the rest goes, and
# the test fails saying that no other document was asked for meanwhile.
DEADLINE_S = 20
# Response headers a server in the middle does not pass on: the connection's own, and HSTS,
# which would make the browser leave this plain-HTTP server for HTTPS. The held document
# also loses its length and encoding: it is asked for unencoded and sent in two writes,
# its end being the connection's.
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "strict-transport-security"}
HELD_ONLY = {"content-length", "content-encoding"}


class HeldDocument:
    def __init__(self, site_url: str, path: str, cut: str) -> None:
        self.site = urlsplit(site_url)
        self.path = path
        self.cut = cut.encode()
        self.asked = threading.Event()
        self.asked_while_holding: bool | None = None
        self.other_documents: list[str] = []
        self.url = ""

    def fetch(self, target: str, headers: dict[str, str], encoded: bool):
        """The site's answer to a GET of `target` with the browser's headers (`encoded`:
        compressed as the browser accepts, else as it is)."""
        https = self.site.scheme == "https"
        connection = (http.client.HTTPSConnection if https else http.client.HTTPConnection)(
            self.site.netloc, timeout=DEADLINE_S
        )
        dropped = {"host", "connection"} | (set() if encoded else {"accept-encoding"})
        wanted = {k: v for k, v in headers.items() if k.lower() not in dropped}
        connection.request("GET", target, headers=wanted)
        return connection.getresponse()

    def split(self, body: bytes) -> tuple[bytes, bytes]:
        end = body.index(self.cut) + len(self.cut)
        return body[:end], body[end:]


def _handler(held: HeldDocument) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args) -> None:
            pass

        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            is_held = path == held.path
            if not is_held and self.headers.get("Sec-Fetch-Dest") == "document":
                held.other_documents.append(path)
                held.asked.set()
            upstream = held.fetch(self.path, dict(self.headers), encoded=not is_held)
            body = upstream.read()
            dropped = HOP_BY_HOP | (HELD_ONLY if is_held else set())
            self.send_response(upstream.status)
            for name, value in upstream.getheaders():
                if name.lower() not in dropped:
                    self.send_header(name, value)
            self.send_header("Connection", "close")
            self.end_headers()
            with contextlib.suppress(ConnectionError):  # the browser left the document
                if not is_held:
                    self.wfile.write(body)
                    return
                first, rest = held.split(body)
                self.wfile.write(first)
                self.wfile.flush()
                held.asked_while_holding = held.asked.wait(DEADLINE_S)
                self.wfile.write(rest)

    return Handler


@contextlib.contextmanager
def held_document(site_url: str, path: str, cut: str) -> Iterator[HeldDocument]:
    held = HeldDocument(site_url, path, cut)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(held))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    held.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield held
    finally:
        held.asked.set()  # a document still held goes, and its thread ends
        server.shutdown()
        server.server_close()
