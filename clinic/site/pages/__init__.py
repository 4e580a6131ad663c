"""One module per page kind, named after it: `kind: faq` in content/routes.yaml is
rendered by `render(page)` in clinic/site/pages/faq.py (or a package, like home/).

A new kind of page is a new module here plus its paths in routes.yaml; nothing else
lists the kinds.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import reflex as rx

from clinic.site.content import ContentError, content
from clinic.site.routes import Page


def renderer(kind: str) -> Callable[[Page], rx.Component]:
    """The `render` function of the page module for `kind`."""
    name = f"{__name__}.{kind}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        pages = [i for i, route in content().routes.pages.items() if route.kind == kind]
        field = f"pages.{pages[0]}.kind" if pages else "kind"
        raise ContentError(
            f"routes.yaml: field '{field}': no page module renders '{kind}' "
            f"(expected clinic/site/pages/{kind}.py with a render(page) function)"
        ) from None
    return module.render
