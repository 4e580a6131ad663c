"""A service page's content: its long texts (content/i18n/<lang>/services/<key>.yaml), loaded
with the rest of content/ (the model: clinic/site/content/pages/service.py), and the doctors
who lead the service."""

from __future__ import annotations

from clinic.site.content import Doctor, content
from clinic.site.content.pages.service import ServiceContent

__all__ = ["ServiceContent", "doctors_for", "service_content"]


def service_content(key: str) -> ServiceContent:
    return content().service_pages[key]


def doctors_for(service_key: str) -> list[Doctor]:
    """The doctors who lead a service (doctors.yaml `services`)."""
    return [d for d in content().doctors if service_key in d.services]
