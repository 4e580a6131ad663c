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
# A common phone and a laptop screen (CSS pixels).
MOBILE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
