"""One route manifest per language (clinic/framework/patches/language_manifests.py), on a
build shaped like React Router's for this content's pages: the languages, their prefixes
and paths come from the content."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches import language_manifests
from clinic.framework.patches.language_manifests import (
    CATCH_ALL,
    ENTRY_CLIENT,
    ROUTER_FACTS,
    LanguageManifestsPlugin,
    LinkOutsideItsManifest,
    Manifest,
    RouteTable,
    check_router,
    full_paths,
    parse_manifest,
    prefix_of,
    split,
    split_build,
)
from clinic.framework.patches.not_found_pages import KEPT_SHELL, SHELL
from clinic.project import PROJECT_DIR
from clinic.server.middleware import prerendered_file
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.routes import Page, all_pages, lang_prefix, not_found_file

PREFIXES = tuple(lang_prefix(lang) for lang in LANGS)
WHOLE_URL = "/assets/manifest-0a1b2c3d.js"
ENTRY = {"module": "/assets/entry.client-1.js", "imports": [], "css": []}
ROOT_ID = "root"
NOT_FOUND_ID = "routes/[404]._index"


def route_id(path: str) -> str:
    """React Router's id for the page at `path`, as Reflex names its route files."""
    stem = path.strip("/")
    return f"routes/[{stem}]._index" if stem else "routes/_index"


def route(route_id: str, path: str | None) -> dict:
    found = {"id": route_id, "parentId": ROOT_ID, "index": path != CATCH_ALL}
    if path:
        found["path"] = path
    return {**found, "module": f"/assets/{len(route_id)}.js", "imports": [], "css": []}


def whole_manifest() -> Manifest:
    """React Router's manifest of every page of the content, the root and the 404 route."""
    routes = {ROOT_ID: {"id": ROOT_ID, "path": "", "module": "/assets/root-1.js"}}
    for page in all_pages():
        routes[route_id(page.path)] = route(route_id(page.path), page.path.strip("/") or None)
    routes[NOT_FOUND_ID] = route(NOT_FOUND_ID, CATCH_ALL)
    return Manifest(entry=ENTRY, routes=routes, url=WHOLE_URL)


def manifest_js(manifest: Manifest) -> str:
    data = {"entry": manifest.entry, "routes": manifest.routes, "url": manifest.url}
    return f"window.__reactRouterManifest={json.dumps({**data, 'version': '0a1b2c3d'})};"


def page_html(route_ids: list[str], links: list[str]) -> str:
    """A prerendered page as React Router writes it: the manifest preloaded and imported,
    the route modules it hydrates with, its client-side links."""
    anchors = "".join(f'<a class="x" href="{href}" data-discover="true">go</a>' for href in links)
    modules = ",".join(f'"{rid}":route{i}' for i, rid in enumerate(route_ids))
    return (
        f'<html><head><link rel="modulepreload" href="{WHOLE_URL}"/>'
        '<link rel="modulepreload" href="/assets/root-1.js"/></head>'
        f'<body><h1>x</h1>{anchors}<a href="https://example.com/">out</a>'
        f'<script type="module" async="">import "{WHOLE_URL}";\n'
        'import * as route0 from "/assets/root-1.js";\n'
        f"window.__reactRouterRouteModules = {{{modules}}};\n"
        'import("/assets/entry.client-1.js");</script></body></html>'
    )


def pages_of(lang: str) -> list[Page]:
    return [p for p in all_pages() if p.lang == lang]


def menu(lang: str) -> list[str]:
    """Every page of the language, as a page's links name them (with a fragment, too)."""
    return [p.path for p in pages_of(lang)] + [f"{pages_of(lang)[0].path}#top"]


