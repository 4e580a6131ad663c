"""sitemap.xml and robots.txt, written into the build from the route table.

Reflex's own SitemapPlugin lists pages but cannot say which pages are translations of
each other; ours gives every URL its `xhtml:link` alternates (es, es-MX, en, x-default),
the same set the pages' hreflang links carry, so crawlers see one consistent story.
Only the pages of the route table are listed: never the 404 shell or a legacy path.

Works the same in development (`reflex run`): the two files are written at compile time
into .web/public, which the development server also serves.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.etree.ElementTree import Element, SubElement, indent, register_namespace, tostring

import reflex as rx

from clinic.framework.app_folders import SITE_ROOT_FILES
from clinic.site.routes import all_pages, alternates
from clinic.site.seo import absolute

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
SITEMAP_PATH = "/sitemap.xml"
ROBOTS_PATH = "/robots.txt"


def sitemap_xml() -> str:
    """Every page of the route table, both languages, each with its alternates."""
    register_namespace("", SITEMAP_NS)
    register_namespace("xhtml", XHTML_NS)
    urlset = Element(f"{{{SITEMAP_NS}}}urlset")
    for page in all_pages():
        url = SubElement(urlset, f"{{{SITEMAP_NS}}}url")
        SubElement(url, f"{{{SITEMAP_NS}}}loc").text = absolute(page.path)
        for hreflang, path in alternates(page.id).items():
            SubElement(
                url,
                f"{{{XHTML_NS}}}link",
                {"rel": "alternate", "hreflang": hreflang, "href": absolute(path)},
            )
    indent(urlset, "  ")
    return tostring(urlset, encoding="utf-8", xml_declaration=True).decode("utf-8") + "\n"


def robots_txt() -> str:
    """Everything may be crawled; the sitemap is named by its absolute URL."""
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute(SITEMAP_PATH)}\n"


def _files() -> list[tuple[str, str]]:
    return [
        (str(SITE_ROOT_FILES / SITEMAP_PATH.lstrip("/")), sitemap_xml()),
        (str(SITE_ROOT_FILES / ROBOTS_PATH.lstrip("/")), robots_txt()),
    ]


@dataclass(kw_only=True, frozen=True)
class SitemapAndRobotsPlugin(rx.plugins.Plugin):
    """Writes sitemap.xml and robots.txt into the build at compile time (registered in
    rxconfig.py, in place of Reflex's SitemapPlugin)."""

    def pre_compile(self, **context):
        context["add_save_task"](_files)
