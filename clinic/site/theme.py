"""The visual theme, derived from the brand colours in content/clinic.yaml."""

from __future__ import annotations

from clinic.site.content import content


def tailwind_theme() -> dict:
    """Tailwind `theme.extend`: brand colours as utilities (bg-primary, text-ink, ...)."""
    colors = content().clinic.brand_colors.model_dump()
    return {
        "extend": {
            "colors": {name.replace("_", "-"): value for name, value in colors.items()},
        }
    }
