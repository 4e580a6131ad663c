"""The contact form (assets/widgets/ContactForm.jsx): validated in the browser, handed off
to the clinic's WhatsApp chat, sent nowhere else. Texts come from content/i18n/*/contact.yaml,
the chat number from clinic.yaml, the privacy link from the route table."""

from __future__ import annotations

import reflex as rx

from clinic.site.content import content
from clinic.site.i18n import t, tc
from clinic.site.routes import path_for

# The message is capped so that the chat link (every character percent-encoded, up to
# 9 bytes each) stays far below the URL lengths browsers and WhatsApp accept.
MESSAGE_MAX_LENGTH = 1000
# How the character counter writes numbers ("1,000" in Mexico and in English).
NUMBER_LOCALES = {"es": "es-MX", "en": "en-US"}

# Widget prop -> i18n key under "contact.". The greeting and line templates keep their
# {name} {email} {phone} {message} placeholders: the widget fills them in the browser.
TEXT_KEYS = {
    "requiredNote": "form.required_note",
    "name": "form.name",
    "email": "form.email",
    "phone": "form.phone",
    "message": "form.message",
    "optional": "form.optional",
    "counter": "form.counter",
    "consentBefore": "form.consent_before",
    "consentLink": "form.consent_link",
    "consentAfter": "form.consent_after",
    "submit": "form.submit",
    "sent": "form.sent",
    "blocked": "form.blocked",
    "blockedLink": "form.blocked_link",
    "errorName": "errors.name",
    "errorEmail": "errors.email",
    "errorEmailInvalid": "errors.email_invalid",
    "errorMessage": "errors.message",
    "errorConsent": "errors.consent",
    "greeting": "whatsapp.greeting",
    "emailLine": "whatsapp.email",
    "phoneLine": "whatsapp.phone",
    "messageLine": "whatsapp.message",
}
# Filled here with clinic facts ({brand}); the others are passed through untouched.
CLINIC_FILLED = {"consentBefore"}


def form_texts(lang: str) -> dict[str, str]:
    texts = {
        prop: (tc if prop in CLINIC_FILLED else t)(lang, f"contact.{key}")
        for prop, key in TEXT_KEYS.items()
    }
    texts["newTab"] = t(lang, "nav.new_tab")
    return texts


class ContactForm(rx.Component):
    library = "$/public/widgets/ContactForm.jsx"
    tag = "ContactForm"
    whatsapp_url: rx.Var[str]
    privacy_href: rx.Var[str]
    max_message_length: rx.Var[int]
    locale: rx.Var[str]
    texts: rx.Var[dict[str, str]]


def contact_form(lang: str) -> rx.Component:
    return ContactForm.create(
        whatsapp_url=content().clinic.whatsapp_url,
        privacy_href=path_for("privacy", lang),
        max_message_length=MESSAGE_MAX_LENGTH,
        locale=NUMBER_LOCALES[lang],
        texts=form_texts(lang),
    )
