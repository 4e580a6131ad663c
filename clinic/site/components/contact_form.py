"""The contact form: validated in the browser, handed off to the clinic's WhatsApp chat,
sent nowhere else (docs/design.md, "Calls"; the draft is local only, "What the site holds"). Texts come from
content/i18n/*/contact.yaml, the chat number from clinic.yaml, the privacy link from the
route table.

- The draft is client state (one `ClientStateVar` per field, below); nothing leaves the
  browser but the chat link the patient opens.
- Validation is ours (`novalidate`), in the page's language: the rules are written once,
  in `field_errors`, and used twice: to show a message under each invalid field after a
  submit (tied to it with aria-invalid/aria-describedby; it disappears as soon as the
  field is fixed) and to decide, inside the submit, whether to open the chat. Whitespace
  only counts as empty.
- The WhatsApp tab is opened synchronously inside the submit (`rx.call_function`): after any
  await Safari's popup blocker would swallow it. If a blocker stops it anyway, the draft
  is kept and the same chat is offered as a plain link.
- Fields carry no `name`, so no submit ever puts the patient's data into a URL of ours.
  Until the page has hydrated there is no submit at all: the button is disabled and
  hidden, and a plain chat link with a word of why stands in its place (`_send_or_chat`);
  what was typed stays in the fields, and goes into the draft once React takes over
  (`take_over_the_fields`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import reflex as rx

from clinic.framework.browser_steps import function, handler, url_encoded
from clinic.framework.client_state import ClientStateVar, current, set_to
from clinic.framework.components import plain_anchor
from clinic.site.components.dom import (
    field_value,
    focus_element,
    length_as_maxlength_counts,
    locale_number,
    open_in_new_tab,
)
from clinic.site.components.links import external_link
from clinic.site.components.styles import BUTTON_PRIMARY, FOCUS_RING, TEXT_LINK, icon
from clinic.site.content import content
from clinic.site.i18n import LOCALES, text_of, text_with_facts
from clinic.site.routes import path_for

# The message is capped so that the chat link (every character percent-encoded, up to
# 9 bytes each) stays far below the URL lengths browsers and WhatsApp accept.
MESSAGE_MAX_LENGTH = 1000

# The form's name for each text -> its i18n key under "contact.". The greeting and line
# templates keep their {name} {email} {phone} {message} placeholders: whatsapp_text
# fills them in the browser with what the patient typed.
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
    "fallback": "form.fallback",
    "fallbackLink": "form.fallback_link",
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
        prop: (text_with_facts if prop in CLINIC_FILLED else text_of)(lang, f"contact.{key}")
        for prop, key in TEXT_KEYS.items()
    }
    texts["newTab"] = text_of(lang, "nav.new_tab")
    return texts


# The draft, and what the last submit did.
contact_name = ClientStateVar.create("contact_name", default="")
contact_email = ClientStateVar.create("contact_email", default="")
contact_phone = ClientStateVar.create("contact_phone", default="")
contact_message = ClientStateVar.create("contact_message", default="")
contact_consent = ClientStateVar.create("contact_consent", default=False)
# After a submit with errors the messages show (and follow every edit) until a submit
# succeeds.
contact_attempted = ClientStateVar.create("contact_attempted", default=False)
# "" | "sent" | "blocked" (the popup blocker stopped the tab: `contact_chat_url` is offered).
contact_status = ClientStateVar.create("contact_status", default="")
contact_chat_url = ClientStateVar.create("contact_chat_url", default="")
# Whether the form's submit works: set once the page has hydrated (the form mounted).
# Until then the chat is offered as a plain link instead (`_send_or_chat`).
contact_form_ready = ClientStateVar.create("contact_form_ready", default=False)

TEXT_FIELDS = {
    "name": contact_name,
    "email": contact_email,
    "phone": contact_phone,
    "message": contact_message,
}
# Every field of the draft (tests build their drafts from it).
DRAFT_FIELDS = {**TEXT_FIELDS, "consent": contact_consent}
# The order in which the first invalid field gets focus.
CHECKED_FIELDS = ("name", "email", "message", "consent")

# A field scrolled to (focus after a failed submit) keeps its label in view: the margin is
# that room only, the page's scroll padding already keeps it clear of the fixed bars.
INPUT = (
    "mt-1 block w-full scroll-mt-8 rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm "
    f"{FOCUS_RING}"
)
ERROR_ICON = ("M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7v6M12 16.5v.5")
CHAT_ICON = "M4 20l1.3-3.9A8 8 0 1 1 8 19z"
COUNTER = "mt-1 ml-auto shrink-0 text-sm text-muted"


def field_id(field: str) -> str:
    return f"contact-{field}"


def error_id(field: str) -> str:
    return f"contact-{field}-error"


def looks_like_an_email(email: rx.Var) -> rx.Var:
    """One "@" with something before it, no spaces, and a domain with a dot inside it
    ("ana@gmail" is almost always a typo)."""
    parts = email.split("@")
    domain = parts[1].to(str)
    return (
        (parts.length() == 2)
        & (parts[0].to(str).length() > 0)
        & ~email.contains(" ")
        & domain.contains(".")
        & ~domain.startswith(".")
        & ~domain.endswith(".")
        & ~domain.contains("..")
    )


def field_errors(
    texts: dict[str, str], read: Callable[[ClientStateVar], rx.Var]
) -> dict[str, rx.Var]:
    """The validation rules: each checked field's message, "" when it is valid.
    `read` gives a field's value: `state.value` to render, `current` inside the submit.
    Whitespace only counts as empty."""

    def trimmed(state: ClientStateVar) -> rx.Var:
        return read(state).to(str).strip()

    email = trimmed(contact_email)
    return {
        "name": rx.cond(trimmed(contact_name) != "", "", texts["errorName"]),
        "email": rx.cond(
            email == "",
            texts["errorEmail"],
            rx.cond(looks_like_an_email(email), "", texts["errorEmailInvalid"]),
        ),
        "message": rx.cond(trimmed(contact_message) != "", "", texts["errorMessage"]),
        "consent": rx.cond(read(contact_consent).to(bool), "", texts["errorConsent"]),
    }


def first_invalid(errors: dict[str, rx.Var]) -> rx.Var:
    """The first field (in CHECKED_FIELDS order) with a message, "" when all are valid."""
    found: rx.Var = rx.Var.create("")
    for field in reversed(CHECKED_FIELDS):
        found = rx.cond(errors[field] != "", field, found)
    return found


def template_var(template: str, values: dict[str, rx.Var]) -> rx.Var:
    """A text template with {placeholders} joined with the values: what the patient typed
    is never read again as a placeholder ("{email}" or "$&" in a name stays as typed)."""
    text: rx.Var = rx.Var.create("")
    for part in re.split(r"(\{\w+\})", template):
        key = part[1:-1]
        if part.startswith("{") and key in values:
            text = text + values[key]
        elif part:
            text = text + part
    return text


def whatsapp_text(texts: dict[str, str], read: Callable[[ClientStateVar], rx.Var]) -> rx.Var:
    """The prefilled chat text: greeting with the name, then e-mail, phone (when given)
    and the message, one per line, in the page's language."""
    values = {key: read(state).to(str).strip() for key, state in TEXT_FIELDS.items()}
    phone_line = rx.cond(values["phone"] != "", "\n" + template_var(texts["phoneLine"], values), "")
    return (
        template_var(texts["greeting"], values)
        + "\n"
        + template_var(texts["emailLine"], values)
        + phone_line
        + "\n"
        + template_var(texts["messageLine"], values)
    )


