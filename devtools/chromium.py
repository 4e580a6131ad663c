"""Debian's Chromium as the tests, benches and tools launch it (Playwright cannot download
its own browsers here): the binaries, the flags, and the two screen sizes we look at.

The browser itself (benches, `--headed`) and its headless shell (package
chromium-headless-shell, `make browser`) for headless test runs, as Playwright does with its
own downloads: no window machinery, so a page load costs a fraction of the CPU, which on two
cores is most of the suite's time. CHROMIUM / CHROMIUM_HEADLESS name other binaries.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_HEADLESS = os.environ.get("CHROMIUM_HEADLESS", "/usr/bin/chromium-headless-shell")
# No sandbox (containers run as root), no GPU (none here), and none of Chromium's own
# background traffic (updates, sync, QUIC probes), which would compete with the page.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The machine's own names: servers started for a test or a measurement listen there.
OWN_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def third_parties_unresolved(site_host: str | None = None) -> str:
    """Chromium's argument that fails every host name but the machine's own and the site's
    (a third party's request ends as net::ERR_NAME_NOT_RESOLVED): the whole browser keeps
    third parties out at once, so no request of a page has to stop in Playwright to be
    judged. A route stops every request of its context (Chromium's request interception),
    which costs about a twentieth of each page load's CPU on two cores; routes a test adds
    (stubs) still answer first, since they act before a request leaves the browser."""
    kept = dict.fromkeys([*OWN_HOSTS, *([site_host] if site_host else [])])
    return "--host-resolver-rules=MAP * ~NOTFOUND, " + ", ".join(f"EXCLUDE {h}" for h in kept)


# A common phone and a laptop screen (CSS pixels).
MOBILE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
