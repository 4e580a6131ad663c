"""Head tags for a page: title, description, keywords, canonical, hreflang alternates,
Open Graph and Twitter cards. Everything comes from the route table and content."""

from __future__ import annotations

from urllib.parse import quote

import reflex as rx

from clinic.project import ASSETS_DIR
from clinic.site.content import LANGS, ContentError, content
from clinic.site.head_text_limits import head_text
from clinic.site.i18n import doctor_values, service_values, text_with_facts
from clinic.site.routes import DEFAULT_LANG, Page, alternates, language, other_langs

OG_IMAGE_SIZE = (1200, 630)
# og:locale spells a locale with an underscore (es_MX), content/languages.yaml as BCP 47 (es-MX).
OG_LOCALES = {lang: language(lang).locale.replace("-", "_") for lang in LANGS}


def og_image_path() -> str:
    """The share image's path on the site: named after the brand (clinic.yaml's
    `brand_slug`), so a clinic's image never goes by another clinic's name."""
    return f"/og/{content().clinic.brand_slug}-og.png"


def checked_og_image_path() -> str:
    """`og_image_path`, once the image is known to be in assets/: without it every page
    would offer a share image that is not there, so the build stops and says how to make
    it."""
    path = og_image_path()
    if not (ASSETS_DIR / path.lstrip("/")).is_file():
        width, height = OG_IMAGE_SIZE
        raise ContentError(
            f"clinic.yaml: field 'brand_slug': assets{path} is missing: the share image is "
            f"named after the brand; draw it with `.venv/bin/python tools/make_og_image.py` "
            f"or put a {width} x {height} PNG there"
        )
    return path


def absolute(path: str) -> str:
    """The public URL of a site path (percent-encoded, as sitemaps and links need)."""
    return content().clinic.origin + quote(path, safe="/#?=&")


def page_texts(page: Page) -> dict[str, str]:
    """Title, description and keywords of a page in its language; title and description
    within their lengths whatever the names (clinic/site/head_text_limits.py)."""
    lang = page.lang
    if page.kind == "doctor" and page.doctor_slug:
        doctor = content().doctor(page.doctor_slug)
        extra = {
            **doctor_values(doctor, lang),
            "role": content().role(doctor, lang),
            "specialty": doctor.specialty(lang),
        }
        prefix = "pages.doctor"
    else:
        # A service page's texts may speak of its specialist ({name}, {years}).
        extra = service_values(page.id, lang) if page.kind == "service" else {}
        prefix = f"pages.{page.id}"
    return {
        "title": head_text(lang, f"{prefix}.meta_title", **extra),
        "description": head_text(lang, f"{prefix}.meta_description", **extra),
        "keywords": text_with_facts(lang, f"{prefix}.keywords", **extra),
    }


def _og_tags(lang: str, title: str, description: str, url: str | None) -> list[dict]:
    clinic = content().clinic
    width, height = OG_IMAGE_SIZE
    tags = [
        {"property": "og:type", "content": "website"},
        {"property": "og:site_name", "content": clinic.brand},
        {"property": "og:title", "content": title},
        {"property": "og:description", "content": description},
        {"property": "og:locale", "content": OG_LOCALES[lang]},
        *(
            {"property": "og:locale:alternate", "content": OG_LOCALES[other]}
            for other in other_langs(lang)
        ),
        {"property": "og:image:width", "content": str(width)},
        {"property": "og:image:height", "content": str(height)},
        {"property": "og:image:alt", "content": text_with_facts(lang, "site.og_image_alt")},
        {"name": "twitter:card", "content": "summary_large_image"},
    ]
    if url:
        tags.insert(4, {"property": "og:url", "content": url})
    return tags


def head(page: Page) -> dict:
    """Keyword arguments for app.add_page: prerendered into the page's HTML."""
    texts = page_texts(page)
    url = absolute(page.path)
    links = [rx.el.link(rel="canonical", href=url)] + [
        rx.el.link(rel="alternate", href_lang=code, href=absolute(path))
        for code, path in alternates(page.id).items()
    ]
    return {
        "title": texts["title"],
        "description": texts["description"],
        "image": absolute(checked_og_image_path()),
        "meta": [
            {"name": "keywords", "content": texts["keywords"]},
            *_og_tags(page.lang, texts["title"], texts["description"], url),
            *links,
        ],
    }


def not_found_head() -> dict:
    """The 404 shell is shared by every language; its head is in the default language.
    No robots noindex: the page is only ever served with status 404 (our server and the
    static hosts' 404 file), which already keeps it out of search indexes, and a noindex
    on it reads to auditing tools as a page that blocks crawlers."""
    lang = DEFAULT_LANG
    title, description = (
        head_text(lang, f"pages.not_found.{field}") for field in ("meta_title", "meta_description")
    )
    for other in LANGS:  # the other language's are the page's own once it runs: checked too
        head_text(other, "pages.not_found.meta_title")
        head_text(other, "pages.not_found.meta_description")
    return {
        "title": title,
        "description": description,
        "image": absolute(checked_og_image_path()),
        "meta": _og_tags(lang, title, description, None),
    }
