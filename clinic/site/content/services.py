"""content/services.yaml: the services, in the order the home grid and the menus show them."""

from __future__ import annotations

from clinic.site.content.base import Slug, Strict
from clinic.site.content.medical_specialties import MedicalSpecialty


class Service(Strict):
    key: Slug
    """The service's page id in routes.yaml; its texts are under services.<key> and
    pages.<key> in the i18n files."""
    icon: Slug
    """A lucide icon name (lucide.dev): scan-search, shield-check, heart-pulse."""
    specialist: Slug | None = None
    """The doctor this service's texts speak of ({name} and {years}): a slug from
    doctors.yaml, one of the doctors who see the service. Leave out when none."""
    medical_specialty: MedicalSpecialty | None = None
    """The specialty the service belongs to when it is not the clinic's own, as schema.org
    names it: the doctors who see it practise it too (structured data). Leave out when it is
    the clinic's."""
