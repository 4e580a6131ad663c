"""Structured data (schema.org JSON-LD) for a page, from content and the route table.

Every page carries one `@graph`: the clinic as a MedicalClinic, every doctor as a
Physician (a person of another profession, doctors.yaml `profession`, as a Person with
that occupation), and the WebSite. The two FAQ routes add a FAQPage built from the questions
and answers the FAQ page itself shows (`faq_entries`), so the data never says more than
the page. Nodes have stable `@id`s so search engines merge them across pages.
"""

from __future__ import annotations

import json

import reflex as rx

from clinic.site.content import DEFAULT_LANG, LANGS, Doctor, content
from clinic.site.i18n import text_with_facts
from clinic.site.page_content.faq import faq_entries
from clinic.site.routes import Page, doctor_page_id, language, path_for
from clinic.site.seo import absolute, checked_og_image_path

SCHEMA = "https://schema.org"
DAY_NAMES = {
    "Mo": "Monday",
    "Tu": "Tuesday",
    "We": "Wednesday",
    "Th": "Thursday",
    "Fr": "Friday",
    "Sa": "Saturday",
    "Su": "Sunday",
}
# BCP 47 language of each site language: its locale (content/languages.yaml).
IN_LANGUAGE = {lang: language(lang).locale for lang in LANGS}


def _specialty_urls(names) -> list[str]:
    """schema.org's MedicalSpecialty values as the URLs JSON-LD gives them, each once."""
    return [f"{SCHEMA}/{name}" for name in dict.fromkeys(names)]


def clinic_id() -> str:
    return absolute("/#clinic")


def website_id() -> str:
    return absolute("/#website")


def person_id(doctor: Doctor) -> str:
    """The doctor's node: #physician for a physician, #person for anyone else."""
    fragment = "#physician" if doctor.is_physician else "#person"
    return absolute(path_for(doctor_page_id(doctor.slug), DEFAULT_LANG) + fragment)


def _service_specialties(keys: list[str]) -> list[str]:
    """The specialties services.yaml gives these services, in the order of `keys`."""
    by_key = {service.key: service.medical_specialty for service in content().services}
    return [name for key in keys if (name := by_key.get(key))]


def doctor_specialties(doctor: Doctor) -> list[str]:
    """What the doctor practises (content): their own specialties, else the clinic's, and
    those of the services they see."""
    own = doctor.medical_specialties or content().clinic.medical_specialties
    return _specialty_urls([*own, *_service_specialties(doctor.services)])


def clinic_specialties() -> list[str]:
    """What the clinic practises: its own specialties, its doctors' and its services'."""
    data = content()
    return _specialty_urls(
        [
            *data.clinic.medical_specialties,
            *(name for d in data.doctors for name in d.medical_specialties),
            *_service_specialties([s.key for s in data.services]),
        ]
    )


def postal_address(lang: str) -> dict:
    address = content().clinic.address
    return {
        "@type": "PostalAddress",
        "streetAddress": text_with_facts(lang, "seo.street_address"),
        "addressLocality": address.city,
        "addressRegion": address.region,
        "postalCode": address.postal_code,
        "addressCountry": address.country,
    }


def opening_hours_specification() -> list[dict]:
    """From clinic.yaml's `hours`, the one hours source (closed days are simply absent)."""
    return [
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": [f"{SCHEMA}/{DAY_NAMES[d]}" for d in entry.days],
            "opens": entry.opens,
            "closes": entry.closes,
        }
        for entry in content().clinic.hours
    ]


def special_opening_hours_specification() -> list[dict]:
    """clinic.yaml's closed days not yet over, each a run closed all day. Google reads a
    day closed all day as opens and closes both "00:00" (schema.org leaves a closed day's
    form open; search engines are who reads this)."""
    clinic = content().clinic
    return [
        {
            "@type": "OpeningHoursSpecification",
            "validFrom": run.start.isoformat(),
            "validThrough": run.last.isoformat(),
            "opens": "00:00",
            "closes": "00:00",
        }
        for run in clinic.closed.not_over(clinic.today())
    ]


