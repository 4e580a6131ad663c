"""Generated bad HTTP requests, sent over raw sockets (no client library would send most
of them): random and overlong paths, broken percent-encoding, `..`, NUL, unicode, huge
query strings, odd methods and bad Host headers.

Used twice: `tests/e2e/test_server.py` sends a 500-request sample in `make test`, and
`bench/server.py` sends 10,000 and writes the counts to bench/reports/server.md.
The same seed always gives the same requests.
"""

from __future__ import annotations

import functools
import random
import socket
import string
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from clinic.site.routes import all_pages, legacy_redirects

# Paths the server answers besides the pages.
SERVER_PATHS = ["/assets/", "/healthz", "/favicon.svg"]


@functools.cache
def known_paths() -> tuple[str, ...]:
    """Paths the requests are built on, from the route table of the content in use: every
    language's home and its first other page, the first legacy path, and the server's own."""
    pages = all_pages()
    langs = list(dict.fromkeys(page.lang for page in pages))
    homes = [page.path for page in pages if page.kind == "home"]
    others = [next(p.path for p in pages if p.lang == lang and p.kind != "home") for lang in langs]
    return (*homes, *others, *list(legacy_redirects())[:1], *SERVER_PATHS)


def _pages() -> list[str]:
    return [path for path in known_paths() if path not in SERVER_PATHS and path != "/"]


METHODS_ODD = [
    "POST",
    "PUT",
    "DELETE",
    "PATCH",
    "OPTIONS",
    "TRACE",
    "CONNECT",
    "PROPFIND",
    "MKCOL",
    "get",
    "BREW",
    "G\xc3\xa9T",
    "X" * 64,
    "",
]
UNICODE = ["ñ", "á", "€", "😀", "\u202e", "\u0301", "\ufeff", "中文", "\U0010ffff"]


@dataclass(frozen=True)
class BadRequest:
    kind: str
    raw: bytes  # the whole request, request line to the blank line


def _request(
    method: str, target: bytes, host: bytes | None = b"127.0.0.1", extra: bytes = b""
) -> bytes:
    head = method.encode("latin-1", "replace") + b" " + target + b" HTTP/1.1\r\n"
    if host is not None:
        head += b"Host: " + host + b"\r\n"
    return head + extra + b"Connection: close\r\n\r\n"


def _random_segment(rng: random.Random, size: int) -> str:
    alphabet = string.ascii_letters + string.digits + "-._~!$&'()*+,;=:@"
    return "".join(rng.choice(alphabet) for _ in range(size))


def _pct(text: str) -> bytes:
    return "".join(f"%{b:02X}" for b in text.encode("utf-8")).encode()


def _make(rng: random.Random, kind: str) -> bytes:
    base = rng.choice(known_paths()).encode()
    page = rng.choice(_pages()).encode()
    if kind == "random_path":
        path = "/" + "/".join(
            _random_segment(rng, rng.randint(1, 40)) for _ in range(rng.randint(1, 6))
        )
        return _request("GET", path.encode())
    if kind == "overlong_path":
        size = rng.randint(1024, 8192)
        if rng.random() < 0.5:
            path = "/" + "a" * (size - 1)
        else:
            path = "/" + "/".join(_random_segment(rng, 200) for _ in range(size // 201))
        return _request("GET", path.encode()[:8192])
    if kind == "broken_percent":
        junk = rng.choice(
            [b"%", b"%G1", b"%C3", b"%FF", b"%E2%82", b"%%", b"%2", b"%C0%AF", b"%ED%A0%80"]
        )
        return _request("GET", base.rstrip(b"/") + b"/" + junk + b"x")
    if kind == "dot_dot":
        target = rng.choice(
            [
                b"/../../etc/passwd",
                b"/..%2f..%2fetc%2fpasswd",
                b"/%2e%2e/%2e%2e/etc/passwd",
                b"/assets/../../rxconfig.py",
                b"/." + page,
                b"/" + page,
                b"/..",
                b"/assets/..%5c..%5cx",
                page + b"/..",
                page.rstrip(b"/") + b"/../",
                b"/.web/build",
                b"/.env",
                b"/.git/config",
            ]
        )
        return _request("GET", target)
    if kind == "nul":
        target = rng.choice([b"/%00", page + b"%00.html", b"/a\x00b", b"/\x00", b"/assets/x.js%00"])
        return _request("GET", target)
    if kind == "unicode":
        text = "".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 8)))
        if rng.random() < 0.5:
            return _request("GET", b"/" + _pct(text))
        return _request("GET", ("/" + text).encode("utf-8", "surrogatepass"))
    if kind == "huge_query":
        size = rng.randint(2048, 16384)
        query = "&".join(
            f"{_random_segment(rng, 8)}={_random_segment(rng, 60)}" for _ in range(size // 70)
        )
        return _request("GET", base + b"?" + query.encode())
    if kind == "odd_method":
        return _request(rng.choice(METHODS_ODD), base)
    if kind == "bad_host":
        host = rng.choice(
            [
                None,
                b"",
                b"[::1",
                b"evil.example",
                b"127.0.0.1:abc",
                b"a" * 4096,
                b"..",
                b"\xff\xfe",
                b"localhost\tx",
                b"exa mple.com",
                b"127.0.0.1, evil.example",
            ]
        )
        extra = b"Host: second.example\r\n" if rng.random() < 0.2 else b""
        return _request("GET", base, host=host, extra=extra)
    raise ValueError(kind)


KINDS = [
    "random_path",
    "overlong_path",
    "broken_percent",
    "dot_dot",
    "nul",
    "unicode",
    "huge_query",
    "odd_method",
    "bad_host",
]


def generate(count: int, seed: int = 7) -> list[BadRequest]:
    rng = random.Random(seed)
    return [
        BadRequest(kind, _make(rng, kind)) for kind in (KINDS[i % len(KINDS)] for i in range(count))
    ]


def send(host: str, port: int, raw: bytes, timeout: float = 10.0) -> str:
    """The response status as text ("404"), or "closed" when the server hung up without
    one, or "timeout"."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(raw)
            data = b""
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
    except TimeoutError:
        return "timeout"
    except OSError:
        return "closed"
    line = data.split(b"\r\n", 1)[0].split()
    return (
        line[1].decode("ascii", "replace")
        if len(line) >= 2 and line[0].startswith(b"HTTP/")
        else "closed"
    )


def run(
    host: str, port: int, requests: list[BadRequest], workers: int = 8
) -> tuple[Counter, Counter]:
    """Send every request; (count by status, count by (kind, status))."""
    with ThreadPoolExecutor(workers) as pool:
        statuses = list(pool.map(lambda r: send(host, port, r.raw), requests))
    by_kind = Counter((r.kind, s) for r, s in zip(requests, statuses, strict=True))
    return Counter(statuses), by_kind


def server_errors(by_status: Counter) -> int:
    return sum(
        n for status, n in by_status.items() if status.startswith("5") or status == "timeout"
    )
