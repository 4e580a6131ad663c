"""The lean router: React Router's modules for features the site never switches on are
replaced in the browser bundle, and each assumption stops the build with one line when
React Router or the site changes it (clinic/framework/patches/lean_router.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches import lean_router
from clinic.framework.patches.lean_router import (
    DIST,
    REPORT,
    SHIMS_DIR,
    STAND_INS,
    TREE_SHAKEN,
    LeanRouterPlugin,
    check_replaced,
    check_site_settings,
    exported_names,
    recorded_uses,
    replacements,
    tree_shakeable,
    with_lean_react_router,
)

LIB_JS = """import * as React$1 from "react";
function HistoryRouter({ history }) {
\treturn history;
}
HistoryRouter.displayName = "unstable_HistoryRouter";
const Link = React$1.forwardRef(function LinkWithRef(props, ref) {
\treturn null;
});
Link.displayName = "Link";
function useFetcher() {
\tlet FetcherForm = React$1.forwardRef((props, ref) => null);
\tFetcherForm.displayName = "fetcher.Form";
\treturn FetcherForm;
}
export { HistoryRouter, Link, useFetcher };
"""
CONFIG = '{"basename": "/", "future": {"unstable_optimizeDeps": true}, "ssr": false}'
ENTRY = "hydrateRoot(document, createElement(HydratedRouter));"


def _react_router(web: Path) -> Path:
    """A React Router dist as today's: each replaced module exports its stand-in's names,
    and the files that use it hold the lines its stand-in lists."""
    dist = web / DIST
    lines_by_file: dict[str, set[str]] = {}
    for module, stand_in in STAND_INS.items():
        text = (SHIMS_DIR / stand_in).read_text()
        (dist / module).parent.mkdir(parents=True, exist_ok=True)
        (dist / module).write_text(f"export {{ {', '.join(sorted(exported_names(text)))} }};\n")
        for file, line in recorded_uses(text):
            lines_by_file.setdefault(file, set()).add(line)
    for file, lines in lines_by_file.items():
        (dist / file).parent.mkdir(parents=True, exist_ok=True)
        (dist / file).write_text("\n".join(sorted(lines)) + "\n")
    (dist / TREE_SHAKEN).write_text(LIB_JS)
    return dist


def _one_line(error: pytest.ExceptionInfo, file: str = "lean_router.py") -> str:
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("lean router: ")
    assert message.endswith(f"; update clinic/framework/patches/{file}")
    return message


def test_every_stand_in_lists_the_lines_that_use_its_module():
    for stand_in in STAND_INS.values():
        text = (SHIMS_DIR / stand_in).read_text()
        assert recorded_uses(text), stand_in
        assert "throw new Error" in text


def test_today_s_react_router_gets_every_replacement(tmp_path: Path):
    _react_router(tmp_path)
    files = replacements(tmp_path)
    assert set(files) == {lean_router.WEB_DIR / module for module in [*STAND_INS, TREE_SHAKEN]}
    for module, stand_in in STAND_INS.items():
        assert files[lean_router.WEB_DIR / module] == (SHIMS_DIR / stand_in).read_text()


def test_unused_components_become_tree_shakeable():
    lib = tree_shakeable(LIB_JS)
    assert "displayName" not in lib.replace('FetcherForm.displayName = "fetcher.Form"', "")
    assert "const Link = /* @__PURE__ */ React$1.forwardRef(function LinkWithRef" in lib
    # Inside a function: left as it is.
    assert "\tlet FetcherForm = React$1.forwardRef(" in lib
    assert 'FetcherForm.displayName = "fetcher.Form";' in lib


@pytest.mark.parametrize(
    "lib",
    [
        LIB_JS.replace('Link.displayName = "Link";\n', "").replace(
            'HistoryRouter.displayName = "unstable_HistoryRouter";\n', ""
        ),
        LIB_JS.replace(
            "const Link = React$1.forwardRef(", "const Link = /* @__PURE__ */ forwardRef("
        ),
        LIB_JS + "console.log(Link.displayName);\n",
    ],
    ids=["no displayName", "no forwardRef", "displayName read"],
)
def test_a_changed_lib_js_stops_the_build(lib: str):
    with pytest.raises(FrameworkChanged, match=r"lib/dom/lib\.js") as error:
        tree_shakeable(lib)
    _one_line(error)


def test_a_new_export_stops_the_build_naming_the_stand_in(tmp_path: Path):
    dist = _react_router(tmp_path)
    module = dist / "lib/router/instrumentation.js"
    module.write_text(
        module.read_text().replace("instrumentHandler", "instrumentHandler, unstable_newThing")
    )
    with pytest.raises(
        FrameworkChanged, match=r"\['unstable_newThing'\].*react-router-instrumentation\.js"
    ) as error:
        replacements(tmp_path)
    _one_line(error, "shims/react-router-instrumentation.js")


def test_a_new_use_of_a_replaced_module_stops_the_build(tmp_path: Path):
    dist = _react_router(tmp_path)
    hooks = dist / "lib/hooks.js"
    hooks.write_text("let runtime = new UNSAFE_RouteDiscoveryRuntime(ssrInfo);\n")
    with pytest.raises(
        FrameworkChanged, match=r"lib/hooks\.js uses lib/dom/ssr/route-discovery\.js"
    ) as error:
        replacements(tmp_path)
    _one_line(error, "shims/react-router-route-discovery.js")


def test_a_changed_guard_stops_the_build(tmp_path: Path):
    dist = _react_router(tmp_path)
    hydrated = dist / "lib/dom-export/hydrated-router.js"
    hydrated.write_text(
        hydrated.read_text().replace(
            "ssrInfo.context.future.unstable_customRouteDiscovery ? new UNSAFE_RouteDiscoveryRuntime",
            "true ? new UNSAFE_RouteDiscoveryRuntime",
        )
    )
    with pytest.raises(FrameworkChanged, match=r"hydrated-router\.js") as error:
        replacements(tmp_path)
    _one_line(error, "shims/react-router-route-discovery.js")


def test_a_missing_module_stops_the_build(tmp_path: Path):
    dist = _react_router(tmp_path)
    (dist / "lib/dom/ssr/fog-of-war.js").unlink()
    with pytest.raises(FrameworkChanged, match=r"fog-of-war\.js") as error:
        replacements(tmp_path)
    _one_line(error)


def test_the_site_s_settings_pass_today():
    check_site_settings(CONFIG, ENTRY)
    check_site_settings(CONFIG, lean_router.ENTRY_CLIENT.read_text())


@pytest.mark.parametrize(
    ("config", "entry", "named"),
    [
        (CONFIG.replace('"ssr": false', '"ssr": true'), ENTRY, "ssr"),
        (
            CONFIG.replace(
                '"unstable_optimizeDeps": true', '"unstable_customRouteDiscovery": true'
            ),
            ENTRY,
            "unstable_customRouteDiscovery",
        ),
        (
            CONFIG,
            ENTRY.replace("(HydratedRouter)", "(HydratedRouter, {unstable_instrumentations})"),
            "HydratedRouter",
        ),
    ],
    ids=["server rendering", "custom route discovery", "instrumentations"],
)
def test_switching_on_a_left_out_feature_stops_the_build(config: str, entry: str, named: str):
    with pytest.raises(FrameworkChanged, match=named) as error:
        check_site_settings(config, entry)
    _one_line(error)


def test_the_vite_plugin_is_added_once_with_every_replacement():
    template = 'import { defineConfig } from "vite";\nexport default {\n  plugins: [\n    reactRouter(),\n  ],\n};\n'
    config = with_lean_react_router(template)
    assert (
        config.count('import leanReactRouter from "./lean/react-router/lean-react-router.js";') == 1
    )
    assert config.count("leanReactRouter({") == 1
    for module in [*STAND_INS, TREE_SHAKEN]:
        assert (
            f'"{module}": fileURLToPath(new URL("./lean/react-router/{module}", import.meta.url))'
            in config
        )
    with pytest.raises(FrameworkChanged, match="template changed") as error:
        with_lean_react_router("export default {}")
    _one_line(error)


def test_a_build_that_did_not_load_a_replacement_stops(tmp_path: Path):
    with pytest.raises(FrameworkChanged, match="did not load") as error:
        check_replaced(tmp_path)
    _one_line(error)
    (tmp_path / REPORT).parent.mkdir(parents=True)
    (tmp_path / REPORT).write_text(json.dumps(sorted(STAND_INS)))
    with pytest.raises(FrameworkChanged, match=r"lib/dom/lib\.js"):
        check_replaced(tmp_path)
    (tmp_path / REPORT).write_text(json.dumps(sorted([*STAND_INS, TREE_SHAKEN])))
    check_replaced(tmp_path)


def test_the_plugin_checks_both_configs_and_writes_its_files(tmp_path: Path, monkeypatch):
    _react_router(tmp_path)
    monkeypatch.setattr(lean_router, "get_web_dir", lambda: tmp_path)
    (tmp_path / REPORT).parent.mkdir(parents=True)
    (tmp_path / REPORT).write_text("[]")  # a previous build's
    plugin = LeanRouterPlugin()
    assets = dict(plugin.get_static_assets())
    assert not (tmp_path / REPORT).exists()
    assert assets[lean_router.PLUGIN_IN_WEB] == lean_router.PLUGIN_FILE.read_text()
    tasks = []
    plugin.pre_compile(add_modify_task=lambda *task: tasks.append(task))
    assert [file for file, _ in tasks] == ["vite.config.js", "react-router.config.js"]