def submit_rule(texts: dict[str, str]) -> rx.Var:
    """Validate; then open the chat (inside the patient's click: nothing is awaited
    before it) and clear the draft, or offer the chat as a link when a popup blocker
    stopped the tab."""
    # The field to fix and the chat's address, each worked out once per submit.
    decide = function(
        lambda field, chat_url: [
            set_to(contact_attempted, True),
            rx.cond(
                field.to(str) != "",
                rx.Var.create(
                    [set_to(contact_status, ""), focus_element("contact-" + field.to(str))]
                ),
                rx.cond(
                    open_in_new_tab(chat_url),
                    rx.Var.create(
                        [
                            *(set_to(state, "") for state in TEXT_FIELDS.values()),
                            set_to(contact_consent, False),
                            set_to(contact_attempted, False),
                            set_to(contact_status, "sent"),
                        ]
                    ),
                    rx.Var.create(
                        [set_to(contact_chat_url, chat_url), set_to(contact_status, "blocked")]
                    ),
                ),
            ),
        ]
    )
    chat_url = content().clinic.whatsapp_url + "?text=" + url_encoded(whatsapp_text(texts, current))
    return function(lambda: decide.call(first_invalid(field_errors(texts, current)), chat_url))


def submit(texts: dict[str, str]) -> rx.EventSpec:
    """The form's submit event: `submit_rule`, run inside the patient's click."""
    return rx.call_function(submit_rule(texts))


