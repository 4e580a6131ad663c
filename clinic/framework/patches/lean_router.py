"""React Router code this site never runs stays out of its pages' JavaScript.

React Router 8.5 grew the browser bundle every page downloads (the home page went over
its JavaScript budget: bench/home_weight.py) with code for features a prerendered site
with `ssr: false`, no loaders and no instrumentation never switches on. In the production
build's browser bundle, a Vite plugin (`vite/lean-react-router.js`, added to the
generated vite.config.js) loads, in place of four of React Router's modules, the text this
module writes for them into .web before the build:

- stand-ins (`shims/react-router-*.js`) for lazy route discovery ("fog of war", on only
  with `ssr: true`), custom route discovery (on only under the future flag
  `unstable_customRouteDiscovery`) and instrumentation (on only when the browser entry
  gives the router `instrumentations`). What React Router runs while a feature is off is
  kept (its own test, a lookup that finds nothing); the rest throws, naming itself, if it
  ever runs. Each stand-in's header lists React Router's lines that use its module.
- `lib/dom/lib.js` (Link, NavLink, Form, ScrollRestoration...) made tree-shakeable: the
  components the site never renders (NavLink, Form and its submit hooks, the history
  router) stayed in the bundle only because each one's `displayName` is set at the
  module's top level and its `forwardRef` call is not marked pure. Those assignments are
  dropped (displayName only names components in React's developer tools) and the calls
  marked pure (forwardRef only wraps a function in an object).

The server's bundle (the prerender) and the development server (`reflex run`) keep
React Router unchanged: the prerendered HTML is what it was, and hydration agrees with it.

Before Vite runs (React Router is installed by then), the build stops with one line when:
a replaced module is missing or exports other names than its stand-in; React Router uses
a stand-in's module in a line its header does not list; the config switches on SSR or
custom route discovery; the browser entry gives HydratedRouter props; `lib/dom/lib.js` no
longer has what this makes tree-shakeable. After the build: each module was replaced.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.framework.app_folders import web_dir as get_web_dir
from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches.paint_first import ENTRY_CLIENT

PATCH_POINT = "lean router"
THIS_FILE = "clinic/framework/patches/lean_router.py"
SHIMS_DIR = Path(__file__).parent / "shims"
PLUGIN_FILE = Path(__file__).parent / "vite" / "lean-react-router.js"
# What the browser build resolves `react-router` and `react-router/dom` to (package.json's
# "default" condition), relative to .web.
REACT_ROUTER = Path("node_modules") / "react-router"
DIST = REACT_ROUTER / "dist" / "production"
# Files of React Router's dist the browser never loads: the build for React Server
# Components' server, which repeats the router's code in one file.
NEVER_IN_THE_BROWSER = re.compile(r"^index-react-server")

# React Router's module (under dist/production/) -> its stand-in in shims/.
STAND_INS = {
    "lib/dom/ssr/route-discovery.js": "react-router-route-discovery.js",
    "lib/dom/ssr/fog-of-war.js": "react-router-fog-of-war.js",
    "lib/router/instrumentation.js": "react-router-instrumentation.js",
}
TREE_SHAKEN = "lib/dom/lib.js"

# Where the replacements are written inside .web (not under utils/, which Tailwind scans
# for class names), and the build's list of what it replaced.
WEB_DIR = Path("lean") / "react-router"
REPORT = WEB_DIR / "replaced.json"
PLUGIN_IN_WEB = WEB_DIR / PLUGIN_FILE.name

VITE_CONFIG = "vite.config.js"
IMPORT_ANCHOR = 'import { defineConfig } from "vite";\n'
PLUGINS_ANCHOR = "plugins: [\n"
REACT_ROUTER_CONFIG = "react-router.config.js"
NO_SSR = '"ssr": false'
CUSTOM_DISCOVERY = "unstable_customRouteDiscovery"
# Our browser entry hydrates with no props (no `unstable_instrumentations`).
HYDRATED_ROUTER_WITHOUT_PROPS = "createElement(HydratedRouter)"

EXPORT_LIST = re.compile(r"^export \{([^}]*)\};?$", re.MULTILINE)
EXPORT_DECLARATION = re.compile(
    r"^export (?:async )?(?:function|class|const|let) (\w+)", re.MULTILINE
)
USES_LINE = re.compile(r"^// @uses (\S+): (.*)$", re.MULTILINE)
IMPORT_OR_EXPORT = re.compile(r"^(?:import|export) ")
# In lib/dom/lib.js: `Name.displayName = "...";` at the top level, and a component made
# by a top-level `const Name = React$1.forwardRef(`.
TOP_LEVEL_DISPLAY_NAME = re.compile(r'^(\w+)\.displayName = "[^"\n]*";\n', re.MULTILINE)
TOP_LEVEL_FORWARD_REF = re.compile(r"^(const \w+ = )([\w$]+\.forwardRef\()", re.MULTILINE)
DISPLAY_NAME_READ = re.compile(r"\.displayName\b(?!\s*=[^=])")


def changed(what: str, file_to_update: str = THIS_FILE) -> FrameworkChanged:
    return FrameworkChanged(PATCH_POINT, what, file_to_update)


def _shim(stand_in: str) -> str:
    return f"clinic/framework/patches/shims/{stand_in}"


def exported_names(module_text: str) -> set[str]:
    """The names a module exports: `export { a, b as c }` lists and declarations."""
    names = set(EXPORT_DECLARATION.findall(module_text))
    for listed in EXPORT_LIST.findall(module_text):
        names.update(part.split(" as ")[-1].strip() for part in listed.split(",") if part.strip())
    return names


def recorded_uses(stand_in_text: str) -> set[tuple[str, str]]:
    """The (file, line) uses of the replaced module that the stand-in's header lists."""
    return {(file, line.strip()) for file, line in USES_LINE.findall(stand_in_text)}


