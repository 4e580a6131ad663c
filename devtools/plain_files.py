"""Serve the exported site as plain files, the way a static host or CDN would (clean URLs:
`/a-page` -> `a-page.html`), with no Python backend behind it. Used to prove that a
page works without the Reflex server."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from clinic.framework.app_folders import EXPORT_DIR


class CleanUrlHandler(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path: str) -> str:
        local = Path(super().translate_path(path))
        html = local.with_name(local.name + ".html")
        if not local.suffix and html.is_file():
            return str(html)
        return str(local)

    def log_message(self, *args) -> None:  # keep the test output quiet
        pass


class PlainFileServer:
    """A static file server on a free port, started and stopped explicitly."""

    def __init__(self, directory: Path = EXPORT_DIR):
        handler = functools.partial(CleanUrlHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> PlainFileServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
