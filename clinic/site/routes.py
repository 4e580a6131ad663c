"""The route table as pure functions.

`content/routes.yaml` is the one list of paths. Everything that needs a path (page
registration, menus, footer, the ES/EN toggle, hreflang links, the sitemap, legacy
redirects) asks this module, so no path is written down twice.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from clinic.site.content import (
    DEFAULT_LANG,
    LANGS,
    LANGUAGES,
    Content,
    ContentError,
    Doctor,
    Language,
    content,
    doctor_path_pattern,
)

# DEFAULT_LANG (served at `/`, the first of content/languages.yaml) is re-exported here.
__all__ = ["DEFAULT_LANG", "LANGS"]


@dataclass(frozen=True)
class Page:
    """One page kind in one language, at one path."""

    id: str  # "home", "hpv", "doctor:valeria-montes", ...
    kind: str  # which page module renders it: home, service, doctor, ...
    lang: str
    path: str
    doctor_slug: str | None = None

    @property
    def reflex_route(self) -> str:
        """The route as Reflex registers it ("/" -> "index", "/en/" -> "en")."""
        return self.path.strip("/") or "index"


def doctor_page_id(slug: str) -> str:
    return f"doctor:{slug}"


def _build_pages(data: Content) -> tuple[Page, ...]:
    table = data.routes
    fill = {"brand_slug": data.clinic.brand_slug}
    pages: list[Page] = []
    for page_id, route in table.pages.items():
        for lang in LANGS:
            path = getattr(route, lang).format(**fill)
            pages.append(Page(page_id, route.kind, lang, path))
    for doctor in data.doctors:
        for lang in LANGS:
            pattern = doctor_path_pattern(table.doctor_pages, lang, doctor.gender)
            path = pattern.format(slug=doctor.slug)
            pages.append(Page(doctor_page_id(doctor.slug), "doctor", lang, path, doctor.slug))
    return tuple(pages)


@functools.cache
def all_pages() -> tuple[Page, ...]:
    """Every page of the site, in route-table order, both languages."""
    pages = _build_pages(content())
    paths = [p.path for p in pages]
    if len(set(paths)) != len(paths):
        dupes = sorted({p for p in paths if paths.count(p) > 1})
        raise ValueError(f"routes.yaml: the same path is used twice: {dupes}")
    return pages


def normalize(path: str) -> str:
    """Compare paths without a trailing slash ("/en/" and "/en" are the same page)."""
    return path.rstrip("/") or "/"


def spellings(path: str) -> tuple[str, ...]:
    """Every way a request names the page at `path`: with and without a trailing slash, and
    the names of the files a static export writes for it ("/contacto": "/contacto",
    "/contacto/", "/contacto.html", "/contacto/index.html"; "/": "/", "/index.html")."""
    stem = path.rstrip("/")
    if not stem:
        return ("/", "/index.html")
    return (stem, stem + "/", stem + ".html", stem + "/index.html")


@functools.cache
def _by_path() -> dict[str, Page]:
    return {normalize(p.path): p for p in all_pages()}


@functools.cache
def _by_id_lang() -> dict[tuple[str, str], Page]:
    return {(p.id, p.lang): p for p in all_pages()}


def page_at(path: str) -> Page | None:
    """The page served at `path`, or None for an unknown path."""
    return _by_path().get(normalize(path))


def page(page_id: str, lang: str) -> Page:
    found = _by_id_lang().get((page_id, lang))
    if found is None:
        # A link to a page that routes.yaml does not list (a menu or footer item, say).
        raise ContentError(
            f"routes.yaml: field 'pages.{page_id}': missing; the site links to the page "
            f"'{page_id}' in {lang}: give it its paths (and kind) in routes.yaml"
        )
    return found


def path_for(page_id: str, lang: str) -> str:
    """The path of page `page_id` in language `lang`."""
    return page(page_id, lang).path


def language(lang: str) -> Language:
    """The language `lang` as content/languages.yaml describes it (locale, name)."""
    return next(entry for entry in LANGUAGES if entry.code == lang)


def lang_prefix(lang: str) -> str:
    """The language's part of every path: "" for the default language, "/en" for English."""
    return path_for("home", lang).rstrip("/")