def on_edit(state: ClientStateVar, checkbox: bool = False) -> rx.Var:
    """A field's onChange: keep the new value in the draft; the last status goes."""
    return handler(
        lambda event: [
            set_to(state, event.to(dict)["target"].to(dict)["checked" if checkbox else "value"]),
            set_to(contact_status, ""),
        ]
    )


def take_over_the_fields() -> rx.Var:
    """The form's on_mount: what the patient typed (or ticked) before the page hydrated
    is in the fields but not yet in the draft; it goes into the draft, then the submit
    button takes the chat link's place."""
    return handler(
        lambda: [
            *(set_to(state, field_value(field_id(key))) for key, state in TEXT_FIELDS.items()),
            set_to(contact_consent, field_value(field_id("consent"))),
            set_to(contact_form_ready, True),
        ]
    )


def _error(field: str, message: rx.Var) -> rx.Component:
    return rx.el.p(
        icon(*ERROR_ICON, size=16, class_name="mt-0.5 shrink-0"),
        rx.el.span(message),
        id=error_id(field),
        class_name="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-700",
    )


def _label(field: str, text: str, texts: dict[str, str], required: bool) -> rx.Component:
    mark = (
        rx.el.span(" *", aria_hidden="true", class_name="text-primary")
        if required
        else rx.el.span(" " + texts["optional"], class_name="font-normal text-muted")
    )
    return rx.el.label(
        text, mark, html_for=field_id(field), class_name="block font-medium text-ink"
    )


def contact_form(lang: str) -> rx.Component:
    texts = form_texts(lang)
    errors = field_errors(texts, lambda state: state.value)
    attempted = contact_attempted.value.bool()
    shown = {field: attempted & (errors[field].to(str) != "") for field in CHECKED_FIELDS}

    def error_of(field: str) -> rx.Component:
        """The field's message, shown after a submit while the field is invalid (nothing
        for a field without rules)."""
        if field not in shown:
            return rx.fragment()
        return rx.cond(shown[field], _error(field, errors[field]), rx.fragment())

    def invalid_props(field: str, *described_by: str) -> dict:
        flagged = shown[field]
        ids = " ".join(described_by)
        return {
            "aria_invalid": rx.cond(flagged, "true", "false"),
            "aria_describedby": rx.cond(
                flagged, f"{error_id(field)} {ids}".strip(), ids or rx.Var.create(None)
            ),
        }

    def text_field(
        field: str, element, *, required: bool = True, described_by: tuple = (), **props
    ):
        state = TEXT_FIELDS[field]
        flagged = shown.get(field, False)
        return element(
            id=field_id(field),
            value=state.value,
            required=required,
            custom_attrs={"onChange": on_edit(state)},
            class_name=rx.cond(flagged, f"{INPUT} border-red-700", f"{INPUT} border-muted/50")
            if field in shown
            else f"{INPUT} border-muted/50",
            **(invalid_props(field, *described_by) if field in shown else {}),
            **props,
        )

    # Counted as the field's maxlength counts (an emoji is two): "1,000 de 1,000" is
    # exactly when the field takes no more. Both numbers are written by the one browser
    # step, as the page's language writes them.
    count = locale_number(LOCALES[lang], length_as_maxlength_counts(contact_message.value.to(str)))
    limit = locale_number(LOCALES[lang], MESSAGE_MAX_LENGTH)
    counter_text = re.split(r"(\{count\}|\{max\})", texts["counter"])
    counter = [
        count if part == "{count}" else limit if part == "{max}" else part
        for part in counter_text
        if part
    ]
    new_tab = rx.el.span(" " + texts["newTab"], class_name="sr-only")
    status = contact_status.value.to(str)
    return rx.el.form(
        rx.el.p(texts["requiredNote"], class_name="text-sm text-muted"),
        rx.el.div(
            _label("name", texts["name"], texts, True),
            text_field("name", rx.el.input, type="text", auto_complete="name", max_length=100),
            error_of("name"),
        ),
        rx.el.div(
            _label("email", texts["email"], texts, True),
            text_field(
                "email",
                rx.el.input,
                type="email",
                auto_complete="email",
                input_mode="email",
                max_length=254,
            ),
            error_of("email"),
        ),
        rx.el.div(
            _label("phone", texts["phone"], texts, False),
            text_field(
                "phone", rx.el.input, required=False, type="tel", auto_complete="tel", max_length=30
            ),
            error_of("phone"),
        ),
        rx.el.div(
            _label("message", texts["message"], texts, True),
            text_field(
                "message",
                rx.el.textarea,
                rows="5",
                max_length=MESSAGE_MAX_LENGTH,
                described_by=("contact-counter",),
            ),
            rx.el.div(
                error_of("message"),
                rx.el.p(
                    *counter,
                    id="contact-counter",
                    # It counts once the page has hydrated: until then (and without
                    # JavaScript) it would read 0 whatever is typed, so it is not shown
                    # (its space kept; the field's maxlength holds the limit anyway).
                    class_name=rx.cond(
                        contact_form_ready.value.bool(), COUNTER, f"invisible {COUNTER}"
                    ),
                    data_counter="",
                ),
                class_name="flex items-start justify-between gap-4",
            ),
        ),
        rx.el.div(
            rx.el.div(
                rx.el.input(
                    id=field_id("consent"),
                    type="checkbox",
                    required=True,
                    checked=contact_consent.value.bool(),
                    custom_attrs={"onChange": on_edit(contact_consent, checkbox=True)},
                    class_name=(
                        "size-6 shrink-0 scroll-mt-8 accent-primary focus-visible:outline-2 "
                        "focus-visible:outline-offset-2 focus-visible:outline-primary"
                    ),
                    **invalid_props("consent"),
                ),
                rx.el.label(
                    texts["consentBefore"],
                    plain_anchor(
                        texts["consentLink"],
                        new_tab,
                        href=path_for("privacy", lang),
                        target="_blank",
                        rel="noopener",
                        class_name=TEXT_LINK.replace("py-1 ", ""),
                    ),
                    texts["consentAfter"],
                    rx.el.span(" *", aria_hidden="true", class_name="text-primary"),
                    html_for=field_id("consent"),
                    class_name="pt-0.5 text-sm text-ink",
                ),
                class_name="flex items-start gap-3",
            ),
            error_of("consent"),
        ),
        _send_or_chat(texts, lang),
        rx.el.div(
            rx.cond(
                status == "sent",
                rx.el.p(texts["sent"], class_name="rounded-lg bg-blush px-4 py-3 text-ink"),
                rx.cond(
                    status == "blocked",
                    rx.el.p(
                        texts["blocked"],
                        " ",
                        rx.el.a(
                            texts["blockedLink"],
                            new_tab,
                            href=contact_chat_url.value,
                            target="_blank",
                            rel="noopener",
                            class_name="font-medium text-primary underline underline-offset-4",
                        ),
                        class_name="rounded-lg bg-blush px-4 py-3 text-ink",
                    ),
                    rx.fragment(),
                ),
            ),
            role="status",
            class_name="text-sm",
            data_contact_status="",
        ),
        no_validate=True,
        on_submit=[submit(texts)],
        on_mount=take_over_the_fields(),
        class_name="space-y-5",
        data_contact_form="",
    )