def uses_in_react_router(dist: Path, module: str, names: set[str]) -> set[tuple[str, str]]:
    """Every line of React Router's browser-side files, but the replaced modules' own and
    import and export statements, that names one of `names` (or its UNSAFE_ or unstable_
    alias, under which index.js exports it)."""
    word = re.compile(
        r"\b(?:UNSAFE_|unstable_)?(?:" + "|".join(map(re.escape, sorted(names))) + r")\b"
    )
    uses = set()
    for path in sorted(dist.rglob("*.js")):
        file = path.relative_to(dist).as_posix()
        if file in STAND_INS or NEVER_IN_THE_BROWSER.match(file):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not IMPORT_OR_EXPORT.match(line) and word.search(line):
                uses.add((file, line))
    return uses


def check_stand_in(dist: Path, module: str, stand_in: str) -> None:
    """Stop unless React Router's module exports what the stand-in does, and React
    Router uses it exactly where the stand-in's header says."""
    real = dist / module
    if not real.is_file():
        raise changed(f"React Router has no {DIST.as_posix()}/{module} (the stand-in {stand_in})")
    names = exported_names(real.read_text(encoding="utf-8"))
    ours_text = (SHIMS_DIR / stand_in).read_text()
    ours = exported_names(ours_text)
    if names != ours:
        difference = sorted(names ^ ours)
        raise changed(
            f"React Router's {module} exports {difference} differently from its stand-in",
            _shim(stand_in),
        )
    found, recorded = uses_in_react_router(dist, module, names), recorded_uses(ours_text)
    for file, line in sorted(found - recorded):
        raise changed(
            f"React Router's {file} uses {module} in a line its stand-in does not list "
            f"(check that it never runs here, then list it): {line[:160]!r}",
            _shim(stand_in),
        )
    for file, line in sorted(recorded - found):
        raise changed(
            f"React Router's {file} no longer has a line its stand-in lists: {line[:160]!r}",
            _shim(stand_in),
        )


def tree_shakeable(lib_js: str) -> str:
    """lib/dom/lib.js without its top-level displayName assignments, its top-level
    forwardRef components marked pure: unused components then drop out of the bundle."""
    without_names, names = TOP_LEVEL_DISPLAY_NAME.subn("", lib_js)
    marked, components = TOP_LEVEL_FORWARD_REF.subn(r"\1/* @__PURE__ */ \2", without_names)
    if not names or not components:
        raise changed(
            f"React Router's {TREE_SHAKEN} no longer has top-level displayName assignments "
            f"(found {names}) or top-level forwardRef components (found {components})"
        )
    if DISPLAY_NAME_READ.search(lib_js):
        raise changed(f"React Router's {TREE_SHAKEN} reads a component's displayName")
    return marked