def prefixed_langs() -> tuple[str, ...]:
    """The languages under a prefix (all but the default), the longest prefix first."""
    return tuple(sorted(LANGS[1:], key=lambda lang: -len(lang_prefix(lang))))


def is_path_in(lang: str, path):
    """Whether `path` is under the (non-default) language's prefix ("/en", "/en/faq", not
    "/enfermeria"). `path` is a str, or a Reflex string Var (the browser's location): the
    same rule."""
    return (path + "/").startswith(lang_prefix(lang) + "/")


def lang_of(path: str) -> str:
    """Language comes from the path: that of the prefix it is under, else the default."""
    return next((lang for lang in prefixed_langs() if is_path_in(lang, path)), DEFAULT_LANG)


def other_langs(lang: str) -> tuple[str, ...]:
    """Every language but `lang`, in display order."""
    return tuple(other for other in LANGS if other != lang)


def other_lang(lang: str) -> str:
    """The language a two-language toggle leads to (the first other one)."""
    return other_langs(lang)[0]


def twin_path(path: str, target: str | None = None) -> str:
    """The same page in language `target` (default: the other of two); an unknown path
    falls back to that language's home."""
    here = page_at(path)
    target = target or other_lang(here.lang if here else lang_of(path))
    return path_for(here.id if here else "home", target)


# Where the production server answers a doctor's open times (JSON), followed by the
# doctor's slug; the static export has a file of no times at each of those paths.
OPEN_TIMES_PATH_PREFIX = "/api/open-times/"


def not_found_prerender_path(lang: str) -> str:
    """Where the 404 page is rendered at build time: a path under the language's home that no
    page or legacy link uses, so the catch-all route renders the page in that language
    (clinic/framework/patches/not_found_pages.py)."""
    return lang_prefix(lang) + "/__404"


def not_found_file(lang: str) -> str:
    """The prerendered 404 page's file, relative to the export root ("/404.html",
    "/en/404.html"): the name static hosts look for, and what the production server answers
    unknown paths with."""
    return lang_prefix(lang) + "/404.html"


def hreflangs(lang: str) -> tuple[str, ...]:
    """The hreflang codes of a language's pages: its code, and for the default language its
    locale too ("es" and "es-MX": the clinic's own region)."""
    return (lang, language(lang).locale) if lang == DEFAULT_LANG else (lang,)


def alternates(page_id: str) -> dict[str, str]:
    """hreflang -> path for a page: each language (the default's locale beside it) and
    x-default (the default language's page)."""
    links = {code: path_for(page_id, lang) for lang in LANGS for code in hreflangs(lang)}
    return {**links, "x-default": path_for(page_id, DEFAULT_LANG)}


@functools.cache
def legacy_redirects() -> dict[str, str]:
    """Legacy path of the previous site -> path of its page (Spanish, as the old site)."""
    data = content()
    redirects = {old: path_for(target, DEFAULT_LANG) for old, target in data.routes.legacy.items()}
    legacy_doctor = data.routes.legacy_doctor
    for doctor in data.doctors if legacy_doctor is not None else []:
        old = getattr(legacy_doctor, doctor.gender).format(slug=doctor.slug)
        redirects[old] = path_for(doctor_page_id(doctor.slug), DEFAULT_LANG)
    return redirects


@functools.cache
def legacy_redirects_by_spelling() -> dict[str, str]:
    """`legacy_redirects()` under every spelling of each old path (`spellings`), compared
    without a trailing slash (`normalize`): a renamed page's old address keeps working
    however it was linked ("/contacto.html" as well as "/contacto/")."""
    return {
        normalize(spelling): target
        for old, target in legacy_redirects().items()
        for spelling in spellings(old)
    }


def doctor_href(doctor: Doctor, lang: str) -> str:
    return path_for(doctor_page_id(doctor.slug), lang)


def booking_href(doctor: Doctor, lang: str) -> str:
    """The booking page, scrolled to this doctor's card (it has id=<slug>)."""
    return f"{path_for('booking', lang)}#{doctor.slug}"
