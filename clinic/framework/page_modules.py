"""Each page's compiled code in a module of its own, so a page loads only its own.

Reflex writes the components it memoizes for a page (those with client state or events)
into one module per Python module of the page function (`.web/app_components/...`), and
every page that uses that module loads all of it. The site registers every page from one
loop in clinic/clinic.py, so without help every page's memoized components would share
that one module: the home page would load the contact form's, the open times' and the
success page's code, and each language's page the other languages' texts.
`own_code_module(component, module)` names the page function after a module of its own
(clinic/clinic.py: its page kind's module, its language and its id,
`clinic.site.pages.doctor.es.doctor_valeria_montes`, a name Reflex mirrors into `.web/app_components/` whether or not Python has such a
module), and `check_page_modules` proves after each build that every route imports its
memoized components from one module of the pages' package only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.app_folders import web_dir
from clinic.framework.errors import FrameworkChanged

THIS_FILE = "clinic/framework/page_modules.py"
ROUTES_DIR = Path("app") / constants.Dirs.ROUTES
MEMO_MODULE_IMPORT = re.compile(
    r'\bfrom\s*"\$/' + re.escape(constants.Dirs.APP_COMPONENTS) + r'/([^"]+)"'
)


PageFunction = TypeVar("PageFunction", bound=Callable)


def own_code_module(component: PageFunction, module: str) -> PageFunction:
    """`component` (a page function), its memoized components compiled into the module
    Reflex names after `module` (the page kind's own Python module)."""
    component.__module__ = module
    return component


def _dotted(specifier: str) -> str:
    """`clinic/site/pages/home/index` -> `clinic.site.pages.home` (a package's module is
    its `index`)."""
    return specifier.removesuffix("/index").replace("/", ".")


def memo_modules_by_route(web: Path) -> dict[str, set[str]]:
    """Each generated route module -> the Python modules its memoized components come from."""
    return {
        route.name: {_dotted(spec) for spec in MEMO_MODULE_IMPORT.findall(route.read_text())}
        for route in sorted((web / ROUTES_DIR).glob("*.jsx"))
    }


def check_page_modules(web: Path, pages_package: str) -> None:
    """Stop the build unless every route imports its memoized components from one module
    at most, a module of `pages_package` (where the page kinds' modules are)."""
    by_route = memo_modules_by_route(web)
    if not any(by_route.values()):
        raise FrameworkChanged(
            "page modules",
            f"no route module in .web/{ROUTES_DIR.as_posix()} imports memoized components "
            f"from $/{constants.Dirs.APP_COMPONENTS}/",
            THIS_FILE,
        )
    for route, modules in by_route.items():
        outside = [m for m in modules if not m.startswith(pages_package + ".")]
        if len(modules) > 1 or outside:
            raise FrameworkChanged(
                "page modules",
                f"route {route} imports memoized components from {sorted(modules)}, not from "
                "one module of its own alone (every page would load other pages' code)",
                THIS_FILE,
            )


@dataclass(kw_only=True, frozen=True)
class PageModulesCheck(Plugin):
    """Runs `check_page_modules` after every production build (rxconfig.py; the
    development server builds no bundle and skips it)."""

    pages_package: str

    def post_build(self, **context):
        check_page_modules(web_dir(), self.pages_package)
