"""React Router's location, as Vars the site's rules and components read."""

from __future__ import annotations

import reflex as rx
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData

_USE_LOCATION = {"react-router": [ImportVar(tag="useLocation")]}


def location_path() -> rx.Var:
    """The path the browser shows (React Router's location), as a render-time Var."""
    return rx.Var("useLocation().pathname", _var_data=VarData(imports=_USE_LOCATION)).to(str)


def location() -> rx.Var:
    """React Router's location (`pathname`, `search`, `hash`) as a Var for the component
    that uses it, in render and in its events alike (the hook is called in its body)."""
    return rx.Var(
        "clinic_location",
        _var_data=VarData(
            hooks={"const clinic_location = useLocation()": None}, imports=_USE_LOCATION
        ),
    ).to(dict)
