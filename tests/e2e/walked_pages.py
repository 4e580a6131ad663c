"""The pages a browser walks through for the site-wide checks that load page after page
(axe, the fixed bars against the scroll padding, the language switch; the focus walk and
the no-dead-control check on the default language's): one page of each kind in every
language (a page kind is one page module; each language brings its own texts), and every
doctor's page in the default language, since their shapes differ with the content (a
photo or initials, open times or none). The page's head after hydration and its
Content-Security-Policy are checked in a browser on every page (test_site_invariants.py),
the checks that read pages over HTTP (head tags, hreflang, structured data) read every
page of every language, and the fixture clinic's build is checked page by page for its
facts (test_fixture_clinic.py)."""

from __future__ import annotations

from clinic.site.content import DEFAULT_LANG
from clinic.site.routes import Page, all_pages


def walked_pages() -> list[Page]:
    one_of_each_kind = {(p.kind, p.lang): p for p in reversed(all_pages())}.values()
    doctors = [p for p in all_pages() if p.kind == "doctor" and p.lang == DEFAULT_LANG]
    walked = set(one_of_each_kind) | set(doctors)
    return [p for p in all_pages() if p in walked]