@pytest.fixture
def build(tmp_path: Path) -> Path:
    """A static dir of React Router's shape: each page at the file it is served from (and
    a language's home under both names Reflex gives it), each language's 404 page, the
    shell, and the whole manifest."""
    static_dir = tmp_path / "client"
    (static_dir / "assets").mkdir(parents=True)
    (static_dir / WHOLE_URL.lstrip("/")).write_text(manifest_js(whole_manifest()))
    for page in all_pages():
        html = page_html([ROOT_ID, route_id(page.path)], menu(page.lang))
        files = [prerendered_file(page.path)]
        if page.path.endswith("/") and page.path != "/":
            files.append(page.path.rstrip("/") + ".html")
        for name in files:
            target = static_dir / name.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html)
    for lang in LANGS:
        target = static_dir / not_found_file(lang).lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page_html([ROOT_ID, NOT_FOUND_ID], menu(lang)))
    (static_dir / SHELL).write_text(page_html([ROOT_ID, NOT_FOUND_ID], menu(DEFAULT_LANG)))
    (tmp_path / KEPT_SHELL).write_text(page_html([ROOT_ID], []))
    return static_dir


def paths_in(routes: dict) -> set[str]:
    return set(full_paths(routes).values())


def test_each_language_carries_the_root_the_404_route_and_its_own_pages_only():
    groups = split(whole_manifest(), PREFIXES)
    assert set(groups) == set(PREFIXES)
    for lang in LANGS:
        own = {p.path.strip("/") for p in pages_of(lang)}
        assert paths_in(groups[lang_prefix(lang)]) == {"", CATCH_ALL, *own}, lang
        assert ROOT_ID in groups[lang_prefix(lang)] and NOT_FOUND_ID in groups[lang_prefix(lang)]


def test_the_languages_manifests_together_hold_every_route_of_the_whole():
    whole = whole_manifest().routes
    groups = split(whole_manifest(), PREFIXES)
    assert set().union(*groups.values()) == set(whole)
    for routes in groups.values():
        assert list(routes) == [rid for rid in whole if rid in routes]  # React Router's order
        assert all(routes[rid] == whole[rid] for rid in routes)


def test_a_prefix_counts_by_whole_segments():
    for lang in LANGS[1:]:
        prefix = lang_prefix(lang)
        assert prefix_of(prefix, PREFIXES) == prefix
        assert prefix_of(prefix + "/", PREFIXES) == prefix
        assert prefix_of(prefix + "/page", PREFIXES) == prefix
        assert prefix_of(prefix + "fermeria", PREFIXES) == ""
    assert prefix_of("/", PREFIXES) == ""


def test_every_page_loads_its_languages_manifest_named_by_its_content(build: Path):
    urls = split_build(build, PREFIXES)
    assert len(set(urls.values())) == len(LANGS)
    assert not (build / WHOLE_URL.lstrip("/")).exists()
    for prefix, url in urls.items():
        assert re.fullmatch(r"/assets/manifest-[0-9a-f]{8}\.js", url)
        text = (build / url.lstrip("/")).read_text()
        data = json.loads(text.removeprefix("window.__reactRouterManifest=").removesuffix(";"))
        assert data["url"] == url and url.endswith(f"-{data['version']}.js")
        assert data["routes"] == split(whole_manifest(), PREFIXES)[prefix]
        assert data["entry"] == ENTRY
    for page in all_pages():
        html = (build / prerendered_file(page.path).lstrip("/")).read_text()
        url = urls[lang_prefix(page.lang)]
        assert f'<link rel="modulepreload" href="{url}"/>' in html, page.path
        assert f'import "{url}";' in html, page.path
        assert WHOLE_URL not in html
    for lang in LANGS:
        assert urls[lang_prefix(lang)] in (build / not_found_file(lang).lstrip("/")).read_text()
    for shell in (build / SHELL, build.parent / KEPT_SHELL):
        assert urls[lang_prefix(DEFAULT_LANG)] in shell.read_text()


def test_the_plugin_splits_the_build_after_a_production_build(build: Path, monkeypatch):
    monkeypatch.setattr(language_manifests, "check_router", lambda dist: None)
    LanguageManifestsPlugin(prefixes=PREFIXES).post_build(static_dir=build)
    assert len(list((build / "assets").glob("manifest-*.js"))) == len(LANGS)