def _send_or_chat(texts: dict[str, str], lang: str) -> rx.Component:
    """The submit button once it works (the page has hydrated); until then (or for good,
    when the JavaScript never arrives) a plain chat link that says why, in its place.

    Both sit in one grid cell, the one not in use `invisible` (no box to press, out of
    the accessibility tree and the tab order): the cell is as tall as the taller of the
    two from first paint, so the swap moves nothing. The button is also `disabled`
    until then: a form's disabled default button blocks the implicit submit of Enter in
    a field, which would otherwise reload the page and drop the draft."""
    ready = contact_form_ready.value.bool()
    stacked = "col-start-1 row-start-1 self-start"
    return rx.el.div(
        rx.el.button(
            icon(CHAT_ICON, size=20),
            texts["submit"],
            rx.el.span(" " + texts["newTab"], class_name="sr-only"),
            type="submit",
            disabled=~ready,
            class_name=rx.cond(
                ready,
                f"{stacked} {BUTTON_PRIMARY} w-full sm:w-auto sm:justify-self-start",
                f"{stacked} {BUTTON_PRIMARY} invisible w-full sm:w-auto sm:justify-self-start",
            ),
            data_contact_submit="",
        ),
        rx.el.div(
            external_link(
                content().clinic.whatsapp_url,
                icon(CHAT_ICON, size=20),
                texts["fallbackLink"],
                lang=lang,
                class_name=f"{BUTTON_PRIMARY} w-full sm:w-auto",
            ),
            rx.el.p(texts["fallback"], class_name="mt-2 text-sm text-muted"),
            class_name=rx.cond(ready, f"{stacked} invisible", stacked),
            data_contact_fallback="",
        ),
        class_name="grid",
    )
