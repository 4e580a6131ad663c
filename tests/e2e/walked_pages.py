"""The pages a browser walks through for the site-wide checks that load every page
(accessibility, focus under the fixed bars, the page's own head after hydration, no dead
control): every page of the default language, each with its own content (a doctor with a
photo, one without open times, each service), and in every other language one page of
each kind: the same page module, with that language's texts. The checks that read pages
over HTTP (head tags, hreflang, structured data) read every page of every language."""

from __future__ import annotations

from clinic.site.content import DEFAULT_LANG
from clinic.site.routes import Page, all_pages


def walked_pages() -> list[Page]:
    default = [p for p in all_pages() if p.lang == DEFAULT_LANG]
    one_of_each_kind = {(p.kind, p.lang): p for p in reversed(all_pages())}
    others = [p for (_, lang), p in one_of_each_kind.items() if lang != DEFAULT_LANG]
    return default + sorted(others, key=all_pages().index)
