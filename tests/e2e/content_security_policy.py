"""No Content-Security-Policy violation, as a browser reports it: in a context whose
third parties are answered by empty stubs (tests/e2e/stubs.py) instead of failing, each
third-party request a page makes is still made, so a host the page uses but its policy
lacks shows up as a violation. Used on every page of our production server
(test_site_invariants.py, on the load that checks each page's rendering) and through
Cloudflare's runtime (test_static_hosts.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import answer_every_third_party_empty

# In every document of the context, before its own scripts: what it refused, and why.
RECORD_VIOLATIONS = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) =>
    window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));"""


@dataclass
class PolicyWatch:
    """A context's Content-Security-Policy reports: the console's (the browser logs each
    refusal there, those of workers too), and each page's own events."""

    console: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.console.append(message.text)

    def violations(self, page: Page) -> list[str]:
        """Every refusal so far, once the page has been scrolled to its end (what loads on
        the way, the map and the reviews, comes under the policy too): the page's own
        events and the context's console."""
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page_ready(page)
        return [*page.evaluate("window.__cspViolations"), *self.console]


def watch_the_policy(context: BrowserContext, site: str) -> PolicyWatch:
    """Answer the context's third parties with empty stubs and record what the policy
    refuses in each of its pages (call before the context opens a page)."""
    answer_every_third_party_empty(context, site)
    context.add_init_script(RECORD_VIOLATIONS)
    watch = PolicyWatch()
    context.on("console", watch.on_console)
    return watch
