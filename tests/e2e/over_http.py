"""The served site read by plain HTTP, as a crawler reads it: no browser, no script."""

from __future__ import annotations

import urllib.error
import urllib.request


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # the redirect itself is the answer (an HTTPError with its status)


_WITHOUT_REDIRECTS = urllib.request.build_opener(_NoRedirects)


def http_get(url: str, follow_redirects: bool = True):
    """(status, final URL, content type, body) of a GET; an error status is an answer too."""
    opener = urllib.request.urlopen if follow_redirects else _WITHOUT_REDIRECTS.open
    try:
        with opener(url, timeout=20) as response:
            return (
                response.status,
                response.url,
                response.headers.get("content-type", ""),
                response.read(),
            )
    except urllib.error.HTTPError as error:
        return error.code, error.url, error.headers.get("content-type", ""), error.read()


def served_html(base_url: str, path: str) -> str:
    """The HTML the server sends for `path`, which must answer 200 without a redirect."""
    status, final_url, _, body = http_get(base_url + path)
    assert status == 200 and final_url == base_url + path, f"{path}: {status} at {final_url}"
    return body.decode("utf-8")
