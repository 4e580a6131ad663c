"""The consultation row's points (content/pages/consultation.yaml and its texts), the block
closing the service, about and doctor pages."""

from __future__ import annotations

from clinic.site.content import content
from clinic.site.content.pages.consultation import ConsultationContent


def consultation_content() -> ConsultationContent:
    return content().page("consultation", ConsultationContent)