def test_a_client_side_link_to_another_language_stops_the_build_naming_page_and_link(build):
    if len(LANGS) < 2:
        pytest.skip("one language: every link stays in it")
    home = all_pages()[0]
    other = next(p for p in all_pages() if p.lang != home.lang)
    served = build / prerendered_file(home.path).lstrip("/")
    served.write_text(
        served.read_text().replace("<h1>x</h1>", f'<a href="{other.path}" data-discover="true">')
    )
    with pytest.raises(LinkOutsideItsManifest) as stopped:
        split_build(build, PREFIXES)
    line = str(stopped.value)
    assert "\n" not in line and home.path in line and other.path in line


def test_a_plain_link_to_another_language_loads_the_document_and_passes(build):
    home = all_pages()[-1]
    served = build / prerendered_file(home.path).lstrip("/")
    links = "".join(f'<a href="{p.path}" hreflang="{p.lang}">' for p in all_pages())
    served.write_text(served.read_text().replace("<h1>x</h1>", links))
    split_build(build, PREFIXES)


def test_a_page_whose_route_is_not_in_its_languages_manifest_stops_the_build(build):
    if len(LANGS) < 2:
        pytest.skip("one language: one manifest")
    page, other = pages_of(LANGS[0])[-1], pages_of(LANGS[1])[-1]
    served = build / prerendered_file(page.path).lstrip("/")
    served.write_text(served.read_text().replace(route_id(page.path), route_id(other.path)))
    with pytest.raises(FrameworkChanged, match=re.escape(route_id(other.path))):
        split_build(build, PREFIXES)


def test_links_match_routes_with_parameters_and_without_regard_to_case():
    # A made-up route table: no clinic's paths.
    routes = {"a": {"path": "doctors/:slug"}, "b": {"path": "Mixed-Case"}, "c": {"path": "*"}}
    table = RouteTable(routes, full_paths(routes))
    assert table.routes("/doctors/ana") and table.routes("/mixed-case/")
    assert table.routes("/MIXED-CASE")
    assert not table.routes("/doctors") and not table.routes("/doctors/ana/x")
    assert not table.routes("/anything")  # the catch-all resolves no link


@pytest.mark.parametrize(
    "change",
    ["no manifest", "two manifests", "not an assignment", "other keys", "page without import"],
)
def test_react_routers_output_of_another_shape_stops_the_build(build: Path, change: str):
    whole = build / WHOLE_URL.lstrip("/")
    if change == "no manifest":
        whole.unlink()
    elif change == "two manifests":
        (build / "assets" / "manifest-ffffffff.js").write_text(whole.read_text())
    elif change == "not an assignment":
        whole.write_text("export default " + whole.read_text().split("=", 1)[1])
    elif change == "other keys":
        whole.write_text(whole.read_text().replace('"version"', '"sri":true,"version"'))
    else:
        home = build / "index.html"
        home.write_text(home.read_text().replace(f'import "{WHOLE_URL}";', ""))
    with pytest.raises(FrameworkChanged) as stopped:
        split_build(build, PREFIXES)
    assert str(stopped.value).count("\n") == 0
    assert str(stopped.value).endswith("update clinic/framework/patches/language_manifests.py")


def test_a_route_whose_parent_is_missing_stops_the_build():
    with pytest.raises(FrameworkChanged, match="parent"):
        full_paths({"a": {"path": "x", "parentId": "gone"}})


def test_a_manifest_is_read_as_react_router_writes_it():
    manifest = parse_manifest(manifest_js(whole_manifest()))
    assert manifest.folder == "/assets" and manifest.routes == whole_manifest().routes


def test_react_router_still_does_what_our_browser_entry_relies_on(tmp_path: Path):
    for file, line in ROUTER_FACTS.items():
        module = tmp_path / file
        module.parent.mkdir(parents=True, exist_ok=True)
        module.write_text(f"{line}\nnavigate,\ncreateURL: (to) =>\nget basename() {{\n")
    check_router(tmp_path)
    (tmp_path / "lib/dom-export/hydrated-router.js").write_text("return router;\n")
    with pytest.raises(FrameworkChanged, match=re.escape(f"update {ENTRY_CLIENT}")):
        check_router(tmp_path)


def test_the_browser_entry_names_the_catch_all_as_the_build_does():
    entry = (PROJECT_DIR / ENTRY_CLIENT).read_text()
    assert f'const CATCH_ALL = "{CATCH_ALL}";' in entry
