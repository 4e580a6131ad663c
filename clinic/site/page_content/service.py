"""What a service page's YAML holds (content/i18n/<lang>/services/<key>.yaml), loaded with the
rest of content/ (the model: clinic/site/content/pages/service.py)."""

from __future__ import annotations

from clinic.site.content import content
from clinic.site.content.pages.service import ServiceContent

__all__ = ["ServiceContent", "service_content"]


def service_content(key: str) -> ServiceContent:
    return content().service_pages[key]