def check_site_settings(react_router_config: str, entry_client: str) -> None:
    """Stop when the site switches on what the stand-ins leave out."""
    if react_router_config.count(NO_SSR) != 1:
        raise changed(
            f"expected {NO_SSR} in {REACT_ROUTER_CONFIG} (lazy route discovery needs the server)"
        )
    if CUSTOM_DISCOVERY in react_router_config:
        raise changed(f"{REACT_ROUTER_CONFIG} switches on {CUSTOM_DISCOVERY}")
    if HYDRATED_ROUTER_WITHOUT_PROPS not in entry_client:
        raise changed(
            f"the browser entry {ENTRY_CLIENT.name} no longer renders {HYDRATED_ROUTER_WITHOUT_PROPS} "
            "(instrumentations would need React Router's module back)"
        )


def replacements(web: Path) -> dict[Path, str]:
    """Every file the build loads in place of React Router's (relative to .web), after
    the checks."""
    dist = web / DIST
    for module, stand_in in STAND_INS.items():
        check_stand_in(dist, module, stand_in)
    lib_js = dist / TREE_SHAKEN
    if not lib_js.is_file():
        raise changed(f"React Router has no {DIST.as_posix()}/{TREE_SHAKEN}")
    files = {
        WEB_DIR / module: (SHIMS_DIR / stand_in).read_text()
        for module, stand_in in STAND_INS.items()
    }
    files[WEB_DIR / TREE_SHAKEN] = tree_shakeable(lib_js.read_text(encoding="utf-8"))
    return files


def _in_config(path: Path) -> str:
    return f'fileURLToPath(new URL("./{path.as_posix()}", import.meta.url))'


def with_lean_react_router(vite_config: str) -> str:
    for anchor in (IMPORT_ANCHOR, PLUGINS_ANCHOR):
        if vite_config.count(anchor) != 1:
            raise changed(
                f"expected {anchor.strip()!r} once in {VITE_CONFIG}: Reflex's template changed"
            )
    modules = [*STAND_INS, TREE_SHAKEN]
    mapping = ", ".join(f'"{module}": {_in_config(WEB_DIR / module)}' for module in modules)
    call = f"    leanReactRouter({{{mapping}}}, {_in_config(REPORT)}),\n"
    return vite_config.replace(
        IMPORT_ANCHOR,
        IMPORT_ANCHOR + f'import leanReactRouter from "./{PLUGIN_IN_WEB.as_posix()}";\n',
    ).replace(PLUGINS_ANCHOR, PLUGINS_ANCHOR + call)


def checked_config(react_router_config: str) -> str:
    check_site_settings(react_router_config, ENTRY_CLIENT.read_text())
    return react_router_config


def check_replaced(web: Path) -> None:
    """After the build: the Vite plugin loaded every replacement."""
    report = web / REPORT
    replaced = set(json.loads(report.read_text())) if report.is_file() else set()
    missing = sorted({*STAND_INS, TREE_SHAKEN} - replaced)
    if missing:
        raise changed(
            f"the browser build did not load React Router's {missing} (Vite resolved React "
            f"Router elsewhere than {DIST.as_posix()})"
        )


@dataclass(kw_only=True, frozen=True)
class LeanRouterPlugin(Plugin):
    """Writes the replacements and the Vite plugin before every build; checks after a
    production build that each was used."""

    def get_static_assets(self, **context):
        web = get_web_dir()
        (web / REPORT).unlink(missing_ok=True)
        return [(PLUGIN_IN_WEB, PLUGIN_FILE.read_text()), *replacements(web).items()]

    def pre_compile(self, **context):
        context["add_modify_task"](VITE_CONFIG, with_lean_react_router)
        context["add_modify_task"](REACT_ROUTER_CONFIG, checked_config)

    def post_build(self, **context):
        check_replaced(get_web_dir())


def main() -> None:
    """Print, for each stand-in, the `// @uses` lines of the React Router installed in
    .web (docs/upgrading.md: read them, check each still never runs here, copy them over)."""
    dist = get_web_dir() / DIST
    for module, stand_in in STAND_INS.items():
        names = exported_names((dist / module).read_text(encoding="utf-8"))
        print(f"shims/{stand_in}:")
        for file, line in sorted(uses_in_react_router(dist, module, names)):
            print(f"// @uses {file}: {line}")


if __name__ == "__main__":
    main()
