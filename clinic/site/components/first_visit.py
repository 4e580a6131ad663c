"""The first-visit language choice (spec section 4), mounted once in the layout.

Its only redirect is from the Spanish home page to the English one, on a visit that
lands there; on every page it records a click on the language toggle (see
assets/widgets/FirstVisitLanguage.jsx for the rules)."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.widgets import _Widget
from clinic.site.content import content
from clinic.site.routes import DEFAULT_LANG, path_for


def storage_key() -> str:
    """The localStorage key of the flag, specific to this clinic ("lumara.lang-set")."""
    return f"{content().clinic.brand_slug}.lang-set"


class FirstVisitLanguage(_Widget):
    library = _Widget.at("FirstVisitLanguage")
    tag = "FirstVisitLanguage"
    storage_key: rx.Var[str]
    redirect_from: rx.Var[str]
    redirect_to: rx.Var[str]


def first_visit_language() -> rx.Component:
    return FirstVisitLanguage.create(
        storage_key=storage_key(),
        redirect_from=path_for("home", DEFAULT_LANG),
        redirect_to=path_for("home", "en"),
    )
