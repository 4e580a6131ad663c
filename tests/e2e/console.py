"""The one definition of "no console errors" for the browser tests.

Every page of every context made through conftest's `new_context` (so `page`,
`mobile_page` and every `new_context(...).new_page()`, popups included) reports its
console errors and uncaught exceptions to the test's `console_errors`, and the test fails
at teardown if any was seen. A test that provokes errors on purpose says which ones with
`@pytest.mark.expected_console_errors(r"regex", ...)`: messages matching one of them are
expected, any other still fails the test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import ConsoleMessage, Page


@dataclass
class ConsoleErrors:
    """Console errors and uncaught exceptions seen by a test's pages."""

    expected: list[re.Pattern[str]] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)

    def watch(self, page: Page, site: str) -> None:
        """Record the page's errors. A third-party resource the test itself blocked logs
        "Failed to load resource" for that host: not a problem of the page, so it is left
        out; any failure of the site's own resources counts."""

        def on_console(message: ConsoleMessage) -> None:
            if message.type != "error":
                return
            url = message.location.get("url") or ""
            if message.text.startswith("Failed to load resource") and not url.startswith(site):
                return
            self.seen.append(f"console.error: {message.text} ({url})")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.seen.append(f"uncaught: {error}"))

    def expect_not_found(self, url: str) -> None:
        """A test that opens a missing page on purpose: the browser logs the document's own
        404 status, and only that one is expected."""
        own_status = f"status of 404 (Not Found) ({url})"
        self.expected.append(re.compile(re.escape(own_status) + "$"))

    @property
    def unexpected(self) -> list[str]:
        return [p for p in self.seen if not any(e.search(p) for e in self.expected)]