def medical_clinic(lang: str) -> dict:
    data = content()
    clinic = data.clinic
    return {
        "@type": "MedicalClinic",
        "@id": clinic_id(),
        "name": clinic.brand,
        "legalName": clinic.legal_name,
        "description": text_with_facts(lang, "pages.home.meta_description"),
        "url": absolute(path_for("home", lang)),
        "image": absolute(checked_og_image_path()),
        "telephone": clinic.phone,
        "email": clinic.email,
        "address": postal_address(lang),
        "geo": {
            "@type": "GeoCoordinates",
            "latitude": clinic.address.latitude,
            "longitude": clinic.address.longitude,
        },
        "hasMap": str(clinic.address.maps_url),
        "openingHoursSpecification": opening_hours_specification(),
        **(
            {"specialOpeningHoursSpecification": special}
            if (special := special_opening_hours_specification())
            else {}
        ),
        "priceRange": clinic.price_range,
        "currenciesAccepted": clinic.consultation.currency,
        "aggregateRating": {
            "@type": "AggregateRating",
            "ratingValue": clinic.rating.value,
            "reviewCount": clinic.rating.count,
            "bestRating": 5,
            "worstRating": 1,
        },
        "medicalSpecialty": clinic_specialties(),
        "sameAs": [str(url) for url in clinic.social.model_dump().values()],
        "employee": [{"@id": person_id(d)} for d in data.doctors],
    }


def physician(doctor: Doctor, lang: str) -> dict:
    clinic = content().clinic
    return {
        "@type": "Physician",
        "@id": person_id(doctor),
        "name": doctor.name(lang),
        "description": doctor.specialty(lang),
        "url": absolute(path_for(doctor_page_id(doctor.slug), lang)),
        "medicalSpecialty": doctor_specialties(doctor),
        "telephone": clinic.phone,
        "address": postal_address(lang),
        "parentOrganization": {"@id": clinic_id()},
        "hospitalAffiliation": {"@type": "Hospital", "name": clinic.address.hospital},
    }


def professional(doctor: Doctor, lang: str) -> dict:
    """Someone of another profession than physician (an optometrist, a psychologist): a
    Person who works for the clinic, their occupation in their profession's words."""
    clinic = content().clinic
    role = content().role(doctor, lang)
    return {
        "@type": "Person",
        "@id": person_id(doctor),
        "name": doctor.name(lang),
        "description": doctor.specialty(lang),
        "url": absolute(path_for(doctor_page_id(doctor.slug), lang)),
        "jobTitle": role,
        "hasOccupation": {"@type": "Occupation", "name": role},
        "telephone": clinic.phone,
        "workLocation": {"@id": clinic_id()},
        "worksFor": {"@id": clinic_id()},
    }


def person(doctor: Doctor, lang: str) -> dict:
    return physician(doctor, lang) if doctor.is_physician else professional(doctor, lang)


def website(lang: str) -> dict:
    clinic = content().clinic
    return {
        "@type": "WebSite",
        "@id": website_id(),
        "name": clinic.brand,
        "alternateName": clinic.legal_name,
        "url": absolute(path_for("home", DEFAULT_LANG)),
        "inLanguage": [IN_LANGUAGE[lang] for lang in LANGS],
        "publisher": {"@id": clinic_id()},
        "description": text_with_facts(lang, "site.tagline"),
    }


def faq_page(page: Page, entries: list[tuple[str, str]]) -> dict:
    return {
        "@type": "FAQPage",
        "@id": absolute(page.path) + "#faq",
        "url": absolute(page.path),
        "inLanguage": IN_LANGUAGE[page.lang],
        "isPartOf": {"@id": website_id()},
        "mainEntity": [
            {
                "@type": "Question",
                "name": question,
                "acceptedAnswer": {"@type": "Answer", "text": answer},
            }
            for question, answer in entries
        ],
    }


def graph(page: Page, entries: list[tuple[str, str]] | None = None) -> dict:
    """The JSON-LD document of `page`. `entries` overrides the FAQ page's questions
    (tests); by default they come from the FAQ page module."""
    lang = page.lang
    nodes = [medical_clinic(lang), *(person(d, lang) for d in content().doctors), website(lang)]
    if page.kind == "faq":
        entries = faq_entries(lang) if entries is None else entries
        if entries:  # an empty FAQPage is invalid; none until the FAQ page has questions
            nodes.append(faq_page(page, entries))
    return {"@context": SCHEMA, "@graph": nodes}


def to_script_text(data: dict) -> str:
    """JSON for a <script> element: `<` escaped as \\u003c so no text in the data can
    close the script early (a "</script>" would break the page and its hydration)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def json_ld(page: Page) -> rx.Component:
    """The page's structured data as a head element (prerendered)."""
    return rx.el.script(to_script_text(graph(page)), type="application/ld+json")
