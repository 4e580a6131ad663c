"""The first-visit language choice (spec section 4), run when a page is shown.

A browser that prefers English and *lands* on the Spanish home page (the document was
loaded there) is taken once to the English home page, and a flag under a
clinic-specific localStorage key records that the language is set, so it never happens
again. Rules:
- Only the landing counts: going home inside the site (logo, Home link, the toggle) is a
  choice the visitor just made, never undone.
- A click on a language link (any link with `hreflang`: the toggle) sets the flag too
  (`remember_choice`), so a visitor who chooses Spanish is not bounced back on a later
  visit.
- If the flag cannot be stored (storage blocked), nothing redirects: "once" could not be
  kept, and staying on the requested page is the safe side.
- Crawlers are never redirected: `/` must be indexed as the Spanish page it is.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.event import EventSpec

from clinic.site.components.browser import handler, literal, navigate, run, window_listener
from clinic.site.content import content
from clinic.site.routes import DEFAULT_LANG, path_for

# "bot/" as in Googlebot/2.1, bingbot/2.0, Applebot/0.1 (not phone names such as "Cubot").
CRAWLER = r"/bot\/|crawler|spider|slurp|lighthouse|inspectiontool/i"


def storage_key() -> str:
    """The localStorage key of the flag, specific to this clinic ("lumara.lang-set")."""
    return f"{content().clinic.brand_slug}.lang-set"


REDIRECT_FROM = path_for("home", DEFAULT_LANG)
REDIRECT_TO = path_for("home", "en")


def _store(value: str) -> str:
    """Browser code: store the flag; true when it was kept."""
    key = literal(storage_key())
    return f"(() => {{ try {{ localStorage.setItem({key}, {value}); return localStorage.getItem({key}) !== null; }} catch (e) {{ return false; }} }})()"


def first_visit_language() -> EventSpec:
    """The event a page runs when it is shown: redirect a landing English browser once."""
    key = literal(storage_key())
    return run(
        # The URL the document was loaded from: later pages are client-side navigations.
        "const entry = performance.getEntriesByType('navigation')[0];",
        "const landing = new URL(entry ? entry.name : location.href).pathname;",
        f"if (landing !== {literal(REDIRECT_FROM)} || location.pathname !== {literal(REDIRECT_FROM)}) return;",
        f"let stored = 'unavailable'; try {{ stored = localStorage.getItem({key}); }} catch (e) {{}}",
        f"if (stored !== null || {CRAWLER}.test(navigator.userAgent)) return;",
        "const first = (navigator.languages && navigator.languages[0]) || navigator.language || '';",
        "if (!first.toLowerCase().startsWith('en')) return;",
        f"if ({_store(literal('en'))}) ",
        navigate(f"{literal(REDIRECT_TO)} + location.search + location.hash", replace=True),
    )


def remember_choice() -> rx.Component:
    """A click on a language link: the visitor chose that language, never redirect them
    again. One listener for the whole page rather than an event on each toggle: every
    page has its own toggle, and an event on each would add a component per page to the
    code every page loads."""
    return window_listener(on_click=handler(
        "event",
        "const link = event.target.closest?.('a[hreflang]');",
        f"if (link) {_store('link.hreflang')};",
    ))
