"""The accessibility statement's sections and review date (content/pages/accessibility.yaml
and its texts)."""

from __future__ import annotations

from clinic.site.content import content
from clinic.site.content.pages.accessibility import AccessibilityContent


def accessibility_content() -> AccessibilityContent:
    return content().page("accessibility", AccessibilityContent)
